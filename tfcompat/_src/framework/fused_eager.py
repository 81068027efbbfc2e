"""The fused eager entry: one op run eagerly in one step, for the public wrappers' common case.

``fused_entry(op_type, **attrs)`` builds, from the op's registered definition, a callable the wrappers try
before their general path (conversion, composite dispatch, ``dispatch.apply_op``)::

    out = _ADD(x, y, name)            # built once: fused_entry("AddV2")
    if out is not None:
        return out
    ...                               # the general path, unchanged

It does the work of ``apply_op``'s eager branch for the case where that work reduces to one dtype check, one
kernel call and one tape record: executing eagerly (no graph being built), every input an eager tensor, an eager
``tf.Variable`` (read as ``Variable.read_value`` reads it: hooks, tape watching, snapshot) or a python
float/int beside a tensor (converted to its dtype, as TF's wrappers do), all of one floating dtype; no
``gradient_override_map``, ForwardAccumulator, ``enable_check_numerics`` or eager observer
(``dispatch.EAGER_OBSERVERS``) active. Anything else returns None
and the caller's general path runs, so every rule of that path (TF's errors, dtype rules of the integer and
string cases, composite tensors, graph mode) stays where it is. A dtype the op rejects or a kernel failure also
returns None: the general path runs the (pure) op again and raises TF's error with its wording.

Only single-output, differentiable, stateless ops that create nothing get an entry (``ValueError`` otherwise):
their eager result is exactly the kernel's tensor, so no gradient status has to be applied."""
from __future__ import annotations

import functools

import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dispatch
from tfcompat._src.framework import dtype_checks
from tfcompat._src.framework import python_values
from tfcompat._src.framework import op_def as op_def_lib
from tfcompat._src.framework.tensor import EagerTensor

__all__ = ["fused_entry", "EAGER_VARIABLE_READS"]

_ctx = ctx_lib.context()
# The eager-mode switch (``tf.compat.v1.disable_eager_execution``); read here, on every call, without a call.
_global = ctx_lib._global  # noqa: SLF001 - same package: context's own flag table
_INT32_MIN, _INT32_MAX = -(2 ** 31), 2 ** 31 - 1

# Variable classes the entry reads itself: class -> read(var) -> EagerTensor, or None when the variable belongs
# to a graph. ops/variables.py registers tf.Variable's (a lower layer cannot import the class).
EAGER_VARIABLE_READS: dict = {}

_OVERRIDE_MAPS = dispatch.EAGER_OVERRIDE_MAPS
_ACCUMULATORS = dispatch.FORWARD_ACCUMULATORS
_NUMERICS = dispatch.NUMERICS_CHECKERS
_OBSERVERS = dispatch.EAGER_OBSERVERS
_no_grad, _enable_grad = dispatch.no_grad, dispatch.enable_grad
_check_types = dtype_checks.check_types  # dispatch's own dtype check, run once per dtype
_tracking_tapes = dispatch._tracking_tapes  # noqa: SLF001
_cached_scalar = python_values.cached_scalar


def _read(x):
    """The eager read of ``x`` when it is a variable the entry reads itself, else None."""
    read = EAGER_VARIABLE_READS.get(type(x))
    return read(x) if read is not None else None


def _scalar(x, dtype):
    """A python float/int converted to floating ``dtype`` as TF's wrappers convert it, or None."""
    tx = type(x)
    if (tx is float and x == x) or (tx is int and _INT32_MIN <= x <= _INT32_MAX):
        return EagerTensor(_cached_scalar(x, dtype, ctx_lib.current_device()), dtype)
    return None


def _eligible(op_def) -> bool:
    return (op_def.grad is op_def_lib.DIFFERENTIABLE and not op_def.creates and not op_def.stateful
            and not op_def.list_input and not op_def.writes_variables and not op_def.side_effects
            and op_def.num_outputs == 1 and op_def.kind == op_def_lib.KIND_OP)


def fused_entry(op_type: str, *, rank: int | None = None, float_kernel=None, **attrs):
    """The fused eager callable of op ``op_type`` with python attributes ``attrs`` (see the module docstring):
    ``entry(x, name=None)`` for one input, ``entry(x, y, name=None)`` for two; the op's eager result, or None
    when the caller's general path must run. ``rank``: every input must have this rank (MatMul: 2).
    ``float_kernel``: the function the registered kernel runs for floating inputs, where the registered kernel
    wraps it for dtypes torch lacks (ops/unsigned_kernels.py); the entry only sees floating inputs."""
    op_def = op_def_lib.REGISTRY[op_type]
    if not _eligible(op_def):
        raise ValueError(f"{op_type}: only single-output differentiable stateless ops have a fused eager entry")
    kernel = float_kernel or op_def.kernel
    kernel = functools.partial(kernel, **attrs) if attrs else kernel
    checked: set = set()   # input dtypes that passed the op's dtype rules (with these attrs)
    # Typed arguments given as python attributes (Mean's axis) are not tensor inputs.
    as_attrs = {n for n, rule in op_def.types.items() if rule.from_attr is not None and rule.from_attr in attrs}
    n_inputs = sum(1 for n in op_def.input_names if n not in as_attrs)
    if n_inputs == 1:
        return _unary_entry(op_def, kernel, attrs, checked, rank)
    if n_inputs == 2:
        return _binary_entry(op_def, kernel, attrs, checked, rank)
    raise ValueError(f"{op_type}: fused eager entries take one or two tensor inputs")


def _unary_entry(op_def, kernel, attrs, checked, rank):
    def entry(x, name=None):
        if _ctx.graph_stack or not _global["eager"] or _OVERRIDE_MAPS or _ACCUMULATORS or _NUMERICS or _OBSERVERS:
            return None
        a = x if type(x) is EagerTensor else _read(x)
        if a is None:
            return None
        dt = a._dtype
        if not dt.is_floating:
            return None
        ta = a._t
        if rank is not None and ta.dim() != rank:
            return None
        if dt not in checked:
            try:
                _check_types(op_def, (a,), attrs, True, name)
            except Exception:  # noqa: BLE001 - a dtype the op rejects: the general path raises TF's error
                return None
            checked.add(dt)
        tapes = _ctx.recording_tapes
        tracked = ()
        if tapes:
            if len(tapes) == 1:
                if tapes[0] in a._tapes:
                    tracked = (tapes[0],)
            else:
                tracked = _tracking_tapes((a,), tapes)
        try:
            if tracked:
                if torch.is_grad_enabled():
                    out = kernel(ta)
                else:
                    with _enable_grad():
                        out = kernel(ta)
            elif ta.requires_grad and torch.is_grad_enabled():
                with _no_grad():   # torch would record it; no recording tape tracks the input
                    out = kernel(ta)
            else:
                out = kernel(ta)
        except Exception:  # noqa: BLE001 - the general path runs the kernel again and raises TF's error
            return None
        if type(out) is not torch.Tensor:
            return None
        out_dtype = dt if out.dtype is ta.dtype else None   # (the same: no table lookup)
        return EagerTensor(out, out_dtype, tracked if (tracked and out.requires_grad) else ())
    return entry


def _binary_entry(op_def, kernel, attrs, checked, rank):
    def entry(x, y, name=None):
        if _ctx.graph_stack or not _global["eager"] or _OVERRIDE_MAPS or _ACCUMULATORS or _NUMERICS or _OBSERVERS:
            return None
        a = x if type(x) is EagerTensor else _read(x)
        b = y if type(y) is EagerTensor else _read(y)
        if a is None:
            if b is None or not b._dtype.is_floating:
                return None
            a = _scalar(x, b._dtype)
            if a is None:
                return None
        elif b is None:
            if not a._dtype.is_floating:
                return None
            b = _scalar(y, a._dtype)
            if b is None:
                return None
        dt = a._dtype
        if b._dtype is not dt or not dt.is_floating:
            return None
        ta, tb = a._t, b._t
        if rank is not None and (ta.dim() != rank or tb.dim() != rank):
            return None
        if dt not in checked:
            try:
                _check_types(op_def, (a, b), attrs, True, name)
            except Exception:  # noqa: BLE001 - a dtype the op rejects: the general path raises TF's error
                return None
            checked.add(dt)
        tapes = _ctx.recording_tapes
        tracked = ()
        if tapes:
            if len(tapes) == 1:
                tid = tapes[0]
                if tid in a._tapes or tid in b._tapes:
                    tracked = (tid,)
            else:
                tracked = _tracking_tapes((a, b), tapes)
        try:
            if tracked:
                if torch.is_grad_enabled():
                    out = kernel(ta, tb)
                else:
                    with _enable_grad():
                        out = kernel(ta, tb)
            elif (ta.requires_grad or tb.requires_grad) and torch.is_grad_enabled():
                with _no_grad():   # torch would record it; no recording tape tracks an input
                    out = kernel(ta, tb)
            else:
                out = kernel(ta, tb)
        except Exception:  # noqa: BLE001 - the general path runs the kernel again and raises TF's error
            return None
        if type(out) is not torch.Tensor:
            return None
        out_dtype = dt if out.dtype is ta.dtype else None   # (the same: no table lookup)
        return EagerTensor(out, out_dtype, tracked if (tracked and out.requires_grad) else ())
    return entry
