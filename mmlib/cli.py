"""The command line: `python -m mmlib COMMAND ...`.

Each command is a module with `register(subparsers)`, which adds its parser and
sets `handler` to a function of the parsed arguments returning an exit status.
Bad input anywhere (a ValueError) becomes one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
import tempfile
from pathlib import Path

# Modules that add a command; each has register(subparsers).
COMMAND_MODULES = [
    "mmlib.commands.solve_commands",
    "mmlib.commands.play_commands",
    "mmlib.commands.case_commands",
    "mmlib.commands.images_command",
    "mmlib.commands.bench_command",
]


class CommandLineError(ValueError):
    """Bad command-line input: reported as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def error(self, message):
        raise CommandLineError(f"{self.prog}: {message}")


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


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="python -m mmlib",
        description="mmlib: play every Mastermind game at once with Knuth, Expected Size, Entropy and Most Parts.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    subparsers.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def main(argv: "list[str] | None" = None) -> int:
    try:
        args = build_parser().parse_args(argv)
        return int(args.handler(args) or 0)
    except ValueError as error:  # CommandLineError included
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        print(f"error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0
