"""Runs one script under real TensorFlow and under tfcompat (subprocesses), plain, aligned or traced."""
from __future__ import annotations

import dataclasses
import os
import subprocess
import sys

from tfcompat._src.runtime.compare import comparison_runs, run_both
from tfcompat._src.tools.compare.record import Record, load_record

__all__ = ["BothRuns", "run_both_aligned"]

_TF_SIDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tf_side.py")


@dataclasses.dataclass
class BothRuns:
    """Both runs of one script: the finished processes and, when aligned or traced, both records."""
    api: str
    tf_run: subprocess.CompletedProcess
    tc_run: subprocess.CompletedProcess
    tf_record: Record | None = None
    tc_record: Record | None = None


def _load(path: str) -> Record | None:
    return load_record(path) if os.path.exists(path) else None


def run_both_aligned(script: str, args=(), api: str | None = None, align: bool = True, trace_runs: int = 0,
                     timeout: float = 600, cwd: str | None = None) -> BothRuns:
    """Runs ``script`` under real TF, then under tfcompat. With ``align`` (or ``trace_runs`` > 0), TF's run
    records the variables' initial values and its random draws, and tfcompat's run uses them (see
    ``tf_side.py`` and ``tfcompat_side.py``); ``trace_runs`` > 0 also records the intermediate tensors of the
    first ``trace_runs`` Session.run calls on both sides. Otherwise both are ``runtime.compare.run_both``'s plain
    runs. Each side runs in its own ``side_workdir`` of ``cwd`` (default: the current directory), so files one
    run writes (checkpoints, logs) are not seen by the other."""
    if not (align or trace_runs > 0):
        tf_run, tc_run, api = run_both(script, args, api, timeout, cwd)
        return BothRuns(api, tf_run, tc_run)
    with comparison_runs(script, api, cwd, timeout) as runs:
        tf_path = os.path.join(runs.scratch, "tf.npz")
        tc_path = os.path.join(runs.scratch, "tfcompat.npz")
        tf_run = runs.run("tf", [sys.executable, _TF_SIDE, runs.api, tf_path, str(trace_runs), runs.script, *args])
        tf_record = _load(tf_path)
        if tf_record is not None:
            tc_argv = [sys.executable, "-m", "tfcompat._src.tools.compare.tfcompat_side", runs.api, tf_path, tc_path,
                       str(trace_runs), runs.script, *args]
        else:
            tc_argv = runs.tfcompat_plain_argv(args)
        tc_run = runs.run("tfcompat", tc_argv)
        tc_record = _load(tc_path)
    return BothRuns(runs.api, tf_run, tc_run, tf_record, tc_record)
