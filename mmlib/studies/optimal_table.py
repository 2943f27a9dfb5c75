"""data/optimal.csv: the exact optima of many games, kept by `python -m mmlib optimal-table`.

One row per (game, objective, max-turns limit):

* ``total``: the fewest total turns, no limit;
* ``total`` with ``max_turns_limit`` D: the fewest total turns within D turns, for D the least
  possible max turns, where that differs from the max of the unlimited optimum (4p6c: 5626
  within 5 turns, against 5625 with max 6);
* ``worst``: the least max turns, then the fewest total turns.

Columns: game, objective, max_turns_limit, total_turns, max_turns, histogram (games won in 1, 2,
... turns), seconds (wall time of the search after a warm-up, heuristic bounds included), nodes
(positions searched), scores, cache_hits, first_guess, tree (the stored tree's file under data/,
if kept), command, rules (classic, norepeat or black; the game's name carries it too, e.g.
4p10c-norepeat). Trees are kept gzipped in data/optimal_trees/, so that a test can verify each
row's tree without searching again.
"""

from __future__ import annotations

import csv
import gzip
import io
import json
from pathlib import Path

from ..core.files import DATA_DIR, locked, write_atomically
from ..core.games import RULES, Game, parse_rules

OPTIMAL_CSV = DATA_DIR / "optimal.csv"
TREES_DIR = DATA_DIR / "optimal_trees"
COLUMNS = ("game", "objective", "max_turns_limit", "total_turns", "max_turns", "histogram", "seconds",
           "nodes", "scores", "cache_hits", "first_guess", "tree", "command", "rules")
OBJECTIVE_ROWS = ("total", "limit", "worst")


def read_optimal_rows(path: "str | Path" = OPTIMAL_CSV) -> list[dict]:
    path = Path(path)
    if not path.exists():
        return []
    with path.open(newline="") as handle:
        return list(csv.DictReader(handle))


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
    """The stored tree file of a row (the JSON of `optimal --tree`)."""
    with gzip.open(Path(data_dir) / name, "rt") as handle:
        return json.load(handle)


def solve_rows(game: Game, objectives=OBJECTIVE_ROWS, trees: bool = True, command: str = "",
               client=None) -> list[dict]:
    """The table's rows for one game: the searches run one after another, each timed
    (with a Dask `client`, each on its workers: see `optimal`)."""
    from ..core.optimal import optimal

    rows = []
    worst = None

    def row_of(result, objective, limit):
        name = ""
        if trees:
            name = tree_name(game, objective, limit)
            (DATA_DIR / name).parent.mkdir(exist_ok=True)
            text = json.dumps(result.tree_json(), separators=(",", ":")).encode()
            write_atomically(DATA_DIR / name, gzip.compress(text, mtime=0))
        return {
            "game": game.name, "rules": game.rules, "objective": objective, "max_turns_limit": limit or "",
            "total_turns": result.total_turns, "max_turns": result.max_turns,
            "histogram": " ".join(str(x) for x in result.turn_histogram),
            "seconds": f"{result.elapsed_s:.3f}", "nodes": result.nodes_searched,
            "scores": result.scores, "cache_hits": result.search_stats.get("cache_hits", 0),
            "first_guess": result.first_guess_text, "tree": name, "command": command,
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
        limited = optimal(game, max_turns=worst.max_turns, client=client)
        rows.append(row_of(limited, "total", worst.max_turns))
    return rows


def update_optimal_table(games=None, max_codewords: int = 1296, objectives=OBJECTIVE_ROWS,
                         redo: bool = False, trees: bool = True, command: str = "",
                         progress: bool = True, path: "str | Path" = OPTIMAL_CSV,
                         client=None, rules=("classic",)) -> list[dict]:
    """Solve `games` (default: every game of at most max_codewords codewords under each of
    `rules`, smallest first) and write their rows into the table, keeping the rows of other
    games. The table is written after each game, so an interrupted run keeps what it finished.
    With a Dask `client`, the searches run on its workers; only this process writes the table."""
    from tqdm import tqdm

    from ..core.optimal import MAX_OPTIMAL_CODEWORDS, optimal

    unknown = [name for name in objectives if name not in OBJECTIVE_ROWS]
    if unknown:
        raise ValueError(f"unknown objective {unknown[0]!r}: choose from {', '.join(OBJECTIVE_ROWS)}")
    if games is None:
        if max_codewords < 4:
            raise ValueError(f"max codewords must be at least 4 (the smallest game, 2p2c), "
                             f"got {max_codewords}")
        games = [Game(p, c, r) for r in dict.fromkeys(parse_rules(r) for r in rules)
                 for p in range(2, 9) for c in range(2, 16)
                 if not (r == "norepeat" and p > c) and Game(p, c, r).size <= max_codewords]
    games = sorted((Game.parse(g) for g in games), key=lambda g: (RULES.index(g.rules), g.size, g.pins))
    for game in games:  # refuse before anything is solved or written
        if game.size > MAX_OPTIMAL_CODEWORDS:
            raise ValueError(f"{game.name} has {game.size:,} codewords; the exact search takes at most "
                             f"{MAX_OPTIMAL_CODEWORDS:,}")
    rows = {_row_key(row): row for row in read_optimal_rows(path)}
    done = {row["game"] for row in rows.values()}
    optimal("3p3c", client=client)  # warm-up: load the kernels (on the workers too) before timing
    bar = tqdm(games, desc="optimal table", unit=" games", disable=not progress)
    for game in bar:
        if game.name in done and not redo:
            continue
        bar.set_postfix_str(game.name)
        solved = [{k: str(v) for k, v in row.items()}
                  for row in solve_rows(game, objectives, trees=trees, command=command, client=client)]
        # Read again under the lock: rows another run wrote meanwhile are kept.
        with locked(path):
            rows = {_row_key(row): row for row in read_optimal_rows(path)}
            rows.update((_row_key(row), row) for row in solved)
            write_optimal_rows(list(rows.values()), path)
    return list(rows.values())


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
