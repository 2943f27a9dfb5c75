"""data/optimal_openings.csv: the optimal total with each first guess fixed, kept by
`python -m mmlib optimal-openings`.

With nothing played only an opening's color multiplicities matter (its class: 1111, 1112,
1122, 1123, 1234 for 4p6c; `mmlib.core.openings`), so one row per game and opening class:
the least total turns over every secret when the game starts with that guess and is played
optimally afterwards. The least of a game's rows is its optimum (data/optimal.csv). A review's
first move reads this table (`mmlib.core.coach`), so it costs no search.

Columns: game, opening (the class's lowest codeword), codewords (how many codewords the class
holds), total_turns, average_turns, extra_turns (over the game's optimum), loss (extra turns
per secret: the expected turns the opening costs), best (yes for the optimal openings),
seconds (wall time of the exact search of that opening, this process's cache warm from the
openings before), command, rules, and the provenance of every timing table (date, machine,
mmlib_version, engine: `mmlib.core.machine.provenance`).
"""

from __future__ import annotations

import csv
import io
import sys
import time
from pathlib import Path

import numpy as np

from ..core.coach import (OPENINGS_COLUMNS, OPENINGS_CSV, forget_openings_table, opening_pattern_of,
                          read_openings_rows, searched_opening_totals)
from ..core.files import check_writable, locked, write_atomically
from ..core.games import RULES, Game
from ..core.machine import provenance
from ..core.openings import first_guess_patterns
from ..core.optimal import check_exact_search_size
from .optimal_table import OPTIMAL_CSV, read_optimal_rows

COLUMNS = OPENINGS_COLUMNS
# Games whose openings are searched when none is named: those of data/optimal.csv up to this size.
DEFAULT_MAX_CODEWORDS = 1296
# Seconds one game's openings may take in all before the game is left out (None: no limit).
DEFAULT_GAME_TIME_LIMIT_S = 120.0


def opening_rows(game: "Game | str", time_limit: "float | None" = DEFAULT_GAME_TIME_LIMIT_S,
                 command: str = "") -> list[dict]:
    """The table's rows for one game, by the exact search (ValueError past `time_limit` s, or for
    a game the exact search does not take)."""
    game = check_exact_search_size(game)
    found = searched_opening_totals(game, time_limit)
    least = min(total for total, _s in found.values())
    sizes = np.bincount(opening_pattern_of(game, np.arange(game.size)), minlength=len(found))
    rows, where = [], provenance("optimal")
    for pattern, count in zip(first_guess_patterns(game), sizes):
        total, seconds = found[pattern]
        rows.append({"game": game.name, "opening": pattern, "codewords": int(count), "total_turns": total,
                     "average_turns": f"{total / game.size:.6f}", "extra_turns": total - least,
                     "loss": f"{(total - least) / game.size:.6f}", "best": "yes" if total == least else "no",
                     "seconds": f"{seconds:.3f}", "command": command, "rules": game.rules, **where})
    return rows


def _order(row: dict) -> tuple:
    game = Game.parse(row["game"])
    return RULES.index(game.rules), game.size, game.pins, game.parse_codeword(row["opening"])


def write_opening_rows(rows: list[dict], path: "str | Path" = OPENINGS_CSV) -> None:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in sorted(rows, key=_order):
        writer.writerow({column: row.get(column, "") for column in COLUMNS})
    write_atomically(path, out.getvalue())


def default_games(max_codewords: int = DEFAULT_MAX_CODEWORDS, optimal_path=OPTIMAL_CSV) -> list[Game]:
    """The games data/optimal.csv has an optimum for (objective total, no limit) of at most
    `max_codewords` codewords: those the exact search is known to finish."""
    names = {row["game"] for row in read_optimal_rows(optimal_path)
             if row["objective"] == "total" and not row.get("max_turns_limit")}
    games = [Game.parse(name) for name in names]
    return sorted((g for g in games if g.size <= max_codewords), key=lambda g: (RULES.index(g.rules), g.size, g.pins))


def update_openings_table(games=None, max_codewords: int = DEFAULT_MAX_CODEWORDS,
                          time_limit: "float | None" = DEFAULT_GAME_TIME_LIMIT_S, redo: bool = False,
                          command: str = "", progress: bool = True, path: "str | Path" = OPENINGS_CSV
                          ) -> list[str]:
    """Search the openings of `games` (default: `default_games(max_codewords)`) and write their
    rows into the table, keeping other games' rows; a game whose search runs past `time_limit`
    seconds is left out, said on stderr. The table is written after each game, under its lock.
    Returns the names of the games left out. Before any search (ValueError of one line): every
    game one the exact search takes, the table one this command wrote (`read_openings_rows`)
    and a file that can be replaced."""
    from tqdm import tqdm

    if max_codewords < 4:
        raise ValueError(f"max codewords must be at least 4 (the smallest game, 2p2c), got {max_codewords}")
    games = default_games(max_codewords) if games is None else [check_exact_search_size(g) for g in games]
    done = {row["game"] for row in read_openings_rows(path)}
    check_writable(path)
    left_out = []
    bar = tqdm(games, desc="optimal openings", unit=" games", disable=not progress)
    for game in bar:
        if game.name in done and not redo:
            continue
        bar.set_postfix_str(game.name)
        started = time.perf_counter()
        try:
            solved = [{k: str(v) for k, v in row.items()} for row in opening_rows(game, time_limit, command)]
        except ValueError as error:
            left_out.append(game.name)
            tqdm.write(f"left out {game.name}: {error} ({time.perf_counter() - started:.0f} s)", file=sys.stderr)
            continue
        # Read again under the lock: rows another run wrote meanwhile are kept.
        with locked(path):
            rows = [row for row in read_openings_rows(path) if row["game"] != game.name]
            write_opening_rows(rows + solved, path)
    forget_openings_table()
    return left_out


def load_openings(path: "str | Path" = OPENINGS_CSV):
    """data/optimal_openings.csv as a DataFrame, numbers as numbers (empty with the columns if missing)."""
    import pandas as pd

    frame = pd.DataFrame(read_openings_rows(path), columns=list(COLUMNS))
    for column in ("codewords", "total_turns", "average_turns", "extra_turns", "loss", "seconds"):
        frame[column] = pd.to_numeric(frame[column], errors="coerce")
    frame["best"] = frame["best"] == "yes"
    return frame
