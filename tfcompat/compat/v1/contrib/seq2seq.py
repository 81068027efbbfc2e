"""``tf.contrib.seq2seq`` (TF 1.15): ``sequence_loss`` only (the decoders are not provided). Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.seq2seq import sequence_loss

__all__ = ["sequence_loss"]
