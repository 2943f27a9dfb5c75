"""What Numba compiles a kernel to, counted so that a notebook can show it rather than assert it
(notebook 2: the rule set's test in `ordinal_of` compiles to a select, not a branch, for the types
the CPU scoring loop `kernels_cpu.score_block` passes it, read from that loop as compiled).

Numba turns a function into LLVM IR (the compiler's intermediate code, before machine code) and
LLVM optimizes it. In that IR a test that decides what runs next is a conditional branch,
`br i1 <test>, label <then>, label <else>`: a jump taken or not. A `select i1 <test>, <a>, <b>`
picks one of two values without a jump.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numba
import numpy as np

from ..core.games import Codewords, Game
from ..core.scoring import BLACK_ONLY_BIT, score_mask


@dataclass(frozen=True)
class CompiledCounts:
    """The conditional branches and selects in the optimized LLVM IR of one compiled function."""

    name: str
    types: str
    branches: int
    selects: int
    called_from: str = ""  # the kernel whose calls gave the types, if they were read from one

    def __str__(self) -> str:
        def counted(n: int, word: str) -> str:
            return f"{n} {word}{'' if n == 1 else 'es' if word.endswith('ch') else 's'}"
        counts = f"{counted(self.branches, 'conditional branch')}, {counted(self.selects, 'select')}"
        if self.called_from:  # two short lines: a long printed line wraps mid-word on a narrow page
            return (f"{self.called_from} passes {self.name} ({self.types})\n"
                    f"{self.name}, compiled for those types: {counts}")
        return f"{self.name}, compiled for ({self.types}): {counts}"


def compiled_counts(kernel, *args) -> CompiledCounts:
    """Compile the Python function of the Numba kernel `kernel` afresh for the types of `args`
    (a kernel loaded from Numba's cache cannot be inspected; the options but the cache are kept),
    and count the conditional branches and the selects in the optimized LLVM IR of the function
    itself, leaving out the wrapper Numba adds to call it from Python."""
    fresh = _fresh(kernel)
    fresh(*args)
    return _counts(kernel, fresh, fresh.signatures[0])


def _fresh(kernel):
    """A new Numba dispatcher of the kernel's Python function, with its options but the cache."""
    options = {key: value for key, value in kernel.targetoptions.items() if key != "cache"}
    return numba.jit(**options)(kernel.py_func)


def types_passed(caller, callee, *args) -> tuple:
    """The Numba types of the arguments with which the kernel `caller`, compiled afresh for the types
    of `args` (not run), calls the kernel `callee`; a ValueError unless every call passes the same."""
    fresh = _fresh(caller)
    fresh.compile(tuple(numba.typeof(arg) for arg in args))
    annotation = fresh.overloads[fresh.signatures[0]].type_annotation
    passed = set()
    for expr, called in annotation.calltypes.items():
        if getattr(expr, "op", None) != "call":
            continue
        function = annotation.typemap.get(expr.func.name)
        if isinstance(function, numba.core.types.Dispatcher) and function.dispatcher is callee:
            passed.add(tuple(called.args))
    if len(passed) != 1:
        raise ValueError(f"{caller.py_func.__name__} calls {callee.py_func.__name__} with "
                         f"{len(passed)} different signatures, not one")
    return passed.pop()


def compiled_counts_as_called(kernel, caller, *caller_args) -> CompiledCounts:
    """`compiled_counts` of `kernel` for the types `caller` passes it, read from `caller` compiled
    afresh for the types of `caller_args` (`types_passed`)."""
    types = types_passed(caller, kernel, *caller_args)
    fresh = _fresh(kernel)
    fresh.compile(types)
    counts = _counts(kernel, fresh, fresh.signatures[0])
    return CompiledCounts(counts.name, counts.types, counts.branches, counts.selects,
                          f"{caller.__module__.rsplit('.', 1)[-1]}.{caller.py_func.__name__}")


def score_block_arguments(game) -> tuple:
    """The arguments the CPU solver gives the scoring loop `kernels_cpu.score_block` in a search of
    `game`: a guess's packed words against every codeword's (`Codewords.of`), the pins (a Python
    int), the game's score mask, whether the colors need the high color-count word (more than 8),
    and the uint8 ordinals the loop writes."""
    game = Game.parse(game) if isinstance(game, str) else game
    words = Codewords.of(game)
    return (words.words[0], words.counts_lo[0], words.counts_hi[0], words.words, words.counts_lo,
            words.counts_hi, game.pins, score_mask(game), game.colors > 8,
            np.empty(game.size, dtype=np.uint8))


def _counts(kernel, fresh, signature) -> CompiledCounts:
    """The branches and selects of `fresh` (a fresh copy of `kernel`) compiled for `signature`."""
    body = _body(kernel, fresh, signature)
    return CompiledCounts(kernel.py_func.__name__, ", ".join(str(t) for t in signature),
                          len(re.findall(r"\bbr i1\b", body)), len(re.findall(r"= select\b", body)))


def compiled_with() -> str:
    """The compiler behind the counts, which another Numba or LLVM release may change:
    "Numba 0.68.1, LLVM 22.1.0, x86_64" (the machine's architecture as Python reports it)."""
    import platform

    import llvmlite.binding

    llvm = ".".join(str(part) for part in llvmlite.binding.llvm_version_info)
    return f"Numba {numba.__version__}, LLVM {llvm}, {platform.machine()}"


@numba.njit
def ordinal_win_in_hole(black, hits, pins, mask=0):
    """`ordinal_of` with the win moved into the hole's slot: O(p, 0) − 1 for b = p, so no slot is
    left unused. mmlib does not use it; notebook 2 compiles it to count what that exception adds."""
    b = np.int64(black)
    classic = b * (2 * pins + 1 - b) // 2 + np.int64(hits)
    if b == pins:
        classic -= 1
    return b if np.uint64(mask) & BLACK_ONLY_BIT else classic


def instruction_table(kernels, caller, *caller_args):
    """A table of the kernels (each taking `ordinal_of`'s arguments), compiled afresh for the types
    `caller` passes `ordinal_of` (`types_passed`): per kernel the compares (`icmp`), conditional
    branches, selects and all instructions of its optimized LLVM IR, the wrapper left out."""
    import pandas as pd

    from ..core.scoring import ordinal_of
    from .tables import readable

    types = types_passed(caller, ordinal_of, *caller_args)
    rows = []
    for kernel in kernels:
        fresh = _fresh(kernel)
        fresh.compile(types)
        body = _body(kernel, fresh, fresh.signatures[0])
        instructions = [line for line in body.splitlines()[1:] if line.strip() and not line.rstrip().endswith(":")]
        rows.append({"kernel": kernel.py_func.__name__, "compares": len(re.findall(r"= icmp\b", body)),
                     "conditional branches": len(re.findall(r"\bbr i1\b", body)),
                     "selects": len(re.findall(r"= select\b", body)), "LLVM instructions in all": len(instructions)})
    return readable(pd.DataFrame(rows))


def _body(kernel, fresh, signature) -> str:
    """The optimized LLVM IR of `fresh` (a fresh copy of `kernel`) compiled for `signature`, the
    function itself without the wrapper Numba adds to call it from Python."""
    name = fresh.overloads[signature].fndesc.mangled_name
    ir = fresh.inspect_llvm(signature)
    start = re.search(rf"^define [^\n]*@{re.escape(name)}\(", ir, re.MULTILINE)
    if start is None:
        raise ValueError(f"no definition of {name} in the LLVM IR of {kernel.py_func.__name__}")
    return ir[start.start():ir.index("\n}\n", start.start())]
