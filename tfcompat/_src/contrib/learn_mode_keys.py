"""``tf.contrib.learn.ModeKeys`` of TF 1.15 (``contrib/learn/python/learn/estimators/model_fn.py``)."""
from __future__ import annotations

__all__ = ["ModeKeys"]


class ModeKeys:
    """Mirrors ``tf.contrib.learn.ModeKeys``: TRAIN 'train', EVAL 'eval', INFER 'infer' (the estimator's
    ``ModeKeys.PREDICT`` has the same value)."""
    TRAIN = "train"
    EVAL = "eval"
    INFER = "infer"

    @classmethod
    def validate(cls, key):
        """Raises ValueError for a key other than the three modes."""
        if key not in (cls.TRAIN, cls.EVAL, cls.INFER):
            raise ValueError(f"Invalid mode {key}.")
