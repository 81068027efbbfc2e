"""Aligned runs of ``python -m tfcompat compare`` (tfcompat/_src/tools/compare): TF's initial variable values and
random draws replayed in tfcompat's run make random-init scripts print the same numbers.

Real TensorFlow runs the scripts here in a subprocess (it is the thing compared against, so the oracle records
cannot stand in for it): the tests skip when TensorFlow is not installed. Expected outcomes are by hand: "same
output" aligned, different output not aligned (random init differs between the frameworks)."""
from __future__ import annotations

import importlib.util
import subprocess
import sys

import pytest

from tfcompat._src.tools.compare import compare_script

pytestmark = pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None,
                                reason="compare runs real TensorFlow")

# TF1: random_normal and get_variable's glorot init, dropout's RandomUniform in every training step, Adam slots.
V1_SCRIPT = """
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 4])
y = tf.placeholder(tf.float32, [None, 2])
w1 = tf.Variable(tf.random_normal([4, 8]))
b1 = tf.Variable(tf.zeros([8]))
h = tf.nn.relu(tf.matmul(x, w1) + b1)
h = tf.nn.dropout(h, keep_prob=0.8)
w2 = tf.get_variable("w2", [8, 2])
logits = tf.matmul(h, w2)
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
train = tf.train.AdamOptimizer(0.01).minimize(loss)
xs = np.linspace(-1, 1, 40, dtype=np.float32).reshape(10, 4)
ys = np.eye(2, dtype=np.float32)[np.arange(10) % 2]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(4):
        _, l = sess.run([train, loss], {x: xs, y: ys})
        print(step, l)
    print(sess.run(w2))
"""

# TF2 Keras: glorot-initialised Dense layers trained by fit, and a tf.Variable from tf.random.normal.
V2_SCRIPT = """
import numpy as np
import tensorflow as tf

x = np.linspace(-1, 1, 64, dtype=np.float32).reshape(16, 4)
y = (x.sum(axis=1, keepdims=True) > 0).astype(np.float32)
model = tf.keras.Sequential([tf.keras.layers.Dense(8, activation="relu", input_shape=(4,)),
                             tf.keras.layers.Dense(1, activation="sigmoid")])
model.compile(optimizer=tf.keras.optimizers.Adam(0.01), loss="binary_crossentropy")
hist = model.fit(x, y, epochs=2, batch_size=8, shuffle=False, verbose=0)
print([round(float(v), 5) for v in hist.history["loss"]])
print(model.predict(x[:3], verbose=0))
v = tf.Variable(tf.random.normal([3]))
print(v.numpy())
"""


@pytest.fixture(scope="module")
def scripts(tmp_path_factory):
    folder = tmp_path_factory.mktemp("align")
    paths = {}
    for name, text in (("v1", V1_SCRIPT), ("v2", V2_SCRIPT)):
        paths[name] = folder / f"{name}_script.py"
        paths[name].write_text(text)
    return paths


@pytest.mark.parametrize("api,variables,random_draws", [("v1", 11, 4), ("v2", 17, 1)])
def test_aligned_random_init_script_prints_the_same(scripts, api, variables, random_draws):
    result = compare_script(str(scripts[api]), api=api)
    assert result.runs.tf_run.returncode == 0, result.runs.tf_run.stderr[-2000:]
    assert result.runs.tc_run.returncode == 0, result.runs.tc_run.stderr[-2000:]
    assert result.diffs == [], result.report()
    stats = result.alignment
    # v1: 3 model variables + 2 Adam beta powers + 6 Adam slots; one dropout draw per training step.
    # v2: 4 Dense weights, Adam's iterations, learning rate (tf-keras keeps it in a variable), its 8 slots,
    # Model.fit's metric counters, and v; one eager draw (tf.random.normal for v).
    assert stats["variables_aligned"] == variables and stats["random_fed"] == random_draws, stats
    assert stats["variables_unmatched"] == [] and stats["random_unmatched"] == []


def test_cli_compare_no_align_differs(scripts):
    out = subprocess.run([sys.executable, "-m", "tfcompat", "compare", "--no-align", str(scripts["v1"])],
                         capture_output=True, text=True, timeout=600)
    # Random init in both frameworks: the printed losses and weights differ, and compare says so.
    assert out.returncode == 1, out.stdout + out.stderr[-2000:]
    assert "lines differ (api v1, not aligned" in out.stdout
    assert "aligned:" not in out.stdout
