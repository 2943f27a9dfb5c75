"""Tunables of the CUDA backend, all in one place.

The solver reads these at call time (`config.NAME`), so a test can patch them
down, e.g. to 8 threads per block, and keep the CUDA simulator fast. Threads
per block must be powers of two: the block reductions halve them.

The defaults are chosen for an H100 (sm_90, 48 KiB of static shared memory per
block, 2048 threads per SM); `python scripts/gpu_session.py` measures them.
"""

from __future__ import annotations

# -- Phase 1: scoring, sorting and segmenting the games -----------------------

# Per-game kernels (score a turn, scatter games into regions, region colors).
GAME_THREADS = 256
# Element-wise kernels loop grid-stride over their elements with at most this
# many blocks (an H100 holds 132 SMs x 8 resident blocks of 256 threads = 1,056).
MAX_GRID_BLOCKS = 4096
# The exclusive scan: each thread adds up SCAN_ITEMS consecutive values, then
# the block scans the thread totals in shared memory.
SCAN_THREADS = 256
SCAN_ITEMS = 8
# Per-region kernels over all regions (new offsets and lengths, Zero/Free sets).
REGION_THREADS = 256
# Positions one thread OR-reduces into its region's color mask before one
# atomic: games of a region are contiguous, so few atomics remain.
COLOR_RUN = 64

# -- Phase 2: a next guess for every region -----------------------------------

# Tiny regions (1 or 2 games): grid-stride over all regions.
TINY_THREADS = 128
# Fully discriminating check: one block per region of 3 .. p(p+3)/2 games, each
# thread tries members of PS as the guess. Grid-stride with at most this many blocks.
FD_THREADS = 32
FD_MAX_BLOCKS = 4096
# The subsetting kernel: one thread per candidate guess, its subset counters in
# shared memory (slots x threads). Keyed by counter width in bytes: 8-bit
# counters for |PS| < 256, 16-bit below 65,536, else 32-bit. 8 pins have 45
# slots: 45 * 128 * 4 bytes = 22.5 KiB, so 256 threads fit only the narrow ones.
SUBSET_THREADS = {1: 256, 2: 256, 4: 128}
# How the subsetting kernel counts all hits (`kernels_cuda.make_subset_kernel`):
# "thermometer" (popc of the AND of two thermometer codes: 23 SASS instructions a
# score on sm_90 against 52 for "lanes", the color-count lanes of the CPU's form).
SUBSET_HITS = "thermometer"
# How it ranks a candidate from its counters: "pass" ranks after the loop, reading
# every score slot; "running" keeps Knuth's, Expected Size's and Most Parts' rank up
# to date as each counter grows (Entropy keeps the pass). Measured on an H200, 7p7c
# with case equivalence: running 0.97x on Knuth, 1.01-1.02x on the others
# (data/gpu_ab.csv): a wash, so the pass stays; kept to measure one against the other.
SUBSET_RANK = "pass"
# The narrowest counter the solver may pick (1, 2 or 4 bytes); tests raise it
# to run the 16- and 32-bit specialisations on small games.
MIN_COUNTER_BYTES = 1
# Block results are reduced to one guess per region by a second kernel.
REDUCE_THREADS = 128
# Regions searched per launch of the subsetting kernel (grid y, at most 65,535),
# and a bound on the blocks of one launch, which bounds the buffer of per-block
# results (13 bytes each). The seed used 256 regions; more per launch means
# fewer launches on turns where many small regions each need a full search.
REGIONS_PER_CHUNK = 1024
MAX_BLOCKS_PER_LAUNCH = 1 << 22

# -- Case equivalence ---------------------------------------------------------

# Device buffer for the class representatives (ACr lists), in codeword indices
# (int32; 1 << 26 is 256 MiB). When a turn's lists do not fit, regions are
# searched in rounds, the buffer refilled between them. It always holds at
# least the turn's longest list.
ACR_BUFFER_CODEWORDS = 1 << 26

# -- Per-turn guess vectors ---------------------------------------------------

# Guess vectors are allocated this many turns at a time (each row c**p int32).
GUESS_ROWS_PER_ALLOCATION = 8
