"""``tf.keras.applications.imagenet_utils`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.imagenet_utils import decode_predictions, preprocess_input

__all__ = ["decode_predictions", "preprocess_input"]
