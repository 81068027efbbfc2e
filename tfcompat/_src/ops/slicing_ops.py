"""Tensor indexing with TF's strided-slice rules (op ``StridedSlice``; ``Tensor.__getitem__``)."""
from __future__ import annotations

import builtins

import numpy as np
import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes, errors, kernel_errors
from tfcompat._src.framework import op_def as op_def_lib
from tfcompat._src.framework.dispatch import apply_op, constant_value, shape_error
from tfcompat._src.framework.dispatch import shape_error as dispatch_shape_error
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops._helpers import is_tensor_like, to_tensor


def _resolve(v, dyn):
    return int(dyn[v[1]]) if isinstance(v, tuple) else v


def _strided_slice_shape(inputs, attrs):
    """The static output shape: an index drops its dimension, a slice with run-time bounds is unknown."""
    x = inputs[0]
    if x.shape.rank is None:
        return [(TensorShape(None), x.dtype)]
    dims = x.shape.as_list()
    spec = attrs["spec"]
    n_real = sum(1 for it in spec if it[0] in "is")
    items = []
    for it in spec:
        items.extend([("s", None, None, None)] * (len(dims) - n_real) if it[0] == "e" else [it])
    if not any(it[0] == "e" for it in spec):
        items.extend([("s", None, None, None)] * (len(dims) - n_real))
    out, d = [], 0
    for it in items:
        if it[0] == "n":
            out.append(1)
            continue
        if it[0] == "s":
            bounds = it[1:]
            if dims[d] is None or any(isinstance(v, tuple) for v in bounds):
                out.append(None)
            else:
                out.append(len(builtins.range(*builtins.slice(*bounds).indices(dims[d]))))
        d += 1
    return [(TensorShape(out), x.dtype)]


@register_op("StridedSlice", strings=(0,), grad=DIFFERENTIABLE, inputs=("input",), same_type=(), shape_fn=_strided_slice_shape)
def _strided_slice(x, *dyn, spec):
    """``spec`` items: ('i', v) index, ('s', start, stop, step) slice, ('e',) ellipsis, ('n',) newaxis;
    any v may be ('t', k): the k-th dynamic input (a scalar tensor)."""
    n_real = sum(1 for it in spec if it[0] in "is")
    items = []
    for it in spec:
        if it[0] == "e":
            items.extend([("s", None, None, None)] * (x.dim() - n_real))
        else:
            items.append(it)
    if not any(it[0] == "e" for it in spec):
        items.extend([("s", None, None, None)] * (x.dim() - n_real))
    idx = []
    dim = 0
    for it in items:
        kind = it[0]
        if kind == "n":
            idx.append(None)
            continue
        if dim >= x.dim():
            raise IndexError(f"Index out of range using input dim {x.dim()}")
        size = x.shape[dim]
        if kind == "i":
            v = _resolve(it[1], dyn)
            if not -size <= v < size:
                raise IndexError(f"slice index {v} of dimension {dim} out of bounds.")
            idx.append(v)
        else:
            start, stop, step = (None if v is None else _resolve(v, dyn) for v in it[1:])
            if step == 0:
                raise IndexError("strides must be non-zero")
            if step is not None and step < 0:
                # torch has no negative-step slicing: select those positions explicitly.
                r = builtins.range(*builtins.slice(start, stop, step).indices(size))
                idx.append(torch.tensor(list(r), dtype=torch.long, device=x.device))
            else:
                idx.append(builtins.slice(start, stop, step))
        dim += 1
    if not any(isinstance(i, torch.Tensor) for i in idx):
        return x[tuple(idx)]
    # Apply tensor (reversed) selections one dimension at a time, so they never combine as advanced indexing.
    out = x
    plain = []
    d = 0
    for i in idx:
        if isinstance(i, torch.Tensor):
            out = torch.index_select(out, d, i)
            plain.append(builtins.slice(None))
            d += 1
        elif i is None:
            plain.append(None)
        else:
            plain.append(i)
            d += 1
    return out[tuple(plain)]


def strided_slice_from_spec(tensor, slice_spec):
    """``tensor[slice_spec]`` with TF's indexing rules (ints, slices, ``...``, ``tf.newaxis``, scalar int
    tensors); anything else raises TF's TypeError. Boolean masks are handled by ``Tensor.__getitem__``
    (``ops/operators.py``) before this is called."""
    x = to_tensor(tensor)
    if isinstance(slice_spec, bool):
        raise ValueError("mask cannot be scalar.")
    # TF treats a list like a tuple: x[[0, 1]] is x[0, 1].
    slice_spec = tuple(slice_spec) if isinstance(slice_spec, (tuple, list)) else (slice_spec,)
    if slice_spec and isinstance(slice_spec[0], bool):
        _bool_begin(slice_spec)
    return strided_slice_spec(x, slice_spec, name="strided_slice")


def _bool_begin(slice_spec):
    """TF packs the begin indices into one tensor whose dtype the first index decides: a leading python bool
    makes it a bool tensor, which StridedSlice rejects (or a later int cannot be converted to bool)."""
    for s in slice_spec:
        if not isinstance(s, bool):
            v = s if isinstance(s, (int, np.integer)) else 0
            raise TypeError(f"Cannot convert {v!r} to EagerTensor of dtype bool")
    if ctx_lib.graph_mode_graph() is None:
        raise errors.InvalidArgumentError("Value for attr 'Index' of bool is not in the list of allowed values: "
                                          "int16, int32, int64")
    raise TypeError("Value passed to parameter 'begin' has DataType bool not in list of allowed values: int16, "
                    "int32, int64")


def strided_slice_spec(x, slice_spec: tuple, name="strided_slice"):
    """``x[slice_spec]`` for a tuple of ints, slices, ``Ellipsis``, ``None`` and scalar int tensors (the spec
    ``tf.strided_slice``'s masks describe)."""
    dyn = []
    spec = []

    def comp(v):
        if v is None:
            return None
        if isinstance(v, (int, np.integer)):   # a bool after the first index counts as 0/1, as in TF
            return int(v)
        if isinstance(v, np.ndarray) and v.ndim == 0 and v.dtype.kind in "iu":
            return int(v)
        if is_tensor_like(v):
            t = to_tensor(v)
            if t.dtype not in (dtypes.int32, dtypes.int64) or (t.shape.rank not in (0, None)):
                _bad_index(v)
            cv = constant_value(t)
            if cv is not None:
                return int(cv)
            dyn.append(t)
            return ("t", len(dyn) - 1)
        _bad_index(v)

    for s in slice_spec:
        if s is Ellipsis:
            spec.append(("e",))
        elif s is None:
            spec.append(("n",))
        elif isinstance(s, builtins.slice):
            spec.append(("s", comp(s.start), comp(s.stop), comp(s.step)))
        else:
            spec.append(("i", comp(s)))
    # Indexing (x[...]) names the op in a name scope, so TF's eager error ends " name: strided_slice/".
    _check_static_slice(x.shape, spec, "strided_slice/" if name == "strided_slice" else "")
    return apply_op("StridedSlice", [x] + dyn, {"spec": tuple(spec)}, name=name)


def _check_static_slice(shape, spec, eager_name=""):
    """TF's StridedSlice shape checks for what is known before running (InvalidArgumentError eagerly, worded as
    TF's kernel error, ValueError in a graph)."""
    if shape.rank is None:
        return

    def shape_error(message):
        err = dispatch_shape_error(message)
        if not isinstance(err, errors.InvalidArgumentError):
            return err
        return errors.InvalidArgumentError(
            f"{kernel_errors.eager_prefix(op_def_lib.REGISTRY['StridedSlice'], None)}{message} [Op:StridedSlice]"
            + (f" name: {eager_name}" if eager_name else ""))

    dims = shape.as_list()
    n_real = sum(1 for it in spec if it[0] in "is")
    if n_real > len(dims):
        raise shape_error(f"Index out of range using input dim {len(dims)}; input has only {len(dims)} dims")
    d = 0
    for it in spec:
        if it[0] == "e":
            d += len(dims) - n_real
        elif it[0] == "i":
            v = it[1]
            if isinstance(v, int) and dims[d] is not None and not -dims[d] <= v < dims[d]:
                raise shape_error(f"slice index {v} of dimension {d} out of bounds.")
            d += 1
        elif it[0] == "s":
            if it[3] == 0:
                raise shape_error("strides must be non-zero")
            d += 1


def _bad_index(v):
    raise TypeError(f"Only integers, slices (`:`), ellipsis (`...`), tf.newaxis (`None`) and scalar "
                    f"tf.int32/tf.int64 tensors are valid indices, got {v!r}")
