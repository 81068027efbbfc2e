"""``tf.feature_column`` (TF 2.21): re-exports only. The ``sequence_*`` columns are not provided (see
``tfcompat._src.tools.unsupported``)."""
from __future__ import annotations

from tfcompat._src.feature_column.categorical import (
    categorical_column_with_hash_bucket, categorical_column_with_identity, categorical_column_with_vocabulary_file,
    categorical_column_with_vocabulary_list, crossed_column, weighted_categorical_column,
)
from tfcompat._src.feature_column.consumers import make_parse_example_spec
from tfcompat._src.feature_column.dense import bucketized_column, embedding_column, indicator_column, numeric_column
from tfcompat._src.tools.unsupported import module_getattr as _module_getattr

__all__ = ["bucketized_column", "categorical_column_with_hash_bucket", "categorical_column_with_identity",
           "categorical_column_with_vocabulary_file", "categorical_column_with_vocabulary_list", "crossed_column",
           "embedding_column", "indicator_column", "make_parse_example_spec", "numeric_column",
           "weighted_categorical_column"]

__getattr__ = _module_getattr("tf.feature_column", __name__)
