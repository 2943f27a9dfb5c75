#!/usr/bin/env python3
"""Execute notebooks in place, as `jupyter nbconvert --to notebook --execute --inplace` does, without
its hang.

    PYTHONPATH=$PWD MPLBACKEND=Agg PYTHONHASHSEED=0 .venv/bin/python scripts/execute_notebooks.py 06 08
    PYTHONPATH=$PWD MPLBACKEND=Agg PYTHONHASHSEED=0 .venv/bin/python scripts/execute_notebooks.py      # all

A notebook is named by its file name, its path or its number. Each runs in a fresh kernel from
notebooks/ (as JupyterLab and nbval run it) and is written back under a temporary name renamed into
place, so a notebook that fails keeps its old outputs; the script then names it on stderr and exits 1.

Why not nbconvert: on a busy machine `nbconvert --execute` now and then waits for ever after a cell
whose kernel is already idle (seen here with pyzmq 27, jupyter_client 8, nbclient 0.11 and ipykernel
6.31, on cells of any kind). The kernel has sent the cell's reply; the asyncio client's poll of its
shell socket misses the socket's edge-triggered wake-up and sleeps until its timeout (for ever by
default), and then finds the reply waiting. nbval reads the same sockets with the blocking client and
is not affected. Here the client's shell and iopub polls wake once a second and look again, so a missed
wake-up costs at most a second.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = ROOT / "notebooks"
# How often a poll of the kernel's sockets looks again, whatever the socket said.
POLL_SLICE_S = 1.0


def poll_in_slices() -> None:
    """Make the asyncio kernel client's `get_msg` poll its socket at most POLL_SLICE_S at a time."""
    from queue import Empty

    from jupyter_client.channels import AsyncZMQSocketChannel

    async def get_msg(self, timeout: "float | None" = None):
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = POLL_SLICE_S if deadline is None else max(0.0, deadline - time.monotonic())
            if await self.socket.poll(int(1000 * min(POLL_SLICE_S, left))):
                return await self._recv()
            if deadline is not None and time.monotonic() >= deadline:
                raise Empty

    AsyncZMQSocketChannel.get_msg = get_msg


def notebook_paths(names: list) -> list:
    """The notebooks named (file name, path or number), or every notebook of notebooks/."""
    everything = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
    if not names:
        return everything
    chosen = []
    for name in names:
        found = [p for p in everything if p.name == Path(name).name or p.name.startswith(f"{name}_")
                 or p.resolve() == Path(name).resolve()]
        if not found:
            raise SystemExit(f"no notebook {name!r} in notebooks/ (give a file name, a path or a number)")
        chosen += found
    return chosen


def execute(path: Path, timeout: "int | None") -> None:
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)
    NotebookClient(notebook, timeout=timeout, kernel_name="python3",
                   resources={"metadata": {"path": str(NOTEBOOKS)}}).execute()
    temporary = path.with_name(f".{path.name}.executing")
    nbformat.write(notebook, temporary)
    temporary.replace(path)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("notebooks", nargs="*", help="file names, paths or numbers (default: every notebook)")
    parser.add_argument("--timeout", type=int, default=1800, help="seconds a cell may take (default 1800)")
    args = parser.parse_args(argv)
    poll_in_slices()
    failed = []
    for path in notebook_paths(args.notebooks):
        started = time.perf_counter()
        print(f"{path.name}: running", file=sys.stderr, flush=True)
        try:
            execute(path, args.timeout)
        except Exception as error:  # noqa: BLE001 (a cell's error, a dead kernel: name it, go on)
            failed.append(f"{path.name}: {type(error).__name__}: {str(error).strip().splitlines()[-1:]}")
            continue
        print(f"{path.name}: written in {time.perf_counter() - started:.0f} s", file=sys.stderr, flush=True)
    for line in failed:
        print(line, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
