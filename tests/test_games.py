import numpy as np
import pytest

from mmlib.core.games import Codewords, Game


def test_parse_and_name():
    game = Game.parse("4p6c")
    assert (game.pins, game.colors, game.name, game.size) == (4, 6, "4p6c", 1296)
    assert Game.parse(" 8P15C ").name == "8p15c"


@pytest.mark.parametrize(
    "text, fragment",
    [("9p6c", "pins must be 2..8"), ("4p16c", "colors must be 2..15"),
     ("4p1c", "colors must be 2..15"), ("1p6c", "pins must be 2..8"), ("4x6", "PpCc")],
)
def test_bad_games(text, fragment):
    with pytest.raises(ValueError, match=fragment):
        Game.parse(text)


def test_codewords_are_in_lexical_order():
    game = Game(3, 12)
    printed = [game.format_codeword(i) for i in range(game.size)]
    assert printed == sorted(printed)
    assert printed[:3] == ["111", "112", "113"] and printed[-1] == "ccc"
    assert all(game.parse_codeword(text) == i for i, text in enumerate(printed))


def test_packed_words_follow_index_order_and_nibbles():
    game = Game(4, 15)
    cw = game.codewords
    assert np.all(np.diff(cw.words.astype(np.int64)) > 0)
    assert cw.words[game.parse_codeword("1123")] == 0x1123
    assert cw.words[game.parse_codeword("fa19")] == 0xFA19


def test_color_count_lanes():
    game = Game(8, 15)
    packed = Codewords.of(game, [game.parse_codeword("11f9a2f1")])
    lo, hi = int(packed.counts_lo[0]), int(packed.counts_hi[0])
    assert packed.words[0] == 0x11F9A2F1
    lanes = [(lo >> (8 * k)) & 0xFF for k in range(8)] + [(hi >> (8 * k)) & 0xFF for k in range(7)]
    expected = [3, 1, 0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 2]
    assert lanes == expected


@pytest.mark.parametrize(
    "text, fragment",
    [("1127", "not a codeword of 4p6c: colors must be 1..6"), ("112", "has 3 pins; 4p6c needs 4"),
     ("11x2", "not a codeword")],
)
def test_bad_codewords(text, fragment):
    with pytest.raises(ValueError, match=fragment):
        Game(4, 6).parse_codeword(text, what="first guess")


def test_packing_matches_digits():
    game = Game(5, 11)
    cw = game.codewords
    np.testing.assert_array_equal(cw.color_counts().sum(axis=1), 5)
    some = np.array([0, 17, 40000, game.size - 1])
    again = Codewords.of(game, some)
    np.testing.assert_array_equal(again.words, cw.words[some])
    np.testing.assert_array_equal(again.counts_lo, cw.counts_lo[some])
    np.testing.assert_array_equal(again.counts_hi, cw.counts_hi[some])


def test_huge_games_are_packed_on_demand():
    with pytest.raises(ValueError, match="too many to hold at once"):
        Game(8, 15).codewords
