"""``tensorflow.contrib.learn.python.learn.datasets.base`` (TF 1.15): result tuples, CSV loading,
``maybe_download``. Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.learn_datasets_base import (
    Dataset, Datasets, load_csv_with_header, load_csv_without_header, maybe_download, urlretrieve_with_retry,
)

__all__ = ["Dataset", "Datasets", "load_csv_with_header", "load_csv_without_header", "maybe_download",
           "urlretrieve_with_retry"]
