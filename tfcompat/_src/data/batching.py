"""``batch``, ``padded_batch``, ``unbatch``, ``rebatch`` and ``window``.

A ``RaggedTensorSpec`` component batches as TF's ``RaggedTensorSpec._batch``: its rows (dense tensors of any
lengths for ragged rank 0) stack into a RaggedTensor of one ragged rank more; ``unbatch`` gives its rows back."""
from __future__ import annotations

import collections
import itertools

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.name_scope import control_dependencies
from tfcompat._src.framework.string_tensor import as_bytes_array
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_creation_ops, array_ops, debugging_ops, math_ops, reduction_ops
from tfcompat._src.runtime.function import TensorSpec
from tfcompat._src.data import ragged_elements, sparse_elements
from tfcompat._src.data import structure
from tfcompat._src.data.node import INFINITE, UNKNOWN, Node, gather_rows
from tfcompat._src.data.sources import ListNode, static_scalar

__all__ = ["BatchNode", "PaddedBatchNode", "UnbatchNode", "RebatchNode", "WindowNode", "DenseToRaggedNode",
           "ragged_batch", "stack_component", "bucket_by_sequence_length"]


def _dims_str(shape) -> str:
    return "[" + ",".join(str(d) for d in shape) + "]"


def stack_component(values: list, i: int, spec=None):
    """Component ``i`` (of spec ``spec`` when known) of a batch of elements, stacked; TF's error when the shapes
    differ."""
    first = values[0]
    if isinstance(first, sparse_elements.SparseValue):
        return sparse_elements.stack(values)
    if isinstance(first, ragged_elements.RaggedValue) or ragged_elements.is_ragged_spec(spec):
        return ragged_elements.stack(values)
    if isinstance(first, torch.Tensor):
        s0 = first.shape
        for j, v in enumerate(values):
            if v.shape != s0:
                raise errors.InvalidArgumentError(
                    f"Cannot batch tensors with different shapes in component {i}. First element had shape "
                    f"{_dims_str(s0)} and element {j} had shape {_dims_str(v.shape)}.")
        return torch.stack(values)
    arrays = [as_bytes_array(v) for v in values]
    s0 = arrays[0].shape
    for j, a in enumerate(arrays):
        if a.shape != s0:
            raise errors.InvalidArgumentError(
                f"Cannot batch tensors with different shapes in component {i}. First element had shape "
                f"{_dims_str(s0)} and element {j} had shape {_dims_str(a.shape)}.")
    out = np.empty((len(arrays),) + s0, dtype=object)
    for j, a in enumerate(arrays):
        out[j, ...] = a  # element-wise copy (out[j] = a would store a 0-d array as one object)
    return out


def _batched_spec(spec, batch_dim):
    def one(s):
        if sparse_elements.is_sparse_spec(s):
            return sparse_elements.batched_spec(s, batch_dim)
        if ragged_elements.is_ragged_spec(s):
            return ragged_elements.batched_spec(s, batch_dim)
        return TensorSpec(TensorShape([batch_dim]).concatenate(s.shape), s.dtype)
    return structure.map_structure(one, spec)


def _batch_cardinality(n, batch_size, drop_remainder):
    if n in (INFINITE, UNKNOWN):
        return n
    return n // batch_size + (0 if (n % batch_size == 0 or drop_remainder) else 1)


def _check_batch_size(bs):
    if bs <= 0:
        raise errors.InvalidArgumentError("Batch size must be greater than zero.")


class BatchNode(Node):
    tf_name = "_BatchDataset"

    def __init__(self, inp, batch_size, drop_remainder, parallel=False):
        static_bs = static_scalar(batch_size)
        if static_bs is not None:
            _check_batch_size(int(static_bs))
        static_drop = static_scalar(drop_remainder)
        dim = int(static_bs) if (static_drop and static_bs is not None) else None
        caps = [a for a in (batch_size, drop_remainder) if isinstance(a, Tensor)]
        super().__init__((inp,), _batched_spec(inp.element_spec, dim), caps)
        self.batch_size, self.drop_remainder = batch_size, drop_remainder
        if parallel:
            self.tf_name = "_ParallelBatchDataset"

    def _args(self, env):
        bs = int(env.scalar(self.batch_size))
        _check_batch_size(bs)
        return bs, bool(env.scalar(self.drop_remainder))

    def cardinality(self, env):
        bs, drop = self._args(env)
        return _batch_cardinality(self.inputs[0].cardinality(env), bs, drop)

    def iterate(self, env):
        bs, drop = self._args(env)
        plan = self.inputs[0].index_plan(env)
        if plan is not None:
            return self._gathered(plan, bs, drop)
        return self._stacked(self.inputs[0].iterate(env), bs, drop, self.inputs[0].flat_specs)

    @staticmethod
    def _gathered(plan, bs, drop):
        it = iter(plan.indices)
        cols = plan.columns
        while True:
            idx = list(itertools.islice(it, bs))
            if not idx or (drop and len(idx) < bs):
                return
            yield tuple(gather_rows(c, idx) for c in cols)

    @staticmethod
    def _stacked(src, bs, drop, specs):
        while True:
            batch = list(itertools.islice(src, bs))
            if not batch or (drop and len(batch) < bs):
                return
            yield tuple(stack_component([el[i] for el in batch], i, specs[i]) for i in range(len(batch[0])))


class PaddedBatchNode(Node):
    tf_name = "_PaddedBatchDataset"

    def __init__(self, inp, batch_size, padded_shapes, padding_values, drop_remainder):
        static_bs = static_scalar(batch_size)
        if static_bs is not None:
            _check_batch_size(int(static_bs))
        spec = inp.element_spec
        flat_specs = structure.flatten(spec)
        if padded_shapes is None:
            shapes = [s.shape for s in flat_specs]
            for s in shapes:
                if s.rank is None:
                    raise ValueError("You must provide `padded_shapes` argument because component 0 has unknown "
                                     "rank.")
        else:
            flat_padded = _flatten_up_to(spec, padded_shapes)
            shapes = [TensorShape(_shape_arg(p)) for p in flat_padded]
            for p, s in zip(shapes, flat_specs):
                if not p.is_compatible_with(s.shape):
                    raise ValueError(f"The padded shape {_paren(p)} is not compatible with the shape "
                                     f"{_paren(s.shape)} of the corresponding input component.")
        if padding_values is None:
            pads = [b"" if s.dtype is dtypes.string else 0 for s in flat_specs]
        else:
            pads = _flatten_up_to(spec, padding_values)
            for v, s in zip(pads, flat_specs):
                vd = getattr(v, "dtype", None)
                if vd is not None and isinstance(v, Tensor) and vd is not s.dtype:
                    raise TypeError(f"Padding value {v!r} of dtype {vd.name} does not match the component's "
                                    f"dtype {s.dtype.name}.")
        static_drop = static_scalar(drop_remainder)
        dim = int(static_bs) if (static_drop and static_bs is not None) else None
        out = [TensorSpec(TensorShape([dim]).concatenate(p.merge_with(s.shape) if p.rank is not None else s.shape),
                          s.dtype) for p, s in zip(shapes, flat_specs)]
        # Padded dims given as tensors known only when running (bucket_by_sequence_length's bucket boundary).
        self.dynamic_dims = [] if padded_shapes is None else _dynamic_dims(flat_padded)
        caps = [a for a in (batch_size, drop_remainder) if isinstance(a, Tensor)]
        caps += [t for _, _, t in self.dynamic_dims]
        super().__init__((inp,), structure.pack(spec, out), caps)
        self.batch_size, self.drop_remainder = batch_size, drop_remainder
        self.padded = shapes
        self.pads = [_pad_value(v) for v in pads]

    def cardinality(self, env):
        bs = int(env.scalar(self.batch_size))
        return _batch_cardinality(self.inputs[0].cardinality(env), bs, bool(env.scalar(self.drop_remainder)))

    def iterate(self, env):
        bs = int(env.scalar(self.batch_size))
        _check_batch_size(bs)
        drop = bool(env.scalar(self.drop_remainder))
        wants = [p.as_list() if p.rank is not None else None for p in self.padded]
        for i, d, t in self.dynamic_dims:
            size = int(env.scalar(t))
            wants[i][d] = None if size == -1 else size
        src = self.inputs[0].iterate(env)
        while True:
            batch = list(itertools.islice(src, bs))
            if not batch or (drop and len(batch) < bs):
                return
            yield tuple(self._pad([el[i] for el in batch], i, wants[i]) for i in range(len(batch[0])))

    def _pad(self, values, i, want):
        is_torch = isinstance(values[0], torch.Tensor)
        arrays = values if is_torch else [as_bytes_array(v) for v in values]
        rank = len(arrays[0].shape)
        if want is None:
            want = [None] * rank
        target = []
        for d in range(rank):
            m = max(a.shape[d] for a in arrays)
            if want[d] is not None:
                if m > want[d]:
                    raise errors.DataLossError(None, None, "Attempted to pad to a smaller size than the input "
                                                           "element.")
                m = want[d]
            target.append(m)
        pad = self.pads[i]
        if is_torch:
            out = torch.full([len(arrays)] + target, pad, dtype=arrays[0].dtype)
            for j, a in enumerate(arrays):
                out[(j,) + tuple(slice(0, s) for s in a.shape)] = a
            return out
        out = np.empty([len(arrays)] + target, dtype=object)
        out[...] = pad if isinstance(pad, bytes) else b""
        for j, a in enumerate(arrays):
            out[(j,) + tuple(slice(0, s) for s in a.shape)] = a
        return out


def _pad_value(v):
    if isinstance(v, Tensor):
        v = v.numpy()
    if isinstance(v, np.ndarray):
        v = v[()] if v.ndim == 0 else v
    if isinstance(v, str):
        v = v.encode()
    if isinstance(v, np.generic):
        v = v.item()
    return v


def _shape_arg(p):
    if isinstance(p, Tensor):
        p = p.numpy().tolist()
    if isinstance(p, (list, tuple)):
        return [_static_dim(d) for d in p]
    return p


def _static_dim(d):
    if isinstance(d, Tensor):
        d = static_scalar(d)
    return None if (d is None or int(d) == -1) else int(d)


def _dynamic_dims(flat_padded) -> list:
    """(component, dim, scalar tensor) for each padded dim given as a tensor whose value is known only when
    running."""
    return [(i, d, dim) for i, p in enumerate(flat_padded) if isinstance(p, (list, tuple))
            for d, dim in enumerate(p) if isinstance(dim, Tensor) and static_scalar(dim) is None]


def _paren(shape: TensorShape) -> str:
    if shape.rank is None:
        return "<unknown>"
    dims = ["None" if d is None else str(d) for d in shape.as_list()]
    return "(" + ", ".join(dims) + ("," if len(dims) == 1 else "") + ")"


def _flatten_up_to(spec, value):
    # Shapes (lists) and padding values are leaves under tf.data's nesting rules.
    if not structure.is_nested(spec):
        return [value]
    structure.assert_same_structure(spec, value, check_types=False)
    return structure.flatten(value)


def _to_ragged_spec(spec, row_splits_dtype):
    # TF's _DenseToRaggedDataset: a TensorSpec with a known rank and an unknown dimension becomes a RaggedTensorSpec
    # whose ragged rank is its last unknown dimension.
    if type(spec) is not TensorSpec or spec.shape.rank is None or spec.shape.is_fully_defined():
        return spec
    ragged_rank = max(axis for axis, size in enumerate(spec.shape.as_list()) if size is None)
    return ragged_elements.RaggedTensorSpec(spec.shape, spec.dtype, ragged_rank, row_splits_dtype)


def _dense_to_ragged_value(value: torch.Tensor, ragged_rank: int):
    """A dense value as the RaggedValue of ``RaggedTensor.from_tensor(value, ragged_rank)`` (uniform rows)."""
    if ragged_rank == 0:
        return value
    dims = list(value.shape)
    splits, count = [], 1
    for level in range(ragged_rank):
        count *= dims[level]
        splits.append(torch.arange(count + 1, dtype=torch.int64) * dims[level + 1])
    return ragged_elements.RaggedValue(value.reshape([-1] + dims[ragged_rank + 1:]), splits)


class DenseToRaggedNode(Node):
    """TF's ``_DenseToRaggedDataset``: components of partly unknown shape as RaggedTensors (then batched)."""

    tf_name = "_DenseToRaggedDataset"

    def __init__(self, inp, row_splits_dtype=dtypes.int64):
        dtype = dtypes.as_dtype(row_splits_dtype)
        super().__init__((inp,), structure.map_structure(lambda s: _to_ragged_spec(s, dtype), inp.element_spec))
        self.ragged_ranks = [s.ragged_rank if ragged_elements.is_ragged_spec(s) and not
                             ragged_elements.is_ragged_spec(i) else 0
                             for s, i in zip(self.flat_specs, inp.flat_specs)]

    def cardinality(self, env):
        return self.inputs[0].cardinality(env)

    def iterate(self, env):
        for el in self.inputs[0].iterate(env):
            yield tuple(_dense_to_ragged_value(c, k) if k else c for c, k in zip(el, self.ragged_ranks))


def ragged_batch(inp, batch_size, drop_remainder, row_splits_dtype=dtypes.int64) -> BatchNode:
    """TF's ``Dataset.ragged_batch`` (``tf.data.experimental.dense_to_ragged_batch``): ``batch`` after
    ``DenseToRaggedNode``, so components of varying shapes batch into RaggedTensors."""
    return BatchNode(DenseToRaggedNode(inp, row_splits_dtype), batch_size, drop_remainder)


class UnbatchNode(Node):
    tf_name = "_UnbatchDataset"

    def __init__(self, inp):
        flat = inp.flat_specs
        for s in flat:
            if s.shape.rank == 0:
                raise ValueError("Cannot unbatch an input with scalar components.")
        dims = {s.shape[0] for s in flat if s.shape.rank}
        self.static_batch = dims.pop() if len(dims) == 1 and None not in dims and all(
            s.shape.rank for s in flat) else None
        spec = structure.map_structure(
            lambda s: sparse_elements.unbatched_spec(s) if sparse_elements.is_sparse_spec(s)
            else ragged_elements.unbatched_spec(s) if ragged_elements.is_ragged_spec(s)
            else TensorSpec(s.shape[1:] if s.shape.rank else None, s.dtype), inp.element_spec)
        super().__init__((inp,), spec)

    def cardinality(self, env):
        n = self.inputs[0].cardinality(env)
        if n in (INFINITE, UNKNOWN):
            return n
        return n * self.static_batch if self.static_batch is not None else UNKNOWN

    def iterate(self, env):
        for el in self.inputs[0].iterate(env):
            n = len(el[0])
            for i, c in enumerate(el[1:], 1):
                if len(c) != n:
                    raise errors.InvalidArgumentError(
                        f"Input element must have the same batch size in each component. Component 0 had size {n}"
                        f" but component {i} had size {len(c)}.")
            for r in range(n):
                yield tuple(c[r] for c in el)


class RebatchNode(Node):
    """``rebatch``: the input's rows regrouped in batches of ``batch_size`` (cycling through a list)."""

    tf_name = "_RebatchDataset"

    def __init__(self, inp, batch_size, drop_remainder):
        sizes = batch_size if isinstance(batch_size, (list, tuple)) else [batch_size]
        sizes = [int(static_scalar(s)) for s in sizes]
        for s in sizes:
            _check_batch_size(s)
        dim = sizes[0] if (len(set(sizes)) == 1 and drop_remainder) else None
        rows = UnbatchNode(inp)
        super().__init__((rows,), _batched_spec(rows.element_spec, dim))
        self.tf_name = "_RebatchDataset"
        self.sizes = sizes
        self.drop_remainder = drop_remainder

    def cardinality(self, env):
        n = self.inputs[0].inputs[0].cardinality(env)
        return n if n == INFINITE else UNKNOWN

    def iterate(self, env):
        src, specs = self.inputs[0].iterate(env), self.inputs[0].flat_specs
        for bs in itertools.cycle(self.sizes):
            batch = list(itertools.islice(src, bs))
            if not batch or (self.drop_remainder and len(batch) < bs):
                return
            yield tuple(stack_component([el[i] for el in batch], i, specs[i]) for i in range(len(batch[0])))


class WindowNode(Node):
    tf_name = "_WindowDataset"

    def __init__(self, inp, size, shift, stride, drop_remainder):
        self.size, self.shift, self.stride = (int(static_scalar(a)) for a in (size, shift, stride))
        if self.size <= 0:
            raise errors.InvalidArgumentError("Window size must be greater than zero.")
        if self.shift <= 0:
            raise errors.InvalidArgumentError("Window shift must be greater than zero.")
        if self.stride <= 0:
            raise errors.InvalidArgumentError("Window stride must be greater than zero.")
        self.drop_remainder = bool(static_scalar(drop_remainder))
        spec = structure.map_structure(lambda s: structure.DatasetSpec(s), inp.element_spec)
        super().__init__((inp,), spec)

    def cardinality(self, env):
        n = self.inputs[0].cardinality(env)
        if n in (INFINITE, UNKNOWN):
            return n
        if self.drop_remainder:
            rest = n - ((self.size - 1) * self.stride + 1)
            return 0 if rest < 0 else rest // self.shift + 1
        return n // self.shift + (0 if n % self.shift == 0 else 1)

    def iterate(self, env):
        src = self.inputs[0].iterate(env)
        target = (self.size - 1) * self.stride + 1
        buf = collections.deque()
        exhausted = False
        specs = self.inputs[0].flat_specs
        while True:
            while not exhausted and len(buf) < target:
                try:
                    buf.append(next(src))
                except StopIteration:
                    exhausted = True
            if not buf or (self.drop_remainder and len(buf) < target):
                return
            window = [buf[i] for i in range(0, min(len(buf), target), self.stride)]
            yield tuple(ListNode([(el[i],) for el in window], s) for i, s in enumerate(specs))
            drop = self.shift
            while drop and buf:
                buf.popleft()
                drop -= 1
            while drop and not exhausted:
                try:
                    next(src)
                    drop -= 1
                except StopIteration:
                    exhausted = True


def bucket_by_sequence_length(dataset, element_length_func, bucket_boundaries, bucket_batch_sizes,
                              padded_shapes=None, padding_values=None, pad_to_bucket_boundary=False,
                              no_padding=False, drop_remainder=False, name=None):
    """Mirrors ``Dataset.bucket_by_sequence_length`` (and ``tf.data.experimental.bucket_by_sequence_length``), as
    TF builds it: ``group_by_window`` keyed by the bucket of ``element_length_func(element)`` (bucket ``i`` holds
    lengths in ``[boundaries[i-1], boundaries[i])``), each window ``padded_batch``-ed (or ``batch``-ed with
    ``no_padding``) by its bucket's batch size. With ``pad_to_bucket_boundary`` unknown dims pad to the bucket's
    boundary - 1, and an element of the last bucket raises InvalidArgumentError."""
    if len(bucket_batch_sizes) != len(bucket_boundaries) + 1:
        raise ValueError(f"`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1` but "
                         f"`len(bucket_batch_sizes)={len(bucket_batch_sizes)}` and "
                         f"`len(bucket_boundaries)={len(bucket_boundaries)}`.")
    batch_sizes = array_ops.constant(bucket_batch_sizes, dtype=dtypes.int64)
    int32 = np.iinfo(np.int32)

    def element_to_bucket_id(*args):
        seq_length = element_length_func(*args)
        boundaries = list(bucket_boundaries)
        conditions = math_ops.logical_and(math_ops.less_equal([int32.min] + boundaries, seq_length),
                                          math_ops.less(seq_length, boundaries + [int32.max]))
        return reduction_ops.reduce_min(array_creation_ops.where(conditions))

    def window_size_fn(bucket_id):
        return batch_sizes[bucket_id]

    def make_padded_shapes(shapes, none_filler=None):
        # tf.data nesting: a list is one shape
        padded = [[none_filler if d is None else d for d in TensorShape(shape).as_list()] for shape in
                  structure.flatten(shapes)]
        return structure.pack(shapes, padded)

    def batching_fn(bucket_id, grouped_dataset):
        batch_size = window_size_fn(bucket_id)
        if no_padding:
            return grouped_dataset.batch(batch_size, drop_remainder=drop_remainder, name=name)
        none_filler = None
        if pad_to_bucket_boundary:
            check = debugging_ops.assert_less(
                bucket_id, array_ops.constant(len(bucket_batch_sizes) - 1, dtype=dtypes.int64),
                message="When pad_to_bucket_boundary=True, elements must have length < max(bucket_boundaries).")
            with control_dependencies([check]):
                boundaries = array_ops.constant(bucket_boundaries, dtype=dtypes.int64)
                none_filler = boundaries[bucket_id] - 1
        input_shapes = structure.map_structure(lambda s: s.shape, grouped_dataset.element_spec)
        shapes = make_padded_shapes(padded_shapes or input_shapes, none_filler=none_filler)
        return grouped_dataset.padded_batch(batch_size, shapes, padding_values, drop_remainder=drop_remainder,
                                            name=name)

    return dataset.group_by_window(key_func=element_to_bucket_id, reduce_func=batching_fn,
                                   window_size_func=window_size_fn, name=name)
