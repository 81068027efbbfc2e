"""``tf.contrib.losses`` (TF 1.15; also ``slim.losses``): the deprecated losses, predictions/logits first.
Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.losses import (
    absolute_difference, add_loss, compute_weighted_loss, cosine_distance, get_losses, get_regularization_losses,
    get_total_loss, hinge_loss, log_loss, mean_squared_error, sigmoid_cross_entropy, softmax_cross_entropy,
    sparse_softmax_cross_entropy,
)

__all__ = [
    "absolute_difference", "add_loss", "compute_weighted_loss", "cosine_distance", "get_losses",
    "get_regularization_losses", "get_total_loss", "hinge_loss", "log_loss", "mean_squared_error",
    "sigmoid_cross_entropy", "softmax_cross_entropy", "sparse_softmax_cross_entropy",
]
