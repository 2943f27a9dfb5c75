"""Checks on the environment that must run before numba is imported.

numba reads some variables once, at import, and fails deep inside with a
traceback (NUMBA_NUM_THREADS=0) or ignores a bad value with a warning. The
command line calls `check_environment()` first, so a bad value is one line and
exit status 2. This module imports nothing heavy.
"""

from __future__ import annotations

import os

# Variables numba reads at import that must hold a positive whole number if set.
POSITIVE_INTEGER_VARIABLES = ("NUMBA_NUM_THREADS",)
# More threads than this is a typo, not a machine.
MAX_THREADS = 4096


def check_environment(environ=None) -> None:
    """ValueError with one line if a variable numba reads at import holds a bad value."""
    environ = os.environ if environ is None else environ
    for name in POSITIVE_INTEGER_VARIABLES:
        value = environ.get(name)
        if value is None:
            continue
        text = value.strip()
        if not (text.isascii() and text.isdigit()) or not 1 <= int(text) <= MAX_THREADS:
            shown = value if len(value) <= 20 else value[:17] + "..."
            raise ValueError(f"environment variable {name}={shown!r} must be a whole number "
                             f"from 1 to {MAX_THREADS}; unset it to use every core")
