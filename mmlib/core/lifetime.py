"""How a `python -m mmlib` process ends, and how its worker processes end with it.

One policy, whatever ends the run:

* SIGINT (Ctrl-C), SIGTERM (`kill`, a batch system's time limit) and SIGHUP (the
  terminal closed) are handled alike: the temporary files of the writes in
  progress are removed, the worker processes are ended, `interrupted` is written
  to stderr and the process leaves at once with status 128 + the signal's number
  (130, 143, 129). A signal that was ignored when the process started stays
  ignored (`nohup`, or SIGINT of a job started in the background by a script).
* A temporary file is recorded in the same step that creates it
  (`temporary_file`), and forgotten in the same step that renames or removes it
  (`forget_temporary`): a signal arriving in between waits until the step is
  over (`signals_held`), so no moment leaves a file the handler does not know of.
* The normal end (`finish`) flushes the output and leaves with `os._exit`: there
  is no moment, during the interpreter's own teardown, when the signals are back
  to their defaults and one would kill the process with no `interrupted` line.
* A forked worker calls `die_with_parent()` first: the kernel kills it when the
  process that forked it ends, however that ends (SIGKILL included); where the
  kernel cannot (not Linux), a thread of the worker watches its parent instead.
  Workers write files too (a checkpoint's step logs): SIGINT or SIGTERM ends a
  worker as it ends the run, its own temporary files removed first (quietly,
  with the same status), and a run that leaves gives its workers a moment to do
  so before the kernel kills them with it.
  Any process forked while the handlers are installed drops the parent's duties
  at once (its signals back to their defaults, the parent's temporary files
  forgotten), so a Ctrl-C sent to the whole process group has no worker remove
  the parent's files or say `interrupted` again.

The handlers are installed by `python -m mmlib` only (`install_signal_handlers`):
a program that imports mmlib keeps its own signal handling, and still gets the
temporary-file bookkeeping and `die_with_parent`.

This module imports nothing heavy: `python -m mmlib` installs it before numpy.
"""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import tempfile
import threading

# The signals that end a run, handled alike.
ENDING_SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)
# Exit status of a run ended by signal N (as a shell reports a process killed by it).
SIGNAL_STATUS_BASE = 128
# How often a worker without PR_SET_PDEATHSIG looks whether its parent is still there.
PARENT_POLL_S = 0.2
# Linux prctl option: the signal the kernel sends this process when its parent ends.
PR_SET_PDEATHSIG = 1

# Temporary files being written and not yet renamed or removed.
_TEMPORARIES: set[str] = set()
# Nesting depth of signals_held() over every thread (changed under _held_lock, read
# unlocked by the handler), and the signal that arrived meanwhile (None: none).
_held = 0
_held_lock = threading.Lock()
_pending: "int | None" = None
_installed = False
# Seconds a leaving run waits for its workers to end, so that each removes its own temporary
# files before the kernel kills what is left (a worker in compiled code cannot listen sooner,
# but then it is writing no file either).
WORKER_CLEANUP_S = 2.0
# Is this process a worker (`die_with_parent`)? Then it leaves quietly: its parent speaks.
_in_worker = False
# The pid of the process that last forked (set just before the fork): a forked
# child's parent, even if that parent has already ended when the child looks.
_forked_from: "int | None" = None


def signal_status(signum: int) -> int:
    """The exit status of a run ended by signal `signum` (130 for SIGINT)."""
    return SIGNAL_STATUS_BASE + int(signum)


@contextlib.contextmanager
def signals_held():
    """Hold an ending signal back while the block runs; it is handled as the block ends.

    For the few steps that must not be cut in two: creating a temporary file and
    recording it, renaming it into place and forgetting it.
    """
    global _held
    with _held_lock:
        _held += 1
    try:
        yield
    finally:
        with _held_lock:
            _held -= 1
            last = _held == 0
        if last and _pending is not None:
            leave(_pending)


def temporary_file(directory, prefix: str, suffix: str) -> "tuple[int, str]":
    """mkstemp's (descriptor, path), recorded for removal in the same step that creates it."""
    with signals_held():
        handle, path = tempfile.mkstemp(dir=directory, prefix=prefix, suffix=suffix)
        _TEMPORARIES.add(path)
    return handle, path


def forget_temporary(path: str, finish=None) -> None:
    """Run `finish()` (a rename into place, or os.unlink) and forget `path`, as one step."""
    with signals_held():
        try:
            if finish is not None:
                finish()
        finally:
            _TEMPORARIES.discard(path)


def remove_temporaries() -> None:
    """Remove every temporary file a write in progress has made."""
    for path in list(_TEMPORARIES):
        try:
            os.unlink(path)
        except OSError:
            pass
    _TEMPORARIES.clear()


def end_children(wait_s: float = 0.0) -> None:
    """Ask every worker process this process started to end (SIGTERM), and wait up to `wait_s`
    seconds in all for them to be gone; never raises.

    Forked workers also die by themselves once this process is gone (`die_with_parent`);
    this is the quicker way, and the one a Dask local cluster's nanny processes hear.
    """
    import time

    multiprocessing = sys.modules.get("multiprocessing")
    if multiprocessing is None:
        return
    try:
        children = multiprocessing.active_children()
        for child in children:
            child.terminate()
        deadline = time.monotonic() + wait_s
        for child in children:
            child.join(max(0.0, deadline - time.monotonic()))
    except BaseException:  # noqa: BLE001 (leaving: a child that cannot be told is ended by the kernel)
        pass


def leave(signum: int) -> None:
    """End the run now because of signal `signum`: clean up, say `interrupted`, exit 128 + signum.
    In a worker: only its own temporary files removed, nothing said."""
    if _in_worker:
        remove_temporaries()
        os._exit(signal_status(signum))
    for ending in ENDING_SIGNALS:  # a second Ctrl-C cannot cut the clean-up short
        try:
            signal.signal(ending, signal.SIG_IGN)
        except (ValueError, OSError):  # not the main thread: the handler runs there anyway
            pass
    try:
        remove_temporaries()
        end_children(WORKER_CLEANUP_S)
        if sys.stdout is not None:
            sys.stdout.flush()
    except BaseException:  # noqa: BLE001 (a closed pipe, or a write cut in the middle)
        pass
    finally:
        try:
            os.write(2, b"interrupted\n")
        except OSError:
            pass
        finally:
            os._exit(signal_status(signum))


def _on_signal(signum, _frame) -> None:
    global _pending
    if _held:
        _pending = signum  # handled as soon as the step in progress is over
        return
    leave(signum)


def install_signal_handlers() -> None:
    """Handle SIGINT, SIGTERM and SIGHUP by `leave`, except those ignored at start-up."""
    global _installed
    for signum in ENDING_SIGNALS:
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, _on_signal)
    _installed = True


def ensure_standard_streams() -> None:
    """Give a closed stdin, stdout or stderr (`2>&-`) /dev/null instead.

    Otherwise the next file opened would get descriptor 0, 1 or 2, and a message
    meant for stderr would land in it; and Python leaves sys.stderr None, which
    breaks every library that writes to it. Output to a closed stream is lost,
    as the person who closed it asked; the exit status still says what happened.
    """
    for number, name, mode in ((0, "stdin", "r"), (1, "stdout", "w"), (2, "stderr", "w")):
        try:
            os.fstat(number)
        except OSError:
            opened = os.open(os.devnull, os.O_RDWR)  # the lowest free number: this one
            if opened != number:
                os.dup2(opened, number)
                os.close(opened)
        if getattr(sys, name) is None:
            setattr(sys, name, open(number, mode, closefd=False, errors="backslashreplace",
                                    buffering=1 if mode == "w" else -1))


def finish(status: int) -> None:
    """The normal end of `python -m mmlib`: flush the output, end the workers, exit `status`."""
    with signals_held():
        for stream in (sys.stdout, sys.stderr):
            try:
                if stream is not None:
                    stream.flush()
            except BaseException:  # noqa: BLE001 (a pipe whose reader has gone: nothing more to say)
                pass
        end_children()
    os._exit(status)


# -- worker processes -----------------------------------------------------------------------


def _remember_forking_process() -> None:
    global _forked_from
    _forked_from = os.getpid()


def _drop_parent_duties() -> None:
    """In a child just forked: the parent's signal handlers and temporary files are not its own."""
    global _installed, _held, _held_lock, _pending
    _TEMPORARIES.clear()
    _held, _held_lock, _pending = 0, threading.Lock(), None  # another thread may have held the lock
    if _installed:
        for signum in ENDING_SIGNALS:
            if signal.getsignal(signum) is _on_signal:
                signal.signal(signum, signal.SIG_DFL)
        _installed = False


if hasattr(os, "register_at_fork"):
    os.register_at_fork(before=_remember_forking_process, after_in_child=_drop_parent_duties)


def _kernel_kills_with_parent() -> bool:
    """Ask Linux to SIGKILL this process when its parent ends; False where it cannot."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def watch_parent(parent: int, poll_s: float = PARENT_POLL_S) -> threading.Thread:
    """A daemon thread that ends this process as soon as `parent` is no longer its parent.

    The portable way for a worker to die with its parent (a process whose parent
    ends is given another one). It runs whenever the worker's Python code lets it:
    inside a long compiled kernel that holds the GIL it waits for the kernel.
    """
    def watch():
        while os.getppid() == parent:
            threading.Event().wait(poll_s)
        os._exit(1)

    thread = threading.Thread(target=watch, name="mmlib-watch-parent", daemon=True)
    thread.start()
    return thread


def die_with_parent() -> None:
    """Make this forked worker end when the process that forked it ends, however it ends.

    Call it first in a worker process (a pool's initializer). On Linux the kernel
    does it (PR_SET_PDEATHSIG with SIGKILL); elsewhere a thread watches the parent. A
    worker whose parent has already gone leaves at once. It also resets what the fork
    copied from the parent (signal handlers and temporary files), and ends the worker on
    SIGINT or SIGTERM as `leave` ends a run: its own temporary files removed, quietly.
    """
    global _in_worker
    parent = _forked_from if _forked_from is not None else os.getppid()
    _drop_parent_duties()
    _in_worker = True
    for signum in (signal.SIGINT, signal.SIGTERM):
        # A signal the parent ignores stays ignored: a run started in the background by a script
        # ignores SIGINT, and a Ctrl-C sent to its process group must not kill its workers alone.
        if signal.getsignal(signum) is not signal.SIG_IGN:
            signal.signal(signum, _on_signal)
    if not _kernel_kills_with_parent():
        watch_parent(parent)
    if os.getppid() != parent:  # the parent ended before the kernel was asked
        os._exit(1)
