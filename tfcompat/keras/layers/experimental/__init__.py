"""``tf.keras.layers.experimental`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.layers import EinsumDense
from tfcompat.keras.layers.experimental import preprocessing

__all__ = ["EinsumDense", "preprocessing"]
