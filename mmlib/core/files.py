"""Where mmlib keeps its tables, and the one way it writes a file."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

REPOSITORY = Path(__file__).resolve().parents[2]
DATA_DIR = REPOSITORY / "data"
IMAGES_DIR = REPOSITORY / "images"


def write_atomically(path: "str | Path", content) -> None:
    """Write to a temporary file beside `path`, then rename it into place.

    `content` is text, bytes, or a function that writes the file whose path it is given
    (e.g. `lambda temporary: figure.savefig(temporary, format="png")`). Readers never see
    a half-written file, and a failure leaves the old file as it was.
    """
    path = Path(path)
    directory = path.parent if str(path.parent) else Path(".")
    if not directory.is_dir():
        raise ValueError(f"cannot write {path}: no directory {directory}")
    handle, temporary = tempfile.mkstemp(dir=directory, prefix=f".{path.name}.", suffix=".tmp")
    try:
        if callable(content):
            os.close(handle)
            content(temporary)
        else:
            with os.fdopen(handle, "wb" if isinstance(content, bytes) else "w") as out:
                out.write(content)
        # mkstemp makes the file private; give it the permissions a plain open() would.
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise
