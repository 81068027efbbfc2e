"""``tf.compat.v1.metrics`` (TF1 streaming metrics): re-exports only."""
from __future__ import annotations

from tfcompat._src.ops.metrics_at_k import (
    average_precision_at_k, precision_at_k, precision_at_top_k, recall_at_k, recall_at_top_k,
    sparse_average_precision_at_k, sparse_precision_at_k,
)
from tfcompat._src.ops.metrics_ops import (
    accuracy, auc, false_negatives, false_negatives_at_thresholds, false_positives, false_positives_at_thresholds,
    mean, mean_absolute_error, mean_cosine_distance, mean_iou, mean_per_class_accuracy, mean_relative_error,
    mean_squared_error, mean_tensor, percentage_below, precision, precision_at_thresholds, recall,
    recall_at_thresholds, root_mean_squared_error, sensitivity_at_specificity, specificity_at_sensitivity,
    true_negatives, true_negatives_at_thresholds, true_positives, true_positives_at_thresholds,
)

__all__ = [
    "accuracy", "auc", "average_precision_at_k", "false_negatives", "false_negatives_at_thresholds",
    "false_positives", "false_positives_at_thresholds", "mean", "mean_absolute_error", "mean_cosine_distance",
    "mean_iou", "mean_per_class_accuracy", "mean_relative_error", "mean_squared_error", "mean_tensor",
    "percentage_below", "precision", "precision_at_k", "precision_at_thresholds", "precision_at_top_k", "recall",
    "recall_at_k", "recall_at_thresholds", "recall_at_top_k", "root_mean_squared_error",
    "sensitivity_at_specificity", "sparse_average_precision_at_k", "sparse_precision_at_k",
    "specificity_at_sensitivity", "true_negatives", "true_negatives_at_thresholds", "true_positives",
    "true_positives_at_thresholds",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.metrics", __name__)
