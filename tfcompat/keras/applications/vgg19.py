"""``tf.keras.applications.vgg19`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.vgg import VGG19, decode_predictions, preprocess_input

__all__ = ["VGG19", "decode_predictions", "preprocess_input"]
