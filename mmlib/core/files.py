"""Where mmlib keeps its tables, and the one way it writes a file.

Every file mmlib writes goes through `write_atomically`:

* a regular file, or a path not there yet, is written to a temporary file beside
  it and renamed into place, so a reader sees the old file or the new one, never
  half of one; an existing file keeps its permission bits;
* a character device or a FIFO (`/dev/stdout`, `/dev/null`, a pipe) is written
  straight through: nothing is renamed onto it;
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
import stat
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
        if _is_stream(status):
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
    never replaced; a symbolic link's target is written and the link is kept. Any
    problem with the path is a ValueError with one line.
    """
    path = check_writable(path)
    binary = isinstance(content, bytes)
    try:
        status = _stat_or_none(path)
        if _is_stream(status):
            if callable(content):
                content(str(path))
            else:
                with open(path, "wb" if binary else "w") as out:
                    out.write(content)
            return
        target = _file_target(path)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name[:40]}.", suffix=".tmp")
        _TEMPORARIES.add(temporary)
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
    folder = Path(tempfile.gettempdir()) / f"mmlib-locks-{os.getuid() if hasattr(os, 'getuid') else 0}"
    folder.mkdir(mode=0o700, exist_ok=True)
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
    if status is not None and not stat.S_ISREG(status.st_mode):
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
