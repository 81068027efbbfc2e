"""``tf.keras.applications.inception_resnet_v2`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.inception_resnet_v2 import (
    InceptionResNetV2, decode_predictions, preprocess_input,
)

__all__ = ["InceptionResNetV2", "decode_predictions", "preprocess_input"]
