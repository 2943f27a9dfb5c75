"""`python -m mmlib`: the command line, with Ctrl-C and a bad environment handled from the start.

`import mmlib` is light (its names load on first use), so this module runs
before numba is imported: a bad NUMBA_NUM_THREADS is one line and exit 2, and
Ctrl-C at any moment, the imports included, is one line and exit 130.
"""

import signal
import sys

INTERRUPTED = 130


def _quiet_exit(signum=None, frame=None):
    """Ctrl-C once the command has finished (while the interpreter shuts down): no traceback."""
    import os

    os._exit(INTERRUPTED)


def run() -> int:
    try:
        from .core.environment import check_environment

        try:
            check_environment()
        except ValueError as error:
            print(f"error: {error}", file=sys.stderr)
            return 2
        from .cli.main import main

        return main()
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        print("interrupted", file=sys.stderr)
        return INTERRUPTED


if __name__ == "__main__":
    status = run()
    signal.signal(signal.SIGINT, _quiet_exit)
    sys.exit(status)
