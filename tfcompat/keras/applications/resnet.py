"""``tf.keras.applications.resnet`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.resnet import ResNet101, ResNet152, ResNet50, decode_predictions, preprocess_input

__all__ = ["ResNet101", "ResNet152", "ResNet50", "decode_predictions", "preprocess_input"]
