import numpy as np
import pytest

from mmlib.core.games import Game
from mmlib.core.scoring import (
    all_scores, ordinal_to_score, packed_score, reference_score, score_matrix_reference,
    score_ordinals, score_pairs, score_to_ordinal, thermometer_codes, thermometer_words,
)
from naive import digits_of, naive_pair_ordinals, small_games

SMALL = small_games(1296)
LARGE = [Game(p, c) for p in range(2, 9) for c in range(2, 16) if c**p > 1296]


def test_examples_from_the_rules():
    assert reference_score("6684", "8466") == (0, 4)
    assert reference_score("6684", "6485") == (2, 1)
    game = Game(4, 10)
    secret = game.parse_codeword("6684")
    assert packed_score(game, secret, game.parse_codeword("8466")) == (0, 4)
    assert packed_score(game, secret, game.parse_codeword("6485")) == (2, 1)


@pytest.mark.parametrize("game", SMALL, ids=str)
def test_packed_equals_reference_for_every_pair(game):
    """Every guess against every secret: packed kernel == numpy reference == naive."""
    expected = score_matrix_reference(game)
    n = game.size
    for guess in range(n):
        np.testing.assert_array_equal(score_ordinals(game, guess), expected[guess])
    everyone = np.arange(n)
    guesses, secrets = np.repeat(everyone, n), np.tile(everyone, n)
    np.testing.assert_array_equal(expected.ravel(), naive_pair_ordinals(game, guesses, secrets))


@pytest.mark.parametrize("game", SMALL[::3], ids=str)
def test_matrix_matches_plain_python_score(game):
    printed = [game.format_codeword(i) for i in range(game.size)]
    matrix = score_matrix_reference(game)
    rng = np.random.default_rng(game.size)
    for guess, secret in rng.integers(0, game.size, size=(2000, 2)):
        b, w = reference_score(printed[secret], printed[guess])
        assert matrix[guess, secret] == score_to_ordinal(b, w, game.pins)


@pytest.mark.parametrize("game", LARGE, ids=str)
def test_packed_equals_reference_on_a_random_sample(game):
    rng = np.random.default_rng(game.pins * 100 + game.colors)
    guesses = rng.integers(0, game.size, size=200_000)
    secrets = rng.integers(0, game.size, size=200_000)
    # Pairs that share many pins are rare at random; add near copies too.
    near = secrets.copy()
    near[:50_000] = guesses[:50_000] + rng.integers(-3, 4, size=50_000)
    near = np.clip(near, 0, game.size - 1)
    for sample in (secrets, near):
        np.testing.assert_array_equal(score_pairs(game, guesses, sample),
                                      naive_pair_ordinals(game, guesses, sample))
    for guess, secret in zip(guesses[:300], near[:300]):
        b, w = reference_score(game.format_codeword(secret), game.format_codeword(guess))
        assert packed_score(game, int(secret), int(guess)) == (b, w)


@pytest.mark.parametrize("pins", range(2, 9))
def test_ordinal_round_trip(pins):
    scores = all_scores(pins)
    assert len(scores) == pins * (pins + 3) // 2
    ordinals = [score_to_ordinal(b, w, pins) for b, w in scores]
    hole = pins * (pins + 3) // 2 - 1
    assert sorted(ordinals) == [o for o in range(pins * (pins + 3) // 2 + 1) if o != hole]
    assert ordinals[-1] == pins * (pins + 3) // 2  # the win is last
    assert all(ordinal_to_score(o, pins) == s for o, s in zip(ordinals, scores))
    with pytest.raises(ValueError):
        ordinal_to_score(hole, pins)
    with pytest.raises(ValueError):
        score_to_ordinal(pins - 1, 1, pins)


def test_ordinals_for_five_pins():
    expected = {(0, 0): 0, (0, 5): 5, (1, 0): 6, (1, 4): 10, (2, 0): 11, (2, 3): 14,
                (3, 0): 15, (3, 2): 17, (4, 0): 18, (5, 0): 20}
    assert {s: score_to_ordinal(*s, 5) for s in expected} == expected


def _set_bits(words: np.ndarray) -> np.ndarray:
    """Set bits of each uint64, counted byte by byte (numpy's own popcount needs numpy 2)."""
    return np.unpackbits(np.ascontiguousarray(words).view(np.uint8).reshape(-1, 8), axis=1).sum(axis=1)


@pytest.mark.parametrize("game", [Game(2, 3), Game(4, 6), Game(3, 15), Game(5, 8), Game(7, 7), Game(8, 8),
                                  Game(5, 13), Game(8, 15), Game(6, 9, "norepeat")], ids=str)
def test_thermometer_codes_count_the_hits(game):
    """The GPU's all hits: set bits of the AND of two thermometer codes = sum over colors of
    the smaller count, counted color by color from the digits; the high word only past 64 bits."""
    rng = np.random.default_rng(game.size)
    guesses, secrets = rng.integers(0, game.size, size=(2, min(game.size, 100_000)))
    guesses[:2] = secrets[:3:2] = game.size - 1  # the last codeword: the highest bits there are
    if game.size <= 1296:  # every pair
        everyone = np.arange(game.size)
        guesses, secrets = np.repeat(everyone, game.size), np.tile(everyone, game.size)
    size = len(guesses)
    both = np.concatenate([guesses, secrets])
    if game.norepeat:  # indices of the norepeat game; its digits through its own codewords
        digits = game.codewords.digits[both].astype(np.int64)
        lo, hi = thermometer_codes(game.codewords)
        lo, hi = lo[both], hi[both]
    else:
        from mmlib.core.games import Codewords

        digits = digits_of(game, both)
        lo, hi = thermometer_codes(Codewords.of(game, both))
    g, s = digits[:size], digits[size:]
    expected = sum(np.minimum((g == color).sum(axis=1), (s == color).sum(axis=1)) for color in range(game.colors))
    hits = _set_bits(lo[:size] & lo[size:]) + _set_bits(hi[:size] & hi[size:])
    np.testing.assert_array_equal(hits, expected)
    # Each code holds exactly its codeword's pins, and the high word is used only past 64 bits.
    np.testing.assert_array_equal(_set_bits(lo) + _set_bits(hi), np.full(len(both), game.pins))
    assert (thermometer_words(game) == 2) == (game.pins * game.colors > 64)
    assert bool(hi.any()) == (game.pins * game.colors > 64 and not game.norepeat)


def test_packed_against_plain_checks_every_pair_of_every_small_game():
    from mmlib.core.scoring_variants import packed_against_plain

    table = packed_against_plain(max_codewords=40)
    games = [Game(p, c) for p in range(2, 9) for c in range(2, 16) if c**p <= 40]
    assert table["pins"].tolist() == [2, 3, 4, 5]
    assert table["colors"].tolist() == ["2 to 6", "2 to 3", "2", "2"]
    assert table["codewords"].tolist() == ["4 to 36", "8 to 27", "16", "32"]
    assert table["games"].sum() == len(games)
    assert table["pairs"].sum() == sum(g.size**2 for g in games)
    assert table["packed = plain"].all()


def test_packed_against_plain_sees_a_wrong_kernel(monkeypatch):
    import mmlib.core.scoring_variants as sv

    right = sv.score_rows

    def off_by_one(game, name, *args):
        rows = right(game, name, *args)
        return rows + 1 if name == "numba-packed-array" and game.size == 9 else rows

    monkeypatch.setattr(sv, "score_rows", off_by_one)
    table = sv.packed_against_plain(max_codewords=10)
    assert table.set_index("pins")["packed = plain"].to_dict() == {2: False, 3: True}
