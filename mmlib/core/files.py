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

`check_writable` (and `check_writable_directory`) is the cheap check run on
every output path before any expensive work (through `mmlib.core.outputs`), so
a bad path costs a second, not the hour of measuring before it: it proves the
folder takes a new file and that an existing file can be replaced. `locked(path)`
guards a read-merge-write of a table against another process doing the same;
its lock file lies beside the table (`.NAME.lock`), so every process that can
write the table finds the same lock, whatever its environment.

Temporary files are made and forgotten through `mmlib.core.lifetime`, which
removes them if the run is interrupted.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import re
import stat
import sys
from pathlib import Path

from .lifetime import forget_temporary, temporary_file

REPOSITORY = Path(__file__).resolve().parents[2]
DATA_DIR = REPOSITORY / "data"
IMAGES_DIR = REPOSITORY / "images"

# The longest name of one file or folder (Linux and macOS file systems).
NAME_MAX = 255
# Seconds a writer waits for another process's lock on the same table before giving up.
LOCK_TIMEOUT_S = 600
# Linux inode flags (FS_IOC_GETFLAGS) under which a file cannot be replaced, and the
# ioctl that reads them (_IOR('f', 1, long)); the kernel writes an int.
FS_IOC_GETFLAGS = 0x80086601 if sys.maxsize > 2**32 else 0x80046601
FS_IMMUTABLE_FL, FS_APPEND_FL = 0x10, 0x20


def _fail(path, reason: str) -> ValueError:
    # A long path is cut at its start: its end names the file the user must fix.
    shown = str(path) if len(str(path)) <= 80 else "..." + str(path)[-77:]
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


def path_kind(path: "str | Path") -> str:
    """What is at `path`, as the writers see it: 'missing', 'file' (a regular file),
    'descriptor' (an open descriptor such as /dev/stdout), 'device' (a character
    device), 'fifo', 'directory' or 'other'. Links are followed."""
    path = Path(path)
    try:
        status = _stat_or_none(path)
    except OSError as error:  # a name too long, a loop of links, a folder that cannot be searched
        raise ValueError(f"cannot use {str(path)[:80]!r}: {_os_reason(error)}") from None
    if status is None:
        return "missing"
    if _is_descriptor(path):
        return "descriptor"
    mode = status.st_mode
    for kind, test in (("file", stat.S_ISREG), ("directory", stat.S_ISDIR), ("device", stat.S_ISCHR),
                       ("fifo", stat.S_ISFIFO)):
        if test(mode):
            return kind
    return "other"


def _write_to_descriptor(number: int, content, binary: bool) -> None:
    """Write through this process's descriptor `number`, at its own offset (no new open)."""
    if callable(content):  # it wants a path: let it write a private temporary, then copy
        handle, temporary = temporary_file(None, ".mmlib.", ".out")
        os.close(handle)
        try:
            content(temporary)
            data = Path(temporary).read_bytes()
        finally:
            forget_temporary(temporary, lambda: os.unlink(temporary))
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
        handle, probe = temporary_file(directory, ".mmlib.", ".probe")
    except OSError as error:
        raise _fail(path, f"cannot create a file in {str(directory)!r} ({_os_reason(error)})") from None
    os.close(handle)
    forget_temporary(probe, lambda: os.unlink(probe))


def _inode_flags(path: Path) -> int:
    """The file's Linux inode flags (chattr); 0 where they cannot be read."""
    if not sys.platform.startswith("linux"):
        return 0
    import fcntl

    try:
        handle = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError:
        return 0
    try:
        flags = bytearray(8)
        fcntl.ioctl(handle, FS_IOC_GETFLAGS, flags, True)
        return int.from_bytes(flags[:4], sys.byteorder)
    except OSError:  # a file system without them (tmpfs)
        return 0
    finally:
        os.close(handle)


def _why_not_replaceable(target: Path, status) -> "str | None":
    """Why renaming a new file onto the existing regular file `target` would fail, if that
    can be known now without touching it; None if nothing stands in the way."""
    flags = _inode_flags(target)
    if flags & FS_IMMUTABLE_FL:
        return "it is marked immutable (chattr +i), so it cannot be replaced"
    if flags & FS_APPEND_FL:
        return "it is marked append-only (chattr +a), so it cannot be replaced"
    user = os.geteuid()
    folder = target.parent.stat()
    if folder.st_mode & stat.S_ISVTX and user not in (status.st_uid, folder.st_uid) \
            and not _may_override_owner(user, status):
        return (f"it belongs to another user (uid {status.st_uid}) in a sticky folder, "
                "where only its owner may replace it")
    return None


# CAP_FOWNER: what lets root remove another user's file from a sticky folder.
CAP_FOWNER = 3


def _may_override_owner(user: int, status) -> bool:
    """May this process replace a file of another user in a sticky folder? Root may, with
    CAP_FOWNER, and only over a file whose user and group exist in its user namespace: root in
    a container cannot touch a file of a user the container does not map (shown as uid 65534),
    and a rename onto it fails with EPERM."""
    if user != 0:
        return False
    capabilities = _effective_capabilities()
    if capabilities is not None and not capabilities >> CAP_FOWNER & 1:
        return False
    return _id_mapped(status.st_uid, "uid_map") and _id_mapped(status.st_gid, "gid_map")


def _effective_capabilities() -> "int | None":
    """This process's effective capability bits (Linux), or None where they cannot be read."""
    try:
        with open("/proc/self/status") as handle:
            for line in handle:
                if line.startswith("CapEff:"):
                    return int(line.split()[1], 16)
    except (OSError, ValueError, IndexError):
        pass
    return None


def _id_mapped(number: int, map_name: str) -> bool:
    """Is the user (uid_map) or group (gid_map) id mapped in this user namespace? True where the
    map cannot be read (no user namespaces: every id is real)."""
    try:
        with open(f"/proc/self/{map_name}") as handle:
            ranges = [tuple(int(field) for field in line.split()[::2]) for line in handle if line.strip()]
    except (OSError, ValueError):
        return True
    return any(start <= number < start + count for start, count in ranges)


def check_writable(path: "str | Path") -> Path:
    """`path` as a Path if `write_atomically` can write it; else ValueError with one line saying why.

    Cheap, and leaves nothing behind (a probe file is created and removed beside the
    target): run it on every output path before the work that fills the file. An
    existing file must also be replaceable: not immutable or append-only, not another
    user's in a sticky folder.
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
        if status is not None:
            reason = _why_not_replaceable(target, status)
            if reason:
                raise _fail(path, reason)
    except OSError as error:
        raise _fail(path, _os_reason(error)) from None
    return path


def check_writable_directory(path: "str | Path", create: bool = True) -> Path:
    """`path` as a Path if files can be written into it; else ValueError.

    `create`: make it (and its parents) if missing; otherwise only prove that it
    could be made: the nearest folder above it that exists takes a new file.
    """
    if not str(path).strip():
        raise ValueError("cannot write to an empty path: name a folder")
    path = Path(path)
    try:
        _check_names(path)
        if path.exists() and not path.is_dir():
            raise _fail(path, "it is not a directory")
        if create:
            path.mkdir(parents=True, exist_ok=True)
        existing = path
        while not existing.exists():
            existing = existing.parent
        if not existing.is_dir():
            raise _fail(path, f"{str(existing)!r} is not a directory")
        _probe(path, existing)
    except OSError as error:
        raise _fail(path, _os_reason(error)) from None
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
        handle, temporary = temporary_file(target.parent, f".{target.name[:40]}.", ".tmp")
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
        forget_temporary(temporary, lambda: os.replace(temporary, target))
    except BaseException as error:
        forget_temporary(temporary, lambda: Path(temporary).unlink(missing_ok=True))
        if isinstance(error, OSError):
            raise _fail(path, _os_reason(error)) from None
        raise


def write_gzipped_json(path: "str | Path", data) -> None:
    """`data` as compact JSON, gzipped (with no timestamp, so the same data gives the same
    bytes), written by `write_atomically`: data/optimal_trees/, checkpoints, `--tree FILE.gz`."""
    import gzip
    import json

    text = json.dumps(data, separators=(",", ":")).encode()
    write_atomically(path, gzip.compress(text, mtime=0))

def lock_path(path: "str | Path") -> Path:
    """The lock file that guards the table at `path`: `.NAME.lock` beside the real file.

    Keyed by the table's real path (a link and its target share one lock) and by
    nothing else: not the environment (TMPDIR), not the user. The folder must take
    new files anyway, since the table is written there through a temporary file.
    """
    real = Path(os.path.realpath(path))
    name = f".{real.name}.lock"
    if len(os.fsencode(name)) > NAME_MAX:  # keep it a legal name, and still one per table
        digest = hashlib.sha256(os.fsencode(real.name)).hexdigest()[:16]
        name = f".{real.name[:100]}.{digest}.lock"
    return real.parent / name


@contextlib.contextmanager
def locked(path: "str | Path"):
    """Hold an exclusive lock on the table at `path` while the block runs.

    Use it around read-merge-write, so that two processes updating one table both
    keep their rows. Streams (a FIFO, /dev/null) are not tables and take no lock.
    The lock file stays after the lock is released: removing it could let a third
    process lock a new file while a second still holds the old one.
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
