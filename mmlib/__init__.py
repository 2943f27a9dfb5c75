"""mmlib: play every Mastermind game at once, on the CPU or the GPU.

The package is four layers; each imports only from the layers before it, and
tests/test_architecture.py checks that no import runs upward and none cycles.

* ``mmlib.core``: the point of the project. Games and packed codewords, scoring
  and score ordinals, the four strategies, case equivalence, the reference, cpu
  (Numba) and cuda (numba-cuda) solvers with their kernels, next guess, play
  sessions and the tree verifier. It knows nothing of notebooks or plots.
* ``mmlib.studies``: runs of the core over many games that keep tables in
  ``data/``: first-guess sweeps, benchmarks, and loading those tables.
* ``mmlib.workbench``: what the notebooks show: plots, the game sliders and the
  wiring of a widget to a plot, tree drawings, the play widget.
* ``mmlib.cli``: ``python -m mmlib COMMAND``, one module per group of commands.

The names most people need are here at the top: ``solve``, ``optimal``, ``Game``,
``Strategy``, ``SolveResult`` and the scoring helpers.
"""

from .core.games import Game
from .core.optimal import optimal
from .core.results import SolveResult
from .core.scoring import ordinal_to_score, reference_score, score_to_ordinal
from .core.solve import solve
from .core.strategies import Strategy

__all__ = ["Game", "SolveResult", "Strategy", "solve", "optimal", "reference_score", "score_to_ordinal",
           "ordinal_to_score"]
__version__ = "0.1.0"
