"""SparseTensor components of tf.data elements (``tf.SparseTensorSpec`` in an ``element_spec``).

TF encodes a sparse component as a variant tensor (a serialized SparseTensor) so that ``batch`` stacks and
``unbatch``/``from_tensor_slices`` split it like a dense component. Here a sparse component's pipeline value is
a ``SparseValue`` (the three torch tensors) that supports the same generic operations the pipeline uses on dense
columns: ``len`` (rows of the first dimension), ``v[i]`` (row ``i``, rank one lower, dense shape
``dense_shape[1:]``), ``v[index_array]`` (those rows re-batched) and ``stack`` (a batch: a leading batch index
prepended to the indices, the dense shape the batch size and the per-dimension maximum, as TF's batch of
sparse elements).

In a graph (TF1, a ``tf.function``) a source's SparseTensor of graph tensors is a ``SparseComponent`` whose value
the env gives when the pipeline runs, and ops that output elements (``IteratorGetNext``) output a sparse
component as its three tensors, regrouped into a SparseTensor (``from_components``) as TF's
``SparseTensorSpec._from_compatible_tensor_list`` decodes its variant. ``component_specs``/``expand_values``/
``regroup`` do the same for every composite component (ragged ones through ``ragged_elements``)."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.tensor import EagerTensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops
from tfcompat._src.runtime.function import TensorSpec
from tfcompat._src.runtime.type_spec import SparseTensorSpec
from tfcompat._src.data import ragged_elements

__all__ = ["SparseValue", "SparseComponent", "SparseTensorSpec", "is_sparse_spec", "as_pipeline_value",
           "to_sparse_tensor", "batched_spec", "unbatched_spec", "to_dense", "stack", "check_indices",
           "component_specs", "is_composite_spec", "from_components", "expanded_specs", "expand_values", "regroup"]


class SparseValue:
    """One sparse component's pipeline value: ``indices`` (int64 [N, rank]), ``values`` ([N]), ``dense_shape``
    (int64 [rank]) as torch tensors."""

    __slots__ = ("indices", "values", "dense_shape")

    def __init__(self, indices: torch.Tensor, values: torch.Tensor, dense_shape: torch.Tensor):
        self.indices, self.values, self.dense_shape = indices, values, dense_shape

    @property
    def shape(self) -> TensorShape:
        return TensorShape([int(d) for d in self.dense_shape.tolist()])

    def __len__(self) -> int:
        if self.dense_shape.numel() == 0:
            raise errors.InvalidArgumentError("Unbatching a tensor is only supported for rank >= 1")
        return int(self.dense_shape[0])

    def _row(self, i: int) -> SparseValue:
        keep = self.indices[:, 0] == i
        return SparseValue(self.indices[keep][:, 1:], self.values[keep], self.dense_shape[1:].clone())

    def __getitem__(self, i):
        if isinstance(i, np.ndarray):
            return stack([self._row(int(r)) for r in i])
        return self._row(int(i))


def stack(rows: list) -> SparseValue:
    """A batch of sparse values (TF's batch of SparseTensor elements); InvalidArgumentError on different ranks."""
    rank = rows[0].dense_shape.numel()
    for j, r in enumerate(rows):
        if r.dense_shape.numel() != rank:
            raise errors.InvalidArgumentError(
                f"Cannot batch sparse tensors of different ranks: element 0 had rank {rank} and element {j} had "
                f"rank {r.dense_shape.numel()}.")
    indices = [torch.cat([torch.full((r.indices.shape[0], 1), b, dtype=torch.int64), r.indices], 1)
               for b, r in enumerate(rows)]
    shape = torch.stack([r.dense_shape for r in rows]).amax(0) if rank else torch.zeros(0, dtype=torch.int64)
    dense_shape = torch.cat([torch.tensor([len(rows)], dtype=torch.int64), shape])
    return SparseValue(torch.cat(indices, 0).reshape(-1, rank + 1), torch.cat([r.values for r in rows]),
                       dense_shape)


def check_indices(v: SparseValue) -> None:
    """TF's ``SerializeManySparse`` checks (``from_tensor_slices`` of a SparseTensor): each index in bounds and
    the indices in strictly increasing row-major order; InvalidArgumentError (TF's message) at the first bad one."""
    idx = v.indices.numpy()
    if idx.shape[0] == 0:
        return
    shape = v.dense_shape.numpy()
    oob = ((idx < 0) | (idx >= shape)).any(1)
    diff = idx[1:] - idx[:-1]
    nz = diff != 0
    sign = diff[np.arange(len(diff)), nz.argmax(1)] if len(diff) else np.zeros(0, np.int64)
    bad_order = np.concatenate([[False], nz.any(1) & (sign < 0)])
    repeated = np.concatenate([[False], ~nz.any(1)])
    bad = np.flatnonzero(oob | bad_order | repeated)
    if not bad.size:
        return
    i = int(bad[0])
    where = f"indices[{i}] = [{','.join(str(d) for d in idx[i])}]"
    if oob[i]:
        what = f"is out of bounds: need 0 <= index < [{','.join(str(d) for d in shape)}]"
    elif bad_order[i]:
        what = ("is out of order. Many sparse ops require sorted indices.\n    Use `tf.sparse.reorder` to create a "
                "correctly ordered copy.\n\n")
    else:
        what = "is repeated"
    raise errors.InvalidArgumentError(f"{where} {what} [Op:SerializeManySparse] name: ")


def to_dense(v: SparseValue) -> torch.Tensor:
    """The dense torch tensor of a sparse value (zeros elsewhere)."""
    out = torch.zeros([int(d) for d in v.dense_shape.tolist()], dtype=v.values.dtype)
    out[tuple(v.indices.t())] = v.values
    return out


def is_sparse_spec(spec) -> bool:
    return isinstance(spec, SparseTensorSpec)


class SparseComponent:
    """A source's SparseTensor component with graph tensors among its parts: ``value(env)`` is its
    ``SparseValue`` for one run (the parts' values, fed or computed, from the env)."""

    __slots__ = ("parts",)

    def __init__(self, st: SparseTensor):
        self.parts = (st.indices, st.values, st.dense_shape)

    def value(self, env) -> SparseValue:
        return SparseValue(*(env.value(p) for p in self.parts))


def as_pipeline_value(component):
    """A source component as the pipeline sees it: an eager SparseTensor becomes a ``SparseValue``, one of graph
    tensors a ``SparseComponent``; an eager RaggedTensor a ``RaggedValue``."""
    if isinstance(component, ragged_elements.RaggedTensor):
        return ragged_elements.as_pipeline_value(component)
    if isinstance(component, SparseTensor):
        parts = (component.indices, component.values, component.dense_shape)
        if not all(type(p) is EagerTensor for p in parts):
            return SparseComponent(component)
        return SparseValue(*(p._t for p in parts))
    return component


def component_specs(spec) -> list:
    """The tensors of one component in a graph: a sparse one has three (indices, values, dense_shape), a ragged
    one its flat values and row splits."""
    if isinstance(spec, SparseTensorSpec):
        rank = spec.shape.rank
        return [TensorSpec([None, rank], dtypes.int64), TensorSpec([None], spec.dtype),
                TensorSpec([rank], dtypes.int64)]
    if ragged_elements.is_ragged_spec(spec):
        return spec._component_specs
    return [spec]


def is_composite_spec(spec) -> bool:
    """Whether a component is more than one tensor in a graph (sparse, ragged)."""
    return isinstance(spec, SparseTensorSpec) or ragged_elements.is_ragged_spec(spec)


def from_components(indices, values, dense_shape, spec: SparseTensorSpec) -> SparseTensor:
    """A graph SparseTensor of ``spec`` from its three tensors, as TF's
    ``SparseTensorSpec._from_compatible_tensor_list``: the spec's known dims of the dense shape are constants (a
    constant for a fully known shape, else the unstacked tensor with those dims replaced, stacked), so that
    ``tf.sparse.to_dense`` keeps them static."""
    shape = spec.shape
    if shape.is_fully_defined():
        dense_shape = convert_to_tensor(shape.as_list(), dtypes.int64, name="shape")
    elif shape.rank is not None and any(d is not None for d in shape.as_list()):
        pieces = array_ops.unstack(dense_shape, num=shape.rank)
        for i, dim in enumerate(shape.as_list()):
            if dim is not None:
                pieces[i] = convert_to_tensor(dim, dtypes.int64)
        dense_shape = array_ops.stack(pieces)
    st = SparseTensor(indices, values, dense_shape)
    st.set_shape(shape)
    return st


def expanded_specs(specs: list) -> list:
    """The flat specs of the tensors a graph op outputs for elements of flat ``specs``."""
    return [p for s in specs for p in component_specs(s)]


def expand_values(values) -> tuple:
    """A flat element's values with each ``SparseValue`` as its three tensors and each ``RaggedValue`` as its
    flat values and row splits (an op's outputs, a traced function's feeds)."""
    out = []
    for v in values:
        if isinstance(v, SparseValue):
            out.extend((v.indices, v.values, v.dense_shape))
        elif isinstance(v, ragged_elements.RaggedValue):
            out.extend(ragged_elements.component_values(v))
        else:
            out.append(v)
    return tuple(out)


def regroup(specs: list, outputs: list) -> list:
    """Graph tensors of ``expanded_specs(specs)`` as the flat element of ``specs`` (composites regrouped)."""
    out, it = [], iter(outputs)
    for s in specs:
        if isinstance(s, SparseTensorSpec):
            out.append(from_components(next(it), next(it), next(it), s))
        elif ragged_elements.is_ragged_spec(s):
            out.append(ragged_elements.from_components([next(it) for _ in s._component_specs], s))
        else:
            out.append(next(it))
    return out


def to_sparse_tensor(v: SparseValue, dtype) -> SparseTensor:
    """The eager SparseTensor users see for a pipeline value."""
    return SparseTensor(EagerTensor(v.indices, dtypes.int64), EagerTensor(v.values, dtype),
                        EagerTensor(v.dense_shape, dtypes.int64))


def batched_spec(spec: SparseTensorSpec, batch_dim) -> SparseTensorSpec:
    return SparseTensorSpec(TensorShape([batch_dim]).concatenate(spec.shape), spec.dtype)


def unbatched_spec(spec: SparseTensorSpec) -> SparseTensorSpec:
    return SparseTensorSpec(spec.shape[1:] if spec.shape.rank else None, spec.dtype)
