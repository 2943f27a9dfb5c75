"""The package's layers: core, then studies, then workbench, then the command line.

Each module is imported on its own in a fresh interpreter (so no import works
only because another module happened to load first), and every import statement
in the package, those inside functions included, is read from the source. No
import may reach a higher layer, and the graph of imports between modules has
no cycle.
"""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "mmlib"
# Lower layers first; a module may import from its own layer or any layer before it.
LAYERS = ("core", "studies", "workbench", "cli")


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = sorted(module_name(path) for path in PACKAGE.rglob("*.py"))


def layer_of(module: str) -> "int | None":
    """The layer's position, or None for the package root (mmlib, mmlib.__main__)."""
    parts = module.split(".")
    return LAYERS.index(parts[1]) if len(parts) > 1 and parts[1] in LAYERS else None


def source_of(module: str) -> Path:
    """The file of a module: NAME.py, or NAME/__init__.py for a package."""
    path = PACKAGE.parent / (module.replace(".", "/") + ".py")
    return path if path.exists() else PACKAGE.parent / module.replace(".", "/") / "__init__.py"


def imported_modules(module: str) -> set[str]:
    """The mmlib modules `module` imports anywhere in its source. `from PACKAGE import sub`,
    where every name is a submodule, imports those submodules (the package itself is already
    being imported, as the parent of any module in it)."""
    path = source_of(module)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            submodules = [f"{target}.{alias.name}" for alias in node.names]
            candidates = submodules + ([] if all(name in MODULES for name in submodules) else [target])
        elif isinstance(node, ast.Import):
            candidates = [alias.name for alias in node.names]
        else:
            continue
        found.update(name for name in candidates if name in MODULES and name != module)
    return found


GRAPH = {module: imported_modules(module) for module in MODULES}


def test_every_layer_has_modules():
    for layer in LAYERS:
        assert any(layer_of(module) == LAYERS.index(layer) for module in MODULES), layer


@pytest.mark.parametrize("module", [m for m in MODULES if layer_of(m) is not None])
def test_no_import_runs_upward(module):
    upward = sorted(other for other in GRAPH[module]
                    if layer_of(other) is not None and layer_of(other) > layer_of(module))
    assert upward == [], f"{module} (layer {LAYERS[layer_of(module)]}) imports {upward}"


def test_the_core_knows_nothing_of_notebooks():
    """No core module imports matplotlib, ipywidgets, IPython or pandas' plotting at any point."""
    presentation = ("matplotlib", "ipywidgets", "IPython")
    for module in MODULES:
        if layer_of(module) != 0:
            continue
        tree = ast.parse(source_of(module).read_text())
        for node in ast.walk(tree):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            for name in names:
                assert not name.startswith(presentation), f"{module} imports {name}"


def test_no_import_cycle():
    """Depth-first search for a back edge; the cycle found, if any, is printed."""
    state = {}  # module -> "open" while on the stack, "done" after

    def visit(module, stack):
        state[module] = "open"
        for other in sorted(GRAPH[module]):
            if state.get(other) == "open":
                cycle = stack[stack.index(other):] + [other]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if other not in state:
                visit(other, stack + [other])
        state[module] = "done"

    for module in MODULES:
        if module not in state:
            visit(module, [module])


def test_the_walk_sees_a_cycle_when_there_is_one():
    """The check above can fail: a graph with a cycle in it is caught."""
    saved = dict(GRAPH)
    try:
        GRAPH["mmlib.core.games"] = GRAPH["mmlib.core.games"] | {"mmlib.core.scoring"}
        with pytest.raises(pytest.fail.Exception, match="import cycle"):
            test_no_import_cycle()
    finally:
        GRAPH.clear()
        GRAPH.update(saved)


def test_each_module_imports_on_its_own():
    """One fresh interpreter imports every module, each after clearing mmlib from sys.modules
    (mmlib.__main__ runs the command line, so it is left out)."""
    script = (
        "import importlib, sys\n"
        f"for name in {[m for m in MODULES if m != 'mmlib.__main__']!r}:\n"
        "    for loaded in [m for m in sys.modules if m == 'mmlib' or m.startswith('mmlib.')]:\n"
        "        del sys.modules[loaded]\n"
        "    importlib.import_module(name)\n"
        "print('ok')\n"
    )
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=300,
                          env=dict(os.environ, MPLBACKEND="Agg"))
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
