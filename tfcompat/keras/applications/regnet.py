"""``tf.keras.applications.regnet`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.applications.regnet import (
    RegNetX002, RegNetX004, RegNetX006, RegNetX008, RegNetX016, RegNetX032, RegNetX040, RegNetX064, RegNetX080,
    RegNetX120, RegNetX160, RegNetX320, RegNetY002, RegNetY004, RegNetY006, RegNetY008, RegNetY016, RegNetY032,
    RegNetY040, RegNetY064, RegNetY080, RegNetY120, RegNetY160, RegNetY320, decode_predictions, preprocess_input,
)

__all__ = ["RegNetX002", "RegNetX004", "RegNetX006", "RegNetX008", "RegNetX016", "RegNetX032", "RegNetX040",
           "RegNetX064", "RegNetX080", "RegNetX120", "RegNetX160", "RegNetX320", "RegNetY002", "RegNetY004",
           "RegNetY006", "RegNetY008", "RegNetY016", "RegNetY032", "RegNetY040", "RegNetY064", "RegNetY080",
           "RegNetY120", "RegNetY160", "RegNetY320", "decode_predictions", "preprocess_input"]
