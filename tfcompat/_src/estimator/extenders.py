"""``tf.estimator.add_metrics`` (mirrors tensorflow_estimator 2.15's ``extenders.py``)."""
from __future__ import annotations

from typing import Callable

from tfcompat._src.estimator.estimator import Estimator
from tfcompat._src.estimator.mode_keys import ModeKeys
from tfcompat._src.estimator.model_fn import fn_args

__all__ = ["add_metrics"]

_VALID_METRIC_FN_ARGS = {"features", "labels", "predictions", "config"}


def add_metrics(estimator: Estimator, metric_fn: Callable) -> Estimator:
    """Mirrors ``tf.estimator.add_metrics``: a new Estimator (same ``model_dir``, config and warm start) whose
    EVAL spec also has the ``(value, update_op)`` metrics ``metric_fn`` returns; ``metric_fn`` takes any of
    ``features``, ``labels``, ``predictions``, ``config``. Its metrics replace the model's of the same name.

    Raises:
      ValueError: ``metric_fn`` takes another argument (TF's message)."""
    args = set(fn_args(metric_fn))
    invalid_args = list(args - _VALID_METRIC_FN_ARGS)
    if invalid_args:
        raise ValueError("metric_fn (%s) has following not expected args: %s" % (metric_fn, invalid_args))

    def new_model_fn(features, labels, mode, config):
        spec = estimator.model_fn(features, labels, mode, config)
        if mode != ModeKeys.EVAL:
            return spec
        given = {"features": features, "labels": labels, "predictions": spec.predictions, "config": config}
        new_metrics = metric_fn(**{name: value for name, value in given.items() if name in args})
        all_metrics = dict(spec.eval_metric_ops or {})
        all_metrics.update(new_metrics)
        return spec._replace(eval_metric_ops=all_metrics)

    return Estimator(model_fn=new_model_fn, model_dir=estimator.model_dir, config=estimator.config,
                     warm_start_from=estimator._warm_start_settings)
