"""Categorical (sparse id) columns: ``categorical_column_with_identity``, ``_with_vocabulary_list``,
``_with_vocabulary_file``, ``_with_hash_bucket``, ``weighted_categorical_column`` and ``crossed_column``
(TF's ``feature_column_v2``). Each column's ``transform_feature`` gives a SparseTensor of int64 ids.

Vocabulary lookup: TF builds a lookup table (``index_table_from_tensor``/``_from_file``, ``tf.lookup``) that
graph mode must initialise with ``tables_initializer``; here the ids are computed from the vocabulary constant
directly (``ops/lookup_vocabulary.py``'s binary search over its sorted keys), so the values are TF's and no
initialiser is needed (known deviation ``feature-column-vocab-no-table``).
Out-of-vocabulary values go to ``vocabulary_size + Fingerprint64(value) % num_oov_buckets`` (integers are hashed
as their decimal strings, as TF's ``IdTableWithHashBuckets``) or to ``default_value``."""
from __future__ import annotations

import collections
import os

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.ops import array_ops, lookup_vocabulary, math_ops
from tfcompat._src.feature_column import sparse_cross
from tfcompat._src.feature_column.base import (
    CategoricalColumn, FeatureColumn, IdWeightPair, check_key, flat, to_sparse_input_and_drop_ignore_values,
)

__all__ = ["IdentityCategoricalColumn", "VocabularyListCategoricalColumn", "VocabularyFileCategoricalColumn",
           "HashedCategoricalColumn", "WeightedCategoricalColumn", "CrossedColumn",
           "categorical_column_with_identity", "categorical_column_with_vocabulary_list",
           "categorical_column_with_vocabulary_file", "categorical_column_with_vocabulary_file_v1",
           "categorical_column_with_hash_bucket", "weighted_categorical_column", "crossed_column"]


def _var_len_spec(key, dtype):
    from tfcompat._src.ops.parsing_ops import VarLenFeature
    return {key: VarLenFeature(dtype)}


class _KeyedColumn(CategoricalColumn):
    """A categorical column over the one sparse input feature ``key`` (of dtype ``_feature_dtype``), named by it."""

    @property
    def _feature_dtype(self):
        return self.dtype

    @property
    def name(self) -> str:
        return self.key

    @property
    def parse_example_spec(self) -> dict:
        return _var_len_spec(self.key, self._feature_dtype)


def _check_input_dtype(column_dtype, tensor_dtype, key):
    compatible = (column_dtype is tensor_dtype) or (column_dtype.is_integer and tensor_dtype.is_integer)
    if not compatible:
        raise ValueError(f"Column dtype and SparseTensors dtype must be compatible. key: {key}, column dtype: "
                         f"{column_dtype}, tensor dtype: {tensor_dtype}")


def _with_values(sp: SparseTensor, values) -> SparseTensor:
    return SparseTensor(sp.indices, flat(values), sp.dense_shape)


# ------------------------------------------------------------------------------------------------
# identity
# ------------------------------------------------------------------------------------------------
class IdentityCategoricalColumn(_KeyedColumn,
                                collections.namedtuple("IdentityCategoricalColumn",
                                                       ("key", "number_buckets", "default_value"))):
    """Mirrors TF's ``IdentityCategoricalColumn``: the integer feature values are the ids."""

    _feature_dtype = dtypes.int64

    @property
    def num_buckets(self) -> int:
        return self.number_buckets

    def transform_feature(self, cache, state):
        sp = to_sparse_input_and_drop_ignore_values(cache.get(self.key, state))
        if not sp.dtype.is_integer:
            raise ValueError(f"Invalid input, not integer. key: {self.key} dtype: {sp.dtype}")
        values = math_ops.cast(sp.values, dtypes.int64)
        if self.default_value is not None:
            out_of_range = math_ops.logical_or(math_ops.less(values, 0),
                                               math_ops.greater_equal(values, self.number_buckets))
            values = array_ops.where(out_of_range, array_ops.fill(array_ops.shape(values),
                                                                  math_ops.cast(self.default_value, dtypes.int64)),
                                     values)
        return _with_values(sp, values)


def categorical_column_with_identity(key, num_buckets, default_value=None) -> IdentityCategoricalColumn:
    """Mirrors ``tf.feature_column.categorical_column_with_identity``: integer ids in ``[0, num_buckets)``;
    out-of-range values become ``default_value`` when it is given (TF 2.21 passes them through otherwise, and so
    does tfcompat: an indicator then gives zeros, an embedding lookup an index error)."""
    if num_buckets < 1:
        raise ValueError(f"num_buckets {num_buckets} < 1, column_name {key}")
    if default_value is not None and (default_value < 0 or default_value >= num_buckets):
        raise ValueError(f"default_value {default_value} not in range [0, {num_buckets}), column_name {key}")
    return IdentityCategoricalColumn(key=check_key(key), number_buckets=num_buckets, default_value=default_value)


# ------------------------------------------------------------------------------------------------
# vocabulary list / file
# ------------------------------------------------------------------------------------------------
def _vocab_lookup(values, vocabulary, dtype, num_oov_buckets: int, default_value: int):
    """The ids of ``values`` (1-D) in ``vocabulary`` (a python list): the index of the equal entry, else an OOV
    bucket or ``default_value``."""
    if values.dtype is not dtype:
        values = math_ops.cast(values, dtype)
    found, index = lookup_vocabulary.vocabulary_positions(values, list(vocabulary), dtype)
    return lookup_vocabulary.with_oov_ids(values, index, found, num_oov_buckets, len(vocabulary), default_value)


class _VocabularyColumn(_KeyedColumn):
    def _vocabulary(self) -> list:
        raise NotImplementedError

    def transform_feature(self, cache, state):
        sp = to_sparse_input_and_drop_ignore_values(cache.get(self.key, state))
        _check_input_dtype(self.dtype, sp.dtype, self.key)
        ids = _vocab_lookup(sp.values, self._vocabulary(), self.dtype, self.num_oov_buckets, self.default_value)
        return _with_values(sp, ids)


class VocabularyListCategoricalColumn(_VocabularyColumn, collections.namedtuple(
        "VocabularyListCategoricalColumn", ("key", "vocabulary_list", "dtype", "default_value",
                                            "num_oov_buckets"))):
    """Mirrors TF's ``VocabularyListCategoricalColumn``."""

    @property
    def num_buckets(self) -> int:
        return len(self.vocabulary_list) + self.num_oov_buckets

    def _vocabulary(self) -> list:
        return list(self.vocabulary_list)


def _check_oov(num_oov_buckets, default_value, key):
    if num_oov_buckets:
        if default_value != -1:
            raise ValueError(f"Can't specify both num_oov_buckets and default_value in {key}.")
        if num_oov_buckets < 0:
            raise ValueError(f"Invalid num_oov_buckets {num_oov_buckets} in {key}.")


def categorical_column_with_vocabulary_list(key, vocabulary_list, dtype=None, default_value=-1,
                                            num_oov_buckets=0) -> VocabularyListCategoricalColumn:
    """Mirrors ``tf.feature_column.categorical_column_with_vocabulary_list``: the id of a value is its index in
    ``vocabulary_list`` (strings or integers; the column dtype is inferred from it, integers as int64)."""
    if vocabulary_list is None or len(vocabulary_list) < 1:
        raise ValueError(f"vocabulary_list {vocabulary_list} must be non-empty, column_name: {key}")
    if len(set(vocabulary_list)) != len(vocabulary_list):
        raise ValueError(f"Duplicate keys in vocabulary_list {vocabulary_list}, column_name: {key}")
    vocabulary_dtype = dtypes.string if isinstance(vocabulary_list[0], (str, bytes)) else dtypes.int64
    if dtype is None:
        dtype = vocabulary_dtype
    dtype = dtypes.as_dtype(dtype)
    if dtype.is_integer != vocabulary_dtype.is_integer:
        raise ValueError(f"dtype {dtype} and vocabulary dtype {vocabulary_dtype} do not match, column_name: {key}")
    if dtype is not dtypes.string and not dtype.is_integer:
        raise ValueError(f"dtype {dtype} must be integer or string, column_name: {key}")
    _check_oov(num_oov_buckets, default_value, key)
    return VocabularyListCategoricalColumn(key=check_key(key), vocabulary_list=tuple(vocabulary_list),
                                           dtype=dtype, default_value=default_value,
                                           num_oov_buckets=num_oov_buckets)


class VocabularyFileCategoricalColumn(_VocabularyColumn, collections.namedtuple(
        "VocabularyFileCategoricalColumn", ("key", "vocabulary_file", "vocabulary_size", "num_oov_buckets",
                                            "dtype", "default_value", "file_format"))):
    """Mirrors TF's ``VocabularyFileCategoricalColumn`` (one entry per line; the first ``vocabulary_size``
    lines)."""

    @property
    def num_buckets(self) -> int:
        return self.vocabulary_size + self.num_oov_buckets

    def _vocabulary(self) -> list:
        from tfcompat._src.runtime import gfile
        with gfile.GFile(self.vocabulary_file, "rb") as f:
            lines = f.read().split(b"\n")
        if lines and lines[-1] == b"":
            lines.pop()
        lines = [line.rstrip(b"\r") for line in lines[:self.vocabulary_size]]
        if self.dtype.is_integer:
            return [int(line) for line in lines]
        return lines


def _vocab_file_size(path: str) -> int:
    from tfcompat._src.runtime import gfile
    with gfile.GFile(path, "rb") as f:
        data = f.read()
    return data.count(b"\n") + (0 if not data or data.endswith(b"\n") else 1)


def categorical_column_with_vocabulary_file_v1(key, vocabulary_file, vocabulary_size=None, num_oov_buckets=0,
                                               default_value=None, dtype=dtypes.string):
    """Mirrors ``tf.compat.v1.feature_column.categorical_column_with_vocabulary_file``."""
    return categorical_column_with_vocabulary_file(key, vocabulary_file, vocabulary_size, dtype, default_value,
                                                   num_oov_buckets)


def categorical_column_with_vocabulary_file(key, vocabulary_file, vocabulary_size=None, dtype=dtypes.string,
                                            default_value=None, num_oov_buckets=0, file_format=None):
    """Mirrors ``tf.feature_column.categorical_column_with_vocabulary_file``: the id of a value is its line
    number in ``vocabulary_file`` (the whole file unless ``vocabulary_size`` is given). ``file_format`` other
    than None/'text' (TFRecord vocabularies) is not supported."""
    if not vocabulary_file:
        raise ValueError(f"Missing vocabulary_file in {key}.")
    if file_format not in (None, "text"):
        from tfcompat._src.tools.unsupported import UnsupportedAPIError
        raise UnsupportedAPIError(f"categorical_column_with_vocabulary_file: file_format={file_format!r} is not "
                                  f"supported by tfcompat (only text vocabularies)")
    if vocabulary_size is None:
        if not os.path.exists(vocabulary_file):
            raise ValueError(f"vocabulary_file in {key} does not exist.")
        vocabulary_size = _vocab_file_size(vocabulary_file)
    if vocabulary_size < 1:
        raise ValueError(f"Invalid vocabulary_size in {key}.")
    if num_oov_buckets and default_value is not None:
        raise ValueError(f"Can't specify both num_oov_buckets and default_value in {key}.")
    if num_oov_buckets and num_oov_buckets < 0:
        raise ValueError(f"Invalid num_oov_buckets {num_oov_buckets} in {key}.")
    dtype = dtypes.as_dtype(dtype)
    if dtype is not dtypes.string and not dtype.is_integer:
        raise ValueError(f"Invalid dtype {dtype} in {key}.")
    return VocabularyFileCategoricalColumn(
        key=check_key(key), vocabulary_file=vocabulary_file, vocabulary_size=vocabulary_size,
        num_oov_buckets=0 if num_oov_buckets is None else num_oov_buckets, dtype=dtype,
        default_value=-1 if default_value is None else default_value, file_format=file_format)


# ------------------------------------------------------------------------------------------------
# hash bucket
# ------------------------------------------------------------------------------------------------
class HashedCategoricalColumn(_KeyedColumn, collections.namedtuple(
        "HashedCategoricalColumn", ("key", "hash_bucket_size", "dtype"))):
    """Mirrors TF's ``HashedCategoricalColumn``: ``Fingerprint64(value) % hash_bucket_size``."""

    @property
    def num_buckets(self) -> int:
        return self.hash_bucket_size

    def transform_feature(self, cache, state):
        sp = to_sparse_input_and_drop_ignore_values(cache.get(self.key, state))
        if not (sp.dtype is dtypes.string or sp.dtype.is_integer):
            raise ValueError(f"SparseColumn input must be a SparseTensor with dtype string or integer. "
                             f"dtype: {sp.dtype}")
        _check_input_dtype(self.dtype, sp.dtype, self.key)
        return _with_values(sp, lookup_vocabulary.hash_buckets(sp.values, self.hash_bucket_size))


def categorical_column_with_hash_bucket(key, hash_bucket_size, dtype=dtypes.string) -> HashedCategoricalColumn:
    """Mirrors ``tf.feature_column.categorical_column_with_hash_bucket`` (TF's FarmHash ``Fingerprint64``
    buckets; integer values hashed as their decimal strings)."""
    if hash_bucket_size is None:
        raise ValueError(f"hash_bucket_size must be set. key: {key}")
    if hash_bucket_size < 1:
        raise ValueError(f"hash_bucket_size must be at least 1. hash_bucket_size: {hash_bucket_size}, key: {key}")
    dtype = dtypes.as_dtype(dtype)
    if dtype is not dtypes.string and not dtype.is_integer:
        raise ValueError(f"column_name: {key} dtype must be string or integer. dtype: {dtype}.")
    return HashedCategoricalColumn(key=check_key(key), hash_bucket_size=hash_bucket_size, dtype=dtype)


# ------------------------------------------------------------------------------------------------
# weighted
# ------------------------------------------------------------------------------------------------
class WeightedCategoricalColumn(CategoricalColumn, collections.namedtuple(
        "WeightedCategoricalColumn", ("categorical_column", "weight_feature_key", "dtype"))):
    """Mirrors TF's ``WeightedCategoricalColumn``: the ids of ``categorical_column`` with per-id weights read
    from feature ``weight_feature_key``."""

    @property
    def name(self) -> str:
        return f"{self.categorical_column.name}_weighted_by_{self.weight_feature_key}"

    @property
    def parse_example_spec(self) -> dict:
        config = dict(self.categorical_column.parse_example_spec)
        if self.weight_feature_key in config:
            raise ValueError(f"Parse config {config[self.weight_feature_key]} already exists for "
                             f"{self.weight_feature_key}.")
        config.update(_var_len_spec(self.weight_feature_key, self.dtype))
        return config

    @property
    def num_buckets(self) -> int:
        return self.categorical_column.num_buckets

    @property
    def parents(self) -> list:
        return [self.categorical_column, self.weight_feature_key]

    def transform_feature(self, cache, state):
        weights = cache.get(self.weight_feature_key, state)
        if weights is None:
            raise ValueError(f"Missing weights {self.weight_feature_key}.")
        if weights.dtype.base_dtype is not self.dtype:
            raise ValueError(f"Bad dtype, expected {self.dtype}, but got {weights.dtype}.")
        if not isinstance(weights, SparseTensor):
            weights = to_sparse_input_and_drop_ignore_values(weights, ignore_value=0.0)
        if not weights.dtype.is_floating:
            weights = _with_values(weights, math_ops.cast(weights.values, dtypes.float32))
        ids = to_sparse_input_and_drop_ignore_values(
            self.categorical_column.get_sparse_tensors(cache, state).id_tensor)
        return ids, weights

    def get_sparse_tensors(self, cache, state) -> IdWeightPair:
        ids, weights = cache.get(self, state)
        return IdWeightPair(ids, weights)


def weighted_categorical_column(categorical_column, weight_feature_key, dtype=dtypes.float32):
    """Mirrors ``tf.feature_column.weighted_categorical_column``."""
    dtype = dtypes.as_dtype(dtype)
    if dtype is None or not (dtype.is_integer or dtype.is_floating):
        raise ValueError(f"dtype {dtype} is not convertible to float.")
    return WeightedCategoricalColumn(categorical_column=categorical_column,
                                     weight_feature_key=weight_feature_key, dtype=dtype)


# ------------------------------------------------------------------------------------------------
# crossed
# ------------------------------------------------------------------------------------------------
class CrossedColumn(CategoricalColumn, collections.namedtuple(
        "CrossedColumn", ("keys", "hash_bucket_size", "hash_key"))):
    """Mirrors TF's ``CrossedColumn``: the hashed cross (TF's ``SparseCrossHashed``) of string keys and
    categorical columns."""

    @property
    def name(self) -> str:
        names = []
        for key in self.keys:
            if isinstance(key, str):
                names.append(key)
            else:
                names.append(key.name)
        return "_X_".join(sorted(names))

    @property
    def parse_example_spec(self) -> dict:
        config = {}
        for key in self.keys:
            if isinstance(key, FeatureColumn):
                config.update(key.parse_example_spec)
            else:
                config.update(_var_len_spec(key, dtypes.string))
        return config

    @property
    def num_buckets(self) -> int:
        return self.hash_bucket_size

    @property
    def parents(self) -> list:
        return list(self.keys)

    def _leaf_keys(self) -> list:
        leaves = []
        for key in self.keys:
            leaves.extend(key._leaf_keys() if isinstance(key, CrossedColumn) else [key])
        return leaves

    def transform_feature(self, cache, state):
        inputs = []
        for key in self._leaf_keys():
            if isinstance(key, str):
                inputs.append(cache.get(key, state))
            elif isinstance(key, CategoricalColumn):
                pair = key.get_sparse_tensors(cache, state)
                if pair.weight_tensor is not None:
                    raise ValueError(f"crossed_column does not support weight_tensor, but the given column "
                                     f"populates weight_tensor. Given column: {key.name}")
                inputs.append(pair.id_tensor)
            else:
                raise ValueError(f"Unsupported column type. Given: {key}")
        return sparse_cross.sparse_cross_hashed(inputs, num_buckets=self.hash_bucket_size,
                                                hash_key=self.hash_key)


def crossed_column(keys, hash_bucket_size, hash_key=None) -> CrossedColumn:
    """Mirrors ``tf.feature_column.crossed_column``: ids are TF's ``FingerprintCat64`` hash of each combination
    of the keys' values, modulo ``hash_bucket_size``."""
    if not hash_bucket_size or hash_bucket_size < 1:
        raise ValueError(f"hash_bucket_size must be > 1. hash_bucket_size: {hash_bucket_size}")
    if not keys or len(keys) < 2:
        raise ValueError(f"keys must be a list with length > 1. Given: {keys}")
    for key in keys:
        if not isinstance(key, (str, CategoricalColumn)):
            raise ValueError(f"Unsupported key type. All keys must be either string, or categorical column "
                             f"except HashedCategoricalColumn. Given: {key}")
        if isinstance(key, HashedCategoricalColumn):
            raise ValueError(f"categorical_column_with_hash_bucket is not supported for crossing. Hashing before "
                             f"crossing will increase probability of collision. Instead, use the feature name as "
                             f"a string. Given: {key}")
    return CrossedColumn(keys=tuple(keys), hash_bucket_size=hash_bucket_size, hash_key=hash_key)
