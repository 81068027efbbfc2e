"""``tensorflow.contrib.learn.python.learn.datasets`` (TF 1.15): the same names as ``tf.contrib.learn.datasets``.
Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.learn_datasets import DATASETS, load_dataset
from tfcompat.compat.v1.contrib.learn.python.learn.datasets import base, mnist

__all__ = ["DATASETS", "base", "load_dataset", "mnist"]
