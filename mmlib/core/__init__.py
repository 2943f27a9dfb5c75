"""The core: games, scoring, strategies, case equivalence, the solvers and their kernels.

Nothing here knows of notebooks, plots or the command line.
"""
