"""The exact optimal strategy of a whole game: `optimal()`, its result, and its progress bar."""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass, field

import numpy as np

from ..cluster import check_client
from ..deadline import Deadline
from ..games import Game
from ..machine import machine_label
from ..options import parse_count, parse_flag, parse_folder, parse_max_turns, parse_time_limit, parse_workers
from ..outputs import check_outputs
from ..results import OPTIMAL, SolveResult
from ..scoring import format_score, ordinal_to_score
from . import config
from . import engine as en
from .checkpoint import Checkpoint, core_hours
from .possible_bound import possible_guess_totals
from .progress import ProgressLine, RootStanding
from .root import RootSearch, close_pool
from .search import INFEASIBLE, OptimalSearch, TimeLimitReached

OBJECTIVES = ("total", "worst")


def parse_objective(objective: str) -> str:
    name = str(objective).strip().lower()
    if name not in OBJECTIVES:
        raise ValueError(f"unknown objective {objective!r}: choose one of {', '.join(OBJECTIVES)}")
    return name


@dataclass
class OptimalResult(SolveResult):
    """A SolveResult of the exact search, with what the search did."""

    objective: str = "total"
    max_turns_limit: "int | None" = None
    nodes_searched: int = 0
    search_stats: dict = field(default_factory=dict)
    upper_bound: "int | None" = None  # the heuristics' best total the search started from
    possible_guesses: bool = False  # every guess one of the secrets still possible
    # With a checkpoint: every run of its search, this one last (`checkpoint.RunLedger`).
    checkpoint_runs: list = field(default_factory=list)

    @property
    def seconds_all_runs(self) -> float:
        """Wall seconds of every run of the search (this run's alone without a checkpoint)."""
        return sum(run["seconds"] for run in self.checkpoint_runs) if self.checkpoint_runs else self.elapsed_s

    @property
    def core_hours(self) -> float:
        """Each run's wall time times its workers, summed, in hours."""
        return core_hours(self.checkpoint_runs or [{"seconds": self.elapsed_s, "workers": 1}])

    def summary(self) -> dict:
        out = super().summary()
        out.update(objective=self.objective, max_turns_limit=self.max_turns_limit,
                   possible_guesses=self.possible_guesses,
                   nodes_searched=self.nodes_searched, upper_bound=self.upper_bound,
                   stats=dict(self.search_stats), checkpoint_runs=list(self.checkpoint_runs))
        return out

    def describe(self) -> str:
        # The solvers' "scores saved" line means nothing here: the search never scores every codeword.
        text = "\n".join(line for line in super().describe().splitlines()
                         if not line.startswith("  case equivalence"))
        limit = f", at most {self.max_turns_limit} turns" if self.max_turns_limit else ""
        limit += ", guesses only from the secrets still possible" if self.possible_guesses else ""
        stats = self.search_stats
        return (text + f"\n  objective     {self.objective}{limit}"
                f"\n  search        {self.nodes_searched:,} nodes, {stats.get('cache_hits', 0):,} cache hits, "
                f"{stats.get('shortcuts', 0):,} shortcuts, {stats.get('candidates_searched', 0):,} "
                f"candidates searched" + self._runs_line())

    def _runs_line(self) -> str:
        if not self.checkpoint_runs:
            return ""
        n = len(self.checkpoint_runs)
        return (f"\n  checkpoint    {n} run{'s' if n != 1 else ''} of this search: "
                f"{self.seconds_all_runs:,.1f} s in all, {self.core_hours:.2f} core-hours")


def heuristic_bounds(game: Game) -> list[tuple[int, int]]:
    """(total, max) of each of the four strategies from its default opening, on the cpu backend."""
    from ..solve import solve
    from ..strategies import Strategy

    found = []
    for strategy in Strategy:
        result = solve(game, strategy, "cpu", case_equivalence="off")
        found.append((result.total_turns, result.max_turns))
    return found


def possible_guess_bounds(game: Game) -> list[tuple[int, int]]:
    """(total, max) of each of the four strategies with guesses only from the secrets still
    possible, from its best opening (`possible_bound`)."""
    return [(total, worst) for _label, _opening, total, worst in possible_guess_totals(game)]


def optimal(game: "Game | str", max_turns: "int | None" = None, objective: str = "total",
            progress: bool = False, workers: "int | None" = None, client=None,
            checkpoint: "str | os.PathLike | None" = None, possible_guesses: bool = False,
            time_limit: "float | None" = None, stepwise_min_secrets: "int | None" = None) -> OptimalResult:
    """The exact optimal strategy of `game` as a SolveResult (strategy "optimal").

    objective "total": the fewest total turns, with `max_turns` the fewest
    among strategies that never need more than max_turns; "worst": the least
    max turns, then the fewest total turns among strategies reaching it (with
    `max_turns`, the least max turns is looked for up to max_turns only).
    `workers`: processes that search the subtrees below the first guesses
    (default: one per core, at most MAX_WORKERS; 1 searches in this process).
    `client`: a `distributed.Client`; the subtrees below the first guesses are
    then searched on its workers (whatever the game's size), at most one per
    worker thread at a time, and `workers` is ignored. The result is the
    in-process one (see docs/cluster.md).
    `checkpoint`: a folder that keeps what the search below the first guess has proven, part by
    part, as it goes; a later call with the same folder (and the same game and objective) goes
    on from there instead of starting again (`checkpoint.Checkpoint`). The subtrees are then
    always searched in worker processes (or on the cluster), even for small games.
    `possible_guesses`: every guess must be one of the secrets still possible (a rule many
    players keep); the optimum of that restricted game (4p6c: 5660).
    `time_limit`: seconds (needs `checkpoint`), counted from when the engine is loaded; at the
    deadline the search stops, what it proved kept in the checkpoint, and raises
    `TimeLimitReached` (a run with the same folder goes on from there); a run that has kept
    nothing by then goes on until it has kept one step. A run shorter than config.SHORT_RUN_S
    searches every part that can stepwise (unless `stepwise_min_secrets` says otherwise), so
    that it keeps the second guesses it finished, and skips the heuristic bound. For sessions
    on a borrowed machine.
    `stepwise_min_secrets`: parts below the first guess of at least this many secrets are
    searched one second guess at a time, what they prove kept in the checkpoint as they go
    (default config.STEPWISE_MIN_SECRETS). Lower it for short runs on many cores, so that
    parts that cannot finish in the run still leave their steps; a part with steps goes on
    stepwise in every later run.

    >>> optimal("3p2c").total_turns
    18
    """
    game = Game.parse(game)
    objective = parse_objective(objective)
    max_turns = parse_max_turns(max_turns)
    check_client(client)
    possible_guesses = parse_flag(possible_guesses, "possible_guesses")
    progress = parse_flag(progress, "progress")
    workers = parse_workers(workers)
    if workers is not None and client is not None:
        raise ValueError("workers: with a client the cluster's worker threads search the parts; "
                         "give one or the other")
    stepwise_min_secrets = parse_count(stepwise_min_secrets, "stepwise_min_secrets")
    time_limit = parse_time_limit(time_limit, "time_limit")
    checkpoint = parse_folder(checkpoint, "checkpoint")
    if time_limit is not None and checkpoint is None:
        raise ValueError("a time limit needs a checkpoint folder to keep what the search proves "
                         "(--checkpoint DIR)")
    if checkpoint is not None:
        # The folder and the parts/ folder the search writes into, proved usable before the work,
        # in the words of the command line's check (a parts/ that is a file included).
        check_outputs(folders=[checkpoint, os.path.join(checkpoint, "parts")])
    what = objective + (", possible guesses" if possible_guesses else "")  # the checkpoint's and the bar's
    kept = Checkpoint(checkpoint, game, what, max_turns, possible_guesses) if checkpoint is not None else None
    search = OptimalSearch(game, possible_guesses)
    # The clock starts once the engine is loaded (numba's compiled code, compiled on the first run).
    deadline = Deadline(time_limit) if time_limit is not None else None
    short_run = time_limit is not None and time_limit < config.SHORT_RUN_S
    if short_run and stepwise_min_secrets is None:
        # A short run keeps what it proves as it goes: every part that can go stepwise does (a
        # part of 2K + 1 secrets or fewer is settled at once), so a run stopped at its deadline
        # leaves the parts of the second guesses it finished in their step logs.
        stepwise_min_secrets = 2 * search.parts + 2
    if client is not None:
        root = RootSearch(search, sum(client.nthreads().values()), client, checkpoint=kept,
                          deadline=deadline, stepwise_min=stepwise_min_secrets)
    else:
        if workers is None:
            workers = min(os.cpu_count() or 1, config.MAX_WORKERS)
        farmed = game.size >= config.PARALLEL_MIN_CODEWORDS or kept is not None
        root = RootSearch(search, workers if farmed else 1, checkpoint=kept, deadline=deadline,
                          stepwise_min=stepwise_min_secrets)
    # A limit of at least as many turns as codewords limits nothing (an optimal tree never needs
    # more guesses than secrets); the search takes it so, and never sees a number past int64.
    unlimited = game.size if max_turns is None else min(max_turns, game.size)
    started = time.perf_counter()
    # With a checkpoint, the folder keeps every run's time (heuristic bounds included, as here).
    try:
        with contextlib.nullcontext() if kept is None else \
                kept.run(root.workers, machine_label(client), config.STEP_LOG_FLUSH_S) as ledger:
            # A first upper bound from the four strategies; small games find one faster on their own.
            # Under the rule they play it too (they may otherwise guess what cannot be the secret).
            # A short run (config.SHORT_RUN_S) skips them: they cannot be stopped at the deadline,
            # and it would spend its time on them in every run.
            heuristics = [] if game.size < config.HEURISTIC_MIN_CODEWORDS or short_run else \
                possible_guess_bounds(game) if possible_guesses else heuristic_bounds(game)

            def bound_within(limit):
                totals = [t for t, m in heuristics if m <= limit]
                return min(totals) + 1 if totals else INFEASIBLE

            earlier = core_hours(ledger.earlier) if ledger is not None else 0.0
            with RootProgress(progress, game, what, root.workers, earlier) as bar:
                search.root_progress = bar
                if objective == "worst":
                    cap = min([unlimited] + [m for _t, m in heuristics])
                    depth = 1
                    while search.lower_bound(game.size, depth) >= INFEASIBLE:
                        depth += 1
                    value = INFEASIBLE
                    while depth <= unlimited:
                        beta = bound_within(depth) if depth >= cap else INFEASIBLE
                        value, tree = root.solve(depth, beta)
                        if value < INFEASIBLE:
                            break
                        depth += 1
                else:
                    depth = unlimited
                    value, tree = root.solve(depth, bound_within(depth))
    except TimeLimitReached:
        # The running parts were told to stop; wait for them, so that each stepwise part writes
        # its step log before this process ends (the command's exit ends the workers at once).
        close_pool()
        late = deadline.overrun()
        past = "" if late < 1 else f" ({late:,.0f} s past it, to keep its first step: a step here takes longer)"
        raise TimeLimitReached(
            f"{game.name}: stopped at the time limit of {time_limit:g} s{past}; what it proved is kept in "
            f"{str(checkpoint)!r}: run it again with the same folder to go on") from None
    if value >= INFEASIBLE:
        raise ValueError(f"no strategy wins every game of {game.name} within {max_turns} turns")
    elapsed = time.perf_counter() - started
    guesses, turns = guesses_of_tree(game, search, tree)
    result = OptimalResult(
        game=game, strategy=OPTIMAL, backend="cpu", first_guess=game.parse_codeword(tree["guess"]),
        guesses=guesses, turns=turns, scores=search.stats.scores, elapsed_s=elapsed, case_equivalence=True,
        objective=objective, max_turns_limit=max_turns, nodes_searched=search.stats.nodes,
        search_stats=search.stats.as_dict(),
        upper_bound=min((t for t, _m in heuristics), default=None), possible_guesses=possible_guesses,
        checkpoint_runs=ledger.runs if ledger is not None else [],
    )
    if result.total_turns != value:  # the tree must cost what the search proved
        raise ValueError(f"the optimal tree of {game.name} costs {result.total_turns:,} turns, but the search "
                         f"said {value:,}" + (f": checkpoint {str(checkpoint)!r} holds a part that does not hold"
                                              if kept is not None else ""))
    if kept is not None:
        _check_against_own_tree(result, str(checkpoint))
    return result


def _check_against_own_tree(result: "OptimalResult", folder: str) -> None:
    """An answer built from a checkpoint's parts, checked by the verifier (which shares no code
    with the search) before anyone sees it: every secret won, the turns the answer says, within
    the limit, each guess possible under that rule."""
    from ..verify import TreeDefect, verify_tree

    try:
        report = verify_tree(result.tree_json(), result.possible_guesses)
    except (TreeDefect, ValueError) as error:
        raise ValueError(f"the answer built from checkpoint {folder!r} does not hold: {error}") from None
    limit = result.max_turns_limit
    if report.total_turns != result.total_turns or (limit is not None and report.max_turns > limit):
        raise ValueError(f"the answer built from checkpoint {folder!r} does not hold: its tree takes "
                         f"{report.total_turns:,} turns, max {report.max_turns}")


def guesses_of_tree(game: Game, search: OptimalSearch, tree: dict) -> tuple[np.ndarray, np.ndarray]:
    """Per-turn guess vectors and turns per secret, by playing every secret down the tree
    (in compiled code: `engine.play_tree`)."""
    ordinal_of = {}
    for o in range(game.score_slots):
        try:
            ordinal_of[format_score(*ordinal_to_score(o, game))] = o
        except ValueError:  # an ordinal no score has (e.g. 3 black and 1 white with 4 pins)
            pass
    node_guess, children = [], []
    stack = [(tree, -1, -1)]
    while stack:
        node, parent, ordinal = stack.pop()
        index = len(node_guess)
        node_guess.append(node["guess"])
        children.append((parent, ordinal))
        for score, child in node.get("next", {}).items():
            stack.append((child, index, ordinal_of[score]))
    slots = game.score_slots
    child_of = np.full(len(node_guess) * slots, -1, dtype=np.int64)
    for index, (parent, ordinal) in enumerate(children):
        if parent >= 0:
            child_of[parent * slots + ordinal] = index
    guesses = np.full((_tree_depth(tree), game.size), -1, dtype=np.int32)
    turns = np.zeros(game.size, dtype=np.int64)
    lost = int(en.play_tree(search.tables, game.parse_codewords(node_guess), child_of, guesses, turns))
    if lost >= 0:
        raise ValueError(f"secret {game.format_codeword(lost)} leaves the tree before it is won")
    return guesses, turns


def _tree_depth(node: dict) -> int:
    return 1 + max((_tree_depth(child) for child in node.get("next", {}).values()), default=0)


class RootProgress:
    """The search's line of progress on stderr (`progress.ProgressLine`), or nothing.

    It says where the root stands when the subtrees are farmed out (`show_standing`: the opening
    being settled, its parts proven, the best total so far and the proven lower bound), and the
    nodes searched: worker processes count theirs into a shared counter that the line reads
    while it waits (`show_nodes`), so a part that runs for minutes still moves it; parts from a
    Dask cluster add theirs when they finish (`tick`).
    """

    def __init__(self, enabled: bool, game: Game, objective: str, workers: int = 1,
                 earlier_core_hours: float = 0.0, stream=None, clock=None):
        self.enabled = enabled
        self.label = f"{game.name} ({objective})"
        self.line = None
        self._line_args = dict(stream=stream, workers=workers, earlier_core_hours=earlier_core_hours)
        if clock is not None:
            self._line_args["clock"] = clock

    def __enter__(self):
        if self.enabled:
            self.line = ProgressLine(self.label, **self._line_args)
        return self

    def __exit__(self, *exc_info):
        if self.line is not None:
            self.line.close()

    def tick(self, nodes: int) -> None:
        if self.line is not None:
            self.line.add_nodes(nodes)

    def show_nodes(self, nodes: int) -> None:
        """The nodes searched so far, when a live count is known (never moves back)."""
        if self.line is not None:
            self.line.show_nodes(nodes)

    def show_standing(self, standing: RootStanding) -> None:
        if self.line is not None:
            self.line.show_standing(standing)

