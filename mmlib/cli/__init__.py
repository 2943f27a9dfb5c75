"""The command line, `python -m mmlib COMMAND ...`: the top layer, over the core and the workbench."""

from .main import main

__all__ = ["main"]
