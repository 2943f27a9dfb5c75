"""Rule variants (docs/rules.md): norepeat and black-only, against brute force.

The brute force (tests/naive.py) enumerates codewords from the rules, scores them
pin by pin and plays the strategies on plain lists; it shares no code with mmlib.
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from mmlib.core.case_equivalence import acr_candidates, acr_size, region_zero_free
from mmlib.core.games import Game
from mmlib.core.scoring import all_scores, ordinal_to_score, score_matrix_reference, score_to_ordinal
from mmlib.core.solve import solve
from naive import brute_score, brute_solve, enumerate_codewords, variant_games

STRATEGIES = ("knuth", "expected-size", "entropy", "most-parts")
SMALL_VARIANTS = variant_games(1296)


def brute_ordinal(game: Game, score) -> int:
    if game.black_only:
        return score
    black, white = score
    return score_to_ordinal(black, white, game.pins)


def test_names_round_trip_and_sizes():
    for name, size, scores in [("4p6c", 1296, 14), ("4p10c-norepeat", 5040, 14),
                               ("4p6c-black", 1296, 5), ("3p4c-norepeat", 24, 9)]:
        game = Game.parse(name)
        assert game.name == name and Game.parse(game.name) == game and str(game) == name
        assert game.size == size and game.num_scores == scores
    assert Game.parse("4P10C-NoRepeat") == Game(4, 10, "norepeat")
    assert Game(4, 6) == Game.parse("4p6c") != Game.parse("4p6c-black")


@pytest.mark.parametrize("text, message", [
    ("5p3c-norepeat", "more pins than colors"),
    ("4p3c-norepeat", "more pins than colors"),
    ("4p6c-nope", "unknown rules suffix"),
    ("4p6c-", "unknown rules suffix"),
    ("4p6c-black-norepeat", "unknown rules suffix"),
    ("4p6c norepeat", "invalid game"),
])
def test_bad_rules_are_refused_in_one_line(text, message):
    with pytest.raises(ValueError, match=message) as caught:
        Game.parse(text)
    assert "\n" not in str(caught.value)


def test_codewords_are_the_enumeration_of_the_rules():
    """Index order, packed digits, parse/format and index_of against itertools, every
    variant game of at most 5,040 codewords."""
    for game in variant_games(5040):
        words = enumerate_codewords(game.pins, game.colors, game.rules)
        assert game.size == len(words)
        assert [tuple(d) for d in game.codewords.digits.tolist()] == words, game
        for index in sorted(random.Random(game.size).sample(range(game.size), min(game.size, 40))):
            printed = "".join("123456789abcdef"[d] for d in words[index])
            assert game.format_codeword(index) == printed
            assert game.parse_codeword(printed) == index == game.index_of(words[index])
            assert game.digits_of(index) == list(words[index])


def test_repeated_colors_are_refused_without_repeats():
    game = Game.parse("4p6c-norepeat")
    with pytest.raises(ValueError, match="colors must all differ"):
        game.parse_codeword("1123")
    assert game.parse_codeword("1234") == 0 and game.format_codeword(game.size - 1) == "6543"


def test_score_ordinals_of_black_only():
    game = Game.parse("4p6c-black")
    assert all_scores(game) == [(b, 0) for b in range(5)]
    assert [score_to_ordinal(b, 0, game) for b in range(5)] == list(range(5)) and game.win_ordinal == 4
    assert ordinal_to_score(3, game) == (3, 0)
    for bad in [(1, 1), (5, 0), (-1, 0)]:
        with pytest.raises(ValueError):
            score_to_ordinal(*bad, game)


@pytest.mark.parametrize("game", SMALL_VARIANTS, ids=str)
def test_reference_scores_are_the_rules(game):
    """The reference backend's score matrix against brute-force scores: every pair up to
    400 codewords, 4,000 random pairs beyond (every variant game of at most 1,296)."""
    scores = score_matrix_reference(game)
    words = enumerate_codewords(game.pins, game.colors, game.rules)
    n = len(words)
    if n <= 400:
        pairs = [(g, s) for g in range(n) for s in range(n)]
    else:
        rng = random.Random(n)
        pairs = [(rng.randrange(n), rng.randrange(n)) for _ in range(4000)]
    for g, s in pairs:
        assert scores[g, s] == brute_ordinal(game, brute_score(words[s], words[g], game.rules)), (game, g, s)


BRUTE_GAMES = [g for g in SMALL_VARIANTS if g.size <= 130] + [Game.parse("4p6c-norepeat")]


@pytest.mark.parametrize("game", BRUTE_GAMES, ids=str)
def test_reference_solver_plays_the_brute_force_strategies(game):
    """Every secret's whole game, for all four strategies, equals the brute-force play;
    with case equivalence on as well (the same guesses)."""
    words = enumerate_codewords(game.pins, game.colors, game.rules)
    strategies = STRATEGIES if game.size <= 130 else ("entropy",)
    for strategy in strategies:
        result = solve(game, strategy, "reference", case_equivalence="off")
        first = tuple(game.digits_of(result.first_guess))
        expected = brute_solve(game.pins, game.colors, game.rules, strategy, first)
        for index, secret in enumerate(words):
            played = result.guesses[: result.turns[index], index]
            assert [words[g] for g in played] == expected[secret], (game, strategy, secret)
        on = solve(game, strategy, "reference", case_equivalence="on")
        assert np.array_equal(on.guesses, result.guesses)


@pytest.mark.parametrize("name", ["4p6c-norepeat", "3p8c-norepeat", "4p5c-black", "5p3c-black"])
def test_cpu_equals_reference(name):
    for strategy in STRATEGIES:
        expected = solve(name, strategy, "reference", case_equivalence="off")
        for ce in ("off", "on"):
            result = solve(name, strategy, "cpu", case_equivalence=ce)
            assert np.array_equal(result.guesses, expected.guesses), (name, strategy, ce)
            assert result.total_turns == expected.total_turns
            on_reference = solve(name, strategy, "reference", case_equivalence=ce)
            assert result.scores == on_reference.scores


@pytest.mark.parametrize("name", ["4p6c-norepeat", "4p7c-norepeat", "3p7c-norepeat", "3p5c-black"])
def test_acr_under_the_rules_is_the_lexical_first_of_each_class(name):
    """ACr against its definition by brute force: the classes generated by re-colouring
    Zero pins (all different without repeats) and renaming Free colors, on regions met
    in a real solve; and the closed-form size."""
    import itertools

    game = Game.parse(name)
    words = enumerate_codewords(game.pins, game.colors, game.rules)
    index = {w: i for i, w in enumerate(words)}
    result = solve(game, "knuth", "reference", case_equivalence="off")
    scores = score_matrix_reference(game)
    seen_pairs = set()
    for secret in range(0, game.size, max(1, game.size // 12)):
        for turn in range(1, int(result.turns[secret])):
            played = [int(g) for g in result.guesses[:turn, secret]]
            ps = [s for s in range(game.size)
                  if all(scores[g, s] == scores[g, secret] for g in played)]
            zero, free = region_zero_free(game, ps, played)
            if (zero, free) in seen_pairs:
                continue
            seen_pairs.add((zero, free))
            zeros = [k for k in range(game.colors) if zero >> k & 1]
            frees = [k for k in range(game.colors) if free >> k & 1]
            least = {}
            for w in words:
                images = set()
                for perm in itertools.permutations(frees):
                    rename = dict(zip(frees, perm))
                    renamed = tuple(rename.get(d, d) for d in w)
                    zero_pins = [q for q, d in enumerate(renamed) if d in zeros]
                    if game.norepeat:
                        choices = itertools.permutations(zeros, len(zero_pins))
                    else:
                        choices = itertools.product(zeros, repeat=len(zero_pins))
                    for colors in choices:
                        image = list(renamed)
                        for q, d in zip(zero_pins, colors):
                            image[q] = d
                        images.add(tuple(image))
                least[w] = min(images)
            expected = sorted({index[m] for m in least.values()})
            assert acr_candidates(game, zero, free).tolist() == expected, (name, zero, free)
            assert acr_size(game.pins, game.colors, zero.bit_count(), free.bit_count(),
                            game.norepeat) == len(expected)
    assert len(seen_pairs) >= 2


# -- the command line under the rules ----------------------------------------------------

from mmlib.cli import main  # noqa: E402


def run_main(args, capsys):
    status = main([str(a) for a in args])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize("args, reason", [
    (["solve", "5p3c-norepeat"], "more pins than colors"),
    (["solve", "4p3c-norepeat"], "more pins than colors"),
    (["solve", "4p6c-nosuch"], "unknown rules suffix '-nosuch'"),
    (["next", "4p6c-norepeat", "1123=1,0"], "its colors must all differ"),
    (["next", "4p6c-black", "1122=1,1"], "black pegs only"),
    (["next", "4p6c-black", "1122=5"], "only 4 pins"),
    (["game", "4p6c-norepeat", "1111"], "its colors must all differ"),
    (["solve", "4p6c-norepeat", "--first-guess", "1122"], "its colors must all differ"),
    (["sweep", "--rules", "nosuch", "--dry-run"], "unknown rules 'nosuch'"),
    (["sweep", "--rules", "", "--dry-run"], "no rules given"),
    (["sweep", "--rules", "black", "--games", "4p6c", "--dry-run"], "not both"),
    (["optimal", "4p6c-nosuch"], "unknown rules suffix"),
])
def test_bad_rules_on_the_command_line_are_one_line(args, reason, capsys):
    status, out, err = run_main(args, capsys)
    assert status == 2 and len(err.strip().splitlines()) == 1 and reason in err, err


def test_next_play_and_verify_under_the_rules(tmp_path, capsys):
    import json

    status, out, _ = run_main(["next", "4p6c-black", "1122=1", "--json"], capsys)
    answer = json.loads(out)
    words = enumerate_codewords(4, 6, "black")
    assert status == 0 and answer["moves"] == ["1122=1,0"]
    assert answer["remaining"] == sum(brute_score(w, (0, 0, 1, 1), "black") == 1 for w in words)
    status, out, _ = run_main(["game", "4p10c-norepeat", "9876", "--strategy", "entropy"], capsys)
    assert status == 0 and out.split()[-1] == "9876" and all(len(set(w)) == 4 for w in out.split())
    for name in ("3p5c-norepeat", "3p3c-black"):
        tree = tmp_path / f"{name}.json"
        assert run_main(["solve", name, "--backend", "reference", "--tree", tree], capsys)[0] == 0
        status, out, _ = run_main(["verify", tree], capsys)
        assert status == 0 and out.startswith(f"OK: {name}")


def test_first_guesses_and_sweep_plans_under_the_rules(tmp_path, capsys):
    from mmlib.core.openings import first_guess_patterns
    from mmlib.studies.first_guess import default_sweep_games

    assert first_guess_patterns("4p10c-norepeat") == ["1234"]
    assert first_guess_patterns("4p6c-black") == ["1111", "1112", "1122", "1123", "1234"]
    games = default_sweep_games(["norepeat", "black"])
    assert Game.parse("4p10c-norepeat") in games and Game.parse("4p6c-black") in games
    assert all(g.pins <= g.colors for g in games if g.norepeat)
    status, out, _ = run_main(["sweep", "--games", "3p4c-norepeat,3p2c-black", "--strategies", "knuth",
                               "--results", tmp_path / "r.csv", "--dry-run"], capsys)
    assert status == 0 and out.splitlines() == ["3p4c-norepeat knuth 123", "3p2c-black knuth 111",
                                                "3p2c-black knuth 112"]


# -- the optimal search under the rules --------------------------------------------------


def _verified_total(result):
    import json

    from mmlib.core.verify import verify_tree

    report = verify_tree(json.loads(json.dumps(result.tree_json())))
    assert (report.total_turns, report.max_turns) == (result.total_turns, result.max_turns)
    return report.total_turns


@pytest.mark.parametrize("game", [g for g in variant_games(32) if g.size >= 4], ids=str)
def test_optimal_under_the_rules_matches_brute_force(game, monkeypatch):
    """Every variant game of 4..32 codewords: total, worst and the limit, in this process
    and with the subtrees below the first guesses in two workers (symmetry group, Zero
    colors under the rules all in play)."""
    import mmlib.core.optimal as optimal_module
    from mmlib.core.optimal import optimal
    from naive import BruteForceOptimum

    brute = BruteForceOptimum(game)
    least_max, total_at_least_max = brute.worst()
    monkeypatch.setattr(optimal_module.config, "PARALLEL_MIN_CODEWORDS", 0)
    for workers in (1, 2):
        assert _verified_total(optimal(game, workers=workers)) == brute.total()
        worst = optimal(game, objective="worst", workers=workers)
        assert (_verified_total(worst), worst.max_turns) == (total_at_least_max, least_max)


def test_optimal_bulls_and_cows_4p6c_norepeat_is_1446():
    """The published optimum of 4 pins, 6 colors without repeats: 1,446 turns over 360 secrets."""
    from mmlib.core.optimal import optimal

    result = optimal("4p6c-norepeat")
    assert _verified_total(result) == 1446 and result.game.size == 360


# -- tables and controls -------------------------------------------------------------------


def test_rule_comparison_tables_from_solves():
    import pandas as pd

    from mmlib.core.openings import first_guess_patterns
    from mmlib.studies.first_guess import result_row
    from mmlib.studies.per_game import per_game, rounded
    from mmlib.studies.rule_variants import harder_by_strategy, rules_side_by_side

    rows = [result_row(solve(name, "knuth", "reference", pattern))
            for name in ("3p4c", "3p4c-norepeat", "3p4c-black") for pattern in first_guess_patterns(name)]
    results = pd.DataFrame(rows)
    results["total_turns"] = results["total_turns"].astype(int)
    results["max_turns"] = results["max_turns"].astype(int)
    side = rules_side_by_side(results)
    assert len(side) == 1 and list(side[["pins", "colors"]].iloc[0]) == [3, 4]
    best = {rules: min(int(r["total_turns"]) for r in rows if Game.parse(r["game"]).rules == rules)
            for rules in ("classic", "norepeat", "black")}
    for rules, size in (("classic", 64), ("norepeat", 24), ("black", 64)):
        assert side[rules].iloc[0] == rounded(per_game(best[rules], size))
    # A difference from the whole-number totals, rounded once: not the difference of two rounded averages.
    assert side["black - classic"].iloc[0] == rounded(per_game(best["black"], 64) - per_game(best["classic"], 64))
    assert side["black - classic"].iloc[0] > 0  # fewer pegs shown: more turns
    assert harder_by_strategy(results)["boards"].tolist() == [1]


@pytest.mark.parametrize("name", ["3p4c", "3p4c-norepeat", "3p4c-black", "4p4c-norepeat", "4p6c-norepeat"])
def test_scores_that_occur_against_brute_force(name):
    # Notebook 9 says how many different scores a game's (guess, secret) pairs give: brute force.
    from mmlib.studies.rule_variants import scores_that_occur

    game = Game.parse(name)
    codewords = enumerate_codewords(game.pins, game.colors, game.rules)
    expected = {brute_score(secret, guess, game.rules) for secret in codewords for guess in codewords}
    assert scores_that_occur(game) == len(expected)


def test_rule_variant_summaries():
    """Notebook 9's tables over made-up results: the boards sorted by what forbidding repeats does,
    those with as many colors as pins, the least and most beside the median, the largest gap per
    rule set and the proof's two timings."""
    from fractions import Fraction

    import pandas as pd

    from mmlib.studies.rule_variants import (as_many_colors_as_pins, black_boards, harder_by_strategy, largest_gaps,
                                             norepeat_boards, proof_times)

    turns = {"2p2c": 8, "2p2c-norepeat": 3, "2p2c-black": 8, "3p3c": 73, "3p3c-norepeat": 15, "3p3c-black": 95,
             "4p4c": 912, "4p4c-norepeat": 93, "4p4c-black": 1331}
    results = pd.DataFrame([{"game": g, "strategy": "knuth", "first_guess": "12", "total_turns": t, "max_turns": 5}
                            for g, t in turns.items()])
    assert norepeat_boards(results) == {"fewer": ["2p2c", "3p3c"], "more": ["4p4c"], "mixed": []}
    assert black_boards(results) == {"more": ["3p3c", "4p4c"], "same": ["2p2c"], "mixed": []}
    # A board where one strategy ties and another takes more is neither "more" nor "same" for every strategy.
    other = pd.DataFrame([{"game": g, "strategy": "entropy", "first_guess": "12", "total_turns": t, "max_turns": 5}
                          for g, t in {"2p2c": 8, "2p2c-norepeat": 3, "2p2c-black": 9}.items()])
    assert black_boards(pd.concat([results, other]))["mixed"] == ["2p2c"]
    equal = as_many_colors_as_pins(results)
    assert list(equal["board"]) == ["2p2c", "3p3c", "4p4c"] and list(equal["codewords without repeats"]) == [2, 6, 24]
    # 93/24 - 912/256 = 5/16 = 0.3125 exactly: rounded once, half away from zero (a float's "%.3f" gives 0.312).
    assert Fraction(93, 24) - Fraction(912, 256) == Fraction(5, 16) and equal["knuth"].iloc[2] == 0.313
    harder = harder_by_strategy(results).iloc[0]
    assert harder["norepeat - classic least"] <= harder["norepeat - classic"] <= harder["norepeat - classic most"]
    assert harder["norepeat - classic most"] == 0.313

    optimal = pd.DataFrame([{"game": g, "objective": "total", "max_turns_limit": None, "total_turns": t, "seconds": s,
                             "engine": e, "date": "2026-11-23T12:00:00", "machine": "AMD EPYC, 2 cores",
                             "mmlib_version": "abc1234"}
                            for g, t, s, e in (("4p4c", 905, 0.5, "optimal 4"), ("4p4c-norepeat", 86, 0.01, "optimal 4"),
                                               ("3p3c-black", 95, 0.01, "optimal 4"))])
    worst = largest_gaps(optimal, results)
    assert list(worst["rules"]) == ["classic", "norepeat", "black"]
    assert list(worst["game"]) == ["4p4c", "4p4c-norepeat", "3p3c-black"]
    assert worst["gap_per_game"].iloc[1] == 0.292  # 7/24 = 0.29166..., rounded once to the decimals shown
    benchmarks = pd.DataFrame([{"game": "4p4c", "strategy": "optimal", "median_s": m, "repeats": 3, "total_turns": 905,
                                "engine": e, "date": d, "machine": "AMD EPYC, 2 cores", "mmlib_version": "def5678"}
                               for m, e, d in ((9.0, "optimal 3", "2026-11-20"), (0.2, "optimal 18", "2026-11-25"),
                                               (0.3, "optimal 18", "2026-11-26"))])
    times = proof_times(optimal, benchmarks, "4p4c")
    # The stored proof's row, then the latest benchmark of the newest engine version.
    assert list(times["table"]) == ["data/optimal.csv", "data/benchmarks.csv"]
    assert list(times["seconds"]) == [0.5, 0.3] and list(times["searches"]) == [1, 3]
    assert list(times["engine"]) == ["optimal 4", "optimal 18"]


def test_a_gap_is_rounded_once_and_reads_the_same_in_every_table():
    """Notebook 9's tables of gaps work each gap out from the whole-number totals and round it once:
    3p9c-black's Expected Size gap, (6,143 - 5,975) / 729 = 0.23045..., is 0.230 in the per-strategy
    table and in the table of the largest gaps (rounding 0.2305 again, or subtracting the rounded
    averages 8.427 - 8.196, gives 0.231)."""
    import pandas as pd

    from mmlib.studies.rule_variants import gap_summary, gaps_by_rules, largest_gaps
    from mmlib.workbench.tables import gap_summary_table, largest_gap_table, strategy_totals_table

    results = pd.DataFrame([{"game": "3p9c-black", "strategy": "expected-size", "first_guess": "111",
                             "total_turns": 6143, "max_turns": 11}])
    optimal = pd.DataFrame([{"game": "3p9c-black", "objective": "total", "max_turns_limit": None,
                             "total_turns": 5975}])
    assert round(round(168 / 729, 4), 3) == 0.231 and round(6143 / 729, 3) - round(5975 / 729, 3) > 0.2305
    summary = gap_summary(optimal, results)
    assert summary["max_gap_per_game"].tolist() == [0.230] and summary["median_gap_per_game"].tolist() == [0.230]
    assert largest_gaps(optimal, results)["gap_per_game"].tolist() == [0.230]
    assert gap_summary_table(summary, "max_gap_per_game").frame.iloc[0, 1] == "0.230"
    assert largest_gap_table(largest_gaps(optimal, results)).frame["gap (turns per game)"].tolist() == ["0.230"]
    # The gap in percent, 16,800 / 5,975 = 2.8117...: 2.81 in both tables that show it.
    assert largest_gap_table(largest_gaps(optimal, results)).frame["gap (%)"].tolist() == ["2.81"]
    assert strategy_totals_table(gaps_by_rules(optimal, results)).frame.iloc[0, 3] == "6,143 (+2.81%)"


def test_the_tables_of_notebook_9_count_beside_counts_and_time_with_one_precision():
    """The split of the boards by what forbidding repeats, and black pegs only, do holds counts in every
    column (the note names the boards that take more with no repeated colors, and those that take as many
    with black pegs only); the proof's two times show one precision (408.0 beside 7.3)
    and the searches timed as a count, the median said in the note."""
    import pandas as pd

    from mmlib.workbench.tables import BLACK_MORE, BLACK_SAME, NOREPEAT_FEWER, NOREPEAT_MORE, proof_times_table, \
        rules_split_table

    turns = {"2p2c": 8, "2p2c-norepeat": 3, "2p2c-black": 8, "4p4c": 912, "4p4c-norepeat": 93, "4p4c-black": 1331}
    results = pd.DataFrame([{"game": g, "strategy": "knuth", "first_guess": "12", "total_turns": t, "max_turns": 5}
                            for g, t in turns.items()])
    split = rules_split_table(results)
    assert split.frame[NOREPEAT_MORE].tolist() == ["0", "1", "1"]
    assert split.frame[NOREPEAT_FEWER].tolist() == ["1", "0", "1"]
    # Black pegs only: 2p2c ties (8 turns either way), 4p4c takes more; every board counted once.
    assert split.frame[BLACK_MORE].tolist() == ["0", "1", "1"] and split.frame[BLACK_SAME].tolist() == ["1", "0", "1"]
    assert "black pegs only: otherwise" not in split.frame.columns  # no board where the strategies disagree
    assert NOREPEAT_MORE in split.numeric and "every strategy takes more (4p4c);" in split.note
    assert split.note.endswith("every strategy takes as many (2p2c).")
    assert "pins" in split.numeric  # 2, 3, 4, 5 and the "all" row right aligned, as numbers are
    times = pd.DataFrame([{"table": "data/optimal.csv", "total_turns": 26274, "seconds": 407.951, "searches": 1,
                           "engine": "optimal 4", "date": "2026-11-23", "machine": "AMD EPYC, 2 cores",
                           "mmlib_version": "f9d448b"},
                          {"table": "data/benchmarks.csv", "total_turns": 26274, "seconds": 7.296, "searches": 3,
                           "engine": "optimal 18", "date": "2026-11-26", "machine": "AMD EPYC, 2 cores",
                           "mmlib_version": "b163b50"}])
    table = proof_times_table(times)
    assert table.frame["seconds"].tolist() == ["408.0", "7.3"]
    assert table.frame["searches timed"].tolist() == ["1", "3"]
    assert "the seconds of data/benchmarks.csv: the median of its 3 searches" in table.note


def test_the_rule_sets_compare_their_gaps_on_the_boards_they_share():
    """Notebook 9 compares the rule sets' gaps to the optimum on the same boards only: a board
    proven under one rule set alone (4p4c) is left out, and the counts per pin count add up."""
    import pandas as pd

    from mmlib.studies.rule_variants import (best_of_four_optimal, board_ranges, gap_summary, largest_gaps,
                                             boards_by_pins, shared_boards_text, shared_optimal_boards)

    turns = {"2p2c": 8, "2p2c-norepeat": 3, "2p2c-black": 8, "3p3c": 73, "3p3c-norepeat": 15, "3p3c-black": 95,
             "4p4c": 912, "4p4c-norepeat": 93, "4p4c-black": 1331}
    results = pd.DataFrame([{"game": g, "strategy": s, "first_guess": "12", "total_turns": t, "max_turns": 5}
                            for g, t in turns.items() for s in ("knuth", "entropy")])
    optima = {"2p2c": 8, "2p2c-norepeat": 3, "2p2c-black": 8, "3p3c": 70, "3p3c-norepeat": 14, "3p3c-black": 90,
              "4p4c": 850}
    optimal = pd.DataFrame([{"game": g, "objective": "total", "max_turns_limit": None, "total_turns": t}
                            for g, t in optima.items()])
    assert shared_optimal_boards(optimal, results) == ["2p2c", "3p3c"]
    assert shared_boards_text(optimal, results).startswith("the 2 boards (2p2c, 3p3c)")
    assert board_ranges(["2p2c", "2p3c", "2p4c", "2p6c", "3p3c"]) == "2p2c to 2p4c, 2p6c, 3p3c"
    worst = largest_gaps(optimal, results, shared=True)
    assert list(worst["game"]) == ["3p3c", "3p3c-norepeat", "3p3c-black"]  # not 4p4c, proven in classic alone
    assert largest_gaps(optimal, results)["game"].iloc[0] == "4p4c"
    summary = gap_summary(optimal, results, shared=True)
    assert set(summary["games"]) == {2}
    counts = best_of_four_optimal(optimal, results).set_index("rules")
    assert counts.loc["classic", "with strategy results"] == 3 and counts.loc["classic", "shared boards"] == 2
    assert counts.loc["black", "best of the four optimal on the shared boards"] == 1  # 3p3c-black: 95 > 90
    by_pins = boards_by_pins(results)
    assert list(by_pins["boards"]) == [1, 1, 1] and list(by_pins["fewer"]) == [1, 1, 0]
    assert list(by_pins["more"]) == [[], [], ["4p4c"]]
    assert list(by_pins["black more"]) == [[], ["3p3c"], ["4p4c"]] and list(by_pins["black same"]) == [["2p2c"], [], []]


def test_the_rules_menu_keeps_norepeat_games_possible():
    from mmlib.workbench.widgets import RULES_CLASS, game_controls

    controls = game_controls(pins=4, colors=6, rules="classic", max_codewords=2000)
    assert RULES_CLASS in controls.rules._dom_classes and controls.game == Game(4, 6)
    controls.colors.value = 2
    controls.rules.value = "norepeat"
    assert controls.colors.min == 4 and controls.game == Game(4, 4, "norepeat")
    controls.pins.value = 5
    assert controls.colors.value >= 5 and controls.game.norepeat
    controls.rules.value = "black"
    assert controls.game.black_only and controls.rules in controls.box().children
    assert game_controls().rules is None and game_controls().game == Game(4, 6)


def test_rules_figure_has_a_line_per_strategy_and_rule_set():
    import pandas as pd

    from mmlib.studies.first_guess import result_row
    from mmlib.workbench.plots_rules import rules_turns_figure

    rows = [result_row(solve(name, strategy, "reference"))
            for name in ("2p3c", "2p4c", "2p3c-norepeat", "2p4c-norepeat", "2p3c-black", "2p4c-black")
            for strategy in ("knuth", "entropy")]
    results = pd.DataFrame(rows).astype({"total_turns": int, "max_turns": int})
    fig = rules_turns_figure(results, pins=2)
    top, bottom = fig.axes[:3], fig.axes[3:]
    # One column of panels per rule set, named as the rules menu names it, one line per strategy in each.
    assert [ax.get_title().split("\n")[0] for ax in top] == ["classic", "no repeated colors", "black pegs only"]
    for ax in fig.axes:
        assert len(ax.get_lines()) == 2 and all(len(line.get_xdata()) == 2 for line in ax.get_lines())
    for ax in bottom:
        assert ax.get_xlabel() == "colors"
    assert "turns" in top[0].get_ylabel() and "above" in bottom[0].get_ylabel()
    # Lines that coincide are told apart: a marker and a dash per strategy, the markers set apart sideways.
    for ax in fig.axes:
        first, second = ax.get_lines()
        assert first.get_marker() != second.get_marker() and first.get_linestyle() != second.get_linestyle()
        assert list(first.get_xdata()) != list(second.get_xdata())
    # The bottom row: each strategy's turns above the best of the two on that board, so one is at 0.
    for ax in bottom:
        lowest = [min(a, b) for a, b in zip(*(line.get_ydata() for line in ax.get_lines()))]
        assert lowest == pytest.approx([0.0, 0.0])
    assert min(t.get_fontsize() for t in fig.legends[0].get_texts()) >= 9
    empty = rules_turns_figure(results, pins=5).axes[0]
    assert not empty.get_lines() and "no 5-pin game" in " ".join(t.get_text() for t in empty.texts)


def test_large_norepeat_games_unrank_without_a_table():
    """8p15c-norepeat (259,459,200 codewords, too many to hold): indices still map to codewords
    and back, in lexical order, and the packed forms of a few are the plain ones."""
    from mmlib.core.games import Codewords

    game = Game.parse("8p15c-norepeat")
    assert game.size == 259_459_200
    picks = sorted(random.Random(1).sample(range(game.size), 50)) + [0, game.size - 1]
    picks = sorted(set(picks))
    printed = [game.format_codeword(i) for i in picks]
    assert printed == sorted(printed) and printed[0] == "12345678" and printed[-1] == "fedcba98"
    assert [game.parse_codeword(t) for t in printed] == picks
    packed = Codewords.of(game, np.array(picks))
    assert [tuple(d) for d in packed.digits.tolist()] == [tuple(game.digits_of(i)) for i in picks]
    assert all(len(set(t)) == 8 for t in printed)


def test_the_scoring_variants_refuse_other_rules():
    from mmlib.core.scoring_variants import score_rows

    with pytest.raises(ValueError, match="classic score"):
        score_rows("4p6c-black", "numba-packed-array")
