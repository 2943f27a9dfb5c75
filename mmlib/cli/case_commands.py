"""`acr-sizes`, `first-guess`, `sweep` and `ce-timing`: case equivalence and first guesses."""

from __future__ import annotations

import json
import statistics
import sys
from pathlib import Path

from ..core.cluster import SCHEDULER_HELP
from ..core.files import DATA_DIR, locked, write_atomically
from ..core.games import ascii_whole_number, shown
from ..core.machine import PROVENANCE_COLUMNS, provenance, solve_engine
from ..core.outputs import check_outputs
from ..core.solve import BACKENDS, CASE_EQUIVALENCE_MODES
from ..core.tables import TableSchema
from .arguments import integer

ACR_SIZES_CSV = DATA_DIR / "acr_sizes.csv"
CE_TIMING_CSV = DATA_DIR / "case_equivalence_timing.csv"
CE_TIMING_COLUMNS = ("game", "pins", "colors", "codewords", "strategy", "backend", "case_equivalence",
                     "median_s", "repeats", "scores", "scores_saved", "total_turns", *PROVENANCE_COLUMNS)
# Games `ce-timing` measures by default: small to the reference backend's limit.
CE_TIMING_GAMES = "3p4c,4p4c,3p8c,4p5c,5p4c,4p6c,3p12c,5p5c,3p15c,4p8c,6p4c"


def _check_ce_timing_row(row: dict) -> None:
    for column in ("codewords", "pins"):  # the merged table is sorted by them
        if ascii_whole_number(row[column]) is None:
            raise ValueError(f"{column} {shown(row[column])} is not a whole number")


CE_TIMING_TABLE = TableSchema("case-equivalence timing table",
                              ("game", "pins", "codewords", "strategy", "backend", "case_equivalence"),
                              _check_ce_timing_row)


def add_backend_options(parser):
    parser.add_argument("--backend", default="cpu", metavar="B",
                        help=f"one of {', '.join(BACKENDS)} (default cpu)")
    parser.add_argument("--case-equivalence", default="auto", metavar="MODE",
                        help=f"one of {', '.join(CASE_EQUIVALENCE_MODES)} (default auto)")


def register(subparsers):
    a = subparsers.add_parser(
        "acr-sizes",
        help="write data/acr_sizes.csv: |ACr| for every game and (Zero, Free) count that can occur",
        description=(
            "Write |ACr|, the number of class representatives, by the closed form for pins 2..8, "
            "colors 2..15 and every (zero, free) count that can occur once a guess is played: "
            "zero 0 or 2..c-1 (PS is never empty, so some color is present), free 0 or 2..c-zero "
            "and at most c-1 when zero is 0 (some color has been played; when zero >= 2 the "
            "played colors may all be Zero); a set of one color counts as empty, so 1 never occurs. "
            "Each size is checked against the predicate's own count for games of up to 2**20 codewords."
        ),
    )
    a.add_argument("--output", default=str(ACR_SIZES_CSV), metavar="FILE",
                   help="where to write (default data/acr_sizes.csv)")
    a.set_defaults(handler=run_acr_sizes)

    f = subparsers.add_parser(
        "first-guess",
        help="play every first guess that differs and rank them by best max",
        description=(
            "Play every first-guess pattern (the integer partitions of the pins: 1111, 1112, 1122, "
            "1123, 1234 for 4 pins) and rank them by best max: lowest max turns, then lowest average. "
            "The best average (lowest average, then lowest max) is shown too."
        ),
    )
    f.add_argument("game", metavar="GAME", help="pins and colors, e.g. 4p6c")
    f.add_argument("--strategy", default="knuth", metavar="S", help="the strategy (default knuth)")
    add_backend_options(f)
    f.add_argument("--json", action="store_true", help="print one JSON object")
    f.add_argument("--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP)
    f.set_defaults(handler=run_first_guess)

    s = subparsers.add_parser(
        "sweep",
        help="play every first guess of many games; write data/results.csv and data/first_guesses.csv",
        description=(
            "Play every first-guess pattern of each game with each strategy and keep the results in "
            "data/results.csv (one row per game, strategy and pattern) and the winners in "
            "data/first_guesses.csv. Rows already in the results table are skipped, and both tables "
            "are rewritten atomically, under a lock, after every solve, so a sweep can be stopped and "
            "resumed, done in pieces, or run beside another sweep on the same tables. Default games: every game up to 5p8c and 6p6c (2..5 pins with 2..8 "
            "colors, 6 pins with 2..6 colors) and 2, 3 and 4 pins up to 15 colors."
        ),
    )
    s.add_argument("--games", metavar="LIST",
                   help="comma-separated games, e.g. 4p6c,5p8c,4p10c-norepeat (default: the set above)")
    s.add_argument("--rules", metavar="LIST",
                   help="the default games under these rule sets: comma-separated from classic, norepeat, "
                        "black, or all (default classic; not with --games, whose names carry their rules)")
    s.add_argument("--max-codewords", type=integer, metavar="N", help="only games with at most N codewords")
    s.add_argument("--strategies", default="all", metavar="LIST",
                   help="comma-separated strategies, or all (default)")
    add_backend_options(s)
    s.add_argument("--results", default=None, metavar="FILE", help="results table (default data/results.csv)")
    s.add_argument("--first-guesses", default=None, metavar="FILE",
                   help="winners table (default data/first_guesses.csv)")
    s.add_argument("--redo", action="store_true", help="play rows again even if the table has them")
    s.add_argument("--fill-ce-scores", action="store_true",
                   help="play nothing new: fill scores_without_ce and scores_with_ce in every row of "
                        "--games (default all) that lacks them, solving with case equivalence on "
                        "where the row was solved with it off")
    s.add_argument("--winners-only", action="store_true",
                   help="with --fill-ce-scores: only the rows of each game's best-max and best-average openings")
    s.add_argument("--ce-scores-from", metavar="FILE",
                   help="with --fill-ce-scores: take the counts from this filled copy of the table first")
    s.add_argument("--dry-run", action="store_true", help="list what would be played, play nothing")
    s.add_argument("--no-progress", action="store_true", help="no progress bar")
    s.add_argument("--scheduler", metavar="ADDRESS", help=SCHEDULER_HELP)
    s.set_defaults(handler=run_sweep_command)

    t = subparsers.add_parser(
        "ce-timing",
        help="time solves with case equivalence on and off; write data/case_equivalence_timing.csv",
        description=(
            "Solve each game and strategy with --case-equivalence on and off, check that the "
            "turns agree, and record the median seconds and the scores; the rows where 'on' "
            "is faster show where `auto` should turn it on for that backend."
        ),
    )
    t.add_argument("--games", default=CE_TIMING_GAMES, metavar="LIST",
                   help=f"comma-separated games (default {CE_TIMING_GAMES})")
    t.add_argument("--strategies", default="all", metavar="LIST", help="strategies, or all (default)")
    t.add_argument("--backend", default="cpu", metavar="B", help=f"one of {', '.join(BACKENDS)} (default cpu)")
    t.add_argument("--repeats", type=integer, default=3, metavar="N", help="runs of each (default 3)")
    t.add_argument("--output", default=str(CE_TIMING_CSV), metavar="FILE",
                   help="where to write (default data/case_equivalence_timing.csv); rows are merged")
    t.set_defaults(handler=run_ce_timing)


# -- acr-sizes ------------------------------------------------------------------------

ACR_SIZE_COLUMNS = ("pins", "colors", "zero", "free", "size")
# Above this many codewords the predicate's count is not rerun (8p15c has 2.6e9).
ACR_CHECK_MAX_CODEWORDS = 1 << 20


def acr_size_rows(check: bool = True) -> list[dict]:
    """Every (pins, colors, zero, free) that can occur, with |ACr| by the closed form."""
    import numpy as np

    from ..core.case_equivalence import acr_size, fill_class_representatives, possible_zero_free

    rows = []
    for pins in range(2, 9):
        for colors in range(2, 16):
            for zero, free in possible_zero_free(colors):
                size = acr_size(pins, colors, zero, free)
                if check and colors**pins <= ACR_CHECK_MAX_CODEWORDS:
                    # Zero colors lowest, Free colors next: any choice gives the same count.
                    zero_mask = (1 << zero) - 1
                    free_mask = ((1 << free) - 1) << zero
                    counted = fill_class_representatives(pins, colors, np.int64(zero_mask),
                                                         np.int64(free_mask), np.empty(0, np.int64))
                    if counted != size:
                        raise AssertionError(f"{pins}p{colors}c zero {zero} free {free}: "
                                             f"closed form {size}, predicate {counted}")
                rows.append({"pins": pins, "colors": colors, "zero": zero, "free": free, "size": size})
    return rows


def run_acr_sizes(args) -> int:
    from ..studies.first_guess import csv_text

    check_outputs(files=[args.output])
    rows = acr_size_rows()
    write_atomically(args.output, csv_text(rows, ACR_SIZE_COLUMNS))
    print(f"wrote {len(rows):,} rows to {args.output}")
    return 0


# -- first-guess -----------------------------------------------------------------------


def run_first_guess(args) -> int:
    from ..studies.first_guess import rank_first_guesses
    from ..core.cluster import check_backend_here, maybe_client, parse_scheduler
    from ..core.games import Game
    from ..core.solve import parse_backend, parse_case_equivalence
    from ..core.strategies import Strategy

    game = Game.parse(args.game)
    strategy = Strategy.parse(args.strategy)
    backend = parse_backend(args.backend)
    mode = parse_case_equivalence(args.case_equivalence)
    if args.scheduler is not None:
        parse_scheduler(args.scheduler)
    check_backend_here(backend, args.scheduler)

    def tell(row):
        if not args.json and sys.stderr.isatty():
            print(f"  {row['first_guess']}: total {row['total_turns']}, max {row['max_turns']}",
                  file=sys.stderr)

    with maybe_client(args.scheduler, backend) as client:
        ranking = rank_first_guesses(game, strategy, backend, mode, on_result=tell, client=client,
                                     progress=not args.json and sys.stderr.isatty())
    print(json.dumps(ranking.as_dict()) if args.json else ranking.table())
    return 0


# -- sweep --------------------------------------------------------------------------------


def run_sweep_command(args) -> int:
    from ..core.cluster import check_backend_here, maybe_client, parse_scheduler
    from ..core.solve import parse_backend, parse_case_equivalence
    from ..studies.first_guess import (FIRST_GUESSES_CSV, RESULTS_CSV, RESULTS_TABLE, default_sweep_games,
                                       parse_games, parse_rule_list, parse_strategies, plan_sweep, run_sweep)

    results_path = Path(args.results) if args.results is not None else RESULTS_CSV
    first_guesses_path = Path(args.first_guesses) if args.first_guesses is not None else FIRST_GUESSES_CSV
    if args.fill_ce_scores:
        from ..core.outputs import check_table
        from ..studies.first_guess import fill_ce_scores

        backend = parse_backend(args.backend)
        check_backend_here(backend)
        games = parse_games(args.games) if args.games is not None else None
        check_outputs(files=[first_guesses_path], tables=[(results_path, RESULTS_TABLE)])
        if args.ce_scores_from is not None:
            check_table(args.ce_scores_from, RESULTS_TABLE, write=False)
        filled = fill_ce_scores(results_path, first_guesses_path, games, args.ce_scores_from, backend,
                                progress=not args.no_progress, winners_only=args.winners_only)
        print(f"filled the case-equivalence scores of {filled} rows")
        return 0
    if args.rules is not None and args.games is not None:
        raise ValueError("give --rules or --games, not both: a game's name carries its rules (4p6c-black)")
    games = (parse_games(args.games) if args.games is not None
             else default_sweep_games(parse_rule_list(args.rules) if args.rules is not None else ("classic",)))
    if args.max_codewords is not None:
        if args.max_codewords < 1:
            raise ValueError(f"--max-codewords must be at least 1, got {args.max_codewords}")
        kept = [g for g in games if g.size <= args.max_codewords]
        if not kept:
            raise ValueError(f"no game has at most {args.max_codewords:,} codewords "
                             f"(the smallest given has {min(g.size for g in games):,})")
        games = kept
    strategies = parse_strategies(args.strategies)
    backend = parse_backend(args.backend)
    mode = parse_case_equivalence(args.case_equivalence)
    if args.scheduler is not None:
        parse_scheduler(args.scheduler)
    check_backend_here(backend, args.scheduler)
    # Before the plan is shown or anything played: both tables can be written, and every
    # row the results table already holds can be merged into.
    check_outputs(files=[first_guesses_path], tables=[(results_path, RESULTS_TABLE)])
    plan = plan_sweep(games, strategies, results_path, args.redo)
    print(f"sweep: {len(games)} games, {len(strategies)} strategies: {len(plan.todo)} solves to play, "
          f"{plan.already_done} already in {results_path}", file=sys.stderr)
    if args.dry_run:
        for game, strategy, pattern in plan.todo:
            print(f"{game.name} {strategy.label} {pattern}")
        return 0
    with maybe_client(None if not plan.todo else args.scheduler, backend) as client:
        written = run_sweep(plan, backend, mode, results_path, first_guesses_path,
                            progress=not args.no_progress, client=client)
    print(f"wrote {written} rows to {results_path}; winners in {first_guesses_path}")
    return 0


# -- ce-timing -----------------------------------------------------------------------------


def run_ce_timing(args) -> int:
    import numpy as np

    from ..studies.first_guess import csv_text, parse_games, parse_strategies, read_rows, warm_up
    from ..core.solve import parse_backend, solve

    from ..core.cluster import check_backend_here

    games = parse_games(args.games)
    strategies = parse_strategies(args.strategies)
    backend = parse_backend(args.backend)
    if args.repeats < 1:
        raise ValueError("--repeats must be at least 1")
    check_backend_here(backend)
    check_outputs(tables=[(args.output, CE_TIMING_TABLE)])
    warm_up(backend, strategies[0], "on")
    where = provenance(solve_engine(backend), backend)
    new_rows = []
    for game in games:
        for strategy in strategies:
            # Off and on take turns, so that a change in the machine's load hits both alike.
            runs = {"off": [], "on": []}
            for _ in range(args.repeats):
                for mode in runs:
                    runs[mode].append(solve(game, strategy, backend, case_equivalence=mode))
            turns = {mode: runs[mode][0].turns for mode in runs}
            for mode, mode_runs in runs.items():
                new_rows.append({
                    "game": game.name, "pins": game.pins, "colors": game.colors, "codewords": game.size,
                    "strategy": strategy.label, "backend": backend, "case_equivalence": mode,
                    "median_s": f"{statistics.median(r.elapsed_s for r in mode_runs):.4f}",
                    "repeats": args.repeats, "scores": mode_runs[0].scores,
                    "scores_saved": mode_runs[0].scores_saved, "total_turns": mode_runs[0].total_turns,
                    **where,
                })
            if not np.array_equal(turns["off"], turns["on"]):
                raise AssertionError(f"{game.name} {strategy.label}: case equivalence changed the turns")
            off, on = new_rows[-2], new_rows[-1]
            print(f"{game.name:>6} {strategy.label:<13} off {off['median_s']} s  on {on['median_s']} s  "
                  f"scores saved {int(on['scores_saved']):,}", flush=True)

    def key(row):
        return row["game"], row["strategy"], row["backend"], row["case_equivalence"]

    with locked(args.output):  # another ce-timing may merge into the same table meanwhile
        merged = {key(row): row for row in read_rows(args.output, CE_TIMING_TABLE)}
        merged.update({key({k: str(v) for k, v in row.items()}): row for row in new_rows})
        rows = sorted(merged.values(), key=lambda r: (int(r["codewords"]), int(r["pins"]), r["strategy"],
                                                      r["backend"], r["case_equivalence"]))
        write_atomically(args.output, csv_text(rows, CE_TIMING_COLUMNS))
    print(f"wrote {len(rows)} rows to {args.output}")
    return 0
