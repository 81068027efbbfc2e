"""``tf.SparseTensor``: a composite of three tensors (int64 ``indices`` [N, rank], ``values`` [N], int64
``dense_shape`` [rank]), eager or symbolic, and ``tf.compat.v1.SparseTensorValue`` (what ``Session.run`` gives for
a fetched SparseTensor, and what a ``sparse_placeholder`` is fed).

The sparse ops themselves live in ``ops/sparse_ops*.py``; this module only holds the value type, as TF's
``framework/sparse_tensor.py`` does."""
from __future__ import annotations

import collections

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor_shape import TensorShape, dimension_value

__all__ = ["SparseTensor", "SparseTensorValue", "is_sparse", "convert_to_tensor_or_sparse_tensor"]


class SparseTensorValue(collections.namedtuple("SparseTensorValue", ["indices", "values", "dense_shape"])):
    """Mirrors ``tf.compat.v1.SparseTensorValue``: a fetched sparse tensor (numpy arrays)."""

    __slots__ = ()


def _convert(value, dtype=None, name=None):
    from tfcompat._src.framework.dispatch import convert_to_tensor
    return convert_to_tensor(value, dtype=dtype, name=name)


class SparseTensor:
    """Mirrors ``tf.sparse.SparseTensor``: ``indices`` (int64 [N, rank]), ``values`` ([N]) and ``dense_shape``
    (int64 [rank]); element ``indices[i]`` of the dense tensor holds ``values[i]``, every other element is zero.

    Works eagerly and in graphs (its components are then symbolic tensors). Construction checks the component
    ranks as TF does (ValueError). Fetching one in a Session gives a ``SparseTensorValue``. Differences: no
    ``.op`` (TF's is the values' op)."""

    def __init__(self, indices, values, dense_shape):
        from tfcompat._src.framework.tensor import Tensor
        self._indices = _convert(indices, dtypes.int64, name="indices")
        values = values if isinstance(values, Tensor) else _convert(values, name="values")
        self._values = values
        if isinstance(dense_shape, TensorShape):
            dense_shape = dense_shape.as_list()
        self._dense_shape = _convert(dense_shape, dtypes.int64, name="dense_shape")
        # TF's static checks (ranks of the three components, and that they agree).
        self._indices.shape.with_rank(2)
        self._values.shape.with_rank(1)
        self._dense_shape.shape.with_rank(1)
        for a, b in ((self._indices.shape[1], self._dense_shape.shape[0]),
                     (self._indices.shape[0], self._values.shape[0])):
            a, b = dimension_value(a), dimension_value(b)
            if a is not None and b is not None and a != b:
                raise ValueError(f"Dimensions {a} and {b} are not compatible")

    @classmethod
    def from_value(cls, sparse_tensor_value) -> SparseTensor:
        """Mirrors ``SparseTensor.from_value``: a SparseTensor from a ``SparseTensorValue`` (or a SparseTensor)."""
        if isinstance(sparse_tensor_value, SparseTensor):
            return sparse_tensor_value
        if not is_sparse(sparse_tensor_value):
            raise TypeError(f"Neither a SparseTensor nor SparseTensorValue: {sparse_tensor_value}.")
        return cls(sparse_tensor_value.indices, sparse_tensor_value.values, sparse_tensor_value.dense_shape)

    @property
    def indices(self):
        return self._indices

    @property
    def values(self):
        return self._values

    @property
    def dense_shape(self):
        return self._dense_shape

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def graph(self):
        return self._values.graph

    @property
    def shape(self) -> TensorShape:
        """The static dense shape, as TF's ``constant_value_as_shape(dense_shape)`` (dims known before running,
        e.g. the constant 5 of ``tf.stack([n, 5])``) merged with what ``set_shape`` added."""
        from tfcompat._src.framework.dispatch import constant_value
        from tfcompat._src.framework.shape_values import constant_value_as_shape
        value = constant_value(self._dense_shape)
        if value is not None:
            shape = TensorShape([int(d) for d in value.reshape(-1).tolist()])
        else:
            shape = constant_value_as_shape(self._dense_shape)
            if shape.rank is None and dimension_value(self._indices.shape[1]) is not None:
                shape = TensorShape([None] * dimension_value(self._indices.shape[1]))
        static = getattr(self, "_static_shape", None)
        return shape if static is None else shape.merge_with(static)

    def get_shape(self) -> TensorShape:
        return self.shape

    def set_shape(self, shape) -> None:
        """Mirrors ``SparseTensor.set_shape`` (static shape only; ValueError when incompatible)."""
        self._static_shape = self.shape.merge_with(TensorShape(shape))

    def with_values(self, new_values) -> SparseTensor:
        """Mirrors ``SparseTensor.with_values``: same indices and dense shape, new values."""
        return SparseTensor(self._indices, new_values, self._dense_shape)

    def consumers(self) -> list:
        ops = []
        for t in (self._indices, self._values, self._dense_shape):
            ops.extend(getattr(t, "consumers", lambda: [])())
        return ops

    def eval(self, feed_dict=None, session=None) -> SparseTensorValue:
        """Mirrors ``SparseTensor.eval`` (graph mode): fetches it in the default (or given) session."""
        from tfcompat._src.framework import context as ctx_lib
        sess = session or (ctx_lib.context().default_session_stack or [None])[-1]
        if sess is None:
            raise ValueError("Cannot evaluate tensor using `eval()`: No default session is registered.")
        return sess.run(self, feed_dict=feed_dict)

    # Session.run: fetched as a SparseTensorValue of its three components (runtime/session.py).
    def _fetch_components(self):
        return SparseTensorValue, (self._indices, self._values, self._dense_shape)

    # Operators (TF overloads * and / with a dense tensor): installed by ops/sparse_ops_api.py.

    def __repr__(self):
        # TF formats the components with str() in both repr and str.
        return (f"SparseTensor(indices={str(self._indices)}, values={str(self._values)}, "
                f"dense_shape={str(self._dense_shape)})")

    __str__ = __repr__


def is_sparse(x) -> bool:
    """True for a SparseTensor or a SparseTensorValue (TF's ``sparse_tensor.is_sparse``)."""
    return isinstance(x, (SparseTensor, SparseTensorValue))


def convert_to_tensor_or_sparse_tensor(value, dtype=None, name=None):
    """Mirrors ``tf.compat.v1.convert_to_tensor_or_sparse_tensor``: SparseTensor(Value)s stay sparse."""
    if isinstance(value, SparseTensorValue):
        value = SparseTensor.from_value(value)
    if isinstance(value, SparseTensor):
        if dtype is not None and dtypes.as_dtype(dtype) is not value.dtype:
            raise ValueError(f"Sparse dtype: requested = {dtypes.as_dtype(dtype)}, actual = {value.dtype}")
        return value
    return _convert(value, dtype, name)
