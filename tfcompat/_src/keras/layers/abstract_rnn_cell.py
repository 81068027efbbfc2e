"""AbstractRNNCell (tf-keras 2.21 ``tf.keras.layers.AbstractRNNCell``): the base of user-written RNN cells."""
from __future__ import annotations

from tfcompat._src.framework.tensor_shape import dimension_value
from tfcompat._src.ops import array_ops
from tfcompat._src.keras import backend
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.layers.recurrent import _zeros_state

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
        if inputs is not None:
            batch_size = array_ops.shape(inputs)[0] if dimension_value(inputs.shape[0]) is None else inputs.shape[0]
            dtype = inputs.dtype
        sizes = self.state_size if isinstance(self.state_size, (list, tuple)) else [self.state_size]
        states = [_zeros_state(batch_size, size, dtype or backend.floatx()) for size in sizes]
        return states if isinstance(self.state_size, (list, tuple)) else states[0]
