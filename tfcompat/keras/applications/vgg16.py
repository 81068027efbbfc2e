"""``tf.keras.applications.vgg16`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.vgg import VGG16, decode_predictions, preprocess_input

__all__ = ["VGG16", "decode_predictions", "preprocess_input"]
