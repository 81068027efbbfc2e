"""``tf.keras.applications.efficientnet_v2`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.efficientnet_v2 import (
    EfficientNetV2B0, EfficientNetV2B1, EfficientNetV2B2, EfficientNetV2B3, EfficientNetV2L, EfficientNetV2M,
    EfficientNetV2S, decode_predictions, preprocess_input,
)

__all__ = ["EfficientNetV2B0", "EfficientNetV2B1", "EfficientNetV2B2", "EfficientNetV2B3", "EfficientNetV2L",
           "EfficientNetV2M", "EfficientNetV2S", "decode_predictions", "preprocess_input"]
