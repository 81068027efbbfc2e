"""``tf.compat.v1.losses``: re-exports only."""
from __future__ import annotations

from tfcompat._src.ops.losses import (
    Reduction, absolute_difference, add_loss, compute_weighted_loss, cosine_distance, get_losses,
    get_regularization_loss, get_regularization_losses, get_total_loss, hinge_loss, huber_loss, log_loss,
    mean_pairwise_squared_error, mean_squared_error, sigmoid_cross_entropy, softmax_cross_entropy,
    sparse_softmax_cross_entropy,
)

__all__ = [
    "Reduction", "absolute_difference", "add_loss", "compute_weighted_loss", "cosine_distance", "get_losses",
    "get_regularization_loss", "get_regularization_losses", "get_total_loss", "hinge_loss", "huber_loss",
    "log_loss", "mean_pairwise_squared_error", "mean_squared_error", "sigmoid_cross_entropy",
    "softmax_cross_entropy", "sparse_softmax_cross_entropy",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.losses", __name__)
