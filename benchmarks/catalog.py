"""Every benchmark workload, in report order: the micro workloads (``workloads.py``) then the script-like ones
(``script_workloads.py``)."""
from __future__ import annotations

from benchmarks.script_workloads import SCRIPT_WORKLOADS
from benchmarks.workloads import WORKLOADS as MICRO_WORKLOADS, Workload

__all__ = ["WORKLOADS", "WORKLOAD_BY_KEY"]

WORKLOADS: tuple[Workload, ...] = MICRO_WORKLOADS + SCRIPT_WORKLOADS
WORKLOAD_BY_KEY: dict[str, Workload] = {w.key: w for w in WORKLOADS}
