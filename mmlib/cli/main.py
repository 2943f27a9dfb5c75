"""The command line: `python -m mmlib COMMAND ...`.

Each command is a module with `register(subparsers)`, which adds its parser and
sets `handler` to a function of the parsed arguments returning an exit status.
Bad input anywhere (a ValueError, or an OSError from a path) becomes one line
on stderr and exit status 2; Ctrl-C is one line and exit status 130. Options may
come before, between or after positional arguments (`next 4p6c --strategy knuth
1122=1,0`): every command's parser reads its arguments intermixed.
"""

from __future__ import annotations

import argparse
import importlib
import sys


# Modules that add a command; each has register(subparsers).
COMMAND_MODULES = [
    "mmlib.cli.solve_commands",
    "mmlib.cli.play_commands",
    "mmlib.cli.review_command",
    "mmlib.cli.case_commands",
    "mmlib.cli.images_command",
    "mmlib.cli.bench_command",
    "mmlib.cli.optimal_command",
    "mmlib.cli.seed_commands",
]


class CommandLineError(ValueError):
    """Bad command-line input: reported as one line, exit status 2."""


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr and exit status 2."""

    def error(self, message):
        raise CommandLineError(f"{self.prog}: {message}")


class CommandParser(OneLineParser):
    """A command's parser: options and positional arguments in any order.

    The subcommand action calls `parse_known_args`; it is routed through
    `parse_known_intermixed_args`, which itself calls `parse_known_args` (twice),
    so a flag tells the outer call from the inner ones.
    """

    _intermixing = False

    def parse_known_args(self, args=None, namespace=None):
        if self._intermixing:
            return super().parse_known_args(args, namespace)
        self._intermixing = True
        try:
            return self.parse_known_intermixed_args(args, namespace)
        finally:
            self._intermixing = False


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog="python -m mmlib",
        description="mmlib: play every Mastermind game at once with Knuth, Expected Size, Entropy and Most Parts.",
    )
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=CommandParser)
    subparsers.required = True
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(subparsers)
    return parser


def _one_line(error: BaseException) -> str:
    lines = str(error).strip().splitlines()
    return lines[0] if lines else type(error).__name__


def main(argv: "list[str] | None" = None) -> int:
    from ..core.environment import check_environment

    try:
        check_environment()
        args = build_parser().parse_args(argv)
        return int(args.handler(args) or 0)
    except ValueError as error:  # CommandLineError included
        print(f"error: {_one_line(error)}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except OSError as error:  # a path no command checked: still one line, not a traceback
        where = f" {error.filename!r}" if error.filename else ""
        print(f"error: cannot use{where}: {(error.strerror or _one_line(error)).lower()}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except RuntimeError as error:
        # A worker killed from outside (kill -9, the kernel out of memory): concurrent.futures'
        # BrokenProcessPool, looked up only when raised (importing it costs every command time).
        process_pools = sys.modules.get("concurrent.futures.process")
        if process_pools is None or not isinstance(error, process_pools.BrokenProcessPool):
            raise
        print("error: a worker process ended before its part of the work was done (killed, or out of "
              "memory); a --checkpoint DIR keeps what was proven: run the same command again to go on",
              file=sys.stderr)
        return 1
