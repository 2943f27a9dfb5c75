"""Where a computation ran, in the words the data tables use: the CPU and its cores."""

from __future__ import annotations

import os
import platform
from pathlib import Path


def cpu_model() -> str:
    """The CPU's model name from /proc/cpuinfo, else what platform knows."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.lower().startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine() or "unknown"


def machine_label(client=None) -> str:
    """'AMD EPYC, 2 cores', with '; Dask cluster of N workers' when the work went to a
    `distributed.Client`'s cluster."""
    label = f"{cpu_model()}, {os.cpu_count() or 1} cores"
    if client is not None:
        workers = len(client.scheduler_info().get("workers", {}))
        label += f"; Dask cluster of {workers} worker{'s' if workers != 1 else ''}"
    return label
