"""The rule sets side by side (docs/rules.md), from data/results.csv and data/optimal.csv.

For notebook 9: how much harder each rule set is for each strategy on the same board (pins and
colors), and how far each strategy stays from the optimum under each rule set.
"""

from __future__ import annotations

import pandas as pd

from ..core.games import RULES, Game
from .optimal_table import heuristic_gaps
from .per_game import PERCENT_DECIMALS, gap_per_game, gap_percent, median, per_game, rounded


def best_totals(results: pd.DataFrame) -> pd.DataFrame:
    """Per game and strategy: the fewest total turns over the openings played, with the game's
    pins, colors, rules and codewords and the average turns of that opening."""
    if results.empty:
        return pd.DataFrame(columns=["game", "pins", "colors", "rules", "codewords", "strategy",
                                     "first_guess", "total_turns", "max_turns", "average_turns"])
    best = (results.sort_values(["total_turns", "max_turns"], kind="stable")
            .groupby(["game", "strategy"], sort=False).head(1).copy())
    games = best["game"].map(Game.parse)
    best["pins"] = games.map(lambda g: g.pins)
    best["colors"] = games.map(lambda g: g.colors)
    best["rules"] = games.map(lambda g: g.rules)
    best["codewords"] = games.map(lambda g: g.size)
    best["total_turns"] = best["total_turns"].astype(int)
    best["average_turns"] = best["total_turns"] / best["codewords"]
    columns = ["game", "pins", "colors", "rules", "codewords", "strategy", "first_guess", "total_turns",
               "max_turns", "average_turns"]
    return best[columns].sort_values(["pins", "colors", "strategy", "rules"], ignore_index=True)


def _exact_side_by_side(results: pd.DataFrame, strategy: "str | None" = None) -> pd.DataFrame:
    """`rules_side_by_side` exactly: the turns per game and their differences as fractions of the
    whole-number totals (`per_game`), not yet rounded."""
    best = best_totals(results)
    if strategy is not None:
        best = best[best["strategy"] == strategy]
    present = [r for r in RULES if r in set(best["rules"])]
    by_board = {}
    for row in best.itertuples(index=False):
        by_board.setdefault((int(row.pins), int(row.colors), row.strategy), {})[row.rules] = per_game(
            row.total_turns, row.codewords)
    records = []
    for (pins, colors, label), turns in sorted(by_board.items()):
        if not all(rules in turns for rules in present):
            continue
        record = {"pins": pins, "colors": colors, "strategy": label, **{rules: turns[rules] for rules in present}}
        for rules in present[1:]:
            record[f"{rules} - classic"] = turns[rules] - turns["classic"]
        records.append(record)
    return pd.DataFrame(records, columns=["pins", "colors", "strategy", *present,
                                          *(f"{rules} - classic" for rules in present[1:])])


def _rounded_columns(frame: pd.DataFrame, columns) -> pd.DataFrame:
    """`frame` with its exact `columns` rounded once (`per_game.rounded`), as floats."""
    frame = frame.copy()
    for column in columns:
        frame[column] = [rounded(value) for value in frame[column]]
        frame[column] = frame[column].astype(float)
    return frame


def rules_side_by_side(results: pd.DataFrame, strategy: "str | None" = None) -> pd.DataFrame:
    """One row per board (pins, colors) and strategy that every rule set was played on: the
    average turns under each rule set and their differences from classic, each worked out from the
    whole-number totals and rounded once to the three decimals the tables show (`per_game`)."""
    exact = _exact_side_by_side(results, strategy)
    return _rounded_columns(exact, [c for c in exact.columns if c not in ("pins", "colors", "strategy")])


def harder_by_strategy(results: pd.DataFrame) -> pd.DataFrame:
    """Per strategy: over the boards every rule set was played on, the median extra average turns
    of each rule set against classic (negative: easier), the least and the most over those boards
    (columns "<rules> - classic least" and "... most") with the board of each ("... least on",
    "... most on": 4p4c; the first in pins and colors on a tie), and how many boards that is. Each
    worked out from the whole-number totals and rounded once (`per_game`)."""
    side = _exact_side_by_side(results)
    differences = [c for c in side.columns if c.endswith(" - classic")]
    rows = []
    for label, group in side.sort_values(["pins", "colors"], kind="stable").groupby("strategy"):
        boards = [board_name(p, c) for p, c in zip(group["pins"], group["colors"])]
        row = {"strategy": label}
        for column in differences:
            values = list(group[column])
            least, most = min(values), max(values)
            row[column] = rounded(median(values))
            row[f"{column} least"] = rounded(least)
            row[f"{column} least on"] = boards[values.index(least)]
            row[f"{column} most"] = rounded(most)
            row[f"{column} most on"] = boards[values.index(most)]
        row["boards"] = len(group)
        rows.append(row)
    columns = ["strategy", *(f"{c}{suffix}" for c in differences
                             for suffix in ("", " least", " least on", " most", " most on")), "boards"]
    return pd.DataFrame(rows, columns=columns)


def board_name(pins: int, colors: int) -> str:
    """A board (pins and colors, whatever the rules) written as its classic game: 4p6c."""
    return Game(int(pins), int(colors)).name


def norepeat_boards(results: pd.DataFrame) -> dict[str, list[str]]:
    """The boards every rule set was played on, by what forbidding repeats does to them: "fewer"
    (every strategy takes fewer turns per game without repeats), "more" (every strategy takes
    more) and "mixed" (the rest), each a list of board names (4p4c)."""
    side = _exact_side_by_side(results)
    if side.empty or "norepeat - classic" not in side.columns:
        return {"fewer": [], "more": [], "mixed": []}
    grouped = side.groupby(["pins", "colors"])["norepeat - classic"]
    fewer, more = grouped.agg(lambda d: max(d) < 0), grouped.agg(lambda d: min(d) > 0)
    names = [board_name(p, c) for p, c in fewer.index]
    return {"fewer": [n for n, f in zip(names, fewer) if f], "more": [n for n, m in zip(names, more) if m],
            "mixed": [n for n, f, m in zip(names, fewer, more) if not (f or m)]}


def black_boards(results: pd.DataFrame) -> dict[str, list[str]]:
    """The boards every rule set was played on, by what black pegs only does to them: "more" (every
    strategy takes more turns per game than in classic), "same" (every strategy takes as many) and
    "mixed" (the rest: fewer for some strategy, or more for some and as many for others), each a
    list of board names (2p2c). A tie is exact: the whole-number totals give the same turns per game."""
    side = _exact_side_by_side(results)
    if side.empty or "black - classic" not in side.columns:
        return {"more": [], "same": [], "mixed": []}
    grouped = side.groupby(["pins", "colors"])["black - classic"]
    more, same = grouped.agg(lambda d: min(d) > 0), grouped.agg(lambda d: (d == 0).all())
    names = [board_name(p, c) for p, c in more.index]
    return {"more": [n for n, m in zip(names, more) if m], "same": [n for n, s in zip(names, same) if s],
            "mixed": [n for n, m, s in zip(names, more, same) if not (m or s)]}


def boards_by_pins(results: pd.DataFrame) -> pd.DataFrame:
    """`norepeat_boards` and `black_boards` per pin count: the boards every rule set was played on
    (their colors, from and to), how many; on how many every strategy takes fewer turns per game with
    no repeated colors, and the boards where every strategy takes more, and those where it depends on
    the strategy; and with black pegs only, the boards where every strategy takes more turns per game,
    those where every strategy takes as many, and the rest."""
    side = rules_side_by_side(results)
    split, black = norepeat_boards(results), black_boards(results)
    columns = ["pins", "colors", "boards", "fewer", "more", "mixed", "black more", "black same", "black mixed"]
    if side.empty:
        return pd.DataFrame(columns=columns)
    rows = []
    for pins, colors in side.groupby("pins")["colors"]:
        names = {board_name(pins, c) for c in colors}
        low, high = int(colors.min()), int(colors.max())
        rows.append({"pins": int(pins), "colors": f"{low}" if low == high else f"{low} to {high}",
                     "boards": len(names), "fewer": len(names & set(split["fewer"])),
                     "more": [b for b in split["more"] if b in names],
                     "mixed": [b for b in split["mixed"] if b in names],
                     **{f"black {key}": [b for b in black[key] if b in names] for key in ("more", "same", "mixed")}})
    return pd.DataFrame(rows, columns=columns)


def as_many_colors_as_pins(results: pd.DataFrame) -> pd.DataFrame:
    """The boards every rule set was played on that have as many colors as pins (2p2c, 3p3c, ...):
    the codewords with and without repeats, and each strategy's extra average turns per game
    without repeats (negative: fewer). Without repeats every codeword of such a board holds every
    color, so black + white is always the pins and a score tells only how many pins are right."""
    side = rules_side_by_side(results)
    if side.empty or "norepeat - classic" not in side.columns:
        return pd.DataFrame(columns=["board", "codewords", "codewords without repeats"])
    chosen = side[side["pins"] == side["colors"]]
    wide = chosen.pivot_table(index=["pins", "colors"], columns="strategy", values="norepeat - classic",
                             aggfunc="first")  # one value per board and strategy, rounded once already
    wide = wide.sort_index().reset_index()
    wide.columns.name = None
    board = pd.DataFrame({
        "board": [board_name(p, c) for p, c in zip(wide["pins"], wide["colors"])],
        "codewords": [Game(int(p), int(c)).size for p, c in zip(wide["pins"], wide["colors"])],
        "codewords without repeats": [Game(int(p), int(c), "norepeat").size for p, c in zip(wide["pins"], wide["colors"])],
    })
    strategies = [c for c in wide.columns if c not in ("pins", "colors")]
    return pd.concat([board, wide[strategies]], axis=1)


def scores_that_occur(game: "str | Game") -> int:
    """How many different scores occur among all (guess, secret) pairs of `game` under its rules:
    14 for 4p6c, 5 for 4p6c-black, and 4 for 4p4c-norepeat (every codeword holds every color, so
    black + white is always 4)."""
    import numpy as np

    from ..core.scoring import score_ordinals

    game = Game.parse(game)
    seen = np.zeros(game.score_slots, dtype=bool)
    for guess in range(game.size):
        seen[score_ordinals(game, guess)] = True
    return int(seen.sum())


def gaps_by_rules(optimal: pd.DataFrame, results: pd.DataFrame, shared: bool = False) -> pd.DataFrame:
    """`heuristic_gaps` with each game's rule set: per game and strategy, the fewest total turns
    over the openings played, the optimum and the gap (rows of games both tables hold). `shared`:
    only the boards (pins and colors) that both tables hold under every rule set (`shared_optimal_boards`),
    so that the rule sets compare on the same boards."""
    gaps = heuristic_gaps(optimal, results)
    gaps.insert(1, "rules", gaps["game"].map(lambda name: Game.parse(name).rules))
    if shared:
        boards = set(shared_optimal_boards(optimal, results))
        gaps = gaps[gaps["game"].map(_board_of).isin(boards)].reset_index(drop=True)
    # As the tables show them: from the whole-number totals, rounded once (`per_game`).
    gaps["gap_per_game"] = [rounded(gap_per_game(t, o, n)) for t, o, n in _totals(gaps)]
    gaps["gap_percent"] = [rounded(gap_percent(t, o), PERCENT_DECIMALS) for t, o, _ in _totals(gaps)]
    return gaps.astype({"gap_per_game": float, "gap_percent": float})


def _totals(gaps: pd.DataFrame):
    """(strategy's total, optimum, codewords) of each row of `gaps_by_rules`, as whole numbers."""
    return zip(gaps["heuristic_total"].astype(int), gaps["optimal_total"].astype(int), gaps["codewords"].astype(int))


def _board_of(name: str) -> str:
    game = Game.parse(name)
    return board_name(game.pins, game.colors)


def shared_optimal_boards(optimal: pd.DataFrame, results: pd.DataFrame) -> list[str]:
    """The boards (4p4c) whose game under every rule set has a proven optimum in data/optimal.csv
    (objective total, no turn limit) and strategy results in data/results.csv: the boards on which
    the rule sets' gaps to the optimum compare like with like. By pins, then colors."""
    gaps = heuristic_gaps(optimal, results)
    if gaps.empty:
        return []
    games = gaps["game"].drop_duplicates().map(Game.parse)
    rules_of = {}
    for game in games:
        rules_of.setdefault((game.pins, game.colors), set()).add(game.rules)
    return [board_name(p, c) for p, c in sorted(rules_of) if rules_of[(p, c)] >= set(RULES)]


def board_ranges(boards) -> str:
    """Boards (4p4c) as runs of colors per pin count: '2p2c to 2p15c, 3p3c to 3p9c, 4p4c to 4p5c'."""
    by_pins = {}
    for name in boards:
        game = Game.parse(name)
        by_pins.setdefault(game.pins, []).append(game.colors)
    parts = []
    for pins in sorted(by_pins):
        colors = sorted(set(by_pins[pins]))
        runs, start = [], colors[0]
        for previous, current in zip(colors, colors[1:] + [None]):
            if current is None or current != previous + 1:
                runs.append(f"{pins}p{start}c" if start == previous else f"{pins}p{start}c to {pins}p{previous}c")
                start = current
        parts.extend(runs)
    return ", ".join(parts)


def shared_boards_text(optimal: pd.DataFrame, results: pd.DataFrame) -> str:
    """The boards of `shared_optimal_boards` in words, for a table's note: 'the 23 boards (2p2c to
    2p15c, ...) proven and played under all three rule sets'."""
    boards = shared_optimal_boards(optimal, results)
    return f"the {len(boards)} boards ({board_ranges(boards)}) proven and played under all three rule sets"


def best_of_four_optimal(optimal: pd.DataFrame, results: pd.DataFrame) -> pd.DataFrame:
    """Per rule set: the games data/optimal.csv proves (objective total, no turn limit), how many of
    them data/results.csv holds too (the games the gaps are over), and in how many of those the
    best of the four strategies reaches the optimum; then the same over the boards every rule set
    shares (`shared_optimal_boards`): how many ("shared boards") and in how many the best of the four
    reaches the optimum."""
    proven = optimal[(optimal["objective"] == "total") & optimal["max_turns_limit"].isna()]
    proven_rules = proven["game"].map(lambda name: Game.parse(name).rules)
    best = gaps_by_rules(optimal, results).groupby(["rules", "game"])["gap"].min()
    shared = gaps_by_rules(optimal, results, shared=True).groupby(["rules", "game"])["gap"].min()
    rows = [{"rules": rules, "games proven": int(proven.loc[proven_rules == rules, "game"].nunique()),
             "with strategy results": int((best.index.get_level_values("rules") == rules).sum()),
             "best of the four optimal in": int((best.loc[rules] == 0).sum()) if rules in best.index else 0,
             "shared boards": int((shared.index.get_level_values("rules") == rules).sum()),
             "best of the four optimal on the shared boards":
                 int((shared.loc[rules] == 0).sum()) if rules in shared.index else 0}
            for rules in RULES]
    return pd.DataFrame(rows)


def gap_summary(optimal: pd.DataFrame, results: pd.DataFrame, shared: bool = False) -> pd.DataFrame:
    """Per rule set and strategy: how many games have an optimum, in how many of them the strategy
    reaches it, the median and the largest gap per game (extra average turns) and the median gap
    in percent, each worked out from the whole-number totals and rounded once (`per_game`), so that
    a largest gap reads as it does in `largest_gaps`. `shared`: over the boards every rule set
    shares (`shared_optimal_boards`) alone."""
    gaps = gaps_by_rules(optimal, results, shared)
    rows = []
    for (rules, label), group in gaps.groupby(["rules", "strategy"]):
        per_game_gaps = [gap_per_game(t, o, n) for t, o, n in _totals(group)]
        rows.append({"rules": rules, "strategy": label, "games": len(group),
                     "optimal_in": int((group["gap"] == 0).sum()),
                     "median_gap_per_game": rounded(median(per_game_gaps)),
                     "max_gap_per_game": rounded(max(per_game_gaps)),
                     "median_gap_percent": rounded(median(gap_percent(t, o) for t, o, _ in _totals(group)),
                                                   PERCENT_DECIMALS)})
    summary = pd.DataFrame(rows, columns=["rules", "strategy", "games", "optimal_in", "median_gap_per_game",
                                          "max_gap_per_game", "median_gap_percent"])
    summary["order"] = summary["rules"].map(RULES.index)
    return summary.sort_values(["order", "strategy"]).drop(columns="order").reset_index(drop=True)


def largest_gaps(optimal: pd.DataFrame, results: pd.DataFrame, shared: bool = False) -> pd.DataFrame:
    """Per rule set, the game and strategy with the largest gap per game over the games both tables
    hold: the optimum, the strategy's total (its best opening) and the gap per game and in percent
    (from the totals, rounded once: `per_game`). `shared`: over the boards every rule set shares
    (`shared_optimal_boards`) alone."""
    gaps = gaps_by_rules(optimal, results, shared)
    if gaps.empty:
        return gaps
    exact = dict(zip(gaps.index, (gap_per_game(t, o, n) for t, o, n in _totals(gaps))))
    # The row of each rule set's largest exact gap (the first on a tie).
    worst = gaps.loc[[max(group.index, key=exact.get) for _, group in gaps.groupby("rules")]].copy()
    worst["order"] = worst["rules"].map(RULES.index)
    worst = worst.sort_values("order").drop(columns="order")
    return worst[["rules", "game", "codewords", "strategy", "first_guess", "optimal_total", "heuristic_total",
                  "gap_per_game", "gap_percent"]].reset_index(drop=True)


def proof_times(optimal: pd.DataFrame, benchmarks: pd.DataFrame, game: str = "4p10c-norepeat") -> pd.DataFrame:
    """The times of the exact search proving `game`'s optimum (objective total, no turn limit), as
    data/ records them: the row of data/optimal.csv (the search that stored the tree, one run) and
    the latest optimal benchmark of data/benchmarks.csv of one machine and the newest engine
    version, the row notebook 8's benchmark table shows (the median of repeated searches).
    Columns: table, total_turns, seconds, searches, engine, date, machine, mmlib_version."""
    from .data_tables import latest_rows, one_machine_one_engine

    rows = []
    proof = optimal[(optimal["game"] == game) & (optimal["objective"] == "total") & optimal["max_turns_limit"].isna()]
    for _, row in proof.iterrows():
        rows.append({"table": "data/optimal.csv", "total_turns": int(row["total_turns"]), "seconds": float(row["seconds"]),
                     "searches": 1, "engine": row["engine"], "date": str(row["date"])[:10],
                     "machine": row["machine"], "mmlib_version": row["mmlib_version"]})
    timed = benchmarks[benchmarks["strategy"] == "optimal"] if len(benchmarks) else benchmarks
    if len(timed):
        kept = one_machine_one_engine(timed).rows
        latest = latest_rows(kept[kept["game"] == game], ("game",))
        for _, row in latest.iterrows():
            rows.append({"table": "data/benchmarks.csv", "total_turns": int(row["total_turns"]),
                         "seconds": float(row["median_s"]), "searches": int(row["repeats"]), "engine": row["engine"],
                         "date": str(row["date"])[:10], "machine": row["machine"], "mmlib_version": row["mmlib_version"]})
    return pd.DataFrame(rows, columns=["table", "total_turns", "seconds", "searches", "engine", "date", "machine",
                                       "mmlib_version"])
