"""The notebooks' controls: named ipywidgets with CSS classes a browser test can find.

Every notebook picks its game with `game_controls()`: a pins slider (`mm-pins`),
a colors slider (`mm-colors`) and, where a strategy matters, a strategy
dropdown (`mm-strategy`); where the rule set matters, a rules dropdown
(`mm-rules`: classic, norepeat, black; docs/rules.md). `max_codewords` keeps
the chosen game small enough for the notebook to stay interactive: the colors
slider's maximum follows the pins slider (and, without repeated colors, its
minimum is the number of pins). A label beside the colors slider (`mm-colors-range`)
shows its range for the pins and rules chosen ('of 2 to 8 colors at 4 pins'); when more
pins push the colors down, the caption says so, and fewer pins give the reader's colors
back. Sliders limited to a table's games (`games=`) with a rules menu reach the games of
the rules chosen.
"""

from __future__ import annotations

from dataclasses import dataclass

import ipywidgets as widgets

from ..core.coach import parse_strategy_choice
from ..core.games import MAX_COLORS, MAX_PINS, MIN_COLORS, MIN_PINS, NOREPEAT, RULES, Game, parse_rules
from ..core.results import OPTIMAL, StrategyLabel
from ..core.strategies import Strategy

PINS_CLASS, COLORS_CLASS, STRATEGY_CLASS, RULES_CLASS = "mm-pins", "mm-colors", "mm-strategy", "mm-rules"
COLORS_RANGE_CLASS = "mm-colors-range"
RULE_TITLES = {"classic": "classic", "norepeat": "no repeated colors", "black": "black pegs only"}
GAME_LABEL_CLASS = "mm-game-label"


def max_colors_for(pins: int, max_codewords: int) -> int:
    """The most colors a game with `pins` pins may have and stay within `max_codewords`."""
    colors = MIN_COLORS
    while colors < MAX_COLORS and (colors + 1) ** pins <= max_codewords:
        colors += 1
    return colors


def games_within(max_codewords: int) -> list[str]:
    """Every classic game the pins and colors sliders reach under `max_codewords`, by pins then colors."""
    return [f"{pins}p{colors}c" for pins in range(MIN_PINS, MAX_PINS + 1)
            for colors in range(MIN_COLORS, max_colors_for(pins, max_codewords) + 1)]


@dataclass
class GameControls:
    pins: widgets.IntSlider
    colors: widgets.IntSlider
    strategy: "widgets.Dropdown | None"
    rules: "widgets.Dropdown | None" = None
    max_codewords: "int | None" = None  # the cap that bounds the colors slider, if that is what bounds it
    colors_range: "widgets.HTML | None" = None  # the colors slider's range, shown beside it
    chosen_colors: "int | None" = None  # the colors the reader last chose; the range may hold fewer

    def range_text(self) -> str:
        """The colors slider's range for the pins (and rules) chosen, naming what it ranges over:
        'of 2 to 8 colors at 4 pins'; where the range is one value, 'only 4 colors at 8 pins'."""
        if self.colors.min == self.colors.max:
            return f"only {self.colors.min} colors at {self.pins.value} pins"
        return f"of {self.colors.min} to {self.colors.max} colors at {self.pins.value} pins"

    def hide_colors(self) -> None:
        """Hide the colors slider and the label of its range, for a view that shows every color count
        of the pins chosen (its caption or table says which)."""
        self.colors.layout.display = "none"
        if self.colors_range is not None:
            self.colors_range.layout.display = "none"

    def cap_note(self) -> str:
        """Why the colors slider stops where it does, when the codeword cap stops it (moving the pins
        up can move the colors down): a sentence for the caption, else ''. Said only when the colors
        stand at that limit, the one position where the slider may have moved by itself; when it did
        (the reader chose more colors), the note says from how many, which come back with fewer pins.
        Where the limit is the slider's one value: '; with 8 pins only 2 colors fit within 4,096 codewords
        (3⁸ = 6,561 would not)'."""
        if self.max_codewords is None or self.colors.max >= MAX_COLORS or self.colors.value < self.colors.max:
            return ""
        lowered = ""
        if self.chosen_colors is not None and self.chosen_colors > self.colors.value:
            lowered = f"; colors lowered from the {self.chosen_colors} chosen"
        pins, most = self.pins.value, self.colors.max
        if self.colors.min == most:  # one value: no range to go up, so say why one more color would not fit
            power = str(pins).translate(str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹"))
            return (f"{lowered}; with {pins} pins only {most} colors fit within {self.max_codewords:,} codewords "
                    f"({most + 1}{power} = {(most + 1) ** pins:,} would not)")
        return (f"{lowered}; with {pins} pins the colors go up to {most}, "
                f"to stay within {self.max_codewords:,} codewords")

    def most_colors_note(self) -> str:
        """Why the colors slider stops where it does when mmlib's own limit (MAX_COLORS), not the
        codeword cap, stops it at the pins chosen: '; with 2 pins the colors go up to 15, the most mmlib
        allows (2p15c has 225 codewords, within the 4,096)', said at every colors position; else ''
        (the cap, when it stops the colors, is `cap_note`'s)."""
        if self.max_codewords is None or self.colors.max < MAX_COLORS:
            return ""
        pins, most = self.pins.value, self.colors.max
        largest = Game(pins, most, self.chosen_rules)
        return (f"; with {pins} pins the colors go up to {most}, the most mmlib allows ({largest.name} has "
                f"{largest.size:,} codewords, within the {self.max_codewords:,})")

    def colors_limit(self) -> str:
        """Where the colors slider stops at the chosen pins, and why, said at every position (for a
        view whose caption always says it): ' (at 5 pins the colors go up to 5, to stay within 4,096
        codewords)'; at mmlib's most colors, ' (at 2 pins the colors go up to 15, mmlib's most)'."""
        pins, most = self.pins.value, self.colors.max
        if most >= MAX_COLORS:
            return f" (at {pins} pins the colors go up to {most}, mmlib's most)"
        if self.max_codewords is None:
            return f" (at {pins} pins the colors go up to {most})"
        return f" (at {pins} pins the colors go up to {most}, to stay within {self.max_codewords:,} codewords)"

    @property
    def game(self) -> Game:
        return Game(self.pins.value, self.colors.value, self.chosen_rules)

    @property
    def chosen_rules(self) -> str:
        return self.rules.value if self.rules is not None else "classic"

    @property
    def chosen_strategy(self) -> "Strategy | StrategyLabel":
        """The strategy chosen (OPTIMAL where the menu offers it and it is chosen)."""
        return parse_strategy_choice(self.strategy.value) if self.strategy is not None else Strategy.KNUTH

    def box(self) -> widgets.HBox:
        items = [self.pins, self.colors] + [c for c in (self.colors_range, self.rules, self.strategy) if c is not None]
        return widgets.HBox(items)

    def observe(self, callback) -> None:
        """Call `callback(controls)` whenever any control changes."""
        for control in (self.pins, self.colors, self.strategy, self.rules):
            if control is not None:
                control.observe(lambda _change: callback(self), names="value")


def game_controls(
    pins: int = 4,
    colors: int = 6,
    strategy: "str | None" = None,
    max_codewords: int = 4096,
    max_pins: int = MAX_PINS,
    games=None,
    rules: "str | None" = None,
    optimal: bool = False,
) -> GameControls:
    """Sliders for pins and colors (and a strategy dropdown if `strategy` is given, a rules
    dropdown starting at `rules` if that is given). `optimal`: the strategy dropdown offers
    Optimal (the exact search's proven best guess) after the four strategies.

    `games` (names or `Game`s), if given, limits the sliders to those games: the pins slider spans
    their pins and the colors slider, for each pin count, their colors (so a table's sliders only
    reach games the table has); with a rules menu, the games of the rules chosen.
    """
    if games is not None:
        chosen = [Game.parse(g) for g in games]
        if not chosen:
            raise ValueError("game_controls: `games` names no game")
        # {rules: {pins: [colors]}}; under the key None, the games of every rule set together.
        colors_of: dict = {}
        for game in chosen:
            for key in (None, game.rules):
                colors_of.setdefault(key, {}).setdefault(game.pins, []).append(game.colors)
        min_pins, max_pins = min(colors_of[None]), max(colors_of[None])
        if pins not in colors_of[None]:
            pins = min_pins

        def games_of() -> dict:
            """{pins: [colors]} of the games under the rules chosen (of every game without a rules menu)."""
            return colors_of.get(rules_menu.value if rules_menu is not None else None) or colors_of[None]

        def color_range(p: int) -> tuple[int, int]:
            known = games_of()
            fewer = [k for k in known if k <= p]
            colors = known.get(p) or known[max(fewer) if fewer else min(known)]
            return min(colors), max(colors)
    else:
        min_pins = MIN_PINS

        def color_range(p: int) -> tuple[int, int]:
            return MIN_COLORS, max_colors_for(p, max_codewords)

    rules_menu = None
    if rules is not None:
        rules_menu = widgets.Dropdown(options=[(RULE_TITLES[r], r) for r in RULES], value=parse_rules(rules),
                                      description="rules")
        rules_menu.add_class(RULES_CLASS)
        plain_range = color_range

        def color_range(p: int) -> tuple[int, int]:  # noqa: F811 (the rules narrow the plain range)
            low, high = plain_range(p)
            if rules_menu.value == NOREPEAT:  # no codeword has more pins than colors
                low = min(max(low, p), MAX_COLORS)
                if games is None:  # fewer codewords than classic: more colors fit under the cap
                    high = max([c for c in range(low, MAX_COLORS + 1)
                                if Game(p, c, NOREPEAT).size <= max_codewords], default=low)
                high = max(high, low)
            return low, high

        def most_pins() -> int:
            """Under no repeats, the pins whose smallest game (as many colors as pins) is under the cap;
            with `games`, the most pins of the games of the rules chosen."""
            if games is not None:
                return max(games_of())
            if rules_menu.value != NOREPEAT:
                return max_pins
            return max([p for p in range(min_pins, max_pins + 1) if Game(p, p, NOREPEAT).size <= max_codewords],
                       default=min_pins)

    low, high = color_range(pins)
    pins_slider = widgets.IntSlider(
        value=pins, min=min_pins, max=max_pins, description="pins", continuous_update=False
    )
    colors_slider = widgets.IntSlider(
        value=min(max(colors, low), high), min=low, max=high, description="colors", continuous_update=False,
    )
    pins_slider.add_class(PINS_CLASS)
    colors_slider.add_class(COLORS_CLASS)
    colors_range = widgets.HTML(layout=widgets.Layout(width="auto", flex="0 0 auto", margin="0 16px 0 0"))
    colors_range.add_class(COLORS_RANGE_CLASS)
    controls = GameControls(pins_slider, colors_slider, None, rules_menu,
                            max_codewords=max_codewords if games is None else None,
                            colors_range=colors_range, chosen_colors=colors_slider.value)
    # The colors the reader chose (`chosen_colors`): more pins may push the slider below them under
    # the cap, fewer pins give them back (8 pins hold 2 colors within 4,096 codewords; back at 4, 6).
    limiting = False

    def remember_colors(change):
        if not limiting:
            controls.chosen_colors = change["new"]

    def show_range():
        # nowrap: in a narrow row the range broke after "to", its last number alone on a second line.
        colors_range.value = (f'<span style="color: var(--jp-ui-font-color2, #616161); white-space: nowrap">'
                              f'{controls.range_text()}</span>')

    def limit_colors(change):
        nonlocal limiting
        low, high = color_range(change["new"])
        limiting = True
        try:
            # Widen first, then narrow, so that min never passes max on the way; then the reader's
            # colors, as near as the range allows.
            colors_slider.max = max(high, colors_slider.max)
            colors_slider.min = low
            colors_slider.max = high
            colors_slider.value = min(max(controls.chosen_colors, low), high)
        finally:
            limiting = False
        show_range()

    show_range()
    colors_slider.observe(remember_colors, names="value")
    pins_slider.observe(limit_colors, names="value")
    if rules_menu is not None:
        def limit_pins(_change=None):
            pins_slider.max = most_pins()  # lowers the value too, which limits the colors

        rules_menu.observe(limit_pins, names="value")
        rules_menu.observe(lambda _change: limit_colors({"new": pins_slider.value}), names="value")
        limit_pins()
    dropdown = None
    if strategy is not None:
        choices = [*Strategy, OPTIMAL] if optimal else list(Strategy)
        dropdown = widgets.Dropdown(
            options=[(s.title, s.label) for s in choices],
            value=(parse_strategy_choice(strategy) if optimal else Strategy.parse(strategy)).label,
            description="strategy",
        )
        dropdown.add_class(STRATEGY_CLASS)
    controls.strategy = dropdown
    return controls


def describe_game(game: Game) -> str:
    """The game's name and size, e.g. '4p6c — 1,296 codewords'."""
    return f"{game.name} — {game.size:,} codewords"


def game_label(text: str = "") -> widgets.HTML:
    """An HTML line (CSS class `mm-game-label`) that names the chosen game, for people and browser tests."""
    label = widgets.HTML(value=text)
    label.add_class(GAME_LABEL_CLASS)
    return label


# Jupyter's widget style gives an HTML widget's text the line height of a control (28 px), so a caption
# that wraps reads as two paragraphs with a gap between them. This rule gives the caption the line height
# of text, and keeps a one-line caption as tall as before.
CAPTION_STYLE = (f"<style>.widget-html.{GAME_LABEL_CLASS} > .widget-html-content, "
                 f".jupyter-widget-html.{GAME_LABEL_CLASS} > .jupyter-widget-html-content "
                 "{ line-height: 1.5; padding: 4px 0; }</style>")


def caption_style() -> widgets.HTML:
    """A hidden widget that holds `CAPTION_STYLE`, shown once with the controls."""
    return widgets.HTML(value=CAPTION_STYLE, layout=widgets.Layout(display="none"))


# -- wiring controls to what they show -------------------------------------------


@dataclass
class View:
    """What an interactive cell shows for one choice of its controls: a caption (HTML, shown in the
    `mm-game-label` line) and the items to display under it (figures, tables, text)."""

    caption: str
    items: list
    # True when the caption already says where the colors slider stops (`GameControls.colors_limit`):
    # `show_interactive` then adds no `cap_note`.
    says_colors_limit: bool = False


def _display_all(items) -> None:
    from IPython.display import display

    for item in items if isinstance(items, (list, tuple)) else [items]:
        display(item)


@dataclass
class GameMenu:
    """A dropdown whose options follow the chosen game: `options_for(game)` lists them and
    `preferred_for(game)` picks the value shown first.

    With `carry`, a new game keeps what was picked: `carry(game, picked, picked_game)` returns the
    value of `game` that stands for the value `picked` in `picked_game` (the last one picked from the
    menu, or the first shown) and a note for the caption ('' when the value is `picked` itself), so
    that moving a slider away and back returns to the pick, and a value that moved by itself says so."""

    widget: widgets.Dropdown
    options_for: object
    preferred_for: object
    carry: object = None
    picked: "tuple | None" = None  # (value, game) of the last pick
    note: str = ""  # why the value is not the pick, for the caption; '' if it is

    @property
    def value(self):
        return self.widget.value

    def refill(self, game: Game) -> None:
        options = list(self.options_for(game))
        value, note = (self.carry(game, *self.picked) if self.carry is not None and self.picked is not None
                       else (self.preferred_for(game), ""))
        if value not in options:
            value, note = self.preferred_for(game), ""
        self.widget.options = options
        self.widget.value = value if value in options else options[0]
        self.note = note
        if self.picked is None:
            self.pick(game)

    def pick(self, game: Game) -> None:
        """The value shown is the one picked (by hand, or first): later games carry it."""
        self.picked, self.note = (self.widget.value, game), ""


def game_menu(description: str, options_for, preferred_for, css_class: "str | None" = None,
              carry=None) -> GameMenu:
    """A `GameMenu` (a dropdown named `description`, with CSS class `css_class` if given; `carry`:
    see `GameMenu`)."""
    dropdown = widgets.Dropdown(description=description)
    if css_class:
        dropdown.add_class(css_class)
    return GameMenu(dropdown, options_for, preferred_for, carry)


def show_interactive(draw, controls: GameControls, *, menus=(), caption=None) -> widgets.VBox:
    """Controls above, a caption line and an output under them, redrawn whenever a control changes.

    `draw(controls, *menu_values)` returns a `View`, or the item(s) to display (then
    `caption(controls)`, or the game's name, makes the caption). `menus` are `GameMenu`s shown under the game controls: a new
    game refills them first (holding their redraws, so the output is drawn once), then redraws; a
    menu's own change redraws. The caption ends with each menu's note (a value that moved by itself
    with the game says so) and the controls' `cap_note`. All the observe / unobserve / clear-output wiring of the notebooks is
    here, so an interactive cell only names what it shows.
    """
    label = game_label()
    output = widgets.Output()
    refilling = False

    def redraw(_change=None):
        if refilling:
            return
        shown = draw(controls, *[menu.value for menu in menus])
        if isinstance(shown, View):
            label.value, items = shown.caption, shown.items
        else:
            label.value = caption(controls) if caption else f"<b>{describe_game(controls.game)}</b>"
            items = shown
        label.value += "".join(menu.note for menu in menus)
        if not (isinstance(shown, View) and shown.says_colors_limit):
            label.value += controls.cap_note()
        with output:
            output.clear_output(wait=True)
            _display_all(items)

    def new_game(_controls=None):
        nonlocal refilling
        refilling = True
        try:
            for menu in menus:
                menu.refill(controls.game)
        finally:
            refilling = False
        redraw()

    def picked(menu):
        def on_change(_change=None):
            if refilling:
                return
            menu.pick(controls.game)
            redraw()

        return on_change

    controls.observe(new_game)
    for menu in menus:
        menu.widget.observe(picked(menu), names="value")
    new_game()
    return widgets.VBox([controls.box(), caption_style(), *[menu.widget for menu in menus], label, output])

