"""One dispatch entry for every op, eager and graph: ``apply_op``.

Mode checks live here and nowhere else. Eager: run the kernel on torch tensors now, recording on the active
GradientTapes. Graph: add an Operation to the graph, inferring static shapes with a meta-device run.

The public wrappers' common eager case (float eager tensors, variables and python scalars) first tries the op's
fused eager entry (fused_eager.py), built from the same op definition; it hands every other case back here."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework import op_def as op_def_lib
from tfcompat._src.framework import kernel_errors
from tfcompat._src.framework import tensor_conversion_registry
from tfcompat._src.framework.dtype_checks import check_types
from tfcompat._src.framework.implicit_const import IMPLICIT, const_name, explicit_name, name_implicit_inputs
from tfcompat._src.framework.python_values import has_tensors, is_string_like, shape_value, to_torch_value
from tfcompat._src.framework.shape_inference import constant_value, infer_output_specs, static_shape_check
from tfcompat._src.framework.string_tensor import StringTensor
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor, Tensor
from tfcompat._src.framework.tensor_shape import Dimension, TensorShape

__all__ = ["apply_op", "convert_to_tensor", "constant_value", "shape_error", "no_grad", "enable_grad"]

_ctx = ctx_lib.context()
_REGISTRY = op_def_lib.REGISTRY
_DIFFERENTIABLE = op_def_lib.DIFFERENTIABLE
_NOT_DIFFERENTIABLE = op_def_lib.NOT_DIFFERENTIABLE
_NO_GRADIENT = op_def_lib.NO_GRADIENT

# Installed by the autodiff layer: runs a kernel under a user gradient function (RegisterGradient +
# gradient_override_map). Signature: (op_info, run_kernel, torch_inputs, grad_name) -> tuple of outputs.
hooks = {"user_gradient": None}
# Installed by autodiff/tape.py: called with each op added to a graph while tapes record (tf.function).
hooks["graph_op"] = None
# Installed by autodiff/forward.py: called with each eager op's outputs while a ForwardAccumulator is active.
hooks["forward_record"] = None
# Installed by ops/array_basic_ops.py: tf.stack, for converting a list holding tensors (TF's auto-packing).
hooks["pack"] = None
FORWARD_ACCUMULATORS: list = []
# gradient_override_map scopes entered while executing eagerly (op type -> gradient name dicts).
EAGER_OVERRIDE_MAPS: list = []
# tf.debugging.enable_check_numerics (ops/debugging_more_ops.py installs one checker while it is on): the last
# entry's ``eager(op_def, outputs, torch_inputs)`` runs after each eager kernel, its ``graph(op, outputs)`` on
# each graph op built (TF's op callback) and returns the outputs to hand back. Empty: nothing is checked, and
# the fused eager entry (fused_eager.py) may run.
NUMERICS_CHECKERS: list = []
# Tools that observe every eager op (tools/compare's eager trace and random-draw replay) append a callable
# ``observer(op_def, outputs, torch_inputs) -> outputs`` here and remove it when done: each runs after an eager
# kernel and returns the outputs to hand back. Empty: nothing is called. While any is set, the fused eager
# entries decline, so every eager op comes through here.
EAGER_OBSERVERS: list = []


def user_gradient_name(op_def, override_maps) -> str | None:
    """The user gradient function an op uses: the innermost override map's entry for its type, else one the
    user registered under the type itself when the op has no gradient of its own (``RegisterGradient``)."""
    for m in reversed(override_maps):
        if op_def.name in m:
            return m[op_def.name]
    if op_def.grad is _NO_GRADIENT and op_def.name in op_def_lib.GRADIENT_REGISTRY:
        return op_def.name
    return None


# ------------------------------------------------------------------------------------------------
# grad mode
# ------------------------------------------------------------------------------------------------
class no_grad:  # noqa: N801 - named after the torch context manager it replaces
    """``with no_grad():`` as ``with torch.no_grad():`` (same effect: torch's grad mode off, restored on exit).

    torch's class is also a decorator and costs ~4x more to enter and leave; per-op paths use this one."""

    __slots__ = ("_prev",)

    def __enter__(self):
        self._prev = torch.is_grad_enabled()
        torch._C._set_grad_enabled(False)

    def __exit__(self, *exc):
        torch._C._set_grad_enabled(self._prev)
        return False


class enable_grad:  # noqa: N801 - named after the torch context manager it replaces
    """``with enable_grad():`` as ``with torch.enable_grad():``, cheaper (see ``no_grad``)."""

    __slots__ = ("_prev",)

    def __enter__(self):
        self._prev = torch.is_grad_enabled()
        torch._C._set_grad_enabled(True)

    def __exit__(self, *exc):
        torch._C._set_grad_enabled(self._prev)
        return False


# ------------------------------------------------------------------------------------------------
# conversion (python values: python_values.py; implicit Const names: implicit_const.py)
# ------------------------------------------------------------------------------------------------
def convert_to_tensor(value, dtype=None, name=None, preferred_dtype=None, dtype_hint=None) -> Tensor:
    """Mirrors ``tf.convert_to_tensor``: an eager tensor when executing eagerly, else a graph Const."""
    if type(value) is EagerTensor and dtype is None and ctx_lib.graph_mode_graph() is None:
        return value  # the common case, kept short
    if dtype is not None:
        dtype = dtypes.as_dtype(dtype)
    hint = dtype_hint or preferred_dtype
    if isinstance(value, Tensor):
        if dtype is not None and value.dtype is not dtype:
            raise ValueError(f"Tensor conversion requested dtype {dtype.name} for Tensor with dtype "
                             f"{value.dtype.name}: {value!r}")
        graph = ctx_lib.graph_mode_graph()
        if graph is not None and isinstance(value, StringTensor):   # (a StringTensor is an EagerTensor)
            return wrap_constant(value._value, name, dtypes.string)
        if graph is not None and isinstance(value, EagerTensor):
            return capture(graph, value, explicit_name(name))
        return value
    as_tensor = getattr(value, "_as_tensor", None)
    if as_tensor is not None:  # Variables and other tensor-like objects
        t = as_tensor()
        if dtype is not None and t.dtype is not dtype:
            raise ValueError(f"Tensor conversion requested dtype {dtype.name} for variable with dtype "
                             f"{t.dtype.name}: {value!r}")
        return t
    if tensor_conversion_registry.FUNCTIONS:   # tf.register_tensor_conversion_function's user conversions
        t = tensor_conversion_registry.convert(value, dtype, explicit_name(name),
                                               hint and dtypes.as_dtype(hint),
                                               lambda r: isinstance(r, Tensor))
        if t is not None:
            return t
    if isinstance(value, torch.Tensor):
        t = value if dtype is None else value.to(dtype.torch_dtype)
        return wrap_constant(t, name, None, 2)
    if isinstance(value, (TensorShape, Dimension)) or (isinstance(value, (list, tuple)) and value
                                                        and any(isinstance(v, Dimension) for v in value)):
        value = shape_value(value)
    elif hasattr(value, "__array__") and not isinstance(value, (np.ndarray, np.generic, type)):
        value = np.asarray(value)  # TF converts other array-likes (pandas DataFrame/Series ...) as NumPy arrays
    if isinstance(value, (list, tuple)) and has_tensors(value):
        # auto-packing of lists of tensors, as TF does
        return hooks["pack"](value, name=explicit_name(name) or "packed")
    if dtype is None and hint is not None:
        hint = dtypes.as_dtype(hint)
        try:
            t = to_torch_value(value, hint, ctx_lib.current_device())
            return wrap_constant(t, name, hint, 2)
        except (TypeError, ValueError):
            pass
    if dtype is dtypes.string or (dtype is None and is_string_like(value)):
        # tf.string: an object array of bytes
        return wrap_constant(to_torch_value(value, dtype), name, dtypes.string, 2)
    t = to_torch_value(value, dtype, ctx_lib.current_device())
    return wrap_constant(t, name, dtype, 2)


def wrap_constant(t: torch.Tensor, name=None, dtype=None, converted_for: int | None = None) -> Tensor:
    """A torch value as an eager tensor, or as a Const op in the graph being built. ``converted_for``: the depth
    of the frame that asked for the conversion; unnamed, and asked for by tfcompat's own code (an op wrapper,
    not the user's ``tf.convert_to_tensor``), the Const is IMPLICIT."""
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        return EagerTensor(t, dtype) if dtype is not dtypes.string else StringTensor(t)
    name = const_name(name, converted_for)
    return apply_op("Const", [], {"value": t, "dtype": dtype or dtypes.from_torch(t.dtype)},
                    name=name or "Const")


def capture(graph, value: EagerTensor, name=None) -> SymbolicTensor:
    """An eager tensor used while building a graph becomes a constant of that graph (captured by value)."""
    key = id(value)
    cached = graph._captures.get(key)
    if cached is not None and cached[0] is value:
        return cached[1]
    with ctx_lib.push_graph(graph):
        if isinstance(value, StringTensor):   # an EagerTensor whose _t is a string value, not a torch tensor
            sym = wrap_constant(value._value, name, dtypes.string)
        else:
            sym = apply_op("Const", [], {"value": value._t.detach(), "dtype": value.dtype}, name=name or "Const")
    graph._captures[key] = (value, sym)
    return sym


# ------------------------------------------------------------------------------------------------
# errors (op argument dtype checks: dtype_checks.py)
# ------------------------------------------------------------------------------------------------
def shape_error(message: str) -> Exception:
    """The exception TF raises for a shape known to be invalid: InvalidArgumentError when executing eagerly,
    ValueError (from shape inference) while building a graph."""
    if ctx_lib.graph_mode_graph() is None and not _ctx.graph_stack:
        return errors.InvalidArgumentError(message)
    return ValueError(message)


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
        # TF's eager tape wording (tf.gradients' "No gradient defined for operation..." is raised statically
        # while building the graph, autodiff/gradients.py).
        raise LookupError(f"gradient registry has no entry for: {ctx.op_type}")


def finish_outputs(op_def, outs: tuple, op_name: str) -> tuple:
    """Applies the op's gradient status to the kernel's outputs (shared by eager dispatch and the executor)."""
    grad = op_def.grad
    if grad is _DIFFERENTIABLE:
        return outs
    # Outputs that are not torch tensors (serialized summaries: Python bytes) carry no gradient.
    if grad is _NOT_DIFFERENTIABLE:
        return tuple(o.detach() if getattr(o, "requires_grad", False) else o for o in outs)
    if any(getattr(o, "requires_grad", False) for o in outs):
        res = _NoGradient.apply(op_def.name, op_name, *outs)
        return res if isinstance(res, tuple) else (res,)
    return outs


def bind_kernel(op_def, attrs, op_name, op_info=None, grad_override=None, kernel=None):
    """A callable ``(*torch_inputs) -> tuple`` running one op with its attributes and gradient status.
    ``kernel``: the function to call instead of ``op_def.kernel`` (the plan compiler's unwrapped kernel)."""
    kernel = kernel or op_def.kernel
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
                if getattr(graph, "_function_finished", False):   # leaked from a finished tf.function trace
                    raise errors.out_of_scope_error(x)
                break
    if graph is not None:
        return _graph_apply(graph, op_def, inputs, attrs, name)
    return _eager_apply(op_def, inputs, attrs, name)


# (op_def, input dtypes...) that passed ``check_types``, for ops whose check depends on nothing else (no python
# attribute arguments, no list argument, every input present): checked once, then looked up.
_TYPES_OK: set = set()


def _eager_apply(op_def, inputs, attrs, name):
    ts = []
    for x in inputs:
        ts.append(x._t if type(x) is EagerTensor else convert_to_tensor(x)._t)
    if op_def.input_rules or op_def.attr_rules or (op_def.same_type and len(inputs) > 1):
        if op_def.attr_rules or op_def.list_input or (op_def.input_rules and len(inputs) != len(op_def.input_rules)):
            check_types(op_def, inputs, attrs, True, name)
        else:
            key = [op_def]
            for x in inputs:   # (inputs with dtype rules are tensors or variables: check_types reads .dtype)
                key.append(x._dtype if type(x) is EagerTensor else x.dtype)
            key = tuple(key)
            if key not in _TYPES_OK:
                check_types(op_def, inputs, attrs, True, name)
                _TYPES_OK.add(key)
    if op_def.creates and "device" not in attrs:
        attrs["device"] = ctx_lib.current_device()
    tapes = _ctx.recording_tapes
    tracked = ()
    if tapes:
        tracked = _tracking_tapes(inputs, tapes)
    override = None
    if EAGER_OVERRIDE_MAPS or op_def.grad is _NO_GRADIENT:
        override = user_gradient_name(op_def, EAGER_OVERRIDE_MAPS)
    try:
        if override is not None:
            from tfcompat._src.framework.eager_op import EagerOpInfo
            info = EagerOpInfo(op_def, ts, attrs, name)
            run = bind_kernel(op_def, attrs, name or op_def.name, info, override)
            with torch.set_grad_enabled(bool(tracked)):
                outs = run(*ts)
            if op_def.num_outputs == 1:
                outs = outs[0]
        elif tracked:
            if torch.is_grad_enabled():
                outs = op_def.kernel(*ts, **attrs)
            else:
                with enable_grad():
                    outs = op_def.kernel(*ts, **attrs)
        elif torch.is_grad_enabled() and _any_requires_grad(ts):
            # Torch would record this op; TF's tapes do not (no recording tape tracks an input).
            with no_grad():
                outs = op_def.kernel(*ts, **attrs)
        else:
            outs = op_def.kernel(*ts, **attrs)
    except Exception as e:  # noqa: BLE001 - mapped to TF's error (kernel_errors), or re-raised as is
        if kernel_errors.passes_through(e):
            raise
        err = kernel_errors.as_tf_error(e, op_def, shapes=[getattr(t, "shape", ()) for t in ts], attrs=attrs,
                                        values=ts,
                                        suffix=_eager_suffix(op_def, name, e),
                                        prefix=kernel_errors.eager_prefix(op_def, attrs))
        raise err from None
    if EAGER_OBSERVERS:
        for observe in EAGER_OBSERVERS:
            outs = observe(op_def, outs, ts)
    if NUMERICS_CHECKERS:
        NUMERICS_CHECKERS[-1].eager(op_def, outs, ts)
    single = type(outs) is torch.Tensor
    if single and op_def.grad is _DIFFERENTIABLE and not FORWARD_ACCUMULATORS:  # the common case, kept short
        res = EagerTensor(outs, None, tracked if (tracked and outs.requires_grad) else ())
        return res if op_def.num_outputs == 1 or op_def.n_outputs(attrs) == 1 else [res]
    if single or isinstance(outs, (bytes, np.ndarray)):  # a tf.string output: bytes or an object array
        single = True
        outs = (outs,)
    if op_def.grad is not _DIFFERENTIABLE and override is None:
        if tracked:
            outs = finish_outputs(op_def, outs, name or op_def.name)
        elif FORWARD_ACCUMULATORS:  # no tangent through an op without a gradient (TF's jvp uses gradients)
            outs = tuple(o.detach() for o in outs)
    res = [EagerTensor(o, None, tracked if (tracked and o.requires_grad) else ()) if isinstance(o, torch.Tensor)
           else StringTensor(o) for o in outs]
    if FORWARD_ACCUMULATORS:
        hooks["forward_record"](res)
    return res[0] if single and op_def.n_outputs(attrs) == 1 else res


def _eager_suffix(op_def, name, exc) -> str:
    if isinstance(exc, errors.OpError) and "[Op:" in exc.message:
        return ""
    return f" [Op:{op_def.name}]" + (f" name: {name}" if name else "")


def _any_requires_grad(ts):
    for t in ts:
        if getattr(t, "requires_grad", False):  # tf.string inputs are bytes / object arrays
            return True
    return False


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


def _is_enclosing_graph(graph, inner) -> bool:
    """Whether ``graph`` encloses ``inner`` (a FuncGraph built inside it, e.g. a while body)."""
    outer = getattr(inner, "outer_graph", None)
    while outer is not None:
        if outer is graph:
            return True
        outer = getattr(outer, "outer_graph", None)
    return False


def _graph_apply(graph, op_def, inputs, attrs, name):
    sym = []
    for x in inputs:
        if isinstance(x, SymbolicTensor):
            if x.graph is not graph:  # ValueError, or a FuncGraph's capture of an enclosing graph's tensor
                if getattr(x.graph, "_function_finished", False):   # leaked from a finished tf.function trace
                    raise errors.out_of_scope_error(x)
                if _is_enclosing_graph(graph, x.graph):   # leaked from a control-flow body built inside `graph`
                    raise errors.inaccessible_tensor_error(x)
                x = graph._capture_symbolic(x, op_def.name)
            sym.append(x)
        elif isinstance(x, EagerTensor):
            sym.append(capture(graph, x))
        else:
            with ctx_lib.push_graph(graph):
                sym.append(convert_to_tensor(x, name=IMPLICIT))
    if op_def.input_rules or op_def.attr_rules or (op_def.same_type and len(sym) > 1):
        check_types(op_def, sym, attrs, False, name)
    if op_def.creates and "device" not in attrs:
        attrs["device"] = ctx_lib.current_device()
    base = None
    if name is IMPLICIT:
        op_name, base = graph._implicit_name()
    else:
        op_name = graph.unique_name(name or op_def.name)
        if graph._pending_consts:
            name_implicit_inputs(graph, op_def, op_name, sym, attrs)
    if op_def.shape_check is not None:
        static_shape_check(op_def, sym, attrs, op_name)
    specs = infer_output_specs(op_def, sym, attrs)
    op = graph._add_op(op_def, op_name, sym, attrs, specs)
    if base is not None:
        graph._add_pending_const(op, base)
    if _ctx.recording_tapes and hooks["graph_op"] is not None:
        hooks["graph_op"](op)
    outs = op.outputs
    if NUMERICS_CHECKERS:
        outs = NUMERICS_CHECKERS[-1].graph(op, outs)
    return outs[0] if op_def.n_outputs(attrs) == 1 else list(outs)
