"""Where a checkpointed search stands, first guess by first guess (`optimal-status DIR`).

`checkpoint_summary` counts a folder's files; a search that runs for days needs the finer view a
person asks for between runs: for each opening the search has started, how many of its parts are
exact, which are left, how large they are, and how far each large part's step log has come. The
parts are sized by scoring the opening against every codeword, as the search splits them; the
rest is read from the folder's files alone, so it costs seconds even for 7p4c and never changes the
folder.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..scoring import format_score, ordinal_to_score, score_ordinals
from .checkpoint import checkpoint_summary, identity_game, kept_files, read_identity
from .whole_game import OBJECTIVES


def checkpoint_standing(folder: "str | Path") -> dict:
    """`checkpoint_summary(folder)` and, under "openings", one entry per first guess with kept work:
    opening (printed codeword), depth (guesses left below it, as the files name it), parts (its
    non-winning parts), exact (how many are proven), exact_turns (their turns together), bounded
    (cut off at a kept lower bound), and left: the parts not yet exact, largest first, each with
    its score, secrets, bound (a kept lower bound or None), second_guesses and positions (its step
    log; 0 where it has none) and candidate_logs (shared candidates' logs waiting to be folded).
    Where every part is exact and the objective counts turns, total is the opening's total turns
    (None otherwise). Openings come most exact parts first. ValueError if the folder holds no
    search."""
    folder = Path(folder)
    try:
        search = read_identity(folder)
    except ValueError:
        search = None
    game, possible_guesses = identity_game(search)
    if not (game is not None and isinstance(search.get("objective"), str)
            and search["objective"].split(",")[0] in OBJECTIVES):
        raise ValueError(f"{str(folder)!r} holds no checkpointed search (no readable run.json)")
    files = kept_files(folder, game, possible_guesses, search)  # read as a run reads them
    summary = checkpoint_summary(folder, files)
    kept: dict[tuple[int, int], dict[int, dict]] = {}  # by (depth, opening), then by score ordinal
    for file in files:
        found = kept.setdefault((file["depth"], file["guess"]), {}).setdefault(file["ordinal"],
                                                                              {"candidate_logs": 0})
        if file["kind"] == "candidate":
            found["candidate_logs"] += 1
        elif file["kind"] == "steps":
            found.update(second_guesses=file["second_guesses"], positions=file["positions"])
        elif file["part"] is not None:
            value, exact, _tree = file["part"]
            found["part"] = {"value": value, "exact": exact}
    openings = []
    for (depth, guess), by_ordinal in kept.items():
        if not 0 <= guess < game.size:
            continue  # not this game's codeword: a file from elsewhere
        counts = np.bincount(score_ordinals(game, guess), minlength=game.num_scores)
        exact = exact_turns = bounded = 0
        left = []
        for ordinal in np.flatnonzero(counts):
            if ordinal == game.win_ordinal:
                continue
            found = by_ordinal.get(int(ordinal), {})
            part = found.get("part")
            if part is not None and part["exact"]:
                exact += 1
                exact_turns += part["value"]
                continue
            bounded += part is not None
            left.append({"score": format_score(*ordinal_to_score(int(ordinal), game)),
                         "secrets": int(counts[ordinal]),
                         "bound": None if part is None else part["value"],
                         "second_guesses": found.get("second_guesses", 0),
                         "positions": found.get("positions", 0),
                         "candidate_logs": found.get("candidate_logs", 0)})
        left.sort(key=lambda p: -p["secrets"])
        settled = not left and search["objective"].split(",")[0] == "total"
        openings.append({"opening": game.format_codeword(guess), "depth": depth,
                         "parts": int(np.count_nonzero(counts)) - int(counts[game.win_ordinal] > 0),
                         "exact": exact, "exact_turns": exact_turns, "bounded": bounded, "left": left,
                         # every secret takes the opening's turn, then its part's turns
                         "total": game.size + exact_turns if settled else None})
    openings.sort(key=lambda o: (-o["exact"], o["opening"]))
    return {**summary, "openings": openings}


def describe_standing(standing: dict) -> str:
    """`checkpoint_standing` as a few lines of text and a table per opening."""
    from tabulate import tabulate

    search = standing["search"]
    limit = "" if search.get("max_turns") is None else f", at most {search['max_turns']} turns"
    lines = [f"{search['game']}, objective {search['objective']}{limit}: {standing['runs']} runs, "
             f"{standing['core_hours']} core-hours on {', '.join(standing['machines']) or 'no machine yet'}"]
    if not standing["openings"]:
        lines.append("no part below a first guess is kept yet")
    depths = {opening["depth"] for opening in standing["openings"]}
    for opening in standing["openings"]:
        lines.append("")
        if len(depths) > 1:  # the worst objective searches again at each max turns it tries
            lines.append(f"with {opening['depth']} guesses left below the first:")
        settled = "" if opening["total"] is None else f": {opening['total']:,} turns in all"
        lines.append(f"opening {opening['opening']}: {opening['exact']} of {opening['parts']} parts exact "
                     f"({opening['exact_turns']:,} turns below it), {len(opening['left'])} left{settled}")
        worked = [p for p in opening["left"] if _has_work(p)]
        if worked:
            rows = [[p["score"], p["secrets"], "-" if p["bound"] is None else p["bound"],
                     p["second_guesses"], p["positions"], p["candidate_logs"]] for p in worked]
            lines.append(tabulate(rows, headers=["score", "secrets", "lower bound kept",
                                                 "second guesses logged", "positions logged",
                                                 "candidate logs"]))
        untouched = [p["secrets"] for p in opening["left"] if not _has_work(p)]
        if untouched:
            lines.append(f"{len(untouched)} more with nothing kept yet ({sum(untouched):,} secrets, "
                         f"the largest {untouched[0]:,})")
    return "\n".join(lines)


def _has_work(part: dict) -> bool:
    """Whether anything of an open part is kept: a bound, a step log or a candidate's log."""
    return part["bound"] is not None or part["positions"] > 0 or part["candidate_logs"] > 0
