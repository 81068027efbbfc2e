"""Array wrappers mirroring TF's ``array_ops``/``constant_op``: constant, identity, placeholders, reshape/
transpose, concat/stack/split, squeeze/expand_dims/tile, gather/slice, shape/size/rank.

The ops they build are defined in array_kernels.py; array_ops.py re-exports these (TF's ``array_ops`` surface)."""
from __future__ import annotations

import builtins

import numpy as np
import torch

from tfcompat._src.framework import api_dispatch, composite_dispatch, dtypes, indexed_slices
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor, to_torch_value
from tfcompat._src.framework.dispatch import hooks as dispatch_hooks
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.op_def import resolve_legacy
from tfcompat._src.framework import shape_values
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.tensor import SymbolicTensor, Tensor
from tfcompat._src.framework.tensor_shape import TensorShape, dimension_value
from tfcompat._src.ops._helpers import (has_non_integer, is_tensor_like, match_dtypes, static_axis,
                                        static_int_list, to_tensor)
from tfcompat._src.ops import array_kernels  # noqa: F401 - registers the ops built here

__all__ = ["constant", "identity", "identity_n", "stop_gradient", "prevent_gradient", "placeholder",
           "placeholder_with_default", "reshape", "transpose", "matrix_transpose", "concat", "stack", "pack",
           "unstack", "unpack", "split", "squeeze", "expand_dims", "tile", "gather", "gather_nd", "slice", "shape",
           "shape_n", "size", "rank"]


def cast_if_needed(x, dtype):
    """``tf.cast`` for the wrappers below (math_ops, which holds ``cast``, sits above this module)."""
    dtype = dtypes.as_dtype(dtype)
    return x if x.dtype is dtype else apply_op("Cast", [x], {"DstT": dtype, "SrcT": x.dtype})


def _has_big_int(value) -> bool:
    """Whether a python int (or nested list of them) holds an int at or above 2**63."""
    if isinstance(value, (list, tuple)):
        return builtins.any(_has_big_int(v) for v in value)
    return type(value) is int and value >= 2 ** 63


def constant(value, dtype=None, shape=None, name="Const", verify_shape=False):
    """Mirrors ``tf.constant`` (and ``tf.compat.v1.constant``'s ``verify_shape``)."""
    if isinstance(value, Tensor) or hasattr(value, "_as_tensor"):
        t = convert_to_tensor(value)
        if dtype is not None and t.dtype is not dtypes.as_dtype(dtype):
            t = cast_if_needed(t, dtype)
        if shape is not None:
            t = reshape(t, shape)
        return t if name == "Const" else identity(t, name=name)
    if dtype is not None and dtypes.as_dtype(dtype) is dtypes.uint64 and _has_big_int(value):
        value = np.array(value, dtype=np.uint64)   # ints in [2**63, 2**64): TF takes them as uint64
    tv = to_torch_value(value, dtype, ctx_lib.current_device())
    if isinstance(tv, np.ndarray):  # tf.string: an object array of bytes (framework/string_tensor.py)
        return _string_constant(tv, value, shape, name, verify_shape)
    if shape is not None:
        shape, n = _requested_shape(shape, tv.shape, verify_shape)
        if tv.numel() == 1:
            tv = tv.reshape(()).expand(shape).clone()
        elif tv.numel() == n:
            tv = tv.reshape(shape)
        elif ctx_lib.graph_mode_graph() is not None:
            # TF's graph constants (make_tensor_proto): too many values raise, too few repeat the last one.
            if tv.numel() > n:
                raise ValueError(f"Too many elements provided. Takes at most {n}, but got {tv.numel()}.")
            flat = tv.reshape(-1)
            tv = torch.cat([flat, flat[-1:].expand(n - flat.numel())]).reshape(shape)
        else:
            raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor {value} "
                            f"(converted from {value}) has {tv.numel()} elements, but got `shape` "
                            f"{tuple(shape)} with {n} elements).")
    from tfcompat._src.framework.dispatch import wrap_constant
    return wrap_constant(tv, name, dtypes.as_dtype(dtype) if dtype is not None else None)


def _requested_shape(shape, value_shape, verify_shape: bool) -> tuple[list, int]:
    """``tf.constant``'s ``shape`` argument as a list of ints, and its element count (TypeError, with
    ``verify_shape``, when the value's shape differs)."""
    shape = [int(s) for s in (shape.as_list() if hasattr(shape, "as_list") else
                              ([shape] if isinstance(shape, int) else shape))]
    if verify_shape and list(value_shape) != shape:
        raise TypeError(f"Expected Tensor's shape: {tuple(shape)}, got {tuple(value_shape)}.")
    return shape, int(np.prod(shape)) if shape else 1


def _string_constant(arr: np.ndarray, value, shape, name, verify_shape):
    """``tf.constant`` of strings: ``shape`` as for numbers (one value fills it; in a graph too few values
    repeat the last one)."""
    from tfcompat._src.framework.dispatch import wrap_constant
    if shape is not None:
        shape, n = _requested_shape(shape, arr.shape, verify_shape)
        flat = arr.reshape(-1)
        if flat.size == 1 or flat.size == n:
            arr = np.broadcast_to(flat, (n,)).reshape(shape).copy()
        elif ctx_lib.graph_mode_graph() is not None:
            if flat.size > n:
                raise ValueError(f"Too many elements provided. Takes at most {n}, but got {flat.size}.")
            arr = np.concatenate([flat, np.repeat(flat[-1:], n - flat.size)]).reshape(shape)
        else:
            raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor {arr} "
                            f"(converted from {value}) has {flat.size} elements, but got `shape` "
                            f"{tuple(shape)} with {n} elements).")
    return wrap_constant(arr, name, dtypes.string)


def identity(input, name=None):  # noqa: A002
    """Mirrors ``tf.identity``. As TF, a composite tensor (IndexedSlices, SparseTensor, RaggedTensor) stays one:
    each component goes through its own Identity op (``name`` is not used for them, as in TF)."""
    if isinstance(input, indexed_slices.IndexedSlices):
        shape = input.dense_shape
        return indexed_slices.IndexedSlices(identity(input.values), identity(input.indices),
                                            None if shape is None else identity(shape))
    if isinstance(input, SparseTensor):
        return SparseTensor(identity(input.indices), identity(input.values), identity(input.dense_shape))
    composite = composite_dispatch.handler_for(input)
    if composite is not None:   # e.g. a RaggedTensor (see framework/composite_dispatch.py)
        return composite.map_flat(identity, input)
    return apply_op("Identity", [to_tensor(input)], name=name)


def identity_n(input, name=None):  # noqa: A002
    xs = [to_tensor(x) for x in input]
    return apply_op("IdentityN", xs, {"N": len(xs)}, name=name)


def stop_gradient(input, name=None):  # noqa: A002
    """Mirrors ``tf.stop_gradient``: gradients through it are None (detach)."""
    return apply_op("StopGradient", [to_tensor(input)], name=name)


def prevent_gradient(input, message="", name=None):  # noqa: A002
    return apply_op("PreventGradient", [to_tensor(input)], {"message": message}, name=name)


def placeholder(dtype, shape=None, name=None):
    """Mirrors ``tf.compat.v1.placeholder``; raises in eager mode as TF does."""
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        raise RuntimeError("tf.placeholder() is not compatible with eager execution.")
    shape = TensorShape(shape)
    dtype = dtypes.as_dtype(dtype)
    op_name = graph.unique_name(name or "Placeholder", mark_as_used=False)
    return apply_op("Placeholder", [], {"dtype": dtype, "shape": shape, "name": op_name}, name=name or "Placeholder")


def placeholder_with_default(input, shape, name=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.placeholder_with_default``."""
    x = to_tensor(input)
    return apply_op("PlaceholderWithDefault", [x], {"shape": TensorShape(shape)}, name=name)


@api_dispatch.add_dispatch_support
def reshape(tensor, shape, name=None):
    """Mirrors ``tf.reshape``."""
    x = to_tensor(tensor)
    s = None if has_non_integer(shape) else static_int_list(shape)
    if s is not None:
        out = apply_op("Reshape", [x], {"shape": s}, name=name)
        if isinstance(out, SymbolicTensor) and out.shape.rank is None:
            # A given shape is the output's, whatever is known of the input; a -1 is unknown unless solved
            # (the meta run solves it when the input is fully known).
            out.set_shape([None if v == -1 else v for v in s])
        return out
    shape_t = to_tensor(shape)
    out = apply_op("Reshape", [x, shape_t], name=name)
    if isinstance(out, SymbolicTensor) and out.shape.rank is None:
        _set_reshape_partial_shape(out, x, shape_t)   # (KERAS) TF's shape inference reads partial shape tensors
    return out


def _set_reshape_partial_shape(out, x, shape_t):
    """As TF's Reshape shape function (``MakeShapeFromShapeTensor``): the dims of the shape tensor known before
    running (``constant_value_as_shape``: constants, dims of static shapes, Pack/ConcatV2/StridedSlice/scalar
    arithmetic of those); one -1 is solved when the input's and the other dims' sizes are known."""
    if shape_t.shape.rank != 1:
        return
    try:
        out.set_shape(shape_values.constant_value_as_shape(shape_t, x.shape))
    except ValueError:
        pass


def transpose(a, perm=None, name="transpose", conjugate=False):
    """Mirrors ``tf.transpose`` (``perm=None`` reverses the dimensions)."""
    x = to_tensor(a)
    p = static_int_list(perm) if perm is not None and not has_non_integer(perm) else None
    if perm is not None and p is None:
        return apply_op("Transpose", [x, to_tensor(perm)], name=name)
    return apply_op("Transpose", [x], {"perm": p}, name=name)


def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    x = to_tensor(a)
    r = x.shape.rank
    perm = list(builtins.range(r - 2)) + [r - 1, r - 2]
    return transpose(x, perm, name=name)


def concat(values, axis, name="concat"):
    """Mirrors ``tf.concat`` (TF1's ``concat(concat_dim, values)`` order is detected and accepted)."""
    if isinstance(axis, (list, tuple)) and not isinstance(values, (list, tuple)):
        values, axis = axis, values  # TF < 1.0 argument order
    if isinstance(values, (list, tuple)) and isinstance(axis, (list, tuple)):
        values, axis = axis, values
    if not isinstance(values, (list, tuple)):
        values = [values]
    composite = composite_dispatch.handler_for(values)
    if composite is not None:   # e.g. RaggedTensors (see framework/composite_dispatch.py)
        return composite.concat(values, axis, name)
    vals = match_dtypes(*values)
    if len(vals) == 1:
        return identity(vals[0], name=name)
    ax = static_axis(axis)
    if hasattr(ax, "dtype"):
        return apply_op("ConcatV2", vals + [ax], {"N": len(vals)}, name=name)
    return apply_op("ConcatV2", vals, {"N": len(vals), "axis": ax}, name=name)


def stack(values, axis=0, name="stack"):
    """Mirrors ``tf.stack`` (op ``Pack``)."""
    vals = match_dtypes(*values)
    rank = vals[0].shape.rank if vals else None
    if rank is not None and not -(rank + 1) <= axis < rank + 1:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-(rank + 1)}, {rank + 1})")
    return apply_op("Pack", vals, {"N": len(vals), "axis": int(axis)}, name=name)


pack = stack
dispatch_hooks["pack"] = stack


def unstack(value, num=None, axis=0, name="unstack"):
    """Mirrors ``tf.unstack`` (op ``Unpack``)."""
    x = to_tensor(value)
    rank = x.shape.rank
    if rank is not None and not -rank <= axis < rank:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-rank}, {rank})")
    if num is None:
        num = dimension_value(x.shape[axis]) if x.shape.rank is not None else None
        if num is None:
            raise ValueError(f"Cannot infer argument `num` from shape {x.shape}")
    out = apply_op("Unpack", [x], {"num": int(num), "axis": int(axis)}, name=name)
    return out if isinstance(out, list) else [out]


unpack = unstack


def split(value, num_or_size_splits, axis=0, num=None, name="split", split_dim=None):
    """Mirrors ``tf.split``: an int splits evenly (``Split``), a list gives sizes (``SplitV``)."""
    axis = resolve_legacy("axis", axis if axis != 0 or split_dim is None else None, split_dim=split_dim) or 0
    x = to_tensor(value)
    ax = int(static_axis(axis))
    sizes = num_or_size_splits
    if isinstance(sizes, int) or (is_tensor_like(sizes) and to_tensor(sizes).shape.rank == 0):
        n = int(static_int_list(sizes)[0])
        out = apply_op("Split", [x], {"axis": ax, "num_split": n}, name=name)
    else:
        s = sizes if has_non_integer(sizes) else tuple(static_int_list(sizes))
        out = apply_op("SplitV", [x], {"sizes": s, "axis": ax}, name=name)
    return out if isinstance(out, list) else [out]


def squeeze(input, axis=None, name=None, squeeze_dims=None):  # noqa: A002
    """Mirrors ``tf.squeeze`` (TF1 ``squeeze_dims`` alias accepted)."""
    axis = resolve_legacy("axis", axis, squeeze_dims=squeeze_dims)
    x = to_tensor(input)
    dims = () if axis is None else tuple(static_int_list(axis))
    return apply_op("Squeeze", [x], {"squeeze_dims": dims}, name=name)


def _dispatch_or_raise(api, args, kwargs, error):
    """TF's fallback dispatch for an argument that is not a tensor (a RaggedTensor): the registered handler's
    result, else ``error`` (the conversion's)."""
    result = api_dispatch.dispatch(api, args, kwargs)
    if result is api_dispatch.NOT_SUPPORTED:
        raise error
    return result


def expand_dims(input, axis=None, name=None, dim=None):  # noqa: A002
    """Mirrors ``tf.expand_dims`` (TF1 ``dim`` alias accepted; a RaggedTensor ``input`` goes to the ragged
    expand_dims, by TF's fallback dispatch)."""
    axis = resolve_legacy("axis", axis, dim=dim)
    if axis is None:
        raise ValueError("Must specify an axis argument to tf.expand_dims()")
    try:
        x = to_tensor(input)
    except (TypeError, ValueError) as e:
        return _dispatch_or_raise(expand_dims, (input, axis), {"name": name}, e)
    ax = static_axis(axis)
    if hasattr(ax, "dtype"):
        return apply_op("ExpandDims", [x, ax], name=name)
    if isinstance(ax, tuple):
        ax = ax[0]
    return apply_op("ExpandDims", [x], {"axis": ax}, name=name)


def tile(input, multiples, name=None):  # noqa: A002
    """Mirrors ``tf.tile`` (a RaggedTensor ``input`` goes to the ragged tile, by TF's fallback dispatch)."""
    try:
        x = to_tensor(input)
    except (TypeError, ValueError) as e:
        return _dispatch_or_raise(tile, (input, multiples), {"name": name}, e)
    m = None if has_non_integer(multiples) else static_int_list(multiples)
    if m is None:
        return apply_op("Tile", [x, to_tensor(multiples)], name=name)
    return apply_op("Tile", [x], {"multiples": m}, name=name)


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    """Mirrors ``tf.gather`` (op ``GatherV2``); out-of-range indices raise as on TF's CPU kernel."""
    p = to_tensor(params)
    i = to_tensor(indices)
    ax = batch_dims if axis is None else int(static_axis(axis))
    if ax == 0:
        batch_dims = 0   # TF's gather drops batch_dims when the axis is the constant 0 (it gathers rows)
    if ax < 0 and p.shape.rank is not None:
        ax += p.shape.rank
    out = apply_op("GatherV2", [p, i], {"axis": ax, "batch_dims": batch_dims}, name=name)
    if ax == 0 and not batch_dims and indexed_slices.GATHER_RECORDERS and getattr(out, "_tapes", ()):
        # An eager gather a tape records: its params' gradient is an IndexedSlices in TF (autodiff/tape.py).
        indexed_slices.record_gather(p._t, i._t, out)
    return out


def gather_nd(params, indices, name=None, batch_dims=0):
    """Mirrors ``tf.gather_nd``."""
    return apply_op("GatherNd", [to_tensor(params), to_tensor(indices)], name=name)


def slice(input_, begin, size, name=None):  # noqa: A001
    """Mirrors ``tf.slice``."""
    x = to_tensor(input_)
    b, s = static_int_list(begin), static_int_list(size)
    if b is None or s is None or has_non_integer(begin) or has_non_integer(size):
        return apply_op("Slice", [x, to_tensor(begin), to_tensor(size)], name=name)
    return apply_op("Slice", [x], {"begin": b, "size": s}, name=name)


@api_dispatch.add_dispatch_support
def shape(input, name=None, out_type=dtypes.int32):  # noqa: A002
    """Mirrors ``tf.shape``. Building a graph, a fully known static shape is a ``Const`` named as the op would be
    (TF's ``shape_internal(optimize=True)``); otherwise a ``Shape`` op."""
    x = to_tensor(input)
    out_type = dtypes.as_dtype(out_type)
    if isinstance(x, SymbolicTensor) and x.shape.is_fully_defined():
        return constant(x.shape.as_list(), out_type, name=name or "Shape")
    return apply_op("Shape", [x], {"out_type": out_type}, name=name)


def shape_n(input, out_type=dtypes.int32, name=None):  # noqa: A002
    """Mirrors ``tf.shape_n``: one ``ShapeN`` op (never folded to constants, as in TF)."""
    xs = [to_tensor(x) for x in input]
    if len({x.dtype for x in xs}) > 1:   # (ShapeN's one type attribute T; raw_grad_ops registers the op)
        listed = ", ".join(x.dtype.name for x in xs)
        raise TypeError(f"Tensors in list passed to 'input' of 'ShapeN' Op have types [{listed}] that don't all "
                        f"match.")
    out = apply_op("ShapeN", xs, {"N": len(xs), "out_type": dtypes.as_dtype(out_type)}, name=name)
    return list(out) if isinstance(out, (list, tuple)) else [out]


def size(input, name=None, out_type=dtypes.int32):  # noqa: A002
    """Mirrors ``tf.size``. Building a graph, a statically known element count (every dimension known, or one
    known to be 0) is a ``Const`` named as the op would be (TF's ``size_internal(optimize=True)``)."""
    x = to_tensor(input)
    out_type = dtypes.as_dtype(out_type)
    if isinstance(x, SymbolicTensor) and x.shape.rank is not None:
        dims = x.shape.as_list()
        if None not in dims:
            return constant(int(np.prod(dims, dtype=np.int64)), out_type, name=name or "Size")
        if 0 in dims:
            return constant(0, out_type, name=name or "Size")
    return apply_op("Size", [x], {"out_type": out_type}, name=name)


def rank(input, name=None):  # noqa: A002
    """Mirrors ``tf.rank``. Building a graph, a known static rank is a ``Const`` named as the op would be (TF's
    ``rank_internal(optimize=True)``)."""
    x = to_tensor(input)
    if isinstance(x, SymbolicTensor) and x.shape.rank is not None:
        return constant(x.shape.rank, dtypes.int32, name=name or "Rank")
    return apply_op("Rank", [x], name=name)
