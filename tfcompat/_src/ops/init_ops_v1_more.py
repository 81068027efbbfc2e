"""The TF1 initializer classes of ``init_ops`` not in ``init_ops.py``: ``orthogonal_initializer``,
``uniform_unit_scaling_initializer`` and ``tf.compat.v1.initializers.identity``. Random values come from
tfcompat's ``random_normal``/``random_uniform``, which give TF's numbers for a given seed."""
from __future__ import annotations

import math

from tfcompat._src.framework import dtypes
from tfcompat._src.ops import array_ops, linalg_decomp_ops, linalg_ops, math_ops, random_ops
from tfcompat._src.ops.init_ops import Initializer

__all__ = ["Identity", "Orthogonal", "UniformUnitScaling"]


def _float_dtype(dtype):
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"Argument `dtype` is expected to be floating point. Received: {dtype}.")
    return dtype


def _dims(shape) -> list:
    if hasattr(shape, "as_list"):
        return shape.as_list()
    return [int(shape)] if isinstance(shape, int) else [int(d) for d in shape]


class UniformUnitScaling(Initializer):
    """Mirrors ``tf.compat.v1.uniform_unit_scaling_initializer(factor=1.0, seed=None, dtype=tf.float32)``:
    uniform in ``[-m, m]`` with ``m = factor * sqrt(3 / input_size)``, ``input_size`` the product of all
    dimensions but the last (of the full shape for a partition)."""

    def __init__(self, factor=1.0, seed=None, dtype=dtypes.float32):
        self.factor, self.seed = factor, seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        dtype = _float_dtype(dtype or self.dtype)
        shape = _dims(shape)
        scale_shape = shape if partition_info is None else list(partition_info.full_shape)
        input_size = max(math.prod(float(d) for d in scale_shape[:-1]), 1.0)
        limit = math.sqrt(3 / input_size) * self.factor
        return random_ops.random_uniform(shape, -limit, limit, dtype, seed=self.seed)

    def get_config(self) -> dict:
        return {"factor": self.factor, "seed": self.seed, "dtype": self.dtype.name}


class Orthogonal(Initializer):
    """Mirrors ``tf.compat.v1.orthogonal_initializer(gain=1.0, seed=None, dtype=tf.float32)``: ``gain`` times
    the Q of a QR of a normal matrix (columns' signs fixed by R's diagonal), reshaped to ``shape``.

    Raises:
      ValueError: ``shape`` has fewer than two dimensions (TF's message)."""

    def __init__(self, gain=1.0, seed=None, dtype=dtypes.float32):
        self.gain, self.seed = gain, seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        dtype = _float_dtype(dtype or self.dtype)
        shape = _dims(shape)
        if len(shape) < 2:
            raise ValueError(f"The tensor to initialize, specified by argument `shape` must be at least "
                             f"two-dimensional. Received shape={shape}")
        rows, cols = int(math.prod(shape[:-1])), int(shape[-1])
        flat = (cols, rows) if rows < cols else (rows, cols)
        a = random_ops.random_normal(list(flat), dtype=dtype, seed=self.seed)
        q, r = linalg_decomp_ops.qr(a, full_matrices=False)
        q = math_ops.multiply(q, math_ops.sign(linalg_ops.matrix_diag_part(r)))
        if rows < cols:
            q = array_ops.matrix_transpose(q)
        return math_ops.multiply(self.gain, array_ops.reshape(q, shape))

    def get_config(self) -> dict:
        return {"gain": self.gain, "seed": self.seed, "dtype": self.dtype.name}


class Identity(Initializer):
    """Mirrors ``tf.compat.v1.initializers.identity(gain=1.0, dtype=tf.float32)``: ``gain`` times the identity
    matrix of a 2-D shape (its slice for a partition).

    Raises:
      ValueError: the shape is not 2-D (TF's message)."""

    def __init__(self, gain=1.0, dtype=dtypes.float32):
        self.gain = gain
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        full = _dims(shape if partition_info is None else partition_info.full_shape)
        if len(full) != 2:
            raise ValueError(f"The tensor to initialize, specified by argument `shape` must be at least "
                             f"two-dimensional. Received shape={_dims(shape)}")
        value = linalg_ops.eye(*full, dtype=_float_dtype(dtype or self.dtype))
        if partition_info is not None:
            value = array_ops.slice(value, partition_info.var_offset, _dims(shape))
        return math_ops.multiply(self.gain, value)

    def get_config(self) -> dict:
        return {"gain": self.gain, "dtype": self.dtype.name}
