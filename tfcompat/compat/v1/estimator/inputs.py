"""``tf.compat.v1.estimator.inputs``: re-exports only."""
from __future__ import annotations

from tfcompat._src.estimator.numpy_io import numpy_input_fn
from tfcompat._src.estimator.pandas_io import pandas_input_fn

__all__ = ["numpy_input_fn", "pandas_input_fn"]
