"""`bench`: time solves and the scoring kernel, append them to data/benchmarks.csv, show the table."""

from __future__ import annotations

import json

from ..studies import bench
from ..core.solve import BACKENDS, CASE_EQUIVALENCE_MODES
from ..core.strategies import STRATEGY_NAMES
from .arguments import integer


def register(subparsers):
    b = subparsers.add_parser(
        "bench",
        help="time solves (after the JIT warm-up) and append them to data/benchmarks.csv",
        description=(
            "For each game and strategy: one warm-up solve (JIT compile, reported as compile_s), "
            "then REPEATS timed solves; the median and fastest wall time, the scores and scores "
            "per second, with the CPU model, cores and backend, are appended to the CSV. "
            "--kernel times the scoring kernel alone on one core. --table prints the latest "
            "rows as a markdown table."
        ),
    )
    b.add_argument("games", metavar="GAME", nargs="*", help="games to solve, e.g. 5p8c 6p6c")
    b.add_argument("--strategies", default="all", metavar="LIST",
                   help=f"comma-separated, from {', '.join(STRATEGY_NAMES)}; or all (default)")
    b.add_argument("--backend", default="cpu", metavar="B",
                   help=f"one of {', '.join(BACKENDS)} (default cpu)")
    b.add_argument("--first-guess", metavar="G",
                   help="the opening for every game (default: each game's and strategy's default)")
    b.add_argument("--case-equivalence", default="auto", metavar="MODE",
                   help=f"one of {', '.join(CASE_EQUIVALENCE_MODES)} (default auto, as solve)")
    b.add_argument("--repeats", type=integer, default=3, metavar="N", help="timed solves (default 3)")
    b.add_argument("--no-warm-up", action="store_true",
                   help="skip the warm-up solve (for long runs: the compile time the backend "
                        "reports is taken out of the first timed solve instead)")
    b.add_argument("--kernel", nargs="?", const=bench.KERNEL_GAME, metavar="GAME",
                   help=f"also time the scoring kernel on one core (default game {bench.KERNEL_GAME})")
    b.add_argument("--optimal", action="store_true",
                   help="time the exact optimal search (objective total) instead of the strategies "
                        "(with --scheduler: in-process and on the cluster)")
    b.add_argument("--whole-process", action="store_true",
                   help="with --optimal: also time `python -m mmlib optimal GAME` as REPEATS whole "
                        "processes (imports and kernel loading included): a second row per game "
                        "with scheduler 'whole process'")
    b.add_argument("--table", action="store_true",
                   help="print the latest row of each benchmark as a markdown table")
    b.add_argument("--csv", default=str(bench.BENCHMARKS_CSV), metavar="FILE",
                   help="the table to append to (default data/benchmarks.csv)")
    b.add_argument("--no-save", action="store_true", help="measure and print, but append nothing")
    b.add_argument("--progress", action="store_true", help="progress bars on stderr")
    b.add_argument("--json", action="store_true", help="print the new rows as JSON lines")
    b.add_argument("--scheduler", metavar="ADDRESS",
                   help="measure each solve in-process and on this Dask scheduler (local:N or "
                        "tcp://HOST:PORT), taking turns: two rows with a `scheduler` column")
    b.add_argument("--sweep", metavar="GAMES",
                   help="with --scheduler: also a sweep of every first guess of GAMES (e.g. "
                        "3p4c,4p5c) per strategy, in-process and on the cluster")
    b.set_defaults(handler=run_bench)


def _strategies(text: str) -> list[str]:
    from ..core.strategies import Strategy

    if text.strip().lower() == "all":
        return list(STRATEGY_NAMES)
    names = list(dict.fromkeys(Strategy.parse(part).label for part in text.split(",") if part.strip()))
    if not names:
        raise ValueError("no strategy given: write --strategies knuth,entropy or all")
    return names


def _command_of(args) -> str:
    """The command line that measures the same thing again (for the `command` column)."""
    parts = ["python -m mmlib bench", *args.games, "--strategies", args.strategies,
             "--backend", args.backend, "--case-equivalence", args.case_equivalence,
             "--repeats", str(args.repeats)]
    if args.first_guess:
        parts += ["--first-guess", args.first_guess]
    if args.kernel:
        parts += ["--kernel", args.kernel]
    if args.optimal:
        parts = ["python -m mmlib bench", *args.games, "--optimal", "--repeats", str(args.repeats)]
    if args.no_warm_up:
        parts.append("--no-warm-up")
    if args.whole_process:
        parts.append("--whole-process")
    if args.scheduler:
        parts += ["--scheduler", args.scheduler]
    if args.sweep:
        parts += ["--sweep", args.sweep]
    return " ".join(parts)


def run_bench(args) -> int:
    from ..core.cluster import check_backend_here
    from ..core.games import Game
    from ..core.options import parse_backend, parse_case_equivalence
    from ..core.outputs import check_table

    if not args.games and not args.kernel and not args.table and not args.sweep:
        raise ValueError("bench needs a game (e.g. bench 5p8c), --kernel, --sweep or --table")
    if args.whole_process and (not args.optimal or args.scheduler):
        raise ValueError("--whole-process times `python -m mmlib optimal` processes: give --optimal, "
                         "without --scheduler")
    if args.sweep and not args.scheduler:
        raise ValueError("--sweep measures the cluster's overhead: give --scheduler too")
    backend = parse_backend(args.backend)
    if args.scheduler:
        from ..core.cluster import parse_scheduler

        parse_scheduler(args.scheduler)
        if backend == "cuda" and (args.optimal or args.sweep):
            raise ValueError("on a cluster, the optimal search and sweeps run on the cpu backend; "
                             "--backend cuda times solves")
    # Everything that can be wrong is found before the first measurement, which may take hours.
    games = [Game.parse(g) for g in args.games]
    strategies = _strategies(args.strategies)
    parse_case_equivalence(args.case_equivalence)
    if args.kernel:
        bench.check_kernel_game(args.kernel)
        if backend != "cpu" and not games:
            raise ValueError(f"--backend {backend} times solves, and --kernel times the cpu scoring kernel "
                             f"alone: give games to solve on {backend}, or leave --backend out")
    if args.repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {args.repeats}")
    if games and not args.optimal:
        check_backend_here(backend, args.scheduler)
    measuring = bool(games or args.kernel)
    check_table(args.csv, bench.BENCHMARKS_TABLE, write=measuring and not args.no_save)
    command = _command_of(args)
    new_rows = []

    def report(row):
        new_rows.append(row)
        if not args.no_save:
            bench.append_rows([row], args.csv)  # saved one by one: a long run keeps what it measured
        if args.json:
            print(json.dumps(row), flush=True)
        else:
            if row.get("scheduler"):
                print(f"{row['game']:>5} {row['strategy']:<13} {row['backend']} {row['scheduler']:<24} "
                      f"median {float(row['median_s']):9.4f} s  min {float(row['min_s']):9.4f} s  "
                      f"load {row['load_avg']}", flush=True)
                return
            print(f"{row['game']:>5} {row['strategy']:<13} {row['backend']:<9} "
                  f"median {float(row['median_s']):9.4f} s  compile {float(row['compile_s']):6.2f} s  "
                  f"{int(row['scores']):>20,} scores  {float(row['scores_per_s']):.3g}/s  "
                  f"CPU use {row['cpu_util']}", flush=True)

    if args.kernel:
        report(bench.bench_kernel(args.kernel, repeats=max(args.repeats, 1), command=command))
    if args.scheduler:
        for game in games:
            for strategy in strategies:
                for row in bench.bench_cluster(args.scheduler, game, strategy, None, args.repeats,
                                               command, optimal=args.optimal, backend=args.backend):
                    report(row)
                if args.optimal:
                    break  # one search per game, whatever the strategies
        for strategy in strategies if args.sweep else []:
            for row in bench.bench_cluster(args.scheduler, None, strategy, args.sweep, args.repeats,
                                           command):
                report(row)
        games = []
    for game in games:
        if args.optimal:
            report(bench.bench_optimal(game, repeats=args.repeats, command=command,
                                       warm_up=not args.no_warm_up))
            if args.whole_process:
                report(bench.bench_optimal_process(game, repeats=args.repeats, command=command))
            continue
        for strategy in strategies:
            report(bench.bench_solve(game, strategy, args.backend, args.first_guess,
                                     args.case_equivalence, args.repeats, command, args.progress,
                                     warm_up=not args.no_warm_up))
    if args.table:
        rows = bench.latest_rows(bench.read_rows(args.csv) if not args.no_save
                                 else bench.read_rows(args.csv) + new_rows)
        print(bench.markdown_table(rows))
        if rows:
            print(f"\nMachine: {bench.machine_line(rows)}.")
    return 0
