"""What Numba compiles a kernel to, counted so that a notebook can show it rather than assert it
(notebook 2: the rule set's test in `ordinal_of` compiles to a select, not a branch).

Numba turns a function into LLVM IR (the compiler's intermediate code, before machine code) and
LLVM optimizes it. In that IR a test that decides what runs next is a conditional branch,
`br i1 <test>, label <then>, label <else>`: a jump taken or not. A `select i1 <test>, <a>, <b>`
picks one of two values without a jump.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numba


@dataclass(frozen=True)
class CompiledCounts:
    """The conditional branches and selects in the optimized LLVM IR of one compiled function."""

    name: str
    types: str
    branches: int
    selects: int

    def __str__(self) -> str:
        def counted(n: int, word: str) -> str:
            return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('ch') else 's'}"
        return (f"{self.name}, compiled for ({self.types}): {counted(self.branches, 'conditional branch')}, "
                f"{counted(self.selects, 'select')}")


def compiled_counts(kernel, *args) -> CompiledCounts:
    """Compile the Python function of the Numba kernel `kernel` afresh for the types of `args`
    (a kernel loaded from Numba's cache cannot be inspected; the options but the cache are kept),
    and count the conditional branches and the selects in the optimized LLVM IR of the function
    itself, leaving out the wrapper Numba adds to call it from Python."""
    options = {key: value for key, value in kernel.targetoptions.items() if key != "cache"}
    fresh = numba.jit(**options)(kernel.py_func)
    fresh(*args)
    signature = fresh.signatures[0]
    name = fresh.overloads[signature].fndesc.mangled_name
    ir = fresh.inspect_llvm(signature)
    start = re.search(rf"^define [^\n]*@{re.escape(name)}\(", ir, re.MULTILINE)
    if start is None:
        raise ValueError(f"no definition of {name} in the LLVM IR of {kernel.py_func.__name__}")
    body = ir[start.start():ir.index("\n}\n", start.start())]
    return CompiledCounts(kernel.py_func.__name__, ", ".join(str(t) for t in signature),
                          len(re.findall(r"\bbr i1\b", body)), len(re.findall(r"= select\b", body)))
