"""``python -m tfcompat compare SCRIPT.py``: run one script under real TensorFlow and under tfcompat and compare
what they print, number by number (the migration test harness)."""
from __future__ import annotations

import math
import os
import re
import subprocess
import sys

__all__ = ["compare_outputs", "run_both", "side_workdir"]

_NUMBER = re.compile(r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?|[-+]?(?:nan|inf)\b")

# Runs SCRIPT with real TensorFlow; a TF1 script gets tf.compat.v1 in graph mode, as `tfcompat run` gives it.
_TF_RUNNER = """
import runpy, sys
api, script = sys.argv[1], sys.argv[2]
sys.argv = sys.argv[2:]
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


def run_both(script, args=(), api=None, timeout=600):
    """(tf_stdout, tfcompat_stdout, api) for one script, each run in its own ``side_workdir`` of the current
    directory; raises CalledProcessError if either run fails."""
    import tempfile
    from tfcompat._src.runtime.install import detect_api
    script = os.path.abspath(script)
    with open(script, encoding="utf-8") as f:
        api = api or detect_api(f.read())
    from tfcompat._src.lib.reference_env import set_reference_env
    env = set_reference_env(dict(os.environ))
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    env_c = dict(env, PYTHONPATH=os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")])))
    with tempfile.TemporaryDirectory(prefix="tfcompat_compare_") as tmp:
        tf_out = subprocess.run([sys.executable, "-c", _TF_RUNNER, api, script, *args], capture_output=True,
                                text=True, env=env, timeout=timeout, cwd=side_workdir(None, tmp, "tf"))
        tc_out = subprocess.run([sys.executable, "-m", "tfcompat", "run", "--api", api, script, *args],
                                capture_output=True, text=True, env=env_c, timeout=timeout,
                                cwd=side_workdir(None, tmp, "tfcompat"))
    return tf_out, tc_out, api
