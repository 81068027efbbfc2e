"""``tf.io.RaggedFeature`` for ``parse_example``/``parse_single_example`` (TF's ``parsing_config.py``): the
feature class, and how the parsed flat values and partition features become a ``RaggedTensor``.

The parse kernel (``parsing_ops.py``) reads the value key and every partition key of a RaggedFeature as a ragged
feature: each example's values concatenated, with row splits over the batch. This module then applies the
partitions, innermost last, exactly as TF composes them (``_add_ragged_partition`` for one example,
``_add_batched_ragged_partition`` for a batch)."""
from __future__ import annotations

import collections

from tfcompat._src.framework import dtypes
from tfcompat._src.ops import array_more_ops, array_ops, math_ops, reduction_ops, scan_ops

__all__ = ["RaggedFeature", "ragged_keys", "build_ragged"]


class RaggedFeature(collections.namedtuple(
        "RaggedFeature", ["dtype", "value_key", "partitions", "row_splits_dtype", "validate"])):
    """Mirrors ``tf.io.RaggedFeature``: a feature parsed into a ``RaggedTensor``; ``partitions`` (outermost
    first) split the values further by other features (``RowSplits``, ``RowLengths``, ``RowStarts``,
    ``RowLimits``, ``ValueRowIds``) or by a constant ``UniformRowLength``."""

    __slots__ = ()

    RowSplits = collections.namedtuple("RowSplits", ["key"])
    RowLengths = collections.namedtuple("RowLengths", ["key"])
    RowStarts = collections.namedtuple("RowStarts", ["key"])
    RowLimits = collections.namedtuple("RowLimits", ["key"])
    ValueRowIds = collections.namedtuple("ValueRowIds", ["key"])
    UniformRowLength = collections.namedtuple("UniformRowLength", ["length"])

    _PARTITION_TYPES = (RowSplits, RowLengths, RowStarts, RowLimits, ValueRowIds, UniformRowLength)

    def __new__(cls, dtype, value_key=None, partitions=(), row_splits_dtype=dtypes.int32, validate=False):
        if value_key is not None:
            if not isinstance(value_key, str):
                raise ValueError(f"Argument `value_key` must be a string; got {value_key}")
            if not value_key:
                raise ValueError("Argument `value_key` must not be empty")
        dtype = dtypes.as_dtype(dtype)
        if dtype not in (dtypes.int64, dtypes.float32, dtypes.string):
            raise ValueError(f"Argument `dtype` must be int64, float32, or bytes; got {dtype!r}")
        row_splits_dtype = dtypes.as_dtype(row_splits_dtype)
        if row_splits_dtype not in (dtypes.int32, dtypes.int64):
            raise ValueError(f"Argument `row_splits_dtype` must be int32 or int64; got {row_splits_dtype!r}")
        if not isinstance(partitions, (list, tuple)):
            raise TypeError(f"Argument `partitions` must be a list or tuple. Received partitions={partitions} of "
                            f"type {type(partitions).__name__}.")
        for partition in partitions:
            if not isinstance(partition, cls._PARTITION_TYPES):
                raise TypeError(f"Argument `partitions` must be a list of partition objects {cls._PARTITION_TYPES};"
                                f" got: {partition!r}")
        if not isinstance(validate, bool):
            raise TypeError(f"Argument `validate` must be a bool; got {validate!r}")
        return super().__new__(cls, dtype, value_key, partitions, row_splits_dtype, validate)


def ragged_keys(key: str, feature: RaggedFeature) -> list:
    """(feature key to parse, dtype, row splits dtype) for the value key and every keyed partition."""
    out = [(feature.value_key or key, feature.dtype, feature.row_splits_dtype)]
    for partition in feature.partitions:
        if not isinstance(partition, RaggedFeature.UniformRowLength):
            out.append((partition.key, dtypes.int64, feature.row_splits_dtype))
    return out


def _single_partition(values, partition, tensor_dict, splits_dtype, validate):
    from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor
    if isinstance(partition, RaggedFeature.UniformRowLength):
        if isinstance(values, RaggedTensor):
            length = math_ops.cast(partition.length, splits_dtype)
            return RaggedTensor.from_uniform_row_length(values, length, validate=validate)
        return array_ops.reshape(values, array_ops.concat(
            [[-1, partition.length], array_ops.shape(values)[1:]], axis=0))
    partition_t = math_ops.cast(tensor_dict[partition.key], splits_dtype)
    build = {RaggedFeature.RowSplits: RaggedTensor.from_row_splits,
             RaggedFeature.RowLengths: RaggedTensor.from_row_lengths,
             RaggedFeature.RowStarts: RaggedTensor.from_row_starts,
             RaggedFeature.RowLimits: RaggedTensor.from_row_limits,
             RaggedFeature.ValueRowIds: RaggedTensor.from_value_rowids}[type(partition)]
    return build(values, partition_t, validate=validate)


def _batched_partition(rt, partition, tensor_dict, validate):
    from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor
    if isinstance(partition, RaggedFeature.UniformRowLength):
        if rt.ragged_rank > 1:
            length = math_ops.cast(partition.length, rt.row_splits.dtype)
            return RaggedTensor.from_row_splits(
                RaggedTensor.from_uniform_row_length(rt.values, length, validate=validate),
                rt.row_splits // length, validate=validate)
        reshaped = array_ops.reshape(rt.values, array_ops.concat(
            [[-1, partition.length], array_ops.shape(rt.values)[1:]], axis=0))
        return RaggedTensor.from_row_splits(reshaped, rt.row_splits // partition.length, validate=validate)
    partition_t = tensor_dict[partition.key]
    if partition_t.values.dtype != rt.row_splits.dtype:
        partition_t = partition_t.with_values(math_ops.cast(partition_t.values, rt.row_splits.dtype))
    if isinstance(partition, (RaggedFeature.RowSplits, RaggedFeature.RowLimits)):
        if isinstance(partition, RaggedFeature.RowSplits):
            partition_t = partition_t[:, 1:]
        adjusted = partition_t.values + array_more_ops.repeat(rt.row_starts(), partition_t.row_lengths())
        return partition_t.with_values(RaggedTensor.from_row_limits(rt.values, adjusted, validate=validate))
    if isinstance(partition, RaggedFeature.RowStarts):
        adjusted = partition_t.values + array_more_ops.repeat(rt.row_starts(), partition_t.row_lengths())
        return partition_t.with_values(RaggedTensor.from_row_starts(rt.values, adjusted, validate=validate))
    if isinstance(partition, RaggedFeature.RowLengths):
        return partition_t.with_values(RaggedTensor.from_row_lengths(rt.values, partition_t.values,
                                                                     validate=validate))
    nrows = math_ops.maximum(reduction_ops.reduce_max(partition_t + 1, axis=1), 0)
    adjusted = partition_t.values + array_more_ops.repeat(scan_ops.cumsum(nrows, exclusive=True),
                                                           partition_t.row_lengths())
    return RaggedTensor.from_row_lengths(RaggedTensor.from_value_rowids(rt.values, adjusted, validate=validate),
                                         nrows, validate=validate)


def build_ragged(key: str, feature: RaggedFeature, tensor_dict: dict, single: bool):
    """The RaggedTensor (or, for one example without partitions, the Tensor) of ``feature``, from the parsed
    ragged features in ``tensor_dict`` (flat values for one example; RaggedTensors for a batch)."""
    rt = tensor_dict[feature.value_key or key]
    for partition in reversed(feature.partitions):
        if single:
            rt = _single_partition(rt, partition, tensor_dict, feature.row_splits_dtype, feature.validate)
        else:
            rt = _batched_partition(rt, partition, tensor_dict, feature.validate)
    return rt
