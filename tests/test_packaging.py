"""environment.yml (conda) and pyproject.toml (pip) must ask for the same things."""

import re
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def normalise(requirement: str) -> tuple[str, str]:
    match = re.match(r"^\s*([A-Za-z0-9_.\-]+)\s*(.*)$", requirement)
    return match.group(1).lower().replace("_", "-"), match.group(2).replace(" ", "")


def pyproject_requirements() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    wanted = list(project["dependencies"])
    for extra in project["optional-dependencies"].values():
        wanted += extra
    return dict(normalise(r) for r in wanted)


def environment_requirements() -> dict[str, str]:
    found = {}
    text = (ROOT / "environment.yml").read_text()
    for line in text.split("\ndependencies:", 1)[1].splitlines():
        match = re.match(r"^\s*-\s+([A-Za-z0-9_.\-]+[^#]*)$", line)
        if match and not line.strip().endswith(":"):
            name, version = normalise(match.group(1))
            if name not in {"python", "pip", "-e"}:
                found[name] = version
    return found


def test_environment_yml_matches_pyproject():
    assert environment_requirements() == pyproject_requirements()


def test_environment_yml_python_matches():
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert f"python{project['requires-python']}" in (ROOT / "environment.yml").read_text()
