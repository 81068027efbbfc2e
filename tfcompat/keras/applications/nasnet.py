"""``tf.keras.applications.nasnet`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.nasnet import (
    NASNetLarge, NASNetMobile, decode_predictions, preprocess_input,
)

__all__ = ["NASNetLarge", "NASNetMobile", "decode_predictions", "preprocess_input"]
