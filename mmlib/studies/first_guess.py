"""First guesses: which opening to play, found by playing every opening that differs.

With nothing played, renaming colors or reordering pins maps every game onto
another game of the same length, so openings that differ only in that way do
equally well; what tells openings apart is how many pins share a color. Those
shapes are the integer partitions of p into at most c parts, written with the
largest part first and colors in increasing order: for 4 pins 1111, 1112, 1122,
1123, 1234. (Ties between equivalent openings are broken by index, so two
equivalent openings can differ by a few turns; mmlib plays the lexically first.)

Two winners per game and strategy:

* best max: lowest max turns, then lowest total (= average) turns, then lowest index;
* best average: lowest total turns, then lowest max turns, then lowest index.

`sweep` plays every pattern for many games and strategies and keeps two tables:
data/results.csv (one row per game, strategy and pattern) and
data/first_guesses.csv (the two winners per game and strategy, derived from
the first). `solve` plays the best-max winner of the second table by default.

With a Dask `client` (`--scheduler`, see mmlib.core.cluster), every (game,
strategy, pattern) is a task run on the cluster's workers; only the client
writes the tables, through `save_tables` as each task finishes, so a sweep on a
cluster is as resumable as one in-process and gives the same rows (seconds
aside).
"""

from __future__ import annotations

import csv
import io
import time
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..core.files import DATA_DIR
from ..core.games import COLOR_CHARS, RULES, Game, ascii_whole_number, parse_rules, shown
from ..core.openings import FIRST_GUESSES_CSV, first_guess_patterns, forget_first_guess_table, integer_partitions, table_first_guess  # noqa: F401
from ..core.machine import PROVENANCE_COLUMNS, provenance, solve_engine
from ..core.strategies import Strategy
from ..core.tables import ANY_TABLE, TableSchema, read_table

RESULTS_CSV = DATA_DIR / "results.csv"

RESULTS_COLUMNS = (
    "game", "pins", "colors", "codewords", "strategy", "first_guess",
    "total_turns", "max_turns", "average_turns", "histogram",
    "scores", "scores_saved", "case_equivalence", "seconds", "backend",
    "scores_without_ce", "scores_with_ce", "rules", *PROVENANCE_COLUMNS,
)
FIRST_GUESSES_COLUMNS = (
    "game", "pins", "colors", "strategy", "patterns",
    "best_max", "best_max_total_turns", "best_max_max_turns", "best_max_average_turns",
    "best_average", "best_average_total_turns", "best_average_max_turns", "best_average_average_turns",
    "rules",
)


# -- playing them ------------------------------------------------------------------


def result_row(result) -> dict:
    """The data/results.csv row of a SolveResult, as strings."""
    game = result.game
    return {
        "game": game.name,
        "pins": str(game.pins),
        "colors": str(game.colors),
        "rules": game.rules,
        "codewords": str(game.size),
        "strategy": result.strategy.label,
        "first_guess": result.first_guess_text,
        "total_turns": str(result.total_turns),
        "max_turns": str(result.max_turns),
        "average_turns": f"{result.average_turns:.6f}",
        "histogram": " ".join(str(n) for n in result.turn_histogram),
        "scores": str(int(result.scores)),
        "scores_saved": str(int(result.scores_saved)),
        "case_equivalence": "on" if result.case_equivalence else "off",
        "seconds": f"{result.elapsed_s:.4f}",
        "backend": result.backend,
        # Both counts for every row: a solve with case equivalence on knows what it
        # saved; for one with it off, `fill_ce_scores` solves again with it on.
        "scores_without_ce": str(int(result.scores + result.scores_saved)),
        "scores_with_ce": str(int(result.scores)) if result.case_equivalence else "",
        # Where and with what `seconds` was measured: a cluster's worker names its own machine.
        **provenance(solve_engine(result.backend), result.backend),
    }


def _pattern_index(row: dict) -> int:
    return Game.parse(row["game"]).parse_codeword(row["first_guess"])


def best_max_key(row: dict) -> tuple:
    return int(row["max_turns"]), int(row["total_turns"]), _pattern_index(row)


def best_average_key(row: dict) -> tuple:
    return int(row["total_turns"]), int(row["max_turns"]), _pattern_index(row)


@dataclass
class FirstGuessRanking:
    """Every pattern of one game and strategy, played; rows best max first."""

    game: Game
    strategy: Strategy
    rows: list[dict]

    @property
    def best_max(self) -> dict:
        return min(self.rows, key=best_max_key)

    @property
    def best_average(self) -> dict:
        return min(self.rows, key=best_average_key)

    def as_dict(self) -> dict:
        """The JSON object of `first-guess --json`."""

        def public(row):
            return {
                "first_guess": row["first_guess"],
                "total_turns": int(row["total_turns"]),
                "max_turns": int(row["max_turns"]),
                "average_turns": float(row["average_turns"]),
                "histogram": [int(x) for x in row["histogram"].split()],
                "scores": int(row["scores"]),
                "seconds": float(row["seconds"]),
                "backend": row["backend"],
            }

        return {
            "game": self.game.name,
            "strategy": self.strategy.label,
            "best_max": self.best_max["first_guess"],
            "best_average": self.best_average["first_guess"],
            "patterns": [public(row) for row in self.rows],
        }

    def table(self) -> str:
        """A readable table with both winners marked."""
        from tabulate import tabulate

        best_max, best_average = self.best_max, self.best_average
        lines = []
        for row in self.rows:
            marks = []
            if row is best_max:
                marks.append("best max")
            if row is best_average:
                marks.append("best average")
            lines.append([row["first_guess"], int(row["total_turns"]), float(row["average_turns"]),
                          int(row["max_turns"]), row["histogram"].replace(" ", ", "),
                          f"{float(row['seconds']):.2f}", ", ".join(marks)])
        title = (f"{self.game.name} ({self.game.size:,} games), {self.strategy.title}: "
                 f"every first guess, best max first")
        body = tabulate(lines, headers=["first guess", "total", "average", "max",
                                        "histogram (1, 2, ... turns)", "seconds", ""],
                        floatfmt=".4f")
        summary = (f"best max: {best_max['first_guess']} (max {best_max['max_turns']}, "
                   f"average {float(best_max['average_turns']):.4f}); "
                   f"best average: {best_average['first_guess']} (max {best_average['max_turns']}, "
                   f"average {float(best_average['average_turns']):.4f})")
        return "\n".join([title, body, summary])


def warm_up(backend: str, strategy, case_equivalence="auto") -> None:
    """Solve a tiny game first, so that compiling is not timed as the first row's seconds."""
    from ..core.solve import solve

    modes = ["off"] if case_equivalence == "off" else ["off", "on"]
    for mode in modes:
        solve(Game(3, 3), strategy, backend, "112", mode)


def play_pattern(task: tuple, backend: str = "cpu", case_equivalence="auto") -> dict:
    """The results row of one (game, strategy, pattern), played in this process.

    This is the task a cluster's workers run; the first one for a backend and
    strategy on a worker warms it up, so compiling is not timed.
    """
    from ..core.cluster import worker_cache
    from ..core.solve import solve

    game, strategy, pattern = task  # the game may come as its name: a Game pickles its codewords
    worker_cache(("warm_up", backend, strategy, case_equivalence),
                 lambda: warm_up(backend, strategy, case_equivalence) or True)
    started = time.perf_counter()
    result = solve(game, strategy, backend, pattern, case_equivalence)
    row = result_row(result)
    if result.elapsed_s <= 0:  # a backend that does not time itself
        row["seconds"] = f"{time.perf_counter() - started:.4f}"
    return row


def rank_first_guesses(game, strategy, backend: str = "cpu", case_equivalence="auto",
                       on_result=None, client=None, progress: bool = False) -> FirstGuessRanking:
    """Play every pattern of `game` with `strategy`; `on_result(row)` is called after each.

    With a Dask `client`, each pattern is a task on the cluster's workers
    (`progress`: a bar counting the finished ones).
    """
    from ..core.cluster import check_client

    game = Game.parse(game)
    strategy = Strategy.parse(strategy)
    check_client(client)
    tasks = [(game, strategy, pattern) for pattern in first_guess_patterns(game)]
    if client is not None:
        from ..core.cluster import map_tasks

        rows = map_tasks(client, play_pattern, [(game.name, s, p) for _g, s, p in tasks],
                         f"{game.name} {strategy.label} first guesses", progress=progress, backend=backend, case_equivalence=case_equivalence,
                         on_result=None if on_result is None else lambda _i, row: on_result(row))
    else:
        warm_up(backend, strategy, case_equivalence)
        rows = []
        for task in tasks:
            rows.append(play_pattern(task, backend, case_equivalence))
            if on_result is not None:
                on_result(rows[-1])
    rows.sort(key=best_max_key)
    return FirstGuessRanking(game, strategy, rows)


# -- the sweep and its tables --------------------------------------------------------


def default_sweep_games(rules=("classic",)) -> list[Game]:
    """Every game up to 5p8c and 6p6c, and 2, 3 and 4 pins up to 15 colors, smallest first,
    under each of `rules` (norepeat games need at least as many colors as pins; the rule
    sets follow one another, classic first).

    That is: 2..5 pins with 2..8 colors, 6 pins with 2..6 colors, and 2..4 pins
    with 9..15 colors (up to 4p15c, 50,625 codewords).
    """
    sizes = {(p, c) for p in range(2, 6) for c in range(2, 9)}
    sizes |= {(6, c) for c in range(2, 7)}
    sizes |= {(p, c) for p in range(2, 5) for c in range(2, 16)}
    games = []
    for rule in sorted({parse_rules(r) for r in rules}, key=RULES.index):
        valid = [Game(p, c, rule) for p, c in sizes if not (rule == "norepeat" and p > c)]
        games += sorted(valid, key=lambda g: (g.size, g.pins))
    return games


def parse_rule_list(text: str) -> list[str]:
    """'norepeat,black' -> ['norepeat', 'black']; 'all' -> every rule set."""
    if str(text).strip().lower() == "all":
        return list(RULES)
    rules = list(dict.fromkeys(parse_rules(part) for part in str(text).split(",") if part.strip()))
    if not rules:
        raise ValueError(f"no rules given: write them as {','.join(RULES)} or all")
    return rules


def parse_games(text: str) -> list[Game]:
    """'4p6c,5p8c' -> [Game(4, 6), Game(5, 8)]; a game named twice is played once."""
    games = list(dict.fromkeys(Game.parse(part) for part in str(text).split(",") if part.strip()))
    if not games:
        raise ValueError("no game given: write games as 4p6c,5p8c")
    return games


def parse_strategies(text: str) -> list[Strategy]:
    """'knuth,entropy' -> [Strategy.KNUTH, Strategy.ENTROPY]; 'all' -> all four."""
    if str(text).strip().lower() == "all":
        return list(Strategy)
    strategies = list(dict.fromkeys(Strategy.parse(part) for part in str(text).split(",") if part.strip()))
    if not strategies:
        raise ValueError("no strategy given: write strategies as knuth,entropy or all")
    return strategies


def _row_key(row: dict) -> tuple[str, str, str]:
    return row["game"], row["strategy"], row["first_guess"]


def _sort_key(row: dict) -> tuple:
    game = Game.parse(row["game"])
    try:
        strategy_order = int(Strategy.parse(row["strategy"]))
    except ValueError:
        strategy_order = len(Strategy)
    return RULES.index(game.rules), game.size, game.pins, strategy_order, game.parse_codeword(row["first_guess"])


def read_rows(path: "str | Path", schema: TableSchema = ANY_TABLE) -> list[dict]:
    """The rows of a CSV table, checked against `schema`; none if the file is not there
    (or is a device or a descriptor such as /dev/stdout)."""
    return read_table(path, schema)


def _check_result_row(row: dict) -> None:
    """ValueError unless the merge can use the row: the winners and the order need these."""
    game = Game.parse(row["game"])
    game.parse_codeword(row["first_guess"], what="first guess")
    if not row["strategy"].strip():
        raise ValueError("it names no strategy")
    for column in ("total_turns", "max_turns", "scores", "scores_saved"):
        if ascii_whole_number(row[column]) is None:
            raise ValueError(f"{column} {shown(row[column])} is not a whole number")


RESULTS_TABLE = TableSchema("results table", ("game", "strategy", "first_guess", "total_turns", "max_turns",
                                              "average_turns", "scores", "scores_saved", "case_equivalence"),
                            _check_result_row)


def csv_text(rows: list[dict], columns) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(columns), extrasaction="ignore", lineterminator="\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({column: row.get(column, "") for column in columns})
    return out.getvalue()


def merge_results(old: list[dict], new: list[dict]) -> list[dict]:
    """Rows of both, a new row replacing an old one of the same game, strategy and
    first guess; sorted by game size, strategy, first guess."""
    merged = {_row_key(row): row for row in old}
    merged.update({_row_key(row): row for row in new})
    for row in merged.values():  # rows written before the rules column: from the game's name
        if not row.get("rules"):
            row["rules"] = Game.parse(row["game"]).rules
    return sorted(merged.values(), key=_sort_key)


def first_guess_table(results: list[dict]) -> list[dict]:
    """The data/first_guesses.csv rows: both winners for every game and strategy
    whose every pattern has a row in `results`."""
    groups: dict[tuple[str, str], list[dict]] = {}
    for row in results:
        groups.setdefault((row["game"], row["strategy"]), []).append(row)
    table = []
    for (game_name, strategy), rows in groups.items():
        game = Game.parse(game_name)
        if {row["first_guess"] for row in rows} != set(first_guess_patterns(game)):
            continue  # partial: solve falls back to its rule until the sweep completes it
        best_max = min(rows, key=best_max_key)
        best_average = min(rows, key=best_average_key)
        table.append({
            "game": game.name, "pins": str(game.pins), "colors": str(game.colors), "rules": game.rules,
            "strategy": strategy, "patterns": str(len(rows)),
            "best_max": best_max["first_guess"],
            "best_max_total_turns": best_max["total_turns"],
            "best_max_max_turns": best_max["max_turns"],
            "best_max_average_turns": best_max["average_turns"],
            "best_average": best_average["first_guess"],
            "best_average_total_turns": best_average["total_turns"],
            "best_average_max_turns": best_average["max_turns"],
            "best_average_average_turns": best_average["average_turns"],
        })
    return sorted(table, key=lambda row: _sort_key({**row, "first_guess": row["best_max"]}))


@dataclass
class SweepPlan:
    """What a sweep will play: (game, strategy, pattern) triples not yet in the table."""

    todo: list[tuple[Game, Strategy, str]]
    already_done: int


def plan_sweep(games, strategies, results_path=RESULTS_CSV, redo: bool = False) -> SweepPlan:
    done = {_row_key(row) for row in read_rows(results_path, RESULTS_TABLE)}
    todo, skipped = [], 0
    for game in games:
        for strategy in strategies:
            for pattern in first_guess_patterns(game):
                if not redo and (game.name, strategy.label, pattern) in done:
                    skipped += 1
                else:
                    todo.append((game, strategy, pattern))
    return SweepPlan(todo, skipped)


def save_tables(new_rows: list[dict], results_path=RESULTS_CSV, first_guesses_path=FIRST_GUESSES_CSV) -> list[dict]:
    """Merge `new_rows` into the results table on disk and rewrite both tables atomically.

    The table is read again just before writing, under a lock on it held until
    both tables are written, so rows another sweep wrote to the same file
    meanwhile are kept, and the winners table is derived from the rows on disk.
    """
    from ..core.files import locked, write_atomically

    with locked(results_path):
        rows = merge_results(read_rows(results_path, RESULTS_TABLE), new_rows)
        write_atomically(results_path, csv_text(rows, RESULTS_COLUMNS))
        write_atomically(first_guesses_path, csv_text(first_guess_table(rows), FIRST_GUESSES_COLUMNS))
    if Path(first_guesses_path).resolve() == FIRST_GUESSES_CSV.resolve():
        forget_first_guess_table()
    return rows


def run_sweep(plan: SweepPlan, backend: str = "cpu", case_equivalence="auto",
              results_path=RESULTS_CSV, first_guesses_path=FIRST_GUESSES_CSV,
              progress: bool = True, client=None, on_saved=None) -> int:
    """Play every triple of `plan`, saving both tables after each; returns rows written.

    With a Dask `client`, each triple is a task on the cluster's workers and
    the client saves each row as its task finishes. `on_saved(row)` is called
    after each row is saved.
    """
    from tqdm.auto import tqdm

    from ..core.cluster import check_client

    check_client(client)
    written = 0

    def save(_position, row):
        nonlocal written
        save_tables([row], results_path, first_guesses_path)
        written += 1
        if on_saved is not None:
            on_saved(row)

    if client is not None and plan.todo:
        from ..core.cluster import map_tasks

        map_tasks(client, play_pattern, [(g.name, s, p) for g, s, p in plan.todo], "sweep", progress=progress, on_result=save,
                  backend=backend, case_equivalence=case_equivalence)
    else:
        for strategy in sorted({task[1] for task in plan.todo}):
            warm_up(backend, strategy, case_equivalence)
        bar = tqdm(plan.todo, disable=not progress, unit="solve", desc="sweep")
        for position, task in enumerate(bar):
            game, strategy, pattern = task
            bar.set_postfix_str(f"{game.name} {strategy.label} {pattern}")
            save(position, play_pattern(task, backend, case_equivalence))
        bar.close()
    if not plan.todo:  # still make sure first_guesses matches results
        save_tables([], results_path, first_guesses_path)
    return written


# -- scores with and without case equivalence, for every row ---------------------------------


def fill_ce_scores(results_path=RESULTS_CSV, first_guesses_path=FIRST_GUESSES_CSV, games=None,
                   known_path=None, backend: str = "cpu", progress: bool = True,
                   winners_only: bool = False) -> int:
    """Fill `scores_without_ce` and `scores_with_ce` wherever a row lacks them; returns rows filled.

    A row solved with case equivalence on has both already (scores, and scores +
    scores_saved). A row solved with it off is solved again with it on (same game,
    strategy and opening; the turns must not change) to count its scores. `known_path`:
    another results table whose filled rows (same key and total turns) are taken
    first, so a fill run on a copy can be carried over. `games`: only these games.
    `winners_only`: only the rows of each game's best-max and best-average openings
    (enough for figures per game; each row solved again costs a whole solve).
    """
    from tqdm.auto import tqdm

    from ..core.solve import solve

    wanted = None if games is None else {Game.parse(g).name for g in games}
    if known_path and not Path(known_path).is_file():
        raise ValueError(f"cannot read {str(known_path)!r}: no such file")
    known = {_row_key(row): row for row in read_rows(known_path, RESULTS_TABLE)} if known_path else {}
    rows = read_rows(results_path, RESULTS_TABLE)
    winners = {(w["game"], w["strategy"], w[column]) for w in first_guess_table(rows)
               for column in ("best_max", "best_average")}
    todo = [row for row in rows if (wanted is None or row["game"] in wanted)
            and (not winners_only or _row_key(row) in winners)
            and not (row.get("scores_with_ce") and row.get("scores_without_ce"))]
    filled = []
    for row in tqdm(todo, disable=not progress, unit="row", desc="ce scores"):
        row = dict(row)
        other = known.get(_row_key(row))
        if other and other.get("scores_with_ce") and other["total_turns"] == row["total_turns"]:
            row["scores_with_ce"], row["scores_without_ce"] = other["scores_with_ce"], other["scores_without_ce"]
        elif row["case_equivalence"] == "on":
            row["scores_with_ce"] = row["scores"]
            row["scores_without_ce"] = str(int(row["scores"]) + int(row["scores_saved"]))
        else:
            result = solve(row["game"], row["strategy"], backend, row["first_guess"], case_equivalence="on")
            if result.total_turns != int(row["total_turns"]):
                raise AssertionError(f"{row['game']} {row['strategy']} {row['first_guess']}: case "
                                     f"equivalence changed the total turns")
            row["scores_without_ce"] = row["scores"]
            row["scores_with_ce"] = str(int(result.scores))
            if result.scores + result.scores_saved != int(row["scores"]):
                raise AssertionError(f"{row['game']} {row['strategy']} {row['first_guess']}: scores "
                                     f"with and without case equivalence do not add up")
        filled.append(row)
    save_tables(filled, results_path, first_guesses_path)
    return len(filled)
