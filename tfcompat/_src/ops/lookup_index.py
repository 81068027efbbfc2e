"""TF 1.x's index tables (``tf.contrib.lookup``; still in TF 2.21's ``lookup_ops.py``, unexported):
``index_table_from_tensor``/``_file``, ``index_to_string_table_from_tensor``/``_file``,
``IdTableWithHashBuckets`` with its ``HasherSpec``s, ``TextFileIdTableInitializer``,
``TextFileStringTableInitializer``, and ``HashTable`` (TF1's name of the static table)."""
from __future__ import annotations

import collections

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_ops, math_ops
from tfcompat._src.ops.lookup_ops import (KeyValueTensorInitializer, OovBucketTable, StaticHashTableV1,
                                          TextFileIndex, TextFileInitializer)
from tfcompat._src.ops.string_hash_ops import to_hash_bucket, to_hash_bucket_fast, to_hash_bucket_strong

__all__ = ["HasherSpec", "FastHashSpec", "StrongHashSpec", "IdTableWithHashBuckets", "HashTable",
           "TextFileIdTableInitializer", "TextFileStringTableInitializer", "index_table_from_tensor",
           "index_table_from_file", "index_to_string_table_from_tensor", "index_to_string_table_from_file"]


class HasherSpec(collections.namedtuple("HasherSpec", ["hasher", "key"])):
    """Mirrors ``tf.contrib.lookup.HasherSpec``: ``"fasthash"`` (FarmHash Fingerprint64), ``"legacy"`` (TF's
    Hash64) or ``"stronghash"`` (SipHash keyed by ``key``)."""

    __slots__ = ()


FastHashSpec = HasherSpec("fasthash", None)


class StrongHashSpec(HasherSpec):
    """Mirrors ``tf.contrib.lookup.StrongHashSpec(key)``: keyed SipHash-2-4 (two ints)."""

    __slots__ = ()

    def __new__(cls, key):
        if len(key) != 2:
            raise ValueError(f"`key` must have size 2, received {len(key)}")
        if not isinstance(key[0], int) or not isinstance(key[1], int):
            raise TypeError("Invalid key %s. Must be unsigned integer values." % key)
        return super().__new__(cls, "stronghash", key)


HashTable = StaticHashTableV1


class IdTableWithHashBuckets(OovBucketTable):
    """Mirrors ``tf.contrib.lookup.IdTableWithHashBuckets(table, num_oov_buckets, hasher_spec=FastHashSpec,
    name=None, key_dtype=None)``: ``table``'s int64 ids, out-of-vocabulary keys hashed into
    ``num_oov_buckets`` extra ids."""

    def __init__(self, table, num_oov_buckets, hasher_spec=FastHashSpec, name=None, key_dtype=None):
        if name:
            name = name.rstrip("/")
        key_dtype = dtypes.as_dtype(key_dtype) if key_dtype is not None else None
        if table:
            if key_dtype is None:
                key_dtype = table.key_dtype
            supported = (dtypes.int64, dtypes.string)
            if table.key_dtype not in supported:
                raise TypeError(f"Invalid `key_dtype`, expected one of {supported}, received {key_dtype}.")
            if table.key_dtype.is_integer != key_dtype.is_integer:
                raise TypeError("Invalid `key dtype`, expected %s but got %s." %
                                ("integer" if key_dtype.is_integer else "non-integer", table.key_dtype))
            if table.value_dtype != dtypes.int64:
                raise TypeError(f"Invalid `value_dtype`: expected int64 but got {table.value_dtype}.")
            self._table = table
            name = name or table.name
        else:
            if num_oov_buckets <= 0:
                raise ValueError("`oov_buckets` must be > 0 if no `table` is supplied.")
            key_dtype = dtypes.string if key_dtype is None else key_dtype
            name = name or "hash_bucket"
        if not key_dtype.is_integer and key_dtype != dtypes.string:
            raise TypeError(f"Invalid `key_dtype`, expected integer or string, got {key_dtype}.")
        if not isinstance(hasher_spec, HasherSpec):
            raise TypeError(f"`hasher_spec` must be of type HasherSpec, got {type(hasher_spec)}.")
        if hasher_spec.hasher not in ("fasthash", "legacy", "stronghash"):
            raise ValueError(f"Found unknown hasher {hasher_spec.hasher} in `hasher_spec`")
        self._num_oov_buckets = int(num_oov_buckets)
        self._hasher_spec = hasher_spec
        super().__init__(key_dtype, dtypes.int64, name.split("/")[-1])

    @property
    def initializer(self):
        """The op initializing the wrapped table (a NoOp without one)."""
        return self._table_init_op()

    init = initializer

    def _hash_bucket(self, text, num_buckets):
        if self._hasher_spec.hasher == "legacy":
            return to_hash_bucket(text, num_buckets)
        if self._hasher_spec.hasher == "stronghash":
            return to_hash_bucket_strong(text, num_buckets, self._hasher_spec.key)
        return to_hash_bucket_fast(text, num_buckets)


class TextFileIdTableInitializer(TextFileInitializer):
    """Mirrors ``TextFileIdTableInitializer``: keys from ``key_column_index`` (default: the whole line), ids from
    ``value_column_index`` (default: the line number)."""

    def __init__(self, filename, key_column_index=TextFileIndex.WHOLE_LINE,
                 value_column_index=TextFileIndex.LINE_NUMBER, vocab_size=None, delimiter="\t",
                 name="text_file_id_table_init", key_dtype=dtypes.string):
        super().__init__(filename, key_dtype, key_column_index, dtypes.int64, value_column_index, vocab_size,
                         delimiter, name)


class TextFileStringTableInitializer(TextFileInitializer):
    """Mirrors ``TextFileStringTableInitializer``: int64 keys from ``key_column_index`` (default: the line
    number), strings from ``value_column_index`` (default: the whole line)."""

    def __init__(self, filename, key_column_index=TextFileIndex.LINE_NUMBER,
                 value_column_index=TextFileIndex.WHOLE_LINE, vocab_size=None, delimiter="\t",
                 name="text_file_string_table_init"):
        super().__init__(filename, dtypes.int64, key_column_index, dtypes.string, value_column_index, vocab_size,
                         delimiter, name)


def index_table_from_tensor(vocabulary_list, num_oov_buckets=0, default_value=-1, hasher_spec=FastHashSpec,
                            dtype=dtypes.string, name=None):
    """Mirrors ``tf.contrib.lookup.index_table_from_tensor``: a table mapping each vocabulary entry to its
    position (int64), ``default_value`` (or a hash bucket after the vocabulary when ``num_oov_buckets`` > 0)
    for others."""
    if vocabulary_list is None:
        raise ValueError("`vocabulary_list` must be specified.")
    if num_oov_buckets < 0:
        raise ValueError("`num_oov_buckets` must be greater or equal than 0, got %d." % num_oov_buckets)
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_integer and dtype != dtypes.string:
        raise TypeError("`dtype` must either be integer or string.")
    with name_scope(name or "string_to_index"):
        keys = convert_to_tensor(vocabulary_list)
        if keys.dtype.is_integer != dtype.is_integer:
            raise ValueError("Invalid `dtype`: Expected %s, got %s." %
                             ("integer" if dtype.is_integer else "non-integer", keys.dtype))
        if not dtype.is_integer and keys.dtype != dtype:
            raise ValueError(f"Invalid `dtype`: Expected {dtype}, got {keys.dtype}.")
        values = math_ops.cast(array_ops.range(array_ops.size(keys)), dtypes.int64)
        with name_scope("hash_table"):
            table_keys = math_ops.cast(keys, dtypes.int64) if keys.dtype.is_integer else keys
            init = KeyValueTensorInitializer(table_keys, values, table_keys.dtype, dtypes.int64, name="table_init")
            table = StaticHashTableV1(init, default_value)
        if num_oov_buckets:
            table = IdTableWithHashBuckets(table, num_oov_buckets=num_oov_buckets, hasher_spec=hasher_spec,
                                           key_dtype=dtype)
        return table


def index_table_from_file(vocabulary_file=None, num_oov_buckets=0, vocab_size=None, default_value=-1,
                          hasher_spec=FastHashSpec, key_dtype=dtypes.string, name=None,
                          key_column_index=TextFileIndex.WHOLE_LINE, value_column_index=TextFileIndex.LINE_NUMBER,
                          delimiter="\t"):
    """Mirrors ``tf.contrib.lookup.index_table_from_file``: ids from a vocabulary file (one entry per line by
    default), with optional out-of-vocabulary hash buckets."""
    if vocabulary_file is None or (isinstance(vocabulary_file, str) and not vocabulary_file):
        raise ValueError("`vocabulary_file` must be specified and must not be empty.")
    if num_oov_buckets < 0:
        raise ValueError("num_oov_buckets must be greater or equal than 0, got %d." % num_oov_buckets)
    if vocab_size is not None and vocab_size < 1:
        raise ValueError("`vocab_size` must be greater than 0, got %d for vocabulary_file: %s." %
                         (vocab_size, vocabulary_file))
    key_dtype = dtypes.as_dtype(key_dtype)
    if not key_dtype.is_integer and key_dtype != dtypes.string:
        raise TypeError("Dtype for `keys` should be either integer or string.")
    with name_scope(name or "string_to_index"):
        with name_scope("hash_table"):
            init = TextFileIdTableInitializer(vocabulary_file, vocab_size=vocab_size,
                                              key_dtype=dtypes.int64 if key_dtype.is_integer else key_dtype,
                                              name="table_init", key_column_index=key_column_index,
                                              value_column_index=value_column_index, delimiter=delimiter)
            table = StaticHashTableV1(init, default_value)
        if num_oov_buckets:
            table = IdTableWithHashBuckets(table, num_oov_buckets=num_oov_buckets, hasher_spec=hasher_spec,
                                           key_dtype=key_dtype)
        return table


def index_to_string_table_from_tensor(vocabulary_list, default_value="UNK", name=None):
    """Mirrors ``tf.contrib.lookup.index_to_string_table_from_tensor``: int64 ids -> vocabulary strings,
    ``default_value`` for ids out of range."""
    if vocabulary_list is None:
        raise ValueError("`vocabulary_list` argument must be specified.")
    with name_scope(name or "index_to_string"):
        vocabulary_list = convert_to_tensor(vocabulary_list, dtypes.string)
        keys = math_ops.cast(array_ops.range(array_ops.size(vocabulary_list)), dtypes.int64)
        init = KeyValueTensorInitializer(keys, vocabulary_list, dtypes.int64, dtypes.string, name="table_init")
        return StaticHashTableV1(init, default_value)


def index_to_string_table_from_file(vocabulary_file, vocab_size=None, default_value="UNK", name=None,
                                    key_column_index=TextFileIndex.LINE_NUMBER,
                                    value_column_index=TextFileIndex.WHOLE_LINE, delimiter="\t"):
    """Mirrors ``tf.contrib.lookup.index_to_string_table_from_file``: line numbers -> the file's lines."""
    if vocabulary_file is None or (isinstance(vocabulary_file, str) and not vocabulary_file):
        raise ValueError("`vocabulary_file` must be specified and must not be empty.")
    if vocab_size is not None and vocab_size < 1:
        raise ValueError(f"`vocab_size` must be greater than 0, got {vocab_size}.")
    with name_scope(name or "index_to_string"):
        init = TextFileStringTableInitializer(vocabulary_file, vocab_size=vocab_size, name="table_init",
                                              key_column_index=key_column_index,
                                              value_column_index=value_column_index, delimiter=delimiter)
        return StaticHashTableV1(init, default_value)
