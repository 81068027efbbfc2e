"""``python -m tfcompat compare SCRIPT.py``: run one script under real TensorFlow and under tfcompat and compare
what they print, number by number (the migration test harness)."""
from __future__ import annotations

import contextlib
import math
import os
import re
import subprocess
import sys
import tempfile

__all__ = ["ComparisonRuns", "comparison_runs", "compare_outputs", "run_both", "side_workdir"]

_CHECKOUT_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

_NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)\b")

# Runs SCRIPT with real TensorFlow; a TF1 script gets tf.compat.v1 in graph mode, as `tfcompat run` gives it, and
# the script's folder is first on sys.path, as under `python SCRIPT` and `tfcompat run`.
_TF_RUNNER = """
import os, runpy, sys
api, script = sys.argv[1], sys.argv[2]
sys.argv = sys.argv[2:]
sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
import tensorflow as tf
if api == "v1":
    v1 = tf.compat.v1
    v1.disable_v2_behavior()
    sys.modules["tensorflow"] = v1
runpy.run_path(script, run_name="__main__")
"""


def _split(text):
    numbers = [float(m) for m in _NUMBER.findall(text)]
    # numpy pads array elements to the widest printed one, so a last-digit difference within tolerance changes
    # the spacing: whitespace runs compare as one space, and padding before a closing bracket not at all.
    skeleton = re.sub(r"\s+(?=[\])])", "", re.sub(r"\s+", " ", _NUMBER.sub("#", text)))
    return skeleton, numbers


def compare_outputs(expected: str, actual: str, rtol: float = 1e-5, atol: float = 1e-6):
    """Lines whose text differs, or whose numbers differ beyond tolerance: list of (line_no, tf, tfcompat)."""
    diffs = []
    exp_lines, act_lines = expected.splitlines(), actual.splitlines()
    for i in range(max(len(exp_lines), len(act_lines))):
        e = exp_lines[i] if i < len(exp_lines) else ""
        a = act_lines[i] if i < len(act_lines) else ""
        es, en = _split(e)
        as_, an = _split(a)
        same = es == as_ and len(en) == len(an) and all(
            (math.isnan(x) and math.isnan(y)) or x == y or abs(x - y) <= atol + rtol * abs(x) for x, y in zip(en, an))
        if not same:
            diffs.append((i + 1, e, a))
    return diffs


def side_workdir(base: str | None, scratch: str, side: str) -> str:
    """A working directory for one side of a comparison: ``scratch/side`` holding a symlink to every entry of
    ``base`` (default: the current directory). The script reads its data files through the links, and what it
    creates at the top level (``./ckpt``, ``./logs``, ``model.h5``) stays in its own side's directory, so the
    second run does not find the first run's checkpoints. Writes into a directory that already exists in ``base``
    still go to the shared directory."""
    base = os.path.abspath(base or os.getcwd())
    folder = os.path.join(scratch, side)
    os.makedirs(folder)
    for entry in os.listdir(base):
        os.symlink(os.path.join(base, entry), os.path.join(folder, entry))
    return folder


class ComparisonRuns:
    """One script's two runs (``comparison_runs``): ``script`` (absolute), ``api``, the scratch folder, and
    ``run(side, argv)`` running a command in that side's ``side_workdir`` with the reference settings (tfcompat's
    side also finds this checkout's ``tfcompat`` on ``PYTHONPATH``)."""

    def __init__(self, script: str, api: str, scratch: str, cwd: str | None, timeout: float):
        from tfcompat._src.lib.reference_env import set_reference_env
        self.script, self.api, self.scratch = script, api, scratch
        self._cwd, self._timeout = cwd, timeout
        self._tf_env = set_reference_env(dict(os.environ))
        self._tfcompat_env = dict(self._tf_env, PYTHONPATH=os.pathsep.join(
            filter(None, [_CHECKOUT_ROOT, self._tf_env.get("PYTHONPATH")])))

    def run(self, side: str, argv: list) -> subprocess.CompletedProcess:
        """Runs ``argv`` (side "tf" or "tfcompat") in its own folder; its output captured as text."""
        env = self._tf_env if side == "tf" else self._tfcompat_env
        return subprocess.run(argv, capture_output=True, text=True, env=env, timeout=self._timeout,
                              cwd=side_workdir(self._cwd, self.scratch, side))

    def tf_plain_argv(self, args=()) -> list:
        """The script under real TensorFlow, nothing recorded (``_TF_RUNNER``)."""
        return [sys.executable, "-c", _TF_RUNNER, self.api, self.script, *args]

    def tfcompat_plain_argv(self, args=()) -> list:
        """The script under ``python -m tfcompat run``."""
        return [sys.executable, "-m", "tfcompat", "run", "--api", self.api, self.script, *args]


@contextlib.contextmanager
def comparison_runs(script: str, api: str | None = None, cwd: str | None = None, timeout: float = 600):
    """The ``ComparisonRuns`` of ``script`` (``api`` detected from its source when None), with a scratch folder
    that is removed on exit; each side's working folder is a ``side_workdir`` of ``cwd`` (default: the current
    directory). The one place that runs a script under TF and under tfcompat (``run_both`` and
    ``tools.compare``'s aligned and traced runs)."""
    from tfcompat._src.runtime.install import detect_api
    with open(script, encoding="utf-8") as f:
        api = api or detect_api(f.read())
    with tempfile.TemporaryDirectory(prefix="tfcompat_compare_") as tmp:
        yield ComparisonRuns(os.path.abspath(script), api, tmp, cwd, timeout)


def run_both(script, args=(), api=None, timeout=600, cwd=None):
    """(tf_stdout, tfcompat_stdout, api) for one script, each run in its own ``side_workdir`` of ``cwd``
    (default: the current directory): the completed processes of both plain runs."""
    with comparison_runs(script, api, cwd, timeout) as runs:
        tf_out = runs.run("tf", runs.tf_plain_argv(args))
        tc_out = runs.run("tfcompat", runs.tfcompat_plain_argv(args))
    return tf_out, tc_out, runs.api
