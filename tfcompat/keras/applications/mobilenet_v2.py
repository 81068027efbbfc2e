"""``tf.keras.applications.mobilenet_v2`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.mobilenet_v2 import MobileNetV2, decode_predictions, preprocess_input

__all__ = ["MobileNetV2", "decode_predictions", "preprocess_input"]
