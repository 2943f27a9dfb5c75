"""`python -m mmlib`: the command line, with Ctrl-C and a bad environment handled from the start.

`import mmlib` is light (its names load on first use), so this module runs
before numba is imported: a bad NUMBA_NUM_THREADS is one line and exit 2.

Ctrl-C at any moment, the imports included, is one line and exit status 130.
A KeyboardInterrupt cannot promise that: raised inside a callback from C (the
JIT compiler calls some) it is printed as "Exception ignored" and swallowed, and
the command runs on. So SIGINT gets a handler that removes the temporary files
`write_atomically` has open, says "interrupted" and leaves at once. (Before
Python has started running this module, during the interpreter's own start-up,
nothing of mmlib can answer the signal.)
"""

import os
import signal
import sys

INTERRUPTED = 130


def _interrupted(signum=None, frame=None):
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        files = sys.modules.get("mmlib.core.files")
        remove = getattr(files, "remove_temporaries", None)  # None while the module is still loading
        if remove is not None:
            remove()
        sys.stdout.flush()
    except BaseException:  # a closed pipe, or the signal came in the middle of a write
        pass
    finally:
        try:
            os.write(2, b"interrupted\n")
        finally:
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
    except KeyboardInterrupt:  # raised by someone other than the signal handler
        _interrupted()


if __name__ == "__main__":
    signal.signal(signal.SIGINT, _interrupted)
    sys.exit(run())
