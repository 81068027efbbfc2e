"""``tf.strings``: re-exports only (see ``_src/ops/string_ops.py``, ``string_transform_ops.py``,
``string_split_ops.py``, ``string_hash_ops.py``)."""
from __future__ import annotations

from tfcompat._src.ops.string_hash_ops import to_hash_bucket, to_hash_bucket_fast, to_hash_bucket_strong
from tfcompat._src.ops.string_ops import as_string, format, join, length, to_number  # noqa: A004
from tfcompat._src.ops.string_split_ops import (
    bytes_split, ngrams, split, unicode_decode, unicode_decode_with_offsets, unicode_encode, unicode_split,
    unicode_split_with_offsets, unicode_transcode,
)
from tfcompat._src.ops.string_transform_ops import (
    lower, reduce_join, regex_full_match, regex_replace, strip, substr, unsorted_segment_join, upper,
)
from tfcompat._src.tools.unsupported import module_getattr as _module_getattr

__all__ = ["as_string", "bytes_split", "format", "join", "length", "lower", "ngrams", "reduce_join",
           "regex_full_match", "regex_replace", "split", "strip", "substr", "to_hash_bucket", "to_hash_bucket_fast",
           "to_hash_bucket_strong", "to_number", "unicode_decode", "unicode_decode_with_offsets", "unicode_encode",
           "unicode_split", "unicode_split_with_offsets", "unicode_transcode", "unsorted_segment_join", "upper"]

__getattr__ = _module_getattr("tf.strings")
