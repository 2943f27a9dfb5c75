"""data/optimal.csv: the exact optima of many games, kept by `python -m mmlib optimal-table`.

One row per (game, objective, max-turns limit):

* ``total``: the fewest total turns, no limit;
* ``total`` with ``max_turns_limit`` D: the fewest total turns within D turns, for D the least
  possible max turns, where that differs from the max of the unlimited optimum (4p6c: 5626
  within 5 turns, against 5625 with max 6);
* ``worst``: the least max turns, then the fewest total turns;
* ``possible``: the fewest total turns when every guess must be one of the secrets still
  possible (`optimal --possible-guesses`), no limit; written only when asked for.

Columns: game, objective, max_turns_limit, total_turns, max_turns, histogram (games won in 1, 2,
... turns), seconds (wall time of the search after a warm-up, heuristic bounds included; with a
checkpoint, of every run that worked on it, `checkpoint.RunLedger`), nodes (positions searched
by the last run), scores, cache_hits, first_guess, tree (the stored tree's file under data/,
if kept), command, rules (classic, norepeat or black; the game's name carries it too, e.g.
4p10c-norepeat), then the provenance every timing table has (`mmlib.core.machine.provenance`):
date, machine (where the search ran: the CPU and its cores, and the Dask cluster's workers when it
ran on one; each machine that ran a checkpointed search, joined by +), mmlib_version and engine
(the exact search's version, 'optimal 17'). Trees are
kept gzipped in data/optimal_trees/, so that a test can verify each row's tree without searching
again (a table elsewhere keeps its trees in the optimal_trees/ folder beside it). A row that has a
tree keeps one: solving it again (--redo) stores the new tree.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
import sys
import textwrap
import zlib
from dataclasses import dataclass, replace
from pathlib import Path

from ..core.files import DATA_DIR, locked, write_atomically, write_gzipped_json
from ..core.games import RULES, Game, ascii_whole_number, parse_rules, shown
from ..core.machine import PROVENANCE_COLUMNS, UNRECORDED, provenance, utc_now
from ..core.strategies import Strategy
from ..core.tables import TableSchema, read_table

OPTIMAL_CSV = DATA_DIR / "optimal.csv"
TREES_FOLDER = "optimal_trees"  # beside the table
TREES_DIR = DATA_DIR / TREES_FOLDER
COLUMNS = ("game", "objective", "max_turns_limit", "total_turns", "max_turns", "histogram", "seconds",
           "nodes", "scores", "cache_hits", "first_guess", "tree", "command", "rules", *PROVENANCE_COLUMNS)
OBJECTIVE_ROWS = ("total", "limit", "worst", "possible")
DEFAULT_OBJECTIVE_ROWS = ("total", "limit", "worst")
# The table's objective column per kind of row asked for (a limit row is a total row with a limit).
ROW_OBJECTIVE = {"total": "total", "limit": "total", "worst": "worst", "possible": "possible"}
# With no games named: every game of at most this many codewords.
DEFAULT_MAX_CODEWORDS = 1296


def _check_optimal_row(row: dict) -> None:
    """ValueError unless the table's order and keys can use the row."""
    Game.parse(row["game"])
    if row["objective"] not in ("total", "worst", "possible"):
        raise ValueError(f"objective {shown(row['objective'])} is none of total, worst and possible")
    limit = row.get("max_turns_limit") or ""
    if limit and ascii_whole_number(limit) is None:
        raise ValueError(f"max_turns_limit {shown(limit)} is not a whole number")


OPTIMAL_TABLE = TableSchema("optimal table", ("game", "objective"), _check_optimal_row)


def read_optimal_rows(path: "str | Path" = OPTIMAL_CSV) -> list[dict]:
    """The table's rows, checked (ValueError of one line for a table that cannot be merged into)."""
    return read_table(path, OPTIMAL_TABLE)


def parse_objective_rows(text) -> list[str]:
    """'total,worst' -> ['total', 'worst']: the rows optimal-table writes per game."""
    names = list(dict.fromkeys(name.strip().lower() for name in str(text).split(",") if name.strip()))
    if not names:
        raise ValueError(f"no objective given: write them as {','.join(OBJECTIVE_ROWS)}")
    unknown = [name for name in names if name not in OBJECTIVE_ROWS]
    if unknown:
        raise ValueError(f"unknown objective {shown(unknown[0])}: choose from {', '.join(OBJECTIVE_ROWS)}")
    return names


def _row_key(row: dict) -> tuple:
    return row["game"], row["objective"], row.get("max_turns_limit") or ""


def _order(row: dict) -> tuple:
    game = Game.parse(row["game"])
    return RULES.index(game.rules), game.size, game.pins, row["objective"], str(row.get("max_turns_limit") or "")


def write_optimal_rows(rows: list[dict], path: "str | Path" = OPTIMAL_CSV) -> None:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in sorted(rows, key=_order):
        row = {**row, "rules": row.get("rules") or Game.parse(row["game"]).rules}
        writer.writerow({column: row.get(column, "") for column in COLUMNS})
    write_atomically(path, out.getvalue())


def tree_name(game: Game, objective: str, limit: "int | None") -> str:
    suffix = f"_max{limit}" if limit else ""
    return f"optimal_trees/{game.name}_{objective}{suffix}.json.gz"


def read_tree(name: str, data_dir: "str | Path" = DATA_DIR) -> dict:
    """The stored tree file of a row (the JSON of `optimal --tree`); ValueError if it is
    missing, cut short or not gzipped JSON."""
    path = Path(data_dir) / name
    try:
        with gzip.open(path, "rt", encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, EOFError, zlib.error, ValueError) as error:  # BadGzipFile is an OSError
        if isinstance(error, EOFError):
            reason = "it is cut short"
        else:
            reason = ((getattr(error, "strerror", None) or str(error)).splitlines() or [type(error).__name__])[0]
        reason = reason[:1].lower() + reason[1:]
        raise ValueError(f"cannot read the tree {str(path)!r}: {reason}") from None


def solve_rows(game: Game, objectives=DEFAULT_OBJECTIVE_ROWS, trees: bool = True, command: str = "",
               client=None, data_dir: "str | Path" = DATA_DIR,
               checkpoint: "str | Path | None" = None, progress: bool = False) -> list[dict]:
    """The table's rows for one game: the searches run one after another, each timed
    (with a Dask `client`, each on its workers: see `optimal`). `trees`: store each
    row's tree under `data_dir` (the table's folder). `checkpoint`: a folder for the
    searches' checkpoints, one folder each (see run_optimal_table). `progress`: each
    search shows its own line of progress, below a line naming the game."""
    from ..core.optimal import optimal as optimal_search

    def optimal(game, objective="total", client=None, possible_guesses=False):
        kept = None
        if checkpoint is not None:
            kept = Path(checkpoint) / f"{game.name}_{'possible' if possible_guesses else objective}"
        return optimal_search(game, objective=objective, client=client, checkpoint=kept,
                              possible_guesses=possible_guesses, progress=progress)

    rows = []
    worst = None
    here = provenance("optimal", "cpu", client)

    def row_of(result, objective, limit):
        name = ""
        if trees:
            name = tree_name(game, objective, limit)
            (Path(data_dir) / name).parent.mkdir(exist_ok=True)
            write_gzipped_json(Path(data_dir) / name, result.tree_json())
        return {
            "game": game.name, "rules": game.rules, "objective": objective, "max_turns_limit": limit or "",
            "total_turns": result.total_turns, "max_turns": result.max_turns,
            "histogram": " ".join(str(x) for x in result.turn_histogram),
            "seconds": f"{result.seconds_all_runs:.3f}", "nodes": result.nodes_searched,
            "scores": result.scores, "cache_hits": result.search_stats.get("cache_hits", 0),
            "first_guess": result.first_guess_text, "tree": name, "command": command,
            **here, "date": utc_now(),  # when this row's search ended
            "machine": machines_of(result) or here["machine"],
        }

    # The limit row needs both other searches (is the least max below the optimum's max?),
    # whether or not their rows were asked for.
    if "total" in objectives or "limit" in objectives:
        best = optimal(game, client=client)
        if "total" in objectives:
            rows.append(row_of(best, "total", None))
    if "worst" in objectives or "limit" in objectives:
        worst = optimal(game, objective="worst", client=client)
        if "worst" in objectives:
            rows.append(row_of(worst, "worst", None))
    if "limit" in objectives and worst.max_turns < best.max_turns:
        # The worst objective already is the fewest total turns within its least max (its last
        # search is the one `optimal(game, max_turns=worst.max_turns)` would run): not searched twice.
        limited = replace(worst, objective="total", max_turns_limit=worst.max_turns)
        rows.append(row_of(limited, "total", worst.max_turns))
    if "possible" in objectives:
        rows.append(row_of(optimal(game, client=client, possible_guesses=True), "possible", None))
    return rows


def machines_of(result) -> str:
    """The machines of a checkpointed search's runs, in the order they first ran it ('' without
    a checkpoint): 'AMD EPYC, 2 cores' or 'AMD EPYC, 2 cores + AMD EPYC 9454, 16 cores'."""
    return " + ".join(dict.fromkeys(run["machine"] for run in result.checkpoint_runs))


@dataclass
class OptimalTablePlan:
    """What `optimal-table` will do, every output proved writable: the games to solve,
    in order, the rows of each, and which store their trees."""

    path: Path
    todo: list[Game]
    objectives: list[str]
    with_trees: set[str]  # names of the games whose trees are stored
    rows_before: list[dict]


def plan_optimal_table(games=None, max_codewords: int = DEFAULT_MAX_CODEWORDS, objectives=DEFAULT_OBJECTIVE_ROWS,
                       redo: bool = False, trees: bool = True, path: "str | Path" = OPTIMAL_CSV,
                       rules=("classic",)) -> OptimalTablePlan:
    """Choose the games (default: every game of at most max_codewords codewords under each
    of `rules`, smallest first) and check, before anything is searched, that the table can
    be written and every row it holds parses, and that the trees folder beside it takes
    the trees (every tree file to be replaced included). `trees`: store every solved row's
    tree; the games whose rows had trees store their new ones anyway."""
    from ..core.optimal import MAX_OPTIMAL_CODEWORDS
    from ..core.outputs import check_outputs, check_table

    objectives = parse_objective_rows(",".join(str(name) for name in objectives))
    if games is None:
        if max_codewords < 4:
            raise ValueError(f"max codewords must be at least 4 (the smallest game, 2p2c), "
                             f"got {max_codewords}")
        games = [Game(p, c, r) for r in dict.fromkeys(parse_rules(r) for r in rules)
                 for p in range(2, 9) for c in range(2, 16)
                 if not (r == "norepeat" and p > c) and Game(p, c, r).size <= max_codewords]
    games = sorted(dict.fromkeys(Game.parse(g) for g in games),
                   key=lambda g: (RULES.index(g.rules), g.size, g.pins))
    for game in games:
        if game.size > MAX_OPTIMAL_CODEWORDS:
            raise ValueError(f"{game.name} has {game.size:,} codewords; the exact search takes at most "
                             f"{MAX_OPTIMAL_CODEWORDS:,}")
    path = Path(path)
    before = check_table(path, OPTIMAL_TABLE)
    # A game is done when the table has a row of each objective asked for (a limit row exists
    # only where the least max is below the optimum's, so "limit" asks for a total row).
    has = {(row["game"], row["objective"]) for row in before}
    wanted = {ROW_OBJECTIVE[name] for name in objectives}
    had_trees = {row["game"] for row in before if row.get("tree")}
    todo = [game for game in games if redo or any((game.name, name) not in has for name in wanted)]
    with_trees = {game.name for game in todo if trees or game.name in had_trees}
    if with_trees:
        trees_dir = path.parent / TREES_FOLDER
        replaced = [tree for name in sorted(with_trees) for tree in
                    (sorted(trees_dir.glob(f"{name}_*.json.gz")) if trees_dir.is_dir() else [])]
        check_outputs(folders=[trees_dir], files=replaced)
    return OptimalTablePlan(path, todo, objectives, with_trees, before)


def run_optimal_table(plan: OptimalTablePlan, command: str = "", progress: bool = True,
                      client=None, checkpoint: "str | Path | None" = None) -> list[dict]:
    """Solve the plan's games and write their rows into its table, keeping the rows of other
    games. The table is written after each game, so an interrupted run keeps what it finished.
    With a Dask `client`, the searches run on its workers; only this process writes the table.
    `checkpoint`: a folder; each search keeps its progress in a folder of it (`GAME_OBJECTIVE`;
    a limit row is the worst search's) and goes on from there (see `optimal`)."""
    from ..core.cluster import check_client
    from ..core.optimal import optimal

    check_client(client)
    rows = {_row_key(row): row for row in plan.rows_before}
    if plan.todo:
        optimal("3p3c", client=client)  # warm-up: load the kernels (on the workers too) before timing
    for done, game in enumerate(plan.todo):
        if progress:  # a line of its own: each search's line of progress is rewritten below it
            print(f"optimal table: {game.name}, game {done + 1} of {len(plan.todo)}", file=sys.stderr, flush=True)
        solved = [{k: str(v) for k, v in row.items()}
                  for row in solve_rows(game, plan.objectives, trees=game.name in plan.with_trees,
                                        command=command, client=client, data_dir=plan.path.parent,
                                        checkpoint=checkpoint, progress=progress)]
        # Read again under the lock: rows another run wrote meanwhile are kept.
        with locked(plan.path):
            rows = {_row_key(row): row for row in read_optimal_rows(plan.path)}
            rows.update((_row_key(row), row) for row in solved)
            write_optimal_rows(list(rows.values()), plan.path)
    return list(rows.values())


def update_optimal_table(games=None, max_codewords: int = DEFAULT_MAX_CODEWORDS,
                         objectives=DEFAULT_OBJECTIVE_ROWS,
                         redo: bool = False, trees: bool = True, command: str = "",
                         progress: bool = True, path: "str | Path" = OPTIMAL_CSV,
                         client=None, rules=("classic",)) -> list[dict]:
    """`plan_optimal_table` then `run_optimal_table`: every check before the first search."""
    from ..core.cluster import check_client

    check_client(client)
    plan = plan_optimal_table(games, max_codewords, objectives, redo, trees, path, rules)
    return run_optimal_table(plan, command, progress, client)


# -- the table beside the heuristics, for notebook 8 -------------------------------------


def load_optimal(path: "str | Path" = OPTIMAL_CSV, rules: "str | None" = "classic"):
    """data/optimal.csv as a DataFrame with numbers as numbers and the game's pins, colors and
    codewords; empty (with the columns) when the table is missing. Only the rows of `rules`
    (None: every rule set)."""
    import pandas as pd

    rows = read_optimal_rows(path)
    if rules is not None:
        rules = parse_rules(rules)
        rows = [row for row in rows if Game.parse(row["game"]).rules == rules]
    frame = pd.DataFrame(rows, columns=list(COLUMNS))
    for column in ("total_turns", "max_turns", "seconds", "nodes", "scores", "cache_hits"):
        frame[column] = pd.to_numeric(frame[column], errors="coerce")
    frame["max_turns_limit"] = pd.to_numeric(frame["max_turns_limit"], errors="coerce")
    games = [Game.parse(name) for name in frame["game"]]
    frame["pins"] = [g.pins for g in games]
    frame["colors"] = [g.colors for g in games]
    frame["codewords"] = [g.size for g in games]
    frame["rules"] = [g.rules for g in games]
    return frame


def heuristic_gaps(optimal_frame, results_frame):
    """Per game and strategy: the strategy's fewest total turns over the first guesses
    data/results.csv holds, the optimum, and the gap (total and per game).

    One row per (game, strategy) for the games of both tables; `gap_per_game` is the
    extra average turns the heuristic needs, `gap_percent` the gap over the optimum.
    """
    import pandas as pd

    best = optimal_frame[(optimal_frame["objective"] == "total") & optimal_frame["max_turns_limit"].isna()]
    best = best.set_index("game")
    rows = []
    for (game, strategy), group in results_frame.groupby(["game", "strategy"]):
        if game not in best.index:
            continue
        heuristic = int(group["total_turns"].min())
        optimum = int(best.loc[game, "total_turns"])
        size = Game.parse(game).size
        rows.append({"game": game, "codewords": size, "strategy": strategy,
                     "heuristic_total": heuristic, "optimal_total": optimum,
                     "gap": heuristic - optimum, "gap_per_game": (heuristic - optimum) / size,
                     "gap_percent": 100 * (heuristic - optimum) / optimum,
                     "first_guess": group.sort_values("total_turns")["first_guess"].iloc[0]})
    columns = ["game", "codewords", "strategy", "heuristic_total", "optimal_total", "gap", "gap_per_game",
               "gap_percent", "first_guess"]
    return pd.DataFrame(rows, columns=columns).sort_values(["codewords", "game", "strategy"],
                                                           ignore_index=True)


def possible_guess_gaps(optimal_frame, min_codewords: int = 0, max_codewords: int = 8000):
    """Per game of `optimal_frame` with a row of objective `possible` and `min_codewords` to
    `max_codewords` codewords, and per strategy: the strategy's total when it too guesses only secrets still
    possible (`optimal.possible_bound`, from its best opening), the restricted optimum, and the gap.

    The four strategies are played here, not read from data/ (data/results.csv holds them
    unrestricted): about a second per game of 8,000 codewords.
    """
    import pandas as pd

    from ..core.optimal.possible_bound import possible_guess_totals

    restricted = optimal_frame[(optimal_frame["objective"] == "possible")
                               & optimal_frame["codewords"].between(min_codewords, max_codewords)]
    rows = []
    for name, optimum, size in zip(restricted["game"], restricted["total_turns"].astype(int), restricted["codewords"]):
        game = Game.parse(name)
        for label, opening, total, worst in possible_guess_totals(game):
            rows.append({"game": name, "codewords": int(size), "strategy": label, "strategy_total": total,
                         "strategy_max": worst, "first_guess": game.format_codeword(opening),
                         "optimal_total": optimum, "gap_percent": 100 * (total - optimum) / optimum})
    columns = ["game", "codewords", "strategy", "strategy_total", "strategy_max", "first_guess", "optimal_total",
               "gap_percent"]
    return pd.DataFrame(rows, columns=columns).sort_values(["codewords", "game", "strategy"], ignore_index=True)


# Exact optima published elsewhere (the project's reference notes, "Optimal strategies"): (game,
# max-turns limit or None, or "possible" for guesses only from the possible secrets) -> (total,
# source key). A row of data/optimal.csv with no entry here had no published value we found. Each
# key is an author and year (or a project's name) that SOURCES spells out.
RUN_HERE = "fancidev 2012, run here"
PUBLISHED_OPTIMA = {
    ("4p6c", None): (5625, "Koyama and Lai 1993"), ("4p6c", 5): (5626, "Koyama and Lai 1993"),
    ("4p7c", None): (11228, "Ville 2013"),
    ("4p8c", None): (20471, "arfst23 2023"), ("4p8c", 6): (20473, "arfst23 2023"),
    ("3p9c", None): (3596, "fancidev 2012"),
    # The same totals from fancidev/mastermind's exact solver, run on this project's machine kind
    # (the reference notes' timings and issue 23's table): a second solver's answer, not a publication.
    ("5p4c", None): (3954, RUN_HERE), ("6p3c", None): (2649, RUN_HERE),
    ("3p10c", None): (5242, RUN_HERE), ("5p5c", None): (13496, RUN_HERE),
    **{(f"2p{c}c", None): (t, "Goddard 2004") for c, t in zip(range(2, 6), (8, 21, 45, 81))},
    **{(f"3p{c}c", None): (t, "Goddard 2004") for c, t in zip(range(2, 6), (18, 73, 206, 451))},
    **{(f"4p{c}c", None): (t, "Goddard 2004") for c, t in zip(range(2, 6), (44, 246, 905, 2463))},
    ("5p2c", None): (97, "Goddard 2004"), ("5p3c", None): (816, "Goddard 2004"),
    ("6p2c", None): (224, "Goddard 2004"), ("7p2c", None): (496, "Goddard 2004"),
    ("4p6c-norepeat", None): (1446, "arfst23 2023"), ("4p7c-norepeat", None): (3639, "arfst23 2023"),
    ("4p8c-norepeat", None): (7817, "arfst23 2023"), ("3p6c-norepeat", None): (436, "arfst23 2023"),
    ("3p7c-norepeat", None): (836, "arfst23 2023"), ("4p9c-norepeat", None): (14914, "fancidev 2012"),
    ("4p10c-norepeat", None): (26274, "Tanaka 1996; fancidev 2012"),
    # The reference notes list both restricted optima with one source: supermastermind's page.
    ("4p6c", "possible"): (5660, "supermastermind"),
    ("5p8c", "possible"): (179929, "supermastermind"),
    # Not reproduced, and not this rule's value: fancidev's tests run its `-po` option, which draws
    # each guess from the secrets possible one move earlier (the reference notes; WHY_DIFFERS).
    # mmlib's search, with symmetry and without, in one process and on two workers, finds 26,688
    # (every tree verified, every guess possible where it is played), and so does a second exact
    # search that shares no code with it (scripts/independent_possible_check.c, part by part:
    # data/possible_guesses_check.csv).
    ("4p10c-norepeat", "possible"): (26374, "fancidev 2012 tests"),
}
# Why a published value of PUBLISHED_OPTIMA is not the same as mmlib's, in words a table's note
# puts in parentheses after "26,374 in fancidev 2012 tests against 26,688 here". (The project's
# reference notes also give what `-po` gives on 4p6c, 5,629; no table in data/ holds it and it was not
# rerun here, so a note on the page does not quote it: docs/optimal.md does, with that source.)
WHY_DIFFERS = {
    ("4p10c-norepeat", "possible"): (
        "not this rule's optimum: those tests run fancidev's -po option, which draws each guess from the "
        "secrets possible one move earlier, a looser rule that admits more guesses, so its totals can be lower "
        "than this rule's"),
}
POSSIBLE_CHECK_CSV = DATA_DIR / "possible_guesses_check.csv"


def load_possible_guesses_check(path: "str | Path" = POSSIBLE_CHECK_CSV):
    """data/possible_guesses_check.csv: Bulls and Cows with guesses only from the possible secrets,
    part by part below the first guess 1234 (every first guess is the same up to renaming digits and
    places): each part's secrets and the turns they take from the second guess on, in mmlib's stored
    tree and by scripts/independent_possible_check.c, with the positions that search visited."""
    import pandas as pd

    return pd.read_csv(path, dtype={"score": str, "first_guess": str})
# Each source key of PUBLISHED_OPTIMA in full, for the reference list under a table.
SOURCES = {
    "Goddard 2004": "W. Goddard, Mastermind revisited, Journal of Combinatorial Mathematics and Combinatorial "
                    "Computing 51 (2004)",
    "Koyama and Lai 1993": "K. Koyama and T. W. Lai, An optimal Mastermind strategy, Journal of Recreational "
                           "Mathematics 25 (1993)",
    # The project's reference notes give this source as "Tanaka 1996" alone: no first name, title or venue.
    "Tanaka 1996": ("the source the project's reference notes (REFERENCE.md) name for Bulls and Cows' "
                    f"{PUBLISHED_OPTIMA[('4p10c-norepeat', None)][0]:,}, "
                    "with no title or venue, so it could not be checked here; fancidev 2012 gives the same "
                    "total, and so does the search here"),
    "Ville 2013": "G. Ville, An optimal Mastermind (4,7) strategy and more results in the expected case, "
                  "arXiv:1305.1010 (2013)",
    "arfst23 2023": "the arfst23/Mastermind repository on GitHub (2023), an exact search in C",
    "fancidev 2012": "the fancidev/mastermind repository on GitHub (its 2012 code), an exact solver",
    "fancidev 2012 tests": "the test cases of the fancidev/mastermind repository (its 2012 code)",
    RUN_HERE: "the total that fancidev/mastermind's exact solver (its 2012 code) gives when run on this "
              "project's machine kind: a second solver's answer, not a publication",
    "supermastermind": "the optimal-strategy page of the supermastermind project (a web page; no year given)",
}
GUESSES_ANY = "any codeword"
GUESSES_POSSIBLE = "only from the possible secrets"


def proven_optima(optimal_frame):
    """Every optimum of data/optimal.csv with objective total (the unlimited one, and the one
    within the least max turns where that is lower than the optimum's max) or possible (guesses
    only from the secrets still possible), one row each, with the published value beside it where
    one exists (`PUBLISHED_OPTIMA`), and the seconds of the search that proved it with the row's
    provenance (machine, engine version, date)."""
    import pandas as pd

    rows = optimal_frame[optimal_frame["objective"].isin(["total", "possible"])]
    out = []
    for row in rows.itertuples():
        limit = None if pd.isna(row.max_turns_limit) else int(row.max_turns_limit)
        restricted = row.objective == "possible"
        published = PUBLISHED_OPTIMA.get((row.game, "possible" if restricted else limit))
        if published is None:
            source = "no published value found"
        elif published[0] == row.total_turns:
            source = f"{published[1]}: the same"
        else:
            source = f"{published[1]}: {published[0]:,}, not the same"
        out.append({"game": row.game, "rules": row.rules, "codewords": row.codewords,
                    "guesses": GUESSES_POSSIBLE if restricted else GUESSES_ANY,
                    "within": f"{limit} turns" if limit else "no limit", "optimal total": int(row.total_turns),
                    "max turns": int(row.max_turns), "source": source, "seconds": row.seconds,
                    "mmlib_version": getattr(row, "mmlib_version", "") or UNRECORDED,
                    "machine": row.machine if isinstance(row.machine, str) and row.machine else UNRECORDED,
                    "engine": getattr(row, "engine", "") or UNRECORDED, "date": getattr(row, "date", "") or UNRECORDED})
    frame = pd.DataFrame(out, columns=["game", "rules", "codewords", "guesses", "within", "optimal total",
                                       "max turns", "source", "seconds", "machine", "engine", "date",
                                       "mmlib_version"])
    order = {rules: i for i, rules in enumerate(RULES)}
    frame["_order"] = [order.get(r, len(order)) for r in frame["rules"]]
    frame["_restricted"] = frame["guesses"] == GUESSES_POSSIBLE
    return frame.sort_values(["_order", "codewords", "game", "_restricted", "within"],
                             ignore_index=True).drop(columns=["_order", "_restricted"])


def openings(optimal_frame, results_frame):
    """Per game: the optimal opening (objective total), and each strategy's best opening by total."""
    gaps = heuristic_gaps(optimal_frame, results_frame)
    best = optimal_frame[(optimal_frame["objective"] == "total") & optimal_frame["max_turns_limit"].isna()]
    table = best[["game", "codewords", "first_guess", "total_turns", "max_turns"]].rename(
        columns={"first_guess": "optimal opening", "total_turns": "optimal total", "max_turns": "its max"})
    if len(gaps):
        heuristic = gaps.pivot_table(index="game", columns="strategy", values="first_guess", aggfunc="first")
        table = table.merge(heuristic, left_on="game", right_index=True, how="left")
    return table.sort_values(["codewords", "game"], ignore_index=True)


@dataclass
class BestOfFour:
    """Over the games of at most `max_codewords` codewords of `heuristic_gaps`: the best of the four
    strategies (each from its best opening by total) per game, against the optimum."""

    max_codewords: int
    per_game: "object"  # DataFrame: one row per game, the strategy with the fewest total turns

    @property
    def optimal_games(self) -> list[str]:
        return self.per_game.loc[self.per_game["gap"] == 0, "game"].tolist()

    @property
    def other_games(self) -> list[str]:
        return self.per_game.loc[self.per_game["gap"] > 0, "game"].tolist()

    @property
    def worst(self):
        """The game where the best of the four is furthest from the optimum (its row)."""
        return self.per_game.loc[self.per_game["gap_per_game"].idxmax()]

    def optimal_in_words(self) -> str:
        """Which boards the best of the four plays optimally, in words: 'every board of fewer than 125
        codewords, every 2-pin board, and 5p3c'."""
        rows = self.per_game
        missed = rows[rows["gap"] > 0]
        if missed.empty:
            return f"every board of at most {self.max_codewords:,} codewords"
        below = int(missed["codewords"].min())
        parts = [f"every board of fewer than {below:,} codewords"]
        rest = rows[(rows["gap"] == 0) & (rows["codewords"] >= below)]
        pins = rows["game"].map(lambda name: Game.parse(name).pins)
        for p in sorted(set(pins[rest.index])):
            if (rows.loc[pins == p, "gap"] == 0).all() and (pins[rest.index] == p).sum() > 1:
                parts.append(f"every {p}-pin board")
                rest = rest[pins[rest.index] != p]
        parts += rest["game"].tolist()
        return ", ".join(parts[:-1]) + ", and " + parts[-1] if len(parts) > 1 else parts[0]


    def report(self) -> str:
        """The figures the notebook's answer quotes, each computed here: the boards, where the best of
        the four is optimal (listed), where not (with its gap), and the furthest board."""
        rows = self.per_game
        worst = self.worst
        title = {s.label: s.title for s in Strategy}[worst["strategy"]]
        missed = rows[rows["gap"] > 0]
        return "\n".join(textwrap.fill(line, 96, subsequent_indent="  ") for line in [
            f"{len(rows)} boards of at most {self.max_codewords:,} codewords in both data/optimal.csv and "
            "data/results.csv.",
            f"The best of the four strategies is optimal in {len(self.optimal_games)} of them "
            f"({self.optimal_in_words()}): {', '.join(self.optimal_games)}.",
            f"It is above the optimum in {len(missed)}, by (turns per game): "
            + ", ".join(f"{r.game} {r.gap_per_game:.3f}" for r in missed.itertuples()) + ".",
            f"Furthest: {worst['game']}, {title} from {worst['first_guess']}: {int(worst['heuristic_total']):,} turns "
            f"against the optimum's {int(worst['optimal_total']):,}, {worst['gap_per_game']:.3f} turns per game "
            f"({worst['gap_percent']:.1f}%) above it."])


def best_of_four(gaps, max_codewords: int = DEFAULT_MAX_CODEWORDS) -> BestOfFour:
    """`BestOfFour` of `heuristic_gaps`'s rows of at most `max_codewords` codewords, smallest game
    first."""
    small = gaps[gaps["codewords"] <= max_codewords]
    per_game = small.loc[small.groupby("game")["gap_per_game"].idxmin()]
    return BestOfFour(max_codewords, per_game.sort_values(["codewords", "game"], ignore_index=True))
