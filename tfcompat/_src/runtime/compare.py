"""``python -m tfcompat compare SCRIPT.py``: run one script under real TensorFlow and under tfcompat and compare
what they print, number by number (the migration test harness)."""
from __future__ import annotations

import math
import os
import re
import subprocess
import sys

__all__ = ["compare_outputs", "run_both"]

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


def run_both(script, args=(), api=None, timeout=600):
    """(tf_stdout, tfcompat_stdout, api) for one script; raises CalledProcessError if either run fails."""
    from tfcompat._src.runtime.install import detect_api
    with open(script, encoding="utf-8") as f:
        api = api or detect_api(f.read())
    from tfcompat._src.lib.reference_env import set_reference_env
    env = set_reference_env(dict(os.environ))
    tf_out = subprocess.run([sys.executable, "-c", _TF_RUNNER, api, script, *args], capture_output=True,
                            text=True, env=env, timeout=timeout)
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
    env_c = dict(env, PYTHONPATH=os.pathsep.join(filter(None, [root, env.get("PYTHONPATH")])))
    tc_out = subprocess.run([sys.executable, "-m", "tfcompat", "run", "--api", api, script, *args],
                            capture_output=True, text=True, env=env_c, timeout=timeout)
    return tf_out, tc_out, api
