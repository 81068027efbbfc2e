"""``tf.keras.applications.convnext`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.convnext import (
    ConvNeXtBase, ConvNeXtLarge, ConvNeXtSmall, ConvNeXtTiny, ConvNeXtXLarge, decode_predictions, preprocess_input,
)

__all__ = ["ConvNeXtBase", "ConvNeXtLarge", "ConvNeXtSmall", "ConvNeXtTiny", "ConvNeXtXLarge", "decode_predictions",
           "preprocess_input"]
