"""A RaggedTensor as its component tensors (TF's ``RaggedTensorSpec._to_components``: the flat values, then the
row splits from the outermost dimension in), for code that traces or runs a RaggedTensor as plain tensors:
``tf.function`` (placeholders of a ``RaggedTensorSpec`` argument, ragged outputs) and
``tf.keras.Input(ragged=True)``."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["ragged_placeholder", "components", "uniform_row_lengths", "from_components"]


def ragged_placeholder(dtype, shape, ragged_rank: int, name=None) -> RaggedTensor:
    """A RaggedTensor of graph placeholders of static shape ``shape`` (known rank) with ``ragged_rank`` ragged
    dimensions: flat values ``[None] + shape[ragged_rank + 1:]``, int64 row splits ``[None]`` per ragged dimension
    (``[nrows + 1]`` outermost when ``shape[0]`` is known). A known dimension among the ragged ones is a uniform row
    length, as in TF's ``RaggedTensorSpec``."""
    dims = TensorShape(shape).as_list()
    flat = array_ops.placeholder(dtype, shape=[None] + dims[ragged_rank + 1:], name=name)
    splits = [array_ops.placeholder(dtypes.int64, shape=[None], name=name) for _ in range(ragged_rank)]
    rt = flat
    for level in reversed(range(ragged_rank)):
        rt = RaggedTensor._from_splits(rt, splits[level])
        rt._uniform_row_length = dims[level + 1]
    if dims[0] is not None:
        splits[0].set_shape([dims[0] + 1])
    return rt


def components(rt: RaggedTensor) -> list:
    """``[flat_values, row_splits (outermost), ..., row_splits (innermost)]``."""
    return [rt.flat_values] + list(rt.nested_row_splits)


def uniform_row_lengths(rt: RaggedTensor) -> list:
    """The static uniform row length (a python int) or None of each ragged dimension of ``rt``, outermost first."""
    out = []
    while isinstance(rt, RaggedTensor):
        out.append(rt._uniform_row_length)
        rt = rt._values
    return out


def from_components(parts, row_lengths) -> RaggedTensor:
    """The RaggedTensor of ``parts`` (as ``components`` orders them) with static uniform row lengths
    ``row_lengths`` (as ``uniform_row_lengths`` gives them)."""
    out = parts[0]
    for level in reversed(range(len(row_lengths))):
        out = RaggedTensor._from_splits(out, parts[level + 1])
        out._uniform_row_length = row_lengths[level]
    return out
