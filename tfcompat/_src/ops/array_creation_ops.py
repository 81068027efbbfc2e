"""Array creation wrappers mirroring TF's ``array_ops``: fill, zeros/ones, zeros_like/ones_like, one_hot,
where, range, linspace.

The ops they build are defined in array_kernels.py; array_ops.py re-exports these (TF's ``array_ops`` surface)."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import api_dispatch, composite_dispatch, dtypes
from tfcompat._src.framework.dispatch import apply_op, constant_value
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor import SymbolicTensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops._helpers import has_non_integer, is_tensor_like, match_dtypes, static_int_list, to_tensor
from tfcompat._src.ops import array_kernels  # noqa: F401 - registers the ops built here
from tfcompat._src.ops.array_basic_ops import cast_if_needed, constant

__all__ = ["fill", "zeros", "ones", "zeros_like", "ones_like", "one_hot", "where", "where_v1", "range", "linspace",
           "lin_space"]


def _shape_arg(shape):
    """A shape argument as a python int list, or None when it is only known at run time or is not integral
    (then it goes to the op as a tensor and the op's dtype check rejects it)."""
    if isinstance(shape, TensorShape):
        if not shape.is_fully_defined():
            raise ValueError(f"Cannot convert a partially known TensorShape {_tuple_str(shape)} to a Tensor.")
        return shape.as_list()
    nested = isinstance(shape, (list, tuple)) and any(isinstance(d, (list, tuple)) for d in shape)
    if nested or has_non_integer(shape):
        return None
    return static_int_list(shape)


def _tuple_str(shape) -> str:
    dims = shape.as_list() if shape.rank is not None else []
    return "(" + ", ".join(str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"


def _python_shape_int32(shape):
    """zeros/ones convert a python shape to int32 as TF does: TypeError for floats."""
    if has_non_integer(shape) and not is_tensor_like(shape):
        raise TypeError(f"Cannot convert {shape!r} to EagerTensor of dtype int32")


@api_dispatch.add_dispatch_support
def fill(dims, value, name=None, layout=None):
    """Mirrors ``tf.fill``."""
    v = to_tensor(value)
    d = _shape_arg(dims)
    if d is None:
        return apply_op("Fill", [to_tensor(dims), v], name=name)
    return apply_op("Fill", [v], {"dims": d}, name=name)


@api_dispatch.add_dispatch_support
def zeros(shape, dtype=dtypes.float32, name=None, layout=None):
    """Mirrors ``tf.zeros``."""
    dtype = dtypes.as_dtype(dtype)
    _python_shape_int32(shape)
    d = _shape_arg(shape)
    if d is not None:
        out = _constant_if_small(b"" if dtype is dtypes.string else False if dtype.is_bool else 0, d, dtype,
                                 name or "zeros")
        if out is not None:
            return out
    if d is None or dtype is dtypes.string:   # TF's zero of tf.string is b""
        return fill(shape, constant(b"" if dtype is dtypes.string else 0, dtype=dtype), name=name)
    return apply_op("Fill", [], {"dims": d, "value": False if dtype.is_bool else 0, "dtype": dtype},
                    name=name or "zeros")


@api_dispatch.add_dispatch_support
def ones(shape, dtype=dtypes.float32, name=None, layout=None):
    """Mirrors ``tf.ones`` (a string dtype raises TF's conversion TypeError for the value 1)."""
    dtype = dtypes.as_dtype(dtype)
    if dtype == dtypes.string:
        raise TypeError("Cannot convert 1 to EagerTensor of dtype string" if ctx_lib.graph_mode_graph() is None
                        else "Expected string, but got 1 of type 'int'.")
    _python_shape_int32(shape)
    d = _shape_arg(shape)
    if d is not None:
        out = _constant_if_small(True if dtype.is_bool else 1, d, dtype, name or "ones")
        if out is not None:
            return out
    if d is None:
        return fill(shape, constant(1, dtype=dtype), name=name)
    return apply_op("Fill", [], {"dims": d, "value": True if dtype.is_bool else 1, "dtype": dtype},
                    name=name or "ones")


def _constant_if_small(value, dims, dtype, name):
    """TF's ``_constant_if_small``: building a graph, zeros/ones of a python shape with fewer than 1000 elements
    are one Const (a Fill otherwise, and always when executing eagerly); None when not small."""
    if ctx_lib.graph_mode_graph() is None or int(np.prod(dims, dtype=np.int64)) >= 1000:
        return None
    return constant(value, dtype=dtype, shape=dims, name=name)


def _static_shape_folds(x) -> bool:
    """Whether TF's ``*_like(optimize=True)`` builds from ``x``'s static shape: a graph tensor of fully known
    shape (not a resource or variant handle)."""
    return isinstance(x, SymbolicTensor) and x.shape.is_fully_defined() and \
        x.dtype.name not in ("resource", "variant")


def zeros_like(input, dtype=None, name=None, optimize=True, layout=None):  # noqa: A002
    """Mirrors ``tf.zeros_like``; building a graph, a fully known shape gives ``tf.zeros`` of it (a Const when
    small), as TF's ``zeros_like_impl``."""
    composite = composite_dispatch.handler_for(input)
    if composite is not None:
        return composite.map_flat(zeros_like, input, dtype=dtype, name=name)
    x = to_tensor(input)
    if optimize and _static_shape_folds(x):
        return zeros(x.shape.as_list(), dtype or x.dtype, name=name or "zeros_like")
    attrs = {"dtype": dtypes.as_dtype(dtype)} if dtype is not None else {}
    return apply_op("ZerosLike", [x], attrs, name=name or "zeros_like")


def ones_like(input, dtype=None, name=None, optimize=True, layout=None):  # noqa: A002
    """Mirrors ``tf.ones_like``. Building a graph from a fully known shape, a ``Fill`` named as TF's
    ``ones_like_impl`` builds it (its dims an attribute: known deviation "graph-static-arguments-as-attributes");
    otherwise a ``OnesLike`` op (TF: a Fill of a Shape op, the same value)."""
    composite = composite_dispatch.handler_for(input)
    if composite is not None:
        return composite.map_flat(ones_like, input, dtype=dtype, name=name)
    x = to_tensor(input)
    if optimize and _static_shape_folds(x) and x.dtype is not dtypes.string:
        dt = dtypes.as_dtype(dtype) if dtype is not None else x.dtype
        with name_scope(name, "ones_like", [x]) as scope:
            one = constant(True if dt.is_bool else 1, dtype=dt)
            return apply_op("Fill", [one], {"dims": x.shape.as_list()}, name=scope)
    attrs = {"dtype": dtypes.as_dtype(dtype)} if dtype is not None else {}
    return apply_op("OnesLike", [x], attrs, name=name or "ones_like")


_ONE_HOT_INDEX_DTYPES = frozenset(np.dtype(t) for t in (np.uint8, np.int8, np.int32, np.int64))


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    """Mirrors ``tf.one_hot`` (float32 by default; out-of-range indices give all-off rows). As TF, the op is
    built in a ``one_hot`` name scope (the node is ``one_hot``); default on/off values are constants named
    ``on_value``/``off_value`` there. (``depth`` is an attribute here, not a ``depth`` Const input.)"""
    with name_scope(name, "one_hot", [indices, depth, on_value, off_value]) as scope:
        want = None if dtype is None else dtypes.as_dtype(dtype)
        # (TF converts given values by ops.convert_to_tensor: 'Const' in the scope, not '<op>/on_value')
        on = None if on_value is None else to_tensor(on_value, dtype=None if is_tensor_like(on_value) else want,
                                                     name="Const")
        off = None if off_value is None else to_tensor(off_value, dtype=None if is_tensor_like(off_value) else want,
                                                       name="Const")
        if want is None:  # TF: the dtype of on_value, else of off_value, else float32
            want = on.dtype if on is not None else off.dtype if off is not None else dtypes.float32
        if on is None:
            on = to_tensor(1, dtype=want, name="on_value")
        if off is None:
            off = to_tensor(0, dtype=want, name="off_value")
        if isinstance(indices, (np.ndarray, np.generic)) and indices.dtype not in _ONE_HOT_INDEX_DTYPES:
            indices = indices.astype(np.int64)  # TF: OneHot's TI is uint8/int8/int32/int64; others cast (floats truncate)
        elif isinstance(indices, float) and ctx_lib.executing_eagerly():
            raise TypeError(f"Cannot convert {indices!r} to EagerTensor of dtype int64")
        idx = to_tensor(indices, name="indices")
        d = depth if has_non_integer(depth) else int(static_int_list(depth)[0])
        return apply_op("OneHot", [idx, on, off], {"depth": d, "axis": -1 if axis is None else int(axis)},
                        name=scope or None)


def where(condition, x=None, y=None, name=None):
    """Mirrors ``tf.where`` (TF2: broadcasting ``SelectV2``; with only ``condition``, the true indices)."""
    cond = to_tensor(condition)
    if x is None and y is None:
        return apply_op("Where", [cond], name=name)
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    xt, yt = match_dtypes(x, y)
    return apply_op("SelectV2", [cond, xt, yt], name=name)


def where_v1(condition, x=None, y=None, name=None):
    """Mirrors ``tf.compat.v1.where`` (op ``Select``: no broadcasting, vector condition selects rows)."""
    cond = to_tensor(condition)
    if x is None and y is None:
        return apply_op("Where", [cond], name=name)
    xt, yt = match_dtypes(x, y)
    return apply_op("Select", [cond, xt, yt], name=name)


def range(start, limit=None, delta=1, dtype=None, name="range"):  # noqa: A001
    """Mirrors ``tf.range`` (int32 for python ints, float32 if any argument is a float)."""
    if limit is None:
        start, limit = 0, start
    vals = [start, limit, delta]
    if dtype is None:
        kinds = []
        for v in vals:
            if is_tensor_like(v):
                kinds.append(to_tensor(v).dtype)
            elif isinstance(v, float):
                kinds.append(dtypes.float32)
            else:
                kinds.append(dtypes.int32)
        order = [dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64]
        dtype = max(kinds, key=lambda d: order.index(d) if d in order else 0)
    dtype = dtypes.as_dtype(dtype)
    statics = []
    for v in vals:
        if is_tensor_like(v):
            cv = constant_value(to_tensor(v))
            if cv is None:
                dyn = [cast_if_needed(to_tensor(u) if is_tensor_like(u) else constant(u, dtype=dtype), dtype)
                       for u in vals]
                return apply_op("Range", dyn, {"dtype": dtype}, name=name)
            statics.append(cv.item())
        else:
            statics.append(v)
    return apply_op("Range", [], {"start": statics[0], "limit": statics[1], "delta": statics[2],
                                  "dtype": dtype}, name=name)


def linspace(start, stop, num, name=None, axis=0):
    """Mirrors ``tf.linspace``."""
    s, e = (float(constant_value(to_tensor(v))) if is_tensor_like(v) else float(v) for v in (start, stop))
    dtype = to_tensor(start).dtype if is_tensor_like(start) else dtypes.float32
    if dtype.is_integer:   # TF computes integer endpoints in float64
        dtype = dtypes.float64
    n = int(static_int_list(num)[0])
    return apply_op("LinSpace", [], {"start": s, "stop": e, "num": n, "dtype": dtype}, name=name)


lin_space = linspace
