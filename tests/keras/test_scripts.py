"""Real TF2 scripts built on tf.keras (under tests/keras/scripts/) run unmodified: under real TensorFlow
(tf-keras 2.21, ``TF_USE_LEGACY_KERAS=1``) for the oracle and under ``python -m tfcompat run``; their printed
numbers agree. Also: ``import keras`` / ``from tensorflow.keras.layers import ...`` under ``tfcompat.install()``."""
from __future__ import annotations

import os
import re
import subprocess
import sys

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPTS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "scripts")
_NUMBER = re.compile(r"-?\d+\.\d+|\d+")


def _run_script(tf, name):
    """The script's stdout as (words, numbers) per line, run by the framework ``tf`` stands for."""
    path = os.path.join(SCRIPTS, name)
    env = dict(os.environ, PYTHONPATH=ROOT, TFCOMPAT_DEVICE="cpu", TF_USE_LEGACY_KERAS="1",
               TF_CPP_MIN_LOG_LEVEL="3")
    if tf.__name__.startswith("tfcompat"):
        cmd = [sys.executable, "-m", "tfcompat", "run", path]
    else:
        cmd = [sys.executable, path]
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=ROOT, timeout=900)
    if proc.returncode != 0:
        raise RuntimeError(proc.stderr[-3000:])
    out = []
    for line in proc.stdout.splitlines():
        out.append((_NUMBER.sub("#", line), [float(v) for v in _NUMBER.findall(line)]))
    return out


def test_keras_tape_training_script(oracle):
    oracle.check(lambda tf: _run_script(tf, "keras_tape_training.py"), rtol=1e-4, atol=1e-5)


_INSTALL_PROGRAM = """
import sys, tfcompat
tfcompat.install({api!r})
import keras
from keras import layers
import tensorflow as tf
from tensorflow.keras.layers import Dense
from tensorflow.keras import optimizers
import tensorflow.keras.optimizers.schedules as schedules
assert keras is tfcompat.keras, keras
assert layers is tfcompat.keras.layers and Dense is tfcompat.keras.layers.Dense
assert optimizers is tfcompat.keras.optimizers and schedules is tfcompat.keras.optimizers.schedules
# As TF: the v1 API's tf.keras is tf.compat.v1.keras, a module of its own (legacy optimizers, v1 names).
assert tf.keras is (tfcompat.keras if {api!r} == "v2" else tfcompat.compat.v1.keras), tf.keras
model = keras.Sequential([Dense(2, input_shape=(3,))])
print(model.count_params())
from tfcompat._src.runtime import install as install_lib
install_lib.uninstall()
assert sys.modules.get("keras") is not tfcompat.keras
"""


@pytest.mark.parametrize("api", ["v2", "v1"])
def test_install_aliases_keras(api):
    """Expected value by hand: Dense(2) on 3 features has 3*2+2 = 8 parameters."""
    env = dict(os.environ, PYTHONPATH=ROOT, TFCOMPAT_DEVICE="cpu")
    proc = subprocess.run([sys.executable, "-c", _INSTALL_PROGRAM.format(api=api)], capture_output=True,
                          text=True, env=env, cwd=ROOT, timeout=600)
    assert proc.returncode == 0, proc.stderr[-3000:]
    assert proc.stdout.split() == ["8"]
