"""``compare --trace`` (tfcompat/_src/tools/compare/divergence.py and the recording sides): every traced tensor of
the first Session.run calls is compared and the first that differs is reported with its op and source line.

The script tests run real TensorFlow in a subprocess (it is what tfcompat is compared against; recorded oracle
results cannot replace a whole traced run), so they skip without TensorFlow. The fault is injected on tfcompat's
side only, in a driver written by the test: tfcompat's Relu kernel replaced by a leaky ReLU. Expected values of
the tolerance tests are by hand."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import numpy as np
import pytest

from tfcompat._src.lib.reference_env import set_reference_env
from tfcompat._src.tools.compare.divergence import first_divergence, format_divergence, tolerances, values_differ
from tfcompat._src.tools.compare.record import load_record
from tfcompat._src.runtime.compare import _CHECKOUT_ROOT as _ROOT
from tfcompat._src.tools.compare.runner import _TF_SIDE

needs_tf = pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None, reason="compare runs real TensorFlow")

SCRIPT = """
import numpy as np
import tensorflow as tf

x = tf.placeholder(tf.float32, [None, 4])
y = tf.placeholder(tf.float32, [None, 2])
w1 = tf.Variable(tf.random_normal([4, 8]))
b1 = tf.Variable(tf.zeros([8]))
h = tf.nn.relu(tf.matmul(x, w1) + b1)
logits = tf.matmul(h, tf.get_variable("w2", [8, 2]))
loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
train = tf.train.GradientDescentOptimizer(0.1).minimize(loss)
xs = np.linspace(-1, 1, 40, dtype=np.float32).reshape(10, 4)
ys = np.eye(2, dtype=np.float32)[np.arange(10) % 2]
with tf.Session() as sess:
    sess.run(tf.global_variables_initializer())
    for step in range(3):
        print(step, sess.run([train, loss], {x: xs, y: ys})[1])
"""

EAGER_SCRIPT = """
import numpy as np
import tensorflow as tf

x = tf.constant(np.linspace(-1, 1, 40, dtype=np.float32).reshape(10, 4))
w1 = tf.Variable(tf.random.normal([4, 8]))
w2 = tf.Variable(tf.random.normal([8, 1]))
opt = tf.keras.optimizers.SGD(0.1)
for step in range(2):
    with tf.GradientTape() as tape:
        h = tf.nn.relu(tf.matmul(x, w1))
        loss = tf.reduce_mean(tf.square(tf.matmul(h, w2)))
    grads = tape.gradient(loss, [w1, w2])
    opt.apply_gradients(zip(grads, [w1, w2]))
    print(step, loss.numpy())
"""

# tfcompat's side of a traced compare, with a wrong activation kernel (the injected fault).
FAULTY_DRIVER = """
import sys
import torch
from tfcompat._src.framework.op_def import REGISTRY
REGISTRY["Relu"].kernel = lambda features: torch.nn.functional.leaky_relu(features, 0.1)
from tfcompat._src.tools.compare.tfcompat_side import main
sys.exit(main(sys.argv[1:]))
"""


def _env():
    env = set_reference_env(dict(os.environ))
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [_ROOT, env.get("PYTHONPATH")]))
    return env


@pytest.fixture(scope="module")
def script(tmp_path_factory):
    path = tmp_path_factory.mktemp("trace") / "mlp.py"
    path.write_text(SCRIPT)
    return path


@needs_tf
def test_trace_without_fault_reports_no_divergence(script):
    out = subprocess.run([sys.executable, "-m", "tfcompat", "compare", "--trace", "--trace-runs", "2", str(script)],
                         capture_output=True, text=True, timeout=600, env=_env())
    assert out.returncode == 0, out.stdout + out.stderr[-2000:]
    assert "same output (3 lines, api v1, aligned" in out.stdout
    assert "no divergence:" in out.stdout


@needs_tf
def test_injected_fault_is_reported_at_the_relu(script, tmp_path):
    tf_path, tc_path = tmp_path / "tf.npz", tmp_path / "tc.npz"
    driver = tmp_path / "driver.py"
    driver.write_text(FAULTY_DRIVER)
    env = _env()
    tf_run = subprocess.run([sys.executable, _TF_SIDE, "v1", str(tf_path), "2", str(script)], capture_output=True,
                            text=True, timeout=600, env=env)
    assert tf_run.returncode == 0, tf_run.stderr[-2000:]
    tc_run = subprocess.run([sys.executable, str(driver), "v1", str(tf_path), str(tc_path), "2", str(script)],
                            capture_output=True, text=True, timeout=600, env=env)
    assert tc_run.returncode == 0, tc_run.stderr[-2000:]
    divergence, counts = first_divergence(load_record(str(tf_path)), load_record(str(tc_path)))
    assert divergence is not None
    # Call #0 runs the initializers; call #1 is the first training step, where h = relu(...) is first computed.
    assert (divergence.call, divergence.kind, divergence.tf_type, divergence.tc_type) == (1, "op", "Relu", "Relu")
    assert divergence.source.startswith("mlp.py:9: h = tf.nn.relu(")
    assert divergence.compared > 0 and divergence.max_abs > 0
    report = format_divergence(divergence, counts, 1e-5, 1e-6)
    assert "first divergence: Session.run call #1, op 'Relu:0' (TF Relu" in report


@needs_tf
def test_injected_fault_is_reported_at_the_relu_in_eager_code(tmp_path):
    script = tmp_path / "eager_mlp.py"
    script.write_text(EAGER_SCRIPT)
    tf_path, tc_path = tmp_path / "tf.npz", tmp_path / "tc.npz"
    driver = tmp_path / "driver.py"
    driver.write_text(FAULTY_DRIVER)
    env = _env()
    tf_run = subprocess.run([sys.executable, _TF_SIDE, "v2", str(tf_path), "1", str(script)], capture_output=True,
                            text=True, timeout=600, env=env)
    assert tf_run.returncode == 0, tf_run.stderr[-2000:]
    tc_run = subprocess.run([sys.executable, str(driver), "v2", str(tf_path), str(tc_path), "1", str(script)],
                            capture_output=True, text=True, timeout=600, env=env)
    assert tc_run.returncode == 0, tc_run.stderr[-2000:]
    divergence, counts = first_divergence(load_record(str(tf_path)), load_record(str(tc_path)))
    assert divergence is not None and (divergence.kind, divergence.tf_type) == ("eager op", "Relu")
    assert divergence.source.startswith("eager_mlp.py:11: h = tf.nn.relu(")
    # The initial values and the two eager tf.random.normal draws were aligned, so the MatMul before agreed.
    assert divergence.compared >= 3


@pytest.mark.parametrize("a,b,differ", [
    (np.float32([1.0, 2.0]), np.float32([1.0, 2.00001]), False),          # within rtol 1e-5
    (np.float32([1.0, 2.0]), np.float32([1.0, 2.001]), True),
    (np.float16([1.0]), np.float16([1.0009765625]), False),              # float16: rtol at least 1e-3
    (np.float32([np.nan, np.inf]), np.float32([np.nan, np.inf]), False),  # NaN matches NaN, inf the same inf
    (np.float32([np.inf]), np.float32([-np.inf]), True),
    (np.float32([np.nan]), np.float32([0.0]), True),                      # NaN is never masked
    (np.int32([3]), np.int32([4]), True),                                 # integers compare exactly
    (np.float32([1.0]), np.float64([1.0]), True),                         # dtypes must agree
    (np.float32([1.0, 2.0]), np.float32([[1.0, 2.0]]), True),             # shapes must agree
])
def test_values_differ_per_dtype_tolerance(a, b, differ):
    assert values_differ(a, b, tolerances(1e-5, 1e-6)) is differ


def test_trace_tolerance_scales_with_the_tensor():
    # A float32 matmul result near 0 in a tensor of magnitude 200 keeps the terms' rounding error (seen on a
    # real MLP's 128x256 layer: errors up to 4e-4): within rtol * max|TF| = 1e-4 * 200, not elementwise.
    a, b = np.float32([200.0, 0.01]), np.float32([200.0, 0.0104])
    table = tolerances(1e-4, 1e-5)
    assert values_differ(a, b, table) and not values_differ(a, b, table, tensor_scale=True)
    assert values_differ(np.float32([200.0, 0.0]), np.float32([200.0, -0.05]), table, tensor_scale=True)


def test_tolerances_are_configurable():
    table = tolerances(1e-3, 1e-4)
    assert table["float32"] == (1e-3, 1e-4) and table["float64"] == (1e-3, 1e-4)
    assert table["bfloat16"] == (1e-2, 1e-2) and "int32" not in table
