"""AbstractRNNCell (tf-keras 2.21 ``tf.keras.layers.AbstractRNNCell``): the base of user-written RNN cells."""
from __future__ import annotations

from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.layers.recurrent_cells import zero_initial_state

__all__ = ["AbstractRNNCell"]


class AbstractRNNCell(Layer):
    """Mirrors ``tf.keras.layers.AbstractRNNCell``: subclasses define ``call(inputs, states)``, ``state_size`` and
    ``output_size``; ``get_initial_state`` gives zero states of ``state_size`` (flat sizes only)."""

    def call(self, inputs, states):
        raise NotImplementedError("Abstract method")

    @property
    def state_size(self):
        raise NotImplementedError("Abstract method")

    @property
    def output_size(self):
        raise NotImplementedError("Abstract method")

    def get_initial_state(self, inputs=None, batch_size=None, dtype=None):
        """Zero-filled states of ``state_size`` for ``batch_size`` (taken from ``inputs`` when given)."""
        return zero_initial_state(self.state_size, inputs, batch_size, dtype)
