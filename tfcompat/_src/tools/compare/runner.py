"""Runs one script under real TensorFlow and under tfcompat (subprocesses), plain, aligned or traced."""
from __future__ import annotations

import dataclasses
import os
import subprocess
import sys
import tempfile

from tfcompat._src.runtime.compare import side_workdir
from tfcompat._src.tools.compare.record import Record, load_record

__all__ = ["BothRuns", "run_both_aligned"]

_TF_SIDE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tf_side.py")
_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))))


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
    first ``trace_runs`` Session.run calls on both sides. Each side runs in its own ``side_workdir`` of ``cwd``
    (default: the current directory), so files one run writes (checkpoints, logs) are not seen by the other."""
    from tfcompat._src.lib.reference_env import set_reference_env
    from tfcompat._src.runtime.install import detect_api
    with open(script, encoding="utf-8") as f:
        api = api or detect_api(f.read())
    script = os.path.abspath(script)
    env = set_reference_env(dict(os.environ))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [_ROOT, env.get("PYTHONPATH")]))
    recording = align or trace_runs > 0
    with tempfile.TemporaryDirectory(prefix="tfcompat_compare_") as tmp:
        tf_path = os.path.join(tmp, "tf.npz") if recording else "-"
        tc_path = os.path.join(tmp, "tfcompat.npz") if recording else "-"
        tf_run = subprocess.run([sys.executable, _TF_SIDE, api, tf_path, str(trace_runs), script, *args],
                                capture_output=True, text=True, env=env, timeout=timeout,
                                cwd=side_workdir(cwd, tmp, "tf"))
        tf_record = _load(tf_path) if recording else None
        if recording and tf_record is not None:
            tc_cmd = [sys.executable, "-m", "tfcompat._src.tools.compare.tfcompat_side", api, tf_path, tc_path,
                      str(trace_runs), script, *args]
        else:
            tc_cmd = [sys.executable, "-m", "tfcompat", "run", "--api", api, script, *args]
        tc_run = subprocess.run(tc_cmd, capture_output=True, text=True, env=env, timeout=timeout,
                                cwd=side_workdir(cwd, tmp, "tfcompat"))
        tc_record = _load(tc_path) if recording else None
    return BothRuns(api, tf_run, tc_run, tf_record, tc_record)
