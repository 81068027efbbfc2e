"""``tensorflow.contrib.learn.python.learn.datasets.mnist`` (TF 1.15): the MNIST loader. Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.learn_datasets_mnist import (
    DEFAULT_SOURCE_URL, DataSet, dense_to_one_hot, extract_images, extract_labels, load_mnist, read_data_sets,
)

__all__ = ["DEFAULT_SOURCE_URL", "DataSet", "dense_to_one_hot", "extract_images", "extract_labels", "load_mnist",
           "read_data_sets"]
