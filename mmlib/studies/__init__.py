"""Studies: runs of the core over many games that keep tables in data/ (sweeps, first guesses, benchmarks)."""
