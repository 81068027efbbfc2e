"""The vocabulary -> index core shared by every vocabulary lookup: ``tf.lookup``'s out-of-vocabulary tables
(``StaticVocabularyTable``, TF1's ``IdTableWithHashBuckets``/``index_table_from_*``), the vocabulary feature
columns (``feature_column/categorical.py``) and Keras's ``StringLookup``/``IntegerLookup``
(``keras/layers/preprocessing/index_lookup.py``).

A key's id is its vocabulary position (found by a table, or by ``vocabulary_positions`` where no table is built);
an out-of-vocabulary key gets ``first_oov_id + bucket`` with TF's bucket: ``Fingerprint64(key) % num_buckets``
for strings, integers hashed through their decimal text (``tf.lookup``, feature columns) or, in Keras's
``IntegerLookup``, ``key mod num_buckets``; without buckets it gets ``default_value``. Keras's mask token maps
to its own id (``mask_ids``)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.ops import array_ops, math_ops, reduction_ops, string_hash_ops, string_ops
from tfcompat._src.ops.array_more_ops import searchsorted

__all__ = ["DECIMAL", "FLOORMOD", "hash_buckets", "with_oov_ids", "mask_ids", "vocabulary_positions"]

DECIMAL = "decimal"     # integer keys hashed as their decimal text (tf.lookup, feature columns)
FLOORMOD = "floormod"   # integer keys modulo the bucket count (tf-keras IntegerLookup)


def hash_buckets(keys, num_buckets: int, integer_keys: str = DECIMAL, string_hash=None):
    """TF's out-of-vocabulary bucket of each of ``keys``: ``string_hash(text, num_buckets)`` (default
    ``Fingerprint64(text) % num_buckets``, int64) of string keys and, by ``integer_keys``, of integer keys'
    decimal text (``DECIMAL``) or the integer keys ``mod num_buckets`` in their own dtype (``FLOORMOD``)."""
    if keys.dtype.is_integer and integer_keys == FLOORMOD:
        return math_ops.floormod(keys, num_buckets)
    text = keys if keys.dtype is dtypes.string else string_ops.as_string(keys)
    return (string_hash or string_hash_ops.to_hash_bucket_fast)(text, num_buckets)


def with_oov_ids(keys, ids, known, num_oov_buckets: int, first_oov_id, default_value=None,
                 integer_keys: str = DECIMAL, string_hash=None):
    """``ids`` where ``known``; elsewhere ``first_oov_id + hash_buckets(keys)`` when ``num_oov_buckets`` > 0,
    else ``default_value``. The bucket ids take ``ids``' dtype; ``first_oov_id`` may be a tensor (a table's
    size)."""
    if num_oov_buckets > 0:
        buckets = hash_buckets(keys, num_oov_buckets, integer_keys, string_hash)
        if buckets.dtype is not ids.dtype:
            buckets = math_ops.cast(buckets, ids.dtype)
        missing = math_ops.add(buckets, convert_to_tensor(first_oov_id, dtype=ids.dtype))
    else:
        missing = array_ops.fill(array_ops.shape(ids), convert_to_tensor(default_value, dtype=ids.dtype))
    return array_ops.where(known, ids, missing)


def mask_ids(keys, ids, mask_key, mask_id):
    """``ids`` with ``mask_id`` wherever the key is ``mask_key`` (Keras's mask token)."""
    return array_ops.where(math_ops.equal(keys, mask_key), array_ops.fill(array_ops.shape(ids), mask_id), ids)


_KEY_SPACE = (1 << 63) - 1   # string keys: Fingerprint64 % int64 max, as sortable int64 values


def _vocab_keys(vocabulary, dtype) -> list:
    if dtype is dtypes.string:
        return [string_hash_ops.fingerprint64(v if isinstance(v, bytes) else str(v).encode("utf-8")) % _KEY_SPACE
                for v in vocabulary]
    return [int(v) for v in vocabulary]


def vocabulary_positions(values, vocabulary: list, dtype):
    """(found, index) of each of ``values`` (1-D, ``dtype``) in ``vocabulary`` (a python list) without a table:
    whether it is there and its position (int64). A binary search over the sorted int64 keys of the vocabulary
    (strings keyed by their fingerprint, then compared as strings, so the result is exact); vocabularies whose
    string keys collide use an equality against every entry instead."""
    keys = _vocab_keys(vocabulary, dtype)
    if len(set(keys)) != len(keys):
        vocab = convert_to_tensor(list(vocabulary), dtype=dtype)
        matches = math_ops.equal(array_ops.reshape(values, [-1, 1]), vocab)
        index = reduction_ops.argmax(math_ops.cast(matches, dtypes.int32), axis=1, output_type=dtypes.int64)
        return reduction_ops.reduce_any(matches, axis=1), index
    order = sorted(range(len(keys)), key=keys.__getitem__)
    sorted_keys = convert_to_tensor([[keys[i] for i in order]], dtype=dtypes.int64)
    if dtype is dtypes.string:
        value_keys = string_hash_ops.to_hash_bucket_fast(values, _KEY_SPACE)
    else:
        value_keys = math_ops.cast(values, dtypes.int64)
    slot = array_ops.reshape(searchsorted(sorted_keys, array_ops.reshape(value_keys, [1, -1]),
                                          out_type=dtypes.int64), [-1])
    slot = math_ops.minimum(slot, convert_to_tensor(len(keys) - 1, dtype=dtypes.int64))
    if dtype is dtypes.string:
        sorted_vocab = convert_to_tensor([vocabulary[i] for i in order], dtype=dtypes.string)
        found = math_ops.equal(array_ops.gather(sorted_vocab, slot), values)
    else:
        found = math_ops.equal(array_ops.gather(array_ops.reshape(sorted_keys, [-1]), slot), value_keys)
    index = array_ops.gather(convert_to_tensor(order, dtype=dtypes.int64), slot)
    return found, index
