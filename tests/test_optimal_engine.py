"""The exact search's inner kernels against slow references, and its table-free path.

The whole search is checked against brute force in test_optimal.py; these tests pin the
pieces that compute the same thing two ways (every codeword at once, or one guess at a time),
so a fast path that drifts fails here by name."""

from functools import lru_cache

import numpy as np
import pytest

from mmlib.core import optimal as optimal_module
from mmlib.core.games import Game
from mmlib.core.optimal import INFEASIBLE, OptimalSearch
from mmlib.core.optimal import engine as en
from mmlib.core.optimal.search import game_tables

from naive import BruteForceOptimum, naive_pair_ordinals


def _naive_ordinals(game: Game, guess: int, secrets: np.ndarray) -> np.ndarray:
    return naive_pair_ordinals(game, np.full(len(secrets), guess), secrets)


@lru_cache(maxsize=None)
def _brute_force(name: str) -> BruteForceOptimum:
    """One brute force per game for this file's tests: it memoises every set it has costed, so
    the tests that ask it the same sets (the whole game at depths 2 to 6, every part order) cost
    them once."""
    return BruteForceOptimum(Game.parse(name))


@pytest.mark.parametrize("name", ["3p4c", "4p3c", "2p6c"])
def test_every_codeword_at_once_matches_one_guess_at_a_time(name):
    """scores_met (the set of scores each codeword meets) and parts_of_all (each codeword's part
    sizes) read the score table by secret; here every guess is scored on its own."""
    game = Game.parse(name)
    tables = game_tables(game)
    flat = tables.score.reshape(-1)
    slots = game.score_slots
    rng = np.random.default_rng(5)
    codewords = np.arange(game.size)
    for n in (1, 3, 7, game.size // 2):
        secrets = np.sort(rng.choice(game.size, size=n, replace=False)).astype(np.int32)
        arena = np.concatenate([np.zeros(3, dtype=np.int32), secrets])
        seen = np.empty(game.size, dtype=np.uint64)
        counts = np.empty(game.size * slots, dtype=np.int32)
        en.scores_met(flat, game.size, arena, 3, n, seen)
        en.parts_of_all(flat, game.size, arena, 3, n, slots, counts)
        for g in codewords:
            ordinals = _naive_ordinals(game, int(g), secrets)
            expected_bits = 0
            for o in ordinals:
                expected_bits |= 1 << int(o)
            assert int(seen[g]) == expected_bits
            assert counts[g * slots:(g + 1) * slots].tolist() == np.bincount(ordinals, minlength=slots).tolist()


def test_the_candidate_heap_gives_keys_in_sorted_order_and_the_sort_sorts():
    rng = np.random.default_rng(9)
    for size in (0, 1, 2, 5, 24, 25, 100, 1000):
        keys = rng.integers(0, 1 << 40, size=size + 3).astype(np.int64)
        heap = keys.copy()
        en.heapify_min(heap, size)
        taken = [en.pop_min(heap, size - k) for k in range(size)]
        assert taken == sorted(keys[:size].tolist())
        ints = rng.integers(0, 5000, size=size + 3).astype(np.int32)
        out = ints.copy()
        en.sort_prefix(out, size)
        assert out[:size].tolist() == sorted(ints[:size].tolist()) and out[size:].tolist() == ints[size:].tolist()


@pytest.mark.parametrize("name", ["3p3c", "2p5c", "4p3c", "3p4c-norepeat"])
def test_the_search_without_a_score_table_matches_brute_force(name, monkeypatch):
    """Games past config.MAX_TABLE_CODEWORDS score packed codewords instead of reading a table
    (and skip the every-codeword-at-once kernels): force that path on small games."""
    game = Game.parse(name)
    monkeypatch.setattr(optimal_module.config, "MAX_TABLE_CODEWORDS", 0)
    game_tables.cache_clear()
    try:
        search = OptimalSearch(game)
        assert search.tables.score.size == 0
        brute = _brute_force(name)
        everything = np.arange(game.size, dtype=np.int64)
        assert search.value(everything, (), game.size, INFEASIBLE) == brute.total()
        rng = np.random.default_rng(17)
        for size in (3, 6, game.size // 3):
            secrets = np.sort(rng.choice(game.size, size=size, replace=False))
            mask = sum(1 << int(s) for s in secrets)
            assert OptimalSearch(game).value(secrets, None, game.size, INFEASIBLE) == brute.cost(mask, None)
    finally:
        game_tables.cache_clear()


@pytest.mark.parametrize("name", ["4p4c", "3p5c", "5p2c"])
def test_cached_candidate_lists_are_the_lists_computed_afresh(name):
    """`candidates` keeps each list by its group, Zero and Free colors; after a search has filled
    that cache, every level's list for every Zero set must equal class_representatives' own."""
    game = Game.parse(name)
    search = OptimalSearch(game)
    everything = np.arange(game.size, dtype=np.int64)
    search.value(everything, (), game.size, INFEASIBLE)
    assert search.buffers.list_meta[1] > 0
    rng = np.random.default_rng(3)
    colors = game.colors
    out_cached = np.empty(game.size, dtype=np.int32)
    out_fresh = np.empty(game.size, dtype=np.int32)
    for _ in range(40):
        played = tuple(int(g) for g in rng.choice(game.size, size=int(rng.integers(0, 3)), replace=False))
        level = search._load(everything, played)
        zero = int(rng.integers(0, 1 << colors))
        m = en.candidates(search.tables, search.buffers, level, zero, out_cached)
        m_again = en.candidates(search.tables, search.buffers, level, zero, out_cached)  # now from the cache
        fresh = en.class_representatives(search.tables, search.buffers, level, zero, out_fresh)
        assert m == m_again == fresh
        assert out_cached[:m].tolist() == out_fresh[:fresh].tolist()


@pytest.mark.parametrize("order", ["largest", "smallest", "adaptive"])
@pytest.mark.parametrize("name", ["3p3c", "2p5c", "3p3c-black", "2p6c-black"])
def test_every_part_order_gives_the_brute_force_values_at_every_depth(name, order, monkeypatch):
    """The order of a candidate's parts (config.PART_ORDER) changes which cut-offs happen, never
    a value: exact where the depth allows, infeasible where it is too short."""
    game = Game.parse(name)
    monkeypatch.setattr(optimal_module.config, "PART_ORDER", order)
    game_tables.cache_clear()
    try:
        assert en.PART_ORDERS[game_tables(game).params[en.P_PART_ORDER]] == order
        brute = _brute_force(name)  # one per game: the three orders ask it the same sets
        rng = np.random.default_rng(23)
        subsets = [np.arange(game.size)] + [np.sort(rng.choice(game.size, size=size, replace=False))
                                            for size in (5, 9, game.size // 2)]
        infeasible_seen = False
        for secrets in subsets:
            mask = sum(1 << int(s) for s in secrets)
            for depth in range(2, 7):
                expected = brute.cost(mask, depth)
                got = OptimalSearch(game).value(secrets, None, depth, INFEASIBLE)
                if expected == brute.INFINITY:
                    infeasible_seen = True
                    assert got >= INFEASIBLE
                else:
                    assert got == expected
        assert infeasible_seen  # some depth is too short for some subset
    finally:
        game_tables.cache_clear()


@pytest.mark.parametrize("name, possible", [("4p4c", False), ("3p5c", False), ("5p3c", False),
                                            ("4p4c-black", False), ("3p5c", True), ("4p5c-norepeat", False)])
def test_the_lookahead_bound_is_one_guess_deeper_than_counting_and_below_the_exact_value(name, possible):
    """The root's bound of each part below an opening (`lookahead_bound`): at least the least,
    over the guesses that split the part, of its size plus the counting bounds of what each
    leaves (computed here one guess at a time, with the reference scores); never above the
    part's exact value, infeasible only where the part is; and above the counting bound
    somewhere."""
    game = Game.parse(name)
    search = OptimalSearch(game, possible)
    everything = np.arange(game.size)
    deeper = 0
    for opening in search.root_candidates().tolist():
        for _ordinal, part in search.split(opening, everything):
            if len(part) == 1 and part[0] == opening:
                continue  # the opening's win
            for depth in (2, 3, 4, game.size):
                got = search.lookahead_bound(part, (opening,), depth)
                exact = OptimalSearch(game, possible).value(part, (opening,), depth, INFEASIBLE)
                counting = search.lower_bound(len(part), min(depth, len(part)))
                assert counting <= got <= exact or (got >= INFEASIBLE and exact >= INFEASIBLE)
                if len(part) <= 2 or counting >= INFEASIBLE:
                    assert got == counting
                    continue
                child = search.lb_table(min(depth, len(part)) - 1)
                guesses = part if possible else everything
                bounds = []
                for guess in guesses.tolist():
                    ordinals = _naive_ordinals(game, guess, part)
                    sizes = np.bincount(ordinals, minlength=game.score_slots)
                    if sizes.max() == len(part) and ordinals[0] != game.win_ordinal:
                        continue  # splits nothing: never played
                    bounds.append(len(part) + sum(int(child[m]) for o, m in enumerate(sizes)
                                                  if m and o != game.win_ordinal))
                least = min(min(bounds), INFEASIBLE)
                # At least the least guess bound (more where the search's cache knows a part
                # exactly, or a candidate meets the floor and settles the part).
                assert least <= got, (opening, len(part), depth)
                deeper += got > counting
    assert deeper > 0


def _check_every_budget(game, brute, seed, sizes):
    """One search answers the whole game and random sets of these sizes (seeded), at every depth
    from 2 to 6 and under budgets below, at and above the exact value, in turn (so the bounds it
    caches are read back by later calls): an exact value below the budget, else a bound at least
    the budget and never above the exact value; infeasible where brute force finds no strategy."""
    search = OptimalSearch(game)
    rng = np.random.default_rng(seed)
    subsets = [np.arange(game.size)] + [np.sort(rng.choice(game.size, size=size, replace=False))
                                        for size in sizes]
    for secrets in subsets:
        mask = sum(1 << int(s) for s in secrets)
        played = () if len(secrets) == game.size else None
        for depth in range(2, 7):
            expected = brute.cost(mask, depth)
            if expected == brute.INFINITY:
                assert search.value(secrets, played, depth, INFEASIBLE) >= INFEASIBLE
                continue
            for beta in (expected - 4, expected, expected + 1, INFEASIBLE):
                got = search.value(secrets, played, depth, beta)
                if expected < beta:
                    assert got == expected, (len(secrets), depth, beta)
                else:
                    assert beta <= got <= expected, (len(secrets), depth, beta)


def _with_part_lookahead(monkeypatch, look_min):
    monkeypatch.setattr(optimal_module.config, "PART_LOOKAHEAD_MIN_SECRETS", look_min)
    game_tables.cache_clear()


@pytest.mark.parametrize("look_min", [3, 1 << 30], ids=["every-part", "cache-only"])
@pytest.mark.parametrize("name", ["3p3c", "2p5c", "3p4c", "3p3c-black", "3p4c-norepeat"])
def test_the_part_lookahead_keeps_every_value_exact_under_every_budget(name, look_min, monkeypatch):
    """Inside the engine each part of a candidate is bounded before any is searched (by the cache,
    and from config.PART_LOOKAHEAD_MIN_SECRETS secrets on one guess deeper), and the part searched
    first reuses the ranking its bound made. One search per game answers every set, depth and
    budget in turn, so the bounds it caches as it goes are read back by later calls: an exact
    value below the budget, else a bound at least the budget and never above the exact value."""
    game = Game.parse(name)
    _with_part_lookahead(monkeypatch, look_min)
    try:
        assert game_tables(game).params[en.P_LOOKAHEAD_MIN] == look_min
        _check_every_budget(game, _brute_force(name), 31, (6, 11, game.size // 2, game.size - 3))
    finally:
        game_tables.cache_clear()


@pytest.mark.parametrize("name", ["3p4c", "2p6c", "3p3c-black"])
def test_every_objective_with_every_part_bounded_one_guess_deeper_matches_brute_force(name, monkeypatch):
    """The whole game with the part lookahead on every part of three or more secrets: the total,
    the least max and the total within it, the total within a limit, and with guesses only from
    the secrets still possible."""
    from mmlib.core.optimal import optimal

    game = Game.parse(name)
    brute, possible = _brute_force(name), BruteForceOptimum(game, possible_only=True)
    least_max, total_at_least_max = brute.worst()
    _with_part_lookahead(monkeypatch, 3)
    try:
        assert optimal(game, workers=1).total_turns == brute.total()
        worst = optimal(game, objective="worst", workers=1)
        assert (worst.max_turns, worst.total_turns) == (least_max, total_at_least_max)
        assert optimal(game, max_turns=least_max + 1, workers=1).total_turns == brute.total(least_max + 1)
        assert optimal(game, workers=1, possible_guesses=True).total_turns == possible.total()
    finally:
        game_tables.cache_clear()


@pytest.mark.parametrize("name", ["4p4c", "4p5c", "5p3c"])
def test_the_part_lookahead_drops_candidates_before_their_parts_are_searched(name, monkeypatch):
    """Same answer, fewer positions searched: candidates whose parts' deeper bounds cannot fit
    under the best are dropped without entering any part (4p4c: 52 positions, 20 with it)."""
    from mmlib.core.optimal import optimal

    stats = {}
    try:
        for look_min in (None, 3):
            _with_part_lookahead(monkeypatch, look_min)
            result = optimal(name, workers=1)
            stats[look_min] = (result.total_turns, result.search_stats["nodes"])
    finally:
        game_tables.cache_clear()
    assert stats[3][0] == stats[None][0]
    assert stats[3][1] < stats[None][1]


def _with_set_bound(monkeypatch, on):
    monkeypatch.setattr(optimal_module.config, "SET_PARTS_BOUND", on)
    game_tables.cache_clear()


@pytest.mark.parametrize("name", ["3p4c", "4p3c", "2p6c-black"])
def test_the_bound_tables_of_every_branching_factor_are_the_counting_bounds_of_that_factor(name):
    from mmlib.core.optimal.bounds import LEAST_SET_PARTS, bound_tables, most_parts, set_bound_tables

    game = Game.parse(name)
    parts = most_parts(game)
    rows, where = set_bound_tables(game, parts)
    for k in range(parts + 1):
        first, count = where[k]
        expected = bound_tables(game, max(k, min(LEAST_SET_PARTS, parts)))
        assert np.array_equal(rows[first:first + count], expected), k
    first, count = where[parts]
    assert np.array_equal(rows[first:first + count], game_tables(game).lb)


@pytest.mark.parametrize("name", ["4p4c", "3p5c", "3p4c"])
def test_a_set_is_bounded_soundly_by_the_most_parts_any_guess_makes_of_it(name, monkeypatch):
    """The claim behind config.SET_PARTS_BOUND, computed here from the reference scores: with K_S
    the most non-winning parts any codeword makes of S, no strategy for S within d guesses costs
    less than the least, over the guesses, of |S| plus the counting bounds with factor K_S of
    the parts each leaves. The exact values come from the search with the game's K (itself
    checked against brute force), on the sets the search meets below each opening, where K_S
    is below K and the bound says more than the game's (4p4c: 81 secrets below 1111 cost at
    least 232 turns, not 231)."""
    from mmlib.core.optimal.bounds import bound_tables

    game = Game.parse(name)
    _with_set_bound(monkeypatch, False)
    try:
        search = OptimalSearch(game)
        everything = np.arange(game.size)
        wide = game_tables(game).lb
        tighter = 0
        for opening in search.root_candidates().tolist():
            for ordinal, secrets in search.split(opening, everything):
                size = len(secrets)
                if size < 3 or ordinal == game.win_ordinal:
                    continue
                sizes = [np.bincount(_naive_ordinals(game, g, secrets), minlength=game.score_slots)
                         for g in everything.tolist()]
                k_s = max(int(np.count_nonzero(np.delete(counts, game.win_ordinal))) for counts in sizes)
                tables = bound_tables(game, max(k_s, 1))
                for depth in (3, 4, game.size):
                    exact = search.value(secrets, (opening,), depth, INFEASIBLE)

                    def least(bounds):
                        child = bounds[min(depth - 1, len(bounds) - 1)]
                        return min(size + sum(int(child[m]) for o, m in enumerate(counts)
                                              if m and o != game.win_ordinal)
                                   for counts in sizes if counts.max() < size or counts[game.win_ordinal])

                    by_set = least(tables)
                    assert by_set <= exact or (by_set >= INFEASIBLE and exact >= INFEASIBLE), (opening, size, depth)
                    assert int(tables[min(depth, len(tables) - 1)][size]) <= exact
                    tighter += least(wide) < by_set < INFEASIBLE
        if name == "4p4c":
            assert tighter > 0  # it says more than the game's K
    finally:
        game_tables.cache_clear()


@pytest.mark.parametrize("name", ["3p3c", "2p5c", "3p4c", "3p3c-black", "3p4c-norepeat"])
def test_every_value_is_exact_under_every_budget_with_and_without_the_set_bound(name, monkeypatch):
    """The engine with the parts of each node bounded by the node's own K_S (the default) and
    with the game's K: an exact value below the budget, else a bound at least the budget and
    never above the exact value, at every depth, one search per setting answering every call."""
    game = Game.parse(name)
    brute = _brute_force(name)
    try:
        for on in (True, False):
            _with_set_bound(monkeypatch, on)
            assert game_tables(game).params[en.P_SET_PARTS] == int(on)
            _check_every_budget(game, brute, 43, (7, 12, game.size // 2, game.size - 2))
    finally:
        game_tables.cache_clear()


def test_the_set_bound_searches_fewer_positions_for_the_same_optimum(monkeypatch):
    """4p6c in one process: 1,792 positions with the game's K, 1,508 with each set's own K_S."""
    from mmlib.core.optimal import optimal

    found = {}
    try:
        for on in (False, True):
            _with_set_bound(monkeypatch, on)
            result = optimal("4p6c", workers=1)
            found[on] = (result.total_turns, result.max_turns, result.search_stats["nodes"])
    finally:
        game_tables.cache_clear()
    assert found[True][:2] == found[False][:2] == (5625, 6)
    assert found[True][2] < found[False][2]


def _unshared_total(name: str) -> int:
    """The optimum by brute force where that is quick (3p4c), else by a search that shares
    nothing (checked against brute force on the small games above)."""
    if name == "3p4c":
        return int(_brute_force(name).total())
    search = OptimalSearch(name)
    return search.value(np.arange(search.game.size, dtype=np.int64), (), search.game.size, INFEASIBLE)


def _sharing_pair(name: str, tag_a: int, tag_b: int):
    """Two searches of one game whose caches share two rows (as two workers of a pool do)."""
    from mmlib.core.optimal.search import shared_cache_sizes, shared_rows

    size = shared_cache_sizes(2, 1 << 20)[0]
    rows = shared_rows(bytearray(size), 2, 1 << 20)
    a, b = OptimalSearch(name), OptimalSearch(name)
    a.share_cache(rows, 0, tag_a)
    b.share_cache(rows, 1, tag_b)
    return a, b, rows


@pytest.mark.parametrize("name", ["3p4c", "4p4c"])
def test_a_worker_reads_the_exact_values_another_proved_and_nothing_of_another_run(name):
    """What one search proves is published in its row; a second search of the same run (tag)
    answers from it and searches far fewer positions, a search of another run reads none of it;
    both give the brute-force optimum."""
    expected = _unshared_total(name)
    for tag_b, shares in ((7, True), (8, False)):
        a, b, rows = _sharing_pair(name, 7, tag_b)
        everything = np.arange(a.game.size, dtype=np.int64)
        assert a.value(everything, (), a.game.size, INFEASIBLE) == expected
        assert rows["shared_meta"][0, 0] > 0 and rows["shared_meta"][1, 0] == 0  # a wrote its own row only
        assert b.value(everything, (), b.game.size, INFEASIBLE) == expected
        if shares:
            assert b.stats.shared_hits > 0 and b.stats.nodes < a.stats.nodes
        else:
            assert b.stats.shared_hits == 0 and b.stats.nodes == a.stats.nodes


def test_a_half_written_shared_entry_is_a_miss_not_a_wrong_value():
    """An entry whose fields do not match its check word (a reader that met it half written, or
    half overwritten after its row was emptied) is never read: with every published value
    raised by one, the reader finds nothing and still gives the optimum."""
    a, b, rows = _sharing_pair("3p4c", 7, 7)
    everything = np.arange(a.game.size, dtype=np.int64)
    expected = a.value(everything, (), a.game.size, INFEASIBLE)
    used = int(rows["shared_meta"][0, 0])
    rows["shared_entries"][0, :used, en.SE_VALUE] += 1
    assert b.value(everything, (), b.game.size, INFEASIBLE) == expected
    assert b.stats.shared_hits == 0 and b.stats.nodes == a.stats.nodes


def test_a_full_shared_row_is_emptied_and_filled_again():
    """A row too small for what its worker proves is emptied when full, as the local cache is;
    the reader still finds what the row holds last, and the answer stays the optimum."""
    from mmlib.core.optimal.search import shared_cache_sizes, shared_rows

    row_bytes = 4096
    rows = shared_rows(bytearray(shared_cache_sizes(2, row_bytes)[0]), 2, row_bytes)
    a, b = OptimalSearch("4p4c"), OptimalSearch("4p4c")
    a.share_cache(rows, 0, 3)
    b.share_cache(rows, 1, 3)
    everything = np.arange(a.game.size, dtype=np.int64)
    expected = _unshared_total("4p4c")
    assert a.value(everything, (), a.game.size, INFEASIBLE) == expected
    entries = rows["shared_entries"].shape[1]
    assert a.stats.cache_entries > entries  # more exact values than the row holds: it wrapped
    assert b.value(everything, (), b.game.size, INFEASIBLE) == expected
    assert b.stats.shared_hits > 0  # what the row held last (the whole game's value) was read


def _hammer_key(k):
    """Key k of the stress test: 3 to 8 codewords, its value and guess made from k."""
    n = 3 + k % 6
    image = np.array([k * 8 + j for j in range(n)], dtype=np.int32)
    return image, n, 10_000 + 7 * k, k % 997


def test_readers_never_take_a_torn_entry_while_a_writer_overwrites_its_row():
    """The lock-free protocol under a real race: one process publishes keys into a row so small
    that it is emptied and overwritten all the time, another reads keys as fast as it can; every
    entry the reader accepts must be one the writer wrote whole (its value and guess those of its
    key), and the reader must accept some (about 10,000 here). A torn read is rare in such a
    race; the test above shows the check word refusing one made on purpose."""
    import mmap
    import multiprocessing

    from numba import njit

    from mmlib.core.optimal.search import _cache, shared_cache_sizes, shared_rows

    keys = 4096
    images = np.zeros((keys, 8), dtype=np.int32)
    lengths, values, guesses, hashes = (np.zeros(keys, dtype=np.int64) for _ in range(4))
    depth = 5
    for k in range(keys):
        image, n, value, guess = _hammer_key(k)
        images[k, :n], lengths[k], values[k], guesses[k] = image, n, value, guess
        hashes[k] = en._key_hash(image, 0, n, depth)

    @njit(nogil=True)
    def write(cache, rounds):
        for r in range(rounds):
            for k in range(keys):
                n = lengths[k]
                en.shared_publish(cache, images[k], n, depth, values[k], guesses[k], hashes[k])

    @njit(nogil=True)
    def read(cache, stats, rounds):
        hits = 0
        wrong = 0
        for r in range(rounds):
            for k in range(keys):
                n = lengths[k]
                e = en.shared_import(cache, stats, images[k], n, depth, hashes[k])
                if e >= 0:
                    hits += 1
                    if cache.value[e] != values[k] or cache.guess[e] != guesses[k] or not cache.exact[e]:
                        wrong += 1
                    en.cache_clear(cache, stats)  # the next read goes to the shared row again
        return hits, wrong

    row_bytes = 1 << 14  # a few hundred entries: the writer empties its row every round
    shared = mmap.mmap(-1, shared_cache_sizes(2, row_bytes)[0])
    rows = shared_rows(shared, 2, row_bytes)

    def cache_of(row):
        return _cache(1 << 20)._replace(**rows, shared_info=np.array([row, 11], dtype=np.int64))

    write(cache_of(0), 1)  # compiled (and the row filled) before the race
    stats = np.zeros(en.N_STATS, dtype=np.int64)
    read(cache_of(1), stats, 1)
    writer = multiprocessing.get_context("fork").Process(target=write, args=(cache_of(0), 200))
    writer.start()
    try:
        hits = wrong = 0
        while writer.is_alive() or hits == 0:
            h, w = read(cache_of(1), stats, 20)
            hits, wrong = hits + h, wrong + w
            if not writer.is_alive() and hits == 0:
                break
    finally:
        writer.join()
    assert writer.exitcode == 0
    assert hits > 0 and wrong == 0
