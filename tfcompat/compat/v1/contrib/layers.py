"""``tf.contrib.layers`` (TF 1.15): layers, initializers, regularizers, repeat/stack, summarize_activation.
Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.initializers import (
    variance_scaling_initializer, xavier_initializer, xavier_initializer_conv2d,
)
from tfcompat._src.contrib.layers import (
    avg_pool2d, batch_norm, conv2d, conv2d_transpose, convolution2d, convolution2d_transpose, dropout, flatten,
    fully_connected, max_pool2d,
)
from tfcompat._src.contrib.summaries import summarize_activation
from tfcompat._src.contrib.regularizers import (
    apply_regularization, l1_l2_regularizer, l1_regularizer, l2_regularizer, sum_regularizer,
)
from tfcompat._src.contrib.stacking import one_hot_encoding, repeat, stack

__all__ = [
    "apply_regularization", "avg_pool2d", "batch_norm", "conv2d", "conv2d_transpose", "convolution2d",
    "convolution2d_transpose", "dropout", "flatten", "fully_connected", "l1_l2_regularizer", "l1_regularizer",
    "l2_regularizer", "max_pool2d", "one_hot_encoding", "repeat", "stack", "sum_regularizer",
    "variance_scaling_initializer", "xavier_initializer", "xavier_initializer_conv2d",
]
__all__ += ["summarize_activation"]
