"""The seed's workloads, replayed by mmlib: its scoring benchmark, and one game at a time.

The scoring seed (seeds/Efficient_Scoring_Functions.md) times its scoring
functions on "all scores necessary to apply Knuth's algorithm to a 4p6c game":
4.49 s plain, 0.92 s hand-vectorized. Its solver of that time played one game
at a time, so the workload here is defined as exactly that:

* each of the 1,296 secrets is played on its own, Knuth's way, from 1122;
* the opening is fixed, so turn 1 searches nothing;
* every later turn whose possible secrets PS hold 2 or more codewords scores
  every codeword (all 1,296 candidates) against every member of PS, and plays
  the best by Knuth's rank (then a member of PS, then the lowest index);
  with |PS| = 1 the secret is known and is played without a search.

Those searches are the workload: `KnuthWorkload.searches` lists each one's PS,
game after game, so the same PS comes back once for every game that reaches it
(nothing is cached: that is what playing one game at a time costs). Scoring the
played guess against the secret and filtering PS add a few scores per turn,
counted apart (`other_scores`) and not timed. The games played are Knuth's:
the turns equal those of `solve(game, "knuth", first_guess=...)` game for game.

`time_scoring_workload` replays the searches with each of mmlib's scoring
variants (mmlib.core.scoring_variants): one `score_rows(game, variant, every
codeword, PS)` call per search, the ordinals written to a fresh block.
`packed_score_loop` returns the assembly numba makes of the packed score loop
(`kernels_cpu.score_block`) and counts its instructions per score.

`time_one_at_a_time` is the seed's reason for playing all games at once: every
secret played on its own with the serial next-guess kernel (with and without a
cache of positions, i.e. of PS) against one `solve` on the cpu backend.
"""

from __future__ import annotations

import re
import statistics
import time
from dataclasses import dataclass, field

import numpy as np

from ..core.games import Game
from ..core.machine import PROVENANCE_COLUMNS, provenance, solve_engine
from ..core.strategies import Strategy

# The seed's figures (inputs, from seeds/Efficient_Scoring_Functions.md and REFERENCE.md).
SEED_SCORING_SECONDS = {"seed: plain C++": 4.4948, "seed: hand-vectorized": 0.9237}
SEED_INSTRUCTIONS_PER_SCORE = 21  # "it's only 21 instructions" (scalar, one score per call)

SCORING_WORKLOAD_COLUMNS = ("workload", "variant", "description", "searches_timed", "scores_timed",
                            "workload_scores", "median_s", "workload_s", "ns_per_score", "repeats",
                            "threads", "command", *PROVENANCE_COLUMNS)
ONE_AT_A_TIME_COLUMNS = ("game", "codewords", "strategy", "first_guess", "method", "median_s",
                         "repeats", "scores", "searches", "total_turns", "threads", "command",
                         *PROVENANCE_COLUMNS)

# Variants too slow to replay in full: replay every k-th search and scale by scores.
SAMPLE_EVERY = {"python": 400, "numpy": 8}


# -- the workload ------------------------------------------------------------------


@dataclass
class KnuthWorkload:
    """Knuth's algorithm playing every game of `game` one at a time (see the module doc)."""

    game: Game
    first_guess: int
    searches: list[np.ndarray]  # PS of each search, sorted codeword indices, game after game
    turns: np.ndarray  # turns of each game (secret), the winning guess included
    other_scores: int  # guess against secret, and PS filtered, on every turn

    @property
    def search_scores(self) -> int:
        """Scores of the searches: every codeword against every member of PS."""
        return self.game.size * int(sum(len(ps) for ps in self.searches))

    @property
    def distinct_searches(self) -> int:
        return len({ps.tobytes() for ps in self.searches})

    def describe(self) -> str:
        return (f"{self.game.name} Knuth from {self.game.format_codeword(self.first_guess)}, one game at "
                f"a time: {len(self.searches):,} searches ({self.distinct_searches:,} distinct PS), "
                f"{self.search_scores:,} scores, plus {self.other_scores:,} to play and filter; "
                f"total turns {int(self.turns.sum()):,}")


def knuth_workload(game: "Game | str" = "4p6c", first_guess: str = "1122") -> KnuthWorkload:
    """The searches Knuth's algorithm makes playing each secret of `game` on its own.

    Built with the plain-numpy score matrix and the reference ranking (so the
    workload does not depend on the variants it times); a search's answer is
    kept by PS only to build the list faster, each search is listed every time.
    """
    from ..core.scoring import score_matrix_reference
    from ..core.solver_reference import REFERENCE_MAX_CODEWORDS, subset_sizes
    from ..core.strategies import best_candidate, entropy_table, rank_rows

    game = Game.parse(game)
    if game.size > REFERENCE_MAX_CODEWORDS:
        raise ValueError(f"the workload holds a score matrix: at most {REFERENCE_MAX_CODEWORDS} codewords")
    first = game.parse_codeword(first_guess, what="first guess")
    scores = score_matrix_reference(game)
    entropy = entropy_table(game.size)
    everyone = np.arange(game.size, dtype=np.int64)
    answers: dict[bytes, int] = {}

    def knuth_guess(ps: np.ndarray) -> int:
        key = ps.tobytes()
        if key not in answers:
            ranks = rank_rows(subset_sizes(scores[:, ps], game.score_slots), int(Strategy.KNUTH), entropy)
            answers[key] = best_candidate(ranks, np.isin(everyone, ps), everyone)
        return answers[key]

    searches, turns, other = [], np.zeros(game.size, dtype=np.int64), 0
    for secret in range(game.size):
        ps, guess, turn = everyone, first, 1
        while True:
            other += 1  # the guess scored against the secret
            score = scores[guess, secret]
            if guess == secret:
                break
            other += len(ps)  # PS filtered by that score
            ps = ps[scores[guess, ps] == score]
            turn += 1
            if len(ps) == 1:
                guess = int(ps[0])
            else:
                searches.append(ps)
                guess = knuth_guess(ps)
        turns[secret] = turn
    return KnuthWorkload(game, first, searches, turns, other)


# -- the scoring variants on it ---------------------------------------------------------


def time_scoring_workload(workload: KnuthWorkload, variants=None, repeats: int = 3,
                          sample_every: "dict | None" = None, command: str = "") -> list[dict]:
    """Rows of SCORING_WORKLOAD_COLUMNS: each variant's median time over the workload's searches.

    Variants in `sample_every` (default SAMPLE_EVERY) replay every k-th search
    only; `workload_s` scales their time by scores to the whole workload.
    """
    import numba
    from tqdm.auto import tqdm

    from ..core.scoring_variants import VARIANTS, score_rows

    sample_every = SAMPLE_EVERY if sample_every is None else sample_every
    chosen = [v for v in VARIANTS if variants is None or v.name in variants]
    game = workload.game
    rows = []
    for v in tqdm(chosen, desc="variants", unit="variant"):
        every = int(sample_every.get(v.name, 1))
        searches = workload.searches[::every]
        score_rows(game, v.name, None, searches[0])  # compile (or load) first
        runs = []
        for _ in range(max(1, repeats)):
            started = time.perf_counter()
            for ps in searches:
                score_rows(game, v.name, None, ps)
            runs.append(time.perf_counter() - started)
        timed = game.size * int(sum(len(ps) for ps in searches))
        median = statistics.median(runs)
        rows.append({
            "workload": f"{game.name} knuth {game.format_codeword(workload.first_guess)} one game at a time",
            "variant": v.name, "description": v.description, "searches_timed": len(searches),
            "scores_timed": timed, "workload_scores": workload.search_scores,
            "median_s": f"{median:.4f}", "workload_s": f"{median * workload.search_scores / timed:.4f}",
            "ns_per_score": f"{median / timed * 1e9:.3f}", "repeats": len(runs),
            "threads": numba.get_num_threads(), "command": command, **provenance("scoring"),
        })
    return rows


# Replaying the workload live, in a notebook cell: every k-th search, so that each variant takes
# half a second or less a run (Python replays 3 of the 9 searches its stored row timed, numpy a fifth
# of its stored row's); "one guess vs all secrets" replays them all, the stored work itself.
REPLAY_EVERY = {"python": 1200, "numpy": 40, "numba-digits": 40, "numba-packed-pairs": 8}


def replay_workload(workload: KnuthWorkload, every: "dict | None" = None, repeats: int = 3):
    """The seed's workload replayed just now, as `time_scoring_workload` times it (one `score_rows`
    call per search, every codeword against its PS), but every k-th search only (`every`, default
    REPLAY_EVERY; 1 where a variant is not named) and timed twice: by the wall clock and by the CPU
    time of the thread, which leaves out the time the thread waited for a core while other
    processes ran. A DataFrame with one row per variant: the searches and scores replayed, the best
    of `repeats` runs by the wall clock and the least CPU time of the runs (`best_s`, `best_cpu_s`) and their ns
    per score (`ns_per_score`, `ns_per_score_cpu`), as the live table of the variants takes them, the
    median by the wall clock (`median_s`, as the stored rows take it), the machine's 1-minute
    load average as the replay began (`load_avg`), and `alternating` False: its runs did not take
    turns with those of the live table (`time_variants_beside_replay` does that)."""
    from ..core.scoring_variants import VARIANTS, load_average, score_rows, timed_twice

    load = load_average()
    rows = []
    for v in VARIANTS:
        k, searches = _replayed(workload, v.name, every)
        score_rows(workload.game, v.name, None, searches[0])  # compile (or load) first
        runs = [timed_twice(_replay(workload.game, v.name, searches)) for _ in range(max(1, repeats))]
        rows.append(_replay_row(workload.game, v, k, searches, runs))
    return _replay_frame(rows, load, alternating=False)


def time_variants_beside_replay(workload: KnuthWorkload, every: "dict | None" = None, repeats: int = 3):
    """`scoring_variants.time_variants` on the workload's game and `replay_workload` on the workload,
    in one timing whose runs take turns: for each variant, a run of every guess against every
    secret, then a run of the replay, `repeats` times, so that whatever the machine does meanwhile
    (other processes, their load) falls on the two shapes of work alike. Returns the two DataFrames,
    as the two functions return them, with one load average (as the timing began) in both, and the
    replay's `alternating` True."""
    from ..core.scoring_variants import (VARIANTS, classic_game, load_average, score_rows, timed_twice,
                                         timing_row, timings_frame, variant_guesses)

    game = classic_game(workload.game)
    load = load_average()
    timing_rows, replay_rows = [], []
    for v in VARIANTS:
        guesses = variant_guesses(game, v)
        k, searches = _replayed(workload, v.name, every)
        score_rows(game, v.name, guesses[:1])  # compile (or load) first
        score_rows(game, v.name, None, searches[0])
        every_pair, replayed = [], []
        for _ in range(max(1, repeats)):
            every_pair.append(timed_twice(lambda name=v.name: score_rows(game, name, guesses)))
            replayed.append(timed_twice(_replay(game, v.name, searches)))
        timing_rows.append(timing_row(game, v, guesses, every_pair))
        replay_rows.append(_replay_row(game, v, k, searches, replayed))
    return timings_frame(timing_rows, load), _replay_frame(replay_rows, load, alternating=True)


def _replayed(workload: KnuthWorkload, name: str, every: "dict | None") -> "tuple[int, list]":
    """(k, every k-th search of the workload) for the variant `name`."""
    k = int((REPLAY_EVERY if every is None else every).get(name, 1))
    return k, workload.searches[::k]


def _replay(game: Game, name: str, searches: list):
    """One run of the replay: every codeword against the PS of each search, one call a search."""
    from ..core.scoring_variants import score_rows

    def run():
        for ps in searches:
            score_rows(game, name, None, ps)
    return run


def _replay_row(game: Game, v, k: int, searches: list, runs: "list[tuple[float, float]]") -> dict:
    wall = [w for w, _ in runs]
    best = min(wall)  # the best run by the wall clock
    best_cpu = min(c for _, c in runs)  # and the least CPU time, as `scoring_variants.timing_row` takes them
    scores = game.size * int(sum(len(ps) for ps in searches))
    return {"variant": v.name, "description": v.description, "every": k, "searches": len(searches),
            "scores": scores, "runs": len(runs), "best_s": best, "best_cpu_s": best_cpu,
            "median_s": statistics.median(wall), "ns_per_score": best / scores * 1e9,
            "ns_per_score_cpu": best_cpu / scores * 1e9}


def _replay_frame(rows: "list[dict]", load: float, alternating: bool):
    import pandas as pd

    frame = pd.DataFrame(rows)
    frame["load_avg"] = load
    frame["alternating"] = alternating
    return frame


@dataclass
class WorkloadCoverage:
    """What rows of data/seed_scoring_workload.csv timed: the workload's scores and searches, the
    runs each row's median is of, and the variants that timed a share of the searches (with that
    share of the scores), for a caption to say once."""

    scores: int
    searches: int
    repeats: list[int]
    sampled: list[tuple[str, float, int, int]]  # (description, share of the scores timed, scores and searches timed)

    def sampled_text(self) -> str:
        """'Python (0.124% of the scores: 484,704 in 9 searches) and numpy (12.1% of the scores:
        47,359,728 in 445 searches)' (each variant by the first words of its description), or '' if
        every variant timed everything."""
        parts = [f"{name.split(',')[0]} ({100 * share:.3g}% of the scores: {scores:,} in {searches:,} searches)"
                 for name, share, scores, searches in self.sampled]
        if len(parts) <= 1:
            return "".join(parts)
        return ", ".join(parts[:-1]) + " and " + parts[-1]


def workload_coverage(rows) -> WorkloadCoverage:
    """`WorkloadCoverage` of the rows (a DataFrame of SCORING_WORKLOAD_COLUMNS). The searches are
    those of a variant that timed every score (every such row names them all)."""
    scores = int(rows["workload_scores"].iloc[0]) if len(rows) else 0
    timed = rows["scores_timed"].astype(int) if "scores_timed" in rows else rows["workload_scores"].astype(int)
    whole = rows[timed >= rows["workload_scores"].astype(int)]
    searches = int(whole["searches_timed"].max()) if len(whole) and "searches_timed" in whole else 0
    names = rows["description"] if "description" in rows else rows["variant"]
    searched = rows["searches_timed"].astype(int) if "searches_timed" in rows else [0] * len(rows)
    sampled = [(str(name), int(part) / int(total), int(part), int(searches)) for name, part, total, searches
               in zip(names, timed, rows["workload_scores"], searched) if int(part) < int(total)]
    repeats = sorted({int(r) for r in rows["repeats"]}) if "repeats" in rows else []
    return WorkloadCoverage(scores, searches, repeats, sampled)


# -- the assembly of the packed score loop ---------------------------------------------------


@dataclass
class AssemblyLoop:
    """One loop of the compiled kernel: its instructions and how many scores one pass makes."""

    label: str
    instructions: list[str]
    scores_per_iteration: int
    wide_colors: bool  # the loop for more than 8 colors (two color-count words)

    @property
    def instructions_per_score(self) -> float:
        return len(self.instructions) / self.scores_per_iteration

    @property
    def full_score(self) -> bool:
        """Whether the loop computes the whole score: it reads the 64-bit color counts (an index
        scaled by 8) for all hits. LLVM also writes black-only copies of the loop (it unswitches
        on the loop-invariant BLACK_ONLY_BIT of the score mask), which read the 32-bit words only."""
        return any(_COUNTS_LOAD.search(line) for line in self.instructions)

    @property
    def vectorized(self) -> bool:
        """Whether the loop uses vector registers (xmm, ymm, zmm); a loop that does not, and still
        makes several scores a pass, is unrolled: one secret after the other."""
        return any(_VECTOR_REGISTER.search(line) for line in self.instructions)

    def text(self) -> str:
        return "\n".join([f"{self.label}:"] + [f"    {line}" for line in self.instructions])


@dataclass
class PackedScoreAssembly:
    asm: str  # the whole function, as numba's inspect_asm() gives it
    loops: list[AssemblyLoop] = field(default_factory=list)

    def loop(self, wide_colors: bool = False) -> AssemblyLoop:
        """The main loop (fewest instructions per score) of the whole score, black and all hits,
        for up to 8 colors, or for more; the others are the remainder loops that finish the last
        few secrets, and the black-only copies (rule variants that score black pins only)."""
        return min((loop for loop in self.loops if loop.wide_colors == wide_colors and loop.full_score),
                   key=lambda loop: loop.instructions_per_score)

    def leftover_loop(self, wide_colors: bool = False) -> "AssemblyLoop | None":
        """The loop that scores the secrets the main loop leaves: those past its last full pass (all
        of them when a call has fewer secrets than one pass scores). LLVM writes it unvectorized:
        the whole score's loop of that width with the fewest scores per pass."""
        main = self.loop(wide_colors)
        others = [loop for loop in self.loops if loop.wide_colors == wide_colors and loop.full_score
                  and loop.scores_per_iteration < main.scores_per_iteration]
        return min(others, key=lambda loop: (loop.scores_per_iteration, len(loop.instructions))) if others else None

    def counted(self, seed_instructions: int = SEED_INSTRUCTIONS_PER_SCORE, wide_colors: bool = False) -> str:
        """Lines for under the listing of the main loop: its instructions per score, the leftover
        loop's (not listed), and the seed's scoreCountingHandVec's beside the main loop's, each
        ratio written with the counts it comes from so that a reader can redo it ('29 ÷ 8 = 3.625
        per score'; '21 ÷ 3.625 = 5.8 times as many'). A count of instructions is no time: the
        notebook says why."""
        main = self.loop(wide_colors)
        count, scores = len(main.instructions), main.scores_per_iteration
        per_score = f"{main.instructions_per_score:.4g}"
        lines = [f"the listed loop: {count} instructions for {scores} scores, {count} ÷ {scores} = {per_score} per score"]
        leftover = self.leftover_loop(wide_colors)
        if leftover is not None:
            n, k = len(leftover.instructions), leftover.scores_per_iteration
            # only the counts: the notebook's prose says what the leftover loop scores and how
            lines += [f"the leftover loop, not listed: {n} instructions for {k} score{'s' if k > 1 else ''}, {n} ÷ {k} = "
                      f"{leftover.instructions_per_score:.4g} per score"]
        lines += [f"the seed's scoreCountingHandVec: {seed_instructions} instructions for 1 score,",
                  f"    {seed_instructions} ÷ {per_score} = {seed_instructions / main.instructions_per_score:.2g} "
                  f"times as many as the listed loop"]
        return "\n".join(lines)


_LABEL = re.compile(r"^(\.LBB\d+_\d+):")
_JUMP = re.compile(r"^\s+j\w+\s+(\.LBB\d+_\d+)")
_STEP = re.compile(r"^add[ql]\s+\$(\d+),\s+(%\w+)")
_VECTOR_REGISTER = re.compile(r"%[xyz]mm\d+")
_COUNTS_LOAD = re.compile(r"\(%\w+,%\w+,8\)")  # a load of 64-bit color counts: base, index scaled by 8


def packed_score_loop(game: "Game | str" = "4p6c") -> PackedScoreAssembly:
    """The x86 assembly numba makes of `kernels_cpu.score_block`, the packed score loop.

    The kernel is compiled afresh (numba shows no assembly for code loaded
    from its cache) for the argument types the solver passes. Its score loops
    are the loops of one basic block (the vectorized bodies; LLVM writes one
    for up to 8 colors and one for more); scores per pass are read from the
    step of the loop counter that the closing compare tests (it counts secrets).
    """
    import numba

    from ..core import kernels_cpu
    from ..core.scoring import score_mask

    game = Game.parse(game)
    cw = game.codewords
    kernel = numba.njit(kernels_cpu.score_block.py_func)
    out = np.empty(game.size, dtype=np.uint8)
    kernel(cw.words[0], cw.counts_lo[0], cw.counts_hi[0], cw.words, cw.counts_lo, cw.counts_hi,
           game.pins, score_mask(game), game.colors > 8, out)
    asm = kernel.inspect_asm(kernel.signatures[0])
    return PackedScoreAssembly(asm, _vector_loops(asm))


def _vector_loops(asm: str) -> list[AssemblyLoop]:
    lines = asm.splitlines()
    loops = []
    for start, line in enumerate(lines):
        match = _LABEL.match(line)
        if not match:
            continue
        body = []
        for following in lines[start + 1:]:
            if _LABEL.match(following):
                break
            code = following.split("#")[0].strip()
            if not code or code.startswith("."):
                continue
            body.append(code)
            jump = _JUMP.match(following)
            if jump:
                break
        if not body or not _JUMP.match("\t" + body[-1]) or _JUMP.match("\t" + body[-1]).group(1) != match.group(1):
            continue  # not a loop that jumps back to its own start
        if len(body) < 10:
            continue  # a copy or fill loop, not the score loop
        compare = next((i for i in reversed(body) if i.startswith("cmp")), "")
        step = 1
        for instruction in body:
            found = _STEP.match(instruction)
            if found and found.group(2) in compare:
                step = int(found.group(1))
        # Loads of the 8-byte color-count words: one array with up to 8 colors, two above.
        color_words = len({m for i in body for m in re.findall(r"\(%\w+,%\w+,8\)", i)})
        loops.append(AssemblyLoop(match.group(1), body, step, wide_colors=color_words >= 2))
    return loops


# -- one game at a time against all at once ---------------------------------------------------


def play_one_at_a_time(game: "Game | str", strategy: "str | Strategy", first_guess: str,
                       cache: bool) -> dict:
    """Play every secret on its own with the serial next-guess kernel; with `cache`, each PS's
    answer is kept (a cache of positions). Returns turns per game, scores, searches, seconds."""
    from ..core.next_guess import choose_next_guess
    from ..core.scoring import score_ordinals

    game = Game.parse(game)
    strategy = Strategy.parse(strategy)
    first = game.parse_codeword(first_guess, what="first guess")
    everyone = np.arange(game.size, dtype=np.int64)
    answers: dict[bytes, int] = {}
    turns = np.zeros(game.size, dtype=np.int64)
    scores = searches = 0
    started = time.perf_counter()
    for secret in range(game.size):
        ps, guess, turn = everyone, first, 1
        while guess != secret:
            ordinals = score_ordinals(game, guess, ps)  # PS scored against the guess: filter it
            ps = ps[ordinals == ordinals[np.searchsorted(ps, secret)]]
            scores += len(ordinals) + 1
            turn += 1
            key = ps.tobytes()
            if cache and key in answers:
                guess = answers[key]
                continue
            guess, cost = choose_next_guess(game, strategy, ps)
            scores += cost
            searches += cost > 0
            if cache:
                answers[key] = guess
        turns[secret] = turn
    return {"turns": turns, "scores": scores, "searches": searches,
            "seconds": time.perf_counter() - started}


def time_one_at_a_time(games, strategies, repeats: int = 3, long_s: float = 5.0,
                       command: str = "") -> list[dict]:
    """Rows of ONE_AT_A_TIME_COLUMNS: one game at a time (no cache, cache) against `solve`.

    `solve` runs on the cpu backend with case equivalence off and its table's
    opening, which both one-at-a-time players use too; every method must give
    the same turns for every game. A method whose first run takes over
    `long_s` seconds is not repeated.
    """
    import numba
    from tqdm.auto import tqdm

    from ..core.solve import solve

    rows = []
    plan = [(Game.parse(g), Strategy.parse(s)) for g in games for s in strategies]
    solve("3p3c", "knuth", "cpu", case_equivalence="off")  # compile (or load) the kernels
    play_one_at_a_time("3p3c", "knuth", "112", cache=False)
    for game, strategy in tqdm(plan, desc="one at a time", unit="solve"):
        reference = solve(game, strategy, "cpu", case_equivalence="off")
        first = reference.first_guess_text
        methods = {
            "all at once (solve, cpu)": lambda: _timed_solve(game, strategy, first),
            "one at a time, cache of positions": lambda: play_one_at_a_time(game, strategy, first, True),
            "one at a time, no cache": lambda: play_one_at_a_time(game, strategy, first, False),
        }
        for method, run in methods.items():
            runs = [run()]
            while len(runs) < repeats and runs[0]["seconds"] <= long_s:
                runs.append(run())
            if not np.array_equal(runs[0]["turns"], reference.turns):
                raise AssertionError(f"{game.name} {strategy.label} {method}: turns differ from solve")
            rows.append({
                "game": game.name, "codewords": game.size, "strategy": strategy.label,
                "first_guess": first, "method": method,
                "median_s": f"{statistics.median(r['seconds'] for r in runs):.4f}", "repeats": len(runs),
                "scores": runs[0]["scores"], "searches": runs[0]["searches"],
                "total_turns": int(runs[0]["turns"].sum()), "threads": numba.get_num_threads(),
                "command": command, **provenance("solve-cpu"),  # every method runs the cpu kernels
            })
    return rows


def _timed_solve(game: Game, strategy: Strategy, first: str) -> dict:
    from ..core.solve import solve

    result = solve(game, strategy, "cpu", first, case_equivalence="off")
    searches = sum(s.fd_regions + s.searched_regions for s in result.turn_stats)
    return {"turns": result.turns, "scores": result.scores, "searches": searches,
            "seconds": result.elapsed_s}


# -- case equivalence in small regions -------------------------------------------------------

CE_THRESHOLD_COLUMNS = ("game", "codewords", "strategy", "first_guess", "backend", "setting",
                        "ce_min_region", "median_s", "repeats", "scores", "scores_saved", "total_turns",
                        "threads", "command", *PROVENANCE_COLUMNS)


def time_ce_threshold(games, strategies, thresholds=(1, 6), repeats: int = 3, backend: str = "cpu",
                      command: str = "") -> list[dict]:
    """Rows of CE_THRESHOLD_COLUMNS: each solve with case equivalence off, and on only in regions
    of at least t games for each t of `thresholds`, the settings taking turns in every repeat
    (so a change in the machine's load hits all alike). Every setting must play the same games."""
    import numba
    from tqdm.auto import tqdm

    from ..core.solve import solve

    settings = [("off", 0)] + [("on", int(t)) for t in thresholds]
    for mode in ("off", "on"):
        solve("3p4c", "knuth", backend, case_equivalence=mode)  # compile (or load) the kernels
    rows = []
    plan = [(Game.parse(g), Strategy.parse(s)) for g in games for s in strategies]
    for game, strategy in tqdm(plan, desc="ce threshold", unit="game"):
        runs: dict[tuple, list] = {setting: [] for setting in settings}
        for _ in range(max(1, repeats)):
            for mode, threshold in settings:
                runs[(mode, threshold)].append(solve(game, strategy, backend, case_equivalence=mode,
                                                     ce_min_region=threshold))
        expected = runs[settings[0]][0]
        for (mode, threshold), results in runs.items():
            first = results[0]
            if not np.array_equal(first.turns, expected.turns):
                raise AssertionError(f"{game.name} {strategy.label}: ce_min_region {threshold} changed the turns")
            rows.append({
                "game": game.name, "codewords": game.size, "strategy": strategy.label,
                "first_guess": first.first_guess_text, "backend": backend,
                "setting": "off" if mode == "off" else f"on from {threshold}",
                "ce_min_region": threshold if mode == "on" else "",
                "median_s": f"{statistics.median(r.elapsed_s for r in results):.4f}",
                "repeats": len(results), "scores": first.scores, "scores_saved": first.scores_saved,
                "total_turns": first.total_turns, "threads": numba.get_num_threads(), "command": command,
                **provenance(solve_engine(backend), backend),
            })
    return rows
