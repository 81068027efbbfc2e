"""``tf.keras.preprocessing.sequence``: re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.preprocessing.sequence import (
    TimeseriesGenerator, make_sampling_table, pad_sequences, skipgrams,
)

__all__ = ["TimeseriesGenerator", "make_sampling_table", "pad_sequences", "skipgrams"]
