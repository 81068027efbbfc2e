"""``tf.contrib.legacy_seq2seq`` (TF 1.15): the static-unrolled seq2seq models, decoders, ``model_with_buckets``
and the sequence losses (``embedding_tied_rnn_seq2seq`` and ``one2many_rnn_seq2seq`` are not provided).
Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.legacy_seq2seq import (
    attention_decoder, basic_rnn_seq2seq, embedding_attention_decoder, embedding_attention_seq2seq,
    embedding_rnn_decoder, embedding_rnn_seq2seq, model_with_buckets, rnn_decoder, sequence_loss,
    sequence_loss_by_example, tied_rnn_seq2seq,
)

__all__ = ["attention_decoder", "basic_rnn_seq2seq", "embedding_attention_decoder", "embedding_attention_seq2seq",
           "embedding_rnn_decoder", "embedding_rnn_seq2seq", "model_with_buckets", "rnn_decoder", "sequence_loss",
           "sequence_loss_by_example", "tied_rnn_seq2seq"]
