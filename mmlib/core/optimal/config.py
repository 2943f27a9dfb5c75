"""Tunables of the exact search, all in one place.

The search reads these at call time (`config.NAME`), so a test can patch them,
e.g. PARALLEL_MIN_CODEWORDS down to 0 to take the worker-process path on a tiny game.
"""

from __future__ import annotations

# Games the exact search accepts: every codeword is a candidate at every node.
MAX_OPTIMAL_CODEWORDS = 1 << 16
# Games of at most this many codewords score from a table of every pair's score
# (one byte each: 16,384 codewords take 256 MiB); larger ones score packed codewords.
MAX_TABLE_CODEWORDS = 1 << 14
# Games of at least this many codewords search the subtrees below the first guesses in
# worker processes, one per core. Smaller games finish in about the time a pool takes to
# start.
PARALLEL_MIN_CODEWORDS = 2000
MAX_WORKERS = 8
# The position cache of one search may hold at most this many bytes; None: half the memory
# available when the search starts, shared among the cores (each worker process keeps its
# own). Past it the cache is emptied and the search goes on: the answer stays exact, parts
# of the search are done again.
CACHE_BUDGET_BYTES = None
# Each worker of a process pool publishes the exact values it proves in a table of about this
# many bytes that every worker of the pool maps, and reads the others' tables on a miss in its
# own cache (`engine.shared_import`); 0: the workers share nothing. The memory is mapped when
# the pool starts and touched only as it fills; a full table is emptied and filled again.
SHARED_CACHE_BYTES = 64 << 20
# Below this many codewords the search starts with no heuristic upper bound (the four
# strategies would cost more time than the bound saves).
HEURISTIC_MIN_CODEWORDS = 2000
# A run with a time limit shorter than this is short: it starts with no heuristic upper bound (the
# strategies' solves cannot be stopped at a deadline, and a short run would spend its time on them
# again in every run), and searches every part below the first guess stepwise unless told a
# threshold (a part of a few hundred secrets can take longer than the run: stepwise, each second
# guess it finishes is kept). Longer runs keep the defaults.
SHORT_RUN_S = 60.0
# The order in which a candidate's parts of three or more secrets are searched: "smallest"
# first (an exact small part shrinks the budget of the large ones), "largest" first, or
# "adaptive": smallest first once the node has a total to beat, largest first while it has
# none. With no total to beat the budgets are unbounded, so smallest first gains nothing
# there, and the largest part is the likeliest to be infeasible in the turns left: it rejects
# the candidate before the feasible parts are solved exactly. That is most of the work of
# proving that no strategy wins within some number of turns.
PART_ORDER = "adaptive"
# The order in which the root sends an opening's parts to the workers. "adaptive": largest first
# for the openings sent before any opening has a total (the first is most often the best one,
# whose every part must be solved exactly: its large parts start at once, on every worker, and
# warm the workers' caches), smallest first for those sent after, which are mostly refuted: the
# small parts come back exact in milliseconds and tighten the budgets the large parts go out
# with, so those fail early instead of being solved exactly first. "smallest" or "largest": one
# order for every opening. Two workers, medians of 3 (data/root_part_order.csv, engine optimal
# 20): adaptive, largest, smallest first: 4p7c 2.03, 1.98, 2.23 s; 6p4c 5.28, 6.23, 4.79 s. No one
# order is best everywhere; adaptive is within 10% of the best of the two on both.
ROOT_PART_ORDER = "adaptive"
# The lower bound of each part below an opening when the parts are farmed out: True, one guess
# deeper (`OptimalSearch.lookahead_bound`: the least over the part's guesses of the counting
# bounds of what each leaves); False, the counting bound of the part's size. The deeper bound
# tightens every part's budget and each opening's floor, and costs well under a second.
ROOT_LOOKAHEAD = True
# Inside the engine, before any part of a candidate is searched: each part of three or more
# secrets is bounded by what the cache knows of it, and a part of at least this many secrets one
# guess deeper (`engine._part_floor`); a candidate whose bounds cannot fit under the best is
# dropped unsearched. None: counting bounds only.
PART_LOOKAHEAD_MIN_SECRETS = 100
# Inside the engine, the counting bounds of a node's parts (each candidate's bound, and the
# floors its parts start from) use K_S, the most non-winning parts any candidate makes of the
# node's set, where it is below K (no guess makes more of a part of S than of S). False: K for
# every set (the counting bound of the game).
SET_PARTS_BOUND = True
# `OptimalSearch.value` runs the engine in the caller's thread until it has searched this many
# more positions (the engine checks every 256); one that needs more is stopped and run again in
# a thread of its own, where Ctrl-C and the progress bar reach it. Most calls end far sooner (the
# coach's, nearly all cache hits, take microseconds), and starting a thread cost more than the
# search. 0: every call in a thread.
INLINE_SEARCH_NODES = 256
# ... and until it has scored this many more codewords (a node's ranking scores its candidates
# against its secrets); a position whose secrets times codewords pass it goes to its thread at
# once, so the caller's thread never runs a ranking that a deadline could not stop.
INLINE_SEARCH_SCORES = 1 << 24
# How often (seconds) the thread that watches a search in its own thread looks at the deadline and
# the progress bar: what a deadline may be overrun by, besides the node it stops in.
WATCH_S = 0.05
# Parts below the first guess of at least this many secrets are searched one candidate at a
# time (`stepwise`, with STEPWISE_LOOKAHEAD). With a checkpoint on this machine the value or
# bound of each position one guess further down is kept as it goes: a run stopped in the
# middle of such a part goes on from there. Smaller parts finish in minutes and are searched
# whole, in one engine call.
STEPWISE_MIN_SECRETS = 1000
# In a stepwise part, bound each candidate's parts one guess deeper before searching any of
# them (`OptimalSearch.lookahead_bound`, as the root does with ROOT_LOOKAHEAD).
STEPWISE_LOOKAHEAD = True
# Below an opening, a part that goes stepwise (see STEPWISE_MIN_SECRETS) is searched by the root
# with its candidates spread over the worker processes (`split.SplitPart`, one task per
# candidate), so that several workers share one large part instead of one worker searching it
# while the others wait. Only with a local pool of two workers or more; False: one worker's
# stepwise search per part.
SPLIT_LARGE_PARTS = True
# How often (seconds) a stepwise search writes what it has proven since it last did.
STEP_LOG_FLUSH_S = 30.0
