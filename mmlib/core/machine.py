"""Where and with what a computation ran, in the words the data tables use.

`provenance(engine, backend)` is the one record every writer of a timing row in data/ adds to
it: the date, the machine (the CPU model and its cores, or the GPU for the cuda backend), mmlib's
commit (or its package version outside a git checkout) and the version of the engine timed. The
engine version is an explicit number per engine, raised by hand when a change alters that engine's
speed, so that a figure can draw the rows of one engine version together without splitting them on
every commit that left the engine as fast as it was.
"""

from __future__ import annotations

import functools
import os
import platform
import subprocess
from datetime import datetime, timezone
from pathlib import Path

# The columns of provenance every timing table in data/ has (a new table puts them last, in this order).
PROVENANCE_COLUMNS = ("date", "machine", "mmlib_version", "engine")

# What a provenance column of an old row holds when the repository does not tell it.
UNRECORDED = "unrecorded"

# The engines whose speed a timing row measured: the all-games-at-once solver on each backend
# (its sweeps, benchmarks and seed workloads), the exact search (mmlib.optimal, its table, its
# openings and the studies of its settings) and the scoring kernels timed alone.
#
# ENGINE_CHANGES: each engine's changes of speed, oldest first, as (commit, what changed). An
# engine's version is how many of them it has: rows of an older version timed another engine, and
# figures leave them out. A change that makes an engine faster or slower adds its line here (its
# commit named once it exists, "" until then) and raises ENGINE_VERSIONS, which a test keeps equal
# to the count. The changes before 2026-11-26 were read from the commits that changed each
# engine's compiled code or reported a change of its speed (scripts/backfill_provenance.py gives
# the rows written before these columns existed their version from them).
ENGINE_CHANGES = {
    "solve-cpu": (
        ("43e34f0", "packed SWAR kernels of the cpu search rewritten (WIP of 2026-11-21)"),
        ("84cc256", "cpu kernels and solver reworked for case equivalence (WIP of 2026-11-21)"),
        ("1f19b42", "cpu kernels and solver reworked (WIP of 2026-11-21)"),
        ("e1e3534", "cpu kernels changed (WIP of 2026-11-21)"),
        ("d4ffce0", "the cpu backend searches ACr with case equivalence"),
        ("ad648d7", "rule variants: every score goes through the game's score mask"),
    ),
    "solve-cuda": (
        ("43e34f0", "cuda kernels and solver rewritten (WIP of 2026-11-21)"),
        ("84cc256", "cuda kernels changed (WIP of 2026-11-21)"),
        ("c09b937", "shared block reduction in the cuda kernels"),
        ("ad648d7", "rule variants in the cuda kernels"),
        ("3607b34", "cuda subsetting kernel: popc pin matches, ordinals from a per-block table"),
        ("e821b5f", "cuda subsetting kernel: thermometer-code hits, 32-bit loop (23 SASS instructions a score, was 52)"),
    ),
    "solve-reference": (
        ("43e34f0", "the reference solver changed (WIP of 2026-11-21)"),
        ("c09b937", "the reference solver simplified"),
        ("b86ce1b", "seconds per turn timed in the reference solver"),
        ("ad648d7", "rule variants: reference scoring under the game's rules"),
    ),
    "optimal": (
        ("d86ccc2", "K from the openings' score counts (a tighter part limit)"),
        ("bcb274a", "parts of one or two secrets skipped with exact bounds"),
        ("dc4f205", "the root no longer waits for an opening to end"),
        ("dc11a01", "positions cached up to permuting pins and renaming colors (4p6c 0.70 -> 0.64 s)"),
        ("7a2784a", "the exact search in compiled code (issue 23)"),
        ("cc699fe", "the engine compiled without reference counting, candidates from a min-heap"),
        ("b9616e9", "vectorized part-size kernels"),
        ("06e6c48", "node steps inlined, branch-free bounds"),
        ("47147fe", "parts searched largest first where no total is to beat (PART_ORDER adaptive)"),
        ("32abb16", "parts of 1,000+ secrets searched stepwise under a checkpoint"),
        ("fde01a5", "the root bounds each part one guess deeper (ROOT_LOOKAHEAD)"),
        ("036309d", "stepwise parts bound candidates one guess deeper (STEPWISE_LOOKAHEAD)"),
        ("e2227a3", "every part of 1,000+ secrets searched stepwise (4p9c 127 -> 97 s)"),
        ("6d4b5e0", "each part bounded before any is searched (PART_LOOKAHEAD)"),
        ("0f815dd", "short value() calls run inline (INLINE_SEARCH_NODES)"),
        ("4a9c186", "_rank_candidates a call, not inlined (4p7c 2.94 -> 2.84 s)"),
        ("085038a", "a large part below an opening shared by the workers"),
        ("203af24", "each set's own branching factor K_S in the counting bound (6p4c: 47% fewer positions)"),
        ("fe45be9", "the root sends an opening's parts smallest first (ROOT_PART_ORDER; with workers only)"),
        ("8f31b4e", "the root's part order adaptive: largest first until an opening has a total (ROOT_PART_ORDER)"),
        ("5f75bf4", "the workers of a pool share the exact values they prove (SHARED_CACHE_BYTES)"),
    ),
    "scoring": (
        ("43e34f0", "packed scoring kernels rewritten (WIP of 2026-11-21)"),
        ("84cc256", "scoring kernels changed (WIP of 2026-11-21)"),
        ("1f19b42", "scoring kernels changed (WIP of 2026-11-21)"),
        ("e1e3534", "scoring kernels changed (WIP of 2026-11-21)"),
        ("69d9b1a", "the scoring variants of the seed workloads"),
        ("ad648d7", "rule variants: the score mask in every kernel"),
    ),
}

# The current version of each engine: raise it with every line added to ENGINE_CHANGES.
ENGINE_VERSIONS = {"solve-cpu": 6, "solve-cuda": 6, "solve-reference": 4, "optimal": 21, "scoring": 6}

# The engine that times a solve on each backend.
SOLVE_ENGINES = {"cpu": "solve-cpu", "cuda": "solve-cuda", "reference": "solve-reference"}

REPOSITORY = Path(__file__).resolve().parents[2]


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo, else what platform knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def machine_label(client=None) -> str:
    """'AMD EPYC, 2 cores', with '; Dask cluster of N workers' when the work went to a
    `distributed.Client`'s cluster."""
    label = f"{readable_cpu(cpu_model())}, {os.cpu_count() or 1} cores"
    if client is not None:
        workers = len(client.scheduler_info().get("workers", {}))
        label += f"; Dask cluster of {workers} worker{'s' if workers != 1 else ''}"
    return label


def readable_cpu(model: str) -> str:
    """A CPU model as a reader names it: 'Intel(R) Xeon(R) Processor' -> 'Intel Xeon Processor'."""
    return " ".join(str(model).replace("(R)", "").replace("(TM)", "").split()) or "unknown CPU"


def machine_description(backend: str = "cpu", client=None) -> str:
    """The machine a timing of `backend` ran on: the GPU's name for cuda ('NVIDIA H100 80GB
    HBM3'), else the CPU and its cores ('AMD EPYC, 2 cores'; a Dask cluster named after them)."""
    if backend == "cuda":
        from .solver_cuda import device_name

        return device_name()
    return machine_label(client)


@functools.lru_cache(maxsize=1)
def mmlib_version() -> str:
    """mmlib's commit ('c67819e'; 'c67819e+dirty' when mmlib/ has changes not committed) where
    the package runs from a git checkout, else its package version ('0.1.0')."""
    def git(*args: str) -> str:
        return subprocess.run(["git", "-C", str(REPOSITORY), *args], capture_output=True, text=True,
                              check=True, timeout=10).stdout.strip()

    try:
        commit = git("rev-parse", "--short", "HEAD")
        changed = git("status", "--porcelain", "--untracked-files=no", "--", "mmlib")
    except (OSError, subprocess.SubprocessError):
        from .. import __version__

        return __version__
    return commit + ("+dirty" if changed else "")


def solve_engine(backend: str) -> str:
    """The engine a solve on `backend` runs: 'solve-cpu', 'solve-cuda' or 'solve-reference'."""
    if backend not in SOLVE_ENGINES:
        raise ValueError(f"backend {backend!r}: one of {', '.join(SOLVE_ENGINES)}")
    return SOLVE_ENGINES[backend]


def engine_version(engine: str) -> str:
    """The current version of an engine as the tables write it: 'optimal 17'."""
    if engine not in ENGINE_VERSIONS:
        raise ValueError(f"engine {engine!r}: one of {', '.join(ENGINE_VERSIONS)}")
    return f"{engine} {ENGINE_VERSIONS[engine]}"


def utc_now() -> str:
    """This moment as the tables write a date: '2026-11-26T21:04:05' (UTC)."""
    return datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%S")


def provenance(engine: str, backend: str = "cpu", client=None) -> dict:
    """The provenance columns of a timing row measured now: date (UTC), machine
    (`machine_description`), mmlib_version (`mmlib_version`) and engine (`engine_version`).
    `engine`: a key of ENGINE_VERSIONS ('optimal', 'scoring', 'solve-cpu', ...)."""
    return {"date": utc_now(), "machine": machine_description(backend, client),
            "mmlib_version": mmlib_version(), "engine": engine_version(engine)}
