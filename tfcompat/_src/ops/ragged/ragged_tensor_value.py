"""``tf.compat.v1.ragged.RaggedTensorValue``: how ``Session.run`` fetches a RaggedTensor (numpy ``values`` and
``row_splits``, nested for ragged rank > 1)."""
from __future__ import annotations

import numpy as np

__all__ = ["RaggedTensorValue"]


class RaggedTensorValue:
    """Mirrors ``tf.compat.v1.ragged.RaggedTensorValue``: a fetched ragged tensor (numpy ``values`` and
    ``row_splits``)."""

    def __init__(self, values, row_splits):
        self._values = values
        self._row_splits = row_splits

    values = property(lambda self: self._values)
    row_splits = property(lambda self: self._row_splits)
    dtype = property(lambda self: self._row_splits.dtype)

    @property
    def flat_values(self):
        v = self._values
        while isinstance(v, RaggedTensorValue):
            v = v.values
        return v

    @property
    def nested_row_splits(self) -> tuple:
        v, out = self, []
        while isinstance(v, RaggedTensorValue):
            out.append(v.row_splits)
            v = v.values
        return tuple(out)

    @property
    def ragged_rank(self) -> int:
        return len(self.nested_row_splits)

    @property
    def shape(self) -> tuple:
        return (len(self._row_splits) - 1,) + (None,) + tuple(np.shape(self.flat_values)[1:])

    def to_list(self) -> list:
        values = self._values.to_list() if isinstance(self._values, RaggedTensorValue) else self._values.tolist()
        s = self._row_splits.tolist()
        return [values[s[i]:s[i + 1]] for i in range(len(s) - 1)]

    def __repr__(self):
        return f"tf.RaggedTensorValue(values={self._values!r}, row_splits={self._row_splits!r})"

    def __str__(self):
        return f"<tf.RaggedTensorValue {self.to_list()}>"


def _build_value(flat, *splits):
    value = flat
    for s in reversed(splits):
        value = RaggedTensorValue(value, s)
    return value
