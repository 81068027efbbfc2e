"""``tf.keras.applications.mobilenet_v3`` (tf-keras 2.21; the models are ``tf.keras.applications.
MobileNetV3Small``/``MobileNetV3Large``): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.mobilenet_v3 import decode_predictions, preprocess_input

__all__ = ["decode_predictions", "preprocess_input"]
