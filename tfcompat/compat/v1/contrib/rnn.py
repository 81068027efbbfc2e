"""``tf.contrib.rnn`` (TF 1.15): the core RNN cells (the same classes as ``tf.compat.v1.nn.rnn_cell``, so the
variable names are 'rnn/basic_lstm_cell/kernel' & co.), the static RNNs, the legacy Embedding/InputProjection/
OutputProjection wrappers and ``NASCell``. Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.rnn_cells import EmbeddingWrapper, InputProjectionWrapper, NASCell, OutputProjectionWrapper
from tfcompat._src.ops.rnn import static_bidirectional_rnn, static_rnn
from tfcompat._src.ops.rnn_cells import (
    BasicLSTMCell, BasicRNNCell, DeviceWrapper, DropoutWrapper, GRUCell, LSTMCell, LSTMStateTuple, MultiRNNCell,
    ResidualWrapper, RNNCell,
)

__all__ = [
    "EmbeddingWrapper", "InputProjectionWrapper", "NASCell", "OutputProjectionWrapper",
    "BasicLSTMCell", "BasicRNNCell", "DeviceWrapper", "DropoutWrapper", "GRUCell", "LSTMCell", "LSTMStateTuple",
    "MultiRNNCell", "RNNCell", "ResidualWrapper", "static_bidirectional_rnn", "static_rnn",
]
