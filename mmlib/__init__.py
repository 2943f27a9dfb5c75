"""mmlib: play every Mastermind game at once, on the CPU or the GPU."""

from .games import Game
from .results import SolveResult
from .scoring import ordinal_to_score, reference_score, score_to_ordinal
from .solve import solve
from .strategies import Strategy

__all__ = ["Game", "SolveResult", "Strategy", "solve", "reference_score", "score_to_ordinal",
           "ordinal_to_score"]
__version__ = "0.1.0"
