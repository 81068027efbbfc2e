"""``tf.IndexedSlices``: a sparse set of rows (``values`` [N, ...] at rows ``indices`` [N] of a tensor shaped
``dense_shape``), the type TF gives as the gradient of ``tf.gather`` / ``tf.nn.embedding_lookup`` with respect to
their params; and ``IndexedSlicesValue`` (what ``Session.run`` gives for one).

Densifying (``tf.convert_to_tensor``) is installed by ``ops/sparse_ops.py`` (``_as_tensor``), which also holds
the aggregation rule of gradient contributions (``add_gradients``). ``GATHER_RECORDERS`` is the one hook through
which the autodiff layer learns of eager gathers (see ``autodiff/sparse_grad.py``)."""
from __future__ import annotations

import collections

from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["IndexedSlices", "IndexedSlicesValue", "GATHER_RECORDERS", "record_gather"]


class IndexedSlicesValue(collections.namedtuple("IndexedSlicesValue", ["values", "indices", "dense_shape"])):
    """Mirrors ``tf.compat.v1.IndexedSlicesValue``: a fetched IndexedSlices (numpy arrays)."""

    __slots__ = ()


class IndexedSlices:
    """Mirrors ``tf.IndexedSlices``: row ``indices[i]`` of the dense tensor gets ``values[i]`` added (duplicate
    indices add up when densified); ``dense_shape`` (optional) is the dense tensor's shape.

    ``tf.convert_to_tensor`` densifies it, warning (UserWarning) as TF does when the dense shape is unknown or
    the dense tensor is large. As in TF, it has no arithmetic operators besides unary minus."""

    def __init__(self, values, indices, dense_shape=None):
        self._values = values
        self._indices = indices
        self._dense_shape = dense_shape

    @property
    def values(self):
        return self._values

    @property
    def indices(self):
        return self._indices

    @property
    def dense_shape(self):
        return self._dense_shape

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def name(self):
        return self._values.name

    @property
    def device(self):
        return self._values.device

    @property
    def op(self):
        return self._values.op

    @property
    def graph(self):
        return self._values.graph

    @property
    def shape(self) -> TensorShape:
        """The dense shape, statically: from a constant ``dense_shape``, else values' shape with the first
        dimension unknown."""
        from tfcompat._src.framework.dispatch import constant_value
        if self._dense_shape is not None:
            value = constant_value(self._dense_shape)
            if value is not None:
                return TensorShape([int(d) for d in value.reshape(-1).tolist()])
        vs = self._values.shape
        if vs.rank is None:
            return TensorShape(None)
        return TensorShape([None] + vs.as_list()[1:])

    def get_shape(self) -> TensorShape:
        return self.shape

    # Session.run: fetched as an IndexedSlicesValue (runtime/session.py).
    def _fetch_components(self):
        if self._dense_shape is None:
            raise TypeError("Fetching an IndexedSlices without dense_shape is not supported by tfcompat.")
        return IndexedSlicesValue, (self._values, self._indices, self._dense_shape)

    def __str__(self):
        return (f"IndexedSlices(indices={str(self._indices)}, values={str(self._values)}"
                + (f", dense_shape={str(self._dense_shape)})" if self._dense_shape is not None else ")"))


# Called as recorder(params_torch, indices_torch, output_eager_tensor) after each eager axis-0 gather whose params
# require grad (ops/array_ops.gather). The autodiff layer appends its recorder; nothing else does.
GATHER_RECORDERS: list = []


def record_gather(params, indices, output) -> None:
    """Tells the installed recorders (the GradientTape) about an eager gather (see ``GATHER_RECORDERS``)."""
    for recorder in GATHER_RECORDERS:
        recorder(params, indices, output)
