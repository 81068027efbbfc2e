"""``tf.compat.v1.data``: re-exports only."""
from __future__ import annotations

from tfcompat._src.data.dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from tfcompat._src.data.dataset_ops_v1 import DatasetV1 as Dataset
from tfcompat._src.data.dataset_ops_v1 import (
    get_legacy_output_classes as get_output_classes, get_legacy_output_shapes as get_output_shapes,
    get_legacy_output_types as get_output_types, make_initializable_iterator, make_one_shot_iterator,
)
from tfcompat._src.data.dataset_readers import FixedLengthRecordDatasetV1 as FixedLengthRecordDataset
from tfcompat._src.data.dataset_readers import TextLineDatasetV1 as TextLineDataset
from tfcompat._src.data.dataset_readers import TFRecordDatasetV1 as TFRecordDataset
from tfcompat._src.data.iterator_ops import Iterator
from tfcompat._src.data.options import Options, ThreadingOptions
from tfcompat._src.data.structure import DatasetSpec
from tfcompat.compat.v1.data import experimental

__all__ = ["AUTOTUNE", "Dataset", "DatasetSpec", "FixedLengthRecordDataset", "INFINITE_CARDINALITY", "Iterator",
           "Options", "TFRecordDataset", "TextLineDataset", "ThreadingOptions", "UNKNOWN_CARDINALITY",
           "experimental", "get_output_classes", "get_output_shapes", "get_output_types",
           "make_initializable_iterator", "make_one_shot_iterator"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.data", __name__)
