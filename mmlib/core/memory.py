"""How much memory a solve needs, and a clear refusal before starting one that would not fit.

Estimates are per game (every codeword is a game) plus fixed tables, on the
generous side: a solve that passes the check should not run out of memory
half-way through, and one that fails it is refused at once with the figures.

    check_host_memory(game, "cpu")              # raises ValueError if it would not fit
    require_fits(needed, free, "GPU memory", what)   # the same check for any budget

The CUDA backend estimates its device memory itself and checks it against the
device's free memory with `require_fits`.
"""

from __future__ import annotations

import os
from pathlib import Path

from .games import Game

GiB = 1 << 30

# Turns whose per-turn guess vectors are kept (int32 per game each). The known
# strategies need at most about 10 turns up to 8p8c; this leaves room.
TURNS_ESTIMATE = 16
# Headroom for the interpreter, numba and numpy temporaries.
FIXED_OVERHEAD_BYTES = 512 * (1 << 20)


def _entropy_table_bytes(game: Game) -> int:
    # entropy_table(n) rounds n up to a power of two, one int64 per size.
    return 8 * (1 << max(1, (game.size - 1).bit_length()))


def estimate_cpu_bytes(game: Game) -> int:
    """Bytes of host memory the `cpu` backend needs for `game`, at its peak."""
    n = game.size
    per_game = (
        game.pins + 4 + 8 + 8  # packed codewords: digits, word, two color-count words
        + 8  # the index array used while packing
        + 2 * 4 * TURNS_ESTIMATE  # per-turn guess vectors, and their copy in the result
        + 8  # turns per game
        + 3 * 8  # games in region order, this turn and the next
        + 3 * 8  # new region starts and sizes (at most one region per game), guesses
        + 4 + 8 + 8  # packed codewords gathered in region order
        + 8  # region of each secret
        + 1  # score ordinals while splitting regions
        + 4 * 8  # search tasks and their results (at most about one per region)
    )
    return n * per_game + _entropy_table_bytes(game) + FIXED_OVERHEAD_BYTES


def host_memory_available() -> int:
    """Bytes of host memory available now: MemAvailable from /proc/meminfo, else free pages."""
    meminfo = Path("/proc/meminfo")
    try:
        for line in meminfo.read_text().splitlines():
            if line.startswith("MemAvailable:"):
                return int(line.split()[1]) * 1024
    except (OSError, ValueError, IndexError):
        pass
    try:
        return os.sysconf("SC_AVPHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (ValueError, OSError, AttributeError):
        return 1 << 62  # unknown: do not refuse


def format_gib(size: int) -> str:
    return f"{size / GiB:.1f} GiB" if size >= GiB / 10 else f"{size / (1 << 20):.0f} MiB"


def require_fits(needed: int, available: int, budget: str, what: str) -> None:
    """Refuse with one clear line if `needed` bytes do not fit in `available`."""
    if needed > available:
        raise ValueError(
            f"{what} needs about {format_gib(needed)} of {budget}, only {format_gib(available)} "
            f"available: choose a smaller game or free some memory"
        )


def check_host_memory(game: Game, backend: str = "cpu") -> int:
    """Refuse before starting if `game` would not fit in host memory; returns the estimate."""
    needed = estimate_cpu_bytes(game)
    require_fits(needed, host_memory_available(), "memory", f"solving {game.name} on the {backend} backend")
    return needed
