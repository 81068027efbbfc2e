"""``tf.data``: re-exports only."""
from __future__ import annotations

from tfcompat._src.data.dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from tfcompat._src.data.dataset_ops import DatasetV2 as Dataset
from tfcompat._src.data.dataset_readers import FixedLengthRecordDatasetV2 as FixedLengthRecordDataset
from tfcompat._src.data.dataset_readers import TextLineDatasetV2 as TextLineDataset
from tfcompat._src.data.dataset_readers import TFRecordDatasetV2 as TFRecordDataset
from tfcompat._src.data.iterator_ops import OwnedIterator as Iterator
from tfcompat._src.data.options import Options, ThreadingOptions
from tfcompat._src.data.structure import DatasetSpec
from tfcompat.data import experimental

__all__ = ["AUTOTUNE", "Dataset", "DatasetSpec", "FixedLengthRecordDataset", "INFINITE_CARDINALITY", "Iterator",
           "Options", "TFRecordDataset", "TextLineDataset", "ThreadingOptions", "UNKNOWN_CARDINALITY",
           "experimental"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.data", __name__)
