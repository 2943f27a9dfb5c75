"""The first guess of a whole game, in this process or farmed out to worker processes or a cluster.

Below the first guess the game splits into independent positions (one per
opening and score), each a `solve_position`. `RootSearch` hands them out,
tightening each part's budget as exact values come back, and stops the parts
of openings that can no longer win; `solve_part` is what a worker runs.
"""

from __future__ import annotations

import itertools
import threading
from collections import deque
from pathlib import Path

import numpy as np

from ..deadline import Deadline
from ..lifetime import die_with_parent
from ..scoring import format_score, ordinal_to_score
from . import config
from .bounds import INFEASIBLE
from .checkpoint import KeptFileError, StepLog, candidate_log_paths, check_part, set_aside
from .progress import RootStanding
from .search import OptimalSearch, SearchAborted, TimeLimitReached, shared_cache_sizes, shared_rows
from .split import SplitPart
from .stepwise import branches_below, candidate_total, solve_stepwise, wants_stepwise

INFEASIBLE = int(INFEASIBLE)


class RootSearch:
    """The first guess: each candidate opening and the subtrees below it.

    With one worker and no client, the search of this process does it all.
    With more, the positions below an opening (its non-winning parts) are
    handed to worker processes (or, with a Dask `client`, to the cluster's
    workers) through `solve_part`, at most `workers` at a time, in the order
    config.ROOT_PART_ORDER gives. Each part gets as its upper bound what the best total so far leaves
    once the exact values of the parts done and the lower bounds of the others
    are taken off, so the bounds tighten as results come in. As soon as an
    opening cannot beat the best, its parts still running are told to stop.
    """

    def __init__(self, search: OptimalSearch, workers: int, client=None, checkpoint=None,
                 deadline: "Deadline | None" = None, stepwise_min: "int | None" = None):
        self.search = search
        self.workers = max(1, int(workers))
        self.client = client
        self.checkpoint = checkpoint  # a checkpoint.Checkpoint: parts finished before are not searched
        # the `deadline.Deadline` at which a farmed-out search stops (TimeLimitReached), or None
        self.deadline = deadline
        # parts of at least this many secrets go stepwise (None: config.STEPWISE_MIN_SECRETS)
        self.stepwise_min = stepwise_min

    def out_of_time(self) -> bool:
        """Has the search passed its deadline (always False without one)?"""
        return self.deadline is not None and self.deadline.passed()

    def solve(self, depth: int, beta: int) -> tuple[int, "dict | None"]:
        """(value, tree): the exact optimum and its tree if below beta, else (>= beta, None)."""
        search = self.search
        everything = np.arange(search.game.size, dtype=np.int64)
        if self.workers == 1 and self.client is None and self.checkpoint is None:
            value = search.value(everything, (), depth, beta)
            return value, (search.tree(everything, (), depth) if value < beta else None)
        return self._farm_out(everything, depth, beta)

    def _farm_out(self, everything, depth, beta):
        if self.client is None:
            pool, abort, live = worker_pool(self.workers)
            return self._farm_out_to(pool, SharedTicket(abort), None, next(_RUNS), everything, depth,
                                     beta, live, pool_steps(), pool_bests())
        import uuid

        from ..cluster import ClusterPool, SharedValue

        # Run ids and the abort ticket's name are unique across every client of the scheduler.
        run = uuid.uuid4().hex
        abort = SharedValue(self.client, f"optimal-abort-{run}", 0, poll_s=0.2)
        try:
            return self._farm_out_to(ClusterPool(self.client), abort, abort, run, everything, depth, beta)
        finally:
            abort.delete()

    def _farm_out_to(self, pool, abort, task_abort, run, everything, depth, beta, live=None,
                     steps=None, bests=None):
        """The openings' parts on `pool` (a process pool, or a ClusterPool with
        `task_abort`, the abort ticket each task takes along). `live`: the pool's
        shared count of the nodes its workers searched, or None; `steps`: where its
        workers' stepwise parts stand (`pool_steps`), or None; `bests`: the pool's shared
        best totals (`pool_bests`), or None: then no part's candidates are spread over the
        workers (`SplitPart`), and a large part is one worker's stepwise search.

        The openings are taken in order, but a worker is never left idle while
        a later opening has parts to search: when every part of the earlier
        openings is running or done, the next opening starts with the budgets
        the best total so far allows (looser than they may end up, never
        wrong: the best only ever falls). Among openings of equal total the
        earlier one wins, as in a search one opening at a time, so the answer
        does not depend on which part finishes first.
        """
        from ..cluster import wait_first

        search, game = self.search, self.search.game
        bar = search.root_progress
        live_start, nodes_before = (_live_total(live) if live is not None else 0), search.stats.nodes
        n = game.size
        depth = min(depth, n)
        index = search.root_candidates()
        table = search.lb_table(depth - 1)
        openings = []
        for g in index:
            parts = [(o, p) for o, p in search.split(int(g), everything) if o != game.win_ordinal]
            if any(len(p) == n for _o, p in parts):
                continue
            parts.sort(key=lambda item: -len(item[1]))
            lbs = [search.lookahead_bound(p, (int(g),), depth - 1) if config.ROOT_LOOKAHEAD else int(table[len(p)])
                   for _o, p in parts]
            openings.append(Opening(n + sum(lbs), int(g), parts, lbs))
        openings.sort(key=lambda o: (o.bound, o.guess))
        for order, opening in enumerate(openings):
            opening.order = order
        best, holder, best_tree = beta, None, None

        def limit(opening):  # a total the opening must stay below to become the best
            return best + (1 if holder is not None and opening.order < holder.order else 0)

        next_ticket = abort.value  # a part stops once the ticket passes its opening's
        running: dict = {}
        checkpoint = self.checkpoint
        # Has this run kept anything in the checkpoint: a part here (`kept_here`), or a step in a
        # worker of the local pool (its shared count past `kept_before`)?
        kept_here, kept_before = False, pool_kept()

        def kept_anything() -> bool:
            return kept_here or pool_kept() > kept_before

        def from_checkpoint(opening, i, budget) -> bool:
            """Is part i of the opening settled by what an earlier run proved?"""
            ordinal, part = opening.parts[i]
            known = checkpoint.lookup(depth - 1, opening.guess, ordinal,
                                      floor=search.lower_bound(len(part), depth - 1)) if checkpoint else None
            if known is None:
                return False
            value, exact, tree = known
            if exact:
                opening.known[i] = (value, tree)
            elif value >= budget:
                opening.failed = True
            else:
                return False  # a bound below this budget: search it again
            return True

        def steps_of(opening, i) -> "tuple[bool, str | None]":
            """Is the part searched stepwise, and where it keeps its steps: only with a
            checkpoint on this machine, which a cluster's workers cannot write to. A part with
            a step log from an earlier run goes on stepwise, whatever the size threshold of
            this run (a run on many cores may have kept the steps of smaller parts)."""
            ordinal, part = opening.parts[i]
            stepwise = wants_stepwise(len(part), self.stepwise_min)
            if checkpoint is None or self.client is not None:
                return stepwise, None
            path = checkpoint.steps_path(depth - 1, opening.guess, ordinal)
            if stepwise or path.exists():
                return True, str(path)
            return False, None

        free_slots = list(range(len(bests))) if bests is not None and self.workers >= 2 and \
            config.SPLIT_LARGE_PARTS else []

        def split_of(opening, i, budget) -> "SplitPart | None":
            """A large part's candidates spread over the workers, where the pool allows it."""
            stepwise, step_log = steps_of(opening, i)
            if not stepwise or not free_slots:
                return None
            log = StepLog(step_log, config.STEP_LOG_FLUSH_S) if step_log is not None else None
            split = SplitPart(search, opening.parts[i][1], (opening.guess,), depth - 1, budget, log,
                              free_slots.pop())
            if split.whole:  # settled at once by the engine: one task after all
                free_slots.append(split.slot)
                return None
            bests[split.slot] = split.best
            return split

        def part_budget(opening, i) -> int:
            return limit(opening) - n - opening.others(i)

        def send_candidate(opening, i, split) -> bool:
            """Send the split part's next candidate that can beat its best; False if none."""
            if split.tighten(part_budget(opening, i)):
                bests[split.slot] = split.best
            offered = split.offer()
            if offered is None:
                return False
            rank, guess, bound = offered
            future = pool.submit(solve_candidate, run, game.name, split.secrets, split.played, split.depth,
                                 guess, bound, split.best, split.slot, opening.ticket,
                                 search.possible_guesses, split.known_for(guess), split.candidate_log(guess))
            running[future] = (opening, i, split, guess)
            return True

        searched_again = set()  # (opening, part) whose step log did not hold

        def holds(opening, i, value, tree, step_log) -> bool:
            """Does an exact part built with a step log's values hold? Its tree (searched by the
            engine) must cost what the values added up to; where it does not, the log was wrong
            (a file changed by hand, or from elsewhere): it and its candidates' logs are set
            aside, and the part is searched again."""
            if step_log is None:
                return True  # the engine's own answer
            try:
                check_part(game, opening.parts[i][1], depth - 1, {"value": value, "exact": True, "tree": tree},
                           search.possible_guesses)
                return True
            except KeptFileError as error:
                if (opening.guess, i) in searched_again:  # without a log it is the engine's own answer
                    raise ValueError(f"the part below {game.format_codeword(opening.guess)} does not hold "
                                     f"when searched again: {error}") from None
                searched_again.add((opening.guess, i))
                for path in [Path(step_log), *candidate_log_paths(step_log)]:
                    set_aside(path)
                opening.pending.appendleft(i)
                return False

        def finish_split(opening, i, split) -> None:
            """The split part is done (or stopped): its value counts as a part's."""
            nonlocal kept_here
            value, exact, tree = split.result(game)
            free_slots.append(split.slot)
            del opening.splits[i]
            opening.running -= 1
            search.add_counts({"candidates_cut": split.candidates_cut})
            if opening.failed:
                return
            if exact and split.log is not None and not holds(opening, i, value, tree, split.log.path):
                return
            if checkpoint is not None:
                checkpoint.record(depth - 1, opening.guess, opening.parts[i][0], value, exact, tree)
                kept_here = True
            if exact:
                opening.known[i] = (value, tree)
            else:
                opening.failed = True

        def sweep_splits() -> None:
            """Stop the split parts of failed openings; count those that are done as parts."""
            for opening in openings:
                for i, split in list(opening.splits.items()):
                    if opening.failed:
                        split.stop()
                    if split.done:
                        finish_split(opening, i, split)

        def fill(opening) -> bool:
            """Give one free worker work of this opening: first a split part's first candidate or
            a part of its own (in the order they go out, `Opening.pending`), then another
            candidate of a split part already running one. False if it has none to give."""
            for i, split in opening.splits.items():
                if split.running == 0 and send_candidate(opening, i, split):
                    return True
            while opening.pending:
                i = opening.pending.popleft()
                budget = part_budget(opening, i)
                if from_checkpoint(opening, i, budget):
                    continue
                split = split_of(opening, i, budget)
                opening.running += 1
                if split is not None:
                    opening.splits[i] = split
                    if send_candidate(opening, i, split):
                        return True
                    continue  # nothing of it could beat the best: done at the next sweep
                stepwise, step_log = steps_of(opening, i)
                future = pool.submit(solve_part, run, game.name, opening.parts[i][1], (opening.guess,),
                                     depth - 1, budget, opening.ticket, task_abort,
                                     search.possible_guesses, step_log, stepwise)
                running[future] = (opening, i, budget, step_log)
                return True
            for i, split in opening.splits.items():
                if send_candidate(opening, i, split):
                    return True
            return False

        def settle() -> bool:
            """Finish the openings whose parts are all back: a new best, or a failure. True if
            anything changed."""
            nonlocal best, holder, best_tree
            changed = False
            for opening in openings:  # earliest first: a new best can end the later ones
                if opening.finished or opening.ticket is None:
                    continue
                if not opening.failed and opening.floor(n) >= limit(opening):
                    opening.failed = True
                if opening.running:
                    continue
                if opening.failed:
                    opening.finished = changed = True
                elif not opening.pending:
                    opening.finished = changed = True
                    total = opening.floor(n)  # every part known: the exact total
                    if total < limit(opening):
                        best, holder = total, opening
                        best_tree = opening.tree(game)
            return changed

        try:
            while True:
                for opening in openings:  # fill the free workers, earliest opening first
                    if len(running) >= self.workers:
                        break
                    if opening.finished:
                        continue
                    if opening.ticket is None:
                        if opening.bound >= limit(opening):
                            opening.finished = True
                            search.add_counts({"candidates_cut": 1})
                            continue
                        opening.ticket, next_ticket = next_ticket, next_ticket + 1
                        if _smallest_first(holder is not None):
                            opening.pending.reverse()
                        search.add_counts({"candidates_searched": 1})
                    while len(running) < self.workers and not opening.failed and fill(opening):
                        pass
                sweep_splits()
                if not running:
                    if settle():  # openings settled from the checkpoint alone: fill again
                        continue
                    if bar is not None:  # where it ended: the optimum, or nothing below beta
                        bar.show_standing(_standing(game, openings, best, holder, steps))
                    break
                if bar is not None:
                    bar.show_standing(_standing(game, openings, best, holder, steps))
                # At the deadline, once this run has kept something: a run whose every step takes
                # longer than its limit still gets on, one step a run (on a cluster, whose workers
                # keep nothing here, at the deadline itself).
                if self.out_of_time() and (checkpoint is None or task_abort is not None or kept_anything()):
                    raise TimeLimitReached("the search reached its time limit")
                # Without a live count or a deadline nothing moves until a part is done; with
                # either, look every second, and at the deadline itself.
                watch = (live is not None and bar is not None) or self.deadline is not None
                timeout = None if not watch else 1.0 if self.deadline is None else \
                    min(1.0, max(self.deadline.left(), config.WATCH_S))  # past it: waiting for a first step
                done, _ = wait_first(running, timeout=timeout)
                if live is not None and bar is not None:
                    bar.show_nodes(nodes_before + _live_total(live) - live_start)
                for future in done:
                    task = running.pop(future)
                    if isinstance(task[2], SplitPart):  # a candidate of a split part
                        opening, i, split, guess = task
                        answer = future.result()
                        if answer is None:  # told to stop: its opening had failed
                            split.stopped(guess)
                            opening.failed = True
                            continue
                        total, beats, branches, entries, stats = answer
                        add_stats(search, stats, tick=live is None)
                        kept_here = kept_here or bool(entries and split.log is not None)
                        if split.receive(guess, total, beats, branches, entries):
                            bests[split.slot] = split.best
                        continue
                    opening, i, budget, step_log = task
                    opening.running -= 1
                    value, tree, stats = future.result()
                    # With a live count the bar shows it; otherwise each part's nodes when it is done.
                    add_stats(search, stats, tick=live is None)
                    if value is not None and value < budget and not holds(opening, i, value, tree, step_log):
                        continue
                    if value is not None and checkpoint is not None:  # what the part proved, kept
                        checkpoint.record(depth - 1, opening.guess, opening.parts[i][0], value, value < budget,
                                          tree)
                        kept_here = True
                    if value is None or value >= budget:  # None: stopped, its opening had failed
                        opening.failed = True
                    else:
                        opening.known[i] = (value, tree)
                sweep_splits()
                settle()
                # Stop the parts of failed openings, once every opening with an earlier ticket is
                # failed or finished too (the ticket stops all of them at once).
                stop = None
                for opening in openings:
                    if opening.ticket is None or not (opening.failed or opening.finished):
                        break
                    stop = opening.ticket
                if stop is not None and abort.value <= stop and any(
                        o.failed and o.running and o.ticket <= stop for o in openings):
                    abort.value = stop + 1
        except BaseException:
            # Interrupted (Ctrl-C, a part that failed): stop every part this run sent, so the
            # kept workers are free for the next search, then let it go on up. The split parts'
            # step logs keep what came back.
            for opening in openings:
                for split in opening.splits.values():
                    if split.log is not None:
                        split.log.flush()
            if running and abort.value < next_ticket:
                abort.value = next_ticket
            for future in running:  # and those not started yet never start (their ticket goes)
                future.cancel()
            raise
        return best, best_tree


class Opening:
    """One first guess at the root of a farmed-out search: its parts, largest first, their lower
    bounds, the exact values and trees of those done, and where its search stands. Its parts go
    out largest first, or smallest first where `_smallest_first` says so when it gets its ticket."""

    def __init__(self, bound: int, guess: int, parts: list, lbs: list):
        self.bound, self.guess, self.parts, self.lbs = bound, guess, parts, lbs
        self.order = 0
        self.known: dict[int, tuple[int, dict]] = {}
        self.splits: dict = {}  # part index -> SplitPart: its candidates spread over the workers
        self.pending = deque(range(len(parts)))  # the parts not sent yet, in the order they go out
        self.running = 0
        self.ticket = None  # handed out when its first part is sent
        self.failed = False  # it cannot beat the best: its parts still running are stopped
        self.finished = False  # nothing of it is running or left to send

    def others(self, i: "int | None" = None) -> int:
        """The exact values of the parts done and the lower bounds of the rest, part i left out."""
        return sum(self.known[j][0] if j in self.known else self.lbs[j]
                   for j in range(len(self.parts)) if j != i)

    def floor(self, n: int) -> int:
        """The least total this opening can reach over n secrets: n plus every part's cost."""
        return n + self.others()

    def tree(self, game) -> dict:
        node = {"guess": game.format_codeword(self.guess), "games": game.size}
        branches = {}
        for i, (ordinal, _p) in sorted(enumerate(self.parts), key=lambda item: item[1][0]):
            branches[format_score(*ordinal_to_score(ordinal, game))] = self.known[i][1]
        if branches:
            node["next"] = branches
        return node


def _smallest_first(any_total: bool) -> bool:
    """Does an opening that gets its ticket now send its parts smallest first (config.ROOT_PART_ORDER)?
    `any_total`: has an opening reached a total yet (adaptive: smallest first from then on)."""
    return config.ROOT_PART_ORDER == "smallest" or (config.ROOT_PART_ORDER == "adaptive" and any_total)


def add_stats(search: OptimalSearch, delta: dict, tick: bool = True) -> None:
    """Add a worker's statistics to the search's, and (`tick`) its nodes to the progress bar."""
    search.add_counts(delta)
    if tick and search.root_progress is not None and delta.get("nodes"):
        search.root_progress.tick(delta["nodes"])


class SharedTicket:
    """The process pool's abort ticket (a shared int64) as an object with `.value`, like a
    cluster's SharedValue."""

    def __init__(self, shared):
        self.array = np.frombuffer(shared, dtype=np.int64)

    @property
    def value(self) -> int:
        return int(self.array[0])

    @value.setter
    def value(self, value: int) -> None:
        self.array[0] = value


def _standing(game, openings, best: int, holder, steps) -> RootStanding:
    """Where the root stands, for the line of progress: the earliest opening not settled (once
    all are, the best one), its parts proven, the best total an opening reached so far (from
    `holder`, the opening that holds it; None: none yet), and the least total an opening still
    open can reach (the optimum is at least that, or is the best); with the second guesses done
    of those to try in the large parts running (stepwise on a worker, `steps`, or shared,
    `SplitPart`)."""
    found = int(best) if holder is not None else None
    now = next((o for o in openings if not o.finished), holder or openings[-1])
    lower = min([INFEASIBLE if found is None else found]
                + [o.floor(game.size) for o in openings if not (o.failed or o.finished)])
    inside = [(done, of) for done, of in (steps.tolist() if steps is not None else []) if of > 0]
    inside += [(split.next, split.found) for o in openings for split in o.splits.values()]
    return RootStanding(
        opening=game.format_codeword(now.guess), order=now.order + 1, openings=len(openings),
        proven=len(now.known), parts=len(now.parts), running=now.running, best=found,
        lower=None if lower >= INFEASIBLE else int(lower),
        inside=(sum(d for d, _f in inside), sum(f for _d, f in inside)) if inside else None)


def _live_total(live) -> int:
    return int(np.frombuffer(live, dtype=np.int64).sum())


_RUNS = itertools.count()
# Parts whose candidates can be spread over the workers at one time (shared best totals).
SPLIT_SLOTS = 64
_POOL = None  # (executor, abort ticket, workers, live node counts, stepwise progress)
_WORKER: dict = {}  # in a pool's worker process: the shared abort ticket and node counts, its slot
# In a worker process (a pool's, or a Dask worker's, which may run tasks in several threads):
# each thread's search of the current run, its cache kept between the parts of the run.
_THREAD = threading.local()


def worker_pool(workers: int):
    """A pool of forked worker processes, kept for the next search; the shared abort ticket
    (one int64) and the shared live node counts (one int64 per worker, each written by its
    own worker only, so no lock is needed). Each worker also shares where its stepwise part
    stands (`pool_steps`), and publishes the exact values it proves for the others to read
    (config.SHARED_CACHE_BYTES a worker: `engine.shared_import`)."""
    global _POOL
    row_bytes = int(config.SHARED_CACHE_BYTES)
    if (_POOL is None or _POOL[2] != workers or _POOL[7] != row_bytes
            or getattr(_POOL[0], "_broken", False)):
        import atexit
        import mmap
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor

        if _POOL is None:
            atexit.register(close_pool)  # before the interpreter tears down what the pool uses
        close_pool()
        context = multiprocessing.get_context("fork")
        abort = context.RawArray("q", 1)
        live = context.RawArray("q", workers)
        steps = context.RawArray("q", 2 * workers)
        bests = context.RawArray("q", SPLIT_SLOTS)
        kept = context.RawArray("q", workers)
        slots = context.Value("i", 0)
        # Anonymous shared memory, mapped before the fork: the pages are zero and cost nothing
        # until a worker writes them (no file under /dev/shm, which may be small).
        shared = mmap.mmap(-1, shared_cache_sizes(workers, row_bytes)[0]) if row_bytes > 0 else None
        _POOL = (ProcessPoolExecutor(workers, mp_context=context, initializer=_init_worker,
                                     initargs=(abort, live, slots, steps, bests, kept, shared, row_bytes)),
                 abort, workers, live, steps, bests, kept, row_bytes, shared)
    return _POOL[0], _POOL[1], _POOL[3]


def pool_bests() -> "np.ndarray | None":
    """The kept pool's shared best totals, one slot per part whose candidates are spread over
    the workers (`SplitPart`): the root writes, the workers read. None without a pool."""
    if _POOL is None:
        return None
    return np.frombuffer(_POOL[5], dtype=np.int64)


def pool_kept() -> int:
    """How many results the kept pool's workers have written to a checkpoint (a step of a part,
    a part of a shared candidate) since the pool started; 0 without a pool."""
    return 0 if _POOL is None else int(np.frombuffer(_POOL[6], dtype=np.int64).sum())


def pool_steps() -> "np.ndarray | None":
    """(candidates done, candidates) of the stepwise part each worker of the kept pool is
    searching, one row per worker ((0, 0): none), or None without a pool."""
    if _POOL is None:
        return None
    return np.frombuffer(_POOL[4], dtype=np.int64).reshape(-1, 2)


def close_pool() -> None:
    """Shut the kept pool down (at exit, or before a pool of another size replaces it)."""
    global _POOL
    if _POOL is not None:
        _POOL[0].shutdown(wait=True, cancel_futures=True)
        _POOL = None


def _init_worker(abort, live, slots, steps, bests, kept, shared, row_bytes) -> None:
    die_with_parent()  # first: the worker ends with its parent, however that ends
    with slots.get_lock():
        slot = slots.value
        slots.value += 1
    _WORKER["abort"] = np.frombuffer(abort, dtype=np.int64)
    _WORKER["live"] = np.frombuffer(live, dtype=np.int64)
    _WORKER["slot"] = slot % len(_WORKER["live"])
    _WORKER["steps"] = np.frombuffer(steps, dtype=np.int64).reshape(-1, 2)
    _WORKER["bests"] = np.frombuffer(bests, dtype=np.int64)
    _WORKER["kept"] = np.frombuffer(kept, dtype=np.int64)
    _WORKER["shared"] = None if shared is None else shared_rows(shared, len(_WORKER["live"]), row_bytes)


def _count_kept() -> None:
    """One more result this worker wrote to a checkpoint (the root's `kept_anything` reads it)."""
    if "kept" in _WORKER:
        _WORKER["kept"][_WORKER["slot"]] += 1


class _CountedLog:
    """A step log whose every record is counted as kept (it is written at the latest when the
    search stops: `solve_stepwise` flushes it however it ends)."""

    def __init__(self, log):
        self.log = log

    def lookup(self, guess: int, ordinal: int):
        return self.log.lookup(guess, ordinal)

    def record(self, guess: int, ordinal: int, value: int, exact: bool) -> None:
        self.log.record(guess, ordinal, value, exact)
        _count_kept()

    def flush(self) -> None:
        self.log.flush()


def solve_part(run, game_name: str, secrets, played, depth, budget, ticket, abort=None,
               possible_guesses: bool = False, steps: "str | None" = None,
               stepwise: "bool | None" = None):
    """In a worker: solve one position with this run's search (its cache kept between parts).
    `possible_guesses`: the search restricted to guesses from the secrets still possible.
    `steps`: the file of the part's `checkpoint.StepLog`: the part is searched one candidate
    at a time (`stepwise`), what it proves kept there as it goes; None: keeping nothing.
    `stepwise`: search the part one candidate at a time (with a step log, always); None: if
    it holds at least config.STEPWISE_MIN_SECRETS secrets, else in one engine call.

    `abort`: the run's abort ticket (anything with `.value`: a `SharedValue`
    on a Dask cluster); None: the process pool's shared array. The part
    stops when the ticket passes `ticket`.
    Returns (value or None if told to stop, tree or None, the stats it added)."""
    search, watcher = _run_search(run, game_name, possible_guesses, ticket, abort)
    if search is None:
        return None, None, {}
    before = search.stats.as_dict()
    secrets = np.asarray(secrets, dtype=np.int64)
    # A large part goes one candidate at a time (its candidates' parts bounded one guess deeper
    # first), with a step log where a checkpoint keeps one.
    stepwise = steps is not None or (wants_stepwise(len(secrets)) if stepwise is None else stepwise)
    try:
        if stepwise:
            log = _CountedLog(StepLog(steps, config.STEP_LOG_FLUSH_S)) if steps is not None else None
            value, tree = solve_stepwise(search, secrets, tuple(played), depth, budget, log,
                                         on_candidate=_show_steps if abort is None else None)
        else:
            value = search.value(secrets, tuple(played), depth, budget)
            tree = search.tree(secrets, tuple(played), depth) if value < budget else None
    except SearchAborted:
        value, tree = None, None
    finally:
        if watcher is not None:
            watcher.stop()
        if stepwise and abort is None:
            _show_steps(0, 0)
    after = search.stats.as_dict()
    return value, tree, {k: after[k] - before[k] for k in after}


def _run_search(run, game_name: str, possible_guesses: bool, ticket: int, abort):
    """In a worker: this run's search (made at its first task, its cache kept between the run's
    tasks), set to stop when the abort ticket passes `ticket`, and the watcher that copies a
    cluster's ticket in (or None); (None, None) if the ticket has passed already."""
    if getattr(_THREAD, "run", None) != run:
        _THREAD.run = run
        _THREAD.search = OptimalSearch(game_name, possible_guesses)
        if abort is None and _WORKER.get("shared") is not None:  # a process pool's run (an int)
            _THREAD.search.share_cache(_WORKER["shared"], _WORKER["slot"], run + 1)
    search = _THREAD.search
    search.run[0] = ticket
    if abort is None:
        search.control, search.live = _WORKER["abort"], _WORKER["live"]
        search.run[1] = _WORKER["slot"]
        return (None, None) if search.control[0] > ticket else (search, None)
    # The ticket lives elsewhere (a cluster's shared variable): copy it in while the search runs.
    search.control = np.zeros(1, dtype=np.int64)
    try:
        search.control[0] = abort.value
    except TimeoutError:  # the run's ticket is gone: the run ended (or was stopped) before this part began
        return None, None
    if search.control[0] > ticket:
        return None, None
    return search, _TicketWatcher(abort, search.control)


def solve_candidate(run, game_name: str, secrets, played, depth, guess, bound, best, slot, ticket,
                    possible_guesses: bool = False, known=(), log_path: "str | None" = None):
    """In a pool's worker: one candidate of a part whose candidates are spread over the workers
    (`split.SplitPart`), as `stepwise.candidate_total` searches it, the best to beat read again
    from the pool's shared slot `slot` before each of its parts. `known`: what the part's step
    log knows of this candidate's parts, (ordinal, value, exact) rows. `log_path`: the
    candidate's own log, kept as it goes (`SplitPart.candidate_log`), or None.
    Returns (total, beats, {score: subtree} if it beats the best else None, the (ordinal,
    value, exact) rows it proved, the stats it added), or None if told to stop."""
    search, _watcher = _run_search(run, game_name, possible_guesses, ticket, None)
    if search is None:
        return None
    before = search.stats.as_dict()
    secrets = np.asarray(secrets, dtype=np.int64)
    log = _CandidateLog(guess, known, log_path)
    bests = _WORKER["bests"]
    try:
        total, beats = candidate_total(search, secrets, tuple(played), depth, guess, bound, best, log,
                                       current_best=lambda: bests[slot])
        branches = branches_below(search, secrets, tuple(played), depth, guess) if beats else None
    except SearchAborted:
        return None
    finally:
        log.close()
    after = search.stats.as_dict()
    return total, beats, branches, log.new, {k: after[k] - before[k] for k in after}


class _CandidateLog:
    """The step log as one candidate's task sees it: what the root sent along, and what the
    task proves (sent back for the root to keep)."""

    def __init__(self, guess: int, known, path: "str | None" = None):
        self.guess = guess
        self.entries = {int(o): (int(v), bool(e)) for o, v, e in known}
        self.new = []
        self.kept = StepLog(path, config.STEP_LOG_FLUSH_S) if path is not None else None

    def lookup(self, guess: int, ordinal: int):
        return self.entries.get(ordinal) if guess == self.guess else None

    def record(self, guess: int, ordinal: int, value: int, exact: bool) -> None:
        self.entries[ordinal] = (int(value), bool(exact))
        self.new.append((int(ordinal), int(value), bool(exact)))
        if self.kept is not None:
            self.kept.record(guess, ordinal, value, exact)
            _count_kept()

    def close(self) -> None:
        if self.kept is not None:
            self.kept.flush()


def _show_steps(done: int, found: int) -> None:
    """Tell the parent how far this worker's stepwise part has gone (its bar shows it)."""
    row = _WORKER["steps"][_WORKER["slot"]]
    row[1], row[0] = found, done


class _TicketWatcher:
    """Copies a remote abort ticket into the search's control array every `poll_s` seconds."""

    def __init__(self, source, target, poll_s: float = 0.2):
        self.source, self.target, self.poll_s = source, target, poll_s
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._watch, daemon=True)
        self.thread.start()

    def _watch(self):
        while not self.done.wait(self.poll_s):
            try:
                self.target[0] = int(self.source.value)
            except Exception:  # the cluster went away: let the search run to its end
                return

    def stop(self):
        self.done.set()
        self.thread.join()
