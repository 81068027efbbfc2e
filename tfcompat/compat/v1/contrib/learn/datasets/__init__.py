"""``tf.contrib.learn.datasets`` (TF 1.15): ``load_dataset('mnist')``, ``mnist`` and ``base``. Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.learn_datasets import DATASETS, load_dataset
from tfcompat.compat.v1.contrib.learn.datasets import base, mnist

__all__ = ["DATASETS", "base", "load_dataset", "mnist"]
