"""RaggedTensor components of tf.data elements (``tf.RaggedTensorSpec`` in an ``element_spec``).

As TF's ``RaggedTensorSpec`` in tf.data (``_to_batched_tensor_list``/``_unbatch``): ``from_tensor_slices`` of a
RaggedTensor of ragged rank ``k`` gives elements of ragged rank ``k - 1`` (rank 0: a dense tensor, whose spec
stays a ``RaggedTensorSpec``), and ``from_tensors`` keeps its spec. A ragged component's pipeline value is a
``RaggedValue`` (flat values: a torch tensor, or for ``tf.string`` a numpy object array of bytes; nested row
splits as torch tensors) with the generic operations the pipeline uses on columns: ``len`` (rows), ``v[i]`` (row
``i``: a RaggedValue of one ragged rank less, or the flat values' slice) and ``v[index_array]``; ``stack`` makes
the batch of rows (data/batching.py). In a graph a source's RaggedTensor of graph tensors is a
``RaggedComponent``. Difference: row splits are int64 (tfcompat's RaggedTensor)."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.string_tensor import StringTensor
from tfcompat._src.framework.tensor import EagerTensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor
from tfcompat._src.runtime.type_spec import RaggedTensorSpec

__all__ = ["RaggedValue", "RaggedComponent", "RaggedTensor", "RaggedTensorSpec", "is_ragged_spec", "as_pipeline_value",
           "to_ragged_tensor", "batched_spec", "unbatched_spec", "from_components", "stack", "component_values",
           "graph_parts", "output_spec", "value_from_outputs", "to_numpy"]


class RaggedValue:
    """One ragged component's pipeline value: ``values`` (the flat values: a torch tensor, or a numpy object
    array of bytes for ``tf.string``) and ``splits`` (the nested row splits, outermost first, int64 torch
    tensors)."""

    __slots__ = ("values", "splits")

    def __init__(self, values: torch.Tensor, splits: list):
        self.values, self.splits = values, list(splits)

    def __len__(self) -> int:
        return self.splits[0].numel() - 1

    def _row(self, i: int):
        lo, hi = int(self.splits[0][i]), int(self.splits[0][i + 1])
        inner = []
        for sp in self.splits[1:]:
            seg = sp[lo:hi + 1]
            inner.append(seg - seg[0])
            lo, hi = int(sp[lo]), int(sp[hi])
        values = self.values[lo:hi]
        return RaggedValue(values, inner) if inner else values

    def __getitem__(self, i):
        if isinstance(i, np.ndarray):
            return stack([self._row(int(r)) for r in i])
        return self._row(int(i))


def stack(rows: list) -> RaggedValue:
    """Rows (RaggedValues of one ragged rank, or torch tensors) as the RaggedValue of one ragged rank more."""
    if rows and isinstance(rows[0], RaggedValue):
        outer = torch.tensor([0] + [len(r) for r in rows], dtype=torch.int64).cumsum(0)
        inner = []
        for level in range(len(rows[0].splits)):
            offset, parts = 0, []
            for j, r in enumerate(rows):
                sp = r.splits[level]
                parts.append(sp[(1 if j else 0):] + offset)
                offset += int(sp[-1])
            inner.append(torch.cat(parts))
        return RaggedValue(_cat([r.values for r in rows]), [outer] + inner)
    outer = torch.tensor([0] + [r.shape[0] for r in rows], dtype=torch.int64).cumsum(0)
    return RaggedValue(_cat(rows) if rows else torch.zeros([0]), [outer])


def _cat(parts: list):
    """Flat values (torch tensors, or object arrays of bytes for strings) concatenated along axis 0."""
    if isinstance(parts[0], np.ndarray):
        return np.concatenate(parts)
    return torch.cat(parts)


def is_ragged_spec(spec) -> bool:
    return isinstance(spec, RaggedTensorSpec)


class RaggedComponent:
    """A source's RaggedTensor component with graph tensors among its parts: ``value(env)`` is its
    ``RaggedValue`` for one run (the parts' values from the env)."""

    __slots__ = ("parts",)

    def __init__(self, rt: RaggedTensor):
        self.parts = tuple(graph_parts(rt))

    def value(self, env) -> RaggedValue:
        values = [env.value(p) for p in self.parts]
        return RaggedValue(values[0], [_int64(s) for s in values[1:]])


def as_pipeline_value(component):
    """A RaggedTensor source component: a ``RaggedValue`` when eager, else a ``RaggedComponent``."""
    parts = graph_parts(component)
    if not all(type(p) in (EagerTensor, StringTensor) for p in parts):
        return RaggedComponent(component)
    return RaggedValue(parts[0]._t, [_int64(p._t) for p in parts[1:]])


def _int64(t: torch.Tensor) -> torch.Tensor:
    return t if t.dtype == torch.int64 else t.to(torch.int64)


def to_ragged_tensor(v, spec: RaggedTensorSpec):
    """The eager value users see: a RaggedTensor, or a dense tensor for ragged rank 0 (as TF)."""
    if not isinstance(v, RaggedValue):
        return _flat_tensor(v, spec.dtype)
    splits = [EagerTensor(s.to(spec.row_splits_dtype.torch_dtype), spec.row_splits_dtype) for s in v.splits]
    rt = RaggedTensor.from_nested_row_splits(_flat_tensor(v.values, spec.dtype), splits, validate=False)
    # TF's RaggedTensorSpec._from_components sets the spec's shape: uniform dims it knows stay known.
    dims = spec.shape.as_list() if spec.shape.rank is not None else []
    part = rt
    for dim in dims[1:spec.ragged_rank + 1]:
        if dim is not None:
            part._uniform_row_length = dim
        part = part.values
    return rt


def _flat_tensor(v, dtype):
    return StringTensor(v) if dtype is dtypes.string else EagerTensor(v, dtype)


def to_numpy(v: RaggedValue, flat_to_numpy) -> np.ndarray:
    """TF's ``RaggedTensor.numpy()`` (what ``as_numpy_iterator`` gives): rows of variable lengths in an object
    array, of equal lengths stacked; ``flat_to_numpy`` converts the flat values."""
    values = flat_to_numpy(v.values)
    for sp in reversed(v.splits):
        splits = sp.tolist()
        rows = [values[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]
        if not rows:
            values = np.zeros((0, 0) + values.shape[1:], dtype=values.dtype)
            continue
        if any(len(row) != len(rows[0]) for row in rows):
            values = np.empty(len(rows), dtype=object)
            for i, row in enumerate(rows):
                values[i] = row
        else:
            values = np.array(rows)
    return values


def batched_spec(spec: RaggedTensorSpec, batch_dim) -> RaggedTensorSpec:
    """TF's ``RaggedTensorSpec._batch``: a leading dimension and one ragged rank more."""
    return RaggedTensorSpec(TensorShape([batch_dim]).concatenate(spec.shape), spec.dtype, spec.ragged_rank + 1,
                            spec.row_splits_dtype)


def unbatched_spec(spec: RaggedTensorSpec) -> RaggedTensorSpec:
    """TF's ``RaggedTensorSpec._unbatch``: one dimension and one ragged rank less."""
    return RaggedTensorSpec(spec.shape[1:] if spec.shape.rank is not None else TensorShape(None), spec.dtype,
                            spec.ragged_rank - 1, spec.row_splits_dtype)


def from_components(parts: list, spec: RaggedTensorSpec):
    """A graph value of ``spec`` from its component tensors (``spec._component_specs``)."""
    if spec.ragged_rank == 0:
        return parts[0]
    return RaggedTensor.from_nested_row_splits(parts[0], parts[1:], validate=False)


def component_values(v) -> tuple:
    """A pipeline value as the tensors of its component specs (flat values, then the row splits)."""
    if isinstance(v, RaggedValue):
        return (v.values, *v.splits)
    return (v,)


def graph_parts(rt) -> list:
    """The tensors a traced function outputs for a RaggedTensor it returns."""
    return [rt.flat_values] + list(rt.nested_row_splits)


def output_spec(rt) -> RaggedTensorSpec:
    return RaggedTensorSpec.from_value(rt)


def value_from_outputs(outs, ragged_rank: int) -> RaggedValue:
    return RaggedValue(outs[0], [_int64(s) for s in outs[1:ragged_rank + 1]])

