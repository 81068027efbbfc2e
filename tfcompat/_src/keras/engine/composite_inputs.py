"""Sparse and ragged Keras tensors: ``tf.keras.Input(sparse=True)`` / ``Input(ragged=True)`` as a SparseTensor or
RaggedTensor of graph placeholders (tf-keras: a ``SparseKerasTensor`` / ``RaggedKerasTensor``), and what the Keras
engine does with composite tensors: their component tensors, copies, training data and batches.

A symbolic composite tensor is a SparseTensor or RaggedTensor whose component tensors (``indices, values,
dense_shape``; ``flat_values`` then the row splits) are graph tensors of the Keras graph. Layers called on it run
their sparse or ragged code paths on those graph tensors; the Node records the composite tensor itself, and a model
called on an eager one replays the layers on it. Training data that is a SparseTensor or RaggedTensor is sliced by
rows (``take_rows``), as tf-keras's composite-tensor data adapter batches it."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor
from tfcompat._src.ops import array_ops, sparse_ops_api
from tfcompat._src.ops import extension_values as ext
from tfcompat._src.ops.ragged import ragged_components
from tfcompat._src.ops.ragged.ragged_components import from_components, uniform_row_lengths
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["RaggedTensor", "SparseTensor", "SPARSE_COMPONENTS", "placeholder", "placeholder_of_spec",
           "ragged_rank_of_shape", "is_symbolic_composite", "components_of", "from_components",
           "uniform_row_lengths", "graph_tensor", "copy_symbolic", "is_composite_value", "check_training_data",
           "take_rows"]

SPARSE_COMPONENTS = ("indices", "values", "dense_shape")


def ragged_rank_of_shape(batch_shape) -> int:
    """tf-keras's ragged rank of ``Input(ragged=True)``: the index of the last unknown dimension after the batch
    dimension (0 when every inner dimension is known)."""
    rank = 0
    for i, dim in enumerate(batch_shape[1:], start=1):
        if dim is None:
            rank = i
    return rank


def placeholder(dtype, batch_shape, name, sparse: bool = False, ragged: bool = False):
    """The placeholder of a Keras input (made in the current default graph): dense, a SparseTensor of
    placeholders of dense shape ``batch_shape``, or a RaggedTensor of placeholders of static shape ``batch_shape``
    (int64 row splits per ragged dimension; dense when no inner dimension is unknown: ragged rank 0, as a
    ``RaggedTensorSpec`` of ragged rank 0 describes dense tensors in TF).

    Raises:
      ValueError: ``ragged`` with an unknown rank."""
    if sparse:
        return sparse_ops_api.sparse_placeholder(dtype, shape=batch_shape, name=name)
    if ragged:
        if batch_shape is None:
            raise ValueError("A ragged Keras input needs a known rank: pass `shape`.")
        ragged_rank = ragged_rank_of_shape(batch_shape)
        if ragged_rank:
            return ragged_components.ragged_placeholder(dtype, batch_shape, ragged_rank, name)
    return array_ops.placeholder(dtype, shape=batch_shape, name=name)


def placeholder_of_spec(spec, name):
    """The placeholder of ``Input(type_spec=spec)`` (tf-keras: ``keras_tensor_from_type_spec``): a placeholder
    for a TensorSpec, a SparseTensor / RaggedTensor of placeholders for their specs, an ExtensionType of
    placeholders (one per component TensorSpec) for an ExtensionTypeSpec.

    Raises:
      TypeError: another kind of spec."""
    kind = type(spec).__name__
    if ext.is_extension_spec(spec):
        return spec._from_components([array_ops.placeholder(c.dtype, shape=c.shape, name=name)
                                      for c in spec._component_specs])
    if kind == "SparseTensorSpec":
        return sparse_ops_api.sparse_placeholder(spec.dtype, shape=spec.shape, name=name)
    if kind == "RaggedTensorSpec" and spec.ragged_rank:
        return ragged_components.ragged_placeholder(spec.dtype, spec.shape, spec.ragged_rank, name)
    if kind in ("TensorSpec", "RaggedTensorSpec"):
        return array_ops.placeholder(spec.dtype, shape=spec.shape, name=name)
    raise TypeError(f"Keras inputs cannot be made from a {kind}: {spec}")


def is_symbolic_composite(x) -> bool:
    """A SparseTensor, RaggedTensor or ExtensionType of graph tensors (tf-keras: a SparseKerasTensor /
    RaggedKerasTensor / KerasTensor of the value's spec)."""
    if isinstance(x, SparseTensor):
        return isinstance(x.values, SymbolicTensor)
    if ext.is_extension_value(x):
        return any(isinstance(c, SymbolicTensor) for c in x._type_spec._to_components(x))
    return isinstance(x, RaggedTensor) and isinstance(x.flat_values, SymbolicTensor)


def components_of(t) -> list:
    """The component tensors of a SparseTensor (indices, values, dense_shape), a RaggedTensor (flat values,
    then row splits from the outermost dimension in) or an ExtensionType (its spec's ``_to_components``)."""
    if isinstance(t, SparseTensor):
        return [getattr(t, name) for name in SPARSE_COMPONENTS]
    if ext.is_extension_value(t):
        return list(t._type_spec._to_components(t))
    return ragged_components.components(t)


def graph_tensor(x):
    """A tensor of the graph ``x`` is in: its values for a SparseTensor or RaggedTensor, its first graph
    component for an ExtensionType, else ``x``."""
    if isinstance(x, SparseTensor):
        return x.values
    if ext.is_extension_value(x):
        return next((c for c in components_of(x) if isinstance(c, SymbolicTensor)), x)
    return x.flat_values if isinstance(x, RaggedTensor) else x


def copy_symbolic(t):
    """A symbolic SparseTensor, RaggedTensor or ExtensionType ``t`` with new (Identity) component tensors, for a
    layer that returns its input unchanged; ``t`` itself when it is not one."""
    if not is_symbolic_composite(t):
        return t
    if ext.is_extension_value(t):
        return t._type_spec._from_components([array_ops.identity(c) for c in components_of(t)])
    if isinstance(t, SparseTensor):
        copy = SparseTensor(*[array_ops.identity(c) for c in components_of(t)])
        copy.set_shape(t.shape)
        return copy
    return t.with_flat_values(array_ops.identity(t.flat_values))


def is_composite_value(x) -> bool:
    """A SparseTensor, RaggedTensor or ExtensionType (training data that is sliced by rows, not converted)."""
    return isinstance(x, (SparseTensor, RaggedTensor)) or ext.is_extension_value(x)


def check_training_data(x):
    """``x``, a SparseTensor or RaggedTensor given as training data (tf-keras: CompositeTensorDataAdapter).

    Raises:
      TypeError: a symbolic one (as for symbolic tensors given as training data)."""
    if is_symbolic_composite(x):
        raise TypeError(f"Symbolic tensors cannot be used as training data; pass numpy arrays. Received: {x}")
    return x


def take_rows(t, rows):
    """Rows ``rows`` (a slice or an int64 index tensor) of an eager SparseTensor, RaggedTensor or ExtensionType, in
    that order:
    what tf-keras's CompositeTensorDataAdapter gives a batch (``Dataset.from_tensor_slices`` + ``batch``)."""
    if isinstance(rows, slice):
        rows = torch.arange(rows.start, rows.stop, dtype=torch.int64)
    if ext.is_extension_value(t):   # a batchable ExtensionType: each component's rows
        return t._type_spec._from_components([take_rows(c, rows) if is_composite_value(c) else
                                              EagerTensor(c._t[rows], c.dtype) for c in components_of(t)])
    if isinstance(t, SparseTensor):
        return _take_sparse_rows(t, rows)
    return _take_ragged_rows(t, rows)


def _take_sparse_rows(sparse, rows) -> SparseTensor:
    # Rows `rows` (distinct), with indices in row-major order.
    indices = sparse.indices._t
    dense_shape = sparse.dense_shape._t
    position = torch.full((int(dense_shape[0]),), -1, dtype=torch.int64)
    position[rows] = torch.arange(rows.numel(), dtype=torch.int64)
    new_rows = position[indices[:, 0]]
    keep = (new_rows >= 0).nonzero().reshape(-1)
    keep = keep[torch.sort(new_rows[keep], stable=True).indices]
    new_indices = torch.cat([new_rows[keep].unsqueeze(1), indices[keep, 1:]], dim=1)
    new_shape = torch.cat([torch.tensor([rows.numel()], dtype=torch.int64), dense_shape[1:]])
    values = sparse.values
    return SparseTensor(EagerTensor(new_indices, dtypes.int64), EagerTensor(values._t[keep], values.dtype),
                        EagerTensor(new_shape, dtypes.int64))


def _take_ragged_rows(rt: RaggedTensor, rows) -> RaggedTensor:
    splits = rt.row_splits._t
    starts, limits = splits[rows], splits[rows + 1]
    lengths = limits - starts
    new_splits = torch.cat([torch.zeros(1, dtype=torch.int64), torch.cumsum(lengths, 0)])
    # The positions in `values` of the taken rows' values, row after row.
    positions = torch.arange(int(new_splits[-1]), dtype=torch.int64) + \
        torch.repeat_interleave(starts - new_splits[:-1], lengths)
    values = rt.values
    if isinstance(values, RaggedTensor):
        inner = _take_ragged_rows(values, positions)
    else:
        inner = EagerTensor(values._t[positions], values.dtype)
    out = RaggedTensor._from_splits(inner, EagerTensor(new_splits, dtypes.int64))
    out._uniform_row_length = rt._uniform_row_length
    return out
