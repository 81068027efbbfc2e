"""``tensorflow.contrib.learn.python.learn`` (TF 1.15): only ``datasets``. Re-exports only."""
from __future__ import annotations

from tfcompat.compat.v1.contrib.learn.python.learn import datasets

__all__ = ["datasets"]
