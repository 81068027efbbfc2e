"""The public tf.estimator / tf.compat.v1.estimator namespaces and `import tensorflow.estimator` under
tfcompat.install (names by hand from tensorflow_estimator 2.15's API: tf.compat.v1.estimator adds ``inputs``)."""
from __future__ import annotations

import os
import subprocess
import sys

import tfcompat

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def test_namespaces():
    est, v1_est = tfcompat.estimator, tfcompat.compat.v1.estimator
    for name in ("Estimator", "EstimatorSpec", "ModeKeys", "RunConfig", "TrainSpec", "EvalSpec",
                 "train_and_evaluate", "WarmStartSettings", "SessionRunHook", "LoggingTensorHook", "StopAtStepHook",
                 "CheckpointSaverHook", "CheckpointSaverListener", "NanTensorHook"):
        assert getattr(est, name) is getattr(v1_est, name), name
    assert est.SessionRunHook is tfcompat.compat.v1.train.SessionRunHook
    assert not hasattr(est, "inputs")                  # TF2's tf.estimator has no inputs module
    assert callable(v1_est.inputs.numpy_input_fn) and callable(v1_est.inputs.pandas_input_fn)


def test_import_tensorflow_estimator_after_install():
    code = ("import tfcompat\ntfcompat.install(api='v1')\nimport tensorflow as tf\n"
            "from tensorflow.estimator import inputs\nimport tensorflow.estimator as e\n"
            "assert e is tf.estimator and inputs.numpy_input_fn is tf.estimator.inputs.numpy_input_fn\n"
            "print(tf.estimator.ModeKeys.PREDICT)\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=dict(os.environ, PYTHONPATH=ROOT))
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "infer"
