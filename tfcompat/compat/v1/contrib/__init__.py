"""``tf.contrib`` (TF 1.15) for TF1 scripts: ``tf.contrib.layers``, ``rnn``, ``framework``, ``slim``, ``losses``,
``seq2seq`` (helpers, BasicDecoder, dynamic_decode, attention, beam search, sequence_loss), ``eager``,
``distributions`` (Normal, Bernoulli, OneHotCategorical, relaxed one-hot), ``learn`` (preprocessing, datasets,
ModeKeys), ``legacy_seq2seq`` (the embedding/attention models, model_with_buckets, sequence losses), ``metrics``
(accuracy), ``staging`` (StagingArea), ``tensorboard.plugins.projector``. Re-exports only.

TF 2.x removed contrib; what is not listed here is not provided (``python -m tfcompat check`` names it)."""
from __future__ import annotations

from tfcompat.compat.v1.contrib import (
    distributions, eager, framework, layers, learn, legacy_seq2seq, losses, rnn, seq2seq, slim,
)
from tfcompat.compat.v1.contrib import lookup  # SETSLOOKUP: tf.contrib.lookup
from tfcompat.compat.v1.contrib import metrics, staging, tensorboard

__all__ = ["distributions", "eager", "framework", "layers", "learn", "legacy_seq2seq", "losses", "rnn", "seq2seq",
           "slim"]
__all__ += ["lookup"]
__all__ += ["metrics", "staging", "tensorboard"]
