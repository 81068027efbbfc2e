"""``tf.data.experimental``: re-exports only."""
from __future__ import annotations

from tfcompat._src.data.dataset_ops import AUTOTUNE, INFINITE_CARDINALITY, UNKNOWN_CARDINALITY
from tfcompat._src.data.dataset_readers import CsvDatasetV2 as CsvDataset
from tfcompat._src.data.experimental_ops import (
    Counter, RandomDataset, TFRecordWriter, assert_cardinality, bucket_by_sequence_length, cardinality,
    choose_from_datasets, copy_to_device,
    dense_to_ragged_batch, enumerate_dataset, get_single_element, get_structure, group_by_window, load,
    make_csv_dataset, map_and_batch, parallel_interleave, prefetch_to_device, sample_from_datasets, save, scan,
    shuffle_and_repeat, take_while, unbatch, unique,
)
from tfcompat._src.data.options import (
    AutoShardPolicy, AutotuneOptions, DistributeOptions, ExternalStatePolicy, OptimizationOptions,
    ThreadingOptions,
)

INFINITE = INFINITE_CARDINALITY
UNKNOWN = UNKNOWN_CARDINALITY

__all__ = ["AUTOTUNE", "AutoShardPolicy", "AutotuneOptions", "Counter", "CsvDataset", "DistributeOptions",
           "ExternalStatePolicy", "INFINITE_CARDINALITY", "OptimizationOptions", "RandomDataset", "TFRecordWriter",
           "ThreadingOptions", "UNKNOWN_CARDINALITY", "INFINITE", "UNKNOWN", "assert_cardinality",
           "bucket_by_sequence_length", "cardinality",
           "choose_from_datasets", "copy_to_device", "dense_to_ragged_batch", "enumerate_dataset",
           "get_single_element", "get_structure", "group_by_window", "load", "make_csv_dataset", "map_and_batch",
           "parallel_interleave", "prefetch_to_device", "sample_from_datasets", "save", "scan", "shuffle_and_repeat",
           "take_while", "unbatch", "unique"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.data.experimental", __name__)
