"""The parts every feature column shares: the base classes (``FeatureColumn``, ``DenseColumn``,
``CategoricalColumn``; TF's ``feature_column_v2`` classes), ``IdWeightPair``, the per-call
``FeatureTransformationCache`` (TF's: each column is transformed once per call, raw features are normalised to
rank >= 2), the sparse-input helper and the two variable-state managers (``tf.compat.v1.get_variable`` for
``input_layer``/``linear_model``, ``Layer.add_weight`` for ``DenseFeatures``)."""
from __future__ import annotations

import collections
from typing import Any

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.sparse_tensor import SparseTensor, is_sparse
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops import array_ops, math_ops, sparse_ops_api

__all__ = ["FeatureColumn", "DenseColumn", "CategoricalColumn", "IdWeightPair", "FeatureTransformationCache",
           "to_sparse_input_and_drop_ignore_values", "check_key", "GetVariableState", "sorted_columns",
           "check_feature_columns", "dense_to_2d", "flat", "static_or_dynamic_shape"]


class FeatureColumn:
    """Base of every column (TF's ``FeatureColumn``). Columns are immutable namedtuples (TF's are too: their
    ``repr`` appears in TF's error messages); ``name`` orders them in the consumers' outputs."""

    @property
    def name(self) -> str:
        raise NotImplementedError

    @property
    def parse_example_spec(self) -> dict:
        raise NotImplementedError

    @property
    def parents(self) -> list:
        return []

    @property
    def var_scope_name(self) -> str:
        """The variable scope the v1 consumers open for the column (TF1's ``_var_scope_name``)."""
        return self.name

    def transform_feature(self, cache: FeatureTransformationCache, state):
        raise NotImplementedError

    def create_state(self, state) -> None:
        """Creates the column's variables (only embedding columns have any)."""

    # TF1 (_FeatureColumn) spellings, used by TF1-era scripts and canned estimators.
    @property
    def _parse_example_spec(self) -> dict:
        return self.parse_example_spec


class DenseColumn(FeatureColumn):
    """A column giving a dense float tensor (TF's ``DenseColumn``): ``variable_shape`` is its per-example
    shape."""

    @property
    def variable_shape(self):
        raise NotImplementedError

    def get_dense_tensor(self, cache: FeatureTransformationCache, state):
        raise NotImplementedError

    @property
    def _variable_shape(self):
        return self.variable_shape


class CategoricalColumn(FeatureColumn):
    """A column giving sparse int64 ids in ``[0, num_buckets)`` (TF's ``CategoricalColumn``)."""

    @property
    def num_buckets(self) -> int:
        raise NotImplementedError

    def get_sparse_tensors(self, cache: FeatureTransformationCache, state) -> IdWeightPair:
        return IdWeightPair(cache.get(self, state), None)

    @property
    def _num_buckets(self) -> int:
        return self.num_buckets


class IdWeightPair(collections.namedtuple("IdWeightPair", ("id_tensor", "weight_tensor"))):
    """Mirrors TF's ``CategoricalColumn.IdWeightPair``: sparse ids and optional sparse weights."""


def check_key(key) -> str:
    """TF's check that a column key is a string."""
    if not isinstance(key, str):
        raise ValueError(f"key must be a string. Got: type {type(key)}. Given key: {key}.")
    return key


def _as_tensor_or_sparse(value):
    if is_sparse(value):
        return SparseTensor.from_value(value)
    return convert_to_tensor(value)


class FeatureTransformationCache:
    """Mirrors TF's ``FeatureTransformationCache``: ``get(key)`` for a string key gives the raw feature as a
    tensor of rank >= 2 (rank 1 gets a trailing dimension; rank 0 is a ValueError), for a column its
    transformed value, each computed once per consumer call."""

    def __init__(self, features: dict):
        if not isinstance(features, dict):
            raise ValueError(f"We expected a dictionary here. Instead we got: {features}")
        self._features = dict(features)
        self._cache: dict[Any, Any] = {}

    def get(self, key, state):
        if key in self._cache:
            return self._cache[key]
        if isinstance(key, str):
            value = self._raw_feature(key)
        elif isinstance(key, FeatureColumn):
            value = key.transform_feature(self, state)
            if value is None:
                raise ValueError(f"Column {key.name} is not supported.")
        else:
            raise TypeError(f"Key must be a string or FeatureColumn. Given: {key!r}")
        self._cache[key] = value
        return value

    def _raw_feature(self, key: str):
        if key not in self._features:
            raise ValueError(f"Feature {key} is not in features dictionary.")
        value = _as_tensor_or_sparse(self._features[key])
        rank = value.shape.rank
        if rank is None:
            return value
        if rank == 0:
            raise ValueError(f"Feature (key: {key}) cannot have rank 0. Given: {value}")
        if rank != 1:
            return value
        if isinstance(value, SparseTensor):
            batch = array_ops.slice(value.dense_shape, [0], [1])
            return sparse_ops_api.reshape(value, array_ops.concat([batch, [1]], 0))
        return array_ops.expand_dims(value, -1)


def to_sparse_input_and_drop_ignore_values(value, ignore_value=None) -> SparseTensor:
    """Mirrors TF's ``_to_sparse_input_and_drop_ignore_values``: a SparseTensor as is; a dense tensor as a
    SparseTensor of its entries that differ from ``ignore_value`` (default '' for strings, -1 for integers, 0
    otherwise)."""
    if isinstance(value, SparseTensor):
        return value
    value = convert_to_tensor(value)
    if ignore_value is None:
        if value.dtype is dtypes.string:
            ignore_value = ""
        elif value.dtype.is_integer:
            ignore_value = -1
        else:
            ignore_value = 0   # TF: the dtype's zero (dense float ids drop their zeros)
    keep = math_ops.not_equal(value, convert_to_tensor(ignore_value, dtype=value.dtype))
    indices = array_ops.where(keep)
    return SparseTensor(indices, array_ops.gather_nd(value, indices), static_or_dynamic_shape(value))


def static_or_dynamic_shape(value):
    """``tf.shape(value)`` as int64, a constant when the static shape is fully known (TF's graph shape inference
    folds it: consumers then know the batch size statically)."""
    if value.shape.is_fully_defined():
        return convert_to_tensor(value.shape.as_list(), dtype=dtypes.int64)
    return array_ops.shape(value, out_type=dtypes.int64)


def flat(values):
    """``values`` reshaped to 1-D, with that static rank (tfcompat's graph-mode Reshape to ``[-1]`` leaves an
    unknown input shape unknown, where TF gives ``[None]``; the sparse ops' shape functions need the rank)."""
    out = array_ops.reshape(values, [-1])
    if out.shape.rank is None:
        out.set_shape([None])
    return out


def sorted_columns(columns) -> list:
    """The columns in TF's output order: sorted by name."""
    return sorted(columns, key=lambda c: c.name)


def check_feature_columns(feature_columns, expected=DenseColumn, what="_DenseColumn") -> list:
    """TF's ``_normalize_feature_columns`` plus the consumers' type check: a non-empty list of ``expected``
    columns with distinct names."""
    if isinstance(feature_columns, FeatureColumn):
        feature_columns = [feature_columns]
    if isinstance(feature_columns, collections.abc.Iterator):
        feature_columns = list(feature_columns)
    if isinstance(feature_columns, dict):
        raise ValueError("Expected feature_columns to be iterable, found dict.")
    feature_columns = list(feature_columns)
    if not feature_columns:
        raise ValueError("feature_columns must not be empty.")
    for column in feature_columns:
        if not isinstance(column, FeatureColumn):
            raise ValueError(f"Items of feature_columns must be a FeatureColumn. Given (type {type(column)}): "
                             f"{column}.")
        if not isinstance(column, expected):
            raise ValueError(f"Items of feature_columns must be a {what}. You can wrap a categorical column with "
                             f"an embedding_column or indicator_column. Given: {column}")
    by_name: dict[str, FeatureColumn] = {}
    for column in feature_columns:
        if column.name in by_name:
            raise ValueError(f"Duplicate feature column name found for columns: {by_name[column.name]} and "
                             f"{column}. This usually means that these columns refer to same base feature. "
                             f"Either one must be discarded or a duplicated but renamed item must be inserted in "
                             f"features dict.")
        by_name[column.name] = column
    return feature_columns


def dense_to_2d(tensor: Tensor, num_elements: int) -> Tensor:
    """TF's ``_process_dense_tensor``: ``[batch, num_elements]``."""
    batch = array_ops.shape(tensor)[0]
    return array_ops.reshape(tensor, array_ops.stack([batch, num_elements]))


class GetVariableState:
    """Variables through ``tf.compat.v1.get_variable`` in the current variable scope (the v1 consumers open one
    per column): TF1's ``_get_dense_tensor(..., weight_collections, trainable)`` path."""

    def __init__(self, trainable: bool = True, collections=None):
        self._trainable = trainable
        self._collections = collections

    def variable(self, column, name, shape, dtype, initializer, trainable=True):
        from tfcompat._src.ops import variable_scope
        return variable_scope.get_variable(name, shape=shape, dtype=dtype, initializer=initializer,
                                           trainable=self._trainable and trainable,
                                           collections=self._collections)
