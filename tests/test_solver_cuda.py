"""The `cuda` backend against the reference solver.

In CI there is no GPU: tests/conftest.py turns on numba-cuda's simulator
(NUMBA_ENABLE_CUDASIM=1), which runs every kernel thread as a Python thread.
The fixture below patches the tunables of mmlib.core.config down (a few threads per
block, tiny chunks and ACr buffer) so that the simulator stays fast and the
chunking and refilling paths run even on small games. With MMLIB_REAL_GPU=1 on
a machine with a GPU, the same tests run on the device with the real tunables,
plus larger games against the cpu backend.

Cost on the simulator: about a minute in all (the matrix of 4 games x 4
strategies x case equivalence on/off is most of it).
"""

from __future__ import annotations

import os
import pickle
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

import numpy as np
import pytest

from mmlib.core import config
from mmlib.core.case_equivalence import acr_candidates, acr_size, region_zero_free
from mmlib.core.games import Game
from mmlib.core.scoring import score_matrix_reference
from mmlib.core.solve import solve
from mmlib.core.solver_cuda import NO_GPU_MESSAGE, cuda_gpu_available, using_simulator
from mmlib.core.solver_reference import fully_discriminating_guess

ROOT = Path(__file__).resolve().parent.parent
SIMULATED = using_simulator()

if not cuda_gpu_available():
    pytest.skip("no CUDA GPU and the simulator is off (set NUMBA_ENABLE_CUDASIM=1)",
                allow_module_level=True)

# Small enough for the simulator, large enough to exercise every path: several
# blocks per region, chunks of a few regions, ACr buffer refills between rounds.
SIMULATOR_CONFIG = {
    "GAME_THREADS": 8,
    "MAX_GRID_BLOCKS": 2,
    "SCAN_THREADS": 4,
    "SCAN_ITEMS": 16,
    "REGION_THREADS": 8,
    "COLOR_RUN": 4,
    "TINY_THREADS": 8,
    "FD_THREADS": 4,
    "FD_MAX_BLOCKS": 2,
    "SUBSET_THREADS": {1: 8, 2: 8, 4: 4},
    "REDUCE_THREADS": 4,
    "REGIONS_PER_CHUNK": 3,
    "MAX_BLOCKS_PER_LAUNCH": 24,
    "ACR_BUFFER_CODEWORDS": 100,
}
STRATEGIES = ("knuth", "expected-size", "entropy", "most-parts")
GAMES = ("2p3c", "3p3c", "3p4c", "4p3c")


@pytest.fixture(autouse=True, scope="module")
def small_tunables():
    """Patch the tunables down on the simulator; keep the real ones on a GPU."""
    if not SIMULATED:
        yield
        return
    # The simulator's block manager polls its threads; a short GIL switch
    # interval keeps each __syncthreads() from costing milliseconds.
    switch_interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-4)
    with pytest.MonkeyPatch.context() as patch:
        for name, value in SIMULATOR_CONFIG.items():
            patch.setattr(config, name, value)
        yield
    sys.setswitchinterval(switch_interval)


_reference_results = {}


def reference(game: str, strategy: str):
    key = (game, strategy)
    if key not in _reference_results:
        _reference_results[key] = solve(game, strategy, "reference")
    return _reference_results[key]


def expected_scores_with_case_equivalence(game: Game, result) -> list[int]:
    """Per-turn scores when full searches score only the class representatives.

    Independent of the solvers' bookkeeping: regions are rebuilt from the
    reference result's guesses and plain-numpy scores, Zero/Free from the
    readable `region_zero_free`, |ACr| from the closed form.
    """
    scores = score_matrix_reference(game)
    per_turn = [s.games_active for s in result.turn_stats]
    for turn in range(1, len(per_turn) + 1):  # regions formed by the scores of turns 1..turn
        regions = defaultdict(list)
        for secret in np.flatnonzero(result.turns > turn):
            seen = tuple(int(scores[result.guesses[t, secret], secret]) for t in range(turn))
            regions[seen].append(int(secret))
        for ps in regions.values():
            k = len(ps)
            if k <= 2:
                continue
            if k <= game.num_scores:
                per_turn[turn - 1] += k * k
                if fully_discriminating_guess(scores, np.array(ps)) is not None:
                    continue
            played = [int(result.guesses[t, ps[0]]) for t in range(turn)]
            zero, free = region_zero_free(game, ps, played)
            per_turn[turn - 1] += k * acr_size(game.pins, game.colors, zero.bit_count(), free.bit_count())
    return per_turn


def assert_same_games(result, expected):
    assert result.backend == "cuda"
    assert result.guesses.dtype == np.int32
    np.testing.assert_array_equal(result.guesses, expected.guesses)
    np.testing.assert_array_equal(result.turns, expected.turns)
    assert [(s.turn, s.games_active, s.regions) for s in result.turn_stats] == \
        [(s.turn, s.games_active, s.regions) for s in expected.turn_stats]


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("game", GAMES)
def test_cuda_equals_reference_without_case_equivalence(game, strategy):
    result = solve(game, strategy, "cuda", case_equivalence="off")
    expected = reference(game, strategy)
    assert_same_games(result, expected)
    assert result.turn_stats == expected.turn_stats
    assert result.scores == expected.scores
    assert not result.case_equivalence and result.scores_saved == 0


@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("game", GAMES)
def test_cuda_with_case_equivalence_plays_the_same_games(game, strategy):
    """Searching ACr changes no guess; it changes the scores exactly by the ACr sizes."""
    result = solve(game, strategy, "cuda", case_equivalence="on")
    expected = reference(game, strategy)
    assert_same_games(result, expected)
    assert result.case_equivalence
    per_turn = expected_scores_with_case_equivalence(Game.parse(game), expected)
    assert [s.scores for s in result.turn_stats] == per_turn
    assert result.scores == sum(per_turn)
    assert result.scores_saved == expected.scores - result.scores


@pytest.mark.parametrize("game", ["3p4c", "4p3c"])
def test_turn_costs_agree_with_the_other_backends(game):
    """How each way settled the regions is the same on every backend; the seconds add up."""
    expected = reference(game, "knuth")
    cpu = solve(game, "knuth", "cpu", case_equivalence="off")
    ways = [[(s.tiny_regions, s.fd_regions, s.searched_regions) for s in r.turn_stats]
            for r in (expected, cpu)]
    assert ways[0] == ways[1]
    for mode in ("off", "on"):
        result = solve(game, "knuth", "cuda", case_equivalence=mode)
        assert [(s.tiny_regions, s.fd_regions, s.searched_regions) for s in result.turn_stats] == ways[0]
        for stats in result.turn_stats:
            assert stats.tiny_regions + stats.fd_regions + stats.searched_regions == stats.regions
            assert stats.phase1_s >= 0 and stats.phase2_s >= 0
            assert abs(stats.seconds - stats.phase1_s - stats.phase2_s) < 1e-9
        total = sum(s.seconds for s in result.turn_stats)
        assert total <= result.elapsed_s + 1e-6 and total >= 0.8 * result.elapsed_s - 0.05
    assert sum(s.searched_regions for s in expected.turn_stats) > 0


@pytest.mark.parametrize("threshold", [4, 6])
def test_ce_min_region_matches_the_reference(threshold):
    """Case equivalence only in regions of `threshold` games or more: the reference's scores."""
    expected = solve("3p4c", "knuth", "reference", case_equivalence="on", ce_min_region=threshold)
    result = solve("3p4c", "knuth", "cuda", case_equivalence="on", ce_min_region=threshold)
    assert_same_games(result, expected)
    assert (result.scores, result.scores_saved) == (expected.scores, expected.scores_saved)
    assert result.turn_stats == expected.turn_stats


def test_case_equivalence_saves_scores_where_colors_are_free():
    """3p4c opens with 112: colors 3 and 4 are Free, so ACr is smaller than every codeword."""
    result = solve("3p4c", "knuth", "cuda", case_equivalence="on")
    assert result.scores_saved > 0
    assert result.scores + result.scores_saved == reference("3p4c", "knuth").scores


@pytest.mark.parametrize("strategy", ["entropy"])
def test_more_than_eight_colors_use_the_wide_counts(strategy):
    """2p9c: color 9 lives in the high color-count word, which <= 8-color games skip."""
    result = solve("2p9c", strategy, "cuda", case_equivalence="off")
    expected = reference("2p9c", strategy)
    assert_same_games(result, expected)
    assert result.scores == expected.scores


@pytest.mark.parametrize("counter_bytes", [2, 4])
@pytest.mark.parametrize("game, strategy", [("3p3c", "knuth"), ("4p3c", "entropy")])
def test_wide_counters_give_the_same_guesses(counter_bytes, game, strategy, monkeypatch):
    """The 16- and 32-bit counter specialisations (used for |PS| >= 256) on small games."""
    monkeypatch.setattr(config, "MIN_COUNTER_BYTES", counter_bytes)
    result = solve(game, strategy, "cuda", case_equivalence="off")
    expected = reference(game, strategy)
    assert_same_games(result, expected)
    assert result.scores == expected.scores


def assert_solves_as_the_reference_with_case_equivalence(game, strategy):
    """The cuda backend with case equivalence on plays the reference's games; its scores and the
    scores case equivalence saved add up to the reference's."""
    result = solve(game, strategy, "cuda", case_equivalence="on")
    expected = reference(game, strategy)
    assert_same_games(result, expected)
    assert result.scores + result.scores_saved == expected.scores


@pytest.mark.parametrize("hits_form, counter_bytes", [("lanes", 1), ("thermometer", 2), ("lanes", 4),
                                                     ("thermometer", 4)])
@pytest.mark.parametrize("game, strategy", [("3p4c", "expected-size"), ("2p9c", "most-parts")])
def test_both_forms_of_the_hits_give_the_same_guesses(hits_form, counter_bytes, game, strategy, monkeypatch):
    """config.SUBSET_HITS: the subsetting kernel's two ways to count all hits, with counters of
    each width."""
    monkeypatch.setattr(config, "SUBSET_HITS", hits_form)
    monkeypatch.setattr(config, "MIN_COUNTER_BYTES", counter_bytes)
    assert_solves_as_the_reference_with_case_equivalence(game, strategy)


@pytest.mark.parametrize("rank_form, hits_form, counter_bytes", [("running", "thermometer", 1),
                                                                  ("running", "lanes", 2),
                                                                  ("running", "thermometer", 4),
                                                                  ("pass", "thermometer", 1)])
@pytest.mark.parametrize("game, strategy", [("3p4c", "knuth"), ("3p4c", "expected-size"),
                                            ("2p9c", "most-parts"), ("3p3c", "entropy")])
def test_both_ways_to_rank_give_the_same_guesses(rank_form, hits_form, counter_bytes, game, strategy,
                                                 monkeypatch):
    """config.SUBSET_RANK: the rank kept up to date as counters grow, or ranked in a pass after the
    loop, with counters of each width, against the reference (Entropy always ranks in a pass)."""
    monkeypatch.setattr(config, "SUBSET_RANK", rank_form)
    monkeypatch.setattr(config, "SUBSET_HITS", hits_form)
    monkeypatch.setattr(config, "MIN_COUNTER_BYTES", counter_bytes)
    assert_solves_as_the_reference_with_case_equivalence(game, strategy)


def test_running_rank_strategy_follows_the_config(monkeypatch):
    from mmlib.core.solver_cuda import running_rank_strategy
    from mmlib.core.strategies import Strategy

    monkeypatch.setattr(config, "SUBSET_RANK", "running")
    assert [running_rank_strategy(s) for s in Strategy] == [0, 1, -1, 3]
    monkeypatch.setattr(config, "SUBSET_RANK", "pass")
    assert [running_rank_strategy(s) for s in Strategy] == [-1, -1, -1, -1]
    monkeypatch.setattr(config, "SUBSET_RANK", "sideways")
    with pytest.raises(ValueError, match="SUBSET_RANK"):
        running_rank_strategy(Strategy.KNUTH)


@pytest.mark.parametrize("hits_form", ["lanes", "thermometer"])
@pytest.mark.parametrize("game", ["6p11c", "5p13c", "4p10c"])
def test_the_subsetting_kernel_ranks_as_the_reference_past_64_thermometer_bits(game, hits_form, monkeypatch):
    """Games of pins x colors > 64 need the thermometer's high word (6p11c, 5p13c; 4p10c has one
    word): too large to solve on the simulator, so the kernel ranks candidates of one region
    (through `GpuSearcher`, the cluster's path to the same kernel, one task per candidate)
    against numpy's scores, every candidate's rank and in-PS flag."""
    from mmlib.core.solver_cuda import GpuSearcher
    from mmlib.core.scoring import score_block_reference
    from mmlib.core.strategies import Strategy, entropy_table, rank_rows

    monkeypatch.setattr(config, "SUBSET_HITS", hits_form)
    game = Game.parse(game)
    rng = np.random.default_rng(game.colors)
    # The last codewords hold 5 or 6 of the last color T, whose thermometer bits reach past 64 in
    # 6p11c: TTTTTx (last), TTTTxT (swapped) and TTTTxy beside them. A count lost from the high
    # word would move a secret into a subset that is not empty, and change the ranks: against
    # TTTTTx, TTTTxT (4, 2) would fall in with TTTTxy (4, 1).
    last = game.size - 1 - np.arange(game.colors)
    swapped = game.size - 1 - game.colors * np.arange(game.colors)
    secrets = np.unique(np.concatenate([rng.integers(0, game.size, size=20), last[:6], swapped[:6],
                                        swapped[1:6] - 1]))
    # Candidates: near copies of secrets (many blacks and hits), last codewords, random ones,
    # and two secrets themselves.
    candidates = np.unique(np.concatenate([
        np.clip(secrets[:8] + rng.integers(-2, 3, size=8), 0, game.size - 1),
        last[::2], rng.integers(0, game.size, size=10), secrets[:2]]))
    counts = np.zeros((candidates.size, game.score_slots), dtype=np.int64)
    for row, ordinals in enumerate(score_block_reference(game, candidates, secrets)):
        counts[row] = np.bincount(ordinals, minlength=game.score_slots)
    every = np.arange(candidates.size)
    for strategy in Strategy:
        searcher = GpuSearcher(game, strategy)
        index, rank, in_ps = searcher.search(secrets, [secrets.size], ([0], [candidates.size], candidates),
                                             (np.zeros_like(every), every, every + 1))
        np.testing.assert_array_equal(index, candidates)
        np.testing.assert_array_equal(rank, rank_rows(counts, int(strategy), entropy_table(game.size)))
        np.testing.assert_array_equal(in_ps, np.isin(candidates, secrets))


def test_device_acr_lists_equal_the_class_representatives():
    """build_acr on the device lists exactly acr_candidates, for several Zero/Free sets."""
    from numba import cuda

    from mmlib.core import kernels_cuda

    game = Game(3, 5)
    codewords = game.codewords
    words = cuda.to_device(codewords.words)
    pairs = [(0, 0b11000), (0b00011, 0), (0b00011, 0b11000), (0b00111, 0b11000), (0b01100, 0b10001)]
    sizes = [acr_size(3, 5, z.bit_count(), f.bit_count()) for z, f in pairs]
    acr = cuda.device_array(sum(sizes), dtype=np.int32)
    fill = cuda.to_device(np.zeros(len(pairs), dtype=np.int32))
    build = kernels_cuda.make_acr_kernel()
    base = 0
    for slot, ((zero, free), size) in enumerate(zip(pairs, sizes)):
        kernels_cuda.launch(build, 4, 8, words, np.int64(game.size), np.int64(zero), np.int64(free),
                            np.int64(game.pins), acr, np.int64(base), np.int64(size), fill, np.int64(slot))
        base += size
    listed = acr.copy_to_host()
    np.testing.assert_array_equal(fill.copy_to_host(), sizes)
    base = 0
    for (zero, free), size in zip(pairs, sizes):
        expected = acr_candidates(game, zero, free)
        assert len(expected) == size < game.size
        np.testing.assert_array_equal(np.sort(listed[base:base + size]), expected)
        base += size


def test_progress_bar_per_turn(capsys):
    result = solve("2p3c", "knuth", "cuda", progress=True)
    err = capsys.readouterr().err
    assert result.max_turns >= 2
    assert "2p3c knuth cuda turn 1" in err and f"turn {result.max_turns}" in err


def _without_simulator_env() -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("NUMBA_ENABLE_CUDASIM", "MMLIB_REAL_GPU")}
    env["NUMBA_ENABLE_CUDASIM"] = "0"
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def test_without_a_gpu_the_cli_says_so_in_one_line():
    env = _without_simulator_env()
    api = subprocess.run(
        [sys.executable, "-c",
         "from mmlib import solve\n"
         "from mmlib.core.solver_cuda import cuda_gpu_available\n"
         "print(cuda_gpu_available())\n"
         "try:\n    solve('2p3c', 'knuth', 'cuda')\n"
         "except ValueError as error:\n    print(type(error).__name__, error)\n"],
        capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    if api.stdout.startswith("True"):
        pytest.skip("this machine has a CUDA GPU")
    assert api.stdout == f"False\nNoCudaGpuError {NO_GPU_MESSAGE}\n", api.stderr
    cli = subprocess.run([sys.executable, "-m", "mmlib", "solve", "2p3c", "--backend", "cuda"],
                         capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)
    assert cli.returncode == 2
    assert cli.stderr == f"error: {NO_GPU_MESSAGE}\n"
    assert cli.stdout == ""


def _nvvm_missing_reason() -> "str | None":
    try:
        from cuda.pathfinder import load_nvidia_dynamic_lib
    except ImportError:
        return "cuda-pathfinder is not installed"
    for library in ("nvvm", "nvrtc"):
        try:
            load_nvidia_dynamic_lib(library)
        except Exception:  # noqa: BLE001 (not found, whatever the error class)
            return f"lib{library} not found: pip install nvidia-nvvm nvidia-cuda-nvrtc to compile PTX"
    return None


@pytest.mark.skipif(not SIMULATED, reason="on a GPU the kernels compile for real in the other tests")
def test_every_kernel_compiles_to_ptx_for_h100(tmp_path, monkeypatch):
    """Compile what the solver launches, with the argument types it launches with, for sm_90.

    The simulator runs kernels as Python and would not notice a typing error
    that the real CUDA target rejects; this catches those without a GPU.
    """
    reason = _nvvm_missing_reason()
    if reason:
        pytest.skip(reason)
    from mmlib.core import kernels_cuda

    with kernels_cuda.record_launches() as recorded:
        solve("3p4c", "entropy", "cuda", case_equivalence="on")
        # The 2-pin launches (scans over several blocks included): 2p5c makes the same ones, with
        # the same argument types, as 2p9c did, in a tenth of the simulated time.
        solve("2p5c", "expected-size", "cuda", case_equivalence="off")
        for width in (2, 4):
            monkeypatch.setattr(config, "MIN_COUNTER_BYTES", width)
            solve("3p3c", "knuth", "cuda", case_equivalence="off")
    names = {name for _factory, _arguments, name, _types in recorded}
    assert {"score_turn", "scatter", "scan_blocks", "tiny_regions", "fully_discriminating",
            "subsetting", "reduce_best", "build_acr", "zero_free", "region_colors"} <= names
    recorded_file = tmp_path / "launches.pickle"
    recorded_file.write_bytes(pickle.dumps(recorded))
    compiled = subprocess.run(
        [sys.executable, "-c",
         "import pickle, sys\n"
         "from mmlib.core.kernels_cuda import compile_recorded_to_ptx\n"
         "sizes = compile_recorded_to_ptx(pickle.loads(open(sys.argv[1], 'rb').read()), cc=(9, 0))\n"
         "print(len(sizes), min(sizes.values()))\n",
         str(recorded_file)],
        capture_output=True, text=True, env=_without_simulator_env(), cwd=ROOT, timeout=600)
    assert compiled.returncode == 0, compiled.stderr[-3000:]
    kernels, smallest = (int(x) for x in compiled.stdout.split())
    assert kernels == len({(f, a, name) for f, a, name, _types in recorded})
    assert smallest > 1000  # real PTX, not an empty module


def _sass_tools_missing_reason() -> "str | None":
    reason = _nvvm_missing_reason()
    if reason:
        return reason
    sys.path.insert(0, str(ROOT / "scripts"))
    from score_loop_sass import cuda_tool

    try:
        for tool in ("ptxas", "cuobjdump", "nvdisasm"):
            cuda_tool(tool)
    except SystemExit as missing:
        return str(missing)
    return None


def test_the_thermometer_score_loop_takes_half_the_instructions(tmp_path):
    """scripts/score_loop_sass.py on sm_90: the thermometer form's score loop is at most 24 SASS
    instructions a score and under half the lane form's (where NVVM, ptxas and cuobjdump are
    installed: pip install nvidia-nvvm nvidia-cuda-nvrtc nvidia-cuda-nvcc nvidia-cuda-cuobjdump
    nvidia-cuda-nvdisasm; skipped otherwise)."""
    reason = _sass_tools_missing_reason()
    if reason:
        pytest.skip(reason)
    out = tmp_path / "loop.csv"
    counted = subprocess.run([sys.executable, "scripts/score_loop_sass.py", "--csv", str(out)], cwd=ROOT,
                             env=_without_simulator_env(), capture_output=True, text=True, timeout=600)
    assert counted.returncode == 0, counted.stderr[-3000:]
    import pandas as pd

    per_score = pd.read_csv(out).set_index(["hits_form", "counter_bytes"])["instructions_per_score"]
    for width in (1, 2, 4):
        assert per_score["thermometer", width] <= 24
        assert per_score["thermometer", width] < per_score["lanes", width] / 2


@pytest.mark.skipif(SIMULATED, reason="needs a real GPU (MMLIB_REAL_GPU=1)")
@pytest.mark.parametrize("strategy", STRATEGIES)
@pytest.mark.parametrize("game", ["4p6c", "5p5c", "3p10c"])
def test_gpu_equals_cpu_on_larger_games(game, strategy):
    """Same games, and the same scores per turn as the cpu backend in the same case-equivalence mode
    (compared mode with mode: `auto` differs between the backends on these games)."""
    for mode in ("off", "on"):
        expected = solve(game, strategy, "cpu", case_equivalence=mode)
        result = solve(game, strategy, "cuda", case_equivalence=mode)
        assert_same_games(result, expected)
        assert result.scores == expected.scores
        assert [t.scores for t in result.turn_stats] == [t.scores for t in expected.turn_stats]
