"""``tf.contrib.metrics.accuracy`` of TF 1.15 (``contrib/metrics/python/metrics/classification.py``): the
(weighted) fraction of predictions equal to the labels, as a tensor (not a streaming metric)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_ops, math_ops, reduction_ops

__all__ = ["accuracy"]


def accuracy(predictions, labels, weights=None, name=None):
    """Mirrors ``tf.contrib.metrics.accuracy``: ``mean(cast(predictions == labels, float32))``, or with
    ``weights`` ``sum(weights * correct) / sum(weights * ones_like(correct))``.

    Raises:
      ValueError: predictions and labels of different dtypes or incompatible shapes."""
    with name_scope(name, "accuracy", [predictions, labels]):
        predictions = convert_to_tensor(predictions)
        labels = convert_to_tensor(labels)
        if predictions.dtype != labels.dtype:
            raise ValueError(f"Dtypes of predictions and labels should match. Given: predictions "
                             f"({predictions.dtype}) and labels ({labels.dtype})")
        predictions.shape.assert_is_compatible_with(labels.shape)
        is_correct = math_ops.cast(math_ops.equal(predictions, labels), dtypes.float32)
        if weights is not None:
            is_correct = math_ops.multiply(is_correct, weights)
            num_values = math_ops.multiply(weights, array_ops.ones_like(is_correct))
            return math_ops.truediv(reduction_ops.reduce_sum(is_correct), reduction_ops.reduce_sum(num_values))
        return reduction_ops.reduce_mean(is_correct)
