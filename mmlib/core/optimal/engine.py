"""The exact search itself, in compiled code: branch and bound over guess, then score.

`position_value` computes F(S, d), the least total turns that win every secret
of S within d guesses, or a lower bound of it that is at least `beta`:

    F(S, d) = |S| + min over guesses g of sum over non-winning parts P of g: F(P, d - 1)

with F({s}, d >= 1) = 1, F(S of two, d >= 2) = 3 and F(S, d <= 1) = infinity
for |S| > 1. It runs entirely in Numba over buffers made once per search
(`Buffers`): a node allocates nothing, its secrets and its parts live in one
arena, each level of the recursion has its own rows for candidates, sort keys
and symmetry group, and the position cache is a hash table in arrays
(`Cache`). Python only calls it at the root (`search.OptimalSearch`).

What one node does (`_enter`, then `_next_candidate` for each candidate taken):

1. Cache: the set is keyed up to permuting pins and renaming colors
   (`canonical_key`); an exact entry answers, a lower bound raises the floor.
2. Members first (`_members_first`): when S is small, every member is scored
   against S; a member whose parts all hold one or two secrets costs exactly
   its bound, and if that meets the floor the node is done (2|S| - 1, the fully
   discriminating member, included).
3. Candidates (`candidates`): one guess per class of guesses that cannot differ
   here: the images under every pin and color permutation that fixes each
   guess played so far (the group is carried down the path and shrinks as
   guesses are played, `extend_group`), with Free colors (in no guess played)
   and Zero colors (absent from S) merged.
4. Each candidate's counting bound |S| + sum LB(|P|) (`bounds.py`,
   `_rank_candidates`; small sets need only the set of scores each codeword
   meets, `scores_met`, larger ones every codeword's part sizes, `parts_of_all`,
   and on those LB counts with K_S, the most parts any candidate makes of S);
   they are taken from a min-heap in order of bound (members of S first, then
   index), and the loop stops at the first bound that cannot beat the best found.
5. A candidate's parts of three or more secrets are searched smallest first,
   each with the budget the best total leaves after the exact values found so
   far and the bounds of the parts not yet searched; as small parts come back
   above their bounds the budget of the large ones shrinks. Before any part is
   searched each is bounded by what the cache knows of it, and a part of at
   least config.PART_LOOKAHEAD_MIN_SECRETS one guess deeper (`_part_floor`): a
   candidate whose parts cannot fit under the best is dropped unsearched. While the node has
   no total to beat (entered with an unbounded budget: a proof that no strategy
   fits the turns left), its parts go largest first instead (config.PART_ORDER).

At every node the search reads `control[0]` (an abort ticket a scheduler can
raise from another process or thread), and every 256 nodes it adds 256 to
`live[slot]` (a node count a progress bar can read while the search runs). It
also stops once the node count reaches `run[2]` when that is set, or the score
count `run[3]` (the caps of a search run in the caller's thread:
`OptimalSearch.value`), and once `stats[S_ABORTED]` is set by the thread that
watches it (a deadline), which it also reads every 256 guesses of a node's
ranking (`_stopping`).
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from ..scoring import packed_score_ordinal
from .bounds import INFEASIBLE

# Compiled without Numba's reference counting: the engine allocates nothing (every buffer is
# made by the caller), and counted references cost an atomic increment and decrement per
# array argument of every call: 43% of 4p6c's time before they went.
kernel = njit(cache=True, nogil=True, _nrt=False)
# The steps of one node, inlined into the loop that runs them: a call passes every array of
# Tables and Buffers by value, which per node cost more than the step itself (3p10c: 0.12 s
# called, 0.09 s inlined).
node_step = njit(cache=True, nogil=True, _nrt=False, inline="always")

# The game, as the search reads it (made once per game, never written).
Tables = namedtuple("Tables", [
    "score",  # uint8 (N, N): every pair's score ordinal, or (0, 0): score packed codewords
    "words", "lo", "hi",  # packed codewords (mmlib.core.scoring)
    "digits",  # uint8 (N, pins): zero-based colors
    "radix_index",  # int32 (colors**pins,): codeword index by C-ary value, -1 if none
    "lb",  # int64 (rows, N + 1): lower bounds by depth left (bounds.bound_tables)
    "set_lb", "set_lb_rows",  # the same for every branching factor k <= K (bounds.set_bound_tables)
    "perms",  # int8 (pins!, pins): every pin permutation, identity first
    "params",  # int64: see the P_ indices below (P_POSSIBLE_ONLY: guesses only from S)
])
(P_PINS, P_COLORS, P_WIN, P_SLOTS, P_NOREPEAT, P_MASK, P_PARTS, P_PART_ORDER, P_POSSIBLE_ONLY,
 P_LOOKAHEAD_MIN, P_SET_PARTS) = range(11)
N_PARAMS = 11
# P_SET_PARTS: 1, a node's parts are bounded with the most parts any guess makes of the node's
# set (config.SET_PARTS_BOUND, `_rank_candidates`); 0, with K for every set.
# P_LOOKAHEAD_MIN: a candidate's parts of at least this many secrets are bounded one guess deeper
# before any is searched, smaller ones by what the cache knows of them
# (config.PART_LOOKAHEAD_MIN_SECRETS); 0: every part keeps its counting bound.
# P_PART_ORDER: an index into PART_ORDERS (config.PART_ORDER says what each does).
PART_ORDERS = ("largest", "smallest", "adaptive")
# A node's best total at or above this is no total: the unbounded budget it was entered with.
NO_TOTAL = INFEASIBLE >> 1

# What one search writes as it goes (made once per search, reused by every node).
Buffers = namedtuple("Buffers", [
    "arena",  # int32: the secrets of the nodes on the path and their parts
    "cand", "keys",  # (levels, N): each level's candidates and their sort keys
    "key_image",  # int32 (levels, N): each level's canonical image of S (its cache key)
    "pin_order", "labels",  # (levels, pins), (levels, colors): the renaming behind it
    "part_start", "part_len",  # (levels, slots): the parts of the candidate being searched
    "part_order",  # (levels, slots): its parts of three or more secrets, in search order
    "part_floor",  # int64 (levels, slots): a lower bound of each of those parts (`_part_floor`)
    "ranked",  # int64 (levels, N_RANKED_FIELDS): the position whose candidates the level's keys hold,
               # ranked by `_part_floor` before it was entered (R_VALID 0: none)
    "gperm", "gmap", "ginv",  # a pool of group elements: pin permutation, color map and inverse
    "gstart", "gcount", "used",  # per level: its group's place in the pool, colors played
    "frames",  # int64 (levels, N_FRAME_FIELDS): each level's node while it is searched
    "walk",  # int64 (levels, N_WALK_FIELDS): each level's node while a tree is read out
    "flat_score",  # the score table as one row (a view of tables.score), or empty
    "lists",  # int64 (slots, 5): cached candidate lists: hash, start, length, signature start
              # and length (`candidates`)
    "list_pool", "list_meta",  # int32: their codewords; int64: pool used, lists kept, signatures used
    "signature", "signature_pool",  # int64: one list's key (group, Zero, Free); the keys kept
    "seen",  # uint64 (N): the scores each codeword meets on a small set (`scores_met`)
    "member_mark",  # uint8 (N): the members of S while the candidates are filtered (`_members_only`)
    "part_counts",  # int32 (N * slots): every codeword's part sizes on a larger set (`parts_of_all`), or
                    # each candidate's, in candidate order, on a set bounded by its own K_S
    "ordinals", "counts", "scratch",  # scratch of one node at a time
])

Cache = namedtuple("Cache", [
    "slots",  # int64 (power of two): 0 empty, else entry + 1
    "hash", "start", "length", "depth", "value", "exact", "guess",  # per entry
    "pool",  # int32: the keys' codewords, entry after entry
    "meta",  # int64: entries used, pool used
    # The exact entries of the workers of one process pool, one row per worker, in memory they
    # all map (`shared_cache`): each worker writes its own row only and reads the others'.
    # Zero rows outside a pool.
    "shared_slots",  # int64 [workers, slots]: 0 empty, else entry + 1
    "shared_entries",  # int64 [workers, entries, N_SHARED_FIELDS]
    "shared_pool",  # int32 [workers, codewords]: the keys' codewords
    "shared_meta",  # int64 [workers, 2]: entries used, pool used
    "shared_info",  # int64 [2]: this worker's row (-1: none), the run's tag
])
# The fields of a shared entry; SE_CHECK, a hash of the others, the key and the run's tag, is
# written after them and checked by every reader (`shared_import`).
SE_HASH, SE_START, SE_LENGTH, SE_DEPTH, SE_VALUE, SE_GUESS, SE_CHECK = range(7)
N_SHARED_FIELDS = 7

# Counters in `stats`.
(S_NODES, S_SCORES, S_HITS, S_ENTRIES, S_THINNED, S_SHORTCUTS, S_SEARCHED, S_CUT, S_GROUP,
 S_SHARED_HITS, S_ABORTED, S_TOO_DEEP) = range(12)
STAT_NAMES = ("nodes", "scores", "cache_hits", "cache_entries", "cache_thinned", "shortcuts",
              "candidates_searched", "candidates_cut", "group_positions", "shared_hits")
N_STATS = 12

# Sort keys of candidates: bound, then members of S first, then index.
INDEX_BITS = 17
KEY_SHIFT = INDEX_BITS + 1
MAX_LEVELS = 48


# -- scoring -------------------------------------------------------------------------


@kernel
def score_row(tables, guess, targets, first, n, out):
    """out[i] = score ordinal of `guess` against codeword targets[first + i], i < n."""
    table = tables.score
    if table.shape[0] > 0:
        row = table[guess]
        for i in range(n):
            out[i] = row[targets[first + i]]
    else:
        pins = tables.params[P_PINS]
        mask = np.uint64(tables.params[P_MASK])
        w, lo, hi = tables.words[guess], tables.lo[guess], tables.hi[guess]
        words, los, his = tables.words, tables.lo, tables.hi
        for i in range(n):
            t = targets[first + i]
            out[i] = packed_score_ordinal(words[t], los[t], his[t], w, lo, hi, pins, mask)


@kernel
def split_by_score(tables, guess, secrets, ordinals, out, ends):
    """`secrets` split by their score against `guess`: out holds them part after part in the
    order of the score ordinals, each part in the order it had (a counting sort), and ends[o]
    is where part o ends in out (it starts where the part before it ends). `ordinals` is
    scratch of len(secrets)."""
    n = secrets.shape[0]
    score_row(tables, guess, secrets, 0, n, ordinals)
    for o in range(ends.shape[0]):
        ends[o] = 0
    for i in range(n):
        ends[ordinals[i]] += 1
    at = np.int64(0)
    for o in range(ends.shape[0]):  # each part's start, then moved past each secret put there
        size = ends[o]
        ends[o] = at
        at += size
    for i in range(n):
        o = ordinals[i]
        out[ends[o]] = secrets[i]
        ends[o] += 1


@kernel
def count_parts(flat_score, n_codewords, words, los, his, pins, mask, guess, arena, first, n, counts,
                slots):
    """counts[o] = how many of arena[first:first+n] score ordinal o against `guess`. The table
    path reads the flattened score table. Plain arrays only: a tuple of arrays passed to a
    call costs a reference count per array, which here would cost more than the scores."""
    for o in range(slots):
        counts[o] = 0
    if flat_score.shape[0] > 0:
        base = guess * n_codewords
        for j in range(n):
            counts[flat_score[base + arena[first + j]]] += 1
    else:
        w, lo, hi = words[guess], los[guess], his[guess]
        for j in range(n):
            t = arena[first + j]
            counts[packed_score_ordinal(words[t], los[t], his[t], w, lo, hi, pins, mask)] += 1


@kernel
def scores_met(flat_score, n_codewords, arena, first, n, seen):
    """seen[g] = the set of score ordinals (bit o for ordinal o) that guess g meets on
    arena[first:first+n], for every codeword g at once. The score table is symmetric, so this
    reads the n rows of the secrets front to back: loops the compiler vectorizes, where one
    guess at a time would read n scattered bytes of its row."""
    one = np.uint64(1)
    row = flat_score[arena[first] * n_codewords:(arena[first] + 1) * n_codewords]
    for g in range(n_codewords):
        seen[g] = one << row[g]
    for j in range(1, n):
        s = arena[first + j]
        row = flat_score[s * n_codewords:(s + 1) * n_codewords]
        for g in range(n_codewords):
            seen[g] |= one << row[g]


@kernel
def parts_of_all(flat_score, n_codewords, arena, first, n, slots, part_counts):
    """part_counts[g * slots + o] = how many of arena[first:first+n] score ordinal o against
    codeword g, for every codeword g at once (reading the secrets' rows of the symmetric score
    table front to back)."""
    part_counts[:n_codewords * slots] = 0
    for j in range(n):
        s = arena[first + j]
        base = s * n_codewords
        for g in range(n_codewords):
            part_counts[g * slots + flat_score[base + g]] += 1


@kernel
def score_table(words, lo, hi, pins, mask, out):
    """Every pair's score ordinal (the score is symmetric, so each pair is scored once)."""
    n = words.shape[0]
    for a in range(n):
        for b in range(a, n):
            o = packed_score_ordinal(words[b], lo[b], hi[b], words[a], lo[a], hi[a], pins, mask)
            out[a, b] = o
            out[b, a] = o


@kernel
def _sift_down_min(a, root, end):
    while True:
        child = 2 * root + 1
        if child >= end:
            return
        if child + 1 < end and a[child + 1] < a[child]:
            child += 1
        if a[root] <= a[child]:
            return
        a[root], a[child] = a[child], a[root]
        root = child


@kernel
def heapify_min(a, n):
    """Make a[:n] a binary min-heap: the least key is a[0], and each later one costs a
    `pop_min`. Cheaper than a sort when, as in most nodes, the loop stops after a few."""
    for root in range(n // 2 - 1, -1, -1):
        _sift_down_min(a, root, n)


@kernel
def pop_min(a, n):
    """Take the least key off the min-heap a[:n] (it becomes a[:n - 1])."""
    least = a[0]
    a[0] = a[n - 1]
    _sift_down_min(a, 0, n - 1)
    return least


@kernel
def sort_prefix(a, n):
    """Sort a[:n] in place, ascending: insertion sort for short runs, else the candidates'
    min-heap taken apart (each least key into the slot the heap frees: descending), then
    reversed. The engine runs without Numba's reference counting (see `kernel`), which its
    own sort needs."""
    if n <= 24:
        for i in range(1, n):
            v = a[i]
            j = i - 1
            while j >= 0 and a[j] > v:
                a[j + 1] = a[j]
                j -= 1
            a[j + 1] = v
        return
    heapify_min(a, n)
    for size in range(n, 1, -1):
        a[size - 1] = pop_min(a, size)
    for i in range(n // 2):
        a[i], a[n - 1 - i] = a[n - 1 - i], a[i]


# -- the cache -------------------------------------------------------------------------


@kernel
def _key_hash(image, first, n, depth):
    h = np.uint64(14695981039346656037) ^ np.uint64(depth)
    for i in range(n):
        h = (h ^ np.uint64(image[first + i])) * np.uint64(1099511628211)
    return np.int64(h >> np.uint64(1))


@kernel
def cache_find(cache, image, first, n, depth, h):
    """The entry of this key (the image image[first:first+n] and the depth), or -1."""
    mask = cache.slots.shape[0] - 1
    i = h & mask
    while cache.slots[i] != 0:
        e = cache.slots[i] - 1
        if cache.hash[e] == h and cache.depth[e] == depth and cache.length[e] == n:
            start = cache.start[e]
            same = True
            for k in range(n):
                if cache.pool[start + k] != image[first + k]:
                    same = False
                    break
            if same:
                return e
        i = (i + 1) & mask
    return -1


@kernel
def cache_clear(cache, stats):
    """Past the budget: forget every entry. Nothing is needed for correctness; a position
    asked again is searched again."""
    cache.slots[:] = 0
    cache.meta[0] = 0
    cache.meta[1] = 0
    stats[S_THINNED] += 1


@kernel
def cache_store(cache, stats, image, first, n, depth, value, exact, guess, h):
    """Remember a position's value (exact, or a lower bound) and its best guess (renamed as its
    key is); `h`: its key's hash (`_key_hash`). An exact entry is never replaced; a bound only by
    a better one. Returns the key's entry, or -1 where the key is longer than the whole pool."""
    e = cache_find(cache, image, first, n, depth, h)
    if e >= 0:
        if cache.exact[e] or (not exact and cache.value[e] >= value):
            return e
        cache.value[e] = value
        cache.exact[e] = exact
        cache.guess[e] = guess
        return e
    entries = cache.hash.shape[0]
    if (cache.meta[0] + 1 > entries or cache.meta[1] + n > cache.pool.shape[0]
            or 2 * (cache.meta[0] + 1) > cache.slots.shape[0]):
        cache_clear(cache, stats)
        if n > cache.pool.shape[0]:
            return np.int64(-1)
    e = cache.meta[0]
    cache.meta[0] += 1
    start = cache.meta[1]
    cache.meta[1] += n
    for k in range(n):
        cache.pool[start + k] = image[first + k]
    cache.hash[e] = h
    cache.start[e] = start
    cache.length[e] = n
    cache.depth[e] = depth
    cache.value[e] = value
    cache.exact[e] = exact
    cache.guess[e] = guess
    mask = cache.slots.shape[0] - 1
    i = h & mask
    while cache.slots[i] != 0:
        i = (i + 1) & mask
    cache.slots[i] = e + 1
    stats[S_ENTRIES] += 1
    return e


# -- the workers' shared exact entries ----------------------------------------------------
#
# A worker of a process pool publishes every exact value it proves in its own row of tables
# that every worker of the pool maps, and on a miss in its own cache looks in the other rows:
# a position one worker proved is not searched again by another. A row has one writer and no
# lock. A reader may meet an entry half written (or, after its row was emptied, half
# overwritten): every entry ends with a check word, a hash of its fields, its key's codewords
# and the run's tag, written after them, and an entry whose check word does not match what the
# reader read is a miss. An entry read whole is a value proved in this run, so it is true
# whenever it was written.


@kernel
def _shared_check(tag, h, depth, n, value, guess, pool, start):
    prime = np.uint64(1099511628211)
    c = (np.uint64(tag) * np.uint64(0x9E3779B97F4A7C15)) ^ np.uint64(h)
    c = (c ^ np.uint64(depth)) * prime
    c = (c ^ np.uint64(n)) * prime
    c = (c ^ np.uint64(value)) * prime
    c = (c ^ np.uint64(guess)) * prime
    for k in range(n):
        c = (c ^ np.uint64(pool[start + k])) * prime
    return np.int64(c >> np.uint64(1))


@kernel
def shared_publish(cache, image, n, depth, value, guess, h):
    """Write an exact entry into this worker's row (none outside a pool). A full row is
    emptied first, as the local cache is."""
    me = cache.shared_info[0]
    if me < 0:
        return
    meta = cache.shared_meta[me]
    pool = cache.shared_pool[me]
    slots = cache.shared_slots[me]
    if (meta[0] + 1 > cache.shared_entries.shape[1] or meta[1] + n > pool.shape[0]
            or 2 * (meta[0] + 1) > slots.shape[0]):
        slots[:] = 0
        meta[0] = 0
        meta[1] = 0
        if n > pool.shape[0]:
            return
    e = meta[0]
    start = meta[1]
    for k in range(n):
        pool[start + k] = image[k]
    fields = cache.shared_entries[me, e]
    fields[SE_HASH] = h
    fields[SE_START] = start
    fields[SE_LENGTH] = n
    fields[SE_DEPTH] = depth
    fields[SE_VALUE] = value
    fields[SE_GUESS] = guess
    fields[SE_CHECK] = _shared_check(cache.shared_info[1], h, depth, n, value, guess, pool, start)
    meta[0] = e + 1
    meta[1] = start + n
    mask = slots.shape[0] - 1
    i = h & mask
    while slots[i] != 0:
        i = (i + 1) & mask
    slots[i] = e + 1


@kernel
def shared_import(cache, stats, image, n, depth, h):
    """The local entry of this key copied from another worker's row, or -1 if none has it."""
    me = cache.shared_info[0]
    tag = cache.shared_info[1]
    entries = cache.shared_entries.shape[1]
    codewords = cache.shared_pool.shape[1]
    for w in range(cache.shared_slots.shape[0]):
        if w == me:
            continue
        slots = cache.shared_slots[w]
        pool = cache.shared_pool[w]
        mask = slots.shape[0] - 1
        i = h & mask
        for _probe in range(slots.shape[0]):  # a row being emptied may change under the probe
            s = slots[i]
            if s == 0:
                break
            i = (i + 1) & mask
            e = s - 1
            if e < 0 or e >= entries:
                continue
            fields = cache.shared_entries[w, e]
            start = fields[SE_START]
            if (fields[SE_HASH] != h or fields[SE_DEPTH] != depth or fields[SE_LENGTH] != n
                    or start < 0 or start > codewords - n):
                continue
            same = True
            for k in range(n):
                if pool[start + k] != image[k]:
                    same = False
                    break
            if not same:
                continue
            value = fields[SE_VALUE]
            guess = fields[SE_GUESS]
            if fields[SE_CHECK] != _shared_check(tag, h, depth, n, value, guess, pool, start):
                continue
            stats[S_SHARED_HITS] += 1
            return cache_store(cache, stats, image, 0, n, depth, value, True, guess, h)
    return np.int64(-1)


# -- the cache key: a position up to renaming its pins and colors ------------------------


@kernel
def canonical_key(tables, secrets, first, n, pin_order, labels, out, scratch):
    """The image of S under a renaming of pins and colors that depends only on S as a set,
    written sorted to out[:n]; the renaming to pin_order (image pin k is pin pin_order[k])
    and labels (color c becomes labels[c]).

    Pins are ordered by their profile (how many secrets of S show each color there, sorted:
    a profile no color renaming changes), then colors ranked by their counts on the pins in
    that order (more first); ties keep the lower pin or color first. Permuting pins and
    renaming colors maps codewords to codewords (repeats stay absent) and every pair's score
    to the same score, black-only too, so S and its image need the same turns: the image is
    a sound cache key, and sets that differ only by pin order and color names (the usual
    case below symmetric guesses) share it. `scratch`: int64, at least colors*pins*2 + colors.
    """
    pins = tables.params[P_PINS]
    colors = tables.params[P_COLORS]
    digits = tables.digits
    counts = scratch[:colors * pins].reshape((colors, pins))
    profiles = scratch[colors * pins:2 * colors * pins].reshape((pins, colors))
    order = scratch[2 * colors * pins:2 * colors * pins + colors]
    counts[:, :] = 0
    for i in range(n):
        s = secrets[first + i]
        for q in range(pins):
            counts[digits[s, q], q] += 1
    for q in range(pins):  # each pin's color counts, largest first
        for k in range(colors):
            profiles[q, k] = counts[k, q]
        for a in range(1, colors):
            v = profiles[q, a]
            b = a - 1
            while b >= 0 and profiles[q, b] < v:
                profiles[q, b + 1] = profiles[q, b]
                b -= 1
            profiles[q, b + 1] = v
    for q in range(pins):
        pin_order[q] = q
    for a in range(1, pins):  # insertion sort: stable, so ties keep the lower pin first
        q = pin_order[a]
        b = a - 1
        while b >= 0 and _profile_before(profiles, q, pin_order[b], colors):
            pin_order[b + 1] = pin_order[b]
            b -= 1
        pin_order[b + 1] = q
    for c in range(colors):
        order[c] = c
    for a in range(1, colors):
        c = order[a]
        b = a - 1
        while b >= 0 and _counts_before(counts, c, order[b], pin_order, pins):
            order[b + 1] = order[b]
            b -= 1
        order[b + 1] = c
    for r in range(colors):
        labels[order[r]] = r
    for i in range(n):
        out[i] = renamed_codeword(tables, secrets[first + i], pin_order, labels)
    sort_prefix(out, n)


@kernel
def _profile_before(profiles, a, b, colors):
    for k in range(colors):
        if profiles[a, k] != profiles[b, k]:
            return profiles[a, k] > profiles[b, k]
    return False


@kernel
def _counts_before(counts, a, b, pin_order, pins):
    for k in range(pins):
        q = pin_order[k]
        if counts[a, q] != counts[b, q]:
            return counts[a, q] > counts[b, q]
    return False


@kernel
def renamed_codeword(tables, index, pin_order, labels):
    """Codeword `index` with pin pin_order[k] moved to pin k and color c renamed labels[c]."""
    colors = tables.params[P_COLORS]
    code = np.int64(0)
    for k in range(tables.digits.shape[1]):
        code = code * colors + labels[tables.digits[index, pin_order[k]]]
    return np.int64(tables.radix_index[code])


@kernel
def renamed_back(tables, index, pin_order, labels, scratch):
    """The inverse of `renamed_codeword`: a stored guess in the position's own pins and colors."""
    pins = tables.params[P_PINS]
    colors = tables.params[P_COLORS]
    back_pins = scratch[:pins]
    back_colors = scratch[pins:pins + colors]
    for k in range(pins):
        back_pins[pin_order[k]] = k
    for c in range(colors):
        back_colors[labels[c]] = c
    return renamed_codeword(tables, index, back_pins, back_colors)


@node_step
def _find_position(tables, buffers, cache, level, secrets_at, n, depth):
    """The cache entry of the position arena[secrets_at:+n] with `depth` guesses left, or -1. Its
    key is left in the level's key_image, pin_order and labels (`_remember` stores under it)."""
    image = buffers.key_image[level]
    canonical_key(tables, buffers.arena, secrets_at, n, buffers.pin_order[level],
                  buffers.labels[level], image, buffers.scratch)
    return cache_find(cache, image, 0, n, depth, _key_hash(image, 0, n, depth))


@node_step
def _find_or_import(tables, buffers, cache, stats, level, secrets_at, n, depth):
    """`_find_position`, and on a miss the entry another worker of the pool proved, if any."""
    e = _find_position(tables, buffers, cache, level, secrets_at, n, depth)
    if e < 0 and cache.shared_slots.shape[0] > 0:
        image = buffers.key_image[level]
        e = shared_import(cache, stats, image, n, depth, _key_hash(image, 0, n, depth))
    return e


# -- symmetry: the group fixing the guesses played, and the candidates it leaves ---------


@kernel
def _lowest_bit(mask):
    k = 0
    while k < 64 and not (mask >> k) & 1:
        k += 1
    return k if k < 64 else -1


@kernel
def _drop_single(mask):
    """A set of one color counts as empty (merging it with itself changes nothing)."""
    return 0 if mask & (mask - 1) == 0 else mask


@kernel
def _merge_zero(d, zero_mask, lowest_zero, norepeat, assigned):
    """(color, assigned) of one pin: a Zero color becomes the lowest Zero color; without
    repeats, the lowest Zero color not yet `assigned` to an earlier pin."""
    if lowest_zero < 0 or not (zero_mask >> d) & 1:
        return d, assigned
    if not norepeat:
        return np.int64(lowest_zero), assigned
    free = zero_mask & ~assigned
    color = _lowest_bit(free)
    return np.int64(color), assigned | (np.int64(1) << color)


@kernel
def start_group(tables, buffers, any_set):
    """Level 0's group: every pin permutation, with no color forced (nothing played yet);
    or, for a set S that no sequence of guesses need have produced (`any_set`), only the
    identity, every color fixed (then only Zero colors may be merged)."""
    colors = tables.params[P_COLORS]
    count = 1 if any_set else min(tables.perms.shape[0], buffers.gperm.shape[0])
    for e in range(count):
        buffers.gperm[e] = e
        for c in range(colors):
            fixed = c if any_set else -1
            buffers.gmap[e, c] = fixed
            buffers.ginv[e, c] = fixed
    buffers.gstart[0] = 0
    buffers.gcount[0] = count
    buffers.used[0] = (np.int64(1) << colors) - 1 if any_set else 0


@kernel
def extend_group(tables, buffers, level, guess):
    """Level + 1's group: the elements of level's that also fix `guess` (their color maps
    extended to its colors). An element is a pin permutation s and a map t of the colors
    played so far; it sends codeword g to the codeword whose pin q holds t(g[s(q)]), colors
    not yet played going to colors not yet played in any order. It fixes `guess` when
    t(guess[s(q)]) = guess[q] on every pin, which forces t on the guess's new colors.
    If the pool is full the group keeps fewer elements: still sound (a guess is dropped only
    when an element of the group maps it below itself), just less of a reduction."""
    pins = tables.params[P_PINS]
    colors = tables.params[P_COLORS]
    src = buffers.gstart[level]
    k = buffers.gcount[level]
    dst = src + k
    room = buffers.gperm.shape[0] - dst
    count = 0
    digits = tables.digits
    for e in range(src, src + k):
        if count >= room:
            break
        d = dst + count
        for c in range(colors):
            buffers.gmap[d, c] = buffers.gmap[e, c]
            buffers.ginv[d, c] = buffers.ginv[e, c]
        perm = tables.perms[buffers.gperm[e]]
        ok = True
        for q in range(pins):
            a = digits[guess, perm[q]]
            b = digits[guess, q]
            if buffers.gmap[d, a] < 0:
                if buffers.ginv[d, b] >= 0:
                    ok = False
                    break
                buffers.gmap[d, a] = b
                buffers.ginv[d, b] = a
            elif buffers.gmap[d, a] != b:
                ok = False
                break
        if ok:
            buffers.gperm[d] = buffers.gperm[e]
            count += 1
    buffers.gstart[level + 1] = dst
    buffers.gcount[level + 1] = count
    played = np.int64(0)
    for q in range(pins):
        played |= np.int64(1) << digits[guess, q]
    buffers.used[level + 1] = buffers.used[level] | played


@kernel
def settle_group(tables, buffers, played):
    """Level 0's group once the guesses `played` are played, every one of them at level 0: each
    is carried into level 1 (`extend_group`) and its group moved back down to level 0. So a
    position reached by any number of guesses (a game of 150 moves, the same guess again and
    again) starts the search at level 0, every level of the buffers left to the search itself;
    the group is the same as one level per guess would give (the elements fixing every guess
    played; a guess played again changes nothing)."""
    colors = tables.params[P_COLORS]
    for i in range(played.shape[0]):
        extend_group(tables, buffers, 0, played[i])
        src = buffers.gstart[1]
        count = buffers.gcount[1]
        for e in range(count):  # down to the front of the pool: src >= e, so nothing is overwritten unread
            buffers.gperm[e] = buffers.gperm[src + e]
            for c in range(colors):
                buffers.gmap[e, c] = buffers.gmap[src + e, c]
                buffers.ginv[e, c] = buffers.ginv[src + e, c]
        buffers.gstart[0] = 0
        buffers.gcount[0] = count
        buffers.used[0] = buffers.used[1]


@kernel
def candidates(tables, buffers, level, zero, out):
    """`class_representatives`, with the lists kept: a list depends only on the level's group
    (its elements, in order), the Zero colors and the Free colors, so positions that share
    them (siblings below one guess; every position below the first few guesses, where the
    group is the identity alone) share one list. Each list is keyed by that whole signature,
    compared in full on a hit."""
    colors = tables.params[P_COLORS]
    all_colors = (np.int64(1) << colors) - 1
    z = _drop_single(zero)
    free = _drop_single(all_colors & ~buffers.used[level] & ~z)
    first = buffers.gstart[level]
    count = buffers.gcount[level]
    sig = buffers.signature
    sig[0] = z
    sig[1] = free
    sig[2] = count
    length = 3
    for e in range(first, first + count):
        sig[length] = buffers.gperm[e]
        length += 1
        for c in range(colors):
            sig[length] = buffers.gmap[e, c]
            length += 1
    h = np.uint64(14695981039346656037)
    for k in range(length):
        h = (h ^ np.uint64(sig[k] + 1)) * np.uint64(1099511628211)
    key = np.int64(h >> np.uint64(1))
    lists = buffers.lists
    pool = buffers.signature_pool
    mask = lists.shape[0] - 1
    i = key & mask
    while lists[i, 0] >= 0:
        if lists[i, 0] == key and lists[i, 4] == length:
            at = lists[i, 3]
            same = True
            for k in range(length):
                if pool[at + k] != sig[k]:
                    same = False
                    break
            if same:
                start, m = lists[i, 1], lists[i, 2]
                for k in range(m):
                    out[k] = buffers.list_pool[start + k]
                return m
        i = (i + 1) & mask
    m = class_representatives(tables, buffers, level, zero, out)
    meta = buffers.list_meta
    if (meta[0] + m > buffers.list_pool.shape[0] or 2 * (meta[1] + 1) > lists.shape[0]
            or meta[2] + length > pool.shape[0]):
        lists[:, 0] = -1  # full: start again
        meta[:] = 0
        i = key & mask
        if m > buffers.list_pool.shape[0] or length > pool.shape[0]:
            return m
    for k in range(m):
        buffers.list_pool[meta[0] + k] = out[k]
    for k in range(length):
        pool[meta[2] + k] = sig[k]
    lists[i, 0] = key
    lists[i, 1] = meta[0]
    lists[i, 2] = m
    lists[i, 3] = meta[2]
    lists[i, 4] = length
    meta[0] += m
    meta[1] += 1
    meta[2] += length
    return m


@kernel
def class_representatives(tables, buffers, level, zero, out):
    """The guesses worth trying at this level: the least codeword of each class, written to
    out; returns how many.

    Two guesses are in one class when an element of the level's group, a renaming of the
    Free colors (in no guess played) and a re-colouring of Zero pins (colors absent from S;
    without repeats, with other Zero colors all different) take one to the other: their
    partitions of S are the same up to renaming the scores' sets, so one search serves
    all. A codeword is kept when no such image is smaller (as a C-ary number, the index
    order of every rule set); the least image of a class is unique, so exactly one member
    of each class is kept."""
    n_codewords = tables.digits.shape[0]
    pins = tables.params[P_PINS]
    colors = tables.params[P_COLORS]
    norepeat = tables.params[P_NOREPEAT] != 0
    all_colors = (np.int64(1) << colors) - 1
    zero = _drop_single(zero)
    free = _drop_single(all_colors & ~buffers.used[level] & ~zero)
    lowest_zero = _lowest_bit(zero) if zero else -1
    first = buffers.gstart[level]
    last = first + buffers.gcount[level]
    free_list = buffers.scratch[:colors]
    relabel = buffers.scratch[colors:2 * colors]
    n_free = 0
    for c in range(colors):
        if (free >> c) & 1:
            free_list[n_free] = c
            n_free += 1
    digits = tables.digits
    perms = tables.perms
    gperm = buffers.gperm
    gmap = buffers.gmap
    found = 0
    for x in range(n_codewords):
        raw = np.int64(0)
        for q in range(pins):
            raw = raw * colors + digits[x, q]
        keep = True
        for e in range(first, last):
            p = gperm[e]
            for c in range(colors):
                relabel[c] = -1
            next_free = 0
            assigned = np.int64(0)
            image = np.int64(0)
            for q in range(pins):
                c = np.int64(digits[x, perms[p, q]])
                t = gmap[e, c]
                if t >= 0:
                    c = np.int64(t)
                elif (free >> c) & 1:
                    if relabel[c] < 0:
                        relabel[c] = free_list[next_free]
                        next_free += 1
                    c = relabel[c]
                c, assigned = _merge_zero(c, zero, lowest_zero, norepeat, assigned)
                image = image * colors + c
            if image < raw:
                keep = False
                break
        if keep:
            out[found] = x
            found += 1
    return found


# -- one node --------------------------------------------------------------------------


@kernel
def _popcount(x):
    x = x - ((x >> 1) & np.int64(0x5555555555555555))
    x = (x & np.int64(0x3333333333333333)) + ((x >> 2) & np.int64(0x3333333333333333))
    x = (x + (x >> 4)) & np.int64(0x0F0F0F0F0F0F0F0F)
    return (x * np.int64(0x0101010101010101)) >> 56


@kernel
def _bound_of_counts(counts, slots, n, win, child_lb):
    """|S| + sum of child_lb over the non-winning parts; INFEASIBLE for a guess that leaves
    all of S in one part (it wins nothing and learns nothing: never optimal)."""
    total = np.int64(n)
    for o in range(slots):
        c = counts[o]
        if c > 0 and o != win:
            if c == n:
                return INFEASIBLE
            total += child_lb[c]
    return total


@kernel
def _bound_of_full_counts(counts, slots, n, win, child_lb):
    """`_bound_of_counts` without a branch per slot (child_lb[0] = 0; the winning part holds at
    most one secret of the three or more in S, so a part of all n is a non-winning one)."""
    total = np.int64(0)
    most = 0
    for o in range(slots):
        c = counts[o]
        total += child_lb[c]
        most = max(most, c)
    if most == n:
        return INFEASIBLE
    return n + total - child_lb[counts[win]]


@kernel
def _exact_counts(counts, slots, win):
    """Is the bound of these counts the guess's true cost? Yes when every non-winning part
    has at most two secrets (one costs 1, two cost 3: their bounds are exact)."""
    for o in range(slots):
        if o != win and counts[o] > 2:
            return False
    return True


@node_step
def _partition(tables, buffers, guess, secrets_at, n, out_at, level):
    """Split S (arena[secrets_at:+n]) by the score of `guess` into arena[out_at:+n], grouped by
    ordinal (a stable counting sort); part_start/part_len[level] get each ordinal's group."""
    slots = tables.params[P_SLOTS]
    arena = buffers.arena
    ordinals = buffers.ordinals
    score_row(tables, guess, arena, secrets_at, n, ordinals)
    starts = buffers.part_start[level]
    lengths = buffers.part_len[level]
    lengths[:slots] = 0
    for i in range(n):
        lengths[ordinals[i]] += 1
    placed = 0
    for o in range(slots):
        starts[o] = placed
        placed += lengths[o]
    for i in range(n):
        o = ordinals[i]
        arena[out_at + starts[o]] = arena[secrets_at + i]
        starts[o] += 1
    for o in range(slots):
        starts[o] -= lengths[o]


# What a level's keys hold when `_part_floor` ranked them for a part not yet entered: the part
# (where it lies in the arena, its size and depth) and what its ranking returned. Entering it
# takes them instead of ranking it again.
R_VALID, R_SECRETS_AT, R_N, R_DEPTH, R_FOUND, R_LEAST_CUT, R_CHILD_PARTS = range(7)
N_RANKED_FIELDS = 7


# A node's state while its candidates are searched: one row of `buffers.frames` per level.
# F_CHILD_PARTS: the branching factor of the counting bounds its candidates' keys were made
# with (`_rank_candidates`); the parts' floors must use the same, so that a candidate's total
# ends exact once every part is searched.
(F_SECRETS_AT, F_N, F_DEPTH, F_BETA, F_FREE_AT, F_FLOOR, F_BEST, F_BEST_GUESS, F_LOWER, F_FOUND,
 F_RANK, F_GUESS, F_TOTAL, F_PART, F_LARGE, F_REST, F_BUDGET, F_ACTIVE, F_CHILD_PARTS) = range(19)
N_FRAME_FIELDS = 19


@kernel
def position_value(tables, buffers, cache, stats, control, live, run, secrets_at, n, depth, beta,
                   level, free_at):
    """F(S, depth) for S = arena[secrets_at:secrets_at + n] (sorted codeword indices) if it is
    below beta; otherwise a lower bound that is at least beta. The arena from free_at on is
    free for the search. `level`: the guesses played before S (its row of the buffers, its
    group).

    Depth first over an explicit stack (`buffers.frames`, one row per level): a node is
    entered (`_enter`: the checks that need no search), then its candidates are taken in
    order (`_next_candidate`), each candidate's large parts entered one after the other as
    children; a child's value comes back to its parent (`_child_value`), and a node whose
    candidates are done leaves its value in the cache (`_finish`)."""
    if level < 0 or level + 1 >= MAX_LEVELS:  # no row of the buffers for it: refused, nothing written
        stats[S_TOO_DEEP] = 1
        return max(beta, np.int64(0))
    buffers.ranked[level, R_VALID] = 0
    value = _enter(tables, buffers, cache, stats, control, live, run, level, secrets_at, n, depth,
                   beta, free_at)
    if value >= 0:
        return value
    frames = buffers.frames
    top = level
    while True:
        if stats[S_ABORTED]:
            return max(frames[level, F_FLOOR], beta)
        frame = frames[top]
        if frame[F_ACTIVE]:
            if frame[F_PART] < frame[F_LARGE]:  # the candidate's next large part
                o = buffers.part_order[top, frame[F_PART]]
                size = buffers.part_len[top, o]
                frame[F_REST] = frame[F_TOTAL] - buffers.part_floor[top, o]
                frame[F_BUDGET] = frame[F_BEST] - frame[F_REST]
                child_at = frame[F_FREE_AT] + buffers.part_start[top, o]
                got = _enter(tables, buffers, cache, stats, control, live, run, top + 1, child_at,
                             size, frame[F_DEPTH] - 1, frame[F_BUDGET], frame[F_FREE_AT] + frame[F_N])
                if got < 0:
                    top += 1  # searched below: its value comes back when it is done
                else:
                    _child_value(frame, got)
            else:  # every part known: the candidate's exact total, the best so far
                frame[F_BEST] = frame[F_TOTAL]
                frame[F_BEST_GUESS] = frame[F_GUESS]
                frame[F_ACTIVE] = 0
                if frame[F_BEST] <= frame[F_FLOOR]:
                    frame[F_RANK] = frame[F_FOUND]  # nothing can do better
        elif not _next_candidate(tables, buffers, cache, stats, top):
            got = _finish(tables, buffers, cache, stats, top)
            if top == level:
                return got
            top -= 1
            _child_value(frames[top], got)


@node_step
def _stopping(stats, control, run):
    """Has the search been told to stop (S_ABORTED then set)? By the thread that watches it
    (`OptimalSearch._run`: a deadline, the ticket), which sets S_ABORTED itself; by the abort
    ticket passing this run's (control[0] > run[0]: a scheduler); or past the work cap of a run
    in the caller's thread (run[2] > 0: a count of nodes; run[3]: of scores). Asked at every node, and
    every 256 candidates while a node ranks them, so a stop is seen within one node's work at
    most, never 256 nodes'. A stopped search returns at once and stores nothing it had not
    finished: a value cut short is never kept as an exact value or a bound."""
    if stats[S_ABORTED]:
        return True
    if control[0] > run[0] or (run[2] > 0 and (stats[S_NODES] >= run[2] or stats[S_SCORES] >= run[3])):
        stats[S_ABORTED] = 1
        return True
    return False


@node_step
def _child_value(frame, got):
    """A part's value is back: add it to the candidate's total, or drop the candidate if it went
    over the part's budget (its total then is a lower bound of the candidate's cost)."""
    if got >= frame[F_BUDGET]:
        frame[F_LOWER] = min(frame[F_LOWER], frame[F_REST] + got)
        frame[F_ACTIVE] = 0
    else:
        frame[F_TOTAL] = frame[F_REST] + got
        frame[F_PART] += 1


@node_step
def _enter(tables, buffers, cache, stats, control, live, run, level, secrets_at, n, depth, beta,
           free_at):
    """Enter a node: its value when no search is needed (small sets, the counting bound, the
    cache, a member or candidate whose exact cost meets the floor), or -1 with the node's
    frame set up and its candidates ranked."""
    if n == 1:
        return np.int64(1) if depth >= 1 else INFEASIBLE
    if depth <= 1:
        return INFEASIBLE
    if n == 2:
        return np.int64(3)
    if depth > n:
        depth = n  # an optimal tree never needs more guesses than secrets
    lb = tables.lb
    floor = lb[min(depth, lb.shape[0] - 1), n]
    if floor >= beta:
        return floor
    if level + 1 >= MAX_LEVELS:
        stats[S_TOO_DEEP] = 1
        return max(floor, beta)
    e = _find_or_import(tables, buffers, cache, stats, level, secrets_at, n, depth)
    if e >= 0:
        known = cache.value[e]
        if cache.exact[e] or known >= beta:
            stats[S_HITS] += 1
            return known
        floor = max(floor, known)

    best, best_guess, floor, done = _members_first(tables, buffers, cache, stats, level, secrets_at, n,
                                                   depth, beta, floor)
    if done:
        return best

    stats[S_NODES] += 1
    if stats[S_NODES] % 256 == 0:
        live[run[1]] += 256
    if _stopping(stats, control, run):
        return max(floor, beta)

    ranked = buffers.ranked[level]
    if (ranked[R_VALID] and ranked[R_SECRETS_AT] == secrets_at and ranked[R_N] == n
            and ranked[R_DEPTH] == depth):
        found, least_cut = ranked[R_FOUND], ranked[R_LEAST_CUT]  # `_part_floor` ranked it just now
        child_parts = ranked[R_CHILD_PARTS]
        ranked[R_VALID] = 0
    else:
        found, least_cut, shortcut, child_parts = _rank_candidates(tables, buffers, cache, stats, level,
                                                                   secrets_at, n, depth, floor, best, True)
        if stats[S_ABORTED]:  # stopped while ranking: nothing of the node is kept
            return max(floor, beta)
        if shortcut >= 0:
            return shortcut

    frame = buffers.frames[level]
    frame[F_SECRETS_AT] = secrets_at
    frame[F_N] = n
    frame[F_DEPTH] = depth
    frame[F_BETA] = beta
    frame[F_FREE_AT] = free_at
    frame[F_FLOOR] = floor
    frame[F_BEST] = best
    frame[F_BEST_GUESS] = best_guess
    frame[F_LOWER] = least_cut
    frame[F_FOUND] = found
    frame[F_RANK] = 0
    frame[F_ACTIVE] = 0
    frame[F_CHILD_PARTS] = child_parts
    return np.int64(-1)


@kernel
def _members_only(buffers, cand, m, arena, secrets_at, n):
    """Keep the candidates that are members of S (guesses restricted to the secrets still
    possible). A class of guesses that holds a member holds members only, and its least
    element is one: its maps fix S and the Zero merges touch only colors absent from S."""
    mark = buffers.member_mark
    for i in range(n):
        mark[arena[secrets_at + i]] = 1
    kept = 0
    for i in range(m):
        if mark[cand[i]]:
            cand[kept] = cand[i]
            kept += 1
    for i in range(n):
        mark[arena[secrets_at + i]] = 0
    return kept


@node_step
def _members_first(tables, buffers, cache, stats, level, secrets_at, n, depth, beta, floor):
    """Score each member of a small S against S. Returns (best, best guess, floor, done): the
    best exact member cost found below beta (or beta, -1), the floor raised where only a
    fully discriminating member could meet it, and whether the node is done (its value the
    best, remembered)."""
    params = tables.params
    win = params[P_WIN]
    slots = params[P_SLOTS]
    parts_k = params[P_PARTS]
    child_lb = tables.lb[min(depth - 1, tables.lb.shape[0] - 1)]
    arena = buffers.arena
    counts = buffers.counts
    flat_score = buffers.flat_score
    n_codewords = tables.digits.shape[0]
    words, los, his = tables.words, tables.lo, tables.hi
    pins = params[P_PINS]
    mask = np.uint64(params[P_MASK])
    best = beta
    best_guess = np.int64(-1)

    # Those whose parts all hold one or two secrets cost exactly their bound.
    if n <= 2 * parts_k + 1:
        stats[S_SCORES] += n * n
        member = np.int64(-1)
        member_bound = INFEASIBLE
        for i in range(n):
            g = arena[secrets_at + i]
            count_parts(flat_score, n_codewords, words, los, his, pins, mask, g, arena, secrets_at, n,
                        counts, slots)
            if _exact_counts(counts, slots, win):
                bound = _bound_of_counts(counts, slots, n, win, child_lb)
                if bound < member_bound:
                    member, member_bound = g, bound
                    if bound == 2 * n - 1:
                        break
        if member >= 0 and member_bound <= floor:  # 2n - 1 included: fully discriminating
            stats[S_SHORTCUTS] += 1
            _remember(tables, buffers, cache, stats, level, n, depth, member_bound, True, member)
            return member_bound, member, floor, True
        if n <= parts_k + 1:
            floor = max(floor, 2 * n)  # only a fully discriminating member costs 2n - 1
        if member >= 0 and member_bound < best:
            best, best_guess = member_bound, member
            if best <= floor:
                stats[S_SHORTCUTS] += 1
                _remember(tables, buffers, cache, stats, level, n, depth, best, True, best_guess)
                return best, best_guess, floor, True

    return best, best_guess, floor, False


# A call, not inlined: both `_enter` and `_part_floor` rank candidates, and two inlined copies
# cost 13 s more compile time (57 s against 43.4 s) for no speed (as a call, 4p7c, 5p5c and 4p8c
# ran 3-7% faster: docs/optimal.md, Measured).
@kernel
def _rank_candidates(tables, buffers, cache, stats, level, secrets_at, n, depth, floor, best, by_set):
    """Each candidate's counting bound: those that can beat `best` go into the level's min-heap
    of keys. Returns (keys found, least bound of those that cannot, a shortcut value or -1:
    a candidate whose exact cost meets the floor ends the node, remembered, the branching
    factor of the parts' counting bounds). `by_set` (and params[P_SET_PARTS]): on a set of more
    than K + 1 secrets the parts are bounded with K_S, the most non-winning parts any
    candidate makes of S, where that is less than K (bounds.set_bound_tables: no guess makes
    more of a part of S, so the whole subtree has at most K_S children per node)."""
    params = tables.params
    win = params[P_WIN]
    slots = params[P_SLOTS]
    child_parts = params[P_PARTS]
    child_lb = tables.lb[min(depth - 1, tables.lb.shape[0] - 1)]
    arena = buffers.arena
    counts = buffers.counts
    flat_score = buffers.flat_score
    n_codewords = tables.digits.shape[0]
    words, los, his = tables.words, tables.lo, tables.hi
    pins = params[P_PINS]
    mask = np.uint64(params[P_MASK])

    # Zero colors: absent from S.
    colors = params[P_COLORS]
    present = np.int64(0)
    for i in range(n):
        s = arena[secrets_at + i]
        for q in range(params[P_PINS]):
            present |= np.int64(1) << tables.digits[s, q]
    zero = ((np.int64(1) << colors) - 1) & ~present
    cand = buffers.cand[level]
    keys = buffers.keys[level]
    buffers.ranked[level, R_VALID] = 0
    m = candidates(tables, buffers, level, zero, cand)
    if params[P_POSSIBLE_ONLY]:
        m = _members_only(buffers, cand, m, arena, secrets_at, n)
    if buffers.gcount[level] > 1:
        stats[S_GROUP] += 1
    stats[S_SCORES] += n * m

    # Each candidate's counting bound; keep those that can beat the best, in a heap.
    found = 0
    least_cut = INFEASIBLE  # least bound among the candidates that cannot beat `best`
    # Parts that all cost LB(m) = 2m - 1 (n at most K + 1, two or more guesses left): the bound
    # is 3n - 2 (members) or 3n (others) less the number of non-winning scores met, so a bit
    # set of the scores is all a candidate needs until its bound reaches the floor.
    linear = flat_score.shape[0] > 0 and child_lb[n] == 2 * n - 1
    win_bit = np.int64(1) << win
    # Larger sets: every codeword's part sizes at once, row by row, when most codewords are
    # candidates (the rows are read front to back, where a guess at a time reads scattered
    # bytes of its row).
    all_at_once = not linear and flat_score.shape[0] > 0 and 2 * m >= n_codewords
    if linear:
        scores_met(flat_score, n_codewords, arena, secrets_at, n, buffers.seen)
    elif all_at_once:
        parts_of_all(flat_score, n_codewords, arena, secrets_at, n, slots, buffers.part_counts)
    # Larger sets bounded by their own K_S: every candidate's part sizes first (kept, one row of
    # part_counts per candidate where they are not there already), the most parts among them,
    # then the bounds with that factor.
    by_set = by_set and params[P_SET_PARTS] != 0 and not linear
    if by_set:
        most = 0
        for i in range(m):
            if all_at_once:
                row = cand[i]
            else:
                row = i
                count_parts(flat_score, n_codewords, words, los, his, pins, mask, cand[i], arena,
                            secrets_at, n, buffers.part_counts[i * slots:(i + 1) * slots], slots)
            made = 0
            for o in range(slots):
                if o != win and buffers.part_counts[row * slots + o] > 0:
                    made += 1
            most = max(most, made)
        if most < child_parts:
            child_parts = most
            child_lb = _set_child_lb(tables, most, depth - 1)
    for i in range(m):
        if i & 255 == 255 and stats[S_ABORTED]:  # told to stop (by the watching thread): the caller drops the node
            return 0, INFEASIBLE, np.int64(-1), child_parts
        g = cand[i]
        if all_at_once:
            counts = buffers.part_counts[g * slots:(g + 1) * slots]
            bound = _bound_of_full_counts(counts, slots, n, win, child_lb)
        elif by_set:
            counts = buffers.part_counts[i * slots:(i + 1) * slots]
            bound = _bound_of_counts(counts, slots, n, win, child_lb)
        elif linear:
            seen = np.int64(buffers.seen[g])
            won = 1 if seen & win_bit else 0
            met = _popcount(seen & ~win_bit)
            if met == 1 and won == 0:
                continue  # all of S in one part: never optimal
            bound = 3 * n - 2 * won - met
            if bound <= floor:
                count_parts(flat_score, n_codewords, words, los, his, pins, mask, g, arena,
                            secrets_at, n, counts, slots)
            else:
                counts[win] = won
        else:
            count_parts(flat_score, n_codewords, words, los, his, pins, mask, g, arena, secrets_at,
                        n, counts, slots)
            bound = _bound_of_counts(counts, slots, n, win, child_lb)
        if bound <= floor and _exact_counts(counts, slots, win):
            stats[S_SHORTCUTS] += 1
            _remember(tables, buffers, cache, stats, level, n, depth, bound, True, g)
            return found, least_cut, bound, child_parts
        if bound < best:
            member_flag = 0 if counts[win] > 0 else 1
            keys[found] = (bound << KEY_SHIFT) | (np.int64(member_flag) << INDEX_BITS) | g
            found += 1
        elif bound < least_cut:
            least_cut = bound
    heapify_min(keys, found)
    return found, least_cut, np.int64(-1), child_parts


@node_step
def _set_child_lb(tables, parts, depth):
    """The counting bounds with at most `parts` non-winning children per node and `depth`
    guesses left (a row of bounds.set_bound_tables)."""
    where = tables.set_lb_rows
    first, rows = where[parts, 0], where[parts, 1]
    return tables.set_lb[first + min(depth, rows - 1)]


@kernel
def ranked_candidates(tables, buffers, cache, stats, secrets_at, n, depth, beta, level, out, by_set):
    """The candidates of the node S = arena[secrets_at:secrets_at + n] that can beat beta, as
    sort keys in the order the engine takes them (`_next_candidate`), for a node whose loop
    over candidates runs in Python (`stepwise`). The caller has taken n > 2, 1 < depth <= n
    and a floor below beta. Writes the keys, sorted, to out; returns (keys written, the
    least bound of those that cannot beat beta, a shortcut value or -1: a candidate whose
    exact cost meets the floor settles the node, its guess remembered in the cache, and the
    branching factor of the parts' counting bounds in the keys). `by_set`: bound the parts with
    the set's own K_S (`_rank_candidates`); a caller that adds the parts' counting bounds to
    the keys' itself must then use that factor's table."""
    lb = tables.lb
    floor = lb[min(depth, lb.shape[0] - 1), n]
    canonical_key(tables, buffers.arena, secrets_at, n, buffers.pin_order[level],
                  buffers.labels[level], buffers.key_image[level], buffers.scratch)
    stats[S_NODES] += 1
    found, least_cut, shortcut, child_parts = _rank_candidates(tables, buffers, cache, stats, level,
                                                               secrets_at, n, depth, floor, beta, by_set)
    keys = buffers.keys[level]
    for i in range(found):
        out[i] = pop_min(keys, found - i)
    return found, least_cut, shortcut, child_parts


@node_step
def _next_candidate(tables, buffers, cache, stats, level):
    """Set up the next candidate that can still beat the best: split S by it, list its parts of
    three or more secrets in search order with a lower bound of each (`_part_floor`), carry the
    group down. A candidate whose parts' bounds cannot fit under the best is dropped here,
    before any of its parts is searched. False when no candidate is left."""
    frame = buffers.frames[level]
    params = tables.params
    win = params[P_WIN]
    part_order = params[P_PART_ORDER]
    look_min = params[P_LOOKAHEAD_MIN]
    lengths = buffers.part_len[level]
    order = buffers.part_order[level]
    floors = buffers.part_floor[level]
    n = frame[F_N]
    child_depth = frame[F_DEPTH] - 1
    child_lb = _set_child_lb(tables, frame[F_CHILD_PARTS], child_depth)
    keys = buffers.keys[level]  # a min-heap of the found - rank keys not taken yet
    # Dropping candidates leaves the best as it is, so the order of the parts holds for them all.
    smallest_first = part_order == 1 or (part_order == 2 and frame[F_BEST] < NO_TOTAL)
    while True:
        if stats[S_ABORTED]:  # not False, which would finish the node: the caller's loop returns first
            return True
        found = frame[F_FOUND]
        rank = frame[F_RANK]
        if rank >= found:
            return False
        bound = keys[0] >> KEY_SHIFT
        if bound >= frame[F_BEST]:
            frame[F_LOWER] = min(frame[F_LOWER], bound)
            stats[S_CUT] += found - rank
            frame[F_RANK] = found
            return False
        key = pop_min(keys, found - rank)
        frame[F_RANK] = rank + 1
        g = key & ((np.int64(1) << INDEX_BITS) - 1)
        stats[S_SEARCHED] += 1
        stats[S_SCORES] += n
        _partition(tables, buffers, g, frame[F_SECRETS_AT], n, frame[F_FREE_AT], level)
        # Parts of one or two secrets cost exactly their bound: only larger ones are searched.
        large = 0
        for o in range(params[P_SLOTS]):
            if o != win and lengths[o] >= 3:
                k = large  # insertion by size
                while k > 0 and ((lengths[order[k - 1]] > lengths[o]) if smallest_first
                                 else (lengths[order[k - 1]] < lengths[o])):
                    order[k] = order[k - 1]
                    k -= 1
                order[k] = o
                large += 1
        extend_group(tables, buffers, level, g)
        buffers.ranked[level + 1, R_VALID] = 0
        # Exact costs found so far plus the bounds of the parts not searched.
        total = bound
        for k in range(large):
            o = order[k]
            floors[o] = child_lb[lengths[o]]
        if look_min > 0:
            # Last to first: the part searched first is the last one ranked, so its keys are still
            # there when it is entered.
            for k in range(large - 1, -1, -1):
                o = order[k]
                deeper = _part_floor(tables, buffers, cache, stats, level + 1,
                                     frame[F_FREE_AT] + buffers.part_start[level, o], lengths[o],
                                     child_depth, floors[o], look_min)
                total += deeper - floors[o]
                floors[o] = deeper
                if total >= frame[F_BEST]:
                    break
            if total >= frame[F_BEST]:  # its parts cannot fit under the best: the next one
                frame[F_LOWER] = min(frame[F_LOWER], total)
                stats[S_CUT] += 1
                continue
        frame[F_GUESS] = g
        frame[F_TOTAL] = total
        frame[F_PART] = 0
        frame[F_LARGE] = large
        frame[F_ACTIVE] = 1
        return True


@node_step
def _part_floor(tables, buffers, cache, stats, level, secrets_at, n, depth, counting, look_min):
    """A lower bound of the value of the part arena[secrets_at:+n] (three or more secrets, `depth`
    guesses left, `counting` its counting bound), not yet searched: what the cache knows of it,
    and for a part of at least look_min secrets one guess deeper, the least over its candidates of
    their counting bounds (kept in the cache as a bound, so the part's own search and any
    candidate that leaves the same part start from it). A candidate that meets the part's floor
    with parts of one or two secrets settles it exactly, as when the part is entered."""
    if depth > n:
        depth = n
    if counting >= INFEASIBLE or level + 1 >= MAX_LEVELS or stats[S_ABORTED]:
        return counting
    e = _find_or_import(tables, buffers, cache, stats, level, secrets_at, n, depth)
    floor = counting
    if e >= 0:
        if cache.exact[e]:
            return cache.value[e]
        floor = max(floor, cache.value[e])
    if n < look_min:
        return floor
    found, least_cut, shortcut, child_parts = _rank_candidates(tables, buffers, cache, stats, level,
                                                               secrets_at, n, depth, floor, NO_TOTAL, True)
    if stats[S_ABORTED]:  # stopped while ranking: the counting bound, nothing kept
        return floor
    if shortcut >= 0:
        return shortcut
    deeper = least_cut
    if found > 0:
        deeper = min(deeper, buffers.keys[level, 0] >> KEY_SHIFT)
    ranked = buffers.ranked[level]
    ranked[R_VALID] = 1
    ranked[R_SECRETS_AT] = secrets_at
    ranked[R_N] = n
    ranked[R_DEPTH] = depth
    ranked[R_FOUND] = found
    ranked[R_LEAST_CUT] = least_cut
    ranked[R_CHILD_PARTS] = child_parts
    if deeper > floor:
        floor = deeper
        _remember(tables, buffers, cache, stats, level, n, depth, floor, False, np.int64(-1))
    return floor


@node_step
def _finish(tables, buffers, cache, stats, level):
    """A node whose candidates are done: its exact value and guess, or a lower bound, into the
    cache; returns the value."""
    frame = buffers.frames[level]
    n = frame[F_N]
    depth = frame[F_DEPTH]
    if frame[F_BEST_GUESS] >= 0:
        _remember(tables, buffers, cache, stats, level, n, depth, frame[F_BEST], True,
                  frame[F_BEST_GUESS])
        return frame[F_BEST]
    lower = max(frame[F_LOWER], frame[F_FLOOR])
    _remember(tables, buffers, cache, stats, level, n, depth, lower, False, -1)
    return lower


@node_step
def _remember(tables, buffers, cache, stats, level, n, depth, value, exact, guess):
    if guess >= 0:
        guess = renamed_codeword(tables, guess, buffers.pin_order[level], buffers.labels[level])
    image = buffers.key_image[level]
    h = _key_hash(image, 0, n, depth)
    cache_store(cache, stats, image, 0, n, depth, value, exact, guess, h)
    if exact and cache.shared_slots.shape[0] > 0:
        shared_publish(cache, image, n, depth, value, guess, h)


@kernel
def cached_guess(tables, buffers, cache, secrets_at, n, depth, level):
    """The best guess stored for this position (in its own pins and colors), or -1 if no exact
    entry is cached."""
    if depth > n:
        depth = n
    e = _find_position(tables, buffers, cache, level, secrets_at, n, depth)
    if e < 0 or not cache.exact[e]:
        return np.int64(-1)
    return renamed_back(tables, np.int64(cache.guess[e]), buffers.pin_order[level],
                        buffers.labels[level], buffers.scratch)


# -- the tree of a solved position ------------------------------------------------------

# A node's state while its subtree is read out: one row of `buffers.walk` per level.
W_NODE, W_SECRETS_AT, W_N, W_DEPTH, W_FREE_AT, W_NEXT = range(6)
N_WALK_FIELDS = 6
# What extract_tree returns when it cannot give a tree.
TREE_INFEASIBLE, TREE_TOO_BIG, TREE_NO_GUESS, TREE_TOO_DEEP = -1, -2, -3, -4


@kernel
def _pair_ordinal(tables, guess, secret):
    if tables.score.shape[0] > 0:
        return np.int64(tables.score[guess, secret])
    return np.int64(packed_score_ordinal(tables.words[secret], tables.lo[secret], tables.hi[secret],
                                         tables.words[guess], tables.lo[guess], tables.hi[guess],
                                         tables.params[P_PINS], np.uint64(tables.params[P_MASK])))


@kernel
def _tree_guess(tables, buffers, cache, stats, control, live, run, secrets_at, n, depth, level,
                free_at):
    """The guess of an optimal tree at this node: the cached one, else searched for; < 0 if
    none (TREE_INFEASIBLE, TREE_NO_GUESS)."""
    if n <= 2:
        return np.int64(buffers.arena[secrets_at])
    guess = cached_guess(tables, buffers, cache, secrets_at, n, depth, level)
    if guess >= 0:
        return guess
    value = position_value(tables, buffers, cache, stats, control, live, run, secrets_at, n, depth,
                           INFEASIBLE, level, free_at)
    if value >= INFEASIBLE:
        return np.int64(TREE_INFEASIBLE)
    guess = cached_guess(tables, buffers, cache, secrets_at, n, depth, level)
    return guess if guess >= 0 else np.int64(TREE_NO_GUESS)


@kernel
def extract_tree(tables, buffers, cache, stats, control, live, run, n, depth, level, out):
    """An optimal tree of S = arena[:n] within `depth` guesses, read from the cache (a node
    not there is searched), as rows of `out` in depth-first order, parts by score ordinal:
    (guess, secrets at the node, parent row or -1, score ordinal from the parent). Returns
    the rows written, or TREE_INFEASIBLE / TREE_TOO_BIG (out has too few rows) /
    TREE_NO_GUESS (the cache lost a guess it had just found) / TREE_TOO_DEEP (deeper than the
    buffers' levels). `level`: the guesses played
    before S, as for position_value."""
    win = tables.params[P_WIN]
    slots = tables.params[P_SLOTS]
    walk = buffers.walk
    if level < 0 or level + 1 >= MAX_LEVELS:
        return np.int64(TREE_TOO_DEEP)
    rows = 0
    top = level
    # Enter the root, then loop: a node is entered (its guess found, S split, its row
    # written), then its parts are entered one after the other as children.
    # np.int64, not 0: a literal 0 would compile _tree_guess, and position_value inside it, a
    # second time for that constant (a second copy of the largest kernel, about 20 s of compile).
    secrets_at, size, node_depth, free_at, parent, ordinal = np.int64(0), n, depth, n, -1, -1
    while True:
        if secrets_at >= 0:  # enter a node
            if rows >= out.shape[0]:
                return np.int64(TREE_TOO_BIG)
            if size > 1 and node_depth <= 1:
                return np.int64(TREE_INFEASIBLE)
            clamped = min(node_depth, size)
            guess = _tree_guess(tables, buffers, cache, stats, control, live, run, secrets_at, size,
                                clamped, top, free_at)
            if guess < 0:
                return guess
            out[rows, 0] = guess
            out[rows, 1] = size
            out[rows, 2] = parent
            out[rows, 3] = ordinal
            row = walk[top]
            row[W_NODE] = rows
            row[W_SECRETS_AT] = secrets_at
            row[W_N] = size
            row[W_DEPTH] = clamped
            row[W_FREE_AT] = free_at
            row[W_NEXT] = 0
            rows += 1
            if size > 1:
                _partition(tables, buffers, guess, secrets_at, size, free_at, top)
                extend_group(tables, buffers, top, guess)
            else:
                row[W_NEXT] = slots  # a leaf: nothing below
        row = walk[top]
        o = row[W_NEXT]
        while o < slots and (o == win or buffers.part_len[top, o] == 0):
            o += 1
        if o < slots:  # the next part: a child one level down
            row[W_NEXT] = o + 1
            secrets_at = row[W_FREE_AT] + buffers.part_start[top, o]
            size = buffers.part_len[top, o]
            node_depth = row[W_DEPTH] - 1
            free_at = row[W_FREE_AT] + row[W_N]
            parent = row[W_NODE]
            ordinal = o
            top += 1
            if top >= MAX_LEVELS - 1:
                return np.int64(TREE_TOO_DEEP)
        else:  # this node is done: back to its parent
            row[W_NEXT] = slots
            if top == level:
                return np.int64(rows)
            top -= 1
            secrets_at = -1


@kernel
def play_tree(tables, node_guess, child_of, guesses, turns):
    """Play every secret down a tree: guesses[t, s] = the guess at turn t + 1 for secret s,
    turns[s] = the turns it takes. `child_of[node * slots + o]`: the node below `node` on
    score ordinal o, or -1. Returns -1, or a secret whose path leaves the tree."""
    slots = tables.params[P_SLOTS]
    for s in range(guesses.shape[1]):
        node = 0
        t = 0
        while True:
            if t >= guesses.shape[0]:
                return np.int64(s)
            g = node_guess[node]
            guesses[t, s] = g
            if g == s:
                turns[s] = t + 1
                break
            node = child_of[node * slots + _pair_ordinal(tables, g, s)]
            if node < 0:
                return np.int64(s)
            t += 1
    return np.int64(-1)
