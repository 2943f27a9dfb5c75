"""mmlib: play every Mastermind game at once, on the CPU or the GPU.

The package is four layers; each imports only from the layers before it, and
tests/test_architecture.py checks that no import runs upward and none cycles.

* ``mmlib.core``: the point of the project. Games and packed codewords, scoring
  and score ordinals, the four strategies, case equivalence, the reference, cpu
  (Numba) and cuda (numba-cuda) solvers with their kernels, next guess, play
  sessions, the coach (each move against the exact optimum) and the tree verifier. It knows
  nothing of notebooks or plots.
* ``mmlib.studies``: runs of the core over many games that keep tables in
  ``data/``: first-guess sweeps, benchmarks, and loading those tables.
* ``mmlib.workbench``: what the notebooks show: plots, the game sliders and the
  wiring of a widget to a plot, tree drawings, the play widget.
* ``mmlib.cli``: ``python -m mmlib COMMAND``, one module per group of commands.

The names most people need are here at the top: ``solve``, ``optimal``, ``review``,
``Game``, ``Strategy``, ``SolveResult`` and the scoring helpers.
"""

# The names load on first use (PEP 562), so `import mmlib` and `python -m mmlib`
# start without numba: the command line checks its environment and handles
# Ctrl-C before the heavy imports.
_EXPORTS = {
    "Game": ".core.games",
    "SolveResult": ".core.results",
    "ordinal_to_score": ".core.scoring",
    "reference_score": ".core.scoring",
    "score_to_ordinal": ".core.scoring",
    "solve": ".core.solve",
    "optimal": ".core.optimal",
    "review": ".core.review",
    "Strategy": ".core.strategies",
}

__all__ = ["Game", "SolveResult", "Strategy", "solve", "optimal", "review", "reference_score",
           "score_to_ordinal", "ordinal_to_score"]
__version__ = "0.1.0"


def __getattr__(name: str):
    if name not in _EXPORTS:
        raise AttributeError(f"module 'mmlib' has no attribute {name!r}")
    import importlib

    value = getattr(importlib.import_module(_EXPORTS[name], __name__), name)
    globals()[name] = value
    return value


def __dir__():
    return sorted(set(globals()) | set(__all__))
