"""Start a child process with the signal dispositions a shell in a terminal gives it.

A test run started with nohup ignores SIGHUP, and one started with `&` from a script
ignores SIGINT; children inherit both, and mmlib rightly leaves an ignored signal
ignored. A test that sends such a signal to a child must first give it the defaults,
or the signal is lost and the test measures how it was started instead of mmlib.
"""
import signal

ENDING_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)


def as_from_a_terminal() -> None:
    """For Popen's preexec_fn: SIGINT, SIGTERM and SIGHUP at their defaults in the child."""
    for signum in ENDING_SIGNALS:
        signal.signal(signum, signal.SIG_DFL)
