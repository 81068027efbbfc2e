"""``tf.debugging`` checks (ops ``Assert``, ``CheckNumerics``) and the TF1 ``tf.Print`` (op ``Print``).

As in TF's ``check_ops.py``: executing eagerly, a failed check raises InvalidArgumentError at once (rank and
shape checks raise ValueError) and the function returns None; in a graph it returns an Operation that raises
InvalidArgumentError when run (checks decidable from static shapes or constants fail while building)."""
from __future__ import annotations

import contextlib
import sys

import numpy as np
import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import apply_op, constant_value, convert_to_tensor
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import BOOL, FLOAT, Arg
from tfcompat._src.framework.string_tensor import c_escape, is_meta, kernel_numpy
from tfcompat._src.framework.tensor import EagerTensor
from tfcompat._src.ops import array_ops, control_flow_ops, math_ops, reduction_ops

__all__ = ["Assert", "Print", "assert_all_finite", "assert_equal", "assert_equal_v2", "assert_greater",
           "assert_negative", "assert_non_negative", "assert_non_positive", "assert_positive",
           "assert_greater_equal", "assert_greater_equal_v2", "assert_greater_v2", "assert_less",
           "assert_less_equal", "assert_less_equal_v2", "assert_less_v2", "assert_rank", "assert_rank_v1",
           "assert_shapes", "check_numerics", "verify_tensor_all_finite"]


def _scope(name):
    graph = ctx_lib.graph_mode_graph()
    return contextlib.nullcontext() if graph is None else graph.name_scope(name)


def _summarize(arr: np.ndarray, summarize: int) -> str:
    """TF's ``Tensor::SummarizeValue``: the first ``summarize`` elements, ``...`` when truncated."""
    flat = arr.reshape(-1)
    n = flat.size if summarize is None or summarize < 0 else min(summarize, flat.size)
    items = [_fmt(v) for v in flat[:n]]
    if arr.ndim <= 1:
        return " ".join(items) + ("..." if n < flat.size else "")
    return _nested(arr, items, 0, [0], n < flat.size)


def _nested(arr, items, dim, pos, truncated):
    if dim == arr.ndim - 1:
        out = []
        for _ in range(arr.shape[dim]):
            if pos[0] >= len(items):
                break
            out.append(items[pos[0]])
            pos[0] += 1
        return "[" + " ".join(out) + ("..." if truncated and pos[0] >= len(items) else "") + "]"
    rows = []
    for _ in range(arr.shape[dim]):
        if pos[0] >= len(items):
            break
        rows.append(_nested(arr, items, dim + 1, pos, truncated))
    return "[" + "".join(rows) + "]"


def _fmt(v) -> str:
    if isinstance(v, (bool, np.bool_)):
        return "1" if v else "0"
    if isinstance(v, np.floating):
        return f"{v:.6g}"  # TF's %g-style float printing
    if isinstance(v, bytes):
        return c_escape(v)  # TF's SummarizeValue of a string element (print_v2=false): C-escaped, unquoted
    return str(v)


# ------------------------------------------------------------------------------------------------
# ops
# ------------------------------------------------------------------------------------------------
@register_op("CheckNumerics", grad=DIFFERENTIABLE, inputs=("tensor",), types={"tensor": Arg("T", FLOAT)})
def _check_numerics(x, message):
    if x.device.type != "meta" and (x.is_floating_point() or x.is_complex()):
        if bool(torch.isnan(x).any()):
            raise errors.InvalidArgumentError(f"{message} : Tensor had NaN values")
        if bool(torch.isinf(x).any()):
            raise errors.InvalidArgumentError(f"{message} : Tensor had Inf values")
    return x


@register_op("Assert", grad=NOT_DIFFERENTIABLE, inputs=("condition", "data"), num_outputs=0,
             types={"condition": Arg(None, BOOL)}, side_effects=True,
             stateful=True, shape_fn=lambda inputs, attrs: [])
def _assert(condition, *data, template, summarize):
    if condition.device.type == "meta" or bool(condition.all()):
        return ()
    values = [kernel_numpy(d) for d in data]
    pieces = [p if isinstance(p, str) else _summarize(values[p], summarize) for p in template]
    raise errors.InvalidArgumentError("assertion failed: " + " ".join(f"[{p}]" for p in pieces))


@register_op("Print", grad=DIFFERENTIABLE, inputs=("input", "data"), same_type=(), stateful=True, side_effects=True,
             shape_fn=lambda inputs, attrs: [(inputs[0].shape, inputs[0].dtype)])
def _print(x, *data, message, first_n, summarize, counter):
    if is_meta(x):
        return x
    counter[0] += 1
    if first_n is None or first_n < 0 or counter[0] <= first_n:
        text = message + "".join(f"[{_summarize(kernel_numpy(d), summarize)}]" for d in data)
        sys.stderr.write(text + "\n")
        sys.stderr.flush()
    return x


# ------------------------------------------------------------------------------------------------
# public functions
# ------------------------------------------------------------------------------------------------
def _last_op():
    return ctx_lib.graph_mode_graph().get_operations()[-1]


def Assert(condition, data, summarize=None, name=None):  # noqa: N802 - TF's name
    """Mirrors ``tf.debugging.Assert``: InvalidArgumentError listing ``data`` when ``condition`` is False
    (now, eagerly, returning None; when run, in a graph, returning the ``Assert`` Operation)."""
    with _scope(name or "Assert"):
        condition = convert_to_tensor(condition)
        tensors, template = [], []
        for d in data:
            if isinstance(d, (str, bytes)):
                template.append(d.decode() if isinstance(d, bytes) else d)
            else:
                template.append(len(tensors))
                tensors.append(convert_to_tensor(d))
        apply_op("Assert", [condition] + tensors, {"template": template, "summarize": 3 if summarize is None
                                                   else summarize}, name="Assert")
        return None if ctx_lib.graph_mode_graph() is None else _last_op()


_BINARY = {
    "assert_equal": ("==", math_ops.equal, np.equal),
    "assert_less": ("<", math_ops.less, np.less),
    "assert_less_equal": ("<=", math_ops.less_equal, np.less_equal),
    "assert_greater": (">", math_ops.greater, np.greater),
    "assert_greater_equal": (">=", math_ops.greater_equal, np.greater_equal),
}


def _np_value(t):
    if isinstance(t, EagerTensor):
        return t.numpy()
    v = constant_value(t)
    return None if v is None else v.detach().cpu().numpy()


def _binary_assert(opname, x, y, data, summarize, message, name):
    sym, op_func, np_func = _BINARY[opname]
    with _scope(name or opname):
        x = convert_to_tensor(x, name="x")
        y = convert_to_tensor(y, name="y", dtype=x.dtype)
        xv, yv = _np_value(x), _np_value(y)
        eager = ctx_lib.graph_mode_graph() is None
        if xv is not None and yv is not None:
            ok = np_func(xv, yv)
            if np.all(ok):
                if eager:
                    return None
            elif eager:
                raise errors.InvalidArgumentError(_eager_message(message, sym, xv, yv, ok, summarize))
            else:
                raise errors.InvalidArgumentError(
                    (f"{message}\n" if message else "") + f"Condition x {sym} y did not hold element-wise:\n"
                    f"x ({x.name}) = \n{xv}\ny ({y.name}) = \n{yv}")
        if data is None:
            data = [f"Condition x {sym} y did not hold element-wise:", f"x ({x.name}) = ", x,
                    f"y ({y.name}) = ", y]
            if message:
                data.insert(0, message)
        condition = reduction_ops.reduce_all(op_func(x, y))
        return Assert(condition, data, summarize=summarize)


def _eager_message(message, sym, xv, yv, ok, summarize):
    summarize = 3 if summarize is None else summarize
    xb, yb = np.broadcast_arrays(xv, yv)
    bad = np.argwhere(~np.broadcast_to(ok, xb.shape))[:summarize]
    lines = [message] if message else []
    lines.append(f"Condition x {sym} y did not hold.")
    if xv.shape == yv.shape and xv.ndim:  # TF lists the failing indices only without broadcasting, not of scalars
        lines += [f"Indices of first {len(bad)} different values:", str(bad), "Corresponding x values:",
                  str(xb[tuple(bad.T)]), "Corresponding y values:", str(yb[tuple(bad.T)])]
    lines += [f"First {min(summarize, xv.size)} elements of x:",
              str(xv.reshape(-1)[:summarize]), f"First {min(summarize, yv.size)} elements of y:",
              str(yv.reshape(-1)[:summarize])]
    return "\n".join(lines)


def assert_equal(x, y, data=None, summarize=None, message=None, name=None):
    """Mirrors ``tf.debugging.assert_equal`` (and ``tf.compat.v1.assert_equal``)."""
    return _binary_assert("assert_equal", x, y, data, summarize, message, name)


def assert_less(x, y, data=None, summarize=None, message=None, name=None):
    """Mirrors ``tf.debugging.assert_less``."""
    return _binary_assert("assert_less", x, y, data, summarize, message, name)


def assert_less_equal(x, y, data=None, summarize=None, message=None, name=None):
    """Mirrors ``tf.debugging.assert_less_equal``."""
    return _binary_assert("assert_less_equal", x, y, data, summarize, message, name)


def assert_greater(x, y, data=None, summarize=None, message=None, name=None):
    """Mirrors ``tf.debugging.assert_greater``."""
    return _binary_assert("assert_greater", x, y, data, summarize, message, name)


def assert_greater_equal(x, y, data=None, summarize=None, message=None, name=None):
    """Mirrors ``tf.debugging.assert_greater_equal``."""
    return _binary_assert("assert_greater_equal", x, y, data, summarize, message, name)


def assert_equal_v2(x, y, message=None, summarize=None, name=None):
    """Mirrors ``tf.debugging.assert_equal`` (TF2 signature; TF1's is :func:`assert_equal`)."""
    return assert_equal(x, y, summarize=summarize, message=message, name=name)


def assert_less_v2(x, y, message=None, summarize=None, name=None):
    """Mirrors ``tf.debugging.assert_less`` (TF2 signature)."""
    return assert_less(x, y, summarize=summarize, message=message, name=name)


def assert_less_equal_v2(x, y, message=None, summarize=None, name=None):
    """Mirrors ``tf.debugging.assert_less_equal`` (TF2 signature)."""
    return assert_less_equal(x, y, summarize=summarize, message=message, name=name)


def assert_greater_v2(x, y, message=None, summarize=None, name=None):
    """Mirrors ``tf.debugging.assert_greater`` (TF2 signature)."""
    return assert_greater(x, y, summarize=summarize, message=message, name=name)


def assert_greater_equal_v2(x, y, message=None, summarize=None, name=None):
    """Mirrors ``tf.debugging.assert_greater_equal`` (TF2 signature)."""
    return assert_greater_equal(x, y, summarize=summarize, message=message, name=name)


def assert_positive(x, message=None, summarize=None, name=None):
    """Mirrors ``tf.debugging.assert_positive``: x > 0 everywhere (InvalidArgumentError otherwise)."""
    x = convert_to_tensor(x)
    return assert_less(array_ops.zeros_like(x), x, message=message, summarize=summarize,
                       name=name or "assert_positive")


def assert_negative(x, message=None, summarize=None, name=None):
    """Mirrors ``tf.debugging.assert_negative``: x < 0 everywhere."""
    x = convert_to_tensor(x)
    return assert_less(x, array_ops.zeros_like(x), message=message, summarize=summarize,
                       name=name or "assert_negative")


def assert_non_negative(x, message=None, summarize=None, name=None):
    """Mirrors ``tf.debugging.assert_non_negative``: x >= 0 everywhere."""
    x = convert_to_tensor(x)
    return assert_less_equal(array_ops.zeros_like(x), x, message=message, summarize=summarize,
                             name=name or "assert_non_negative")


def assert_non_positive(x, message=None, summarize=None, name=None):
    """Mirrors ``tf.debugging.assert_non_positive``: x <= 0 everywhere."""
    x = convert_to_tensor(x)
    return assert_less_equal(x, array_ops.zeros_like(x), message=message, summarize=summarize,
                             name=name or "assert_non_positive")


def assert_rank_v1(x, rank, data=None, summarize=None, message=None, name=None):
    """Mirrors ``tf.compat.v1.assert_rank`` (TF1 signature; ``data``/``summarize`` only feed the run-time
    check's message in TF)."""
    return assert_rank(x, rank, message=message, name=name)


def assert_rank(x, rank, message=None, name=None):
    """Mirrors ``tf.debugging.assert_rank``: ValueError when the static rank differs; a run-time check when the
    rank is unknown. Returns None eagerly, else an Operation (``static_checks_determined_all_ok`` NoOp)."""
    with _scope(name or "assert_rank"):
        x = convert_to_tensor(x)
        eager = ctx_lib.graph_mode_graph() is None
        if x.shape.rank is not None:
            if x.shape.rank != int(rank):
                label = "" if eager else x.name
                raise ValueError((f"{message}.  " if message else "") + f"Tensor {label} must have rank {rank}."
                                 f"  Received rank {x.shape.rank}, shape {x.shape}")
            return None if eager else control_flow_ops.no_op(name="static_checks_determined_all_ok")
        condition = math_ops.equal(array_ops.rank(x), rank)
        return Assert(condition, [message or f"Tensor {x.name} must have rank", rank, "Received shape: ",
                                  array_ops.shape(x)])


def assert_shapes(shapes, data=None, summarize=None, message=None, name=None):
    """Mirrors ``tf.debugging.assert_shapes`` for statically known shapes: symbolic dimensions (strings) must
    agree across tensors, ``'.'`` matches anything. Dimensions unknown before running are not checked (TF adds
    run-time asserts for them). Returns None eagerly, else a NoOp Operation."""
    items = list(shapes.items()) if isinstance(shapes, dict) else list(shapes)
    sizes: dict = {}
    for tensor, spec in items:
        t = convert_to_tensor(tensor)
        spec = tuple(spec) if not isinstance(spec, str) else tuple(spec)
        if t.shape.rank is None:
            continue
        if len(spec) != t.shape.rank and "*" not in spec:
            raise ValueError((f"{message}.  " if message else "") + f"Specified by tensor {_desc(t)} rank "
                             f"{len(spec)}.  Tensor {_desc(t)} must have rank {len(spec)}.  Received rank "
                             f"{t.shape.rank}, shape {t.shape}")
        for i, (d, s) in enumerate(zip(t.shape.as_list(), spec)):
            if s == "." or d is None:
                continue
            if isinstance(s, str):
                if s in sizes and sizes[s][0] != d:
                    first, j = sizes[s][1], sizes[s][2]
                    raise ValueError(
                        (f"{message}.  " if message else "") + f"Specified by tensor {_desc(first)} dimension {j}"
                        f".  Tensor {_desc(t)} dimension {i} must have size {sizes[s][0]}.  Received size {d}, "
                        f"shape {t.shape}")
                sizes.setdefault(s, (d, t, i))
            elif int(s) != d:
                raise ValueError((f"{message}.  " if message else "") + f"Tensor {_desc(t)} dimension {i} must "
                                 f"have size {s}.  Received size {d}, shape {t.shape}")
    return None if ctx_lib.graph_mode_graph() is None else control_flow_ops.no_op(name=name or "assert_shapes")


def _desc(t):
    if isinstance(t, EagerTensor):
        return f"shape={t.shape} dtype={t.dtype.name}"
    return t.name


def check_numerics(tensor, message, name=None):
    """Mirrors ``tf.debugging.check_numerics``: the tensor, or InvalidArgumentError ``"<message> : Tensor had
    NaN values"`` (or Inf) for a floating tensor with NaN/Inf (now, eagerly; when run, in a graph)."""
    return apply_op("CheckNumerics", [convert_to_tensor(tensor)], {"message": message}, name=name)


def assert_all_finite(x, message, name=None):
    """Mirrors ``tf.debugging.assert_all_finite`` (TF2): ``check_numerics``."""
    return check_numerics(x, message, name=name)


def verify_tensor_all_finite(t=None, msg=None, name=None, x=None, message=None):
    """Mirrors ``tf.compat.v1.verify_tensor_all_finite`` (``tf.compat.v1.debugging.assert_all_finite``)."""
    t = x if t is None else t
    msg = message if msg is None else msg
    with _scope(name or "VerifyFinite"):
        return check_numerics(t, msg)


def Print(input_, data, message=None, first_n=None, summarize=None, name=None):  # noqa: N802 - TF's name
    """Mirrors the deprecated ``tf.compat.v1.Print``: an identity of ``input_`` that writes ``message`` and the
    first ``summarize`` (default 3) values of each ``data`` tensor to stderr each time it runs (only the first
    ``first_n`` times when given). Gradients flow to ``input_`` only."""
    x = convert_to_tensor(input_)
    tensors = [convert_to_tensor(d) for d in (data or [])]
    attrs = {"message": message or "", "first_n": first_n, "summarize": 3 if summarize is None else summarize,
             "counter": [0]}
    return apply_op("Print", [x] + tensors, attrs, name=name)
