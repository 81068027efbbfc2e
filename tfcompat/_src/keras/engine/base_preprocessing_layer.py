"""PreprocessingLayer (tf-keras 2.21 ``tf.keras.layers.experimental.preprocessing.PreprocessingLayer``): layers
with state computed by ``adapt(data)`` from numpy arrays, tensors, lists or a tf.data Dataset."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import nest
from tfcompat._src.keras.engine.base_layer import Layer

__all__ = ["PreprocessingLayer", "adapt_batches"]


def adapt_batches(data, batch_size=None, steps=None):
    """The batches ``adapt`` feeds to ``update_state``, as tf-keras's DataHandler yields them for one epoch: a
    Dataset's elements as they are; arrays/tensors/lists split into batches of ``batch_size`` (default 32)
    along the first axis; at most ``steps`` batches."""
    if hasattr(data, "element_spec") and hasattr(data, "__iter__"):
        if batch_size is not None:
            raise ValueError("`batch_size` is not supported for dataset inputs, which are already batched.")
        batches = iter(data)
    else:
        if hasattr(data, "numpy"):
            data = data.numpy()
        array = np.asarray(data)
        size = batch_size or 32
        batches = (array[i:i + size] for i in range(0, len(array), size))
    for count, batch in enumerate(batches):
        if steps is not None and count >= steps:
            break
        yield batch


class PreprocessingLayer(Layer):
    """Mirrors tf-keras's ``PreprocessingLayer``: ``adapt`` resets the state, builds the layer from the first
    batch, calls ``update_state`` on every batch, then ``finalize_state``."""

    _must_restore_from_config = True

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self._is_compiled = False
        self._is_adapted = False

    @property
    def is_adapted(self) -> bool:
        """Whether ``adapt`` ran since the state was last reset."""
        return self._is_adapted

    def update_state(self, data):
        """Accumulates statistics for one batch (subclasses)."""
        raise NotImplementedError

    def reset_state(self):
        """Clears the adapted statistics (subclasses)."""
        raise NotImplementedError

    def finalize_state(self):
        """Turns accumulated statistics into the layer's state (subclasses)."""

    def compile(self, run_eagerly=None, steps_per_execution=None):
        """Accepted for tf-keras compatibility; adapt always runs eagerly here."""
        self._is_compiled = True

    def adapt(self, data, batch_size=None, steps=None):
        """Mirrors ``PreprocessingLayer.adapt``: computes the layer's state from ``data``.

        Raises:
          RuntimeError: called inside a tf.function."""
        if not ctx_lib.executing_eagerly():
            raise RuntimeError("Detected a call to `PreprocessingLayer.adapt` inside a `tf.function`. "
                               "`PreprocessingLayer.adapt is a high-level endpoint that manages its own "
                               "`tf.function`. Please move the call to `PreprocessingLayer.adapt` outside of all "
                               "enclosing `tf.function`s.")
        if not self._is_compiled:
            self.compile()
        if self.built:
            self.reset_state()
            self._is_adapted = False
        for batch in adapt_batches(data, batch_size, steps):
            self._adapt_maybe_build(batch)
            self.update_state(batch)
        self.finalize_state()
        self._is_adapted = True

    def _adapt_maybe_build(self, data):
        if self.built:
            return
        first = nest.flatten(data)[0] if not isinstance(data, np.ndarray) else data
        shape = getattr(first, "shape", None)
        if shape is not None and getattr(self, "_batch_input_shape", None) is None:
            self._batch_input_shape = tuple([None] * len(shape))
        self.build(shape)
        self.built = True
