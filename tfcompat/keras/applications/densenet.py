"""``tf.keras.applications.densenet`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.densenet import (
    DenseNet121, DenseNet169, DenseNet201, decode_predictions, preprocess_input,
)

__all__ = ["DenseNet121", "DenseNet169", "DenseNet201", "decode_predictions", "preprocess_input"]
