"""tf.data helpers of ``tf.keras.utils`` (tf-keras 2.21): ``timeseries_dataset_from_array`` and
``split_dataset``; they return tfcompat ``tf.data`` Datasets.

Difference: with ``shuffle=True`` the window order uses numpy's RandomState(seed) as tf-keras does, but the
Dataset.shuffle after it draws tfcompat's shuffle order (see known deviation ``random-values``)."""
from __future__ import annotations

import numpy as np

from tfcompat._src.data.dataset_ops import DatasetV2 as Dataset

__all__ = ["timeseries_dataset_from_array", "split_dataset"]


def _check_timeseries_args(data, start_index, end_index, sampling_rate, sequence_stride):
    if start_index:
        if start_index < 0:
            raise ValueError(f"`start_index` must be 0 or greater. Received: start_index={start_index}")
        if start_index >= len(data):
            raise ValueError(f"`start_index` must be lower than the length of the data. Received: "
                             f"start_index={start_index}, for data of length {len(data)}")
    if end_index:
        if start_index and end_index <= start_index:
            raise ValueError(f"`end_index` must be higher than `start_index`. Received: start_index={start_index}, "
                             f"and end_index={end_index} ")
        if end_index >= len(data):
            raise ValueError(f"`end_index` must be lower than the length of the data. Received: "
                             f"end_index={end_index}, for data of length {len(data)}")
        if end_index <= 0:
            raise ValueError(f"`end_index` must be higher than 0. Received: end_index={end_index}")
    if sampling_rate <= 0:
        raise ValueError(f"`sampling_rate` must be higher than 0. Received: sampling_rate={sampling_rate}")
    if sampling_rate >= len(data):
        raise ValueError(f"`sampling_rate` must be lower than the length of the data. Received: "
                         f"sampling_rate={sampling_rate}, for data of length {len(data)}")
    if sequence_stride <= 0:
        raise ValueError(f"`sequence_stride` must be higher than 0. Received: sequence_stride={sequence_stride}")
    if sequence_stride >= len(data):
        raise ValueError(f"`sequence_stride` must be lower than the length of the data. Received: "
                         f"sequence_stride={sequence_stride}, for data of length {len(data)}")


def timeseries_dataset_from_array(data, targets, sequence_length, sequence_stride=1, sampling_rate=1,
                                  batch_size=128, shuffle=False, seed=None, start_index=None, end_index=None):
    """Mirrors ``tf.keras.utils.timeseries_dataset_from_array``: windows of ``sequence_length`` steps
    (``sampling_rate`` apart) starting every ``sequence_stride`` steps, with ``targets[start]`` when given."""
    _check_timeseries_args(data, start_index, end_index, sampling_rate, sequence_stride)
    start_index = start_index or 0
    end_index = len(data) if end_index is None else end_index
    num_seqs = end_index - start_index - (sequence_length - 1) * sampling_rate
    if targets is not None:
        num_seqs = min(num_seqs, len(targets))
    index_dtype = "int32" if num_seqs < 2147483647 else "int64"
    starts = np.arange(0, num_seqs, sequence_stride, dtype=index_dtype)
    if shuffle:
        if seed is None:
            seed = np.random.randint(1e6)
        np.random.RandomState(seed).shuffle(starts)
    steps = np.asarray(data)[start_index:end_index]
    windows = steps[starts[:, None] + np.arange(sequence_length, dtype=index_dtype)[None, :] * sampling_rate] \
        if len(starts) else steps[:0][:, None].repeat(sequence_length, axis=1)
    dataset = Dataset.from_tensor_slices(windows)
    if targets is not None:
        dataset = Dataset.zip((dataset, Dataset.from_tensor_slices(np.asarray(targets)[start_index:end_index][starts])))
    if batch_size is not None:
        if shuffle:
            dataset = dataset.shuffle(buffer_size=batch_size * 8, seed=seed)
        dataset = dataset.batch(batch_size)
    elif shuffle:
        dataset = dataset.shuffle(buffer_size=1024, seed=seed)
    return dataset


def _split_sizes(total, left_size, right_size):
    def as_count(size, name):
        if size is None:
            return None
        if isinstance(size, float):
            if not 0 < size < 1:
                raise ValueError(f"`{name}` should be either a positive integer or a float between 0 and 1. "
                                 f"Received: {name}={size}")
            return size
        if not isinstance(size, int) or size <= 0:
            raise ValueError(f"`{name}` should be either a positive integer or a float between 0 and 1. "
                             f"Received: {name}={size}")
        if size > total:
            raise ValueError(f"`{name}` should be smaller than the `total_length`. Received: {name}={size}, "
                             f"total_length={total}")
        return size
    left, right = as_count(left_size, "left_size"), as_count(right_size, "right_size")
    if left is None and right is None:
        raise ValueError("At least one of the `left_size` or `right_size` must be specified. Received: "
                         "left_size=None and right_size=None")
    if isinstance(left, float):
        left = round(left * total)
    if isinstance(right, float):
        right = round(right * total)
    if left is None:
        left = total - right
    elif right is None:
        right = total - left
    if left + right > total:
        raise ValueError(f"The sum of `left_size` and `right_size` should be smaller than the `total_length`. "
                         f"Received: left_size + right_size = {left + right}and total_length = {total}")
    return left, right


def split_dataset(dataset, left_size=None, right_size=None, shuffle=False, seed=None):
    """Mirrors ``tf.keras.utils.split_dataset`` for numpy arrays, tuples of arrays and unbatched Datasets: two
    Datasets of ``left_size`` and ``right_size`` elements (fractions or counts), optionally shuffled with
    ``np.random.RandomState(seed)`` first."""
    if isinstance(dataset, Dataset):
        elements = list(dataset.as_numpy_iterator())
        structure_is_tuple = bool(elements) and isinstance(elements[0], tuple)
    elif isinstance(dataset, (tuple, list)) and dataset and hasattr(dataset[0], "__len__"):
        # As tf-keras: each sample becomes one array (mixed dtypes promote), then columns are rebuilt from them.
        elements = [np.array(sample) for sample in zip(*dataset)]
        structure_is_tuple = True
    else:
        elements = list(np.asarray(dataset))
        structure_is_tuple = False
    if shuffle:
        if seed is None:
            seed = np.random.randint(1e6)
        np.random.RandomState(seed).shuffle(elements)
    left, right = _split_sizes(len(elements), left_size, right_size)

    def as_dataset(part):
        if structure_is_tuple:
            return Dataset.from_tensor_slices(tuple(np.stack(column) for column in zip(*part)))
        return Dataset.from_tensor_slices(list(part))  # as tf-keras: a list of elements
    return as_dataset(elements[:left]), as_dataset(elements[len(elements) - right:] if right else elements[:0])
