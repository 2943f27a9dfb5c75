#!/usr/bin/env python3
"""Instructions per score in the cuda subsetting kernel's score loop, counted in its machine code.

No GPU needed. The kernel (`kernels_cuda.make_subset_kernel`) is compiled to PTX by numba-cuda
(NVVM: `pip install nvidia-nvvm nvidia-cuda-nvrtc`), the PTX to SASS for sm_90 (H100, H200) by
ptxas, and the SASS listed by cuobjdump (`pip install nvidia-cuda-nvcc nvidia-cuda-cuobjdump nvidia-cuda-nvdisasm`,
or a CUDA toolkit on the PATH). The score loop is the innermost loop that holds the population counts
(POPC); NVVM unrolls it, so its instructions are divided by the counter updates it makes (one per
score). Writes one row per hits form and counter width to data/gpu_score_loop.csv:

    PYTHONPATH=. .venv/bin/python scripts/score_loop_sass.py [--pins 7] [--csv data/gpu_score_loop.csv]
"""

from __future__ import annotations

import argparse
import csv
import io
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
# A counter update: a shared-memory store of the counter's width.
COUNTER_STORE = re.compile(r"^(@!?P\d+ )?STS(\.U8|\.U16)?\s")
# An opcode that works on 64 bits: the extended (.X) half of a 64-bit add, a wide multiply, a
# 64-bit shift, or a 64-bit load (the operands' register pairs, R4.64, are addresses: not counted).
WIDE = re.compile(r"\.(X|WIDE|64|U64|S64)\b")


def cuda_tool(name: str) -> str:
    """The path of ptxas or cuobjdump: from NVIDIA's pip wheels (nvidia/*/bin, the version of the
    NVVM that wrote the PTX), else on the PATH."""
    try:
        import nvidia  # the namespace package of NVIDIA's wheels

        for base in nvidia.__path__:
            for candidate in sorted(Path(base).glob(f"*/bin/{name}")):
                return str(candidate)
    except ImportError:
        pass
    found = shutil.which(name)
    if found:
        return found
    raise SystemExit(f"{name} not found: pip install nvidia-cuda-nvcc nvidia-cuda-cuobjdump "
                     "nvidia-cuda-nvdisasm (or put a CUDA toolkit's bin on the PATH)")


def subset_kernel_ptx(pins: int, counter_bytes: int, hit_words: int, hits_form: str) -> str:
    """PTX for sm_90 of the subsetting kernel with the argument types the solver launches it with."""
    from types import SimpleNamespace

    import numba.cuda.dispatcher as cuda_dispatcher
    from numba import cuda, types

    from mmlib.core import config, kernels_cuda

    # Device functions compile for "the current device"; with no driver, name the target.
    cuda_dispatcher.get_current_device = lambda: SimpleNamespace(compute_capability=(9, 0))
    kernel = kernels_cuda.make_subset_kernel(pins, config.SUBSET_THREADS[counter_bytes], counter_bytes,
                                             hit_words, False, hits_form)
    i32, u32, u64, i64, u8 = (types.Array(t, 1, "C") for t in
                              (types.int32, types.uint32, types.uint64, types.int64, types.uint8))
    signature = (i32, i32, i32, i32, i32, i32, i32, u32, u64, u64, u32, u64, u64,
                 types.int64, i64, types.int64, i64, u8, i32)
    ptx, _ = cuda.compile_ptx(kernel.py_func, signature, cc=(9, 0))
    return ptx


def sass_of(ptx: str) -> list[str]:
    """The SASS instructions (text) of a PTX module, in address order."""
    with tempfile.TemporaryDirectory() as folder:
        source, binary = Path(folder, "kernel.ptx"), Path(folder, "kernel.cubin")
        source.write_text(ptx)
        subprocess.run([cuda_tool("ptxas"), "-arch=sm_90", "-O3", str(source), "-o", str(binary)], check=True)
        # cuobjdump lists the code through nvdisasm, which it looks for beside itself or on the PATH.
        env = dict(os.environ, NVDISASM_PATH=str(Path(cuda_tool("nvdisasm")).parent))
        listing = subprocess.run([cuda_tool("cuobjdump"), "-sass", str(binary)], check=True,
                                 capture_output=True, text=True, env=env).stdout
    return [(int(m.group(1), 16), m.group(2).strip()) for m in
            (re.match(r"\s*/\*([0-9a-f]{4,})\*/\s+(.*?);", line) for line in listing.splitlines()) if m]


def score_loop(instructions) -> dict:
    """The loop (a backward branch) with the most population counts: its instructions per score."""
    index = {address: i for i, (address, _) in enumerate(instructions)}
    best = None
    for i, (address, text) in enumerate(instructions):
        target = re.search(r"BRA .*?0x([0-9a-f]+)", text)
        if not target or int(target.group(1), 16) >= address or int(target.group(1), 16) not in index:
            continue
        body = [t for _, t in instructions[index[int(target.group(1), 16)]: i + 1]]
        popc = sum("POPC" in t for t in body)
        if popc and (best is None or popc > best[1]):
            best = (body, popc)
    if best is None:
        raise SystemExit("no loop with a population count found in the SASS")
    body, _ = best
    scores = sum(bool(COUNTER_STORE.match(t)) for t in body)
    return {"loop_instructions": len(body), "scores_per_pass": scores,
            "instructions_per_score": round(len(body) / scores, 1),
            "wide_per_score": round(sum(bool(WIDE.search(opcode(t))) for t in body) / scores, 1)}


def opcode(instruction: str) -> str:
    """'LDG.E.64' of '@P0 LDG.E.64 R8, desc[UR4][R6.64]'."""
    words = instruction.split()
    return words[1] if words[0].startswith("@") else words[0]


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pins", type=int, default=7)
    parser.add_argument("--csv", default=str(ROOT / "data" / "gpu_score_loop.csv"))
    args = parser.parse_args(argv)
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("NUMBA_ENABLE_CUDASIM", "0")
    from mmlib.core.files import write_atomically
    from mmlib.core.machine import mmlib_version, utc_now
    from mmlib.studies.commands import rerun_command

    command = rerun_command("python3 scripts/score_loop_sass.py", sys.argv[1:] if argv is None else argv)
    rows = []
    for hits_form in ("lanes", "thermometer"):
        for counter_bytes in (1, 2, 4):
            counted = score_loop(sass_of(subset_kernel_ptx(args.pins, counter_bytes, 1, hits_form)))
            rows.append({"date": utc_now(), "mmlib_version": mmlib_version(), "target": "sm_90",
                         "pins": args.pins, "hits_form": hits_form, "counter_bytes": counter_bytes,
                         **counted, "command": command})
            print(f"{hits_form:12} {counter_bytes}-byte counters: {counted['instructions_per_score']} "
                  f"instructions a score ({counted['wide_per_score']} of them 64-bit)", flush=True)
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(rows[0]), lineterminator="\n")
    writer.writeheader()
    writer.writerows(rows)
    write_atomically(args.csv, out.getvalue())
    print(f"wrote {len(rows)} rows to {args.csv}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
