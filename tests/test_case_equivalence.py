"""Case equivalence: the Zero/Free sets, the representative predicate, ACr, its closed
form, and solves that give identical games with it on and off.

Cost on the 2-core machine: about 30 s, most of it the reference solves of
4p6c, 5p5c and 6p4c with case equivalence on and off.
"""

import itertools

import numpy as np
import pytest

from mmlib.core.case_equivalence import (
    AUTO_MIN_CODEWORDS,
    CUDA_AUTO_MIN_CODEWORDS,
    acr_candidates,
    acr_size,
    color_mask,
    count_lanes_mask,
    is_class_representative,
    possible_zero_free,
    region_zero_free,
    region_zero_free_packed,
    regions_zero_free,
    use_case_equivalence,
)
from mmlib.cli.case_commands import ACR_SIZE_COLUMNS, ACR_SIZES_CSV, acr_size_rows
from mmlib.studies.first_guess import csv_text
from mmlib.core.games import Codewords, Game
from mmlib.core.scoring import score_matrix_reference, score_ordinals
from mmlib.core.solve import solve
from mmlib.core.solver_reference import subset_sizes

from naive import digits_of, small_games

STRATEGIES = ["knuth", "expected-size", "entropy", "most-parts"]

# REFERENCE.md: (p, c, |Zero|, |Free|) -> |ACr|
PUBLISHED_SIZES = [(4, 6, 0, 2, 776), (4, 6, 0, 4, 151), (4, 6, 2, 0, 625), (4, 6, 2, 2, 353),
                   (4, 6, 3, 0, 256), (4, 6, 4, 0, 81), (5, 8, 0, 2, 20272)]


def test_the_published_sizes_notebook_3_shows_are_reference_mds():
    from mmlib.core.case_equivalence import PUBLISHED_ACR_SIZES

    assert list(PUBLISHED_ACR_SIZES) == PUBLISHED_SIZES


@pytest.mark.parametrize("pins, colors, zero, free, size", PUBLISHED_SIZES)
def test_closed_form_gives_the_published_sizes(pins, colors, zero, free, size):
    assert acr_size(pins, colors, zero, free) == size
    game = Game(pins, colors)
    zero_mask = color_mask(range(colors - zero, colors))  # the highest colors Zero
    free_mask = color_mask(range(1, 1 + free))
    assert len(acr_candidates(game, zero_mask, free_mask)) == size


# -- brute force: classes as connected components of the equivalence's moves --------


def brute_force_classes(game: Game, zero_colors, free_colors) -> np.ndarray:
    """Each codeword's class, named by its lowest member, found without the predicate.

    Moves that keep a guess in its class: a pin holding a Zero color takes another
    Zero color; two Free colors swap everywhere (swaps of neighbours generate every
    renaming). Classes are the connected components, found by spreading the lowest
    index along the moves until nothing changes.
    """
    n, p, c = game.size, game.pins, game.colors
    digits = digits_of(game, np.arange(n))
    place = c ** np.arange(p - 1, -1, -1)
    edges = []
    zero = np.isin(digits, zero_colors)
    for position in range(p):
        for color in zero_colors:
            moved = digits.copy()
            moved[:, position] = color
            rows = np.flatnonzero(zero[:, position])
            edges.append((rows, moved[rows] @ place))
    for a, b in zip(free_colors, free_colors[1:]):
        swapped = np.where(digits == a, b, np.where(digits == b, a, digits))
        edges.append((np.arange(n), swapped @ place))
    labels = np.arange(n)
    while True:
        before = labels.copy()
        for u, v in edges:
            lowest = np.minimum(labels[u], labels[v])
            np.minimum.at(labels, u, lowest)
            np.minimum.at(labels, v, lowest)
        labels = labels[labels]
        if np.array_equal(labels, before):
            return labels


def test_brute_force_sees_the_classes_of_an_example():
    game = Game(3, 4)  # Zero {1, 2}, Free {3, 4}
    labels = brute_force_classes(game, [0, 1], [2, 3])
    assert labels[game.parse_codeword("243")] == game.parse_codeword("134")
    assert labels[game.parse_codeword("221")] == game.parse_codeword("111")
    assert labels[game.parse_codeword("344")] != labels[game.parse_codeword("343")]


BRUTE_FORCE_GAMES = [g for g in small_games(4096)]


@pytest.mark.parametrize("game", BRUTE_FORCE_GAMES, ids=str)
def test_closed_form_and_predicate_agree_with_brute_force(game):
    """For every (|Zero|, |Free|) that can occur (and the size-1 sets that count as
    empty): the closed form counts the classes, and ACr is the set of their lowest members."""
    rng = np.random.default_rng(game.size)
    pairs = set(possible_zero_free(game.colors))
    pairs |= {(1, f) for f in range(game.colors)} | {(z, 1) for z in range(game.colors)}
    for zero, free in sorted(pairs):
        colors = rng.permutation(game.colors)
        zero_colors = sorted(colors[:zero].tolist())
        free_colors = sorted(colors[zero:zero + free].tolist())
        # Size-1 sets reduce nothing, so the brute force is given the empty set.
        labels = brute_force_classes(game, zero_colors if zero > 1 else [],
                                     free_colors if free > 1 else [])
        lowest_members = np.unique(labels)
        assert acr_size(game.pins, game.colors, zero, free) == len(lowest_members), (zero, free)
        acr = acr_candidates(game, color_mask(zero_colors), color_mask(free_colors))
        np.testing.assert_array_equal(acr, lowest_members)


def test_predicate_on_examples():
    # 4p6c, Zero {5, 6}, Free {3, 4}: one nibble per pin, color + 1.
    zero, free = color_mask([4, 5]), color_mask([2, 3])
    verdicts = {"1125": True, "1126": False, "1134": True, "1143": False, "3412": True,
                "4312": False, "1555": True, "3556": False, "1213": True, "1234": True}
    for text, expected in verdicts.items():
        word = int(text, 16)
        assert bool(is_class_representative(word, zero, free, 4)) is expected, text


def test_acr_with_nothing_reduced_is_every_codeword_and_masks_are_checked():
    game = Game(3, 5)
    np.testing.assert_array_equal(acr_candidates(game, 0, 0), np.arange(game.size))
    with pytest.raises(ValueError, match="both Zero and Free"):
        acr_candidates(game, 0b11, 0b110)
    with pytest.raises(ValueError, match="within the 5 colors"):
        acr_candidates(game, 0b1100000, 0)
    with pytest.raises(ValueError, match="no ACr"):
        acr_size(4, 6, 4, 3)


def test_possible_zero_free_counts():
    assert possible_zero_free(2) == [(0, 0)]
    assert possible_zero_free(4) == [(0, 0), (0, 2), (0, 3), (2, 0), (2, 2), (3, 0)]
    for colors in range(2, 16):
        for zero, free in possible_zero_free(colors):
            assert 1 not in (zero, free) and zero + free <= colors and zero < colors


def test_acr_sizes_table_is_the_closed_form():
    """data/acr_sizes.csv is what `python -m mmlib acr-sizes` writes."""
    assert ACR_SIZES_CSV.read_text() == csv_text(acr_size_rows(check=False), ACR_SIZE_COLUMNS)


# -- Zero and Free sets of regions --------------------------------------------------


def regions_after(game: Game, path_texts):
    """(ps, played) of every region reached by playing the guesses `path_texts` in order."""
    path = [game.parse_codeword(t) for t in path_texts]
    keys = np.stack([score_ordinals(game, g) for g in path], axis=1)
    regions = {}
    for secret, key in enumerate(map(tuple, keys)):
        regions.setdefault(key, []).append(secret)
    return [(np.array(ps), path) for ps in regions.values()]


def test_zero_and_free_of_a_region():
    game = Game(4, 6)
    # 1122 scored 0,0: colors 1 and 2 are Zero, 3..6 Free.
    ps, path = next(r for r in regions_after(game, ["1122"]) if game.parse_codeword("3456") in r[0])
    assert len(ps) == 4**4
    assert region_zero_free(game, ps, path) == (0b000011, 0b111100)
    assert len(acr_candidates(game, 0b000011, 0b111100)) == acr_size(4, 6, 2, 4) == 52
    # 1234 scored 4 hits: 5 and 6 are Zero, nothing is Free.
    region = next(r for r in regions_after(game, ["1234"]) if game.parse_codeword("2143") in r[0])
    assert region_zero_free(game, *region) == (0b110000, 0)
    # A set of one color counts as empty: after 12345 in 5p6c only 6 is unplayed.
    game5 = Game(5, 6)
    region = regions_after(game5, ["12345"])[0]
    assert region_zero_free(game5, *region)[1] == 0


@pytest.mark.parametrize("game_text, path", [("4p6c", ["1122", "1344"]), ("3p12c", ["123", "456"]),
                                             ("5p5c", ["11223"])])
def test_packed_zero_free_agrees_with_the_readable_one(game_text, path):
    game = Game.parse(game_text)
    regions = regions_after(game, path)
    cw = game.codewords
    played = np.array([game.parse_codeword(t) for t in path])
    for ps, path_indices in regions:
        expected = region_zero_free(game, ps, path_indices)
        got = region_zero_free_packed(cw.counts_lo[ps], cw.counts_hi[ps], cw.counts_lo[played],
                                      cw.counts_hi[played], game.colors)
        assert tuple(int(x) for x in got) == expected
    # All regions in one call, each with the running color mask of its path.
    secrets = np.concatenate([ps for ps, _ in regions])
    lengths = np.array([len(ps) for ps, _ in regions])
    starts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
    played_mask = 0
    for g in played:
        played_mask |= int(count_lanes_mask(cw.counts_lo[g], cw.counts_hi[g], game.colors))
    zero_out = np.empty(len(regions), dtype=np.int64)
    free_out = np.empty(len(regions), dtype=np.int64)
    regions_zero_free(secrets, starts, lengths, cw.counts_lo, cw.counts_hi,
                      np.full(len(regions), played_mask, dtype=np.int64), game.colors, zero_out, free_out)
    assert list(zip(zero_out.tolist(), free_out.tolist())) == [
        region_zero_free(game, ps, p) for ps, p in regions]


def test_color_mask_of_packed_counts():
    game = Game(3, 15)
    cw = Codewords.of(game, np.array([game.parse_codeword("1fa"), game.parse_codeword("999")]))
    assert count_lanes_mask(cw.counts_lo[0], cw.counts_hi[0], 15) == color_mask([0, 14, 9])
    assert count_lanes_mask(cw.counts_lo[1], cw.counts_hi[1], 15) == color_mask([8])


# -- the claim: a class ranks as one ------------------------------------------------


def canonical(digits, zero_colors, free_colors):
    """The lexically first member of a codeword's class, built directly."""
    out, renamed = [], {}
    for d in digits:
        if d in zero_colors:
            d = min(zero_colors)
        elif d in free_colors:
            if d not in renamed:
                renamed[d] = sorted(free_colors)[len(renamed)]
            d = renamed[d]
        out.append(d)
    return out


@pytest.mark.parametrize("path", [["1122"], ["1234"], ["1122", "1344"], ["1123", "4156"]])
def test_every_member_of_a_class_splits_ps_like_its_representative(path):
    game = Game(4, 6)
    scores = score_matrix_reference(game)
    all_digits = digits_of(game, np.arange(game.size))
    place = game.colors ** np.arange(game.pins - 1, -1, -1)
    for ps, played in regions_after(game, path):
        if len(ps) < 3:
            continue
        zero, free = region_zero_free(game, ps, played)
        zero_colors = [k for k in range(6) if zero >> k & 1]
        free_colors = [k for k in range(6) if free >> k & 1]
        representative = np.array([np.array(canonical(d, zero_colors, free_colors)) @ place
                                   for d in all_digits])
        assert set(representative) == set(acr_candidates(game, zero, free).tolist())
        sizes = np.sort(subset_sizes(scores[:, ps], game.score_slots), axis=1)
        np.testing.assert_array_equal(sizes, sizes[representative])
        in_ps = np.isin(np.arange(game.size), ps)
        np.testing.assert_array_equal(in_ps, in_ps[representative])


# -- solvers: identical games, fewer scores -----------------------------------------


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("game", ["4p6c", "5p5c", "6p4c"])
def test_reference_solver_plays_the_same_games_with_case_equivalence(game, strategy):
    off = solve(game, strategy, "reference", case_equivalence="off")
    on = solve(game, strategy, "reference", case_equivalence="on")
    np.testing.assert_array_equal(on.guesses, off.guesses)
    np.testing.assert_array_equal(on.turns, off.turns)
    assert (on.case_equivalence, off.case_equivalence) == (True, False)
    assert on.scores < off.scores
    assert on.scores + on.scores_saved == off.scores and off.scores_saved == 0
    summary = on.summary()
    assert summary["case_equivalence"] is True and summary["scores_saved"] == on.scores_saved > 0
    assert "scores saved" in on.describe()


def test_auto_rule():
    """As measured (data/case_equivalence_timing.csv): on for 4p6c and larger games with
    at least pins - 1 colors, off for tiny games and for games with two colors fewer than pins."""
    below, at_or_above = Game(3, 3), Game(4, 6)
    assert below.size < AUTO_MIN_CODEWORDS <= at_or_above.size
    assert use_case_equivalence(below, "auto") is False
    assert use_case_equivalence(at_or_above, "auto") is True
    assert use_case_equivalence(Game(5, 5), "auto") is True and use_case_equivalence(Game(8, 8), "auto") is True
    assert use_case_equivalence(Game(6, 4), "auto") is False and use_case_equivalence(Game(7, 5), "auto") is False
    assert use_case_equivalence(Game(6, 5), "auto") is True and use_case_equivalence(Game(8, 7), "auto") is True
    assert use_case_equivalence(below, "on") is True and use_case_equivalence(at_or_above, "off") is False
    # On the GPU, from CUDA_AUTO_MIN_CODEWORDS (as measured on an H200: it costs time on 5p8c and
    # 6p6c there, and pays from 7p6c); 'on' and 'off' are the same on every backend.
    assert CUDA_AUTO_MIN_CODEWORDS == 100_000
    for game, on in ((Game(4, 6), False), (Game(5, 8), False), (Game(6, 6), False), (Game(7, 6), True),
                     (Game(7, 7), True), (Game(8, 5), False)):
        assert use_case_equivalence(game, "auto", "cuda") is on, game
        assert use_case_equivalence(game, "on", "cuda") is True and use_case_equivalence(game, "off", "cuda") is False
    assert solve(below, "knuth", "reference", case_equivalence="auto").case_equivalence is False
    with pytest.raises(ValueError, match="choose one of auto, on, off"):
        use_case_equivalence(below, "sometimes")


def test_cpu_solver_computes_fewer_scores_on_5p8c():
    assert solve("3p4c", "most-parts", "cpu", case_equivalence="on").case_equivalence is True
    off = solve("5p8c", "most-parts", "cpu", case_equivalence="off")
    on = solve("5p8c", "most-parts", "cpu", case_equivalence="on")
    np.testing.assert_array_equal(on.turns, off.turns)
    assert on.scores < off.scores and on.scores + on.scores_saved == off.scores


# -- case equivalence only in regions of a least size -------------------------------------


@pytest.mark.parametrize("game", ["3p4c", "4p4c", "3p6c"])
def test_ce_min_region_changes_the_work_not_the_games(game):
    """Regions smaller than the threshold search every codeword: the scores lie between
    'on' and 'off', cpu and reference agree on them, and every game is played the same."""
    from mmlib.core.solve import solve

    off = solve(game, "knuth", "reference", case_equivalence="off")
    on = solve(game, "knuth", "reference", case_equivalence="on")
    assert on.scores_saved > 0
    for threshold in (0, 1, 4, 6, 10**9):
        slow = solve(game, "knuth", "reference", case_equivalence="on", ce_min_region=threshold)
        fast = solve(game, "knuth", "cpu", case_equivalence="on", ce_min_region=threshold)
        for result in (slow, fast):
            np.testing.assert_array_equal(result.guesses, off.guesses)
            assert result.scores + result.scores_saved == off.scores
            assert on.scores <= result.scores <= off.scores
        assert (fast.scores, fast.scores_saved, fast.turn_stats) == (slow.scores, slow.scores_saved, slow.turn_stats)
        if threshold <= 3:  # every searched region has 3 games or more
            assert slow.scores == on.scores
        if threshold == 10**9:
            assert slow.scores == off.scores and slow.scores_saved == 0


def test_ce_min_region_is_checked():
    from mmlib.core.solve import solve

    with pytest.raises(ValueError, match="ce_min_region"):
        solve("3p3c", "knuth", "reference", case_equivalence="on", ce_min_region=-1)
