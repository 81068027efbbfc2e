"""``tf.data.experimental``: the functional forms of transformations, ``make_csv_dataset``, ``Counter``,
``TFRecordWriter`` and friends."""
from __future__ import annotations

import collections
import csv
import glob as _glob
import gzip

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.data import batching, structure
from tfcompat._src.data.dataset_ops import DatasetV2, int64_arg
from tfcompat._src.data.dataset_readers import CsvDatasetV2
from tfcompat._src.data.node import Env

__all__ = ["get_structure", "RandomDataset", "cardinality", "assert_cardinality", "get_single_element", "Counter",
           "enumerate_dataset", "sample_from_datasets", "choose_from_datasets", "shuffle_and_repeat", "map_and_batch",
           "dense_to_ragged_batch", "unbatch", "parallel_interleave", "group_by_window", "bucket_by_sequence_length",
           "scan", "take_while", "unique", "prefetch_to_device", "copy_to_device", "make_csv_dataset", "TFRecordWriter", "save", "load"]


def cardinality(dataset):
    """Mirrors ``tf.data.experimental.cardinality``."""
    return dataset.cardinality()


def assert_cardinality(expected_cardinality):
    """Mirrors ``tf.data.experimental.assert_cardinality``: a transformation for ``Dataset.apply`` that fails
    (FailedPreconditionError) when the input has another number of elements."""
    return lambda ds: ds.assert_cardinality(expected_cardinality)


def get_single_element(dataset):
    """Mirrors ``tf.data.experimental.get_single_element``."""
    if not isinstance(dataset, DatasetV2):
        raise TypeError(f"Invalid `dataset`. Expected a `tf.data.Dataset` object but got {type(dataset)}.")
    return dataset.get_single_element()


def get_structure(dataset_or_iterator):
    """Mirrors ``tf.data.experimental.get_structure``: the element spec."""
    try:
        return dataset_or_iterator.element_spec
    except AttributeError:
        raise TypeError(f"Invalid `dataset_or_iterator`. `dataset_or_iterator` must be a `tf.data.Dataset`, "
                        f"`tf.data.Iterator`, but got {type(dataset_or_iterator)}.") from None


def RandomDataset(seed=None, name=None):  # noqa: N802 - TF's name
    """Mirrors ``tf.data.experimental.RandomDataset``: ``Dataset.random(seed)``."""
    return DatasetV2.random(seed)


def Counter(start=0, step=1, dtype=dtypes.int64, name=None):  # noqa: N802 - TF's name
    """Mirrors ``tf.data.experimental.Counter``."""
    return DatasetV2.counter(start, step, dtype, name)


def enumerate_dataset(start=0):
    """Mirrors ``tf.data.experimental.enumerate_dataset``."""
    return lambda ds: ds.enumerate(start)


def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False):
    """Mirrors ``tf.data.experimental.sample_from_datasets``."""
    return DatasetV2.sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)


def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=False):
    """Mirrors ``tf.data.experimental.choose_from_datasets`` (which, unlike ``Dataset.choose_from_datasets``,
    skips exhausted datasets by default)."""
    return DatasetV2.choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)


def shuffle_and_repeat(buffer_size, count=None, seed=None):
    """Mirrors ``tf.data.experimental.shuffle_and_repeat``: ``shuffle`` then ``repeat``."""
    return lambda ds: ds.shuffle(buffer_size, seed).repeat(count)


def map_and_batch(map_func, batch_size, num_parallel_batches=None, drop_remainder=False, num_parallel_calls=None):
    """Mirrors ``tf.data.experimental.map_and_batch``: ``map`` then ``batch``."""
    return lambda ds: ds.map(map_func, num_parallel_calls).batch(batch_size, drop_remainder)


def dense_to_ragged_batch(batch_size, drop_remainder=False, row_splits_dtype=dtypes.int64):
    """Mirrors ``tf.data.experimental.dense_to_ragged_batch``: ``Dataset.ragged_batch``."""
    return lambda ds: ds.ragged_batch(batch_size, drop_remainder, row_splits_dtype)


def unbatch():
    """Mirrors ``tf.data.experimental.unbatch``."""
    return lambda ds: ds.unbatch()


def parallel_interleave(map_func, cycle_length, block_length=1, sloppy=False, buffer_output_elements=None,
                        prefetch_input_elements=None):
    """Mirrors ``tf.data.experimental.parallel_interleave``: ``interleave`` (in order, also when ``sloppy``)."""
    return lambda ds: ds.interleave(map_func, cycle_length, block_length, num_parallel_calls=cycle_length)


def group_by_window(key_func, reduce_func, window_size=None, window_size_func=None):
    """Mirrors ``tf.data.experimental.group_by_window``."""
    return lambda ds: ds.group_by_window(key_func, reduce_func, window_size, window_size_func)


def bucket_by_sequence_length(element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes=None,
                              padding_values=None, pad_to_bucket_boundary=False, no_padding=False,
                              drop_remainder=False):
    """Mirrors ``tf.data.experimental.bucket_by_sequence_length``: a transformation for ``Dataset.apply``
    (``data/batching.py``)."""
    return lambda ds: batching.bucket_by_sequence_length(
        ds, element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes=padded_shapes,
        padding_values=padding_values, pad_to_bucket_boundary=pad_to_bucket_boundary, no_padding=no_padding,
        drop_remainder=drop_remainder)


def scan(initial_state, scan_func):
    """Mirrors ``tf.data.experimental.scan``."""
    return lambda ds: ds.scan(initial_state, scan_func)


def take_while(predicate):
    """Mirrors ``tf.data.experimental.take_while``."""
    return lambda ds: ds.take_while(predicate)


def unique():
    """Mirrors ``tf.data.experimental.unique``."""
    return lambda ds: ds.unique()


def prefetch_to_device(device, buffer_size=None):
    """Mirrors ``tf.data.experimental.prefetch_to_device`` (tensors stay where torch put them; a prefetch)."""
    return lambda ds: ds.prefetch(-1 if buffer_size is None else buffer_size)


def copy_to_device(target_device, source_device="/cpu:0"):
    """Mirrors ``tf.data.experimental.copy_to_device`` (the dataset unchanged)."""
    return lambda ds: ds


def save(dataset, path, compression=None, shard_func=None, checkpoint_args=None):
    """Mirrors ``tf.data.experimental.save``."""
    return dataset.save(path, compression, shard_func, checkpoint_args)


def load(path, element_spec=None, compression=None, reader_func=None):
    """Mirrors ``tf.data.experimental.load``."""
    return DatasetV2.load(path, element_spec, compression, reader_func)


class TFRecordWriter:
    """Mirrors ``tf.data.experimental.TFRecordWriter``: writes a dataset of scalar strings as a TFRecord file."""

    def __init__(self, filename, compression_type=None):
        self._filename = filename
        self._compression = compression_type

    def write(self, dataset):
        spec = dataset.element_spec
        if structure.is_nested(spec) or spec.dtype is not dtypes.string or spec.shape.rank != 0:
            raise TypeError(f"Invalid `dataset.` Expected a `dataset` that produces scalar `tf.string` elements, "
                            f"but got a dataset which produces elements of shape {spec.shape} and type "
                            f"{spec.dtype!r}.")
        from tfcompat._src.lib.io import tf_record
        if ctx_lib.graph_mode_graph() is not None:
            raise NotImplementedError("tfcompat: TFRecordWriter.write runs eagerly only.")
        with open(self._filename, "wb") as f:
            writer = tf_record.RecordWriter(f, self._compression)
            for (rec,) in dataset._node.iterate(Env()):
                writer.write(rec if isinstance(rec, bytes) else bytes(rec))
            writer.close()


# ------------------------------------------------------------------------------------------------
# make_csv_dataset
# ------------------------------------------------------------------------------------------------
_INFER_ORDER = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64, dtypes.string)


def _fits(value: str, dt) -> bool:
    if dt is dtypes.string:
        return True
    try:
        v = int(value) if dt.is_integer else float(value)
    except ValueError:
        return False
    if dt is dtypes.int32:
        return -2 ** 31 <= v < 2 ** 31
    return True


def _infer_types(rows, n_cols, na_value):
    kinds = [0] * n_cols
    for row in rows:
        for i, value in enumerate(row[:n_cols]):
            if value == "" or value == na_value:
                continue
            while not _fits(value, _INFER_ORDER[kinds[i]]):
                kinds[i] += 1
    return [_INFER_ORDER[k] for k in kinds]


def _open_for_probing(path, compression_type, encoding):
    """The text file make_csv_dataset reads column names and types from (TF: GZIP files through gzip; ZLIB files
    cannot be probed)."""
    if isinstance(compression_type, bytes):
        compression_type = compression_type.decode()
    elif compression_type is not None and not isinstance(compression_type, str):
        compression_type = convert_to_tensor(compression_type).numpy().decode()
    if compression_type == "GZIP":
        return gzip.open(path, "rt", newline="", encoding=encoding)
    if compression_type == "ZLIB":
        raise ValueError(f"`compression_type` {compression_type} is not supported for probing columns.")
    if compression_type not in (None, ""):
        raise ValueError(f"Received unknown `compression_type` {compression_type}.")
    return open(path, newline="", encoding=encoding)


def _first_rows(path, delim, use_quote, n, compression_type=None, encoding="utf-8"):
    with _open_for_probing(path, compression_type, encoding) as f:
        reader = csv.reader(f, delimiter=delim, quotechar='"' if use_quote else None,
                            quoting=csv.QUOTE_MINIMAL if use_quote else csv.QUOTE_NONE)
        rows = []
        for row in reader:
            rows.append(row)
            if len(rows) >= n:
                break
    return rows


def make_csv_dataset(file_pattern, batch_size, column_names=None, column_defaults=None, label_name=None,
                     select_columns=None, field_delim=",", use_quote_delim=True, na_value="", header=True,
                     num_epochs=None, shuffle=True, shuffle_buffer_size=10000, shuffle_seed=None,
                     prefetch_buffer_size=None, num_parallel_reads=None, sloppy=False, num_rows_for_inference=100,
                     compression_type=None, ignore_errors=False, encoding="utf-8"):
    """Mirrors ``tf.data.experimental.make_csv_dataset`` (basics): batches of ``(OrderedDict of columns, label)``
    (or just the dict without ``label_name``); column names from the header, dtypes inferred from the first
    ``num_rows_for_inference`` rows (int32, int64, float32, float64, string), shuffled, repeated
    ``num_epochs`` times (forever when None, dropping the last partial batch)."""
    patterns = [file_pattern] if isinstance(file_pattern, (str, bytes)) else list(file_pattern)
    files = sorted({f for p in patterns for f in _glob.glob(p.decode() if isinstance(p, bytes) else p)})
    if not files:
        raise ValueError(f"No files match `file_pattern` {file_pattern}.")
    first = _first_rows(files[0], field_delim, use_quote_delim, num_rows_for_inference + 1, compression_type,
                        encoding)
    if column_names is None:
        if not header:
            raise ValueError("Expected `column_names` or `header` argument to be set.")
        column_names = first[0] if first else []
    column_names = list(column_names)
    if len(set(column_names)) != len(column_names):
        raise ValueError("Expected `column_names` to be unique.")
    if select_columns is not None:
        idx = [column_names.index(c) if isinstance(c, str) else int(c) for c in select_columns]
        idx = sorted(idx)
    else:
        idx = list(range(len(column_names)))
    if column_defaults is None:
        data_rows = first[1:] if header else first
        types = _infer_types([[r[i] if i < len(r) else "" for i in idx] for r in data_rows], len(idx), na_value)
        column_defaults = ["" if t is dtypes.string else convert_to_tensor(0, dtype=t) for t in types]
    names = [column_names[i] for i in idx]
    if label_name is not None and label_name not in names:
        raise ValueError(f"`label_name` provided must be one of the columns: {names}. Received: {label_name}.")
    ds = DatasetV2.from_tensor_slices([f.encode() for f in files])
    if shuffle:
        ds = ds.shuffle(len(files), seed=shuffle_seed)

    def read(filename):
        return CsvDatasetV2(filename, column_defaults, compression_type, header=header, field_delim=field_delim,
                            use_quote_delim=use_quote_delim, na_value=na_value,
                            select_cols=idx if select_columns is not None else None)
    cycle = 1 if num_parallel_reads is None else int64_arg(num_parallel_reads, "num_parallel_reads")
    ds = ds.interleave(read, cycle_length=cycle, block_length=1)
    if shuffle:
        ds = ds.shuffle(shuffle_buffer_size, seed=shuffle_seed)
    if num_epochs != 1:
        ds = ds.repeat(num_epochs)
    ds = ds.batch(batch_size, drop_remainder=num_epochs is None)

    def to_features(*columns):
        features = collections.OrderedDict(zip(names, columns))
        if label_name is not None:
            label = features.pop(label_name)
            return features, label
        return features
    ds = ds.map(to_features)
    return ds.prefetch(-1 if prefetch_buffer_size is None else prefetch_buffer_size)

