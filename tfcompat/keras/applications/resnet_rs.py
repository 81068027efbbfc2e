"""``tf.keras.applications.resnet_rs`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.resnet_rs import (
    ResNetRS101, ResNetRS152, ResNetRS200, ResNetRS270, ResNetRS350, ResNetRS420, ResNetRS50, decode_predictions,
    preprocess_input,
)

__all__ = ["ResNetRS101", "ResNetRS152", "ResNetRS200", "ResNetRS270", "ResNetRS350", "ResNetRS420", "ResNetRS50",
           "decode_predictions", "preprocess_input"]
