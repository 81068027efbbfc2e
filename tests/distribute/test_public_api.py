"""The public ``tf.distribute`` namespaces: what ``import tensorflow`` gives under ``python -m tfcompat run``
(TF2 and TF1 scripts), and ``tf.compat.v1.distribute``. Expected output written by hand (what the script
prints under real TF 2.21 on this one-CPU machine, checked when the test was written)."""
from __future__ import annotations

import os
import subprocess
import sys
import textwrap

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

TF2_SCRIPT = """
import tensorflow as tf
from tensorflow.distribute import MirroredStrategy, ReduceOp
from tensorflow.distribute.cluster_resolver import TFConfigClusterResolver
s = MirroredStrategy()
with s.scope():
    v = tf.Variable(2.0)
print(s.num_replicas_in_sync, s.reduce(ReduceOp.SUM, s.run(lambda: v * 3.0), axis=None).numpy())
print(type(TFConfigClusterResolver().cluster_spec()).__name__)
print(tf.compat.v1.distribute.get_strategy().num_replicas_in_sync)
print(hasattr(tf.distribute, "TPUStrategy"))
"""

TF1_SCRIPT = """
import tensorflow as tf
x = tf.placeholder(tf.float32, [2])
s = tf.distribute.MirroredStrategy()
with s.scope():
    y = s.run(lambda a: a * 2.0, args=(x,))
    total = s.reduce("SUM", y, axis=0)
with tf.Session() as sess:
    print(sess.run(total, {x: [1.0, 2.0]}))
"""


def _run(tmp_path, source: str) -> str:
    script = tmp_path / "script.py"
    script.write_text(textwrap.dedent(source))
    env = dict(os.environ, TF_CONFIG="", PYTHONPATH=ROOT)
    env.pop("TF_CONFIG")
    out = subprocess.run([sys.executable, "-m", "tfcompat", "run", str(script)], capture_output=True, text=True,
                         cwd=ROOT, env=env, timeout=300)
    assert out.returncode == 0, out.stderr
    return out.stdout


def test_tf2_script_under_run(tmp_path):
    assert _run(tmp_path, TF2_SCRIPT).split("\n")[:4] == ["1 6.0", "ClusterSpec", "1", "False"]


def test_tf1_graph_script_under_run(tmp_path):
    """A TF1 graph-mode script: run/reduce build graph ops, fed and run by the Session."""
    assert _run(tmp_path, TF1_SCRIPT).strip() == "6.0"


def test_compat_v1_namespace(oracle):
    def prog(tf):
        d = tf.compat.v1.distribute
        s = d.MirroredStrategy()
        return (s.num_replicas_in_sync, d.get_strategy() is tf.distribute.get_strategy(), d.has_strategy(),
                d.ReduceOp.MEAN.value, d.experimental.CentralStorageStrategy().num_replicas_in_sync,
                d.OneDeviceStrategy("/cpu:0").run(lambda: tf.constant(2.0) * 2.0))
    oracle.check(prog)


@pytest.mark.parametrize("name", ["MirroredStrategy", "OneDeviceStrategy", "MultiWorkerMirroredStrategy",
                                  "ReduceOp", "InputContext", "get_strategy", "has_strategy"])
def test_names_present(oracle, name):
    oracle.check(lambda tf: hasattr(tf.distribute, name))
