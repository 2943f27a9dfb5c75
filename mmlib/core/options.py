"""The choices every solver shares (backend, case equivalence), parsed once."""

from __future__ import annotations

from .games import shown, whole_number

BACKENDS = ("reference", "cpu", "cuda")
CASE_EQUIVALENCE_MODES = ("auto", "on", "off")


def parse_backend(name: str) -> str:
    name = str(name).strip().lower()
    if name not in BACKENDS:
        raise ValueError(f"unknown backend {shown(name)}: choose one of {', '.join(BACKENDS)}")
    return name


def parse_case_equivalence(mode: "str | bool") -> str:
    if isinstance(mode, bool):
        return "on" if mode else "off"
    mode = str(mode).strip().lower()
    if mode not in CASE_EQUIVALENCE_MODES:
        raise ValueError(
            f"unknown case-equivalence mode {shown(mode)}: choose one of {', '.join(CASE_EQUIVALENCE_MODES)}"
        )
    return mode


def parse_max_turns(max_turns) -> "int | None":
    """None (no limit), or a whole number of turns of at least 1; ValueError for anything else
    (inf, 5.5, "5", [5]), never OverflowError or TypeError."""
    if max_turns is None:
        return None
    return whole_number(max_turns, "max turns", minimum=1)

