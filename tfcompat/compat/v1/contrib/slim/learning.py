"""``tf.contrib.slim.learning`` (TF 1.15): ``create_train_op`` and its gradient helpers (``slim.learning.train``
is not provided). Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.training import clip_gradient_norms, create_train_op, multiply_gradients

__all__ = ["clip_gradient_norms", "create_train_op", "multiply_gradients"]
