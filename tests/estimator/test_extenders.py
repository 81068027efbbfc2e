"""tf.estimator.add_metrics (tensorflow_estimator 2.15's extenders.py; TF 2.21 has no tf.estimator, so the
expected values are computed by hand from the same Estimator's own predictions and metrics)."""
from __future__ import annotations

import numpy as np
import pytest

import tfcompat as tf
from tests.estimator import programs as P


def _eval_input():
    return tf.data.Dataset.from_tensor_slices(({"x": P.X}, P.Y)).batch(5)


def test_add_metrics_adds_eval_metrics_and_keeps_the_model(tmp_path):
    """The new Estimator shares model_dir and config; evaluate gets the model's metrics plus metric_fn's (which
    receives only the arguments it names); train/predict are the model's."""
    v1 = tf.compat.v1
    est = tf.estimator.Estimator(P.model_fn_for(tf), model_dir=str(tmp_path), params={"lr": 0.1})
    est.train(lambda: P.train_input(tf), steps=3)
    seen = {}

    def metric_fn(labels, predictions):
        seen["args"] = (labels is not None, sorted(predictions))
        return {"mse": v1.metrics.mean_squared_error(labels, predictions["pred"])}

    extended = tf.estimator.add_metrics(est, metric_fn)
    assert isinstance(extended, tf.estimator.Estimator) and extended.model_dir == est.model_dir
    base, result = est.evaluate(_eval_input), extended.evaluate(_eval_input)
    assert seen["args"] == (True, ["double", "pred"])
    assert sorted(result) == ["global_step", "loss", "mae", "mse", "rmse"]
    for key in base:
        np.testing.assert_allclose(result[key], base[key], rtol=1e-6)
    preds = np.stack([p["pred"] for p in extended.predict(lambda: P.predict_input(tf))])
    np.testing.assert_allclose(result["mse"], np.mean((preds - P.Y) ** 2), rtol=1e-5)


def test_add_metrics_rejects_unknown_arguments(tmp_path):
    est = tf.estimator.Estimator(P.model_fn_for(tf), model_dir=str(tmp_path), params={})
    with pytest.raises(ValueError, match=r"has following not expected args: \['mode'\]"):
        tf.compat.v1.estimator.add_metrics(est, lambda labels, mode: {})
