"""``tf.keras.applications.resnet_v2`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.resnet_v2 import (
    ResNet101V2, ResNet152V2, ResNet50V2, decode_predictions, preprocess_input,
)

__all__ = ["ResNet101V2", "ResNet152V2", "ResNet50V2", "decode_predictions", "preprocess_input"]
