"""The `cuda` backend: every game at once on an NVIDIA GPU, with numba-cuda.

It plays the algorithm of `solver_reference` (the specification) and gives
exactly its results, following the design of seeds/Mastermind_on_the_GPU.md.
The game state lives on the device for the whole run: the games still playing
in region order (`order`), the region of each position, the secrets' packed
codewords gathered in that order, the region of each game, one guess per
region, and the per-turn guess vectors (`guesses[t, game]`).

A turn, with the kernels of `mmlib.kernels_cuda`:

Phase 1 (play and regroup)
  1. `score_turn`: every active game plays its region's guess, its score
     ordinal is kept, and games are counted per bucket (old region, score).
  2. Exclusive scans of the bucket counts (each bucket's first position) and
     of the non-empty flags (each bucket's new region number). Buckets are
     numbered region * slots + ordinal, so this is a counting sort: no
     comparison sort is needed, and the new regions come out in a fixed order.
  3. `new_regions` writes offsets and lengths; `scatter` moves every game not
     yet won to its new position (atomics within a bucket: the order of games
     inside a region is free) with its packed secret; won games drop out.
  4. Host sync 1: the number of games still playing and of regions.
  5. With case equivalence: `region_colors` + `zero_free` give each region's
     Zero and Free color masks.
Phase 2 (a next guess per region)
  6. `tiny_regions` (1 or 2 games) and `fully_discriminating` (3 .. p(p+3)/2
     games) settle what they can.
  7. Host sync 2: region lengths, the guesses settled so far (and the masks).
     The host sorts the rest by counter width and class-representative list.
  8. One upload of the search plan, then chunks of `subsetting` (one thread
     per candidate, counters in shared memory sized to |PS|) + `reduce_best`,
     all queued on one stream; with case equivalence each round first fills
     the bounded ACr buffer with `build_acr`.
So two device-to-host copies and one small upload per turn; nothing waits for
the searches until the next turn's sync 1.

What counts as a score is the reference's: each active game scores once per
turn; an FD check costs k*k for a region of k games; a full search costs
candidates * k, the candidates being every codeword or, with case
equivalence, the region's class representatives (their number by the closed
form `case_equivalence.acr_size`).
"""

from __future__ import annotations

import time

import numpy as np

from . import config
from .case_equivalence import acr_size, use_case_equivalence
from .games import Game
from .memory import require_fits
from .progress import SolveProgress
from .results import SolveResult, TurnStats, make_turn_stats
from .scoring import score_mask, thermometer_codes, thermometer_words
from .strategies import Strategy, entropy_table

NO_GPU_MESSAGE = "no CUDA GPU found; use --backend cpu"
_ENTROPY = int(Strategy.ENTROPY)


class NoCudaGpuError(ValueError):
    """The `cuda` backend was asked for on a machine without a usable CUDA GPU."""


def using_simulator() -> bool:
    """True when numba-cuda runs kernels in its simulator (NUMBA_ENABLE_CUDASIM=1)."""
    from numba import config as numba_config

    return bool(getattr(numba_config, "ENABLE_CUDASIM", 0))


def cuda_gpu_available() -> bool:
    """A CUDA GPU with its driver and NVVM, or the simulator; never raises."""
    try:
        from numba import cuda

        return bool(cuda.is_available())
    except Exception:  # noqa: BLE001 (no driver, no toolkit: all mean "no GPU")
        return False


def require_cuda_gpu() -> None:
    if not cuda_gpu_available():
        raise NoCudaGpuError(NO_GPU_MESSAGE)


def device_name() -> str:
    """The name of the GPU the backend runs on ('CUDA simulator' under the simulator)."""
    require_cuda_gpu()
    if using_simulator():
        return "CUDA simulator"
    from numba import cuda

    name = cuda.get_current_device().name
    return name.decode() if isinstance(name, bytes) else str(name)


def subset_hits(game: Game) -> tuple[str, int, bool]:
    """(form, words, kept apart) of the hit codes the subsetting kernel reads
    (`kernels_cuda.make_subset_kernel`): the form config.SUBSET_HITS names, its 64-bit words
    per codeword, and whether they are arrays of their own (thermometer codes) or the
    color-count lanes every position carries anyway."""
    form = config.SUBSET_HITS
    if form == "thermometer":
        return form, thermometer_words(game), True
    return form, 2 if game.colors > 8 else 1, False


def running_rank_strategy(strategy: int) -> int:
    """The subsetting kernel's `running_strategy` for `strategy`: the strategy itself where
    config.SUBSET_RANK is "running" and its rank can be kept up to date as counters grow
    (every strategy but Entropy), else -1 (rank in a pass after the loop)."""
    if config.SUBSET_RANK not in ("running", "pass"):
        raise ValueError(f"config.SUBSET_RANK must be 'running' or 'pass', not {config.SUBSET_RANK!r}")
    if config.SUBSET_RANK == "running" and int(strategy) != int(Strategy.ENTROPY):
        return int(strategy)
    return -1


def hit_code_arrays(game: Game) -> tuple[np.ndarray, np.ndarray]:
    """The secrets' own hit codes for the subsetting kernel, every codeword in index order:
    (low words, high words) of the thermometer codes, each of length 0 where the kernel
    reads none (the lane form reads the color counts; one thermometer word leaves no high one)."""
    form, words, kept_apart = subset_hits(game)
    empty = np.zeros(0, dtype=np.uint64)
    if not kept_apart:
        return empty, empty
    lo, hi = thermometer_codes(game.codewords)
    return lo, hi if words == 2 else empty


def estimate_device_bytes(game: Game, case_equivalence: bool) -> int:
    """GPU memory the solver needs for `game` at its peak, on the generous side."""
    n = game.size
    slots = game.score_slots
    _form, words, kept_apart = subset_hits(game)
    hit_codes = 8 * words if kept_apart else 0
    per_game = (
        4 + 8 + 8 + hit_codes  # packed codewords
        + 2 * (4 + 4 + 4 + 8 + 8 + hit_codes)  # order, region, packed secrets: this turn and the next
        + 1 + 4  # score ordinals, region of each game
        + 5 * 4  # per region (at most one per game): offset, length, guess, Zero, Free
        + 4 * 4 * slots  # buckets (slots per region): count, start, flag, region number
        + 4 * config.GUESS_ROWS_PER_ALLOCATION * 2  # guess vectors, up to two allocations
        + (8 if case_equivalence else 0)  # played colors of each game
    )
    tables = 8 * (1 << max(1, (n - 1).bit_length()))  # the entropy table
    acr = 4 * max(config.ACR_BUFFER_CODEWORDS, n) if case_equivalence else 0
    block_results = 13 * config.MAX_BLOCKS_PER_LAUNCH
    return n * per_game + tables + acr + block_results


def solve_cuda(game: Game, strategy: Strategy, first_guess: int, case_equivalence: str = "auto",
               progress: bool = False, ce_min_region: int = 0, phase_times: "list | None" = None,
               **_options) -> SolveResult:
    """Play every game of `game` with `strategy` from `first_guess`, on the GPU.

    `case_equivalence`: 'auto' (on from `case_equivalence.CUDA_AUTO_MIN_CODEWORDS`
    codewords: below, on a GPU, it costs more than it saves), 'on' or 'off'; regions of fewer than `ce_min_region` games search
    every codeword all the same. `progress` shows a bar per turn on stderr.
    `phase_times`, a list, gets one dict per turn saying where its seconds went
    (`_DeviceRun.phase_times`; for `scripts/gpu_session.py phases`).
    Raises NoCudaGpuError (a ValueError) without a GPU.
    """
    game = Game.parse(game)
    strategy = Strategy.parse(strategy)
    if not 0 <= int(first_guess) < game.size:
        raise ValueError(f"first guess {first_guess} is not a codeword index of {game.name}")
    require_cuda_gpu()
    with_ce = use_case_equivalence(game, case_equivalence, "cuda")
    if not using_simulator():
        from numba import cuda

        free_bytes, _total = cuda.current_context().get_memory_info()
        require_fits(estimate_device_bytes(game, with_ce), free_bytes, "GPU memory",
                     f"solving {game.name} on the cuda backend")
    started = time.perf_counter()
    run = _DeviceRun(game, strategy, with_ce, ce_min_region)
    run.phase_times = phase_times
    label = f"{game.name} {strategy.label} cuda"
    with SolveProgress(progress, label) as reporter:
        run.play(int(first_guess), reporter)
    guesses = run.guesses_to_host()
    elapsed = time.perf_counter() - started
    return SolveResult(
        game=game,
        strategy=strategy,
        backend="cuda",
        first_guess=int(first_guess),
        guesses=guesses,
        turns=(guesses >= 0).sum(axis=0).astype(np.int64),
        scores=run.total_scores,
        elapsed_s=elapsed - run.compile_s,
        case_equivalence=with_ce,
        scores_saved=run.scores_saved,
        turn_stats=run.stats,
        compile_s=run.compile_s,
    )


class _Buffers:
    """Named device arrays that grow (doubling) and are reused, so a turn allocates nothing."""

    def __init__(self):
        self._arrays: dict[str, object] = {}

    def get(self, name: str, size: int, dtype) -> object:
        from numba import cuda

        dtype = np.dtype(dtype)
        array = self._arrays.get(name)
        if array is None or array.shape[0] < size or array.dtype != dtype:
            capacity = max(int(size), 1, 2 * array.shape[0] if array is not None else 0)
            array = cuda.device_array(capacity, dtype=dtype)
            self._arrays[name] = array
        return array[: max(int(size), 0)]


def _pair_keys(zero: np.ndarray, free: np.ndarray) -> np.ndarray:
    """One int64 per (Zero, Free) pair of masks."""
    return zero.astype(np.int64) << 32 | free.astype(np.int64)


def _blocks(size: int, threads: int) -> int:
    return max(1, -(-int(size) // int(threads)))


def _grid(size: int, threads: int) -> int:
    """Blocks for a grid-stride kernel over `size` elements."""
    return min(_blocks(size, threads), config.MAX_GRID_BLOCKS)


class _DeviceRun:
    """The state of one all-games solve on the device, and its turn loop."""

    def __init__(self, game: Game, strategy: Strategy, case_equivalence: bool, ce_min_region: int = 0):
        from numba import cuda

        from . import kernels_cuda as kc

        self.cuda, self.kc = cuda, kc
        self.game, self.strategy, self.ce = game, strategy, case_equivalence
        self.ce_min_region = int(ce_min_region)
        self.n, self.slots = game.size, game.score_slots
        self.pins = np.int64(game.pins)
        self.colors = np.int64(game.colors)
        self.unused = score_mask(game)
        self.compile_s = 0.0
        self.total_scores = 0
        self.scores_saved = 0
        self.stats: list[TurnStats] = []
        self.buffers = _Buffers()
        self.guess_blocks: list = []
        self.turns_played = 0
        self.acr_sizes: dict[tuple[int, int], int] = {}
        # Where each turn's seconds went, when asked for (a list): phase 1; phase 2 up to host
        # sync 2 (the small-region kernels, the Zero/Free masks, the copies); the host's search
        # plan; the searches, from the plan's upload until the device is done. Compile time out.
        self.phase_times: "list | None" = None
        self._marks: dict[str, float] = {}

        codewords = game.codewords
        self.words = cuda.to_device(codewords.words)
        self.counts_lo = cuda.to_device(codewords.counts_lo)
        self.counts_hi = cuda.to_device(codewords.counts_hi)
        self.hits_form, self.hit_words, self.hits_kept_apart = subset_hits(game)
        self.hits_lo, self.hits_hi = (cuda.to_device(a) for a in hit_code_arrays(game))
        table = entropy_table(self.n) if strategy == Strategy.ENTROPY else entropy_table(2)
        self.entropy = cuda.to_device(table)
        self.phase1 = kc.make_phase1_kernels()
        self.scan_kernels = kc.make_scan_kernels(config.SCAN_THREADS, config.SCAN_ITEMS)
        self.fill_kernel = kc.make_fill_kernel()

    # -- helpers ------------------------------------------------------------------

    def _launch(self, kernel, grid, block, *args) -> None:
        self.compile_s += self.kc.launch(kernel, grid, block, *args)

    def _fill(self, array, value, size: int) -> None:
        if size > 0:
            threads = config.GAME_THREADS
            self._launch(self.fill_kernel, _grid(size, threads), threads, array, value, np.int64(size))

    def _exclusive_scan(self, values, out, size: int, level: int = 0) -> None:
        """out[i] = values[0] + ... + values[i-1] (int32); `out` may be `values`."""
        scan_blocks, add_block_offsets, _total = self.scan_kernels
        span = config.SCAN_THREADS * config.SCAN_ITEMS
        blocks = _blocks(size, span)
        sums = self.buffers.get(f"scan_sums_{level}", blocks, np.int32)
        self._launch(scan_blocks, blocks, config.SCAN_THREADS, values, out, sums, np.int64(size))
        if blocks > 1:
            self._exclusive_scan(sums, sums, blocks, level + 1)
            threads = config.GAME_THREADS
            self._launch(add_block_offsets, _grid(size, threads), threads, out, sums, np.int64(size))

    def _store_total(self, values, scanned, size: int, totals, slot: int) -> None:
        self._launch(self.scan_kernels[2], 1, 1, values, scanned, np.int64(size), totals, np.int64(slot))

    def _guess_row(self, turn: int):
        """The device vector of guesses played on `turn` (1-based), allocated in blocks of turns."""
        rows = config.GUESS_ROWS_PER_ALLOCATION
        block, row = divmod(turn - 1, rows)
        if block == len(self.guess_blocks):
            self.guess_blocks.append(self.cuda.device_array(rows * self.n, dtype=np.int32))
        return self.guess_blocks[block][row * self.n: (row + 1) * self.n]

    def guesses_to_host(self) -> np.ndarray:
        out = np.empty((self.turns_played, self.n), dtype=np.int32)
        for turn in range(1, self.turns_played + 1):
            out[turn - 1] = self._guess_row(turn).copy_to_host()
        return out

    # -- the turn loop -----------------------------------------------------------------

    def play(self, first_guess: int, reporter: SolveProgress) -> None:
        n, get = self.n, self.buffers.get
        # Positions are double-buffered: `scatter` reads one side and writes the other.
        sides = []
        for side in "ab":
            sides.append({
                "order": get(f"order_{side}", n, np.int32),
                "region": get(f"region_{side}", n, np.int32),
                "words": get(f"words_{side}", n, np.uint32),
                "lo": get(f"lo_{side}", n, np.uint64),
                "hi": get(f"hi_{side}", n, np.uint64),
                "hits_lo": get(f"hits_lo_{side}", self.hits_lo.shape[0], np.uint64),
                "hits_hi": get(f"hits_hi_{side}", self.hits_hi.shape[0], np.uint64),
            })
        now, later = sides
        now["order"].copy_to_device(np.arange(n, dtype=np.int32))
        self._fill(now["region"], np.int32(0), n)
        now["words"].copy_to_device(self.words)
        now["lo"].copy_to_device(self.counts_lo)
        now["hi"].copy_to_device(self.counts_hi)
        for name, codes in (("hits_lo", self.hits_lo), ("hits_hi", self.hits_hi)):
            if codes.shape[0]:
                now[name].copy_to_device(codes)
        self.ordinals = get("ordinals", n, np.uint8)
        self.region_of_game = get("region_of_game", n, np.int32)
        self.region_offset = get("region_offset", n, np.int32)
        self.region_length = get("region_length", n, np.int32)
        self.region_guess = get("region_guess", n, np.int32)
        self.region_guess[:1].copy_to_device(np.array([first_guess], dtype=np.int32))
        self.played_colors = get("played_colors", n if self.ce else 0, np.int64)
        self._fill(self.played_colors, np.int64(0), n if self.ce else 0)
        totals = get("totals", 2, np.int32)

        active, regions, turn = n, 1, 0
        while active:
            turn += 1
            self.turns_played = turn
            games_active = active
            started, compile_before = time.perf_counter(), self.compile_s
            active, regions = self._phase1(turn, active, regions, now, later, totals)
            now, later = later, now
            phase2_started, compile_phase1 = time.perf_counter(), self.compile_s
            phase1_s = phase2_started - started - (compile_phase1 - compile_before)
            if regions == 0:  # every game won on this turn
                self.total_scores += games_active
                self.stats.append(make_turn_stats(turn, games_active, games_active, [], 0, phase1_s, 0.0))
                reporter.start_turn(turn, games_active, games_active)
                reporter.end_turn(0, 0, self.total_scores)
                break
            turn_scores, lengths, searched = self._phase2(turn, games_active, active, regions, now,
                                                          reporter)
            # Wait for the searches, so that phase 2's seconds are its own (the next
            # turn's host sync 1 would wait for them anyway).
            self.cuda.synchronize()
            phase2_s = time.perf_counter() - phase2_started - (self.compile_s - compile_phase1)
            if self.phase_times is not None:
                self._note_phase_times(turn, games_active, regions, searched, phase1_s, phase2_s,
                                       phase2_started)
            self.total_scores += turn_scores
            self.stats.append(make_turn_stats(turn, games_active, turn_scores, lengths, searched,
                                              phase1_s, phase2_s))
            reporter.end_turn(active, regions, self.total_scores)

    def _note_phase_times(self, turn, games_active, regions, searched, phase1_s, phase2_s, started):
        marks, ended = self._marks, time.perf_counter()
        settled = marks.get("settled", ended) - started
        planned = marks.get("planned", marks.get("settled", ended)) - marks.get("settled", ended)
        self.phase_times.append({
            "turn": turn, "games_active": games_active, "regions": regions, "searched_regions": searched,
            "phase1_s": phase1_s, "phase2_s": phase2_s, "settle_s": settled, "plan_s": planned,
            "search_s": phase2_s - settled - planned, "compile_s": self.compile_s,
        })
        self._marks = {}

    def _phase1(self, turn: int, active: int, regions: int, now: dict, later: dict, totals):
        """Play `turn` for the `active` games; split `regions` by score. Returns (active, regions)."""
        get, slots, game, k1 = self.buffers.get, self.slots, self.game, self.phase1
        threads = config.GAME_THREADS
        guesses = self._guess_row(turn)
        self._fill(guesses, np.int32(-1), self.n)
        buckets = regions * slots  # bucket b = region * slots + score ordinal
        bucket_count = get("bucket_count", buckets, np.int32)
        bucket_start = get("bucket_start", buckets, np.int32)
        flags = get("bucket_flags", buckets, np.int32)
        region_number = get("region_number", buckets, np.int32)
        self._fill(bucket_count, np.int32(0), buckets)
        self._launch(k1["score_turn"], _grid(active, threads), threads,
                     np.int64(active), now["order"], now["region"], self.region_guess,
                     self.words, self.counts_lo, self.counts_hi, now["words"], now["lo"], now["hi"],
                     self.pins, self.unused, np.int64(game.win_ordinal), np.int64(slots),
                     guesses, self.ordinals, bucket_count, self.played_colors, self.colors)
        self._exclusive_scan(bucket_count, bucket_start, buckets)
        self._store_total(bucket_count, bucket_start, buckets, totals, 0)
        self._launch(k1["nonempty_flags"], _grid(buckets, threads), threads,
                     bucket_count, flags, np.int64(buckets))
        self._exclusive_scan(flags, region_number, buckets)
        self._store_total(flags, region_number, buckets, totals, 1)
        self._launch(k1["new_regions"], _grid(buckets, threads), threads,
                     bucket_count, bucket_start, region_number, np.int64(buckets),
                     self.region_offset, self.region_length)
        # `scatter` advances bucket_start as its cursor, so it runs last.
        self._launch(k1["scatter"], _grid(active, threads), threads,
                     np.int64(active), now["order"], now["region"], self.ordinals, np.int64(slots),
                     np.int64(game.win_ordinal), bucket_start, region_number,
                     now["words"], now["lo"], now["hi"], now["hits_lo"], now["hits_hi"],
                     later["order"], later["region"], later["words"], later["lo"], later["hi"],
                     later["hits_lo"], later["hits_hi"], self.region_of_game)
        playing, new_regions = (int(x) for x in totals.copy_to_host())  # host sync 1
        return playing, new_regions

    def _phase2(self, turn: int, games_active: int, active: int, regions: int, now: dict,
                reporter: SolveProgress) -> tuple[int, np.ndarray, int]:
        """Queue a next guess for each of `regions`; returns (the scores this turn costs,
        the regions' lengths, how many regions the full search settles)."""
        game, kc = self.game, self.kc
        tiny = kc.make_tiny_kernel()
        threads = config.TINY_THREADS
        self._launch(tiny, _grid(regions, threads), threads,
                     np.int64(regions), self.region_offset, self.region_length, now["order"],
                     self.region_guess)
        fd = kc.make_fd_kernel(config.FD_THREADS)
        self._launch(fd, min(regions, config.FD_MAX_BLOCKS), config.FD_THREADS,
                     np.int64(regions), self.region_offset, self.region_length, now["order"],
                     now["words"], now["lo"], now["hi"], self.pins, self.unused,
                     np.int64(game.num_scores), self.region_guess)
        if self.ce:
            zero, free = self._zero_free(active, regions, now)
        lengths = self.region_length[:regions].copy_to_host().astype(np.int64)  # host sync 2
        settled = self.region_guess[:regions].copy_to_host()
        if self.ce:
            zero, free = zero.copy_to_host(), free.copy_to_host()
            small = lengths < self.ce_min_region  # no Zero, no Free: every codeword
            zero[small], free[small] = 0, 0
        self._marks["settled"] = time.perf_counter()

        fd_tried = (lengths >= 3) & (lengths <= game.num_scores)
        scores = games_active + int(np.sum(lengths[fd_tried] ** 2))
        searched = np.flatnonzero(settled < 0)
        if self.ce:
            candidates = self._acr_sizes(zero[searched], free[searched])
        else:
            candidates = np.full(searched.size, self.n, dtype=np.int64)
        search_scores = int(np.sum(candidates * lengths[searched]))
        self.scores_saved += int(np.sum((self.n - candidates) * lengths[searched]))
        reporter.start_turn(turn, games_active, scores + search_scores)
        reporter.advance(scores)
        if searched.size:
            if self.ce:
                self._search(searched, lengths[searched], candidates, zero[searched], free[searched], now)
            else:
                self._search(searched, lengths[searched], candidates, None, None, now)
        return scores + search_scores, lengths, searched.size

    def _zero_free(self, active: int, regions: int, now: dict):
        """Queue the Zero and Free color masks of every region (case equivalence)."""
        get, k1 = self.buffers.get, self.phase1
        present_lo = get("present_lo", regions, np.uint64)
        present_hi = get("present_hi", regions, np.uint64)
        self._fill(present_lo, np.uint64(0), regions)
        self._fill(present_hi, np.uint64(0), regions)
        run, threads = config.COLOR_RUN, config.GAME_THREADS
        self._launch(k1["region_colors"], _grid(_blocks(active, run), threads), threads,
                     np.int64(active), now["region"], now["lo"], now["hi"], np.int64(run),
                     present_lo, present_hi)
        zero = get("zero", regions, np.int32)
        free = get("free", regions, np.int32)
        threads = config.REGION_THREADS
        self._launch(k1["zero_free"], _grid(regions, threads), threads,
                     np.int64(regions), self.region_offset, now["order"], present_lo, present_hi,
                     self.played_colors, self.colors, zero, free)
        return zero, free

    def _acr_sizes(self, zero: np.ndarray, free: np.ndarray) -> np.ndarray:
        """|ACr| for each (zero, free) pair, by the closed form (once per distinct pair)."""
        keys = _pair_keys(zero, free)
        distinct, inverse = np.unique(keys, return_inverse=True)
        sizes = np.empty(distinct.size, dtype=np.int64)
        for i, key in enumerate(distinct.tolist()):
            if key not in self.acr_sizes:
                zero_mask, free_mask = key >> 32, key & 0xFFFFFFFF
                self.acr_sizes[key] = acr_size(self.game.pins, self.game.colors,
                                               zero_mask.bit_count(), free_mask.bit_count(),
                                               self.game.norepeat)
            sizes[i] = self.acr_sizes[key]
        return sizes[inverse.reshape(-1)]

    def _search(self, searched, lengths, candidates, zero, free, now) -> None:
        """Queue the full search of the `searched` regions, in rounds that fit the ACr buffer.

        Host-side planning, vectorised (a turn of 8p8c has millions of regions):
        each distinct (Zero, Free) pair gets one ACr list in the buffer; lists
        are packed in rounds of at most the buffer's size; rows are ordered by
        round, counter width, then most candidates first, and cut into chunks.
        """
        kc, get = self.kc, self.buffers.get
        count = searched.size
        width = kc.counter_bytes_for(lengths, config.MIN_COUNTER_BYTES)
        base = np.full(count, -1, dtype=np.int64)  # -1: the candidates are every codeword
        round_of = np.zeros(count, dtype=np.int64)
        rounds: list[list[tuple[int, int, int, int]]] = [[]]  # per round: (zero, free, base, size)
        acr = get("acr", 1, np.int32)
        if zero is not None:
            distinct, first, inverse = np.unique(_pair_keys(zero, free), return_index=True,
                                                 return_inverse=True)
            inverse = inverse.reshape(-1)
            sizes = candidates[first]
            listed = distinct != 0  # with both sets empty ACr is every codeword: no list
            # The buffer holds a turn's lists if it can, and always the longest one.
            capacity = max(int(sizes.max(initial=1)),
                           min(config.ACR_BUFFER_CODEWORDS, int(sizes[listed].sum())))
            key_base = np.full(distinct.size, -1, dtype=np.int64)
            key_round = np.zeros(distinct.size, dtype=np.int64)
            used = 0
            for k in np.flatnonzero(listed).tolist():
                size = int(sizes[k])
                if used + size > capacity:  # the buffer is full: the next round refills it
                    rounds.append([])
                    used = 0
                key = int(distinct[k])
                rounds[-1].append((key >> 32, key & 0xFFFFFFFF, used, size))
                key_base[k], key_round[k] = used, len(rounds) - 1
                used += size
            base, round_of = key_base[inverse], key_round[inverse]
            if listed.any():
                acr = get("acr", capacity, np.int32)

        order = np.lexsort((-lengths, -candidates, width, round_of))
        plan = np.concatenate([searched[order], base[order], candidates[order]]).astype(np.int32)
        device_plan = get("plan", plan.size, np.int32)
        device_plan.copy_to_device(plan)  # the one upload of the turn
        self._marks["planned"] = time.perf_counter()
        plan_region = device_plan[:count]
        plan_base = device_plan[count:2 * count]
        plan_count = device_plan[2 * count:]
        fill = get("acr_fill", max(1, max(len(keys) for keys in rounds)), np.int32)

        # Groups of rows with one round and one counter width, in launch order.
        sorted_round, sorted_width, sorted_candidates = round_of[order], width[order], candidates[order]
        cuts = np.flatnonzero((np.diff(sorted_round) != 0) | (np.diff(sorted_width) != 0)) + 1
        starts = [0, *cuts.tolist()]
        ends = [*cuts.tolist(), count]
        built = set()
        threads = config.GAME_THREADS
        for start, end in zip(starts, ends):
            number = int(sorted_round[start])
            if number not in built and rounds[number]:  # fill the ACr buffer for this round
                built.add(number)
                self._fill(fill, np.int32(0), len(rounds[number]))
                for slot, (zero_mask, free_mask, key_start, size) in enumerate(rounds[number]):
                    self._launch(kc.make_acr_kernel(self.game.norepeat), _grid(self.n, threads), threads,
                                 self.words, np.int64(self.n), np.int64(zero_mask), np.int64(free_mask),
                                 self.pins, acr, np.int64(key_start), np.int64(size), fill, np.int64(slot))
            chunk_width = int(sorted_width[start])
            tpb = config.SUBSET_THREADS[chunk_width]
            row = start
            while row < end:  # rows are sorted by candidates, most first: the first sets the grid
                blocks_x = _blocks(int(sorted_candidates[row]), tpb)
                rows = max(1, min(config.REGIONS_PER_CHUNK, 65535, config.MAX_BLOCKS_PER_LAUNCH // blocks_x))
                stop = min(end, row + rows)
                self._search_chunk(row, stop, chunk_width, tpb, blocks_x, plan_region, plan_base,
                                   plan_count, acr, now)
                row = stop

    def _search_chunk(self, row, stop, width, tpb, blocks_x, plan_region, plan_base, plan_count,
                      acr, now) -> None:
        kc, get = self.kc, self.buffers.get
        results = (stop - row) * blocks_x
        block_rank = get("block_rank", results, np.int64)
        block_in_ps = get("block_in_ps", results, np.uint8)
        block_index = get("block_index", results, np.int32)
        subset = kc.make_subset_kernel(self.game.pins, tpb, width, self.hit_words, self.game.black_only,
                                       self.hits_form, running_rank_strategy(self.strategy))
        hits = ("hits_lo", "hits_hi") if self.hits_kept_apart else ("lo", "hi")
        self._launch(subset, (blocks_x, stop - row), tpb,
                     plan_region[row:stop], plan_base[row:stop], plan_count[row:stop], acr,
                     self.region_offset, self.region_length, self.region_of_game,
                     self.words, self.counts_lo, self.counts_hi, now["words"], now[hits[0]], now[hits[1]],
                     np.int64(self.strategy), self.entropy, np.int64(blocks_x),
                     block_rank, block_in_ps, block_index)
        reduce_best = kc.make_reduce_kernel(config.REDUCE_THREADS)
        self._launch(reduce_best, stop - row, config.REDUCE_THREADS,
                     plan_region[row:stop], plan_count[row:stop], np.int64(tpb), np.int64(blocks_x),
                     block_rank, block_in_ps, block_index, self.region_guess)


# -- a cluster turn's region searches on one GPU (`solve --backend cuda --scheduler`) ----------


class GpuSearcher:
    """The region searches of a turn on this process's GPU, task by task.

    With `solve --backend cuda --scheduler ...` the client plays every turn (the
    cpu backend's turn loop, `solver_cpu`) and deals the turn's search tasks to
    the workers, one per GPU (dask-cuda's `LocalCUDACluster`, or any workers
    whose device 0 is their own GPU). Task t covers candidates
    `task_first[t]:task_last[t]` of region `task_region[t]`'s candidate list, as
    in `kernels_cpu.search_worker`, and comes back as (index, rank, in PS) of
    its best candidate, so the client reduces GPU and CPU tasks alike
    (`kernels_cpu.reduce_tasks`). The kernel is the cuda backend's own
    `subsetting`: one thread per candidate, counters in shared memory; here one
    row of the launch is a task instead of a region, and the per-block winners
    are reduced on the host, which needs their ranks as well as their indices.
    Knuth's early exit is a cpu-side saving only: every task here is searched
    to the end, which changes the work, never the winner.
    """

    def __init__(self, game: Game, strategy: Strategy):
        from numba import cuda

        from . import kernels_cuda as kc

        self.game, self.strategy, self.kc, self.cuda = game, Strategy.parse(strategy), kc, cuda
        codewords = game.codewords
        self.words = cuda.to_device(codewords.words)
        self.counts_lo = cuda.to_device(codewords.counts_lo)
        self.counts_hi = cuda.to_device(codewords.counts_hi)
        self.host = (codewords.words, codewords.counts_lo, codewords.counts_hi)
        self.hits_form, self.hit_words, self.hits_kept_apart = subset_hits(game)
        self.host_hits = hit_code_arrays(game)
        table = entropy_table(game.size) if self.strategy == Strategy.ENTROPY else entropy_table(2)
        self.entropy = cuda.to_device(table)
        self.compile_s = 0.0

    def search(self, secrets, lengths, candidates, tasks):
        """(index, rank, in PS) arrays, one entry per task (index -1 for a task with no candidate).

        `secrets`: the secrets of the searched regions, region after region;
        `lengths`: each region's number of secrets; `candidates`: (start,
        length, flat) of each region's candidate list, start -1 meaning every
        codeword; `tasks`: (region, first, last) of each task.
        """
        cuda, kc, game = self.cuda, self.kc, self.game
        secrets = np.asarray(secrets, dtype=np.int64)
        lengths = np.asarray(lengths, dtype=np.int64)
        starts, counts, flat = (np.asarray(a, dtype=np.int64) for a in candidates)
        task_region, task_first, task_last = (np.asarray(a, dtype=np.int64) for a in tasks)
        n, n_tasks = game.size, task_region.size
        out_index = np.full(n_tasks, -1, dtype=np.int64)
        out_rank = np.full(n_tasks, np.iinfo(np.int64).max, dtype=np.int64)
        out_in_ps = np.zeros(n_tasks, dtype=np.bool_)
        task_count = task_last - task_first
        live = np.flatnonzero(task_count > 0)
        if live.size == 0:
            return out_index, out_rank, out_in_ps
        # Every task reads its candidates from one list: the regions' own lists,
        # then 0 .. n-1 for the regions whose candidates are every codeword.
        every = flat.size
        task_start = starts[task_region]
        task_base = np.where(task_start >= 0, task_start, every) + task_first
        region_offset = np.cumsum(lengths) - lengths
        region_of_game = np.full(n, -1, dtype=np.int32)
        region_of_game[secrets] = np.repeat(np.arange(lengths.size, dtype=np.int32), lengths)
        words, lo, hi = self.host
        device = {
            "acr": cuda.to_device(np.concatenate([flat, np.arange(n, dtype=np.int64)]).astype(np.int32)),
            "offset": cuda.to_device(region_offset.astype(np.int32)),
            "length": cuda.to_device(lengths.astype(np.int32)),
            "region_of_game": cuda.to_device(region_of_game),
            "words": cuda.to_device(words[secrets]),
            "lo": cuda.to_device(lo[secrets]),
            "hi": cuda.to_device(hi[secrets]),
        }
        for name, codes in zip(("hits_lo", "hits_hi"), self.host_hits):
            device[name] = cuda.to_device(codes[secrets] if codes.shape[0] else codes)
        if not self.hits_kept_apart:  # the lane form reads the color counts
            device["hits_lo"], device["hits_hi"] = device["lo"], device["hi"]
        width = kc.counter_bytes_for(lengths[task_region[live]], config.MIN_COUNTER_BYTES)
        order = live[np.lexsort((-task_count[live], width))]  # by counter width, most candidates first
        width_sorted = np.sort(width)
        cuts = np.flatnonzero(np.diff(width_sorted) != 0) + 1
        for group in np.split(np.arange(order.size), cuts):
            rows = order[group]
            chunk_width = int(width_sorted[group[0]])
            threads = config.SUBSET_THREADS[chunk_width]
            at = 0
            while at < rows.size:
                blocks_x = _blocks(int(task_count[rows[at]]), threads)
                take = max(1, min(config.REGIONS_PER_CHUNK, 65535, config.MAX_BLOCKS_PER_LAUNCH // blocks_x))
                chunk = rows[at:at + take]
                self._search_chunk(chunk, chunk_width, threads, blocks_x, task_region, task_base,
                                   task_count, device, (out_index, out_rank, out_in_ps))
                at += take
        return out_index, out_rank, out_in_ps

    def _search_chunk(self, chunk, width, threads, blocks_x, task_region, task_base, task_count,
                      device, outputs) -> None:
        cuda, kc, game = self.cuda, self.kc, self.game
        results = chunk.size * blocks_x
        block_rank = cuda.device_array(results, dtype=np.int64)
        block_in_ps = cuda.device_array(results, dtype=np.uint8)
        block_index = cuda.device_array(results, dtype=np.int32)
        subset = kc.make_subset_kernel(game.pins, threads, width, self.hit_words, game.black_only,
                                       self.hits_form, running_rank_strategy(self.strategy))
        self.compile_s += kc.launch(
            subset, (blocks_x, chunk.size), threads,
            cuda.to_device(task_region[chunk].astype(np.int32)),
            cuda.to_device(task_base[chunk].astype(np.int32)),
            cuda.to_device(task_count[chunk].astype(np.int32)), device["acr"],
            device["offset"], device["length"], device["region_of_game"],
            self.words, self.counts_lo, self.counts_hi, device["words"], device["hits_lo"],
            device["hits_hi"], np.int64(self.strategy), self.entropy, np.int64(blocks_x),
            block_rank, block_in_ps, block_index)
        rank = block_rank.copy_to_host().reshape(chunk.size, blocks_x)
        in_ps = block_in_ps.copy_to_host().reshape(chunk.size, blocks_x).astype(np.bool_)
        index = block_index.copy_to_host().reshape(chunk.size, blocks_x).astype(np.int64)
        # Blocks past a task's last candidate return at once and write nothing.
        unused_block = np.arange(blocks_x)[None, :] >= -(-task_count[chunk] // threads)[:, None]
        rank[unused_block] = np.iinfo(np.int64).max
        in_ps[unused_block] = False
        index[unused_block] = np.iinfo(np.int64).max
        # The tie-break order of `strategies.is_better`: lower rank, then in PS, then lower index.
        best = np.lexsort((index, ~in_ps, rank), axis=-1)[:, 0]
        rows = np.arange(chunk.size)
        out_index, out_rank, out_in_ps = outputs
        out_index[chunk] = index[rows, best]
        out_rank[chunk] = rank[rows, best]
        out_in_ps[chunk] = in_ps[rows, best]
