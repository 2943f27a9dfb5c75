import os

# Numba's CUDA simulator must be chosen before numba is imported anywhere; the
# CUDA tests run on it in CI, where there is never a GPU. MMLIB_REAL_GPU=1 keeps
# the real device (for runs on a lent GPU machine).
if os.environ.get("MMLIB_REAL_GPU") != "1":
    os.environ.setdefault("NUMBA_ENABLE_CUDASIM", "1")
