"""``tnp.random`` (TF's ``numpy_ops/np_random.py``): NumPy-style random functions on tf.random's ops and its
global seed. Values follow tfcompat's random streams (tf.random's), so they match TF only where tf.random does."""
from __future__ import annotations

import numpy as np

from tfcompat._src.numpy_api import np_dtypes
from tfcompat._src.numpy_api.np_arrays import asarray
from tfcompat._src.ops import array_more_ops, random_ops

__all__ = ["seed", "randn", "standard_normal", "uniform", "poisson", "random", "rand", "randint"]


def seed(s):
    """Mirrors ``tnp.random.seed``: ``tf.random.set_seed(int(s))``."""
    try:
        s = int(s)
    except TypeError:
        raise ValueError(f"Argument `s` got an invalid value {s}. Only integers are supported.") from None
    random_ops.set_random_seed(s)


def _size(size):
    if size is None:
        return ()
    if isinstance(size, (int, np.integer)):
        return (int(size),)
    return tuple(size)


def standard_normal(size=None):
    """Mirrors ``tnp.random.standard_normal`` (default float type)."""
    return random_ops.random_normal(_size(size), dtype=np_dtypes.result_type(float))


def randn(*args):
    """Mirrors ``tnp.random.randn``."""
    return standard_normal(size=args)


def uniform(low=0.0, high=1.0, size=None):
    """Mirrors ``tnp.random.uniform`` (default float type)."""
    dtype = np_dtypes.result_type(float)
    low = asarray(low, dtype=dtype)
    high = asarray(high, dtype=dtype)
    if size is None:
        size = array_more_ops.broadcast_static_shape(low.shape, high.shape).as_list()
    return random_ops.random_uniform(_size(size), minval=low, maxval=high, dtype=dtype)


def poisson(lam=1.0, size=None):
    """Mirrors ``tnp.random.poisson`` (int64 samples)."""
    return random_ops.random_poisson_v2(_size(size), lam, dtype=np_dtypes.result_type(np.int_))


def random(size=None):
    """Mirrors ``tnp.random.random``: uniform on [0, 1)."""
    return uniform(0.0, 1.0, size)


def rand(*size):
    """Mirrors ``tnp.random.rand``."""
    return uniform(0.0, 1.0, size)


def randint(low, high=None, size=None, dtype=np.int64):
    """Mirrors ``tnp.random.randint`` (int32 or int64)."""
    low = int(low)
    if high is None:
        low, high = 0, low
    result_dtype = np_dtypes.result_type(dtype)
    if result_dtype.as_numpy_dtype not in (np.int32, np.int64):
        raise ValueError(f"Argument `dtype` got an invalid value {dtype}. Only those convertible to "
                         f"{(np.int32, np.int64)} are supported.")
    return random_ops.random_uniform(_size(size), minval=low, maxval=high, dtype=result_dtype)
