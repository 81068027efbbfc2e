"""Dense columns: ``numeric_column``, ``bucketized_column`` (also categorical), ``indicator_column`` and
``embedding_column`` (TF's ``feature_column_v2``). ``get_dense_tensor`` gives a float32 tensor of shape
``[batch] + variable_shape``; the consumers flatten it to ``[batch, num_elements]``."""
from __future__ import annotations

import collections
import math

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, init_ops, math_ops, nn_embedding_ops, reduction_ops, scatter_ops
from tfcompat._src.ops import sparse_ops_api
from tfcompat._src.feature_column.base import (
    CategoricalColumn, DenseColumn, IdWeightPair, check_key, flat,
)

__all__ = ["NumericColumn", "BucketizedColumn", "IndicatorColumn", "EmbeddingColumn", "numeric_column",
           "bucketized_column", "indicator_column", "embedding_column"]


class DerivedColumn:
    """Mixin (listed before the column base) for a column computed from one parent column, named by
    ``_parent_field``: as in TF, it parses what the parent parses and lists the parent as its only parent."""

    _parent_field = "categorical_column"

    @property
    def parse_example_spec(self) -> dict:
        return getattr(self, self._parent_field).parse_example_spec

    @property
    def parents(self) -> list:
        return [getattr(self, self._parent_field)]


class EmbeddingLookupColumn(DerivedColumn):
    """Mixin for TF's embedding columns (``EmbeddingColumn``, v1 ``_SharedEmbeddingColumn``): the parent's sparse
    ids looked up in ``self._weights(state)`` and combined per example to ``[batch, dimension]``."""

    @property
    def variable_shape(self) -> TensorShape:
        return TensorShape([self.dimension])

    def transform_feature(self, cache, state):
        return self.categorical_column.get_sparse_tensors(cache, state)

    def get_dense_tensor(self, cache, state):
        pair = cache.get(self, state)
        lookup = (nn_embedding_ops.safe_embedding_lookup_sparse if self.use_safe_embedding_lookup
                  else nn_embedding_ops.embedding_lookup_sparse)
        return lookup(self._weights(state), pair.id_tensor, pair.weight_tensor, combiner=self.combiner,
                      max_norm=self.max_norm, name=f"{self.name}_weights")


def check_embedding_args(api_name, dimension, ckpt_to_load_from, tensor_name_in_ckpt, restore_hint) -> None:
    """The argument checks TF's ``embedding_column`` and ``shared_embedding_columns`` share;
    ``ckpt_to_load_from`` is not supported (``restore_hint`` says what to do instead)."""
    if dimension is None or dimension < 1:
        raise ValueError(f"Invalid dimension {dimension}.")
    if (ckpt_to_load_from is None) != (tensor_name_in_ckpt is None):
        raise ValueError("Must specify both `ckpt_to_load_from` and `tensor_name_in_ckpt` or none of them.")
    if ckpt_to_load_from is not None:
        from tfcompat._src.tools.unsupported import UnsupportedAPIError
        raise UnsupportedAPIError(f"{api_name}(ckpt_to_load_from=...) is not supported by tfcompat; {restore_hint}")


# ------------------------------------------------------------------------------------------------
# numeric
# ------------------------------------------------------------------------------------------------
class NumericColumn(DenseColumn, collections.namedtuple(
        "NumericColumn", ("key", "shape", "default_value", "dtype", "normalizer_fn"))):
    """Mirrors TF's ``NumericColumn``: the feature (after ``normalizer_fn``) cast to float32."""

    @property
    def name(self) -> str:
        return self.key

    @property
    def parse_example_spec(self) -> dict:
        from tfcompat._src.ops.parsing_ops import FixedLenFeature
        return {self.key: FixedLenFeature(self.shape, self.dtype, self.default_value)}

    @property
    def variable_shape(self) -> TensorShape:
        return TensorShape(self.shape)

    def transform_feature(self, cache, state):
        value = cache.get(self.key, state)
        if isinstance(value, SparseTensor):
            raise ValueError(f"The corresponding Tensor of numerical column must be a Tensor. SparseTensor is not "
                             f"supported. key: {self.key}")
        if self.normalizer_fn is not None:
            value = self.normalizer_fn(value)
        return math_ops.cast(value, dtypes.float32)

    def get_dense_tensor(self, cache, state):
        return cache.get(self, state)


def _shape_tuple(shape, key) -> tuple:
    if shape is None:
        raise ValueError("shape cannot be None.")
    if isinstance(shape, int):
        shape = [shape]
    shape = tuple(shape)
    for dim in shape:
        if not isinstance(dim, (int, np.integer)):
            raise TypeError(f"shape dimensions must be integer. shape: {shape}, key: {key}")
        if dim < 1:
            raise ValueError(f"shape dimensions must be greater than 0. shape: {shape}, key: {key}")
    return tuple(int(d) for d in shape)


def _default_value_tuple(shape, default_value, dtype, key):
    """TF's ``_check_default_value``: a scalar fills ``shape``; a nested sequence must have ``shape``; the result
    is a nested tuple of python numbers of ``dtype``."""
    if default_value is None:
        return None
    is_int = dtype.is_integer
    kind = int if is_int else float
    if isinstance(default_value, (int, float, np.integer, np.floating)) and not isinstance(default_value, bool):
        if is_int and isinstance(default_value, (float, np.floating)):
            raise TypeError(f"default_value must be compatible with dtype. default_value: {default_value}, "
                            f"dtype: {dtype}, key: {key}")
        arr = np.full(shape, kind(default_value), dtype=object)
        return _nested_tuple(arr.tolist()) if shape else (kind(default_value),)
    try:
        arr = np.asarray(default_value)
    except ValueError:
        arr = None
    if arr is None or arr.dtype.kind not in "iuf" or (is_int and arr.dtype.kind == "f"):
        raise TypeError(f"default_value must be compatible with dtype. default_value: {default_value}, "
                        f"dtype: {dtype}, key: {key}")
    if arr.shape != tuple(shape):
        raise ValueError(f"The shape of default_value must be equal to given shape. default_value: "
                         f"{default_value}, shape: {shape}, key: {key}")
    return _nested_tuple(arr.astype(object).tolist(), kind)


def _nested_tuple(value, kind=None):
    if isinstance(value, list):
        return tuple(_nested_tuple(v, kind) for v in value)
    return kind(value) if kind is not None else value


def numeric_column(key, shape=(1,), default_value=None, dtype=dtypes.float32, normalizer_fn=None) -> NumericColumn:
    """Mirrors ``tf.feature_column.numeric_column``: a dense float32 feature of per-example ``shape``
    (``normalizer_fn`` applied before the cast)."""
    shape = _shape_tuple(shape, key)
    dtype = dtypes.as_dtype(dtype)
    if not (dtype.is_integer or dtype.is_floating):
        raise ValueError(f"dtype must be convertible to float. dtype: {dtype}, key: {key}")
    default_value = _default_value_tuple(shape, default_value, dtype, key)
    if normalizer_fn is not None and not callable(normalizer_fn):
        raise TypeError(f"normalizer_fn must be a callable. Given: {normalizer_fn}")
    return NumericColumn(key=check_key(key), shape=shape, default_value=default_value, dtype=dtype,
                         normalizer_fn=normalizer_fn)


# ------------------------------------------------------------------------------------------------
# bucketized
# ------------------------------------------------------------------------------------------------
class BucketizedColumn(DerivedColumn, DenseColumn, CategoricalColumn, collections.namedtuple(
        "BucketizedColumn", ("source_column", "boundaries"))):
    """Mirrors TF's ``BucketizedColumn``: bucket i holds ``boundaries[i-1] <= x < boundaries[i]`` (TF's
    ``Bucketize``); dense as a one-hot per source element, categorical as ids offset by element."""

    _parent_field = "source_column"

    @property
    def name(self) -> str:
        return f"{self.source_column.name}_bucketized"

    @property
    def variable_shape(self) -> TensorShape:
        return TensorShape(tuple(self.source_column.shape) + (len(self.boundaries) + 1,))

    @property
    def num_buckets(self) -> int:
        return (len(self.boundaries) + 1) * self.source_column.shape[0]

    def transform_feature(self, cache, state):
        value = cache.get(self.source_column, state)
        boundaries = convert_to_tensor(list(self.boundaries), dtype=value.dtype)
        above = math_ops.greater_equal(array_ops.expand_dims(value, -1), boundaries)
        return reduction_ops.reduce_sum(math_ops.cast(above, dtypes.int32), axis=-1)

    def get_dense_tensor(self, cache, state):
        buckets = cache.get(self, state)
        return array_ops.one_hot(math_ops.cast(buckets, dtypes.int64), depth=len(self.boundaries) + 1,
                                 on_value=1.0, off_value=0.0)

    def get_sparse_tensors(self, cache, state) -> IdWeightPair:
        buckets = cache.get(self, state)
        batch = array_ops.shape(buckets)[0]
        width = self.source_column.shape[0]
        rows = array_ops.reshape(array_ops.tile(array_ops.expand_dims(array_ops.range(0, batch), 1), [1, width]),
                                 [-1])
        cols = array_ops.tile(array_ops.range(0, width), array_ops.stack([batch]))
        ids = flat(math_ops.add(array_ops.reshape(buckets, [-1]), math_ops.multiply(len(self.boundaries) + 1, cols)))
        indices = math_ops.cast(array_ops.transpose(array_ops.stack([rows, cols])), dtypes.int64)
        static_batch = buckets.shape[0] if buckets.shape.rank else None
        if static_batch is not None:
            shape = convert_to_tensor([static_batch, width], dtype=dtypes.int64)
        else:
            shape = math_ops.cast(array_ops.stack([batch, width]), dtypes.int64)
        return IdWeightPair(SparseTensor(indices, ids, shape), None)


def bucketized_column(source_column, boundaries) -> BucketizedColumn:
    """Mirrors ``tf.feature_column.bucketized_column`` (``source_column`` a 1-D numeric column)."""
    if not isinstance(source_column, NumericColumn):
        raise ValueError(f"source_column must be a column generated with numeric_column(). Given: {source_column}")
    if len(source_column.shape) > 1:
        raise ValueError(f"source_column must be one-dimensional column. Given: {source_column}")
    if not boundaries:
        raise ValueError("boundaries must not be empty.")
    if not isinstance(boundaries, (list, tuple)):
        raise ValueError("boundaries must be a sorted list.")
    for i in range(len(boundaries) - 1):
        if boundaries[i] >= boundaries[i + 1]:
            raise ValueError("boundaries must be a sorted list.")
    return BucketizedColumn(source_column=source_column, boundaries=tuple(float(b) for b in boundaries))


# ------------------------------------------------------------------------------------------------
# indicator
# ------------------------------------------------------------------------------------------------
class IndicatorColumn(DerivedColumn, DenseColumn, collections.namedtuple("IndicatorColumn", ("categorical_column",))):
    """Mirrors TF's ``IndicatorColumn``: per example, the count of each id (or the sum of its weights)."""

    @property
    def name(self) -> str:
        return f"{self.categorical_column.name}_indicator"

    @property
    def variable_shape(self) -> TensorShape:
        return TensorShape([1, self.categorical_column.num_buckets])

    def transform_feature(self, cache, state):
        pair = self.categorical_column.get_sparse_tensors(cache, state)
        depth = self.categorical_column.num_buckets
        ids, weights = pair.id_tensor, pair.weight_tensor
        if weights is not None:
            # TF: sparse_merge then scatter_nd: the weights of equal ids in one row add up.
            lead = array_ops.slice(ids.indices, [0, 0], array_ops.stack([-1, array_ops.shape(ids.indices)[1] - 1]))
            indices = array_ops.concat([lead, array_ops.reshape(math_ops.cast(ids.values, dtypes.int64), [-1, 1])],
                                       1)
            lead_shape = array_ops.slice(ids.dense_shape, [0], array_ops.reshape(array_ops.size(ids.dense_shape) - 1,
                                                                                 [1]))
            shape = array_ops.concat([lead_shape, convert_to_tensor([depth], dtype=dtypes.int64)], 0)
            return scatter_ops.scatter_nd(indices, weights.values, shape)
        dense_ids = sparse_ops_api.to_dense(ids, default_value=-1)
        one_hot = array_ops.one_hot(dense_ids, depth=depth, on_value=1.0, off_value=0.0)
        return reduction_ops.reduce_sum(one_hot, axis=[-2])

    def get_dense_tensor(self, cache, state):
        return cache.get(self, state)


def indicator_column(categorical_column) -> IndicatorColumn:
    """Mirrors ``tf.feature_column.indicator_column``: a multi-hot (count) float32 representation."""
    if not isinstance(categorical_column, CategoricalColumn):
        raise ValueError(f"Unsupported input type. Input must be a CategoricalColumn. Given: {categorical_column}")
    return IndicatorColumn(categorical_column=categorical_column)


# ------------------------------------------------------------------------------------------------
# embedding
# ------------------------------------------------------------------------------------------------
class EmbeddingColumn(EmbeddingLookupColumn, DenseColumn, collections.namedtuple(
        "EmbeddingColumn", ("categorical_column", "dimension", "combiner", "initializer", "ckpt_to_load_from",
                            "tensor_name_in_ckpt", "max_norm", "trainable", "use_safe_embedding_lookup"))):
    """Mirrors TF's ``EmbeddingColumn``: a trainable ``[num_buckets, dimension]`` variable
    ``embedding_weights``, looked up with ``safe_embedding_lookup_sparse`` (gradients are IndexedSlices)."""

    @property
    def name(self) -> str:
        return f"{self.categorical_column.name}_embedding"

    def create_state(self, state) -> None:
        self._weights(state)

    def _weights(self, state):
        return state.variable(self, "embedding_weights", shape=(self.categorical_column.num_buckets,
                                                                 self.dimension),
                              dtype=dtypes.float32, initializer=self.initializer, trainable=self.trainable)


def embedding_column(categorical_column, dimension, combiner="mean", initializer=None, ckpt_to_load_from=None,
                     tensor_name_in_ckpt=None, max_norm=None, trainable=True,
                     use_safe_embedding_lookup=True) -> EmbeddingColumn:
    """Mirrors ``tf.feature_column.embedding_column``: the default initializer is TF's
    ``truncated_normal(stddev=1/sqrt(dimension))``. ``ckpt_to_load_from`` is not supported (load the checkpoint
    with ``tf.compat.v1.train.init_from_checkpoint`` or a Saver instead)."""
    check_embedding_args("embedding_column", dimension, ckpt_to_load_from, tensor_name_in_ckpt,
                         "restore the embedding variable with a Saver or tf.train.Checkpoint instead")
    if initializer is not None and not callable(initializer):
        raise ValueError(f"initializer must be callable if specified. Embedding of column_name: "
                         f"{categorical_column.name}")
    if initializer is None:
        initializer = init_ops.TruncatedNormal(mean=0.0, stddev=1 / math.sqrt(dimension))
    return EmbeddingColumn(categorical_column=categorical_column, dimension=dimension, combiner=combiner,
                           initializer=initializer, ckpt_to_load_from=ckpt_to_load_from,
                           tensor_name_in_ckpt=tensor_name_in_ckpt, max_norm=max_norm, trainable=trainable,
                           use_safe_embedding_lookup=use_safe_embedding_lookup)
