"""The CUDA kernels of the `cuda` backend (numba-cuda).

The per-element math is not written here: scores come from
`scoring.packed_score_ordinal` (the subsetting kernel calls its parts,
`matching_pins`, `lane_min_sum`/`all_hits` and `ordinal_of`, so that with at most
8 colors it skips the high color-count word, as the CPU kernels do; it counts the
matching pins with the GPU's popc instruction and looks the ordinal up in a table
that `ordinal_of` fills, which spares the score loop 64-bit multiplies), ranks
from `strategies.rank_of_counts` and the tie-break from `strategies.is_better`,
the Zero/Free sets and the class representatives from `case_equivalence` — the
very functions the CPU kernels call. numba-cuda compiles a CPU `@njit` dispatcher called from a kernel as a
device function of the same source. That covers the scalar functions; a
function that takes an array (`rank_of_counts` reads the counters) is compiled
from its Python source with `cuda.jit(device=True)` instead (`device_twin`),
because the CUDA simulator that CI runs on can hand a compiled CPU function
only NumPy arrays, not its device arrays.

Every kernel comes from a `make_*` factory, cached, so that shared-memory sizes
(threads per block, score slots, counter width) are compile-time constants.
`launch()` starts a kernel and, while `record_launches()` is active, notes its
factory and argument types, so a test can compile exactly what the solver
launches to PTX for a real GPU (`compile_recorded_to_ptx`).
"""

from __future__ import annotations

import time
from contextlib import contextmanager
from functools import lru_cache

import numpy as np
from numba import config, cuda

from .case_equivalence import class_representative, count_lanes_mask, zero_free_of_masks
from .scoring import (all_hits, lane_min_sum, matching_pins, ordinal_of, packed_score_ordinal,
                      thermometer_code, BLACK_ONLY_BIT, unused_pins_mask)
from .strategies import is_better, rank_of_counts

INT32_MAX = np.int32(2**31 - 1)
INT64_MAX = np.int64(2**63 - 1)
COUNTER_TYPES = {1: np.uint8, 2: np.uint16, 4: np.uint32}


def _lock_simulated_shared_arrays() -> None:
    """On the CUDA simulator only: make a block's shared arrays under a lock.

    The simulator gives the threads of a block one shared array per source line,
    made by the first thread that asks, with no lock (numba-cuda 0.30): two threads
    asking at once can each make their own, and a table the block fills together
    (the subsetting kernel's ordinal table, the reductions' slots) is then partly
    never written. CI saw it once (2p5c-black, a guess off by one index on turn 3).
    A real GPU has no such race; this is the simulator's allocation, taken whole.
    """
    import sys
    import threading
    import traceback

    from numba.core import types
    from numba.cuda.simulator import kernelapi
    from numba.np import numpy_support

    shared = kernelapi.FakeCUDAShared
    if getattr(shared, "mmlib_locked", False):
        return
    unlocked, lock = shared.array, threading.Lock()

    def array(self, shape, dtype, alignment=None):
        if shape == 0 or alignment is not None:
            return unlocked(self, shape, dtype, alignment)  # dynamic shared memory: one buffer
        if isinstance(dtype, types.Type):
            dtype = numpy_support.as_dtype(dtype)
        caller = traceback.extract_stack(sys._getframe())[-2][0:2]  # the kernel's line, as before
        with lock:
            found = self._allocations.get(caller)
            if found is None:
                found = self._allocations[caller] = np.empty(shape, dtype)
        return found

    shared.array = array
    shared.mmlib_locked = True


if config.ENABLE_CUDASIM:
    _lock_simulated_shared_arrays()


def device_twin(njit_function):
    """The CUDA device function compiled from the same Python source as an @njit function."""
    return cuda.jit(device=True)(njit_function.py_func)


rank_of_counts_on_device = device_twin(rank_of_counts)
is_better_on_device = device_twin(is_better)


@cuda.jit(device=True)
def reduce_block_best(best_rank, best_in_ps, best_index, tid, threads):
    """Tree reduction of a block's candidates into slot 0, by the exact tie-break.

    Every thread of the block calls it with its own candidate in slot `tid`;
    `threads` is a power of two.
    """
    cuda.syncthreads()
    step = threads // 2
    while step > 0:
        if tid < step:
            other = tid + step
            if is_better_on_device(best_rank[other], best_in_ps[other] != 0, best_index[other],
                                   best_rank[tid], best_in_ps[tid] != 0, best_index[tid]):
                best_rank[tid] = best_rank[other]
                best_in_ps[tid] = best_in_ps[other]
                best_index[tid] = best_index[other]
        cuda.syncthreads()
        step //= 2


def counter_bytes_for(ps_size, minimum: int = 1):
    """Bytes per subset counter, the narrowest that holds a count of |PS|: 1 below 256,
    2 below 65,536, else 4 (at least `minimum`). Works on arrays of sizes too."""
    width = np.where(np.asarray(ps_size) < 256, 1, np.where(np.asarray(ps_size) < 65536, 2, 4))
    return np.maximum(width, int(minimum))


# -- launching, timing compilation, recording argument types -----------------------

_recorded: "set | None" = None


@contextmanager
def record_launches():
    """Collect (factory, factory arguments, kernel name, argument types) of every launch inside."""
    global _recorded
    previous, _recorded = _recorded, set()
    try:
        yield _recorded
    finally:
        _recorded = previous


def launch(kernel, grid, block, *args) -> float:
    """Launch `kernel[grid, block](*args)`; return the seconds spent compiling it, if it did.

    Launches are asynchronous, so the time a launch call takes when it adds an
    overload is the compilation time.
    """
    if _recorded is not None:
        from numba import typeof

        _recorded.add((kernel.mmlib_factory, kernel.mmlib_arguments, kernel.mmlib_name,
                       tuple(typeof(a) for a in args)))
    overloads = getattr(kernel, "overloads", None)
    before = len(overloads) if overloads is not None else 0
    started = time.perf_counter()
    kernel[grid, block](*args)
    if overloads is not None and len(overloads) > before:
        return time.perf_counter() - started
    return 0.0


def _named(kernel, factory: str, *arguments):
    """Tag a kernel with the factory call that makes it, for `record_launches`."""
    python_function = getattr(kernel, "py_func", None) or kernel.fn  # real GPU / simulator
    kernel.mmlib_name = python_function.__name__
    kernel.mmlib_factory = factory
    kernel.mmlib_arguments = arguments
    return kernel


# -- small utilities -----------------------------------------------------------------
# Element-wise kernels are grid-stride loops: the host caps their grid
# (config.MAX_GRID_BLOCKS), so the simulator runs few threads and a GPU needs
# no launch per size.


@lru_cache(maxsize=None)
def make_fill_kernel():
    @cuda.jit
    def fill(array, value, size):
        for i in range(cuda.grid(1), size, cuda.gridsize(1)):
            array[i] = value

    return _named(fill, "make_fill_kernel")


@lru_cache(maxsize=None)
def make_scan_kernels(threads: int, items: int):
    """Exclusive scan of int32 values: blocks of threads*items values, then block offsets."""
    span = threads * items

    @cuda.jit
    def scan_blocks(values, out, block_sums, size):
        totals = cuda.shared.array(threads, np.int32)
        tid = cuda.threadIdx.x
        start = cuda.blockIdx.x * span + tid * items
        total = 0
        for k in range(items):
            if start + k < size:
                total += values[start + k]
        totals[tid] = total
        cuda.syncthreads()
        step = 1
        while step < threads:  # Hillis-Steele inclusive scan of the thread totals
            carried = 0
            if tid >= step:
                carried = totals[tid - step]
            cuda.syncthreads()
            totals[tid] += carried
            cuda.syncthreads()
            step *= 2
        running = totals[tid] - total
        for k in range(items):
            if start + k < size:
                value = values[start + k]
                out[start + k] = running
                running += value
        if tid == threads - 1:
            block_sums[cuda.blockIdx.x] = totals[tid]

    @cuda.jit
    def add_block_offsets(out, block_offsets, size):
        for i in range(cuda.grid(1), size, cuda.gridsize(1)):
            out[i] += block_offsets[i // span]

    @cuda.jit
    def store_total(values, scanned, size, totals, slot):
        if cuda.grid(1) == 0:
            totals[slot] = scanned[size - 1] + values[size - 1]

    return (
        _named(scan_blocks, "make_scan_kernels", threads, items),
        _named(add_block_offsets, "make_scan_kernels", threads, items),
        _named(store_total, "make_scan_kernels", threads, items),
    )


# -- Phase 1: play a turn, sort the games into regions ---------------------------------


@lru_cache(maxsize=None)
def make_phase1_kernels():
    @cuda.jit
    def score_turn(active, order, region_of_position, region_guess,
                   words, counts_lo, counts_hi, secret_words, secret_lo, secret_hi,
                   pins, unused, win, slots, guesses, ordinals, bucket_count,
                   played_colors, colors):
        """Every active game plays its region's guess; count games per (region, score)."""
        for i in range(cuda.grid(1), active, cuda.gridsize(1)):
            game = order[i]
            region = region_of_position[i]
            guess = region_guess[region]
            guesses[game] = guess
            o = packed_score_ordinal(secret_words[i], secret_lo[i], secret_hi[i],
                                     words[guess], counts_lo[guess], counts_hi[guess], pins, unused)
            ordinals[i] = o
            if o != win:
                cuda.atomic.add(bucket_count, region * slots + o, np.int32(1))
            if played_colors.shape[0] > 0:  # case equivalence keeps each game's played colors
                played_colors[game] |= count_lanes_mask(counts_lo[guess], counts_hi[guess], colors)

    @cuda.jit
    def nonempty_flags(bucket_count, flags, size):
        for b in range(cuda.grid(1), size, cuda.gridsize(1)):
            flags[b] = 1 if bucket_count[b] > 0 else 0

    @cuda.jit
    def new_regions(bucket_count, bucket_start, region_number, size, region_offset, region_length):
        """Each non-empty (old region, score) bucket is a new region, numbered in bucket order."""
        for b in range(cuda.grid(1), size, cuda.gridsize(1)):
            if bucket_count[b] > 0:
                r = region_number[b]
                region_offset[r] = bucket_start[b]
                region_length[r] = bucket_count[b]

    @cuda.jit
    def scatter(active, order, region_of_position, ordinals, slots, win, bucket_cursor,
                region_number, secret_words, secret_lo, secret_hi, secret_hits_lo, secret_hits_hi,
                new_order, new_region_of_position, new_secret_words, new_secret_lo, new_secret_hi,
                new_secret_hits_lo, new_secret_hits_hi, region_of_game):
        """Move every game not yet won to its new region; won games drop out.

        The secrets' hit codes (the subsetting kernel's form of their color counts,
        `make_subset_kernel`) move with them; a hit-code array of length 0 is not kept.
        The order of games inside a region is whatever the atomics give: every
        later step is order-free (integer sums, minimum index, exact tie-breaks).
        """
        for i in range(cuda.grid(1), active, cuda.gridsize(1)):
            game = order[i]
            o = ordinals[i]
            if o == win:
                region_of_game[game] = -1
                continue
            b = region_of_position[i] * slots + o
            position = cuda.atomic.add(bucket_cursor, b, np.int32(1))
            r = region_number[b]
            new_order[position] = game
            new_region_of_position[position] = r
            new_secret_words[position] = secret_words[i]
            new_secret_lo[position] = secret_lo[i]
            new_secret_hi[position] = secret_hi[i]
            if secret_hits_lo.shape[0] > 0:
                new_secret_hits_lo[position] = secret_hits_lo[i]
            if secret_hits_hi.shape[0] > 0:
                new_secret_hits_hi[position] = secret_hits_hi[i]
            region_of_game[game] = r

    @cuda.jit
    def region_colors(active, region_of_position, secret_lo, secret_hi, run, present_lo, present_hi):
        """OR the color counts of each region's games: one atomic per run of a region."""
        for start in range(cuda.grid(1) * run, active, cuda.gridsize(1) * run):
            end = min(start + run, active)
            region = region_of_position[start]
            lo = np.uint64(0)
            hi = np.uint64(0)
            for i in range(start, end):
                if region_of_position[i] != region:
                    cuda.atomic.or_(present_lo, region, lo)
                    cuda.atomic.or_(present_hi, region, hi)
                    region = region_of_position[i]
                    lo = np.uint64(0)
                    hi = np.uint64(0)
                lo |= secret_lo[i]
                hi |= secret_hi[i]
            cuda.atomic.or_(present_lo, region, lo)
            cuda.atomic.or_(present_hi, region, hi)

    @cuda.jit
    def zero_free(num_regions, region_offset, order, present_lo, present_hi, played_colors,
                  colors, zero_out, free_out):
        """Zero and Free color masks of every region (case equivalence)."""
        for r in range(cuda.grid(1), num_regions, cuda.gridsize(1)):
            any_game = order[region_offset[r]]  # all games of a region share their path
            zero, free = zero_free_of_masks(count_lanes_mask(present_lo[r], present_hi[r], colors),
                                            played_colors[any_game], colors)
            zero_out[r] = zero
            free_out[r] = free

    return {
        name: _named(kernel, "make_phase1_kernels")
        for name, kernel in (("score_turn", score_turn), ("nonempty_flags", nonempty_flags),
                             ("new_regions", new_regions), ("scatter", scatter),
                             ("region_colors", region_colors), ("zero_free", zero_free))
    }


# -- Phase 2: the next guess of every region ----------------------------------------------


@lru_cache(maxsize=None)
def make_tiny_kernel():
    @cuda.jit
    def tiny_regions(num_regions, region_offset, region_length, order, region_guess):
        """|PS| = 1 plays it, |PS| = 2 plays the lower; every other region is marked -1."""
        for r in range(cuda.grid(1), num_regions, cuda.gridsize(1)):
            length = region_length[r]
            first = order[region_offset[r]]
            if length == 1:
                region_guess[r] = first
            elif length == 2:
                region_guess[r] = min(first, order[region_offset[r] + 1])
            else:
                region_guess[r] = -1

    return _named(tiny_regions, "make_tiny_kernel")


@lru_cache(maxsize=None)
def make_fd_kernel(threads: int):
    @cuda.jit
    def fully_discriminating(num_regions, region_offset, region_length, order,
                             secret_words, secret_lo, secret_hi, pins, unused, max_size, region_guess):
        """For regions of 3 .. max_size games: the lowest member splitting PS into singletons.

        One block per region (grid-stride); each thread tries members of PS and
        keeps a bit per score seen (at most 45 scores: one uint64).
        """
        lowest = cuda.shared.array(1, np.int32)
        tid = cuda.threadIdx.x
        for r in range(cuda.blockIdx.x, num_regions, cuda.gridDim.x):
            length = region_length[r]
            if length >= 3 and length <= max_size:  # the same for the whole block
                offset = region_offset[r]
                if tid == 0:
                    lowest[0] = INT32_MAX
                cuda.syncthreads()
                for j in range(offset + tid, offset + length, threads):
                    seen = np.uint64(0)
                    splits = True
                    for k in range(offset, offset + length):
                        o = packed_score_ordinal(secret_words[k], secret_lo[k], secret_hi[k],
                                                 secret_words[j], secret_lo[j], secret_hi[j], pins, unused)
                        bit = np.uint64(1) << np.uint64(o)
                        if seen & bit:
                            splits = False
                            break
                        seen |= bit
                    if splits:
                        cuda.atomic.min(lowest, 0, order[j])
                cuda.syncthreads()
                if tid == 0 and lowest[0] != INT32_MAX:
                    region_guess[r] = lowest[0]
                cuda.syncthreads()

    return _named(fully_discriminating, "make_fd_kernel", threads)


@lru_cache(maxsize=None)
def make_acr_kernel(norepeat: bool = False):
    """The ACr-building kernel; `norepeat` (a compile-time constant) picks the norepeat
    form of the class-representative test."""

    @cuda.jit
    def build_acr(words, size, zero, free, pins, acr, base, capacity, fill, slot):
        """Append every class representative for (zero, free) to acr[base:base+capacity].

        The order is whatever the atomics give; the search breaks ties by index.
        """
        for c in range(cuda.grid(1), size, cuda.gridsize(1)):
            if class_representative(words[c], zero, free, pins, norepeat):
                k = cuda.atomic.add(fill, slot, np.int32(1))
                if k < capacity:
                    acr[base + k] = c

    return _named(build_acr, "make_acr_kernel", norepeat)


@lru_cache(maxsize=None)
def make_subset_kernel(pins: int, threads: int, counter_bytes: int, hit_words: int,
                       black_only: bool = False, hits_form: str = "thermometer",
                       running_strategy: int = -1):
    """The subsetting kernel for `pins`, `threads` per block, `counter_bytes` counters.

    Grid: (candidate blocks, regions of the chunk). Thread t of block x scores
    candidate x*threads+t (an index into the region's ACr list, or a codeword
    index when the region has no list) against the region's PS, counts subset
    sizes in shared memory, ranks them, and the block reduces to its best
    (rank, in PS, index). A second kernel reduces the blocks of each region.

    Pins are a compile-time constant, and so is the form of the all hits,
    `hits_form` (config.SUBSET_HITS):
    * "thermometer" (the default): the secrets' hit codes are their thermometer
      codes (`scoring.thermometer_code`) and all hits = popc(secret & guess) over
      `hit_words` (1 or 2, `scoring.thermometer_words`) words. With the black pins
      counted by popc too and the loop kept in 32-bit and unsigned indices, a
      score is about half the instructions of the lane form;
    * "lanes": the secrets' hit codes are their color-count lanes and all hits is
      `lane_min_sum` (`hit_words` 2: also the high lanes, past 8 colors), the form
      the CPU vectorizes, in 64-bit arithmetic; kept to measure one against the other.
    `black_only` (the black rules): the score mask carries BLACK_ONLY_BIT, there are
    p + 1 score slots, and no hits are counted.
    `running_strategy` (`running_rank_strategy`): -1 ranks the counters in a pass over
    every score slot after the loop (`rank_of_counts`); 0 (Knuth), 1 (Expected Size) or
    3 (Most Parts) keeps the rank up to date as each counter goes from c to c + 1 (the
    largest; the sum of squares grows by 2c + 1; a part more when c was 0), the same
    integers without the pass, which small regions pay for every candidate.
    """
    if hits_form not in ("thermometer", "lanes"):
        raise ValueError(f"hits_form must be 'thermometer' or 'lanes', not {hits_form!r}")
    thermometer = hits_form == "thermometer"
    two_words = hit_words == 2
    counter_type = COUNTER_TYPES[counter_bytes]
    slots = pins + 1 if black_only else pins * (pins + 3) // 2 + 1
    unused = unused_pins_mask(pins) | (BLACK_ONLY_BIT if black_only else np.uint64(0))
    unused32 = np.uint32(unused_pins_mask(pins))
    # The dense ordinal of (black, hits), looked up: `ordinal_of` fills the table once per block,
    # so the score loop spends no multiply or division on it. Unsigned entries and indices: no
    # negative-index wraparound code in the loop.
    stride = pins + 1
    table_size = stride * stride
    if running_strategy not in (-1, 0, 1, 3):
        raise ValueError(f"running_strategy must be -1, 0, 1 or 3, not {running_strategy}")
    # Sums of squares of counts below 65,536 fit 32 bits; wider counters sum in 64.
    running_type = np.uint64 if counter_bytes == 4 else np.uint32

    @cuda.jit(device=True)
    def count_score(counters, slot, tid, running):
        """One more secret in subset `slot`; the running rank after it (unused when -1)."""
        c = counters[slot, tid]
        counters[slot, tid] = c + 1
        if running_strategy == 0:
            bigger = running_type(c) + running_type(1)
            if bigger > running:
                running = bigger
        elif running_strategy == 1:
            running += running_type(2) * running_type(c) + running_type(1)
        elif running_strategy == 3:
            if c == 0:
                running += running_type(1)
        return running

    @cuda.jit
    def subsetting(chunk_regions, chunk_base, chunk_count, acr, region_offset, region_length,
                   region_of_game, words, counts_lo, counts_hi, secret_words, secret_hits_lo,
                   secret_hits_hi, strategy, entropy, results_stride, block_rank, block_in_ps,
                   block_index):
        counters = cuda.shared.array((slots, threads), counter_type)
        best_rank = cuda.shared.array(threads, np.int64)
        best_in_ps = cuda.shared.array(threads, np.uint8)
        best_index = cuda.shared.array(threads, np.int32)
        tid = cuda.threadIdx.x
        row = cuda.blockIdx.y
        count = chunk_count[row]
        if cuda.blockIdx.x * threads >= count:
            return  # the whole block is past this region's candidates
        ordinal_table = cuda.shared.array(table_size, np.uint32)
        for k in range(tid, table_size, threads):
            ordinal_table[k] = ordinal_of(k // stride, k % stride, pins, unused)
        cuda.syncthreads()
        region = chunk_regions[row]
        rank = INT64_MAX
        in_ps = False
        index = INT32_MAX
        position = cuda.blockIdx.x * threads + tid
        if position < count:
            base = chunk_base[row]
            candidate = acr[base + position] if base >= 0 else position
            for o in range(slots):
                counters[o, tid] = 0
            guess_word = words[candidate]
            offset = region_offset[region]
            if thermometer:
                guess_lo, guess_hi = thermometer_code(counts_lo[candidate], counts_hi[candidate], pins)
                # Pointer-style 32-bit loop: the popc form of `black_hits` (the matches fit in
                # 32 bits), the thermometer's all hits, one table lookup and one counter.
                guess32 = np.uint32(guess_word)
                running = running_type(0)
                j = np.uint32(offset)
                end = np.uint32(offset + region_length[region])
                while j < end:
                    black = cuda.popc(np.uint32(matching_pins(secret_words[j], guess32, unused32)))
                    hits = np.uint32(0)
                    if not black_only:
                        hits = np.uint32(cuda.popc(secret_hits_lo[j] & guess_lo))
                        if two_words:
                            hits += np.uint32(cuda.popc(secret_hits_hi[j] & guess_hi))
                    slot = ordinal_table[np.uint32(black) * np.uint32(stride) + hits]
                    running = count_score(counters, slot, tid, running)
                    j += np.uint32(1)
            else:
                guess_lo = counts_lo[candidate]
                guess_hi = counts_hi[candidate]
                running = running_type(0)
                for j in range(np.uint64(offset), np.uint64(offset + region_length[region])):
                    black = cuda.popc(np.uint32(matching_pins(secret_words[j], guess_word, unused)))
                    if two_words:
                        hits = all_hits(secret_hits_lo[j], secret_hits_hi[j], guess_lo, guess_hi)
                    else:
                        hits = lane_min_sum(secret_hits_lo[j], guess_lo)
                    running = count_score(counters, ordinal_table[black * stride + hits], tid, running)
            if running_strategy == 0 or running_strategy == 1:
                rank = np.int64(running)
            elif running_strategy == 3:
                rank = -np.int64(running)
            else:
                rank = rank_of_counts_on_device(counters[:, tid], strategy, entropy)
            in_ps = region_of_game[candidate] == region
            index = candidate
        best_rank[tid] = rank
        best_in_ps[tid] = 1 if in_ps else 0
        best_index[tid] = index
        reduce_block_best(best_rank, best_in_ps, best_index, tid, threads)
        if tid == 0:
            at = row * results_stride + cuda.blockIdx.x
            block_rank[at] = best_rank[0]
            block_in_ps[at] = best_in_ps[0]
            block_index[at] = best_index[0]

    return _named(subsetting, "make_subset_kernel", pins, threads, counter_bytes, hit_words, black_only,
                  hits_form, running_strategy)


@lru_cache(maxsize=None)
def make_reduce_kernel(threads: int):
    @cuda.jit
    def reduce_best(chunk_regions, chunk_count, subset_threads, results_stride,
                    block_rank, block_in_ps, block_index, region_guess):
        """One block per region of the chunk: the best of its blocks' results is its next guess."""
        best_rank = cuda.shared.array(threads, np.int64)
        best_in_ps = cuda.shared.array(threads, np.uint8)
        best_index = cuda.shared.array(threads, np.int32)
        tid = cuda.threadIdx.x
        row = cuda.blockIdx.x
        blocks = (chunk_count[row] + subset_threads - 1) // subset_threads
        rank = INT64_MAX
        in_ps = False
        index = INT32_MAX
        for b in range(tid, blocks, threads):
            at = row * results_stride + b
            if is_better_on_device(block_rank[at], block_in_ps[at] != 0, block_index[at], rank, in_ps, index):
                rank = block_rank[at]
                in_ps = block_in_ps[at] != 0
                index = block_index[at]
        best_rank[tid] = rank
        best_in_ps[tid] = 1 if in_ps else 0
        best_index[tid] = index
        reduce_block_best(best_rank, best_in_ps, best_index, tid, threads)
        if tid == 0 and best_index[0] != INT32_MAX:
            region_guess[chunk_regions[row]] = best_index[0]

    return _named(reduce_best, "make_reduce_kernel", threads)


# -- compiling to PTX without a GPU --------------------------------------------------------


def compile_recorded_to_ptx(recorded, cc=(9, 0)) -> dict:
    """Compile every recorded (factory, arguments, argument types) to PTX for `cc`.

    Needs the real CUDA target (NUMBA_ENABLE_CUDASIM unset) and NVVM + NVRTC
    (pip: nvidia-nvvm, nvidia-cuda-nvrtc); no GPU or driver. Run it in a process
    of its own: it points numba-cuda's "current device" at `cc` for good.
    Returns {kernel name and factory arguments: PTX length}.
    """
    import numba.cuda.dispatcher as cuda_dispatcher
    from types import SimpleNamespace

    # Device functions are compiled for "the current device"; with no driver
    # there is none, so name the target instead.
    cuda_dispatcher.get_current_device = lambda: SimpleNamespace(compute_capability=tuple(cc))
    import sys

    this_module = sys.modules[__name__]
    sizes = {}
    for factory, arguments, name, argument_types in sorted(recorded, key=repr):
        made = getattr(this_module, factory)(*arguments)
        kernels = made.values() if isinstance(made, dict) else made if isinstance(made, tuple) else [made]
        (kernel,) = [k for k in kernels if k.mmlib_name == name]
        ptx, _ = cuda.compile_ptx(kernel.py_func, argument_types, cc=tuple(cc))
        sizes[f"{name}{arguments}"] = max(sizes.get(f"{name}{arguments}", 0), len(ptx))
    return sizes
