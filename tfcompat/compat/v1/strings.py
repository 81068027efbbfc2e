"""``tf.compat.v1.strings``: re-exports only (TF1 argument orders of ``length``, ``to_number``, ``substr``,
``reduce_join``, ``split`` and ``to_hash_bucket``)."""
from __future__ import annotations

from tfcompat._src.ops.string_hash_ops import to_hash_bucket_fast, to_hash_bucket_strong
from tfcompat._src.ops.string_hash_ops import to_hash_bucket_v1 as to_hash_bucket
from tfcompat._src.ops.string_ops import (  # noqa: A004
    as_string, format, join, length_v1 as length, to_number_v1 as to_number,
)
from tfcompat._src.ops.string_split_ops import (
    bytes_split, ngrams, split_v1 as split, unicode_decode, unicode_decode_with_offsets, unicode_encode,
    unicode_split, unicode_split_with_offsets, unicode_transcode,
)
from tfcompat._src.ops.string_transform_ops import (
    lower, reduce_join_v1 as reduce_join, regex_full_match, regex_replace, strip, substr_v1 as substr,
    unsorted_segment_join, upper,
)
from tfcompat._src.tools.unsupported import module_getattr as _module_getattr

__all__ = ["as_string", "bytes_split", "format", "join", "length", "lower", "ngrams", "reduce_join",
           "regex_full_match", "regex_replace", "split", "strip", "substr", "to_hash_bucket", "to_hash_bucket_fast",
           "to_hash_bucket_strong", "to_number", "unicode_decode", "unicode_decode_with_offsets", "unicode_encode",
           "unicode_split", "unicode_split_with_offsets", "unicode_transcode", "unsorted_segment_join", "upper"]

__getattr__ = _module_getattr("tf.compat.v1.strings")
