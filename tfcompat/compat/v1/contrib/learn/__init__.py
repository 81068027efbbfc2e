"""``tf.contrib.learn`` (TF 1.15): only ``preprocessing`` (the text vocabulary) is provided. Re-exports only."""
from __future__ import annotations

from tfcompat.compat.v1.contrib.learn import preprocessing

__all__ = ["preprocessing"]
