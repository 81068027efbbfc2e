"""``tf.compat.v1.estimator.inputs.numpy_input_fn`` (mirrors tensorflow_estimator's ``inputs/numpy_io.py``).

TF feeds the rows through a FIFO queue (a RandomShuffleQueue when ``shuffle``) filled by a feeding thread and
dequeues ``batch_size`` rows per step: ``dequeue_up_to`` when ``num_epochs`` is set (the last batch may be
short, then ``OutOfRangeError`` ends the input), ``dequeue_many`` when it repeats forever. With
``shuffle=False`` that is the row stream ``0..n-1`` repeated ``num_epochs`` times and cut into batches across
epoch boundaries; tfcompat produces exactly those batches with a ``tf.data`` pipeline (``repeat``, then
``batch``) read by a one-shot iterator. With ``shuffle=True`` the rows pass through a shuffle buffer of
``queue_capacity`` rows; TF's order is unseeded there too, so only the multiset of rows per pass matches."""
from __future__ import annotations

import collections
from typing import Callable

import numpy as np

from tfcompat._src.data import dataset_ops_v1
from tfcompat._src.runtime import tf_logging as logging

__all__ = ["numpy_input_fn", "rows_input_fn"]

_TARGET_KEY = "__target_key__"


def _unique_target_key(features) -> str:
    key = _TARGET_KEY
    while key in features:
        key += "_n"
    return key


def _validate_and_convert_features(x) -> collections.OrderedDict:
    if isinstance(x, dict):
        if not x:
            raise ValueError("x cannot be an empty dict")
        return collections.OrderedDict(sorted(x.items(), key=lambda t: t[0]))
    if isinstance(x, np.ndarray):
        if x.size == 0:
            raise ValueError("x cannot be an empty array")
        return collections.OrderedDict({"__direct_np_input__": x})
    raise TypeError("x must be a dict or array; got {}".format(type(x).__name__))


def _check_shuffle(shuffle) -> None:
    if not isinstance(shuffle, bool):
        raise ValueError("shuffle must be provided and explicitly set as boolean (it is recommended to set it as "
                         "True for training); got {}".format(shuffle))


def rows_input_fn(columns: collections.OrderedDict, batch_size: int, num_epochs, shuffle: bool, queue_capacity: int,
                  num_threads: int):
    """The batched columns of ``columns`` (an ordered dict of equal-length arrays) as a list of tensors, in
    the order TF's feeding queue gives them (see the module docstring)."""
    if num_threads > 1 and num_epochs is not None:
        logging.warning("enqueue_data was called with num_epochs and num_threads > 1. num_epochs is applied per "
                        "thread, so this will produce more epochs than you probably intend. If you want to limit "
                        "epochs, use one thread.")
    # one reader: more threads would only interleave the same rows (and, unshuffled, TF warns against it)
    dataset = dataset_ops_v1.DatasetV1.from_tensor_slices(tuple(np.asarray(c) for c in columns.values()))
    dataset = dataset.repeat(num_epochs)
    if shuffle:
        dataset = dataset.shuffle(queue_capacity)
    # dequeue_many (num_epochs None) gives a static batch size; dequeue_up_to an unknown one
    dataset = dataset.batch(batch_size, drop_remainder=num_epochs is None)
    return list(dataset_ops_v1.make_one_shot_iterator(dataset).get_next())


def numpy_input_fn(x, y=None, batch_size: int = 128, num_epochs=1, shuffle=None, queue_capacity: int = 1000,
                   num_threads: int = 1) -> Callable:
    """Mirrors ``tf.compat.v1.estimator.inputs.numpy_input_fn``: an ``input_fn`` giving ``(features, target)``
    batches of the numpy data ``x`` (an array, or a dict of arrays -> a dict of tensors with the same keys) and
    ``y`` (an array, a dict, or None -> features alone). Dtypes are the arrays' (float64 stays float64, as TF).

    Difference: the batches come from a tf.data pipeline rather than a queue (same batches when
    ``shuffle=False``; see the module docstring).

    Raises:
      ValueError: ``shuffle`` not a bool; empty ``x``/``y``; keys in both ``x`` and ``y``; lengths differ.
      TypeError: ``x`` not an array or dict."""
    _check_shuffle(shuffle)

    def input_fn():
        data = _validate_and_convert_features(x)
        feature_keys = list(data.keys())
        if y is None:
            target_keys = None
        elif isinstance(y, dict):
            if not y:
                raise ValueError("y cannot be empty dict, use None instead.")
            ordered_y = collections.OrderedDict(sorted(y.items(), key=lambda t: t[0]))
            target_keys = list(ordered_y.keys())
            duplicates = set(feature_keys).intersection(set(target_keys))
            if duplicates:
                raise ValueError("{} duplicate keys are found in both x and y: {}".format(len(duplicates),
                                                                                      duplicates))
            data.update(ordered_y)
        else:
            target_keys = _unique_target_key(data)
            data[target_keys] = y
        if len(set(v.shape[0] for v in data.values())) != 1:
            shape_of_x = {k: data[k].shape for k in feature_keys}
            if target_keys is None:
                shape_of_y = None
            elif isinstance(target_keys, str):
                shape_of_y = y.shape
            else:
                shape_of_y = {k: data[k].shape for k in target_keys}
            raise ValueError("Length of tensors in x and y is mismatched. All elements in x and y must have the same "
                             "length.\nShapes in x: {}\nShapes in y: {}\n".format(shape_of_x, shape_of_y))
        batch = rows_input_fn(data, batch_size, num_epochs, shuffle, queue_capacity, num_threads)
        features = batch[0] if isinstance(x, np.ndarray) else dict(zip(feature_keys, batch[:len(feature_keys)]))
        if target_keys is None:
            return features
        if isinstance(target_keys, str):
            return features, batch[-1]
        return features, dict(zip(target_keys, batch[-len(target_keys):]))

    return input_fn
