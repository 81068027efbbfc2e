"""``tf.keras.utils.to_categorical`` and ``normalize`` (numpy, as tf-keras)."""
from __future__ import annotations

import numpy as np

__all__ = ["to_categorical", "normalize", "to_ordinal"]


def to_categorical(y, num_classes=None, dtype="float32"):
    """Mirrors ``tf.keras.utils.to_categorical``: one-hot rows for integer labels (a trailing 1 axis is
    dropped)."""
    y = np.array(y, dtype="int")
    input_shape = y.shape
    if input_shape and input_shape[-1] == 1 and len(input_shape) > 1:
        input_shape = tuple(input_shape[:-1])
    y = y.ravel()
    if not num_classes:
        num_classes = np.max(y) + 1
    n = y.shape[0]
    categorical = np.zeros((n, num_classes), dtype=dtype)
    categorical[np.arange(n), y] = 1
    return np.reshape(categorical, input_shape + (num_classes,))


def normalize(x, axis=-1, order=2):
    """Mirrors ``tf.keras.utils.normalize``."""
    l2 = np.atleast_1d(np.linalg.norm(x, order, axis))
    l2[l2 == 0] = 1
    return x / np.expand_dims(l2, axis)


def to_ordinal(y, num_classes=None, dtype="float32"):
    """Mirrors ``tf.keras.utils.to_ordinal``: row ``k`` has ones in its first ``k`` of ``num_classes - 1``
    columns."""
    y = np.array(y, dtype="int")
    input_shape = y.shape
    if input_shape and input_shape[-1] == 1 and len(input_shape) > 1:
        input_shape = tuple(input_shape[:-1])
    y = y.reshape(-1)
    if not num_classes:
        num_classes = np.max(y) + 1
    columns = np.tile(np.arange(num_classes - 1)[None, :], [y.shape[0], 1])
    ordinal = np.zeros((y.shape[0], num_classes - 1), dtype=dtype)
    ordinal[columns < y[:, None]] = 1
    return np.reshape(ordinal, input_shape + (num_classes - 1,))
