"""``tf.keras.applications.inception_v3`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.inception_v3 import InceptionV3, decode_predictions, preprocess_input

__all__ = ["InceptionV3", "decode_predictions", "preprocess_input"]
