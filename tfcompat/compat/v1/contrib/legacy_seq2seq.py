"""``tf.contrib.legacy_seq2seq`` (TF 1.15): ``rnn_decoder`` and the sequence losses (the embedding/attention
seq2seq models are not provided). Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.legacy_seq2seq import rnn_decoder, sequence_loss, sequence_loss_by_example

__all__ = ["rnn_decoder", "sequence_loss", "sequence_loss_by_example"]
