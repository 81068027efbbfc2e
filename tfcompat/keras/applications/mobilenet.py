"""``tf.keras.applications.mobilenet`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.mobilenet import MobileNet, decode_predictions, preprocess_input

__all__ = ["MobileNet", "decode_predictions", "preprocess_input"]
