"""``tf.keras.applications.xception`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.xception import Xception, decode_predictions, preprocess_input

__all__ = ["Xception", "decode_predictions", "preprocess_input"]
