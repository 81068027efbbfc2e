"""One dispatch entry for every op, eager and graph: ``apply_op``.

Mode checks live here and nowhere else. Eager: run the kernel on torch tensors now, recording on the active
GradientTapes. Graph: add an Operation to the graph, inferring static shapes with a meta-device run."""
from __future__ import annotations

import numbers

import numpy as np
import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework import op_def as op_def_lib
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor, Tensor
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["apply_op", "convert_to_tensor", "constant_value"]

_ctx = ctx_lib.context()
_REGISTRY = op_def_lib.REGISTRY
_DIFFERENTIABLE = op_def_lib.DIFFERENTIABLE
_NOT_DIFFERENTIABLE = op_def_lib.NOT_DIFFERENTIABLE

# Installed by the autodiff layer: runs a kernel under a user gradient function (RegisterGradient +
# gradient_override_map). Signature: (op_info, run_kernel, torch_inputs, grad_name) -> tuple of outputs.
hooks = {"user_gradient": None}
# gradient_override_map scopes entered while executing eagerly (op type -> gradient name dicts).
EAGER_OVERRIDE_MAPS: list = []


# ------------------------------------------------------------------------------------------------
# conversion
# ------------------------------------------------------------------------------------------------
_INT32_MIN, _INT32_MAX = -(2 ** 31), 2 ** 31 - 1


def _infer_python_dtype(value):
    """TF's dtype for python values: float -> float32, int -> int32 (int64 when too large), bool -> bool."""
    if isinstance(value, bool):
        return dtypes.bool_
    if isinstance(value, int):
        return dtypes.int32 if _INT32_MIN <= value <= _INT32_MAX else dtypes.int64
    if isinstance(value, float):
        return dtypes.float32
    if isinstance(value, complex):
        return dtypes.complex128
    if isinstance(value, np.generic):
        return dtypes.as_dtype(value.dtype)
    if isinstance(value, np.ndarray):
        return dtypes.as_dtype(value.dtype)
    if isinstance(value, (list, tuple)):
        kinds = set()
        _collect_kinds(value, kinds)
        if not kinds:
            return dtypes.float32
        if "tensor" in kinds:
            return None
        if "s" in kinds:
            return dtypes.string
        if "c" in kinds:
            return dtypes.complex128
        if "f" in kinds:
            return dtypes.float32
        if "i" in kinds:
            return dtypes.int64 if "big" in kinds else dtypes.int32
        return dtypes.bool_
    if isinstance(value, (str, bytes)):
        return dtypes.string
    return None


def _collect_kinds(value, kinds):
    for v in value:
        if isinstance(v, (list, tuple)):
            _collect_kinds(v, kinds)
        elif isinstance(v, bool) or isinstance(v, np.bool_):
            kinds.add("b")
        elif isinstance(v, (int, np.integer)):
            kinds.add("i")
            if not _INT32_MIN <= int(v) <= _INT32_MAX:
                kinds.add("big")
        elif isinstance(v, (float, np.floating)):
            kinds.add("f")
        elif isinstance(v, complex):
            kinds.add("c")
        elif isinstance(v, (str, bytes)):
            kinds.add("s")
        elif isinstance(v, Tensor) or hasattr(v, "_as_tensor"):
            kinds.add("tensor")
        elif isinstance(v, np.ndarray):
            kinds.add({"f": "f", "i": "i", "u": "i", "b": "b", "c": "c"}.get(v.dtype.kind, "s"))
        else:
            raise TypeError(f"Attempt to convert a value ({v!r}) with an unsupported type "
                            f"({type(v)}) to a Tensor.")


def _python_to_torch(value, dtype: dtypes.DType, device) -> torch.Tensor:
    if dtype.torch_dtype is None:
        raise TypeError(f"tfcompat does not support {dtype.name} tensors (no torch equivalent).")
    if isinstance(value, np.ndarray) or isinstance(value, np.generic):
        arr = value
    else:
        arr = np.asarray(value)
    if arr.dtype.kind == "f" and dtype.is_integer:
        if not np.all(np.equal(np.mod(arr, 1), 0)):
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
    if arr.dtype.kind in ("f", "c") and dtype.is_bool:
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype bool")
    if arr.dtype.kind == "c" and not dtype.is_complex:
        raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
    if dtype.is_integer and arr.dtype.kind in "iu" and arr.size:
        info = np.iinfo(dtype.np_dtype)
        if arr.min() < info.min or arr.max() > info.max:
            raise ValueError(f"Can't convert Python int to {dtype.name} tensor: value out of range "
                             f"({value!r}).")
    if dtype is dtypes.bfloat16:
        return torch.as_tensor(arr.astype(np.float32), device=device).to(torch.bfloat16)
    arr = np.asarray(arr, dtype=dtype.np_dtype)
    t = torch.from_numpy(np.ascontiguousarray(arr)) if arr.ndim else torch.tensor(arr.item(), dtype=dtype.torch_dtype)
    return t.to(device) if device is not None and device.type != "cpu" else t


def to_torch_value(value, dtype=None, device=None) -> torch.Tensor:
    """A python/numpy value as a torch tensor with TF's dtype inference."""
    if dtype is None:
        dtype = _infer_python_dtype(value)
        if dtype is None:
            raise TypeError(f"Attempt to convert a value ({value!r}) with an unsupported type "
                            f"({type(value)}) to a Tensor.")
    else:
        dtype = dtypes.as_dtype(dtype)
        inferred = _infer_python_dtype(value)
        if inferred is dtypes.string and dtype is not dtypes.string:
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
    return _python_to_torch(value, dtype, device)


def convert_to_tensor(value, dtype=None, name=None, preferred_dtype=None, dtype_hint=None) -> Tensor:
    """Mirrors ``tf.convert_to_tensor``: an eager tensor when executing eagerly, else a graph Const."""
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
    hint = dtype_hint or preferred_dtype
    if isinstance(value, Tensor):
        if dtype is not None and value.dtype is not dtype:
            raise ValueError(f"Tensor conversion requested dtype {dtype.name} for Tensor with dtype "
                             f"{value.dtype.name}: {value!r}")
        graph = ctx_lib.graph_mode_graph()
        if graph is not None and isinstance(value, EagerTensor):
            return capture(graph, value, name)
        return value
    as_tensor = getattr(value, "_as_tensor", None)
    if as_tensor is not None:  # Variables and other tensor-like objects
        t = as_tensor()
        if dtype is not None and t.dtype is not dtype:
            raise ValueError(f"Tensor conversion requested dtype {dtype.name} for variable with dtype "
                             f"{t.dtype.name}: {value!r}")
        return t
    if isinstance(value, torch.Tensor):
        t = value if dtype is None else value.to(dtype.torch_dtype)
        return wrap_constant(t, name)
    if isinstance(value, (list, tuple)) and _has_tensors(value):
        from tfcompat._src.ops import array_ops  # auto-packing of lists of tensors, as TF does
        return array_ops.stack(value, name=name or "packed")
    if dtype is None and hint is not None:
        hint = dtypes.as_dtype(hint)
        try:
            t = to_torch_value(value, hint, ctx_lib.current_device())
            return wrap_constant(t, name, hint)
        except (TypeError, ValueError):
            pass
    t = to_torch_value(value, dtype, ctx_lib.current_device())
    return wrap_constant(t, name, dtype)


def _has_tensors(value):
    for v in value:
        if isinstance(v, Tensor) or hasattr(v, "_as_tensor"):
            return True
        if isinstance(v, (list, tuple)) and _has_tensors(v):
            return True
    return False


def wrap_constant(t: torch.Tensor, name=None, dtype=None) -> Tensor:
    """A torch value as an eager tensor, or as a Const op in the graph being built."""
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        return EagerTensor(t, dtype)
    return apply_op("Const", [], {"value": t, "dtype": dtype or dtypes.from_torch(t.dtype)},
                    name=name or "Const")


def capture(graph, value: EagerTensor, name=None) -> SymbolicTensor:
    """An eager tensor used while building a graph becomes a constant of that graph (captured by value)."""
    key = id(value)
    cached = graph._captures.get(key)
    if cached is not None and cached[0] is value:
        return cached[1]
    with ctx_lib.push_graph(graph):
        sym = apply_op("Const", [], {"value": value._t.detach(), "dtype": value.dtype}, name=name or "Const")
    graph._captures[key] = (value, sym)
    return sym


def constant_value(tensor):
    """The torch value of a tensor known before running (eager value or graph Const), else None."""
    if isinstance(tensor, EagerTensor):
        return tensor._t
    if isinstance(tensor, SymbolicTensor):
        op = tensor.op
        if op.type == "Const":
            return op.attrs["value"]
        fold = getattr(op.op_def, "fold", None)
    return None


# ------------------------------------------------------------------------------------------------
# dtype checks
# ------------------------------------------------------------------------------------------------
def _check_types(op_def, inputs, eager, name):
    for group in op_def.same_type:
        first = None
        for i in group:
            if i >= len(inputs):
                break
            dt = inputs[i].dtype
            if first is None:
                first = (i, dt)
            elif dt is not first[1]:
                if eager:
                    raise errors.InvalidArgumentError(
                        f"cannot compute {op_def.name} as input #{i}(zero-based) was expected to be a "
                        f"{first[1].name} tensor but is a {dt.name} tensor [Op:{op_def.name}] name: "
                        f"{name or ''}")
                names = op_def.input_names
                a = names[i] if i < len(names) else f"input_{i}"
                b = names[first[0]] if first[0] < len(names) else f"input_{first[0]}"
                raise TypeError(f"Input '{a}' of '{op_def.name}' Op has type {dt.name} that does not match "
                                f"type {first[1].name} of argument '{b}'.")


# ------------------------------------------------------------------------------------------------
# kernels and gradient status
# ------------------------------------------------------------------------------------------------
class _NoGradient(torch.autograd.Function):
    """Identity forward; raises TF's LookupError if a gradient ever has to flow back through it."""

    @staticmethod
    def forward(ctx, op_type, op_name, *outs):
        ctx.op_type, ctx.op_name = op_type, op_name
        return tuple(o.view_as(o) for o in outs) if len(outs) > 1 else outs[0].view_as(outs[0])

    @staticmethod
    def backward(ctx, *grads):
        raise LookupError(
            f"No gradient defined for operation '{ctx.op_name}' (op type: {ctx.op_type}). In general every "
            f"operation must have an associated `@tf.RegisterGradient` for correct autodiff, which this op "
            f"is lacking. If you want to pretend this operation is a constant in your program, you may "
            f"insert `tf.stop_gradient`.")


def finish_outputs(op_def, outs: tuple, op_name: str) -> tuple:
    """Applies the op's gradient status to the kernel's outputs (shared by eager dispatch and the executor)."""
    grad = op_def.grad
    if grad is _DIFFERENTIABLE:
        return outs
    if grad is _NOT_DIFFERENTIABLE:
        return tuple(o.detach() if o.requires_grad else o for o in outs)
    if any(o.requires_grad for o in outs):
        res = _NoGradient.apply(op_def.name, op_name, *outs)
        return res if isinstance(res, tuple) else (res,)
    return outs


def bind_kernel(op_def, attrs, op_name, op_info=None, grad_override=None):
    """A callable ``(*torch_inputs) -> tuple`` running one op with its attributes and gradient status."""
    kernel = op_def.kernel
    attrs = dict(attrs)
    n_out = op_def.n_outputs(attrs)
    plain = op_def.grad is _DIFFERENTIABLE and grad_override is None

    if n_out == 1 and not callable(op_def.num_outputs):
        def run(*ts):
            return (kernel(*ts, **attrs),)
    elif n_out == 1:
        def run(*ts):
            r = kernel(*ts, **attrs)
            return r if type(r) is tuple else (r,)
    else:
        def run(*ts):
            return tuple(kernel(*ts, **attrs))
    if plain:
        return run
    if grad_override is not None:
        user = hooks["user_gradient"]

        def run_override(*ts):
            return user(op_info, run, ts, grad_override)
        return run_override

    def run_finished(*ts):
        return finish_outputs(op_def, run(*ts), op_name)
    return run_finished


# ------------------------------------------------------------------------------------------------
# apply_op
# ------------------------------------------------------------------------------------------------
def apply_op(op_type: str, inputs, attrs=None, name=None):
    """Runs (eager) or adds (graph) op ``op_type``; returns a tensor, or a list for multi-output ops."""
    op_def = _REGISTRY[op_type]
    if attrs is None:
        attrs = {}
    graph = _ctx.graph_stack[-1] if _ctx.graph_stack else ctx_lib.graph_mode_graph()
    if graph is None:
        for x in inputs:
            if isinstance(x, SymbolicTensor):
                graph = x.graph
                break
    if graph is not None:
        return _graph_apply(graph, op_def, inputs, attrs, name)
    return _eager_apply(op_def, inputs, attrs, name)


def _eager_apply(op_def, inputs, attrs, name):
    ts = []
    for x in inputs:
        if type(x) is not EagerTensor:
            x = convert_to_tensor(x)
        ts.append(x._t)
    if len(op_def.same_type) and len(inputs) > 1:
        _check_types(op_def, inputs, True, name)
    if op_def.creates and "device" not in attrs:
        attrs["device"] = ctx_lib.current_device()
    tapes = _ctx.recording_tapes
    tracked = ()
    if tapes:
        tracked = _tracking_tapes(inputs, tapes)
    override = None
    if EAGER_OVERRIDE_MAPS:
        for m in reversed(EAGER_OVERRIDE_MAPS):
            if op_def.name in m:
                override = m[op_def.name]
                break
    try:
        if override is not None:
            from tfcompat._src.framework.eager_op import EagerOpInfo
            info = EagerOpInfo(op_def, inputs, attrs, name)
            run = bind_kernel(op_def, attrs, name or op_def.name, info, override)
            with torch.set_grad_enabled(bool(tracked)):
                outs = run(*ts)
            info.set_outputs(outs)
        elif tracked:
            with torch.enable_grad():
                outs = op_def.kernel(*ts, **attrs)
        else:
            with torch.no_grad():
                outs = op_def.kernel(*ts, **attrs)
    except (errors.OpError, TypeError, ValueError, LookupError, NotImplementedError):
        raise
    except (RuntimeError, IndexError) as e:
        raise errors.InvalidArgumentError(f"{e} [Op:{op_def.name}]" + (f" name: {name}" if name else "")) \
            from e
    single = type(outs) is torch.Tensor
    if single:
        outs = (outs,)
    if op_def.grad is not _DIFFERENTIABLE and tracked and override is None:
        outs = finish_outputs(op_def, outs, name or op_def.name)
    res = [EagerTensor(o, None, tracked if (tracked and o.requires_grad) else ()) for o in outs]
    return res[0] if single and op_def.n_outputs(attrs) == 1 else res


def _tracking_tapes(inputs, recording):
    """Ids of the recording tapes that track at least one input (TF's tape: recorded iff watched)."""
    if len(recording) == 1:
        tid = recording[0]
        for x in inputs:
            tp = getattr(x, "_tapes", ())
            if tp and tid in tp:
                return (tid,)
        return ()
    found = []
    for tid in recording:
        for x in inputs:
            tp = getattr(x, "_tapes", ())
            if tp and tid in tp:
                found.append(tid)
                break
    return tuple(found)


def _graph_apply(graph, op_def, inputs, attrs, name):
    sym = []
    for x in inputs:
        if isinstance(x, SymbolicTensor):
            if x.graph is not graph:
                raise ValueError(f"Tensor {x!r} must be from the same graph as the other inputs of "
                                 f"{op_def.name} ({x.graph} is not {graph}).")
            sym.append(x)
        elif isinstance(x, EagerTensor):
            sym.append(capture(graph, x))
        else:
            with ctx_lib.push_graph(graph):
                sym.append(convert_to_tensor(x))
    if op_def.same_type and len(sym) > 1:
        _check_types(op_def, sym, False, name)
    if op_def.creates and "device" not in attrs:
        attrs["device"] = ctx_lib.current_device()
    specs = infer_output_specs(op_def, sym, attrs)
    op_name = graph.unique_name(name or op_def.name)
    op = graph._add_op(op_def, op_name, sym, attrs, specs)
    outs = op.outputs
    return outs[0] if op_def.n_outputs(attrs) == 1 else list(outs)


# ------------------------------------------------------------------------------------------------
# static shape inference
# ------------------------------------------------------------------------------------------------
# Unknown dimensions run on the meta device as a large prime; an output dimension divisible by it is unknown.
_UNKNOWN = 8191


def infer_output_specs(op_def, inputs, attrs):
    n_out = op_def.n_outputs(attrs)
    if op_def.shape_fn is not None:
        return op_def.shape_fn(inputs, attrs)
    try:
        return _meta_specs(op_def, inputs, attrs, consts=False)
    except Exception:
        pass
    try:
        return _meta_specs(op_def, inputs, attrs, consts=True)
    except Exception:
        dt = inputs[0].dtype if inputs else dtypes.float32
        return [(TensorShape(None), dt)] * n_out


def _meta_specs(op_def, inputs, attrs, consts):
    args = []
    for x in inputs:
        cv = constant_value(x) if consts else None
        if cv is not None:
            args.append(cv.cpu())
            continue
        if x.shape.rank is None:
            raise ValueError("unknown rank")
        dims = [_UNKNOWN if d is None else d for d in x.shape.as_list()]
        if x.dtype.torch_dtype is None:
            raise ValueError("no torch dtype")
        args.append(torch.empty(dims, dtype=x.dtype.torch_dtype, device="meta"))
    kattrs = dict(attrs)
    if op_def.creates:
        kattrs["device"] = torch.device("meta") if not consts else torch.device("cpu")
    with torch.no_grad():
        outs = op_def.kernel(*args, **kattrs)
    if isinstance(outs, torch.Tensor):
        outs = (outs,)
    return [(TensorShape([None if (d and d % _UNKNOWN == 0) else d for d in o.shape]), dtypes.from_torch(o.dtype))
            for o in outs]
