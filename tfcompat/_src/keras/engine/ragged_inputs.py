"""Ragged Keras tensors: ``tf.keras.Input(ragged=True)`` as a RaggedTensor of graph placeholders (tf-keras: a
``RaggedKerasTensor`` of spec ``RaggedTensorSpec``), and the helpers the Keras engine calls on them.

A symbolic ragged tensor is a ``RaggedTensor`` whose ``flat_values`` and row splits are graph tensors of the
Keras graph. Layers called on it run their ragged code paths (``tf.ragged`` dispatch, ``map_flat_values``) on
those graph tensors; the Node records the RaggedTensor itself, and a model called on an eager RaggedTensor
replays the layers on it. Training data that is a RaggedTensor is sliced by rows (``take_ragged_rows``), as
tf-keras's composite-tensor data adapter batches it."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor
from tfcompat._src.ops import array_ops
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["RaggedTensor", "ragged_rank_of_shape", "ragged_placeholder", "is_symbolic_ragged", "symbolic_part",
           "check_eager_ragged", "take_ragged_rows"]


def ragged_rank_of_shape(batch_shape) -> int:
    """tf-keras's ragged rank of ``Input(ragged=True)``: the index of the last unknown dimension after the batch
    dimension (0 when every inner dimension is known)."""
    rank = 0
    for i, dim in enumerate(batch_shape[1:], start=1):
        if dim is None:
            rank = i
    return rank


def ragged_placeholder(dtype, batch_shape, name) -> RaggedTensor:
    """A RaggedTensor of placeholders (int64 row splits per ragged dimension, flat values of the inner shape)
    with the static shape ``batch_shape`` (made in the current default graph); a dense placeholder when no inner
    dimension is unknown (ragged rank 0)."""
    if batch_shape is None:
        raise ValueError("A ragged Keras input needs a known rank: pass `shape`.")
    ragged_rank = ragged_rank_of_shape(batch_shape)
    if ragged_rank == 0:   # a RaggedTensorSpec of ragged rank 0 describes dense tensors, as in TF
        return array_ops.placeholder(dtype, shape=batch_shape, name=name)
    flat = array_ops.placeholder(dtype, shape=[None] + list(batch_shape[ragged_rank + 1:]), name=name)
    splits = [array_ops.placeholder(dtypes.int64, shape=[None], name=name) for _ in range(ragged_rank)]
    rt = flat
    for level in reversed(range(ragged_rank)):
        rt = RaggedTensor._from_splits(rt, splits[level])
        rt._uniform_row_length = batch_shape[level + 1]   # a known inner dimension is a uniform row length
    if batch_shape[0] is not None:
        splits[0].set_shape([batch_shape[0] + 1])
    return rt


def is_symbolic_ragged(x) -> bool:
    """A RaggedTensor of graph tensors (tf-keras: a RaggedKerasTensor)."""
    return isinstance(x, RaggedTensor) and isinstance(x.flat_values, SymbolicTensor)


def symbolic_part(x):
    """``x``'s flat values when ``x`` is a symbolic RaggedTensor, else ``x``: the tensor whose graph ``x`` is in."""
    return x.flat_values if is_symbolic_ragged(x) else x


def check_eager_ragged(x: RaggedTensor) -> RaggedTensor:
    """``x``, a RaggedTensor given as training data (tf-keras: CompositeTensorDataAdapter).

    Raises:
      TypeError: a symbolic RaggedTensor (as for symbolic tensors given as training data)."""
    if is_symbolic_ragged(x):
        raise TypeError(f"Symbolic tensors cannot be used as training data; pass numpy arrays. Received: {x}")
    return x


def take_ragged_rows(rt: RaggedTensor, rows) -> RaggedTensor:
    """Rows ``rows`` (a slice or an int64 index tensor) of an eager RaggedTensor, in that order: what tf-keras's
    CompositeTensorDataAdapter gives a batch (``Dataset.from_tensor_slices`` + ``batch``)."""
    splits = rt.row_splits._t
    if isinstance(rows, slice):
        rows = torch.arange(rows.start, rows.stop, dtype=torch.int64)
    starts, limits = splits[rows], splits[rows + 1]
    lengths = limits - starts
    new_splits = torch.cat([torch.zeros(1, dtype=torch.int64), torch.cumsum(lengths, 0)])
    # The positions in `values` of the taken rows' values, row after row.
    positions = torch.arange(int(new_splits[-1]), dtype=torch.int64) + \
        torch.repeat_interleave(starts - new_splits[:-1], lengths)
    values = rt.values
    if isinstance(values, RaggedTensor):
        inner = take_ragged_rows(values, positions)
    else:
        inner = EagerTensor(values._t[positions], values.dtype)
    out = RaggedTensor._from_splits(inner, EagerTensor(new_splits, dtypes.int64))
    out._uniform_row_length = rt._uniform_row_length
    return out
