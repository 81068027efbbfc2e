"""``tensorflow.contrib.learn.python`` (TF 1.15), the module path scripts import from
(``from tensorflow.contrib.learn.python.learn.datasets.mnist import read_data_sets``): only ``learn.datasets``.
Re-exports only."""
from __future__ import annotations

from tfcompat.compat.v1.contrib.learn.python import learn

__all__ = ["learn"]
