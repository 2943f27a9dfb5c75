"""The `cpu` backend: every game at once, in parallel Numba kernels on every core.

It plays the algorithm of `solver_reference` (the specification) and gives
exactly its results: the same guess for every game on every turn, the same
turn counts, the same `scores` figure and the same per-turn statistics. Only
the arrangement differs (see `mmlib.kernels_cpu`):

1. `order` holds the games still playing, grouped by region, each region's
   games sorted by secret; regions are renumbered densely every turn, so there
   is no limit on turns or on the depth of region ids.
2. `play_turn` scores every game's guess and splits each region by score with
   a stable counting sort.
3. `shortcut_guesses` settles regions of one or two games and finds fully
   discriminating guesses.
4. The other regions are searched by tasks of about equal work, in parallel
   on every core (`run_search_tasks`, numba `parallel=True`), and reduced per
   region with the tie-break of `strategies.is_better`.

The serial kernels are cached on disk by numba; the parallel one cannot be, so
it is compiled in each process, the first time a turn has enough work to be
worth the threads (PARALLEL_MIN_SCORES): small games run the same tasks on
one thread and never wait for that compile. Compile time is reported apart
from the solve time (`SolveResult.compile_s`).

On a Dask cluster (`client=`, see `mmlib.core.cluster` and docs/cluster.md)
the client plays every turn and keeps the state; only step 4 moves: the
search tasks of a turn with at least CLUSTER_MIN_SCORES scores are dealt
round-robin into a few parts per worker thread (as the threads take them)
and run on the workers by the same serial kernel (`_search_part`), each
worker building the game's packed codewords once. What travels per turn
(`_cluster_turn`): the secrets of the regions searched, grouped by region,
with each region's length, early-exit bound (Knuth) and candidate list, and
the tasks, as int32, broadcast once to every worker; then two ints per part
out and (index, rank, in PS) per task back. The reduction is the
tie-break's total order, so the guesses are those of the in-process run.

Candidates: every codeword, given to the search as "all" (no index array).
`GuessSearch.search` takes an explicit candidate list per region as well, so
that case equivalence can hand it each region's class representatives.
"""

from __future__ import annotations

import time

import numba
import numpy as np

from . import kernels_cpu as k
from .case_equivalence import acr_candidates, regions_zero_free, use_case_equivalence
from .games import Game
from .memory import check_host_memory
from .progress import SolveProgress
from .results import SolveResult, TurnStats, make_turn_stats
from .scoring import score_mask
from .strategies import Strategy, entropy_table

# Search tasks: about this many tasks per worker per turn, each of at least
# MIN_TASK_SCORES scores, so that workers finish together and tasks stay cheap.
TASKS_PER_WORKER = 32
MIN_TASK_SCORES = 1 << 17
# A turn's search runs on every core from this many scores (about 20 ms on one
# core); below, the threads would cost more than they save.
PARALLEL_MIN_SCORES = 1 << 24
# With a progress bar, the search of a turn runs in about this many batches.
PROGRESS_BATCHES = 40
# Early exit (see kernels_cpu.candidate_rank) only where it pays. Measured on
# the biggest 5p8c regions with a good bound, a candidate's partial rank
# passes the best rank after about 80% of PS for Knuth (the search takes 0-18%
# less time), 92% for Expected Size and 99.5% for Entropy (no gain: the checks
# cost as much as they save).
EARLY_EXIT_STRATEGIES = (int(Strategy.KNUTH),)
# Candidates probed per big region for the first bound.
PROBES = 8
# With a cluster: turns searching fewer scores stay in-process (a round trip
# to the workers costs milliseconds), and each worker thread gets about this
# many parts of a turn's tasks.
CLUSTER_MIN_SCORES = 1 << 22
PARTS_PER_CLUSTER_THREAD = 4

_serial_ready = False
_parallel_ready = False


def warm_up() -> float:
    """Load the serial kernels (compiling them into numba's cache the first time); seconds taken."""
    global _serial_ready
    if _serial_ready:
        return 0.0
    started = time.perf_counter()
    game = Game(3, 4)  # small, yet it reaches every serial kernel
    _play_all_games(game, Strategy.KNUTH, game.parse_codeword("112"), SolveProgress(False, ""))
    _serial_ready = True
    return time.perf_counter() - started


def solve_cpu(game: Game, strategy: Strategy, first_guess: int, case_equivalence: str = "off",
              progress: bool = False, ce_min_region: int = 0, client=None, search_device: str = "cpu",
              **_options) -> SolveResult:
    """Play every game of `game` with `strategy` from `first_guess`, on every core.

    `case_equivalence` ('on', 'off' or 'auto', see `use_case_equivalence`)
    searches each region's class representatives ACr instead of every codeword
    (only in regions of at least `ce_min_region` games). `progress` shows a bar per turn on stderr.
    `client`, a `distributed.Client`, runs the big searches on the cluster's workers instead
    (same results); with `search_device` 'cuda' each worker runs them on its own GPU
    (`solver_cuda.GpuSearcher`, one worker per GPU) and the result says backend 'cuda'.
    """
    game = Game.parse(game)
    strategy = Strategy.parse(strategy)
    if not 0 <= int(first_guess) < game.size:
        raise ValueError(f"first guess {first_guess} is not a codeword index of {game.name}")
    check_host_memory(game, "cpu")
    use_ce = use_case_equivalence(game, case_equivalence)
    compile_s = warm_up()
    if search_device not in ("cpu", "cuda") or (search_device == "cuda" and client is None):
        raise ValueError(f"search_device {search_device!r}: 'cpu', or 'cuda' with a client")
    if client is not None:  # load the kernels and build the codewords on every worker, untimed
        started = time.perf_counter()
        if search_device == "cuda":
            _require_worker_gpus(client)
            client.run(_warm_gpu_worker, game.name, int(strategy))
        else:
            client.run(_warm_worker, game.name)
        compile_s += time.perf_counter() - started
    started = time.perf_counter()
    label = f"{game.name} {strategy.label} {search_device}" + (" cluster" if client is not None else "")
    with SolveProgress(progress, label) as reporter:
        guesses, turns, scores, stats, search = _play_all_games(
            game, strategy, int(first_guess), reporter, use_ce, ce_min_region, client, search_device)
    return SolveResult(
        game=game,
        strategy=strategy,
        backend=search_device,
        first_guess=int(first_guess),
        guesses=guesses,
        turns=turns,
        scores=scores,
        elapsed_s=time.perf_counter() - started - search.compile_s,
        turn_stats=stats,
        compile_s=compile_s + search.compile_s,
        case_equivalence=use_ce,
        scores_saved=search.scores_saved,
    )


def _play_all_games(game: Game, strategy: Strategy, first_guess: int, reporter: SolveProgress,
                    case_equivalence: bool = False, ce_min_region: int = 0, client=None,
                    search_device: str = "cpu"):
    """The turn loop; returns (guesses, turns, scores, turn stats, the GuessSearch used)."""
    codewords = game.codewords
    words, lo, hi = codewords.words, codewords.counts_lo, codewords.counts_hi
    n = game.size
    search = GuessSearch(game, strategy, words, lo, hi, case_equivalence, ce_min_region, client,
                         search_device)

    order = np.arange(n, dtype=np.int64)
    region_start = np.zeros(1, dtype=np.int64)
    region_len = np.full(1, n, dtype=np.int64)
    region_guess = np.full(1, first_guess, dtype=np.int64)
    turns = np.zeros(n, dtype=np.int64)
    rows: list[np.ndarray] = []
    stats: list[TurnStats] = []
    total_scores = 0
    turn = 0
    while order.size:
        turn += 1
        turn_started, turn_cpu = time.perf_counter(), time.process_time()
        games_active = order.size
        row = np.full(n, -1, dtype=np.int32)
        new_order = np.empty(games_active, dtype=np.int64)
        new_start = np.empty(games_active, dtype=np.int64)
        new_len = np.empty(games_active, dtype=np.int64)
        n_regions, playing = k.play_turn(
            order, region_start, region_len, region_guess, words, lo, hi, game.pins, search.unused,
            game.win_ordinal, game.score_slots, turn, row, turns, new_order, new_start, new_len)
        rows.append(row)
        search.record_played(row)
        order = new_order[:playing]
        region_start = new_start[:n_regions].copy()
        region_len = new_len[:n_regions].copy()
        del new_order, new_start, new_len

        phase2_started = time.perf_counter()
        compile_before = search.compile_s
        region_guess, turn_scores = search.choose_guesses(
            turn, order, region_start, region_len, games_active, reporter)
        total_scores += turn_scores
        compiled = search.compile_s - compile_before  # compiling is no part of the turn
        phase2_s = time.perf_counter() - phase2_started - compiled
        # A cluster searches in other processes, whose CPU time this one cannot see.
        cpu_s = time.process_time() - turn_cpu - compiled if client is None else 0.0
        stats.append(make_turn_stats(turn, games_active, turn_scores, region_len, search.searched_regions,
                                     phase2_started - turn_started, phase2_s, cpu_s))
        reporter.end_turn(int(playing), int(n_regions), total_scores)
    return np.stack(rows), turns, total_scores, stats, search


class GuessSearch:
    """Chooses the next guess of every region, turn after turn, for one solve.

    Holds what does not change between turns: the packed codewords, the
    strategy and its tables, the number of worker threads (with a `client`,
    the cluster's).
    """

    def __init__(self, game: Game, strategy: Strategy, words, lo, hi, case_equivalence=False,
                 ce_min_region=0, client=None, search_device="cpu"):
        self.game = game
        self.search_device = search_device  # where the cluster's workers search: cpu or cuda
        self.strategy = int(strategy)
        self.words, self.lo, self.hi = words, lo, hi
        self.unused = score_mask(game)
        self.wide_colors = game.colors > 8
        self.entropy = entropy_table(game.size)
        self.workers = numba.get_num_threads()
        self.client = client
        self.cluster_threads = sum(client.nthreads().values()) if client is not None else 0
        self.remote_parts = 0  # parts of turns searched on the cluster
        self.compile_s = 0.0  # spent compiling the parallel kernel during this solve
        self.case_equivalence = case_equivalence
        self.ce_min_region = int(ce_min_region)  # smaller regions search every codeword
        self.scores_saved = 0
        self.searched_regions = 0  # regions of the last turn that needed the full search
        if case_equivalence:
            # Colors of every codeword as a bit mask, and of the guesses each game has played.
            self.color_mask = codeword_color_masks(lo, hi, game.colors)
            self.played_mask = np.zeros(game.size, dtype=np.int64)

    def record_played(self, row):
        """Add this turn's guesses (row[secret], -1 for games already won) to each game's colors."""
        if self.case_equivalence:
            playing = np.flatnonzero(row >= 0)
            self.played_mask[playing] |= self.color_mask[row[playing]]

    def class_representatives(self, searched, order, region_start, region_len):
        """(start, length, flat) candidate lists: each searched region's ACr (Ville 2013).

        Regions with the same Zero and Free colors share one list; where both are
        empty the region searches every codeword (start -1).
        """
        game = self.game
        n_regions = region_start.size
        played = self.played_mask[order[region_start[searched]]]
        z, f = np.empty(searched.size, dtype=np.int64), np.empty(searched.size, dtype=np.int64)
        regions_zero_free(order, region_start[searched], region_len[searched], self.lo, self.hi,
                          played, game.colors, z, f)
        start = np.full(n_regions, -1, dtype=np.int64)
        length = np.zeros(n_regions, dtype=np.int64)
        lists, offset = [], 0
        for z_mask, f_mask in set(zip(z.tolist(), f.tolist())):
            if z_mask == 0 and f_mask == 0:
                continue
            members = acr_candidates(game, z_mask, f_mask)
            chosen = searched[(z == z_mask) & (f == f_mask)]  # z, f run parallel to searched
            start[chosen], length[chosen] = offset, members.size
            lists.append(members)
            offset += members.size
        flat = np.concatenate(lists) if lists else np.empty(0, dtype=np.int64)
        return start, length, flat

    def choose_guesses(self, turn, order, region_start, region_len, games_active, reporter):
        """(next guess per region, scores this turn) for the regions of `order`."""
        game = self.game
        ps_words, ps_lo, ps_hi = self.words[order], self.lo[order], self.hi[order]
        guess = np.empty(region_start.size, dtype=np.int64)
        k.shortcut_guesses(order, region_start, region_len, ps_words, ps_lo, ps_hi, game.pins,
                           self.unused, game.score_slots, game.num_scores, guess)
        # Scores, as the reference counts them: each game scores its guess; an FD
        # check costs |PS|^2 where it is tried; a full search candidates * |PS|.
        fd_tried = (region_len >= 3) & (region_len <= game.num_scores)
        scores = int(games_active) + int(np.sum(region_len[fd_tried] ** 2))
        searched = np.flatnonzero(guess < 0)
        self.searched_regions = searched.size
        # Every codeword is a candidate, or with case equivalence each region's ACr.
        candidates = None
        with_ce = searched[:0]
        if self.case_equivalence:
            with_ce = searched[region_len[searched] >= self.ce_min_region]
        if with_ce.size:
            candidates = self.class_representatives(with_ce, order, region_start, region_len)
        candidates_len = _candidate_lists(region_start.size, game.size, candidates)[1]
        search_scores = int(np.sum(candidates_len[searched] * region_len[searched]))
        self.scores_saved += int(np.sum((game.size - candidates_len[searched]) * region_len[searched]))
        reporter.start_turn(turn, int(games_active), scores + search_scores)
        reporter.advance(scores)
        self.search(searched, order, region_start, region_len, ps_words, ps_lo, ps_hi, guess,
                    reporter, candidates)
        return guess, scores + search_scores

    def search(self, searched, order, region_start, region_len, ps_words, ps_lo, ps_hi, guess,
               reporter=None, candidates=None):
        """Write the best candidate of each region in `searched` into `guess`; return its scores.

        `order[region_start[r]:][:region_len[r]]` are region r's secrets, sorted;
        `ps_words` etc. are the packed codewords of `order`. `candidates` is None
        for "every codeword", or (start, length, flat): region r's candidates are
        flat[start[r]:start[r] + length[r]], sorted codeword indices (start -1:
        every codeword). Guesses already played need not be left out: with
        |PS| >= 3 they put PS in one subset, and a member of PS ranks better.
        """
        reporter = reporter if reporter is not None else SolveProgress(False, "")
        n = self.game.size
        n_regions = region_start.size
        candidates_start, candidates_len, candidates_flat = _candidate_lists(n_regions, n, candidates)
        if searched.size == 0:
            return 0
        if np.any(candidates_len[searched] <= 0):
            raise ValueError("every region searched needs at least one candidate")
        region_of_secret = np.full(n, -1, dtype=np.int64)
        region_of_secret[order] = np.repeat(np.arange(n_regions, dtype=np.int64), region_len)
        region_bound = np.full(n_regions, k.NO_BOUND, dtype=np.int64)
        if self.strategy in EARLY_EXIT_STRATEGIES:
            big = searched[region_len[searched] >= k.SMALL_REGION]
            k.probe_bounds(big, region_start, region_len, candidates_start, candidates_len,
                           candidates_flat, ps_words, ps_lo, ps_hi, self.words, self.lo, self.hi,
                           self.game.pins, self.unused, self.wide_colors, self.game.score_slots,
                           self.strategy, self.entropy, PROBES, region_bound)

        work = candidates_len[searched] * region_len[searched]
        on_cluster = self.client is not None and int(work.sum()) >= CLUSTER_MIN_SCORES
        task_region, task_first, task_last, task_work = _make_tasks(
            searched, candidates_len[searched], work,
            self.cluster_threads if on_cluster else self.workers)
        n_tasks = task_region.size
        out_index = np.empty(n_tasks, dtype=np.int64)
        out_rank = np.empty(n_tasks, dtype=np.int64)
        out_in_ps = np.empty(n_tasks, dtype=np.bool_)
        if on_cluster:
            turn = _cluster_turn(searched, order, region_start, region_len, region_bound,
                                 (candidates_start, candidates_len, candidates_flat),
                                 (task_region, task_first, task_last))
            self._search_on_cluster(turn, task_work, (out_index, out_rank, out_in_ps), reporter)
        parallel = self.workers > 1 and int(work.sum()) >= PARALLEL_MIN_SCORES
        batches = PROGRESS_BATCHES if reporter.enabled else 1
        for first, last in [] if on_cluster else _batch_bounds(task_work, batches):
            tasks = (task_region[first:last], task_first[first:last], task_last[first:last],
                     region_start, region_len, region_bound, candidates_start, candidates_len,
                     candidates_flat, ps_words, ps_lo, ps_hi, self.words, self.lo, self.hi,
                     region_of_secret, self.game.pins, self.unused, self.wide_colors,
                     self.game.score_slots, self.strategy, self.entropy)
            outputs = (out_index[first:last], out_rank[first:last], out_in_ps[first:last])
            if parallel:
                self._compile_parallel(tasks, outputs)
                k.run_search_tasks(*tasks, self.workers, *outputs)
            else:  # the same tasks, all of them on this thread
                k.search_worker(0, 1, *tasks, *outputs)
            reporter.advance(int(task_work[first:last].sum()))
        guess[searched] = -1
        k.reduce_tasks(task_region, out_index, out_rank, out_in_ps, guess)
        if np.any(guess[searched] < 0):  # cannot happen: some candidate always completes
            raise RuntimeError("internal error: a region was left without a guess")
        return int(work.sum())

    def _search_on_cluster(self, turn, task_work, outputs, reporter):
        """Search the turn's tasks on the cluster, in parts dealt round-robin; fill `outputs`."""
        from distributed import as_completed

        game = self.game
        [turn_data] = self.client.scatter([turn], broadcast=True, hash=False)
        # Part j takes tasks j, j + parts, ...: like the threads in-process, each part gets
        # some of every region, so that the early exit's uneven savings even out.
        per_thread = PARTS_PER_CLUSTER_THREAD if self.search_device == "cpu" else 1  # a GPU wants big parts
        parts = max(1, min(task_work.size, self.cluster_threads * per_thread))
        search_part = _search_part if self.search_device == "cpu" else _search_part_gpu
        futures = {self.client.submit(search_part, turn_data, game.name, self.strategy,
                                      part, parts, pure=False): part
                   for part in range(parts)}
        try:
            for future in as_completed(futures):
                part = futures[future]
                for out, found in zip(outputs, future.result()):
                    out[part::parts] = found
                reporter.advance(int(task_work[part::parts].sum()))
                future.release()
        except BaseException:
            self.client.cancel(list(futures))
            raise
        finally:
            turn_data.release()
        self.remote_parts += parts

    def _compile_parallel(self, tasks, outputs):
        """Compile the parallel kernel on no tasks at all, once per process, timing it."""
        global _parallel_ready
        if _parallel_ready:
            return
        started = time.perf_counter()
        nothing = tuple(array[:0] for array in tasks[:3])
        k.run_search_tasks(*nothing, *tasks[3:], self.workers, *(array[:0] for array in outputs))
        _parallel_ready = True
        self.compile_s += time.perf_counter() - started


def _worker_game(name: str):
    """(game, words, lo, hi, score mask, entropy table) of a game (by name, rules
    included), built once per worker process."""
    from .cluster import worker_cache

    def build():
        game = Game.parse(name)
        codewords = game.codewords
        return (game, codewords.words, codewords.counts_lo, codewords.counts_hi,
                score_mask(game), entropy_table(game.size))

    return worker_cache(("solver_cpu", name), build)


def _warm_worker(name: str) -> None:
    """On each worker: load the serial kernels and build the game's codewords."""
    warm_up()
    _worker_game(name)


def _small_ints(values) -> np.ndarray:
    """int32 where every value fits (the usual case), else int64: half the bytes on the wire."""
    values = np.asarray(values, dtype=np.int64)
    fits = values.size == 0 or (values.min() >= -2**31 and values.max() < 2**31)
    return values.astype(np.int32) if fits else values


def _cluster_turn(searched, order, region_start, region_len, region_bound, candidates, tasks) -> dict:
    """What the workers need of a turn: the searched regions only, renumbered 0, 1, ...

    The secrets of each searched region (its slice of `order`), their lengths,
    their early-exit bounds (Knuth only), their candidate lists and the tasks,
    as int32 where they fit. Regions settled by a shortcut stay home.
    """
    lengths = region_len[searched]
    total = int(lengths.sum())
    offsets = np.cumsum(lengths) - lengths
    members = np.repeat(region_start[searched] - offsets, lengths) + np.arange(total, dtype=np.int64)
    renumber = np.full(region_start.size, -1, dtype=np.int64)
    renumber[searched] = np.arange(searched.size, dtype=np.int64)
    starts, lens, flat = candidates
    bounds = region_bound[searched]
    task_region, task_first, task_last = tasks
    return {
        "secrets": _small_ints(order[members]),
        "lengths": _small_ints(lengths),
        "bounds": None if np.all(bounds == k.NO_BOUND) else bounds,
        "candidates": (_small_ints(starts[searched]), _small_ints(lens[searched]), _small_ints(flat)),
        "tasks": (_small_ints(renumber[task_region]), _small_ints(task_first), _small_ints(task_last)),
    }


def _search_part(turn: dict, name: str, strategy: int, part: int, parts: int):
    """On a worker: (index, rank, in PS) of tasks part, part + parts, ... of a turn (`_cluster_turn`)."""
    game, words, lo, hi, unused, entropy = _worker_game(name)
    if "_arrays" not in turn:  # once per turn and worker: the turn's data stays in its memory
        secrets = turn["secrets"].astype(np.int64)
        lengths = turn["lengths"].astype(np.int64)
        n_regions = lengths.size
        region_of_secret = np.full(game.size, -1, dtype=np.int64)
        region_of_secret[secrets] = np.repeat(np.arange(n_regions, dtype=np.int64), lengths)
        bounds = turn["bounds"]
        turn["_arrays"] = (
            np.cumsum(lengths) - lengths, lengths,
            np.full(n_regions, k.NO_BOUND, dtype=np.int64) if bounds is None else np.array(bounds),
            *(a.astype(np.int64) for a in turn["candidates"]),
            words[secrets], lo[secrets], hi[secrets], region_of_secret)
    (region_start, region_len, region_bound, candidates_start, candidates_len, candidates_flat,
     ps_words, ps_lo, ps_hi, region_of_secret) = turn["_arrays"]
    task_region, task_first, task_last = (a[part::parts].astype(np.int64) for a in turn["tasks"])
    count = task_region.size
    outputs = (np.empty(count, dtype=np.int64), np.empty(count, dtype=np.int64),
               np.empty(count, dtype=np.bool_))
    k.search_worker(0, 1, task_region, task_first, task_last, region_start, region_len,
                    region_bound, candidates_start, candidates_len, candidates_flat,
                    ps_words, ps_lo, ps_hi, words, lo, hi, region_of_secret, game.pins, unused,
                    game.colors > 8, game.score_slots, int(strategy), entropy, *outputs)
    return outputs


def _require_worker_gpus(client, has_gpu=None) -> None:
    """One line unless every worker of `client` sees a CUDA GPU (or the simulator).

    `has_gpu` runs on each worker (default `solver_cuda.cuda_gpu_available`)."""
    from .solver_cuda import cuda_gpu_available

    seen = client.run(has_gpu or cuda_gpu_available)
    without = sorted(address for address, has_gpu in seen.items() if not has_gpu)
    if not seen or without:
        raise ValueError(f"--backend cuda on a cluster needs a CUDA GPU on every worker; "
                         f"{len(without)} of {len(seen)} workers have none")


def _gpu_searcher(name: str, strategy: int):
    """This worker's `solver_cuda.GpuSearcher` for the game (by name, rules included), built once per process."""
    from .cluster import worker_cache
    from .solver_cuda import GpuSearcher

    return worker_cache(("gpu_searcher", name, strategy),
                        lambda: GpuSearcher(Game.parse(name), Strategy(strategy)))


def _warm_gpu_worker(name: str, strategy: int) -> None:
    """On each GPU worker: put the game's packed codewords on its GPU."""
    _gpu_searcher(name, strategy)


def _search_part_gpu(turn: dict, name: str, strategy: int, part: int, parts: int):
    """`_search_part` on the worker's GPU: the same tasks in, the same (index, rank, in PS) out."""
    tasks = tuple(a[part::parts] for a in turn["tasks"])
    return _gpu_searcher(name, int(strategy)).search(
        turn["secrets"], turn["lengths"], turn["candidates"], tasks)


def codeword_color_masks(lo, hi, colors):
    """Bit k set where color k+1 occurs in the codeword, for every packed codeword."""
    masks = np.zeros(lo.size, dtype=np.int64)
    for color in range(colors):
        lanes, lane = (lo, color) if color < 8 else (hi, color - 8)
        present = ((lanes >> np.uint64(8 * lane)) & np.uint64(0xFF)) != 0
        masks |= present.astype(np.int64) << color
    return masks


def _candidate_lists(n_regions, n, candidates):
    """(start, length, flat) int64 arrays of every region's candidates; length n where start is -1."""
    if candidates is None:
        return (np.full(n_regions, -1, dtype=np.int64), np.full(n_regions, n, dtype=np.int64),
                np.empty(0, dtype=np.int64))
    start, length, flat = (np.ascontiguousarray(a, dtype=np.int64) for a in candidates)
    return start, np.where(start < 0, n, length), flat


def _make_tasks(searched, candidates_len, work, workers):
    """Cut each searched region's candidates into chunks of about equal work.

    Returns (region, first candidate, last candidate, work) per task.
    """
    total = int(work.sum())
    target = max(MIN_TASK_SCORES, total // max(1, workers * TASKS_PER_WORKER))
    chunks = np.clip(-(-work // target), 1, candidates_len)
    offsets = np.cumsum(chunks) - chunks
    task_region = np.repeat(searched, chunks)
    part = np.arange(int(chunks.sum()), dtype=np.int64) - np.repeat(offsets, chunks)
    parts = np.repeat(chunks, chunks)
    size = np.repeat(candidates_len, chunks)
    task_first = part * size // parts
    task_last = (part + 1) * size // parts
    task_work = (task_last - task_first) * (np.repeat(work, chunks) // size)
    return task_region, task_first, task_last, task_work


def _batch_bounds(task_work, batches):
    """[first, last) task ranges of about equal work, `batches` of them at most."""
    n_tasks = task_work.size
    if batches <= 1 or n_tasks <= 1:
        return [(0, n_tasks)]
    cumulative = np.cumsum(task_work)
    cuts = np.searchsorted(cumulative, cumulative[-1] * np.arange(1, batches) / batches)
    edges = np.unique(np.concatenate([[0], cuts, [n_tasks]]))
    return list(zip(edges[:-1].tolist(), edges[1:].tolist()))
