"""The attributes Keras sets on ``tf.Tensor`` objects (``_keras_mask``, ``_keras_logits``), kept in side tables.

tfcompat tensors have ``__slots__``, so what Keras stores as a tensor attribute lives here, keyed by the tensor's
identity and dropped when the tensor dies. ``Tensor._keras_mask`` (``framework/tensor.py``) reads and writes
``KERAS_MASK``, so user code reading ``output._keras_mask`` after a masking layer sees what Keras set.

Invariant: an entry is ``(weakref to the tensor, value)``; a tensor without ``__weakref__`` (string tensors) can
only be annotated with None, which reads as absent."""
from __future__ import annotations

import weakref

__all__ = ["Annotation", "KERAS_MASK", "KERAS_LOGITS"]


class Annotation:
    """One attribute's side table: ``set(tensor, value)``, ``get(tensor, default)``."""

    __slots__ = ("_table",)

    def __init__(self):
        self._table: dict = {}

    def set(self, tensor, value) -> None:
        key = id(tensor)
        try:
            ref = weakref.ref(tensor, lambda _ref, k=key, t=self._table: t.pop(k, None))
        except TypeError:
            if value is not None:
                raise
            self._table.pop(key, None)
            return
        self._table[key] = (ref, value)

    def get(self, tensor, default=None):
        entry = self._table.get(id(tensor))
        if entry is not None and entry[0]() is tensor:
            return entry[1]
        return default


KERAS_MASK = Annotation()
KERAS_LOGITS = Annotation()
