"""One dispatch entry for every op, eager and graph: ``apply_op``.

Mode checks live here and nowhere else. Eager: run the kernel on torch tensors now, recording on the active
GradientTapes. Graph: add an Operation to the graph, inferring static shapes with a meta-device run.

The public wrappers' common eager case (float eager tensors, variables and python scalars) first tries the op's
fused eager entry (fused_eager.py), built from the same op definition; it hands every other case back here."""
from __future__ import annotations

import math
import sys

import numbers

import numpy as np
import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework import op_def as op_def_lib
from tfcompat._src.framework.op_def import ShapeMismatch
from tfcompat._src.framework import kernel_errors
from tfcompat._src.framework import meta_kernels
from tfcompat._src.framework.op_types import TF_NAME_OF, TF_TYPE_NAMES
from tfcompat._src.framework import string_kernels
from tfcompat._src.framework import tensor_conversion_registry
from tfcompat._src.framework.string_tensor import StringTensor, as_bytes_array
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor, Tensor
from tfcompat._src.framework.tensor_shape import Dimension, TensorShape, internal_v2_shapes

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
# Installed by ops/array_ops.py: tf.stack, for converting a list holding tensors (TF's auto-packing).
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
# conversion
# ------------------------------------------------------------------------------------------------
_INT32_MIN, _INT32_MAX = -(2 ** 31), 2 ** 31 - 1
_INT64_MIN, _INT64_MAX = -(2 ** 63), 2 ** 63 - 1


def _infer_python_dtype(value):
    """TF's dtype for python values: float -> float32, int -> int32 (int64 when too large), bool -> bool."""
    # numpy first: np.float64 is a subclass of python float, and keeps its own dtype (TF does the same).
    if isinstance(value, (np.generic, np.ndarray)):
        return dtypes.as_dtype(value.dtype)
    if isinstance(value, bool):
        return dtypes.bool_
    if isinstance(value, int):
        if not _INT64_MIN <= value <= _INT64_MAX:
            raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
        return dtypes.int32 if _INT32_MIN <= value <= _INT32_MAX else dtypes.int64
    if isinstance(value, float):
        return dtypes.float32
    if isinstance(value, complex):
        return dtypes.complex128
    if isinstance(value, (list, tuple)):
        kinds = set()
        _collect_kinds(value, kinds)
        if not kinds:
            return dtypes.float32
        first = _first_leaf(value)
        if isinstance(first, (np.ndarray, np.floating)) and "tensor" not in kinds and "s" not in kinds:
            return dtypes.as_dtype(first.dtype)  # TF: a leading numpy array/float scalar sets the dtype
        if "s" in kinds and len(kinds) > 1 and "tensor" not in kinds:
            raise ValueError("Can't convert Python sequence with mixed types to Tensor.")
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


def _first_leaf(value):
    while isinstance(value, (list, tuple)) and value:
        value = value[0]
    return value


def _collect_kinds(value, kinds):
    for v in value:
        if isinstance(v, (list, tuple)):
            _collect_kinds(v, kinds)
        elif isinstance(v, bool) or isinstance(v, np.bool_):
            kinds.add("b")
        elif isinstance(v, (int, np.integer)):
            kinds.add("i")
            if not _INT32_MIN <= int(v) <= _INT32_MAX:
                if not _INT64_MIN <= int(v) <= _INT64_MAX:
                    raise ValueError("Can't convert Python sequence with out-of-range integer to Tensor.")
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
            raise ValueError(f"Attempt to convert a value ({v!r}) with an unsupported type "
                             f"({type(v)}) to a Tensor.")


def _mixes_scalars_and_sequences(value) -> bool:
    """Whether some level of a nested list/tuple holds both scalars and sequences (TF: 'mixed types')."""
    if not isinstance(value, (list, tuple)):
        return False
    kinds = {isinstance(v, (list, tuple, np.ndarray)) for v in value}
    return len(kinds) > 1 or any(_mixes_scalars_and_sequences(v) for v in value)


def _python_to_torch(value, dtype: dtypes.DType, device) -> torch.Tensor:
    if dtype is dtypes.string:
        # tf.string has no torch dtype: its run-time value is a numpy object array of bytes (string_tensor.py).
        try:
            return as_bytes_array(value)
        except TypeError:
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype string") from None
    if dtype.torch_dtype is None:
        raise TypeError(f"tfcompat does not support {dtype.name} tensors (no torch equivalent).")
    if isinstance(value, (np.ndarray, np.generic)):
        arr = value  # numpy values are cast with numpy's rules (truncation, wrap-around), as TF does
    else:
        if _infer_python_dtype(value) is dtypes.string and dtype is not dtypes.string:
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
        try:
            arr = np.asarray(value)
        except ValueError:   # NumPy's "inhomogeneous shape": a ragged nested list
            if _mixes_scalars_and_sequences(value):
                raise ValueError("Can't convert Python sequence with mixed types to Tensor.") from None
            raise ValueError("Can't convert non-rectangular Python sequence to Tensor.") from None
        kind = arr.dtype.kind
        # TF refuses python floats for integer/bool dtypes and python ints for bool, even when exact.
        if (kind == "f" and arr.size and (dtype.is_integer or dtype.is_bool)) or (kind in "iu" and dtype.is_bool) or (
                kind == "c" and not dtype.is_complex):
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
        if kind in "iu" and dtype.is_integer:
            # TF wraps python ints that do not fit the requested integer dtype (2**40 -> int32 0).
            arr = arr.astype(np.int64) if kind == "i" or arr.dtype == np.uint64 else arr
    if dtype is dtypes.bfloat16:
        return torch.as_tensor(arr.astype(np.float32), device=device).to(torch.bfloat16)
    arr = np.asarray(arr, dtype=dtype.np_dtype)
    if arr.ndim and not arr.flags.writeable:
        arr = arr.copy()   # torch warns on (and may write into) a read-only array; TF copies the value anyway
    t = torch.from_numpy(np.ascontiguousarray(arr)) if arr.ndim else torch.tensor(arr.item(), dtype=dtype.torch_dtype)
    return t.to(device) if device is not None and device.type != "cpu" else t


_SCALAR_CACHE: dict = {}
_SCALAR_CACHE_SIZE = 4096


def _cached_scalar(value, dtype: dtypes.DType, device):
    """Python float/int scalars (``y * 1.001``) become tensors once per (value, dtype, device): eager ops on
    python numbers otherwise pay a torch.tensor() call each. Values are never mutated in place, so sharing the
    torch tensor is safe; each use still gets its own EagerTensor (tapes watch EagerTensors, not values)."""
    vt = type(value)
    # The type and the sign bit are part of the key: True == 1 and 0.0 == -0.0 hash alike.
    key = (vt, value, vt is float and math.copysign(1.0, value) < 0, dtype, device)
    t = _SCALAR_CACHE.get(key)
    if t is None:
        t = _python_to_torch(value, dtype, device)
        if len(_SCALAR_CACHE) >= _SCALAR_CACHE_SIZE:
            _SCALAR_CACHE.clear()
        _SCALAR_CACHE[key] = t
    return t


def to_torch_value(value, dtype=None, device=None) -> torch.Tensor:
    """A python/numpy value as a torch tensor with TF's dtype inference (``tf.string``: a numpy object array of
    bytes, the run-time form of string values)."""
    vt = type(value)
    if vt is range:   # TF converts a range as the sequence of its ints: int32 (int64 past int32), even empty
        if dtype is None:
            ends = (value.start, value[-1]) if len(value) else (0,)
            dtype = dtypes.int32 if all(_INT32_MIN <= e <= _INT32_MAX for e in ends) else dtypes.int64
        value = list(value)
    if (vt is float or vt is int) and dtype is not None and type(dtype) is dtypes.DType and value == value \
            and dtype.torch_dtype is not None and not (vt is int and (dtype.is_bool or not -2**31 <= value < 2**31)):
        return _cached_scalar(value, dtype, device)
    if dtype is None:
        dtype = _infer_python_dtype(value)
        if dtype is None and hasattr(value, "__array__") and not isinstance(value, type):
            value = np.asarray(value)  # TF converts other array-likes (pandas DataFrame/Series ...) as NumPy arrays
            dtype = _infer_python_dtype(value)
        if dtype is None:
            raise ValueError(f"Attempt to convert a value ({value!r}) with an unsupported type "
                             f"({type(value)}) to a Tensor.")
    else:
        dtype = dtypes.as_dtype(dtype)
        if value is None:   # numpy would make NaN of it
            raise ValueError("Attempt to convert a value (None) with an unsupported type (<class 'NoneType'>) to a "
                             "Tensor.")
        inferred = _infer_python_dtype(value)
        if inferred is dtypes.string and dtype is not dtypes.string:
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtype.name}")
    return _python_to_torch(value, dtype, device)


# The name of a Const converted from a python value by an op wrapper (not by the user's tf.convert_to_tensor):
# its consumer names it '<op>/<argument>' as TF's wrappers, which convert inside the op's name scope, do.
IMPLICIT = "<implicit Const>"


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
            return capture(graph, value, None if name is IMPLICIT else name)
        return value
    as_tensor = getattr(value, "_as_tensor", None)
    if as_tensor is not None:  # Variables and other tensor-like objects
        t = as_tensor()
        if dtype is not None and t.dtype is not dtype:
            raise ValueError(f"Tensor conversion requested dtype {dtype.name} for variable with dtype "
                             f"{t.dtype.name}: {value!r}")
        return t
    if tensor_conversion_registry.FUNCTIONS:   # tf.register_tensor_conversion_function's user conversions
        t = tensor_conversion_registry.convert(value, dtype, None if name is IMPLICIT else name,
                                               hint and dtypes.as_dtype(hint),
                                               lambda r: isinstance(r, Tensor))
        if t is not None:
            return t
    if isinstance(value, torch.Tensor):
        t = value if dtype is None else value.to(dtype.torch_dtype)
        return wrap_constant(t, name, None, 2)
    if isinstance(value, (TensorShape, Dimension)) or (isinstance(value, (list, tuple)) and value
                                                        and any(isinstance(v, Dimension) for v in value)):
        value = _shape_value(value)
    elif hasattr(value, "__array__") and not isinstance(value, (np.ndarray, np.generic, type)):
        value = np.asarray(value)  # TF converts other array-likes (pandas DataFrame/Series ...) as NumPy arrays
    if isinstance(value, (list, tuple)) and _has_tensors(value):
        # auto-packing of lists of tensors, as TF does
        return hooks["pack"](value, name=(None if name is IMPLICIT else name) or "packed")
    if dtype is None and hint is not None:
        hint = dtypes.as_dtype(hint)
        try:
            t = to_torch_value(value, hint, ctx_lib.current_device())
            return wrap_constant(t, name, hint, 2)
        except (TypeError, ValueError):
            pass
    if dtype is dtypes.string or (dtype is None and _is_string_like(value)):
        # tf.string: an object array of bytes
        return wrap_constant(to_torch_value(value, dtype), name, dtypes.string, 2)
    t = to_torch_value(value, dtype, ctx_lib.current_device())
    return wrap_constant(t, name, dtype, 2)


def _is_string_like(value) -> bool:
    if isinstance(value, (str, bytes)):
        return True
    if isinstance(value, np.ndarray):
        return value.dtype.kind in "USO" and value.size > 0 and isinstance(value.flat[0], (str, bytes))
    return isinstance(value, (list, tuple)) and isinstance(_first_leaf(value), (str, bytes))


def _shape_value(value):
    """A TensorShape, Dimension, or list holding Dimensions as the ints TF converts it to (ValueError where a
    dimension is unknown)."""
    if isinstance(value, TensorShape):
        if not value.is_fully_defined():
            dims = value.as_list() if value.rank is not None else None
            shown = "None" if dims is None else \
                "(" + ", ".join(str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"
            raise ValueError(f"Cannot convert a partially known TensorShape {shown} to a Tensor.")
        return value.as_list()
    if isinstance(value, Dimension):
        if value.value is None:
            raise ValueError("Cannot convert an unknown Dimension to a Tensor: ?")
        return value.value
    return [_shape_value(v) if isinstance(v, Dimension) else v for v in value]


def _has_tensors(value):
    for v in value:
        if isinstance(v, Tensor) or hasattr(v, "_as_tensor"):
            return True
        if isinstance(v, (list, tuple)) and _has_tensors(v):
            return True
    return False


def wrap_constant(t: torch.Tensor, name=None, dtype=None, converted_for: int | None = None) -> Tensor:
    """A torch value as an eager tensor, or as a Const op in the graph being built. ``converted_for``: the depth
    of the frame that asked for the conversion; unnamed, and asked for by tfcompat's own code (an op wrapper,
    not the user's ``tf.convert_to_tensor``), the Const is IMPLICIT."""
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        return EagerTensor(t, dtype) if dtype is not dtypes.string else StringTensor(t)
    if name is None and converted_for is not None and \
            sys._getframe(converted_for).f_globals.get("__name__", "").startswith("tfcompat."):
        name = IMPLICIT
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


def constant_value(tensor):
    """The torch value of a tensor known before running (eager value or graph Const), else None."""
    if isinstance(tensor, EagerTensor):
        return tensor._t
    if isinstance(tensor, SymbolicTensor):
        op = tensor.op
        if op.op_def.kind == op_def_lib.KIND_CONSTANT:
            return op.attrs["value"]
    return None


# ------------------------------------------------------------------------------------------------
# dtype checks
# ------------------------------------------------------------------------------------------------
def shape_error(message: str) -> Exception:
    """The exception TF raises for a shape known to be invalid: InvalidArgumentError when executing eagerly,
    ValueError (from shape inference) while building a graph."""
    if ctx_lib.graph_mode_graph() is None and not _ctx.graph_stack:
        return errors.InvalidArgumentError(message)
    return ValueError(message)


def _tf_type_name(dtype) -> str:
    return TF_NAME_OF.get(dtype.name, dtype.name)


def _not_allowed(op_def, arg_name, rule, dtype, eager, name):
    if eager:
        listed = ", ".join(rule.allowed)
        return errors.InvalidArgumentError(
            f"Value for attr '{rule.attr}' of {_tf_type_name(dtype)} is not in the list of allowed values: "
            f"{listed}\n\t; NodeDef: {{{{node {name or op_def.name}}}}} [Op:{op_def.name}]"
            + (f" name: {name}" if name else ""))
    listed = ", ".join(TF_TYPE_NAMES[t] for t in rule.allowed)
    return TypeError(f"Value passed to parameter '{arg_name}' has DataType {dtype.name} not in list of allowed "
                     f"values: {listed}")


def _fixed_type_mismatch(op_def, i, arg_name, expected, dtype, eager, name):
    if eager:
        return errors.InvalidArgumentError(
            f"cannot compute {op_def.name} as input #{i}(zero-based) was expected to be a {expected} tensor but "
            f"is a {_tf_type_name(dtype)} tensor [Op:{op_def.name}]" + (f" name: {name}" if name else ""))
    return TypeError(f"Input '{arg_name}' of '{op_def.name}' Op has type {dtype.name} that does not match "
                     f"expected type of {TF_TYPE_NAMES[expected]}.")


def _attr_mismatch(op_def, i, arg_name, dtype, first, eager, name):
    j, first_name, first_dtype = first
    if eager:
        return errors.InvalidArgumentError(
            f"cannot compute {op_def.name} as input #{i}(zero-based) was expected to be a "
            f"{_tf_type_name(first_dtype)} tensor but is a {_tf_type_name(dtype)} tensor [Op:{op_def.name}] "
            f"name: {name or ''}")
    return TypeError(f"Input '{arg_name}' of '{op_def.name}' Op has type {dtype.name} that does not match type "
                     f"{first_dtype.name} of argument '{first_name}'.")


def _check_types(op_def, inputs, attrs, eager, name):
    """Rejects argument dtypes the op's TF definition does not allow (``OpDef.types``), with TF's errors:
    InvalidArgumentError when executing eagerly, TypeError while building a graph."""
    if op_def.input_rules:
        n = len(inputs)
        seen = {}
        for i, x in enumerate(inputs):
            r = op_def.rule_of_input(i, n, attrs)
            if r is None:
                continue
            arg_name, rule = r
            dt = x.dtype
            if rule.attr is None:
                if dt.name not in rule.allowed_names:
                    raise _fixed_type_mismatch(op_def, i, arg_name, rule.allowed[0], dt, eager, name)
                continue
            first = seen.get(rule.attr)
            if first is None:
                if rule.allowed_names is not None and dt.name not in rule.allowed_names:
                    raise _not_allowed(op_def, arg_name, rule, dt, eager, name)
                seen[rule.attr] = (i, arg_name, dt)
            elif first[2] is not dt:
                raise _attr_mismatch(op_def, i, arg_name, dt, first, eager, name)
    elif op_def.same_type and len(inputs) > 1:
        _check_same_type(op_def, inputs, eager, name)
    for arg_name, rule in op_def.attr_rules:
        value = attrs.get(rule.from_attr)
        if value is None or rule.allowed_names is None or isinstance(value, (Tensor, torch.Tensor)):
            continue
        dt = _python_value_dtype(value)
        if dt is not None and dt.name not in rule.allowed_names:
            raise _not_allowed(op_def, arg_name, rule, dt, eager, name)


def _python_value_dtype(value):
    """The dtype TF would give a python attribute value when converting it to a tensor (None: not a value
    TF converts, e.g. a TensorShape)."""
    if isinstance(value, (list, tuple)) and _first_leaf(value) in ((), []):
        return None  # empty: TF converts it with the argument's default type
    if isinstance(value, (bool, int, float, complex, list, tuple, np.ndarray, np.generic)):
        try:
            return _infer_python_dtype(value)
        except (TypeError, ValueError):
            return None
    return None


def _check_same_type(op_def, inputs, eager, name):
    if len(inputs) == 2 and inputs[0].dtype is inputs[1].dtype:
        return
    names = op_def.input_names
    for group in op_def.same_type:
        first = None
        for i in group:
            if i >= len(inputs):
                break
            dt = inputs[i].dtype
            if first is None:
                first = (i, names[i] if i < len(names) else f"input_{i}", dt)
            elif dt is not first[2]:
                raise _attr_mismatch(op_def, i, names[i] if i < len(names) else f"input_{i}", dt, first, eager,
                                     name)


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


# (op_def, input dtypes...) that passed ``_check_types``, for ops whose check depends on nothing else (no python
# attribute arguments, no list argument, every input present): checked once, then looked up.
_TYPES_OK: set = set()


def _eager_apply(op_def, inputs, attrs, name):
    ts = []
    for x in inputs:
        ts.append(x._t if type(x) is EagerTensor else convert_to_tensor(x)._t)
    if op_def.input_rules or op_def.attr_rules or (op_def.same_type and len(inputs) > 1):
        if op_def.attr_rules or op_def.list_input or (op_def.input_rules and len(inputs) != len(op_def.input_rules)):
            _check_types(op_def, inputs, attrs, True, name)
        else:
            key = [op_def]
            for x in inputs:   # (inputs with dtype rules are tensors or variables: _check_types reads .dtype)
                key.append(x._dtype if type(x) is EagerTensor else x.dtype)
            key = tuple(key)
            if key not in _TYPES_OK:
                _check_types(op_def, inputs, attrs, True, name)
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
        _check_types(op_def, sym, attrs, False, name)
    if op_def.creates and "device" not in attrs:
        attrs["device"] = ctx_lib.current_device()
    base = None
    if name is IMPLICIT:
        op_name, base = graph._implicit_name()
    else:
        op_name = graph.unique_name(name or op_def.name)
        if graph._pending_consts:
            _name_implicit_inputs(graph, op_def, op_name, sym, attrs)
    if op_def.shape_check is not None:
        _static_shape_check(op_def, sym, attrs, op_name)
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


def _name_implicit_inputs(graph, op_def, op_name, sym, attrs):
    """Names the implicit Consts (see IMPLICIT) among an op's inputs '<op>/<argument>', as TF's op wrappers do
    (a list argument's items '<op>/<argument>_<i>')."""
    n = len(sym)
    names = op_def.input_names
    if op_def.list_input:
        n_list = attrs["N"] if isinstance(attrs.get("N"), int) else n - (len(names) - 1)
        names = [f"{names[0]}_{i}" for i in range(n_list)] + list(names[1:])
    elif n < len(names):   # the wrapper passed some arguments as python attributes (Reshape's shape ...)
        rules = op_def.input_rules or (None,) * len(names)
        names = [nm for nm, r in zip(names, rules) if attrs.get(nm) is None
                 and (r is None or r[1].from_attr is None or attrs.get(r[1].from_attr) is None)]
    if len(names) != n:
        return
    for x, arg in zip(sym, names):
        if x.op.type == "Const":
            graph._name_implicit_input(x.op, f"{op_name}/{arg}")


def _static_shape_check(op_def, sym, attrs, op_name):
    """TF's shape function checks, run when the op is built: ValueError naming the node and input shapes."""
    try:
        with internal_v2_shapes():
            op_def.shape_check([x.shape for x in sym], attrs, [constant_value(x) for x in sym])
    except ShapeMismatch as m:
        if m.eager_only:
            return
        t = sym[0].dtype if sym else None
        node_attrs = f"[T=DT_{_tf_type_name(t).upper()}]" if t is not None else ""
        args = ", ".join(x.name[:-2] if x.name.endswith(":0") else x.name for x in sym)
        shapes = ", ".join(kernel_errors.format_shape(x.shape) for x in sym)
        raise ValueError(f"{m.graph_message} for '{{{{node {op_name}}}}} = {op_def.name}{node_attrs}({args})' "
                         f"with input shapes: {shapes}.") from None


# ------------------------------------------------------------------------------------------------
# static shape inference
# ------------------------------------------------------------------------------------------------
# Unknown dimensions run on the meta device as large primes, a different one per dimension, in two runs with
# different primes; an output dimension that changes between the runs depends on an unknown one.
_UNKNOWN = (8191, 8209, 8219, 8221, 8231, 8233, 8237, 8243, 8263, 8269, 8273, 8287)
_UNKNOWN_2 = (12289, 12301, 12323, 12329, 12343, 12347, 12373, 12377, 12379, 12391, 12401, 12409)


def infer_output_specs(op_def, inputs, attrs):
    n_out = op_def.n_outputs(attrs)
    if op_def.shape_fn is not None:
        with internal_v2_shapes():
            return op_def.shape_fn(inputs, attrs)
    for consts in (False, True):
        try:
            return _meta_specs_two_runs(op_def, inputs, attrs, consts)
        except Exception:  # noqa: BLE001 - any kernel failure on meta tensors means "not statically known"
            continue
    # Shapes unknown: the output dtypes still come from the kernel, run on scalars (a comparison of an
    # unknown-rank tensor is bool, not its input's dtype).
    try:
        specs = _meta_specs(op_def, inputs, attrs, False, _UNKNOWN[:1], scalar_unknown_rank=True)
        return [(TensorShape(None), dt) for _, dt in specs]
    except Exception:  # noqa: BLE001 - not even scalars: fall back to the first input's dtype
        dt = inputs[0].dtype if inputs else dtypes.float32
        return [(TensorShape(None), dt)] * n_out


def _meta_specs_two_runs(op_def, inputs, attrs, consts):
    """Output specs from meta-device runs. Unknown input dims run as large primes: the same one for every
    unknown dim (so unknown dims broadcast), then another, then (when the kernel accepts it) a different one
    per dim. An output dimension that changes between runs depends on an unknown dimension and is unknown (a
    single run cannot tell 8191 + 1 from a real 8192, nor 8191 - 8191 + 1 from a real 1)."""
    first = _meta_specs(op_def, inputs, attrs, consts, _UNKNOWN[:1])
    if all(x.shape.is_fully_defined() for x in inputs if x.shape.rank is not None):
        return first
    runs = [_meta_specs(op_def, inputs, attrs, consts, _UNKNOWN_2[:1])]
    try:
        runs.append(_meta_specs(op_def, inputs, attrs, consts, _UNKNOWN_2[1:]))
    except Exception:  # noqa: BLE001 - distinct unknown dims need not be valid for this kernel (broadcasting)
        pass
    out = []
    for i, (s1, dt) in enumerate(first):
        dims = s1.as_list()
        for run in runs:
            s2 = run[i][0]
            if s2.rank != len(dims):
                dims = None
                break
            dims = [a if a == b else None for a, b in zip(dims, s2.as_list())]
        out.append((TensorShape(dims), dt))
    return out


def _meta_specs(op_def, inputs, attrs, consts, unknown, scalar_unknown_rank=False):
    meta_kernels.prepare()
    args = []
    n_unknown = 0
    for x in inputs:
        cv = constant_value(x) if consts else None
        if cv is not None:
            args.append(cv.cpu())
            continue
        if x.shape.rank is None and not scalar_unknown_rank:
            raise ValueError("unknown rank")
        dims = []
        for d in (x.shape.as_list() if x.shape.rank is not None else ()):
            if d is None:
                d = unknown[n_unknown % len(unknown)]
                n_unknown += 1
            dims.append(d)
        torch_dtype = x.dtype.torch_dtype
        if x.dtype is dtypes.string and op_def.string_outputs is not None:
            torch_dtype = torch.int64   # the kernel runs on string ids (string_kernels.py)
        if torch_dtype is None:
            raise ValueError("no torch dtype")
        args.append(torch.empty(dims, dtype=torch_dtype, device="meta"))
    kattrs = dict(attrs)
    if op_def.creates:
        kattrs["device"] = torch.device("meta") if not consts else torch.device("cpu")
    with torch.no_grad():
        outs = op_def.kernel(*args, **kattrs)
    if isinstance(outs, torch.Tensor):
        outs = (outs,)
    specs = [(TensorShape(list(o.shape)), dtypes.from_torch(o.dtype)) for o in outs]
    strings = op_def.string_outputs
    if strings is not None and any(x.dtype is dtypes.string for x in inputs):
        specs = [(s, dtypes.string) if strings == string_kernels.ALL_OUTPUTS or i in strings else (s, dt)
                 for i, (s, dt) in enumerate(specs)]
    return specs
