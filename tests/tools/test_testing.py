"""``tfcompat.testing``: ``assert_same_as_tf`` and the opt-in pytest plugin's ``tf`` fixture.

These run real TensorFlow in-process: the function under test is the user's, so TF must run it live (recorded
oracle results cannot stand in); they skip without TensorFlow. Expected outcomes are by hand: a function that
is the same on both sides passes; one written to differ (by checking which module it got) fails, naming the
output or gradient that differs."""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys

import numpy as np
import pytest

from tfcompat.testing import assert_same_as_tf

pytestmark = pytest.mark.skipif(importlib.util.find_spec("tensorflow") is None,
                                reason="assert_same_as_tf runs real TensorFlow")

X = np.array([[-1.0, 0.5], [2.0, -3.0]], np.float32)


def _is_tf(tf) -> bool:
    return tf.__name__.startswith("tensorflow")


def test_same_outputs_and_gradients_pass():
    def fn(tf, x, scale):
        y = tf.nn.relu(x) * scale
        return {"y": y, "mean": tf.reduce_mean(y, axis=1), "n": tf.size(x), "none": None}
    assert_same_as_tf(fn, X, 2.0)


def test_different_output_fails_naming_it():
    def fn(tf, x):
        return [tf.nn.relu(x), tf.nn.relu(x) if _is_tf(tf) else tf.nn.leaky_relu(x)]
    with pytest.raises(AssertionError, match=r"output\[1\]: values differ"):
        assert_same_as_tf(fn, X)


def test_different_gradient_fails_naming_it():
    def fn(tf, x):
        # Same forward value; tfcompat's side cuts the gradient of half of it.
        half = x / 2.0
        return half + (half if _is_tf(tf) else tf.stop_gradient(half))
    with pytest.raises(AssertionError, match=r"gradient\[0\]: values differ"):
        assert_same_as_tf(fn, X)
    assert_same_as_tf(fn, X, grads=False)


def test_dtype_difference_fails():
    def fn(tf, x):
        return tf.cast(x, tf.float64 if _is_tf(tf) else tf.float32)
    with pytest.raises(AssertionError, match="float64.*float32"):
        assert_same_as_tf(fn, X, grads=False)


def test_exceptions_compare_by_type():
    def fn(tf, x):
        return tf.reshape(x, [3])   # 4 elements into 3: InvalidArgumentError on both sides
    assert_same_as_tf(fn, X)

    def raises_only_in_tfcompat(tf, x):
        return tf.reshape(x, [4] if _is_tf(tf) else [3])
    with pytest.raises(AssertionError, match="raised InvalidArgumentError"):
        assert_same_as_tf(raises_only_in_tfcompat, X)


def test_pytest_plugin_runs_a_test_under_both(tmp_path):
    (tmp_path / "test_user.py").write_text(
        "def test_square(tf):\n"
        "    assert float(tf.reduce_sum(tf.square(tf.constant([1.0, 2.0])))) == 5.0\n"
        "def test_module(tf):\n"
        "    assert tf.__name__ in ('tensorflow', 'tfcompat')\n")
    root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [root, os.environ.get("PYTHONPATH")])))
    out = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-p",
                          "tfcompat.testing.pytest_plugin", "test_user.py", "-v"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=600, env=env)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]
    for name in ("test_square[tensorflow]", "test_square[tfcompat]", "test_module[tensorflow]",
                 "test_module[tfcompat]"):
        assert f"{name} PASSED" in out.stdout
