"""The command line: `python -m mmlib COMMAND ...`.

Each command is a module with `register(subparsers)`, which adds its parser and
sets `handler` to a function of the parsed arguments returning an exit status.
Bad input anywhere (a ValueError) becomes one line on stderr and exit status 2.
"""

from __future__ import annotations

import argparse
import importlib
import sys


# Modules that add a command; each has register(subparsers).
COMMAND_MODULES = [
    "mmlib.cli.solve_commands",
    "mmlib.cli.play_commands",
    "mmlib.cli.case_commands",
    "mmlib.cli.images_command",
    "mmlib.cli.bench_command",
    "mmlib.cli.seed_commands",
]


class CommandLineError(ValueError):
    """Bad command-line input: reported as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def error(self, message):
        raise CommandLineError(f"{self.prog}: {message}")


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
