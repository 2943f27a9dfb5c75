"""Numba kernels of the `cpu` backend: play a turn for every game, and choose next guesses.

The per-element math (the packed score, score ordinals, ranks and the tie-break)
comes from `mmlib.scoring` and `mmlib.strategies`, the code the CUDA kernels call
too. This module arranges it for a CPU with several cores and wide vectors:

* Games are kept sorted by region: the members of each region's PS are one
  contiguous run of `order`, sorted by secret index, and the packed codewords of
  `order` are gathered once per turn, so scoring a candidate against a PS is a
  loop over contiguous arrays.
* Regions of SMALL_REGION secrets and more: scoring one candidate writes a
  block of uint8 ordinals in one loop with no branches (LLVM vectorizes it with
  AVX-512 here), then a second loop counts them into counters sized to the
  region (uint8, uint16 or uint32).
* Smaller regions: the other way round, one PS member scored against a block
  of CANDIDATE_BLOCK candidates (the score is symmetric), counted per
  candidate, and the block ranked by `rank_columns`; scoring a candidate
  against a handful of secrets would be mostly loop overhead.
* The search is cut into tasks of about equal work: a big region's candidates in
  several chunks, a small region whole. Worker threads take tasks round-robin
  (`prange` over workers, scratch allocated once per worker); each task writes
  its own best candidate, and the best per region is reduced serially
  afterwards with `is_better`, so there are no races.
* Early exit (`candidate_rank`): Knuth, Expected Size and Entropy ranks never
  decrease as more of PS is counted, so a candidate whose partial rank is
  already strictly worse than a rank some candidate reached can never win and
  is dropped. Ties are never dropped, so the result is exactly that of the
  full search. The solver asks for it where it pays (see solver_cpu).
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .next_guess import first_fully_discriminating
from .scoring import all_hits, black_hits, lane_min_sum, ordinal_of
from .strategies import Strategy, is_better, rank_columns, rank_of_counts

# Secrets scored per block: the early-exit check runs between blocks.
SCORE_BLOCK = 512
# Regions with fewer secrets are searched a block of candidates at a time.
SMALL_REGION = 256  # at most 256: block counts are uint8
CANDIDATE_BLOCK = 256
# A bound no rank reaches: no early exit.
NO_BOUND = np.iinfo(np.int64).max

_MOST_PARTS = int(Strategy.MOST_PARTS)

serial_kernel = njit(cache=True, nogil=True)
parallel_kernel = njit(parallel=True, nogil=True)  # never cache=True: numba cannot cache parfors reliably


# -- playing a turn ----------------------------------------------------------------


@serial_kernel
def score_one(secret, guess, words, lo, hi, pins, unused):
    """The ordinal of codeword `guess` scored against codeword `secret` (indices)."""
    black = black_hits(words[secret], words[guess], unused)
    hits = all_hits(lo[secret], hi[secret], lo[guess], hi[guess])
    return ordinal_of(black, hits, pins, unused)


@serial_kernel
def play_turn(order, region_start, region_len, region_guess, words, lo, hi, pins, unused,
              win, slots, turn, guesses_row, turns, new_order, new_start, new_len):
    """Every active game plays its region's guess; split the regions by score.

    `order[region_start[r]:][:region_len[r]]` are the games of region r, sorted
    by secret. Writes the guess of each game into `guesses_row`, the turn of
    each game won into `turns`, and the games still playing into `new_order`,
    grouped into new regions (by old region, then score ordinal) that keep
    their games sorted. Returns (number of new regions, games still playing).
    """
    counts = np.zeros(slots, dtype=np.int64)
    offsets = np.zeros(slots, dtype=np.int64)
    ordinals = np.empty(order.shape[0], dtype=np.uint8)
    n_new = 0
    placed = 0
    for r in range(region_start.shape[0]):
        guess = region_guess[r]
        first = region_start[r]
        last = first + region_len[r]
        counts[:] = 0
        for i in range(first, last):
            game = order[i]
            guesses_row[game] = guess
            o = score_one(game, guess, words, lo, hi, pins, unused)
            ordinals[i] = o
            counts[o] += 1
        for o in range(slots):
            if o != win and counts[o] > 0:
                new_start[n_new] = placed
                new_len[n_new] = counts[o]
                offsets[o] = placed
                placed += counts[o]
                n_new += 1
        for i in range(first, last):
            o = ordinals[i]
            if o == win:
                turns[order[i]] = turn
            else:  # a stable counting sort keeps each new region sorted by secret
                new_order[offsets[o]] = order[i]
                offsets[o] += 1
    return n_new, placed


# -- shortcuts: |PS| = 1, 2 and fully discriminating guesses ------------------------


@serial_kernel
def shortcut_guesses(order, region_start, region_len, ps_words, ps_lo, ps_hi, pins, unused,
                     slots, num_scores, guess_out):
    """Guesses that need no search; -1 where the region needs the full search.

    |PS| <= 2 plays its lowest member; |PS| <= num_scores plays its lowest fully
    discriminating member if it has one. Serial: the checks cost at most
    p(p+3)/2 scores per game, next to nothing beside the search.
    """
    for r in range(region_start.shape[0]):
        first = region_start[r]
        k = region_len[r]
        if k <= 2:
            guess_out[r] = order[first]
        elif k <= num_scores:
            position = first_fully_discriminating(ps_words[first:first + k], ps_lo[first:first + k],
                                                  ps_hi[first:first + k], pins, unused, slots)
            guess_out[r] = order[first + position] if position >= 0 else -1
        else:
            guess_out[r] = -1


# -- the full search -------------------------------------------------------------------


@serial_kernel
def score_block(guess_word, guess_lo, guess_hi, ps_words, ps_lo, ps_hi, pins, unused, wide_colors,
                ordinals):
    """ordinals[i] = score ordinal of the guess against PS member i, for all of `ps_words`.

    Branch-free inner loops over i from 0, so LLVM vectorizes them with plain
    loads (an index that might be negative makes numba wrap it around, and
    LLVM then falls back to gathers). With at most 8 colors the high
    color-count word is zero everywhere and is left out.
    """
    if wide_colors:
        for i in range(ps_words.shape[0]):
            black = black_hits(ps_words[i], guess_word, unused)
            hits = lane_min_sum(ps_lo[i], guess_lo) + lane_min_sum(ps_hi[i], guess_hi)
            ordinals[i] = ordinal_of(black, hits, pins, unused)
    else:
        for i in range(ps_words.shape[0]):
            black = black_hits(ps_words[i], guess_word, unused)
            ordinals[i] = ordinal_of(black, lane_min_sum(ps_lo[i], guess_lo), pins, unused)


@serial_kernel
def count_ordinals(ordinals, m, sub_counts, stride):
    """Add ordinals[:m] into four interleaved histograms of `stride` counters each.

    Consecutive secrets often share a score; with one histogram each increment
    waits for the previous one to the same counter. Four histograms, taken in
    turn, let four increments run at once.
    """
    whole = m - m % 4
    for i in range(0, whole, 4):
        sub_counts[ordinals[i]] += 1
        sub_counts[stride + ordinals[i + 1]] += 1
        sub_counts[2 * stride + ordinals[i + 2]] += 1
        sub_counts[3 * stride + ordinals[i + 3]] += 1
    for i in range(whole, m):
        sub_counts[ordinals[i]] += 1


@serial_kernel
def merge_counts(sub_counts, counts):
    """counts[o] = the sum of the four interleaved histograms at o."""
    stride = counts.shape[0]
    for o in range(stride):
        counts[o] = sub_counts[o] + sub_counts[stride + o] + sub_counts[2 * stride + o] + sub_counts[3 * stride + o]


@serial_kernel
def ordinals_seen(ordinals, m):
    """A bit mask of the ordinals among ordinals[:m] (an OR reduction, which vectorizes)."""
    seen = np.uint64(0)
    for i in range(m):
        seen |= np.uint64(1) << np.uint64(ordinals[i])
    return seen


@serial_kernel
def candidate_rank(guess_word, guess_lo, guess_hi, ps_words, ps_lo, ps_hi, pins, unused,
                   wide_colors, strategy, entropy, bound, ordinals, sub_counts, counts):
    """(rank, complete) of one candidate guess against PS.

    Scores PS block by block and counts subset sizes. Knuth, Expected Size and
    Entropy ranks of partial counts never exceed the final rank, so once the
    partial rank is strictly worse than `bound` (the rank of a candidate
    already seen) the candidate cannot win: it stops and returns
    complete=False. Most Parts only needs to know which subsets are non-empty:
    it ORs bits instead of counting, and hands rank_of_counts 0/1 counts,
    which give the same rank.
    """
    k = ps_words.shape[0]
    slots = counts.shape[0]
    if strategy == _MOST_PARTS:
        seen = np.uint64(0)
        for first in range(0, k, SCORE_BLOCK):
            last = min(k, first + SCORE_BLOCK)
            score_block(guess_word, guess_lo, guess_hi, ps_words[first:last], ps_lo[first:last],
                        ps_hi[first:last], pins, unused, wide_colors, ordinals)
            seen |= ordinals_seen(ordinals, last - first)
        for o in range(slots):
            counts[o] = (seen >> np.uint64(o)) & np.uint64(1)
        return rank_of_counts(counts, strategy, entropy), True
    sub_counts[:] = 0
    check = bound != NO_BOUND
    for first in range(0, k, SCORE_BLOCK):
        last = min(k, first + SCORE_BLOCK)
        score_block(guess_word, guess_lo, guess_hi, ps_words[first:last], ps_lo[first:last],
                    ps_hi[first:last], pins, unused, wide_colors, ordinals)
        count_ordinals(ordinals, last - first, sub_counts, slots)
        if check and last < k:
            merge_counts(sub_counts, counts)
            rank = rank_of_counts(counts, strategy, entropy)
            if rank > bound:
                return rank, False
    merge_counts(sub_counts, counts)
    return rank_of_counts(counts, strategy, entropy), True


@serial_kernel
def search_candidates(region, candidates, first_candidate, last_candidate, ps_words, ps_lo, ps_hi,
                      words, lo, hi, region_of_secret, pins, unused, wide_colors, strategy, entropy,
                      bound, ordinals, sub_counts, counts):
    """(index, rank, in PS) of the best of candidates[first_candidate:last_candidate] for one region.

    One candidate at a time against the whole PS: for regions of SMALL_REGION
    secrets and more. `candidates` is an array of codeword indices, or empty
    for "every codeword" (then candidate j is codeword j). Returns index -1 if
    every candidate was dropped by the early exit, which cannot happen when
    `bound` is the rank of one of these candidates.
    """
    all_codewords = candidates.shape[0] == 0
    best_index = np.int64(-1)
    best_rank = np.int64(0)
    best_in_ps = False
    for j in range(first_candidate, last_candidate):
        c = j if all_codewords else candidates[j]
        limit = bound if best_index < 0 else min(bound, best_rank)
        rank, complete = candidate_rank(words[c], lo[c], hi[c], ps_words, ps_lo, ps_hi, pins, unused,
                                        wide_colors, strategy, entropy, limit, ordinals, sub_counts,
                                        counts)
        if not complete:
            continue
        in_ps = region_of_secret[c] == region
        if best_index < 0 or is_better(rank, in_ps, c, best_rank, best_in_ps, best_index):
            best_index, best_rank, best_in_ps = np.int64(c), rank, in_ps
    return best_index, best_rank, best_in_ps


@serial_kernel
def rank_candidate_block(cand_words, cand_lo, cand_hi, ps_words, ps_lo, ps_hi, pins, unused,
                         wide_colors, strategy, entropy, ordinals, block_counts, ranks):
    """ranks[i] for a block of candidates against a small PS, one PS member at a time.

    The score is symmetric (black pins and the color minimums do not care
    which side is the guess), so scoring PS member j as the guess against the
    block's candidates gives each candidate's score against j, in one long
    loop that vectorizes. block_counts[o, i] counts candidate i's subset o:
    consecutive increments hit different candidates, so they never wait on
    each other, and `rank_columns` ranks the whole block slot by slot.
    """
    m = cand_words.shape[0]
    k = ps_words.shape[0]
    counts = block_counts[:, :m]
    counts[:] = 0
    for j in range(k):
        score_block(ps_words[j], ps_lo[j], ps_hi[j], cand_words, cand_lo, cand_hi, pins, unused,
                    wide_colors, ordinals)
        for i in range(m):
            counts[ordinals[i], i] += 1
    rank_columns(counts, strategy, entropy, ranks[:m])


@serial_kernel
def search_small_region(region, candidates, first_candidate, last_candidate, ps_words, ps_lo, ps_hi,
                        words, lo, hi, region_of_secret, pins, unused, wide_colors, strategy, entropy,
                        ordinals, block_counts, ranks, block_words, block_lo, block_hi):
    """`search_candidates` for a region of fewer than SMALL_REGION secrets.

    Scoring one candidate against a few secrets is mostly loop overhead, so
    candidates go in blocks of CANDIDATE_BLOCK through `rank_candidate_block`.
    """
    all_codewords = candidates.shape[0] == 0
    best_index = np.int64(-1)
    best_rank = np.int64(0)
    best_in_ps = False
    for block_first in range(first_candidate, last_candidate, CANDIDATE_BLOCK):
        block_last = min(last_candidate, block_first + CANDIDATE_BLOCK)
        m = block_last - block_first
        if all_codewords:  # the block's codewords are contiguous already
            rank_candidate_block(words[block_first:block_last], lo[block_first:block_last],
                                 hi[block_first:block_last], ps_words, ps_lo, ps_hi, pins, unused,
                                 wide_colors, strategy, entropy, ordinals, block_counts, ranks)
        else:
            for i in range(m):  # gather the block's packed codewords
                c = candidates[block_first + i]
                block_words[i] = words[c]
                block_lo[i] = lo[c]
                block_hi[i] = hi[c]
            rank_candidate_block(block_words[:m], block_lo[:m], block_hi[:m], ps_words, ps_lo,
                                 ps_hi, pins, unused, wide_colors, strategy, entropy, ordinals,
                                 block_counts, ranks)
        # Only candidates of the block's best rank can win: the tie-break is
        # needed for those alone.
        block_best = ranks[0]
        for i in range(1, m):
            block_best = min(block_best, ranks[i])
        if best_index >= 0 and block_best > best_rank:
            continue
        for i in range(m):
            if ranks[i] != block_best:
                continue
            c = block_first + i if all_codewords else candidates[block_first + i]
            in_ps = region_of_secret[c] == region
            if best_index < 0 or is_better(ranks[i], in_ps, c, best_rank, best_in_ps, best_index):
                best_index, best_rank, best_in_ps = np.int64(c), ranks[i], in_ps
    return best_index, best_rank, best_in_ps


@serial_kernel
def region_candidates(r, region_candidates_start, region_candidates_len, candidates_flat):
    """Region r's candidate list: a slice of candidates_flat, or empty for every codeword."""
    first = region_candidates_start[r]
    if first < 0:
        return candidates_flat[:0]
    return candidates_flat[first:first + region_candidates_len[r]]


@serial_kernel
def probe_bounds(regions, region_start, region_len, region_candidates_start, region_candidates_len,
                 candidates_flat, ps_words, ps_lo, ps_hi, words, lo, hi, pins, unused, wide_colors,
                 slots, strategy, entropy, probes, bound_out):
    """bound_out[r]: the best rank among a few candidates of region r, for the early exit.

    The probes are candidates themselves, so each region keeps at least one
    candidate whose rank is no worse than its bound. Members of PS make good
    probes (with every codeword as candidates); from an explicit list, evenly
    spaced entries.
    """
    ordinals = np.empty(SCORE_BLOCK, dtype=np.uint8)
    sub_counts = np.zeros(4 * slots, dtype=np.uint32)
    counts = np.zeros(slots, dtype=np.uint32)
    for r in regions:
        first = region_start[r]
        k = region_len[r]
        candidates = region_candidates(r, region_candidates_start, region_candidates_len,
                                       candidates_flat)
        size = k if candidates.shape[0] == 0 else candidates.shape[0]
        best = NO_BOUND
        for p in range(probes):
            position = p * size // probes
            if candidates.shape[0] == 0:
                c = np.int64(-1)
                g_word, g_lo, g_hi = ps_words[first + position], ps_lo[first + position], ps_hi[first + position]
            else:
                c = candidates[position]
                g_word, g_lo, g_hi = words[c], lo[c], hi[c]
            rank, _complete = candidate_rank(g_word, g_lo, g_hi, ps_words[first:first + k],
                                             ps_lo[first:first + k], ps_hi[first:first + k], pins,
                                             unused, wide_colors, strategy, entropy, NO_BOUND,
                                             ordinals, sub_counts, counts)
            best = min(best, rank)
        bound_out[r] = best


@serial_kernel
def search_task(t, task_region, task_first, task_last, region_start, region_len, region_bound,
                region_candidates_start, region_candidates_len, candidates_flat,
                ps_words, ps_lo, ps_hi, words, lo, hi, region_of_secret, pins, unused,
                wide_colors, strategy, entropy, ordinals, sub8, sub16, sub32, counts8, counts16,
                counts32, block_counts, ranks, block_words, block_lo, block_hi):
    """(index, rank, in PS) of the best candidate of task t; see `run_search_tasks`."""
    r = task_region[t]
    first = region_start[r]
    last = first + region_len[r]
    candidates = region_candidates(r, region_candidates_start, region_candidates_len, candidates_flat)
    k = last - first
    if k < SMALL_REGION:
        return search_small_region(
            r, candidates, task_first[t], task_last[t], ps_words[first:last], ps_lo[first:last],
            ps_hi[first:last], words, lo, hi, region_of_secret, pins, unused, wide_colors, strategy,
            entropy, ordinals, block_counts, ranks, block_words, block_lo, block_hi)
    # Counters sized to the region (numba compiles one search per counter type).
    if k < 256:
        return search_candidates(
            r, candidates, task_first[t], task_last[t], ps_words[first:last], ps_lo[first:last],
            ps_hi[first:last], words, lo, hi, region_of_secret, pins, unused, wide_colors,
            strategy, entropy, region_bound[r], ordinals, sub8, counts8)
    if k < 65536:
        return search_candidates(
            r, candidates, task_first[t], task_last[t], ps_words[first:last], ps_lo[first:last],
            ps_hi[first:last], words, lo, hi, region_of_secret, pins, unused, wide_colors,
            strategy, entropy, region_bound[r], ordinals, sub16, counts16)
    return search_candidates(
        r, candidates, task_first[t], task_last[t], ps_words[first:last], ps_lo[first:last],
        ps_hi[first:last], words, lo, hi, region_of_secret, pins, unused, wide_colors,
        strategy, entropy, region_bound[r], ordinals, sub32, counts32)


@serial_kernel
def search_worker(worker, workers, task_region, task_first, task_last, region_start, region_len,
                  region_bound, region_candidates_start, region_candidates_len, candidates_flat,
                  ps_words, ps_lo, ps_hi, words, lo, hi, region_of_secret, pins, unused,
                  wide_colors, slots, strategy, entropy, out_index, out_rank, out_in_ps):
    """Tasks worker, worker + workers, ... with this worker's own scratch."""
    ordinals = np.empty(max(SCORE_BLOCK, CANDIDATE_BLOCK), dtype=np.uint8)
    sub8 = np.zeros(4 * slots, dtype=np.uint8)
    sub16 = np.zeros(4 * slots, dtype=np.uint16)
    sub32 = np.zeros(4 * slots, dtype=np.uint32)
    counts8 = np.zeros(slots, dtype=np.uint8)
    counts16 = np.zeros(slots, dtype=np.uint16)
    counts32 = np.zeros(slots, dtype=np.uint32)
    block_counts = np.zeros((slots, CANDIDATE_BLOCK), dtype=np.uint8)
    ranks = np.zeros(CANDIDATE_BLOCK, dtype=np.int64)
    block_words = np.zeros(CANDIDATE_BLOCK, dtype=words.dtype)
    block_lo = np.zeros(CANDIDATE_BLOCK, dtype=lo.dtype)
    block_hi = np.zeros(CANDIDATE_BLOCK, dtype=hi.dtype)
    for t in range(worker, task_region.shape[0], workers):
        index, rank, in_ps = search_task(
            t, task_region, task_first, task_last, region_start, region_len, region_bound,
            region_candidates_start, region_candidates_len, candidates_flat,
            ps_words, ps_lo, ps_hi, words, lo, hi, region_of_secret, pins, unused,
            wide_colors, strategy, entropy, ordinals, sub8, sub16, sub32, counts8, counts16,
            counts32, block_counts, ranks, block_words, block_lo, block_hi)
        out_index[t] = index
        out_rank[t] = rank
        out_in_ps[t] = in_ps


@parallel_kernel
def run_search_tasks(task_region, task_first, task_last, region_start, region_len, region_bound,
                     region_candidates_start, region_candidates_len, candidates_flat,
                     ps_words, ps_lo, ps_hi, words, lo, hi, region_of_secret, pins, unused,
                     wide_colors, slots, strategy, entropy, workers,
                     out_index, out_rank, out_in_ps):
    """Search every task; task t covers candidates task_first[t]:task_last[t] of region task_region[t].

    Workers take tasks round-robin; each has its own scratch and writes only
    its own tasks' outputs. (All the work is in the cached serial
    `search_worker`: this parallel wrapper, compiled anew in every process,
    stays as small as can be.)
    """
    for worker in prange(workers):
        # np.int64: prange's index is unsigned, and the serial callers' 0 is not: one compile, not two
        search_worker(np.int64(worker), workers, task_region, task_first, task_last, region_start, region_len,
                      region_bound, region_candidates_start, region_candidates_len, candidates_flat,
                      ps_words, ps_lo, ps_hi, words, lo, hi, region_of_secret, pins, unused,
                      wide_colors, slots, strategy, entropy, out_index, out_rank, out_in_ps)


@serial_kernel
def reduce_tasks(task_region, out_index, out_rank, out_in_ps, guess_out):
    """The best candidate of each region over its tasks, in the tie-break order.

    `guess_out[r]` must be -1 for the regions searched; tasks of a region may
    come in any order.
    """
    best_rank = np.zeros(guess_out.shape[0], dtype=np.int64)
    best_in_ps = np.zeros(guess_out.shape[0], dtype=np.bool_)
    for t in range(task_region.shape[0]):
        r = task_region[t]
        index = out_index[t]
        if index < 0:
            continue
        if guess_out[r] < 0 or is_better(out_rank[t], out_in_ps[t], index,
                                         best_rank[r], best_in_ps[r], guess_out[r]):
            guess_out[r] = index
            best_rank[r] = out_rank[t]
            best_in_ps[r] = out_in_ps[t]
