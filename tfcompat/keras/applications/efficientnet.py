"""``tf.keras.applications.efficientnet`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.efficientnet import (
    EfficientNetB0, EfficientNetB1, EfficientNetB2, EfficientNetB3, EfficientNetB4, EfficientNetB5, EfficientNetB6,
    EfficientNetB7, decode_predictions, preprocess_input,
)

__all__ = ["EfficientNetB0", "EfficientNetB1", "EfficientNetB2", "EfficientNetB3", "EfficientNetB4",
           "EfficientNetB5", "EfficientNetB6", "EfficientNetB7", "decode_predictions", "preprocess_input"]
