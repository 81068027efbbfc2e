"""Fixtures for the TF NumPy tests: ``numpy_behavior`` undoes ``experimental_enable_numpy_behavior`` after a test,
on tfcompat's side and (when TensorFlow is live) on TF's, because both switch process-wide state."""
from __future__ import annotations

import os

import pytest

from tests import oracle as oracle_lib

_TF_METHODS = ("T", "ndim", "size", "__pos__", "tolist", "transpose", "flatten", "reshape", "ravel", "clip",
               "astype", "__round__", "max", "mean", "min", "data")


@pytest.fixture
def numpy_behavior():
    """Lets a test's programs call ``tf.experimental.numpy.experimental_enable_numpy_behavior()`` on both sides;
    TF's Tensor attributes, dtype conversion mode, slicing flag and float preference are restored afterwards."""
    saved_tf = None
    if oracle_lib.have_tf() and os.environ.get("TFCOMPAT_ORACLE") != "recorded":
        tf = oracle_lib.import_tf()
        from tensorflow.python.framework import ops as tf_ops
        from tensorflow.python.framework import tensor as tf_tensor
        from tensorflow.python.ops.numpy_ops import np_dtypes as tf_np_dtypes
        cls = tf_tensor.Tensor
        saved_tf = (cls, {n: cls.__dict__.get(n, _MISSING) for n in _TF_METHODS}, tf_ops.get_dtype_conversion_mode(),
                    tf_ops._numpy_style_slicing, tf_np_dtypes.is_prefer_float32(), tf_ops, tf_np_dtypes)
        del tf
    yield
    from tfcompat._src.numpy_api import np_config
    np_config._reset_numpy_behavior()
    if saved_tf is not None:
        cls, attrs, mode, slicing, prefer, tf_ops, tf_np_dtypes = saved_tf
        for name, value in attrs.items():
            if value is _MISSING:
                if name in cls.__dict__:
                    delattr(cls, name)
            else:
                setattr(cls, name, value)
        tf_ops._dtype_conversion_mode = mode
        tf_ops._numpy_style_slicing = slicing
        tf_np_dtypes.set_prefer_float32(prefer)


_MISSING = object()
