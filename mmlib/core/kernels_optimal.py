"""Numba kernels of the exact optimal search (mmlib.core.optimal).

The search asks one question over and over: for a set S of possible secrets
and a list of candidate guesses, how does each candidate split S, and what is
the least the rest of the game can cost after it? These kernels answer it with
the packed score of `mmlib.core.scoring` and the block scorer and counters of
the cpu backend (`kernels_cpu.score_block`, `count_ordinals`), so the partition
counts are the very numbers the four strategies rank.

Lower bounds (REFERENCE.md, "Optimal strategies", fact 4): a tree node wins at
most one secret and has at most K = p(p+3)/2 - 1 non-winning children, so at
most K**(t-1) secrets are won on turn t of a subtree. The fewest turns m
secrets can take within d guesses fill turns 1, 2, ... as full as that allows;
if they do not fit in d turns, the bound is INFEASIBLE. A candidate guess g
that splits S into non-winning parts P_1..P_j then costs at least
|S| + sum_i LB(|P_i|, d - 1), exactly the number `candidate_bounds` computes.
"""

from __future__ import annotations

import numpy as np
from numba import njit, prange

from .case_equivalence import count_lanes_mask
from .kernels_cpu import count_ordinals, merge_counts, score_block

# A cost no strategy reaches: "cannot be done within the depth left". Sums of a
# few dozen of them stay far from int64 overflow.
INFEASIBLE = np.int64(1) << np.int64(40)

# Sets with fewer secrets score one secret against a block of candidates at a
# time (the score is symmetric): one candidate against a handful of secrets is
# mostly loop overhead.
SMALL_SET = 48
# Candidate counts times |S| above which the candidates are split between cores.
PARALLEL_SCORES = 150_000
# Sort keys of candidates: bound, then members of S first, then index.
INDEX_BITS = 16
KEY_SHIFT = INDEX_BITS + 1

serial_kernel = njit(cache=True, nogil=True)
parallel_kernel = njit(parallel=True, nogil=True)  # never cache=True on parallel kernels


@serial_kernel
def lower_bound_table(n_max, depth, parts):
    """LB[m] for m = 0..n_max: the fewest total turns m secrets can take within `depth` guesses.

    Turn t of a subtree wins at most parts**(t-1) secrets (one per node, and a
    node has at most `parts` non-winning children). LB[m] fills turns 1, 2, ...
    as full as they can be; INFEASIBLE where m secrets do not fit in `depth` turns.
    """
    table = np.empty(n_max + 1, dtype=np.int64)
    for m in range(n_max + 1):
        left = np.int64(m)
        total = np.int64(0)
        level = np.int64(1)
        t = 1
        while left > 0 and t <= depth:
            take = min(left, level)
            total += take * t
            left -= take
            if level < (np.int64(1) << np.int64(40)):
                level *= parts
            t += 1
        table[m] = INFEASIBLE if left > 0 else total
    return table


@serial_kernel
def bound_from_counts(counts, n, win, child_lb):
    """|S| + sum of child_lb over the non-winning parts; INFEASIBLE for a guess that
    leaves all of S in one part (it wins nothing and learns nothing: never optimal)."""
    if counts[win] == 0:
        for o in range(counts.shape[0]):
            if counts[o] == n:
                return INFEASIBLE
    total = np.int64(n)
    for o in range(counts.shape[0]):
        if o != win and counts[o] > 0:
            total += child_lb[counts[o]]
    return total


@serial_kernel
def _bounds_range(first, last, cand_words, cand_lo, cand_hi, ps_words, ps_lo, ps_hi, pins, unused,
                  wide_colors, win, child_lb, bounds, in_ps):
    """bounds / in_ps of candidates first..last-1, one candidate against all of S at a time."""
    n = ps_words.shape[0]
    slots = win + 1
    ordinals = np.empty(n, dtype=np.uint8)
    sub_counts = np.zeros(4 * slots, dtype=np.int32)
    counts = np.zeros(slots, dtype=np.int32)
    for i in range(first, last):
        score_block(cand_words[i], cand_lo[i], cand_hi[i], ps_words, ps_lo, ps_hi, pins, unused,
                    wide_colors, ordinals)
        sub_counts[:] = 0
        count_ordinals(ordinals, n, sub_counts, slots)
        merge_counts(sub_counts, counts)
        bounds[i] = bound_from_counts(counts, n, win, child_lb)
        in_ps[i] = counts[win] > 0


@serial_kernel
def _bounds_small_set(cand_words, cand_lo, cand_hi, ps_words, ps_lo, ps_hi, pins, unused,
                      wide_colors, win, child_lb, bounds, in_ps):
    """`candidate_bounds` for a small S: one secret scored against every candidate at a time."""
    m = cand_words.shape[0]
    n = ps_words.shape[0]
    slots = win + 1
    ordinals = np.empty(m, dtype=np.uint8)
    counts = np.zeros((m, slots), dtype=np.int32)
    for j in range(n):
        score_block(ps_words[j], ps_lo[j], ps_hi[j], cand_words, cand_lo, cand_hi, pins, unused,
                    wide_colors, ordinals)
        for i in range(m):
            counts[i, ordinals[i]] += 1
    for i in range(m):
        bounds[i] = bound_from_counts(counts[i], n, win, child_lb)
        in_ps[i] = counts[i, win] > 0


@serial_kernel
def candidate_bounds_serial(cand_words, cand_lo, cand_hi, ps_words, ps_lo, ps_hi, pins, unused,
                            wide_colors, win, child_lb, bounds, in_ps):
    """bounds[i]: the least total cost of S when candidate i is guessed next; in_ps[i]: i is in S."""
    if ps_words.shape[0] < SMALL_SET:
        _bounds_small_set(cand_words, cand_lo, cand_hi, ps_words, ps_lo, ps_hi, pins, unused,
                          wide_colors, win, child_lb, bounds, in_ps)
    else:
        _bounds_range(0, cand_words.shape[0], cand_words, cand_lo, cand_hi, ps_words, ps_lo, ps_hi,
                      pins, unused, wide_colors, win, child_lb, bounds, in_ps)


@parallel_kernel
def candidate_bounds_parallel(cand_words, cand_lo, cand_hi, ps_words, ps_lo, ps_hi, pins, unused,
                              wide_colors, win, child_lb, bounds, in_ps, workers):
    """`candidate_bounds_serial` with the candidates split into `workers` contiguous chunks,
    one per thread; each writes only its own chunk of the outputs."""
    m = cand_words.shape[0]
    for w in prange(workers):
        _bounds_range(w * m // workers, (w + 1) * m // workers, cand_words, cand_lo, cand_hi,
                      ps_words, ps_lo, ps_hi, pins, unused, wide_colors, win, child_lb, bounds, in_ps)


@serial_kernel
def first_discriminating_member(ps_words, ps_lo, ps_hi, pins, unused, wide_colors, slots):
    """Position in S of its first member that splits S into singletons, or -1."""
    n = ps_words.shape[0]
    ordinals = np.empty(n, dtype=np.uint8)
    counts = np.zeros(slots, dtype=np.int32)
    for g in range(n):
        score_block(ps_words[g], ps_lo[g], ps_hi[g], ps_words, ps_lo, ps_hi, pins, unused,
                    wide_colors, ordinals)
        counts[:] = 0
        ok = True
        for i in range(n):
            counts[ordinals[i]] += 1
            if counts[ordinals[i]] > 1:
                ok = False
                break
        if ok:
            return g
    return -1


@serial_kernel
def group_by_score(guess_word, guess_lo, guess_hi, ps_index, ps_words, ps_lo, ps_hi, pins, unused,
                   wide_colors, out_index, counts, offsets):
    """Score S against one guess and write S's codeword indices grouped by score ordinal into
    `out_index` (a stable counting sort: each group keeps S's order). Leaves each ordinal's
    count in `counts` and the start of its group in `offsets`."""
    n = ps_words.shape[0]
    ordinals = np.empty(n, dtype=np.uint8)
    score_block(guess_word, guess_lo, guess_hi, ps_words, ps_lo, ps_hi, pins, unused, wide_colors,
                ordinals)
    counts[:] = 0
    for i in range(n):
        counts[ordinals[i]] += 1
    placed = 0
    for o in range(counts.shape[0]):
        offsets[o] = placed
        placed += counts[o]
    cursor = offsets.copy()
    for i in range(n):
        o = ordinals[i]
        out_index[cursor[o]] = ps_index[i]
        cursor[o] += 1


@serial_kernel
def split_by_score(guess_word, guess_lo, guess_hi, ps_index, ps_words, ps_lo, ps_hi, pins, unused,
                   wide_colors, slots, out_index, out_ordinal, out_start, out_len):
    """Split S by the score of one guess (`group_by_score`); for each non-empty score, k-th in
    ordinal order, its ordinal, start and length. Returns how many groups there are."""
    counts = np.zeros(slots, dtype=np.int64)
    offsets = np.zeros(slots, dtype=np.int64)
    group_by_score(guess_word, guess_lo, guess_hi, ps_index, ps_words, ps_lo, ps_hi, pins, unused,
                   wide_colors, out_index, counts, offsets)
    groups = 0
    for o in range(slots):
        if counts[o] > 0:
            out_ordinal[groups] = o
            out_start[groups] = offsets[o]
            out_len[groups] = counts[o]
            groups += 1
    return groups


@serial_kernel
def colors_present(ps_lo, ps_hi, colors):
    """Mask of the colors some member of S uses (an OR-reduction of the count lanes)."""
    lo = np.uint64(0)
    hi = np.uint64(0)
    for i in range(ps_lo.shape[0]):
        lo |= ps_lo[i]
        hi |= ps_hi[i]
    return count_lanes_mask(lo, hi, colors)


@serial_kernel
def merge_zero(d, zero_mask, lowest_zero, norepeat, assigned):
    """(color, assigned) of one pin under zeta: a Zero color d becomes the lowest Zero
    color; without repeats, the lowest Zero color not yet `assigned` to an earlier pin."""
    if lowest_zero < 0 or not (zero_mask >> d) & 1:
        return d, assigned
    if not norepeat:
        return np.int64(lowest_zero), assigned
    free = zero_mask & ~assigned
    bit = free & -free
    color = np.int64(0)
    while (np.int64(1) << color) != bit:
        color += 1
    return color, assigned | bit


@serial_kernel
def canonical_under_group(digits, pin_perms, color_perms, zero_mask, colors, norepeat, keep):
    """keep[i]: is codeword i (digits[i], zero-based colors) the least of its class?

    The class of a guess: its images under the group elements (pin permutation
    pin_perms[e], color permutation color_perms[e]) and the re-colouring of its
    Zero pins with other Zero colors (all different when `norepeat`). Its key is
    min over e of zeta(e(g)), where zeta puts the lowest Zero color on every Zero
    pin (without repeats: the lowest Zero colors in increasing order, left to
    right); the key is constant on the class and is itself a member, so exactly
    one member has key == itself. Codewords are compared as C-ary numbers of
    their colors (the index order of every rule set).
    """
    n, pins = digits.shape
    lowest_zero = -1
    for k in range(colors):
        if zero_mask >> k & 1:
            lowest_zero = k
            break
    for i in range(n):
        own = np.int64(0)
        raw = np.int64(0)
        assigned = np.int64(0)
        for q in range(pins):
            d = np.int64(digits[i, q])
            raw = raw * colors + d
            d, assigned = merge_zero(d, zero_mask, lowest_zero, norepeat, assigned)
            own = own * colors + d
        best = own
        for e in range(pin_perms.shape[0]):
            image = np.int64(0)
            assigned = np.int64(0)
            for q in range(pins):
                d = np.int64(color_perms[e, digits[i, pin_perms[e, q]]])
                d, assigned = merge_zero(d, zero_mask, lowest_zero, norepeat, assigned)
                image = image * colors + d
            if image < best:
                best = image
                break  # some image is smaller: i is not the least
        keep[i] = best == own and own == raw


@serial_kernel
def gather(index, words, lo, hi):
    """Packed forms of the codewords `index`."""
    n = index.shape[0]
    out_words = np.empty(n, dtype=words.dtype)
    out_lo = np.empty(n, dtype=lo.dtype)
    out_hi = np.empty(n, dtype=hi.dtype)
    for i in range(n):
        out_words[i] = words[index[i]]
        out_lo[i] = lo[index[i]]
        out_hi[i] = hi[index[i]]
    return out_words, out_lo, out_hi


@serial_kernel
def exact_from_counts(counts, win):
    """Is the bound of these counts the guess's true cost? Yes when every non-winning
    part has at most two secrets (one costs 1, two cost 3: the bounds are exact)."""
    for o in range(counts.shape[0]):
        if o != win and counts[o] > 2:
            return False
    return True


@serial_kernel
def best_member(ps_words, ps_lo, ps_hi, pins, unused, wide_colors, win, child_lb):
    """(position, bound) of the member of S with the least bound among those whose
    bound is exact (`exact_from_counts`), lowest position first; (-1, INFEASIBLE) if none.

    A member that splits the others into singletons has bound 2|S| - 1, the
    least any guess can have: the fully-discriminating shortcut.
    """
    n = ps_words.shape[0]
    slots = win + 1
    ordinals = np.empty(n, dtype=np.uint8)
    counts = np.zeros(slots, dtype=np.int32)
    best = -1
    best_bound = INFEASIBLE
    for g in range(n):
        score_block(ps_words[g], ps_lo[g], ps_hi[g], ps_words, ps_lo, ps_hi, pins, unused,
                    wide_colors, ordinals)
        counts[:] = 0
        for i in range(n):
            counts[ordinals[i]] += 1
        if exact_from_counts(counts, win):
            bound = bound_from_counts(counts, n, win, child_lb)
            if bound < best_bound:
                best, best_bound = g, bound
                if bound == 2 * n - 1:
                    break
    return best, best_bound


@serial_kernel
def _rank_block(first, last, cand_index, cand_words, cand_lo, cand_hi, ps_words, ps_lo, ps_hi, pins,
                unused, wide_colors, win, child_lb, beta, floor, ordinals, counts, keys, found):
    """Bounds of candidates first..last-1 (a small S: one secret against the block at a time).

    Appends the sort key of each candidate with bound < beta to keys[found:];
    returns (found, least bound >= beta, a candidate proven optimal or -1). A
    candidate is proven optimal when its bound is exact and equals `floor`, a
    lower bound of the position.
    """
    m = last - first
    n = ps_words.shape[0]
    slots = win + 1
    counts[:m] = 0
    for j in range(n):
        score_block(ps_words[j], ps_lo[j], ps_hi[j], cand_words[first:last], cand_lo[first:last],
                    cand_hi[first:last], pins, unused, wide_colors, ordinals)
        for i in range(m):
            counts[i, ordinals[i]] += 1
    least_cut = INFEASIBLE
    for i in range(m):
        bound = bound_from_counts(counts[i], n, win, child_lb)
        c = cand_index[first + i]
        if bound <= floor and exact_from_counts(counts[i], win):
            return found, least_cut, c
        if bound < beta:
            member = counts[i, win] > 0
            keys[found] = (bound << KEY_SHIFT) | (np.int64(0 if member else 1) << INDEX_BITS) | c
            found += 1
        elif bound < least_cut:
            least_cut = bound
    return found, least_cut, np.int64(-1)


@serial_kernel
def ranked_candidates_small(cand_index, cand_words, cand_lo, cand_hi, ps_words, ps_lo, ps_hi, pins,
                            unused, wide_colors, win, child_lb, beta, floor, keys):
    """Sort keys (bound, then members first, then index) of the candidates with bound < beta.

    Returns (how many, least bound among the others, a candidate proven optimal
    or -1: then the search can stop at once, and the keys are incomplete).
    Candidates go in blocks of 256, each block scored one secret at a time.
    """
    m = cand_index.shape[0]
    slots = win + 1
    block = 256
    ordinals = np.empty(block, dtype=np.uint8)
    counts = np.zeros((block, slots), dtype=np.int32)
    found = 0
    least_cut = INFEASIBLE
    for first in range(0, m, block):
        last = min(m, first + block)
        found, cut, proven = _rank_block(first, last, cand_index, cand_words, cand_lo, cand_hi,
                                         ps_words, ps_lo, ps_hi, pins, unused, wide_colors, win,
                                         child_lb, beta, floor, ordinals, counts, keys, found)
        least_cut = min(least_cut, cut)
        if proven >= 0:
            return found, least_cut, proven
    keys[:found].sort()
    return found, least_cut, np.int64(-1)


@serial_kernel
def keys_from_bounds(cand_index, bounds, in_ps, beta, keys):
    """Sort keys of the candidates with bound < beta; (how many, least bound of the others)."""
    found = 0
    least_cut = INFEASIBLE
    for i in range(cand_index.shape[0]):
        if bounds[i] < beta:
            keys[found] = ((bounds[i] << KEY_SHIFT) | (np.int64(0 if in_ps[i] else 1) << INDEX_BITS)
                           | cand_index[i])
            found += 1
        elif bounds[i] < least_cut:
            least_cut = bounds[i]
    keys[:found].sort()
    return found, least_cut


@serial_kernel
def split_large_parts(guess_word, guess_lo, guess_hi, ps_index, ps_words, ps_lo, ps_hi, pins, unused,
                      wide_colors, win, out_index, out_start, out_len):
    """Split S by one guess (`group_by_score`) and list its non-winning parts of three secrets
    or more, largest first; returns how many.

    Parts of one or two secrets cost exactly their lower bound (1 and 3), so the
    search never needs to visit them.
    """
    slots = win + 1
    counts = np.zeros(slots, dtype=np.int64)
    offsets = np.zeros(slots, dtype=np.int64)
    group_by_score(guess_word, guess_lo, guess_hi, ps_index, ps_words, ps_lo, ps_hi, pins, unused,
                   wide_colors, out_index, counts, offsets)
    large = 0
    for o in range(slots):
        if o != win and counts[o] >= 3:
            k = large  # insertion by size, largest first
            while k > 0 and out_len[k - 1] < counts[o]:
                out_len[k] = out_len[k - 1]
                out_start[k] = out_start[k - 1]
                k -= 1
            out_len[k] = counts[o]
            out_start[k] = offsets[o]
            large += 1
    return large


# -- the cache key: a position up to renaming its pins and colors ---------------------------


@serial_kernel
def _counts_before(counts, a, b, pin_order):
    """Do color a's counts per pin come before color b's (larger first, in pin_order)?"""
    for k in range(pin_order.shape[0]):
        q = pin_order[k]
        if counts[a, q] != counts[b, q]:
            return counts[a, q] > counts[b, q]
    return False


@serial_kernel
def _pin_before(profiles, a, b):
    """Does pin a's profile (its color counts, largest first) come before pin b's (larger first)?"""
    for k in range(profiles.shape[1]):
        if profiles[a, k] != profiles[b, k]:
            return profiles[a, k] > profiles[b, k]
    return False


@serial_kernel
def canonical_position(secrets, digits, colors, radix_index, pin_order, labels, out):
    """The image of S under a renaming of pins and colors that depends only on S as a set.

    Pins are ordered by their profile (how many secrets of S show each color there, sorted:
    a profile no color renaming changes), then colors ranked by their counts on the pins in
    that order (more first); ties keep the lower pin or color first. Image pin k is pin
    pin_order[k], color c becomes labels[c]. Writes the image's codeword indices, sorted, to
    out[:n]. Permuting pins and renaming colors maps codewords to codewords (repeats stay
    absent) and every pair's score to the same score, black-only too, so S and its image
    need the same turns: the image is a sound cache key, and sets that differ only by pin
    order and color names (the usual case below symmetric guesses) share it.
    `radix_index`: codeword index by C-ary value, first pin most significant.
    """
    n = secrets.shape[0]
    pins = digits.shape[1]
    counts = np.zeros((colors, pins), dtype=np.int64)
    for i in range(n):
        s = secrets[i]
        for q in range(pins):
            counts[digits[s, q], q] += 1
    profiles = np.empty((pins, colors), dtype=np.int64)
    for q in range(pins):
        column = np.sort(counts[:, q])
        for k in range(colors):
            profiles[q, k] = column[colors - 1 - k]
    for q in range(pins):
        pin_order[q] = q
    for a in range(1, pins):  # insertion sort: stable, so ties keep the lower pin first
        q = pin_order[a]
        b = a - 1
        while b >= 0 and _pin_before(profiles, q, pin_order[b]):
            pin_order[b + 1] = pin_order[b]
            b -= 1
        pin_order[b + 1] = q
    order = np.empty(colors, dtype=np.int64)
    for c in range(colors):
        order[c] = c
    for a in range(1, colors):
        c = order[a]
        b = a - 1
        while b >= 0 and _counts_before(counts, c, order[b], pin_order):
            order[b + 1] = order[b]
            b -= 1
        order[b + 1] = c
    for r in range(colors):
        labels[order[r]] = r
    for i in range(n):
        out[i] = renamed_codeword(secrets[i], digits, colors, radix_index, pin_order, labels)
    out[:n].sort()


@serial_kernel
def renamed_codeword(index, digits, colors, radix_index, pin_order, labels):
    """Codeword `index` with pin pin_order[k] moved to pin k and color c renamed labels[c]."""
    code = np.int64(0)
    for k in range(digits.shape[1]):
        code = code * colors + labels[digits[index, pin_order[k]]]
    return radix_index[code]
