"""Where mmlib keeps its tables, and the one way it writes a file.

Every file mmlib writes goes through `write_atomically`:

* a regular file, or a path not there yet, is written to a temporary file beside
  it and renamed into place, so a reader sees the old file or the new one, never
  half of one; an existing file keeps its permission bits;
* a character device or a FIFO (`/dev/null`, a pipe) is written straight
  through: nothing is renamed onto it; so is an open file descriptor
  (`/dev/stdout`, `/dev/fd/N`, `/proc/self/fd/N`), through the descriptor itself
  at its own offset, even when it leads to a regular file (stdout sent to a file);
* a symbolic link is followed: its target is replaced, the link stays a link.

`check_writable` (and `check_writable_directory`) is the cheap check a command
runs on its output paths before any expensive work, so a bad path costs a
second, not the hour of measuring before it. `locked(path)` guards a
read-merge-write of a table against another process doing the same (the lock
file lives in the temporary folder, so data/ holds only tables).
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
import sys
import tempfile
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
DATA_DIR = REPOSITORY / "data"
IMAGES_DIR = REPOSITORY / "images"

# The longest name of one file or folder (Linux and macOS file systems).
NAME_MAX = 255
# Temporary files write_atomically has made and not yet renamed or removed; an
# interrupted `python -m mmlib` removes them before it leaves (remove_temporaries).
_TEMPORARIES: set[str] = set()
# Seconds a writer waits for another process's lock on the same table before giving up.
LOCK_TIMEOUT_S = 600


def _fail(path, reason: str) -> ValueError:
    shown = str(path) if len(str(path)) <= 80 else str(path)[:77] + "..."
    return ValueError(f"cannot write {shown!r}: {reason}")


def _os_reason(error: OSError) -> str:
    return (error.strerror or str(error)).lower()


def _stat_or_none(path: Path):
    """os.stat following links; None if nothing is there (a dangling link included)."""
    try:
        return path.stat()
    except (FileNotFoundError, NotADirectoryError):
        return None


def _is_stream(status) -> bool:
    return status is not None and (stat.S_ISCHR(status.st_mode) or stat.S_ISFIFO(status.st_mode))


_DESCRIPTOR = re.compile(r"/(?:proc/(self|thread-self|[0-9]+)|dev)/fd/([0-9]+)")


def _descriptor(path: Path) -> "tuple[bool, int | None]":
    """(names an open descriptor, its number if it is this process's) for `path`.

    /dev/stdout, /dev/fd/1 and /proc/self/fd/1 name an open file descriptor, directly
    or through links: whatever it is (a pipe, or a regular file stdout was sent to),
    it is someone's open stream, written through and never replaced.
    """
    current = os.path.abspath(path)
    for _ in range(40):  # the kernel's own limit on links followed
        match = _DESCRIPTOR.fullmatch(current)
        if match:
            owner = match.group(1)
            ours = owner in (None, "self", "thread-self") or int(owner) == os.getpid()
            return True, int(match.group(2)) if ours else None
        if not os.path.islink(current):
            return False, None
        current = os.path.normpath(os.path.join(os.path.dirname(current), os.readlink(current)))
    return False, None


def _is_descriptor(path: Path) -> bool:
    return _descriptor(path)[0]


def _write_to_descriptor(number: int, content, binary: bool) -> None:
    """Write through this process's descriptor `number`, at its own offset (no new open)."""
    if callable(content):  # it wants a path: let it write a private temporary, then copy
        handle, temporary = tempfile.mkstemp(prefix=".mmlib.", suffix=".out")
        os.close(handle)
        _TEMPORARIES.add(temporary)
        try:
            content(temporary)
            data = Path(temporary).read_bytes()
        finally:
            _TEMPORARIES.discard(temporary)
            os.unlink(temporary)
    else:
        data = content if binary else content.encode(sys.stdout.encoding if number == 1 and sys.stdout
                                                     else "utf-8")
    view = memoryview(data)
    while view:
        view = view[os.write(number, view):]


def _file_target(path: Path) -> Path:
    """Where a regular file at `path` really lives: a symbolic link's final target, else the path."""
    return Path(os.path.realpath(path)) if path.is_symlink() else path


def _check_names(path: Path) -> None:
    longest = max((len(os.fsencode(part)) for part in path.parts), default=0)
    if longest > NAME_MAX:
        raise _fail(path, f"a name in it has {longest} bytes, more than the {NAME_MAX} a file name may have")


def _probe(path: Path, directory: Path) -> None:
    # os.access says yes to root everywhere; only creating a file tells the truth.
    try:
        handle, probe = tempfile.mkstemp(dir=directory, prefix=".mmlib.", suffix=".probe")
    except OSError as error:
        raise _fail(path, f"cannot create a file in {str(directory)!r} ({_os_reason(error)})") from None
    os.close(handle)
    os.unlink(probe)


def check_writable(path: "str | Path") -> Path:
    """`path` as a Path if `write_atomically` can write it; else ValueError with one line saying why.

    Cheap, and leaves nothing behind (a probe file is created and removed beside the
    target): run it on every output path before the work that fills the file.
    """
    if not str(path).strip():
        raise ValueError("cannot write to an empty path: name a file")
    path = Path(path)
    try:
        _check_names(path)
        status = _stat_or_none(path)
        if status is not None and stat.S_ISDIR(status.st_mode):
            raise _fail(path, "it is a directory; name a file")
        if _is_stream(status) or (status is not None and _is_descriptor(path)):
            if not os.access(path, os.W_OK):
                raise _fail(path, "permission denied")
            return path
        if status is not None and not stat.S_ISREG(status.st_mode):
            raise _fail(path, "it is neither a regular file, a character device nor a FIFO")
        target = _file_target(path)
        _check_names(target)
        directory = target.parent
        if not directory.is_dir():
            raise _fail(path, f"no directory {str(directory)!r}")
        _probe(path, directory)
    except OSError as error:
        raise _fail(path, _os_reason(error)) from None
    return path


def check_writable_directory(path: "str | Path") -> Path:
    """`path` as a Path if files can be written into it (made if missing); else ValueError."""
    if not str(path).strip():
        raise ValueError("cannot write to an empty path: name a folder")
    path = Path(path)
    try:
        _check_names(path)
        if path.exists() and not path.is_dir():
            raise _fail(path, "it is not a directory")
        path.mkdir(parents=True, exist_ok=True)
        _probe(path, path)
    except OSError as error:
        raise _fail(path, _os_reason(error)) from None
    return path


def read_csv_rows(path: "str | Path") -> list[dict]:
    """The rows of a CSV table, as dicts of strings; none if no regular file is there.

    A stream (`/dev/stdout`, a FIFO) is somewhere to write a table, not to read one
    back: reading it would wait for input that never comes.
    """
    import csv

    status = _stat_or_none(Path(path))
    if status is None or not stat.S_ISREG(status.st_mode) or _is_descriptor(Path(path)):
        return []
    with open(path, newline="") as handle:
        return list(csv.DictReader(handle))


def check_table(path: "str | Path", write: bool) -> Path:
    """A table's path, checked up front: writable if `write`, else readable if it is there.

    A table that is only read may be missing (it reads as empty) but not a directory,
    an empty or over-long name, or something that cannot be read; when it is missing
    its place must be one a later write could use.
    """
    if write:
        return check_writable(path)
    if not str(path).strip():
        raise ValueError("cannot read an empty path: name a file")
    path = Path(path)
    _check_names(path)
    status = _stat_or_none(path)
    if status is None:
        return check_writable(path)
    if not (stat.S_ISREG(status.st_mode) or _is_stream(status)):
        raise ValueError(f"cannot read {str(path)!r}: it is not a file")
    if not os.access(path, os.R_OK):
        raise ValueError(f"cannot read {str(path)!r}: permission denied")
    return path


def write_atomically(path: "str | Path", content) -> None:
    """Write `content` to `path`: temp-and-rename for a file, straight through for a stream.

    `content` is text, bytes, or a function that writes the file whose path it is given
    (e.g. `lambda temporary: figure.savefig(temporary, format="png")`). Readers never see
    a half-written regular file, a failure leaves the old file as it was, and an
    overwritten file keeps its mode. A FIFO or character device is opened and written,
    never replaced; an open descriptor of this process (/dev/stdout) is written through
    itself; a symbolic link's target is written and the link is kept. Any problem with
    the path is a ValueError with one line.
    """
    path = check_writable(path)
    binary = isinstance(content, bytes)
    try:
        status = _stat_or_none(path)
        is_descriptor, number = _descriptor(path) if status is not None else (False, None)
        if number is not None:
            for stream in (sys.stdout, sys.stderr):  # what was printed before comes first
                if stream is not None:
                    stream.flush()
            _write_to_descriptor(number, content, binary)
            return
        if _is_stream(status) or is_descriptor:
            if callable(content):
                content(str(path))
            else:
                # Appending: another process's descriptor to a file keeps what is already
                # written; to a pipe or a device appending is writing.
                with open(path, "ab" if binary else "a") as out:
                    out.write(content)
            return
        target = _file_target(path)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name[:40]}.", suffix=".tmp")
        _TEMPORARIES.add(temporary)
    except BrokenPipeError:  # the reader of a pipe has gone: the command line ends quietly
        raise
    except OSError as error:
        raise _fail(path, _os_reason(error)) from None
    try:
        if callable(content):
            os.close(handle)
            content(temporary)
        else:
            with os.fdopen(handle, "wb" if binary else "w") as out:
                out.write(content)
        if status is not None:
            mode = stat.S_IMODE(status.st_mode)
        else:  # mkstemp makes the file private; give it the permissions a plain open() would.
            umask = os.umask(0)
            os.umask(umask)
            mode = 0o666 & ~umask
        os.chmod(temporary, mode)
        os.replace(temporary, target)
    except BaseException as error:
        Path(temporary).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise _fail(path, _os_reason(error)) from None
        raise
    finally:
        _TEMPORARIES.discard(temporary)


def remove_temporaries() -> None:
    """Remove every temporary file a write in progress has made (for an interrupt that cannot wait)."""
    for temporary in list(_TEMPORARIES):
        try:
            os.unlink(temporary)
        except OSError:
            pass


def lock_path(path: "str | Path") -> Path:
    """The lock file that guards the table at `path`: one per real file, in the temporary folder.

    Keyed by the table's resolved path, so a link and its target share one lock, and
    kept out of the table's folder, so data/ holds only tables.
    """
    real = os.path.realpath(path)
    digest = hashlib.sha256(os.fsencode(real)).hexdigest()[:32]
    folder = Path(tempfile.gettempdir()) / f"mmlib-locks-{os.getuid()}"
    folder.mkdir(mode=0o700, exist_ok=True)
    if folder.is_symlink() or folder.stat().st_uid != os.getuid():  # someone else's, planted
        raise ValueError(f"cannot lock {path}: {folder} is not this user's own folder")
    return folder / f"{digest}.lock"


@contextlib.contextmanager
def locked(path: "str | Path"):
    """Hold an exclusive lock on the table at `path` while the block runs.

    Use it around read-merge-write, so that two processes updating one table both
    keep their rows. Streams (a FIFO, /dev/null) are not tables and take no lock.
    """
    from filelock import FileLock, Timeout

    path = Path(path)
    status = _stat_or_none(path)
    if status is not None and (not stat.S_ISREG(status.st_mode) or _is_descriptor(path)):
        yield
        return
    try:
        lock = FileLock(str(lock_path(path)), timeout=LOCK_TIMEOUT_S)
        lock.acquire()
    except Timeout:
        raise ValueError(f"{path} is locked by another process for over {LOCK_TIMEOUT_S} s") from None
    except OSError as error:
        raise _fail(path, f"cannot lock it: {_os_reason(error)}") from None
    try:
        yield
    finally:
        lock.release()
