"""``tf.compat.v1.estimator.inputs.pandas_input_fn`` (mirrors tensorflow_estimator's ``inputs/pandas_io.py``):
the DataFrame's columns fed like ``numpy_input_fn``'s arrays. pandas is imported only when called."""
from __future__ import annotations

import collections
from typing import Callable

import numpy as np

from tfcompat._src.estimator.numpy_io import _check_shuffle, rows_input_fn

__all__ = ["pandas_input_fn"]


def _unique_target_key(frame, key: str) -> str:
    while key in frame:
        key += "_n"
    return key


def pandas_input_fn(x, y=None, batch_size: int = 128, num_epochs=1, shuffle=None, queue_capacity: int = 1000,
                    num_threads: int = 1, target_column: str = "target") -> Callable:
    """Mirrors ``tf.compat.v1.estimator.inputs.pandas_input_fn``: ``(features dict by column, target)`` batches
    of the DataFrame ``x`` and the Series/DataFrame ``y`` (same index).

    Difference: as ``numpy_input_fn`` (tf.data instead of a queue; the index column is not fed).

    Raises:
      TypeError: pandas is not installed (TF's message, plus how to install it); ``target_column`` not a str.
      ValueError: ``shuffle`` not a bool, ``target_column`` already a column of ``x``, indexes differ."""
    try:
        import pandas as pd
    except ImportError:
        raise TypeError("pandas_input_fn should not be called without pandas installed (pip install pandas)") \
            from None
    _check_shuffle(shuffle)
    if not isinstance(target_column, str):
        raise TypeError("target_column must be a string type")
    x = x.copy()
    y_columns = None
    if y is not None:
        if target_column in x:
            raise ValueError("Cannot use name %s for target column: DataFrame already has a column with that name: "
                             "%s" % (target_column, x.columns))
        if not np.array_equal(x.index, y.index):
            raise ValueError("Index for x and y are mismatched.\nIndex for x: %s\nIndex for y: %s\n"
                             % (x.index, y.index))
        if isinstance(y, pd.DataFrame):
            y_columns = [(column, _unique_target_key(x, column)) for column in list(y)]
            target_column = [v for _, v in y_columns]
            x[target_column] = y
        else:
            x[target_column] = y
    if queue_capacity is None:
        queue_capacity = 4 * len(x) if shuffle else len(x)

    def input_fn():
        columns = collections.OrderedDict((c, x[c].to_numpy()) for c in x.columns)
        batch = rows_input_fn(columns, batch_size, num_epochs, shuffle, queue_capacity, num_threads)
        features = dict(zip(list(x.columns), batch))
        if y is None:
            return features
        if isinstance(target_column, list):
            target = {k: features.pop(v) for k, v in y_columns}
        else:
            target = features.pop(target_column)
        return features, target

    return input_fn
