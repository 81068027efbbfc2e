"""``tf.estimator.ModeKeys`` (mirrors TF's ``saved_model/model_utils/mode_keys.EstimatorModeKeys``)."""
from __future__ import annotations

__all__ = ["ModeKeys"]


class ModeKeys:
    """Mirrors ``tf.estimator.ModeKeys``: the mode a ``model_fn`` is called in (plain strings, as in TF)."""

    TRAIN = "train"
    EVAL = "eval"
    PREDICT = "infer"
