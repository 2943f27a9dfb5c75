"""What the notebooks' interactive cells show, one function per view.

Each view takes the game controls (and the values of any menus) and returns a
`widgets.View`: a caption naming the game and what is shown, and the figures or
tables under it. `widgets.show_interactive` does the wiring, so a notebook cell
reads, for example::

    show_interactive(score_ordinals_view, game_controls(pins=4, colors=6))
"""

from __future__ import annotations

import functools
import os
import time
from collections import Counter

import numpy as np
import pandas as pd

from ..core.case_equivalence import acr_size, possible_zero_free
from ..core.games import COLOR_CHARS, Game
from ..core.openings import first_guess_patterns, pairs_first_guess
from ..core.scoring import all_scores, ordinal_of, score_to_ordinal
from ..core.solve import solve
from ..core.strategies import Strategy
from ..studies.own_picks import (  # noqa: F401 (the views' own names too)
    first_guess_picks, own_openings, solve_from_own_opening, solve_from_own_pick,
)
from .plots import (
    acr_sizes_figure, average_text, first_guess_partition_figure, score_distribution_figure, score_frequencies,
    score_frequencies_figure, turn_histograms_figure,
)
from .plots_results import (
    first_guesses_figure, region_sizes_figure, regions_per_turn_figure, results_heatmaps_figure,
    scores_per_turn_figure,
)
from .tree_render import strategy_tree_figure
from .tables import ReadableTable, best_first_guesses_table, readable, solve_summary_table
from .widgets import RULE_TITLES, GameControls, View, describe_game, game_controls, game_menu, show_interactive


def _title(controls: GameControls, rest: str = "") -> str:
    return f"<b>{describe_game(controls.game)}</b>{rest}"


# -- notebook 1 -------------------------------------------------------------------


def opening_menu():
    """A guess menu (CSS class `mm-guess`) offering the game's distinct openings, one per pattern of
    repeated colors, starting at 1122, 11223, ... as Knuth opened; a new game keeps the pattern of
    the guess picked (`carried_opening`)."""
    return game_menu("guess", first_guess_patterns, pairs_first_guess, css_class="mm-guess",
                     carry=carried_opening)


def _repeats(codeword: str) -> list[int]:
    """How often each color of `codeword` occurs, most first: 1123 -> [2, 1, 1]."""
    return sorted(Counter(codeword).values(), reverse=True)


def _opening(repeats: list[int]) -> str:
    """The opening whose colors occur `repeats` times, in order: [2, 2, 1] -> 11223."""
    return "".join(COLOR_CHARS[color] * count for color, count in enumerate(repeats))


def carried_opening(game: Game, picked: str, picked_game: Game) -> tuple[str, str]:
    """The opening of `game` that repeats its colors as `picked` (an opening of `picked_game`) does,
    and a note for the caption ('' when it is `picked` itself).

    The counts of `picked`'s colors are repeated in turn up to the pins, the last cut short (1122:
    11 at 2 pins, 11223 at 5, 11223344 at 8; 1123: 11234 at 5); one color stays one color (1111:
    11111111). Where that needs more colors than `game` has, the pins are spread as evenly as its
    colors allow (8 pins, 3 colors: 11122233), and the note says why. The note gives the counts,
    so that a reader can follow the rule: "11223 takes the color counts of 1122 (picked in 4p6c),
    2 and 2, in turn until its 5 pins are filled: 2, 2 and 1"."""
    counts = _repeats(picked)
    source = f"{picked} (picked in {picked_game.name})"

    def listed(numbers) -> str:  # 2, 2 and 1
        numbers = [str(n) for n in numbers]
        return numbers[0] if len(numbers) == 1 else f"{', '.join(numbers[:-1])} and {numbers[-1]}"

    taken = []
    if game.norepeat:
        wanted = [1] * game.pins
        rule = "puts a color of its own on every pin, as the rules without repeated colors ask"
    elif len(counts) == 1:
        wanted = [game.pins]
        rule = f"keeps the one color of {source} on all {game.pins} pins"
    else:
        k = 0
        while sum(taken) < game.pins:
            taken.append(min(counts[k % len(counts)], game.pins - sum(taken)))
            k += 1
        wanted = sorted(taken, reverse=True)
        order = "" if wanted == taken else ", written larger first"
        if len(taken) == 1:  # one count fills the pins: 1122 at 2 pins is 11
            cut = "" if taken[0] == counts[0] else f", cut to its {game.pins} pins"
            rule = f"takes the first color count of {source}: {counts[0]}{cut}"
        else:
            rule = (f"takes the color counts of {source}, {listed(counts)}, in turn until its {game.pins} pins are "
                    f"filled: {listed(taken)}{order}")
    if len(wanted) <= game.colors:
        value = _opening(wanted)
        return value, ("" if value == picked else f"; the guess changed with the game: {value} {rule}")
    spread, extra = divmod(game.pins, game.colors)
    value = _opening([spread + 1] * extra + [spread] * (game.colors - extra))
    return value, (f"; the guess changed with the game: the color counts of {source}, {listed(counts)}, taken in "
                   f"turn would need {len(wanted)} colors at {game.pins} pins, so {value} spreads the pins evenly "
                   f"over the {game.colors} colors")


def score_distribution_view(controls: GameControls, guess: str) -> View:
    """How `guess` splits the secrets of the chosen game by score. The label beside the colors slider
    gives its range at every position, and the notebook's prose says why it narrows with more pins;
    the caption speaks of the codeword cap only when the cap has lowered the colors chosen (more
    pins), and then says by how much."""
    lowered = controls.chosen_colors is not None and controls.chosen_colors > controls.colors.value
    return View(_title(controls, f", guess {guess}{controls.cap_note() if lowered else ''}"),
                [score_distribution_figure(controls.game, guess)], says_colors_limit=True)


# -- notebook 2 -------------------------------------------------------------------


def ordinal_table(pins: int) -> ReadableTable:
    """The ordinal of every score for `pins` pins: a row per black, a column per white, the hole's
    slot at (p-1, 1) written with its number and a star, '13*' for 4 pins, as the figures and the
    prose number it, and the star said under the table (a number, so the column stays a column of
    numbers); the cells past the staircase (black + white > pins) stay empty."""
    cells = [{"black": b, **{f"white {w}": "" for w in range(pins + 1)}} for b in range(pins + 1)]
    for b, w in all_scores(pins):
        cells[b][f"white {w}"] = str(score_to_ordinal(b, w, pins))
    hole = ordinal_of(pins - 1, pins, pins)  # all hits = p
    cells[pins - 1]["white 1"] = f"{hole}*"
    table = readable(pd.DataFrame(cells), note=f"* The hole: the slot of the pair {pins - 1},1, which is never "
                                               "a score.")
    table.numeric = set(table.frame.columns)  # a grid of ordinals: every column lines up as numbers
    return table


def lowered_colors_note(controls: GameControls) -> str:
    """The codeword cap's note (`GameControls.cap_note`) where it has lowered the colors the reader
    chose ('; colors lowered from the 8 chosen; with 8 pins the colors go up to 4, to stay within 100,000
    codewords'), else '': the label beside the colors slider gives its range at every position, and
    the notebook's prose says why it narrows with more pins (notebooks 1 to 3)."""
    lowered = controls.chosen_colors is not None and controls.chosen_colors > controls.colors.value
    return controls.cap_note() if lowered else ""


def score_ordinals_view(controls: GameControls) -> View:
    """The ordinals of the chosen pin count, and how often each score occurs in the chosen game; the
    caption speaks of the codeword cap only where it has lowered the colors chosen."""
    game = controls.game
    used = int((score_frequencies(game) > 0).sum())
    caption = _title(controls, f": {game.pins} pins give {game.num_scores} possible scores in {game.score_slots} "
                               f"counter slots; {used} of them occur in {game.name}{lowered_colors_note(controls)}")
    return View(caption, [ordinal_table(game.pins), score_frequencies_figure(game)], says_colors_limit=True)


# -- notebook 3 -------------------------------------------------------------------


def acr_sizes_view(controls: GameControls) -> View:
    """|ACr| for every (|Zero|, |Free|) pair of the chosen game, and what is left before the first
    guess: the representatives by renaming colors, and the first-guess patterns once pins may be
    reordered too. The caption speaks of the codeword cap only where it has lowered the colors chosen."""
    game = controls.game
    smallest = min(acr_size(game.pins, game.colors, z, f, game.norepeat) for z, f in possible_zero_free(game.colors))
    renamed = acr_size(game.pins, game.colors, 0, game.colors, game.norepeat)
    patterns = len(first_guess_patterns(game))
    # Fewer colors than pins: a pattern has at most c parts (groups of pins of one color), so not every
    # partition of the pins is a pattern (5p2c has 3 of the 7). Say why the count drops.
    parts = (f" (partitions of the {game.pins} pins into at most {game.colors} parts, one color each)"
             if game.colors < game.pins and not game.norepeat else "")
    if smallest < game.size:
        after = f"once a guess is played, |ACr| ranges from {smallest:,} to {game.size:,} candidates"
    else:  # two colors: at most one unplayed color and at most one Zero color, and one color is no swap
        after = (f"with {game.colors} colors, once a guess is played, a single Free or Zero color allows no "
                 f"swap, so |ACr| = |AC| = {game.size:,}")
    before = (f"before the first guess, {renamed:,} first guess{'es' if renamed != 1 else ''} left by renaming "
              f"colors, and {patterns} first-guess pattern{'s' if patterns != 1 else ''}{parts} once pins "
              f"may be reordered as well")
    return View(_title(controls, f": {after}; {before}{lowered_colors_note(controls)}"), [acr_sizes_figure(game)],
                says_colors_limit=True)


# -- notebook 4 -------------------------------------------------------------------


def first_guess_partitions_view(controls: GameControls) -> View:
    """How each first-guess pattern (each opening) splits the chosen game, each panel naming the
    strategies whose own opening it is."""
    game = controls.game
    picks = own_openings(game)
    named = ", ".join(f"{s.title} {g}" for s, g in picks.items())
    return View(_title(controls, f"; own openings: {named}"), [first_guess_partition_figure(game, picks=picks)])


def turn_histograms_view(controls: GameControls) -> View:
    """All games of the chosen game with all four strategies, each from its own opening (the
    openings the partitions view names); the chosen one described and highlighted."""
    game, highlighted = controls.game, controls.chosen_strategy
    all_four = [solve_from_own_opening(game, strategy) for strategy in Strategy]
    mine = all_four[int(highlighted)]
    average = average_text(mine.total_turns, game.size)
    caption = _title(controls, f": {highlighted.title} from {mine.first_guess_text} (its own opening) needs "
                               f"{mine.total_turns:,} turns in all, {average} on average, {mine.max_turns} at worst")
    return View(caption, [turn_histograms_figure(all_four, highlight=highlighted)])


def total_turns_view(totals: pd.DataFrame):
    """A view of `tables.total_turns_table`: the games of `studies.own_picks.total_turns` with the pins
    chosen, every color count listed, each strategy's total turns and the fewest."""
    from .tables import total_turns_table

    def view(controls: GameControls) -> View:
        pins = controls.pins.value
        table = total_turns_table(totals, pins)
        games = list(table.frame["game"])
        span = f"{len(games)} games, {games[0]} to {games[-1]}" if len(games) > 1 else f"1 game, {games[0]}"
        return View(f"<b>{pins} pins: {span}; total turns over every secret, each strategy from its own "
                    f"opening</b>", [table])

    return view


def show_total_turns(totals: pd.DataFrame):
    """The interactive `total_turns_view`: a pins slider over the games of `totals` (the table lists
    every color count of those pins, so the colors slider is hidden); it starts at 4 pins."""
    controls = game_controls(pins=4, colors=6, games=list(totals["game"]))
    controls.hide_colors()
    return show_interactive(total_turns_view(totals), controls)


# -- notebook 5 -------------------------------------------------------------------


def turn_by_turn_view(controls: GameControls) -> View:
    """Regions per turn, region sizes per turn and scores per turn of the chosen game and strategy."""
    result = solve(controls.game, controls.chosen_strategy, case_equivalence="off")
    caption = _title(controls, f", {result.strategy.title} from its default opening {result.first_guess_text}: "
                               f"{len(result.tree):,} regions, {result.scores:,} scores computed"
                               f"{controls.most_colors_note()}")
    return View(caption, [figure(result) for figure in
                          (regions_per_turn_figure, region_sizes_figure, scores_per_turn_figure)])


def strategy_tree_view(controls: GameControls) -> View:
    """The strategy tree of the chosen (small) game, drawn as a graph, from the strategy's default
    opening; the caption names the opening and the other strategies whose tree is the same (each
    from its own default opening), so that a menu choice that changes nothing says so."""
    chosen = controls.chosen_strategy
    results = {strategy: solve(controls.game, strategy, case_equivalence="off") for strategy in Strategy}
    result = results[chosen]
    tree = result.tree.as_dict()
    same = [s.title for s in Strategy if s != chosen and results[s].tree.as_dict() == tree]
    alike = f"; the same tree as {' and '.join([', '.join(same[:-1]), same[-1]] if len(same) > 1 else same)}" \
        if same else ""
    title = (f"Strategy tree of {result.game.name} ({result.game.size:,} secrets), {result.strategy.title}, "
             f"first guess {result.first_guess_text}")
    return View(_title(controls, f", {result.strategy.title} from its default opening {result.first_guess_text}: "
                                 f"{len(result.tree):,} regions{alike}{controls.most_colors_note()}"),
                [strategy_tree_figure(result.tree, title=title, member="secret")])


# -- notebook 6 -------------------------------------------------------------------


def results_view(results: pd.DataFrame, best: pd.DataFrame):
    """A view of data/results.csv: the chosen game's first guesses and the chosen strategy's maps of
    every game (`best` is `best_max_rows(results)`). The colors slider's label says which colors the
    table holds at the chosen pins; when moving the pins moved the colors to a game the table holds,
    the caption says so. A game whose first guesses are not all played yet
    (`data_tables.incomplete_openings`) is marked wherever its best-max opening is shown."""
    from ..studies.data_tables import incomplete_openings

    unfinished = incomplete_openings(results)

    def view(controls: GameControls) -> View:
        strategy = controls.chosen_strategy
        game = controls.game
        rows = best[(best["game"] == game.name) & (best["strategy"] == strategy.label)]
        mine = unfinished[(unfinished["game"] == game.name) & (unfinished["strategy"] == strategy.label)]
        so_far = "" if mine.empty else (f" so far ({int(mine['played'].iloc[0])} of its "
                                        f"{int(mine['patterns'].iloc[0])} first guesses played)")
        described = "" if rows.empty else (
            f"; best-max first guess of {strategy.title}{so_far}: {rows['first_guess'].iloc[0]}, "
            f"{rows['average_turns'].iloc[0]:.3f} turns on average, {int(rows['max_turns'].iloc[0])} at worst")
        if not rows.empty:  # a tie on max and average too: the lowest index (lexically first) is kept
            row = rows.iloc[0]
            same = results[(results["game"] == game.name) & (results["strategy"] == strategy.label)
                           & (results["max_turns"] == row["max_turns"])
                           & (results["total_turns"] == row["total_turns"])]
            others = sorted(set(same["first_guess"].astype(str)) - {str(row["first_guess"])}, key=game.parse_codeword)
            if others:
                described += f" (tied with {', '.join(others)} on max and average; the lexically first is kept)"
        if controls.chosen_colors is not None and controls.chosen_colors != game.colors:
            described += (f" (colors moved from the {controls.chosen_colors} chosen: data/results.csv has no "
                          f"{game.pins}p{controls.chosen_colors}c)")
        items = [first_guesses_figure(results, game), best_first_guesses_table(best, game.name, unfinished),
                 results_heatmaps_figure(best, strategy, incomplete=unfinished)]
        return View(_title(controls, described), items)

    return view


# -- notebook 8 -------------------------------------------------------------------


def optimal_game_view(optimal_frame: pd.DataFrame, gaps: pd.DataFrame):
    """A view of data/optimal.csv: the chosen game's optimum beside the four strategies (`gaps` is
    `optimal_table.heuristic_gaps`), and the first two levels of its stored optimal tree."""
    from ..core.results import StrategyTree
    from ..studies.optimal_table import read_tree
    from .plots_optimal import optimum_against_heuristics_figure

    unlimited = optimal_frame[(optimal_frame["objective"] == "total") & optimal_frame["max_turns_limit"].isna()]
    limited = optimal_frame[(optimal_frame["objective"] == "total") & optimal_frame["max_turns_limit"].notna()]
    stored = {row.game: row.tree for row in unlimited.itertuples() if isinstance(row.tree, str) and row.tree}

    def view(controls: GameControls) -> View:
        game = controls.game
        rows = unlimited[unlimited["game"] == game.name]
        described = "" if rows.empty else f": {optimum_caption(rows.iloc[0], limited[limited['game'] == game.name])}"
        # A board the strategies' table lacks gets a line in the caption, not a frame of empty axes.
        items = []
        if (gaps["game"] == game.name).any():
            items.append(optimum_against_heuristics_figure(gaps, game.name,
                                                           None if rows.empty else str(rows.iloc[0]["first_guess"])))
        else:
            described += "; data/results.csv has no solve of it by the four strategies to compare"
        if game.name in stored:
            tree = StrategyTree.from_dict(game, read_tree(stored[game.name])["tree"])
            items.append(strategy_tree_figure(tree, max_depth=1, title=f"Optimal {game.name} strategy: "
                                                                          "the first two guesses",
                                              part="part", member="secret"))
        else:
            described += "; data/optimal.csv stores no tree for it yet"
        # Where mmlib's most colors, not the codeword cap, stops the colors slider (2 pins), say so.
        return View(_title(controls, described + controls.most_colors_note()), items)

    return view


def optimum_caption(row, limited: pd.DataFrame) -> str:
    """The optimum of a row of data/optimal.csv (objective total, no limit) in words, with what its
    row within the least max turns adds: 'the optimum is 905 turns from 1123 (the stored tree has max
    5; the same total is reachable within 4 turns)' or '... 5,625 turns from 1123 (max 6; within 5
    turns the least total is 5,626)'."""
    total, most = int(row["total_turns"]), int(row["max_turns"])
    text = f"the optimum is {total:,} turns from {row['first_guess']}"
    within = limited.sort_values("max_turns_limit").iloc[0] if len(limited) else None
    if within is None:
        return text + f" (max {most})"
    limit, other = int(within["max_turns_limit"]), int(within["total_turns"])
    if other == total:
        return text + f" (the stored tree has max {most}; the same total is reachable within {limit} turns)"
    return text + f" (max {most}; within {limit} turns the least total is {other:,})"


def proven_optima_view(optimal_frame: pd.DataFrame):
    """A view of `tables.proven_optima_table`: the optima proven of the chosen rule set and pins."""
    from .tables import proven_optima_table

    def view(controls: GameControls) -> View:
        rules, pins = controls.chosen_rules, controls.pins.value
        table = proven_optima_table(optimal_frame, rules=rules, pins=pins)
        # The colors slider is hidden (every color count is listed): say which boards the rows span.
        boards = list(dict.fromkeys(table.frame["game"])) if "game" in table.frame.columns else []
        span = (f": {len(boards)} board{'s' if len(boards) != 1 else ''}, " + _boards_in_words(table.frame)
                if boards else "")
        if len(boards) == 1 and len(table.frame) > 1:  # one board: said once in the caption, not in every row
            span += f", {Game.parse(boards[0]).size:,} codewords"
            table.frame = table.frame.drop(columns=[c for c in ("game", "codewords") if c in table.frame.columns])
        return View(f"<b>Proven optima, rules: {RULE_TITLES[rules]}, {pins} pins{span}</b>", [table])

    return view


def _boards_in_words(frame: pd.DataFrame) -> str:
    """The boards of a `proven_optima_table` frame as runs of colors, with what the runs skip and the
    boards proven only with guesses from the possible secrets: '5p2c to 5p6c and 5p8c (5p7c not
    proven yet; 5p8c only with guesses from the possible secrets)'."""
    from ..studies.optimal_table import GUESSES_POSSIBLE

    boards = list(dict.fromkeys(frame["game"]))
    games = sorted((Game.parse(board) for board in boards), key=lambda game: game.colors)
    runs: list = []
    for game in games:
        if runs and game.colors == runs[-1][-1].colors + 1:
            runs[-1].append(game)
        else:
            runs.append([game])
    spans = [run[0].name if len(run) == 1 else f"{run[0].name} to {run[-1].name}" for run in runs]
    words = spans[0] if len(spans) == 1 else f"{', '.join(spans[:-1])} and {spans[-1]}"
    skipped = [Game(games[0].pins, colors, games[0].rules).name for before, after in zip(runs, runs[1:])
               for colors in range(before[-1].colors + 1, after[0].colors)]
    restricted = [board for board in boards
                  if set(frame.loc[frame["game"] == board, "guesses"]) == {GUESSES_POSSIBLE}]
    said = []
    if skipped:
        said.append(f"{', '.join(skipped)} not proven yet")
    if restricted:
        said.append(f"{', '.join(restricted)} only with guesses from the possible secrets")
    return words + (f" ({'; '.join(said)})" if said else "")


def show_proven_optima(optimal_frame: pd.DataFrame):
    """The interactive `proven_optima_view`: a rules menu and a pins slider (the table lists every
    color count of those pins, so the colors slider is hidden)."""
    from ..studies.optimal_table import proven_optima

    games = list(dict.fromkeys(proven_optima(optimal_frame)["game"]))
    controls = game_controls(pins=4, colors=6, rules="classic", games=games)
    controls.hide_colors()
    return show_interactive(proven_optima_view(optimal_frame), controls)


# -- notebook 9 -------------------------------------------------------------------


SOLVES_TIMED = 9  # notebook 9's widget: the median of this many solves, so that a few slow ones do not show
SOLVE_MS = "ms to solve all secrets"  # its time column: one solve plays every secret of the game


def solve_ms_text(seconds: "list[float]") -> str:
    """Live solve times as notebook 9's widget shows them: the median in milliseconds and, in
    brackets, the fastest and the slowest, all to two decimals (one precision in the whole column,
    so that a small spread still shows): '3.97 (3.10–7.20)'."""
    ms = [1000 * s for s in seconds]
    return f"{float(np.median(ms)):,.2f} ({min(ms):,.2f}–{max(ms):,.2f})"


def solve_spread_text(times: "dict[str, list[float]]") -> str:
    """The widest spread among notebook 9's live solve times, worked out from the fastest and the
    slowest as `solve_ms_text` shows them, to two decimals of a ms (so that a reader who divides gets
    it back), and named by its game: "The widest spread here is 2p6c-norepeat's: its slowest solve
    took 100 times its fastest (37.10 ÷ 0.37)." (With one game: "Here 6p6c-norepeat's slowest solve
    took ..."; '' where every fastest shows as 0.00.) `times`: each game's seconds."""
    from .plots import significant

    def shown(game: str) -> "tuple[float, float]":
        return round(1000 * min(times[game]), 2), round(1000 * max(times[game]), 2)

    def half_up(value: float) -> float:  # 20 ÷ 3.2 = 6.25 reads 6.3, as a reader rounds it, not 6.2
        from decimal import ROUND_HALF_UP, Decimal

        exact = Decimal(repr(value))
        return float(exact.quantize(Decimal(1).scaleb(exact.adjusted() - 1), rounding=ROUND_HALF_UP))

    timed = [game for game in times if shown(game)[0] > 0]  # a ratio to 0.00 says nothing
    if not timed:
        return ""
    widest = max(timed, key=lambda game: shown(game)[1] / shown(game)[0])
    fastest, slowest = shown(widest)
    times_faster = significant(half_up(slowest / fastest), 2)
    ratio = f"{times_faster} times its fastest ({slowest:,.2f} ÷ {fastest:,.2f})"
    if len(times) == 1:  # one game shown: its spread, not the widest of one
        return f"Here {widest}'s slowest solve took {ratio}."
    return f"The widest spread here is {widest}'s: its slowest solve took {ratio}."


def black_scores_text(results: dict, times: dict) -> str:
    """Why black pegs only does more work than classic on the same codewords, in the counts its solves
    report (`SolveResult.scores`, the scores computed while choosing guesses, the same on every run), stated
    as work, not time: ' 4p6c-black's solve scored 4,785,509 guess–secret pairs, 2.5 times 4p6c's 1,912,427: its
    coarser scores leave more secrets in play for more turns (6.904 against 4.383 turns per game), so it
    does more work on as many codewords, and its median is higher.' The time is named only where the two
    ranges as shown (ms, 2 decimals) do not overlap; where they overlap (the note's rule: their times do
    not rank the games) it ends '; here the ranges overlap, so this redraw's times cannot show it.'
    ('' unless both are shown and black pegs only computed more, or where its range lies wholly below
    classic's). `results`: a `SolveResult` per rule set; `times`: their seconds."""
    from ..core.games import BLACK, CLASSIC
    from .plots import significant

    black, classic = results.get(BLACK), results.get(CLASSIC)
    if black is None or classic is None or black.scores <= classic.scores:
        return ""

    def shown(rules: str) -> "tuple[float, float]":  # a range as the time column shows it
        return round(1000 * min(times[rules]), 2), round(1000 * max(times[rules]), 2)

    (black_low, black_high), (classic_low, classic_high) = shown(BLACK), shown(CLASSIC)
    if black_high < classic_low:  # black pegs only wholly faster: the work does not show in the times
        return ""
    overlap = black_low <= classic_high
    if not overlap and np.median(times[BLACK]) <= np.median(times[CLASSIC]):
        return ""
    time = ("; here the ranges overlap, so this redraw's times cannot show it." if overlap
            else ", and its median is higher.")
    ratio = significant(black.scores / classic.scores, 2)
    return (f" {black.game.name}'s solve scored {black.scores:,} guess–secret pairs, {ratio} times {classic.game.name}'s "
            f"{classic.scores:,}: its coarser scores leave more secrets in play for more turns "
            f"({turns_per_game(black):.3f} against {turns_per_game(classic):.3f} turns per game), so it does "
            f"more work on as many codewords{time}")


def load_text(load: float, cores: int) -> str:
    """The machine's load average as live timings began, in words: ', with the machine's load average
    at 7.1 as they began, more work than its 2 cores run at once' ('' where the system gives none)."""
    if not np.isfinite(load):
        return ""
    busy = f", more work than its {cores} cores run at once" if load > cores else f", for its {cores} cores"
    return f", with the machine's load average at {load:.1f} as they began{busy}"


def turns_per_game(result) -> float:
    """A solve's average turns as notebook 9's tables give them: from its whole-number total, rounded
    once (`studies.per_game`)."""
    from ..studies.per_game import per_game, rounded

    return rounded(per_game(result.total_turns, result.game.size))


# Why notebook 9's widget solves no game over its cap: each redraw times SOLVES_TIMED solves of every
# game it shows, and a solve's time grows faster than the game's codewords (4p7c's 2,401 take about
# four times as long as 4p6c's 1,296), so a larger cap would make the slowest redraws several seconds.
# No time is promised here: the note gives the time this redraw's solves took (`redraw_solves_text`).
CAP_REASON = (f"The cap keeps a redraw quick on this shared machine, as a redraw solves each game it shows "
              f"{SOLVES_TIMED} times (up to {3 * SOLVES_TIMED} solves).")


def redraw_solves_text(wall_s: float, timed: "list[float]", compile_s: float = 0.0) -> str:
    """How long a redraw of notebook 9's widget spent in its solve calls (wall time, measured around
    them), split into what was measured: the sum of the solves' own timings (`timed`, seconds: the
    ones the time column shows, `SolveResult.elapsed_s`), the time they spent compiling or loading the
    solver's code (`compile_s`, the sum of their `SolveResult.compile_s`), which those timings leave
    out, and the rest of the calls, each solve's setup before its play. In milliseconds, as the time
    column, all to the same decimals (whole ms from 10 ms up), the rest worked out from the values as
    shown, so that the parts add up to the whole: "In all, this redraw's 27 solves took 1,203 ms of
    wall time: 710 ms in their 27 timings, 452 ms compiling or loading the solver's code and 41 ms in
    the rest of each solve's setup, both of which the timings leave out."."""
    decimals = 0 if wall_s >= 0.0095 else 1
    wall, inside, compiling = (round(1000 * v, decimals) for v in (wall_s, sum(timed), compile_s))
    compiling = min(compiling, round(wall - inside, decimals))  # parts never more than the whole as shown
    rest = round(wall - inside - compiling, decimals)

    def ms(value: float) -> str:
        return f"{value:,.{decimals}f} ms"

    outside = [f"{ms(compiling)} compiling or loading the solver's code"] if compiling > 0 else []
    outside += [f"{ms(rest)} in the rest of each solve's setup"] if rest > 0 else []
    text = (f"In all, this redraw's {len(timed)} solves took {ms(wall)} of wall time: {ms(inside)} in their "
            f"{len(timed)} timings")
    if not outside:
        return text + "."
    which = "both of which the timings leave out" if len(outside) == 2 else "which the timings leave out"
    return f"{text}{' and ' if len(outside) == 1 else ', '}{' and '.join(outside)}, {which}."


def _recorded_turns_text(game: Game, strategy: Strategy) -> str:
    """What data/results.csv records of a game notebook 9's widget does not solve: '; 4.837 turns per
    game in data/results.csv' ("; Entropy's 4.837 ..."), from the strategy's best opening ('; not in
    data/results.csv')."""
    from ..studies.per_game import per_game, rounded

    total = _best_totals_of().get((game.name, strategy.label))
    if total is None:
        return "; not in data/results.csv"
    return f"; {strategy.title}'s {rounded(per_game(total, game.size)):.3f} turns per game in data/results.csv"


@functools.cache
def _best_totals_of() -> dict:
    """{(game, strategy label): its fewest total turns over the openings played} from data/results.csv."""
    from ..studies.data_tables import load_results
    from ..studies.rule_variants import best_totals

    best = best_totals(load_results(rules=None).frame)
    return {(g, s): int(t) for g, s, t in zip(best["game"], best["strategy"], best["total_turns"])}


@functools.cache
def _best_openings() -> dict:
    """{(game, strategy label): its best opening by total turns} from data/results.csv, every rule set."""
    from ..studies.data_tables import load_results
    from ..studies.rule_variants import best_totals

    best = best_totals(load_results(rules=None).frame)
    return {(g, s): str(f) for g, s, f in zip(best["game"], best["strategy"], best["first_guess"])}


def rule_variant_view(controls: GameControls, max_codewords: int = 1296) -> View:
    """The chosen board solved with the chosen strategy under every rule set it exists under (cpu
    backend, every secret at once), each from the strategy's best opening in data/results.csv (the
    opening the notebook's tables use; its default opening where the table lacks the game): the
    turns each takes, side by side, the chosen rule set outlined and marked, and the median time of
    `SOLVES_TIMED` solves with the fastest and the slowest of them (`solve_ms_text`), the machine
    and engine they ran on, and the redraw's solving time in all (`redraw_solves_text`). A rule set
    whose game has more
    than `max_codewords` codewords (classic 6p6c beside 6p6c-norepeat) is named in the note, not
    solved, so that a redraw stays as quick as the cell's cap promises."""
    from ..core.games import NOREPEAT, RULES
    from ..studies.data_tables import measured_just_now
    from .plots_rules import rules_histogram_figure
    from .widgets import RULE_TITLES

    chosen = controls.game
    strategy = controls.chosen_strategy
    results, times, too_large, defaults = {}, {}, [], []
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")  # how busy as the solves begin
    solving_s = compiling_s = 0.0  # the redraw's solve calls, all games together (`redraw_solves_text`)
    for rules in RULES:
        if rules == NOREPEAT and chosen.pins > chosen.colors:
            continue  # no codeword without a repeat
        game = Game(chosen.pins, chosen.colors, rules)
        if game != chosen and game.size > max_codewords:
            too_large.append(f"{game.name} ({game.size:,} codewords{_recorded_turns_text(game, strategy)})")
            continue
        opening = _best_openings().get((game.name, strategy.label))
        if opening is None:
            defaults.append(game.name)
        started = time.perf_counter()
        solves = [solve(game, strategy, "cpu", opening) for _ in range(SOLVES_TIMED)]
        solving_s += time.perf_counter() - started
        compiling_s += sum(r.compile_s for r in solves)
        results[rules] = solves[0]
        times[rules] = [r.elapsed_s for r in solves]
    mine = results[chosen.rules]
    # The rules menu changes the game of this line (and the sliders' ranges); the chart and the
    # table show the board under every rule set whatever the menu says, so say which one it chose.
    beside = " (outlined below, beside the board's other rule sets)" if len(results) > 1 else ""
    # Where the colors slider stops at these pins, and why, at every position and in one wording (at
    # 2 pins it reaches mmlib's most colors, not the cap), and the colors the cap took from the reader.
    lowered = (f"; colors lowered from the {controls.chosen_colors} chosen"
               if controls.chosen_colors is not None and controls.chosen_colors > controls.colors.value else "")
    limit = f"{lowered}; {controls.colors_limit().strip(' ()')}"
    which_opening = "its default opening" if chosen.name in defaults else "its best opening"
    caption = _title(controls, f", {mine.strategy.title} from {which_opening} {mine.first_guess_text}: "
                               f"{turns_per_game(mine):.3f} turns per game, {mine.max_turns} at worst{beside}{limit}")
    # The spread is the shared machine's, not the game's: say what it is here, worked out from the
    # times shown, never a bound that some redraw would break.
    spread = solve_spread_text({results[rules].game.name: seconds for rules, seconds in times.items()})
    redraw = redraw_solves_text(solving_s, [s for seconds in times.values() for s in seconds], compiling_s)
    # The facts of this redraw only; the cell's paragraph above says what the column is and why it spreads.
    compare = " Where two rows' ranges overlap, their times do not rank the games." if len(times) > 1 else ""
    note = (f"The last column, {SOLVE_MS}, gives the median of {SOLVES_TIMED} solves, each one playing every secret "
            f"of the game, with the fastest and the slowest in brackets; {measured_just_now('solve-cpu')}"
            f"{load_text(load, os.cpu_count() or 1)}. What spreads a game's times is not the game but this shared "
            f"machine, so a median can vary from redraw to redraw. {spread}{compare}"
            f"{black_scores_text(results, times)} {redraw}")
    if defaults:
        note += (f" Not in data/results.csv, so from the strategy's default opening, marked (default): "
                 f"{', '.join(defaults)}.")
    if too_large:
        note += (f" Not solved here, over the cell's cap of {max_codewords:,} codewords: {', '.join(too_large)}. "
                 f"{CAP_REASON}")
    table = readable(pd.DataFrame([{
        "rules": RULE_TITLES[rules] + (" (chosen)" if rules == chosen.rules else ""), "game": r.game.name,
        "codewords": r.game.size,
        "best opening": r.first_guess_text + (" (default)" if r.game.name in defaults else ""),
        "turns per game": turns_per_game(r), "max turns": r.max_turns, SOLVE_MS: solve_ms_text(times[rules]),
    } for rules, r in results.items()]), formats={"turns per game": 3}, note=note)
    table.numeric.discard("best opening")  # a codeword is a name: 12 as 1234, left aligned
    table.numeric.add(SOLVE_MS)  # "3.97 (3.10–7.20)": a time, right aligned as the numbers are
    table.whole_names = table.whole_games = True  # 4p6c-black, solve-cpu 6: never split at a line's end
    return View(caption, [rules_histogram_figure(results, chosen.rules), table], says_colors_limit=True)
