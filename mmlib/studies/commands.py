"""The `command` column of the tables in data/: a command line anyone can run again as written.

A run's own arguments may name folders and files of the machine it ran on (`--checkpoint
/work/runs/ck`), which nobody else has. A path inside the repository is written relative to
the repository's root, where the commands of data/ are run; any other becomes DIR (a folder)
or FILE, the metavars of the command's own help.
"""

from __future__ import annotations

import os
import shlex
from pathlib import Path

from ..core.files import REPOSITORY

# Options whose value is a path, whatever it looks like (a relative one is relative to the
# folder the run started in, not necessarily the repository's root).
PATH_OPTIONS = frozenset({"--checkpoint", "--csv", "--output", "--out", "--tree", "--results",
                          "--first-guesses", "--ce-scores-from"})
FOLDER_OPTIONS = frozenset({"--checkpoint", "--out"})


def _looks_absolute(text: str) -> bool:
    return text.startswith(("/", "~"))


def portable_path(text: str, folder: bool = False, cwd: "str | Path | None" = None,
                  repository: "str | Path" = REPOSITORY) -> str:
    """`text`, a path as the run was given it, as the repository-relative path it names, or DIR
    (`folder`, or an existing folder) / FILE when it lies outside the repository."""
    path = Path(os.path.expanduser(text))
    if not path.is_absolute():
        path = Path(cwd if cwd is not None else os.getcwd()) / path
    path = Path(os.path.normpath(path))
    root = Path(os.path.normpath(Path(repository).resolve()))
    if path == root:
        return "."
    if path.is_relative_to(root):
        return path.relative_to(root).as_posix()
    return "DIR" if folder or path.is_dir() else "FILE"


def portable_arguments(argv, cwd: "str | Path | None" = None,
                       repository: "str | Path" = REPOSITORY) -> list[str]:
    """The arguments with every path made portable (`portable_path`): the values of
    PATH_OPTIONS, as `--option VALUE` or `--option=VALUE`, and any other argument that is an
    absolute path."""
    out = []
    option = None  # the path option whose value comes next
    for argument in map(str, argv):
        if option is not None:
            out.append(portable_path(argument, option in FOLDER_OPTIONS, cwd, repository))
            option = None
            continue
        name, equals, value = argument.partition("=")
        if argument.startswith("--") and equals and name in PATH_OPTIONS:
            out.append(f"{name}={portable_path(value, name in FOLDER_OPTIONS, cwd, repository)}")
        elif argument in PATH_OPTIONS:
            out.append(argument)
            option = argument
        elif _looks_absolute(argument):
            out.append(portable_path(argument, False, cwd, repository))
        else:
            out.append(argument)
    return out


def rerun_command(program: str, argv, cwd: "str | Path | None" = None,
                  repository: "str | Path" = REPOSITORY) -> str:
    """`program` (e.g. 'python -m mmlib') followed by `argv` made portable and quoted for a
    POSIX shell: the `command` a table row keeps."""
    return " ".join([program, *(shlex.quote(a) for a in portable_arguments(argv, cwd, repository))])
