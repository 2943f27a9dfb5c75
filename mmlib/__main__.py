"""`python -m mmlib`: the command line, with signals, closed streams and a bad environment
handled from the start.

`import mmlib` is light (its names load on first use), so this module runs
before numba is imported: a bad NUMBA_NUM_THREADS is one line and exit 2.

Before anything else, a closed stdin, stdout or stderr (`2>&-`) gets /dev/null,
so no file the command opens can take its place, and the handlers of
`mmlib.core.lifetime` are installed: Ctrl-C (SIGINT), SIGTERM and SIGHUP at any
moment, the imports included, remove the temporary files of the writes in
progress, end the worker processes, say `interrupted` and exit 128 + the
signal's number. A KeyboardInterrupt could not promise that: raised inside a
callback from C (the JIT compiler calls some) it is printed as "Exception
ignored" and swallowed, and the command runs on. The normal end leaves through
`lifetime.finish`, so the interpreter's teardown, when signals have no handler,
never happens. (Before Python has started running this module, during the
interpreter's own start-up, nothing of mmlib can answer a signal.)
"""

import signal
import sys

from .core import lifetime


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
        lifetime.leave(signal.SIGINT)


def exit_status(done: SystemExit) -> int:
    """The status a SystemExit (argparse's --help) asks for, its message said as Python would."""
    if done.code is None or isinstance(done.code, int):
        return done.code or 0
    print(done.code, file=sys.stderr)
    return 1


if __name__ == "__main__":
    lifetime.ensure_standard_streams()
    lifetime.install_signal_handlers()
    try:
        status = run()
    except SystemExit as done:
        status = exit_status(done)
    lifetime.finish(status)
