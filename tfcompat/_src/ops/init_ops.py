"""TF1 initializer objects (mirrors ``tensorflow/python/ops/init_ops.py``, i.e. ``tf.compat.v1.*_initializer``).

An initializer is called as ``init(shape, dtype=None, partition_info=None)`` and builds the ops producing the
initial value (graph mode) or computes it (eager). Random initializers draw with TF's Philox uniform/normal/
truncated-normal kernels under TF's seed rules, so seeded draws are TF's numbers (ops outside those kernels: the
``random-values`` entry of tests/known_deviations.py)."""
from __future__ import annotations

import math

from tfcompat._src.framework import dtypes
from tfcompat._src.ops import array_ops, random_ops

__all__ = [
    "Initializer", "Zeros", "Ones", "Constant", "RandomUniform", "RandomNormal", "TruncatedNormal",
    "VarianceScaling", "zeros_initializer", "ones_initializer", "constant_initializer",
    "random_uniform_initializer", "random_normal_initializer", "truncated_normal_initializer",
    "variance_scaling_initializer", "glorot_uniform_initializer", "glorot_normal_initializer", "he_normal",
    "he_uniform", "lecun_normal", "lecun_uniform",
]

# TF: stddev of a unit normal truncated to [-2, 2] (TruncatedNormal's support), used to undo the truncation.
_TRUNCATED_NORMAL_STDDEV = 0.87962566103423978


def _float_dtype(dtype):
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating:
        raise ValueError(f"Argument `dtype` is expected to be floating point. Received: {dtype}.")
    return dtype


def _shape_list(shape):
    if hasattr(shape, "as_list"):
        return shape.as_list()
    if isinstance(shape, int):
        return [shape]
    return [int(s) for s in shape]


def _compute_fans(shape):
    """TF's ``_compute_fans``: (fan_in, fan_out) of a weight shape (conv kernels count the receptive field)."""
    if len(shape) < 1:
        return 1, 1
    if len(shape) == 1:
        return shape[0], shape[0]
    if len(shape) == 2:
        return shape[0], shape[1]
    receptive = 1
    for d in shape[:-2]:
        receptive *= d
    return shape[-2] * receptive, shape[-1] * receptive


class Initializer:
    """Mirrors ``tf.compat.v1.keras.initializers.Initializer`` (TF1 ``init_ops.Initializer``)."""

    def __call__(self, shape, dtype=None, partition_info=None):
        raise NotImplementedError

    def get_config(self) -> dict:
        return {}

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        config.pop("dtype", None)
        return cls(**config)


class Zeros(Initializer):
    """Mirrors ``tf.compat.v1.zeros_initializer``."""

    def __init__(self, dtype=dtypes.float32):
        self.dtype = dtypes.as_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        return array_ops.zeros(_shape_list(shape), dtypes.as_dtype(dtype or self.dtype))

    def get_config(self):
        return {"dtype": self.dtype.name}


class Ones(Initializer):
    """Mirrors ``tf.compat.v1.ones_initializer``."""

    def __init__(self, dtype=dtypes.float32):
        self.dtype = dtypes.as_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        return array_ops.ones(_shape_list(shape), dtypes.as_dtype(dtype or self.dtype))

    def get_config(self):
        return {"dtype": self.dtype.name}


class Constant(Initializer):
    """Mirrors ``tf.compat.v1.constant_initializer``: a scalar is broadcast; a list must match the shape's size."""

    def __init__(self, value=0, dtype=dtypes.float32, verify_shape=False):
        self.value = value
        self.dtype = dtypes.as_dtype(dtype)
        self._verify_shape = verify_shape

    def __call__(self, shape, dtype=None, partition_info=None, verify_shape=None):
        verify = self._verify_shape if verify_shape is None else verify_shape
        return array_ops.constant(self.value, dtype=dtypes.as_dtype(dtype or self.dtype),
                                  shape=_shape_list(shape), verify_shape=verify)

    def get_config(self):
        return {"value": self.value, "dtype": self.dtype.name}


class RandomUniform(Initializer):
    """Mirrors ``tf.compat.v1.random_uniform_initializer`` (``maxval=None`` means 1 for floats)."""

    def __init__(self, minval=0.0, maxval=None, seed=None, dtype=dtypes.float32):
        self.minval, self.maxval, self.seed = minval, maxval, seed
        self.dtype = dtypes.as_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        return random_ops.random_uniform(_shape_list(shape), self.minval, self.maxval,
                                         dtypes.as_dtype(dtype or self.dtype), seed=self.seed)

    def get_config(self):
        return {"minval": self.minval, "maxval": self.maxval, "seed": self.seed, "dtype": self.dtype.name}


class RandomNormal(Initializer):
    """Mirrors ``tf.compat.v1.random_normal_initializer``."""

    def __init__(self, mean=0.0, stddev=1.0, seed=None, dtype=dtypes.float32):
        self.mean, self.stddev, self.seed = mean, stddev, seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        return random_ops.random_normal(_shape_list(shape), self.mean, self.stddev,
                                        _float_dtype(dtype or self.dtype), seed=self.seed)

    def get_config(self):
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed, "dtype": self.dtype.name}


class TruncatedNormal(Initializer):
    """Mirrors ``tf.compat.v1.truncated_normal_initializer`` (values beyond 2 stddev are redrawn)."""

    def __init__(self, mean=0.0, stddev=1.0, seed=None, dtype=dtypes.float32):
        self.mean, self.stddev, self.seed = mean, stddev, seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        return random_ops.truncated_normal(_shape_list(shape), self.mean, self.stddev,
                                           _float_dtype(dtype or self.dtype), seed=self.seed)

    def get_config(self):
        return {"mean": self.mean, "stddev": self.stddev, "seed": self.seed, "dtype": self.dtype.name}


_MODES = ("fan_in", "fan_out", "fan_avg")
_DISTRIBUTIONS = ("normal", "uniform", "truncated_normal", "untruncated_normal")


class VarianceScaling(Initializer):
    """Mirrors ``tf.compat.v1.variance_scaling_initializer``: variance ``scale / fan`` (fan per ``mode``).

    ``distribution="normal"`` is TF1's alias of ``"truncated_normal"``."""

    def __init__(self, scale=1.0, mode="fan_in", distribution="truncated_normal", seed=None,
                 dtype=dtypes.float32):
        if scale <= 0.0:
            raise ValueError(f"Argument `scale` must be a positive float. Received: {scale}")
        if mode not in _MODES:
            raise ValueError(f"Argument `mode` should be one of ('fan_in', 'fan_out', 'fan_avg'). Received: {mode}")
        distribution = distribution.lower()
        if distribution not in _DISTRIBUTIONS:
            raise ValueError("Argument `distribution` should be one of ('normal', 'uniform', 'truncated_normal', "
                             f"'untruncated_normal'). Received: {distribution}")
        self.scale, self.mode, self.distribution, self.seed = scale, mode, distribution, seed
        self.dtype = _float_dtype(dtype)

    def __call__(self, shape, dtype=None, partition_info=None):
        dtype = _float_dtype(dtype or self.dtype)
        shape = _shape_list(shape)
        fan_in, fan_out = _compute_fans(shape)
        scale = self.scale
        if self.mode == "fan_in":
            scale /= max(1.0, fan_in)
        elif self.mode == "fan_out":
            scale /= max(1.0, fan_out)
        else:
            scale /= max(1.0, (fan_in + fan_out) / 2.0)
        if self.distribution in ("normal", "truncated_normal"):
            stddev = math.sqrt(scale) / _TRUNCATED_NORMAL_STDDEV
            return random_ops.truncated_normal(shape, 0.0, stddev, dtype, seed=self.seed)
        if self.distribution == "untruncated_normal":
            return random_ops.random_normal(shape, 0.0, math.sqrt(scale), dtype, seed=self.seed)
        limit = math.sqrt(3.0 * scale)
        return random_ops.random_uniform(shape, -limit, limit, dtype, seed=self.seed)

    def get_config(self):
        return {"scale": self.scale, "mode": self.mode, "distribution": self.distribution, "seed": self.seed,
                "dtype": self.dtype.name}


class GlorotUniform(VarianceScaling):
    """Mirrors ``tf.compat.v1.glorot_uniform_initializer`` (Xavier uniform: limit sqrt(6 / (fan_in + fan_out)))."""

    def __init__(self, seed=None, dtype=dtypes.float32):
        super().__init__(1.0, "fan_avg", "uniform", seed, dtype)

    def get_config(self):
        return {"seed": self.seed, "dtype": self.dtype.name}


class GlorotNormal(VarianceScaling):
    """Mirrors ``tf.compat.v1.glorot_normal_initializer`` (truncated normal, variance 2 / (fan_in + fan_out))."""

    def __init__(self, seed=None, dtype=dtypes.float32):
        super().__init__(1.0, "fan_avg", "truncated_normal", seed, dtype)

    def get_config(self):
        return {"seed": self.seed, "dtype": self.dtype.name}


def he_normal(seed=None):
    """Mirrors ``tf.compat.v1.initializers.he_normal``."""
    return VarianceScaling(2.0, "fan_in", "truncated_normal", seed)


def he_uniform(seed=None):
    """Mirrors ``tf.compat.v1.initializers.he_uniform``."""
    return VarianceScaling(2.0, "fan_in", "uniform", seed)


def lecun_normal(seed=None):
    """Mirrors ``tf.compat.v1.initializers.lecun_normal``."""
    return VarianceScaling(1.0, "fan_in", "truncated_normal", seed)


def lecun_uniform(seed=None):
    """Mirrors ``tf.compat.v1.initializers.lecun_uniform``."""
    return VarianceScaling(1.0, "fan_in", "uniform", seed)


# TF1 exposes the classes under these lower-case names.
zeros_initializer = Zeros
ones_initializer = Ones
constant_initializer = Constant
random_uniform_initializer = RandomUniform
random_normal_initializer = RandomNormal
truncated_normal_initializer = TruncatedNormal
variance_scaling_initializer = VarianceScaling
glorot_uniform_initializer = GlorotUniform
glorot_normal_initializer = GlorotNormal
