#!/usr/bin/env python3
"""Set up mmlib and run it: `python3 dev.py lab` or `python3 dev.py test`.

Needs only Python 3.11 on the machine. Creates the virtual environment `.venv`
at the repository root, installs mmlib into it (uv when it can be had, else
pip), then opens JupyterLab on the notebooks or runs every test.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent
VENV = ROOT / ".venv"
PYTHON = VENV / "bin" / "python"
STAMP = VENV / ".mmlib-installed"


def run(*command, check=True, **kwargs):
    print("+", " ".join(str(c) for c in command), flush=True)
    return subprocess.run([str(c) for c in command], check=check, **kwargs)


def requirements_digest() -> str:
    return hashlib.sha256((ROOT / "pyproject.toml").read_bytes()).hexdigest()


def ensure_environment() -> None:
    """Create .venv and install mmlib with its extras, unless already up to date."""
    if not PYTHON.exists():
        run(sys.executable, "-m", "venv", VENV)
    if STAMP.exists() and STAMP.read_text() == requirements_digest():
        return
    spec = f"{ROOT}[workbench,test]"
    uv = VENV / "bin" / "uv"
    if not uv.exists():
        run(PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "uv", check=False)
    if uv.exists():
        # Bytecode now, not at first import: where PYTHONDONTWRITEBYTECODE is set it would never
        # be written, and every command would compile numba's 400 modules again (about 1 s).
        done = run(uv, "pip", "install", "--python", PYTHON, "--compile-bytecode", "-e", spec,
                   check=False).returncode == 0
    else:
        done = False
    if not done:
        run(PYTHON, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "-e", spec)
    run(PYTHON, "-m", "compileall", "-q", ROOT / "mmlib", check=False)  # mmlib's own, likewise
    STAMP.write_text(requirements_digest())


def ensure_chromium() -> None:
    """The browser test needs Debian's Chromium; install it where we may (root with apt-get)."""
    if shutil.which("chromium") or os.environ.get("MMLIB_NO_APT"):
        return
    if shutil.which("apt-get") and hasattr(os, "geteuid") and os.geteuid() == 0:
        env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
        # No stdin: CI has none, and apt-get must never wait for an answer.
        if run("apt-get", "update", "-qq", check=False, env=env,
               stdin=subprocess.DEVNULL).returncode == 0:
            run("apt-get", "install", "-y", "-qq", "--no-install-recommends", "chromium",
                check=False, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL)
    if not shutil.which("chromium"):
        print("note: Chromium could not be installed; the browser test will be skipped", flush=True)


def lab(extra: list[str]) -> int:
    ensure_environment()
    command = [VENV / "bin" / "jupyter", "lab", "--notebook-dir", ROOT / "notebooks"]
    if hasattr(os, "geteuid") and os.geteuid() == 0:
        command.append("--allow-root")
    return run(*command, *extra, check=False).returncode


def test_processes() -> int:
    """Processes for the test run: one per core, at most four (MMLIB_TEST_PROCESSES overrides)."""
    wanted = os.environ.get("MMLIB_TEST_PROCESSES", "")
    if wanted:
        if not wanted.isdigit() or int(wanted) < 1:
            print(f"MMLIB_TEST_PROCESSES must be a whole number of at least 1, not {wanted!r}",
                  file=sys.stderr)
            raise SystemExit(2)
        return int(wanted)
    return max(1, min(4, len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity")
                      else os.cpu_count() or 1))


def test(extra: list[str]) -> int:
    ensure_environment()
    ensure_chromium()
    env = dict(os.environ, PYTHONHASHSEED="0", MPLBACKEND="Agg")
    command = [
        PYTHON, "-m", "pytest", "tests", "notebooks",
        "--nbval", "--nbval-sanitize-with", ROOT / "notebooks" / "sanitize.cfg",
        "-p", "no:cacheprovider",
        # One pytest process per core (pytest-xdist). Whole files go to one process each: a
        # notebook's cells must run in order in one kernel, and a file's tests share its fixtures.
        "-n", str(test_processes()), "--dist", "loadfile",
    ]
    return run(*command, *extra, check=False, cwd=ROOT, env=env).returncode


def main() -> int:
    commands = {"lab": lab, "test": test, "setup": lambda extra: (ensure_environment(), 0)[1]}
    if len(sys.argv) < 2 or sys.argv[1] not in commands:
        print("usage: python3 dev.py lab|test|setup [extra arguments]", file=sys.stderr)
        return 2
    return commands[sys.argv[1]](sys.argv[2:])


if __name__ == "__main__":
    sys.exit(main())
