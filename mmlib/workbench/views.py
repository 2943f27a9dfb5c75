"""What the notebooks' interactive cells show, one function per view.

Each view takes the game controls (and the values of any menus) and returns a
`widgets.View`: a caption naming the game and what is shown, and the figures or
tables under it. `widgets.show_interactive` does the wiring, so a notebook cell
reads, for example::

    show_interactive(score_ordinals_view, game_controls(pins=4, colors=6))
"""

from __future__ import annotations

import numpy as np
import pandas as pd

from ..core.case_equivalence import acr_size, possible_zero_free
from ..core.games import Game
from ..core.openings import first_guess_patterns, pairs_first_guess
from ..core.scoring import all_scores, score_to_ordinal
from ..core.solve import solve
from ..core.strategies import Strategy, best_candidate, entropy_table, rank_rows
from .plots import (
    acr_sizes_figure, first_guess_partition_figure, score_distribution_figure, score_frequencies,
    score_frequencies_figure, subset_sizes, turn_histograms_figure,
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
    repeated colors, starting at 1122, 11223, ... as Knuth opened."""
    return game_menu("guess", first_guess_patterns, pairs_first_guess, css_class="mm-guess")


def score_distribution_view(controls: GameControls, guess: str) -> View:
    """How `guess` splits the secrets of the chosen game by score."""
    # The colors slider narrows with more pins (the game's size is capped): say so, or it moves unexplained.
    limit = f" (at {controls.game.pins} pins the colors go up to {controls.colors.max})"
    return View(_title(controls, f", guess {guess}{limit}"), [score_distribution_figure(controls.game, guess)])


# -- notebook 2 -------------------------------------------------------------------


def ordinal_table(pins: int) -> ReadableTable:
    """The ordinal of every score for `pins` pins: a row per black, a column per white, 'hole' at
    (p-1, 1); the cells past the staircase (black + white > pins) stay empty."""
    cells = [{"black": b, **{f"white {w}": "" for w in range(pins + 1)}} for b in range(pins + 1)]
    for b, w in all_scores(pins):
        cells[b][f"white {w}"] = str(score_to_ordinal(b, w, pins))
    cells[pins - 1]["white 1"] = "hole"
    table = readable(pd.DataFrame(cells))
    table.numeric = set(table.frame.columns)  # a grid of ordinals: every column lines up as numbers
    return table


def score_ordinals_view(controls: GameControls) -> View:
    """The ordinals of the chosen pin count, and how often each score occurs in the chosen game."""
    game = controls.game
    used = int((score_frequencies(game) > 0).sum())
    caption = _title(controls, f": {game.num_scores} possible scores, {game.score_slots} counter slots, "
                               f"{used} scores occur in this game")
    return View(caption, [ordinal_table(game.pins), score_frequencies_figure(game)])


# -- notebook 3 -------------------------------------------------------------------


def acr_sizes_view(controls: GameControls) -> View:
    """|ACr| for every (|Zero|, |Free|) pair of the chosen game."""
    game = controls.game
    smallest = min(acr_size(game.pins, game.colors, z, f, game.norepeat) for z, f in possible_zero_free(game.colors))
    patterns = len(first_guess_patterns(game))
    sizes = (f"|ACr| ranges from {smallest:,} to {game.size:,} candidates" if smallest < game.size
             else f"|ACr| is {game.size:,}, all the candidates, whatever the Zero and Free colors")
    caption = _title(controls, f": {sizes}; before the first "
                               f"guess {patterns} candidate{'s' if patterns != 1 else ''} (one per pattern of "
                               "repeated colors)")
    return View(caption, [acr_sizes_figure(game)])


# -- notebook 4 -------------------------------------------------------------------


def first_guess_picks(game: Game) -> dict:
    """Each strategy's pick among the game's first-guess patterns, by its rank and the tie-break."""
    options = first_guess_patterns(game)
    sizes = np.array([subset_sizes(game, p) for p in options])
    indices = np.array([game.parse_codeword(p) for p in options])
    everyone_possible = np.ones(len(options), dtype=bool)  # before turn 1 every codeword is in PS
    return {strategy: game.format_codeword(best_candidate(
        rank_rows(sizes, int(strategy), entropy_table(game.size)), everyone_possible, indices))
        for strategy in Strategy}


def first_guess_partitions_view(controls: GameControls) -> View:
    """How each first-guess pattern splits the chosen game, with each strategy's pick."""
    game = controls.game
    picks = ", ".join(f"{s.title} {g}" for s, g in first_guess_picks(game).items())
    return View(_title(controls, f"; first-guess picks: {picks}"), [first_guess_partition_figure(game)])


_SOLVED: dict = {}


def solve_from_own_pick(game: Game, strategy: Strategy):
    """`solve` from the first guess the strategy's own rank picks (`first_guess_picks`), as it picks
    every later guess, remembered for the session. On 4p6c these are the published openings."""
    key = (game, strategy)
    if key not in _SOLVED:
        _SOLVED[key] = solve(game, strategy, first_guess=first_guess_picks(game)[strategy])
    return _SOLVED[key]


def turn_histograms_view(controls: GameControls) -> View:
    """All games of the chosen game with all four strategies, each from its own pick of first guess
    (the picks the partitions view names); the chosen one described and highlighted."""
    game, highlighted = controls.game, controls.chosen_strategy
    all_four = [solve_from_own_pick(game, strategy) for strategy in Strategy]
    mine = all_four[int(highlighted)]
    caption = _title(controls, f": {highlighted.title} from {mine.first_guess_text} (its own pick) needs "
                               f"{mine.total_turns:,} turns in all, {mine.average_turns:.3f} on average, "
                               f"{mine.max_turns} at worst")
    return View(caption, [turn_histograms_figure(all_four, highlight=highlighted)])


# -- notebook 5 -------------------------------------------------------------------


def turn_by_turn_view(controls: GameControls) -> View:
    """Regions per turn, region sizes per turn and scores per turn of the chosen game and strategy."""
    result = solve(controls.game, controls.chosen_strategy, case_equivalence="off")
    caption = _title(controls, f", {result.strategy.title} from its default opening {result.first_guess_text}: "
                               f"{len(result.tree):,} regions, {result.scores:,} scores")
    return View(caption, [figure(result) for figure in
                          (regions_per_turn_figure, region_sizes_figure, scores_per_turn_figure)])


def strategy_tree_view(controls: GameControls) -> View:
    """The strategy tree of the chosen (small) game, drawn as a graph."""
    result = solve(controls.game, controls.chosen_strategy, case_equivalence="off")
    title = f"Strategy tree of {result.game.name} ({result.game.size} games), {result.strategy.title}"
    return View(_title(controls, f", {result.strategy.title}: {len(result.tree)} regions"),
                [strategy_tree_figure(result.tree, title=title)])


# -- notebook 6 -------------------------------------------------------------------


def results_view(results: pd.DataFrame, best: pd.DataFrame):
    """A view of data/results.csv: the chosen game's first guesses and the chosen strategy's maps of
    every game (`best` is `best_max_rows(results)`). The caption says which colors the table holds
    at the chosen pins, since moving the pins can move the colors slider to the nearest of them."""
    held = results.dropna(subset=["pins", "colors"]).groupby("pins")["colors"].agg(["min", "max", "nunique"]) \
        if len(results) else pd.DataFrame()

    def view(controls: GameControls) -> View:
        strategy = controls.chosen_strategy
        game = controls.game
        rows = best[(best["game"] == game.name) & (best["strategy"] == strategy.label)]
        described = "" if rows.empty else (
            f"; best-max first guess of {strategy.title}: {rows['first_guess'].iloc[0]}, "
            f"{rows['average_turns'].iloc[0]:.3f} turns on average, {int(rows['max_turns'].iloc[0])} at worst")
        if game.pins in held.index:
            low, high, count = (int(v) for v in held.loc[game.pins])
            colors = f"only {low} colors" if count == 1 else f"{low} to {high} colors"
            described += f" (at {game.pins} pins data/results.csv holds {colors})"
        items = [first_guesses_figure(results, game), best_first_guesses_table(best, game.name),
                 results_heatmaps_figure(best, strategy)]
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
    stored = {row.game: row.tree for row in unlimited.itertuples() if isinstance(row.tree, str) and row.tree}

    def view(controls: GameControls) -> View:
        game = controls.game
        rows = unlimited[unlimited["game"] == game.name]
        described = "" if rows.empty else (f": the optimum is {int(rows['total_turns'].iloc[0]):,} turns "
                                            f"(max {int(rows['max_turns'].iloc[0])}) from {rows['first_guess'].iloc[0]}")
        # A game the strategies' table lacks gets a line in the caption, not a frame of empty axes.
        items = []
        if (gaps["game"] == game.name).any():
            items.append(optimum_against_heuristics_figure(gaps, game.name))
        else:
            described += "; data/results.csv has no solve of it by the four strategies to compare"
        if game.name in stored:
            tree = StrategyTree.from_dict(game, read_tree(stored[game.name])["tree"])
            items.append(strategy_tree_figure(tree, max_depth=1, title=f"Optimal {game.name} strategy: "
                                                                          "the first two guesses"))
        else:
            described += "; data/optimal.csv stores no tree for it yet"
        return View(_title(controls, described), items)

    return view


def proven_optima_view(optimal_frame: pd.DataFrame):
    """A view of `tables.proven_optima_table`: the optima proven of the chosen rule set and pins."""
    from .tables import proven_optima_table

    def view(controls: GameControls) -> View:
        rules, pins = controls.chosen_rules, controls.pins.value
        table = proven_optima_table(optimal_frame, rules=rules, pins=pins)
        return View(f"<b>Proven optima, {RULE_TITLES[rules]} rules, {pins} pins</b>", [table])

    return view


def show_proven_optima(optimal_frame: pd.DataFrame):
    """The interactive `proven_optima_view`: a rules menu and a pins slider (the table lists every
    color count of those pins, so the colors slider is hidden)."""
    from ..studies.optimal_table import proven_optima

    games = list(dict.fromkeys(proven_optima(optimal_frame)["game"]))
    controls = game_controls(pins=4, colors=6, rules="classic", games=games)
    controls.colors.layout.display = "none"
    return show_interactive(proven_optima_view(optimal_frame), controls)


# -- notebook 9 -------------------------------------------------------------------


def rule_variant_view(controls: GameControls, max_codewords: int = 1296) -> View:
    """The chosen board solved with the chosen strategy under every rule set it exists under (cpu
    backend, every secret at once): the turns each takes, side by side, and the solves' seconds with
    the machine and engine they ran on. A rule set whose game has more than `max_codewords`
    codewords (classic 6p6c beside 6p6c-norepeat) is named in the note, not solved, so that a redraw
    stays as quick as the cell's cap promises."""
    from ..core.games import NOREPEAT, RULES
    from ..studies.data_tables import measured_just_now
    from .plots_rules import rules_histogram_figure
    from .widgets import RULE_TITLES

    chosen = controls.game
    results, too_large = {}, []
    for rules in RULES:
        if rules == NOREPEAT and chosen.pins > chosen.colors:
            continue  # no codeword without a repeat
        game = Game(chosen.pins, chosen.colors, rules)
        if game != chosen and game.size > max_codewords:
            too_large.append(f"{game.name} ({game.size:,} codewords)")
            continue
        results[rules] = solve(game, controls.chosen_strategy, "cpu")
    mine = results[chosen.rules]
    caption = _title(controls, f", {mine.strategy.title} from {mine.first_guess_text}: "
                               f"{mine.average_turns:.3f} turns per game, {mine.max_turns} at worst")
    note = f"Seconds of one solve each, {measured_just_now('solve-cpu')}."
    if too_large:
        note += f" Not solved here, over {max_codewords:,} codewords: {', '.join(too_large)}."
    table = readable(pd.DataFrame([{
        "rules": RULE_TITLES[rules], "game": r.game.name, "codewords": r.game.size, "first guess": r.first_guess_text,
        "average turns": r.average_turns, "max turns": r.max_turns, "seconds": r.elapsed_s,
    } for rules, r in results.items()]), formats={"average turns": 3, "seconds": "seconds"}, note=note)
    return View(caption, [rules_histogram_figure(results), table])
