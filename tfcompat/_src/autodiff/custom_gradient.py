"""``tf.custom_gradient`` on torch autograd, eagerly, inside ``tf.function`` and in TF1 graphs.

``f(*x)`` returns ``(y, grad_fn)``; the outputs become the outputs of ``_CustomGradientFn`` (a
``torch.autograd.Function``) whose backward returns ``grad_fn``'s gradients for the inputs and for the trainable
variables ``f`` read. Gradients never flow through ``f``'s own ops.

Eager: ``grad_fn`` runs eagerly inside torch's backward, on eager tensors.

Graph (tf.function, compat.v1): as TF does, ``grad_fn`` is called while the graph is built, on placeholder
upstream gradients, so it may use ``f``'s symbolic tensors. The ops it builds form a small backward program;
the forward tensors that program reads ("captures") become inputs of one ``CustomGradient`` op (TF: an
``IdentityN`` under a gradient override), whose backward runs the program on this run's values. The closure
lives on that op, not in a global registry (TF registers one gradient function per call and never frees it).
Inputs whose gradient ``grad_fn`` returns as None are not inputs of that op's gradient, so ``tf.gradients``
gives None for them, as in TF."""
from __future__ import annotations

import functools
import inspect
from typing import Callable

import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import _tracking_tapes, apply_op, bind_kernel, convert_to_tensor
from tfcompat._src.framework.op_def import DIFFERENTIABLE, TF_GRADIENT_NONE, register_op
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor, Tensor
from tfcompat._src.autodiff.registry import as_eager, eager_backward_scope, to_torch_grad
from tfcompat._src.ops import array_ops
from tfcompat._src.ops import variables as variables_lib

__all__ = ["custom_gradient"]

_ctx = ctx_lib.context()
_watchers: list = []   # one list per custom_gradient call running f: trainable variables read eagerly


def _on_variable_read(var):
    if _watchers and var.trainable:
        _watchers[-1].append(var)


def custom_gradient(f: Callable | None = None):
    """Mirrors ``tf.custom_gradient``: decorate ``f(*x) -> (y, grad_fn)``.

    ``grad_fn(*dy)`` returns one gradient per (flattened) positional input, None meaning no gradient. If
    ``f`` reads trainable variables that are not inputs, ``grad_fn`` must accept ``variables=`` and return
    ``(input_grads, variable_grads)`` (TypeError otherwise, as in TF). Keyword arguments are accepted only
    when executing eagerly (ValueError in graph mode, as in TF). Second derivatives flow through ``grad_fn``
    when it is built from differentiable ops.

    Differences: in graph mode ``grad_fn`` is traced when ``f`` is called (TF: when ``tf.gradients`` runs);
    eagerly, the variables are passed in the order ``f`` read them (TF: an arbitrary set order)."""
    if f is None:
        return custom_gradient
    return _CustomGradient(f)


class _CustomGradient:
    def __init__(self, f, instance=None):
        self._f = f
        self._instance = instance
        functools.update_wrapper(self, f)

    def __get__(self, instance, owner):
        if instance is None:
            return self
        return _CustomGradient(self._f, instance)

    def __call__(self, *args, **kwargs):
        f = self._f if self._instance is None else functools.partial(self._f, self._instance)
        if ctx_lib.graph_mode_graph() is not None:
            return _graph_mode(f, args, kwargs)
        return _eager_mode(f, args, kwargs)


def _accepts_variables(grad_fn) -> bool:
    try:
        params = inspect.signature(grad_fn).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.name == "variables" or p.kind is inspect.Parameter.VAR_KEYWORD for p in params)


def _check_variables_keyword(grad_fn, variables):
    if variables and not _accepts_variables(grad_fn):
        names = ", ".join(f"<tf.Variable '{v.name}' shape={v.shape} dtype={v.dtype.name}>" for v in variables)
        raise TypeError(f"@tf.custom_gradient grad_fn must accept keyword argument 'variables', since function "
                        f"uses variables: [{names}]")


def _unique(items):
    seen, out = set(), []
    for v in items:
        if id(v) not in seen:
            seen.add(id(v))
            out.append(v)
    return out


def _call_grad_fn(grad_fn, upstream, variables, n_args):
    """(flat input grads, variable grads) with TF's checks on their counts."""
    if variables:
        input_grads, variable_grads = grad_fn(*upstream, variables=list(variables))
        variable_grads = list(variable_grads) if isinstance(variable_grads, (list, tuple)) else [variable_grads]
        if len(variable_grads) != len(variables):
            raise ValueError("Must return gradient for each variable from @custom_gradient grad_fn.")
    else:
        input_grads = grad_fn(*upstream)
        variable_grads = []
    flat = nest.flatten(input_grads)
    if len(flat) != n_args:
        raise ValueError(f"custom_gradient function expected to return {n_args} gradients, but returned "
                         f"{len(flat)} instead.")
    return flat, variable_grads


def _is_float(dt) -> bool:
    return dt.is_floating or dt.is_complex


class _CustomGradientFn(torch.autograd.Function):
    """Forward: the values ``f`` computed (handed over by ``call``). Backward: ``call.backward``."""

    @staticmethod
    def forward(ctx, call, *inputs):
        outs, call.forward_values = call.forward_values, None
        ctx.call = call
        ctx.save_for_backward(*inputs)
        res = tuple(o.detach() for o in outs)
        ctx.mark_non_differentiable(*[r for r in res if not (r.dtype.is_floating_point or r.dtype.is_complex)])
        return res

    @staticmethod
    def backward(ctx, *grads):
        res = ctx.call.backward(ctx.saved_tensors, grads)
        return (None, *[g if need else None for g, need in zip(res, ctx.needs_input_grad[1:])])


# ------------------------------------------------------------------------------------------------
# eager
# ------------------------------------------------------------------------------------------------
class _EagerCall:
    def __init__(self, grad_fn, variables, n_args, forward_values):
        self.grad_fn = grad_fn
        self.variables = variables
        self.n_args = n_args
        self.forward_values = forward_values

    def backward(self, saved, grads):
        with eager_backward_scope():
            upstream = [as_eager(g) for g in grads]
            flat, var_grads = _call_grad_fn(self.grad_fn, upstream, self.variables, self.n_args)
            what = "@custom_gradient grad_fn"
            return [to_torch_grad(g, x.dtype, what) for g, x in zip(flat + list(var_grads), saved)]


def _as_eager_input(x):
    if isinstance(x, EagerTensor):
        return x
    if isinstance(x, variables_lib.Variable):
        return x._eager_read()
    return convert_to_tensor(x)


def _eager_mode(f, args, kwargs):
    watcher = []
    if not _watchers:   # reads of variables call _on_variable_read while a custom_gradient function runs
        variables_lib.add_read_hook(_on_variable_read)
    _watchers.append(watcher)
    try:
        result, grad_fn = f(*args, **kwargs)
    finally:
        _watchers.pop()
        if not _watchers:
            variables_lib.remove_read_hook(_on_variable_read)
    flat_args = nest.flatten(args)
    all_inputs = flat_args + nest.flatten(kwargs)
    variables = [v for v in _unique(watcher) if all(v is not i for i in all_inputs)]
    _check_variables_keyword(grad_fn, variables)
    flat_result = [convert_to_tensor(r) for r in nest.flatten(result)]
    inputs = [_as_eager_input(x) for x in flat_args] + [v._eager_read() for v in variables]
    tapes = _ctx.recording_tapes
    tracked = _tracking_tapes(inputs, tapes) if tapes else ()
    if not tracked:
        outs = [EagerTensor(r._t.detach(), r.dtype) for r in flat_result]
        return nest.pack_sequence_as(result, outs)
    call = _EagerCall(grad_fn, variables, len(flat_args), [r._t for r in flat_result])
    with torch.enable_grad():
        res = _CustomGradientFn.apply(call, *[x._t for x in inputs])
    outs = [EagerTensor(t, r.dtype, tracked if t.requires_grad else ()) for t, r in zip(res, flat_result)]
    return nest.pack_sequence_as(result, outs)


# ------------------------------------------------------------------------------------------------
# graph
# ------------------------------------------------------------------------------------------------
class _BackwardProgram:
    """The ops ``grad_fn`` built that depend on the upstream placeholders, in creation order, run on torch
    values; ``captures`` are the forward tensors they read."""

    def __init__(self, graph, first_op, upstream, grads):
        up_ids = {id(t) for t in upstream}
        dependent = set(up_ids)
        for op in graph._ops[first_op:]:
            if any(id(t) in dependent for t in op.inputs):
                dependent.update(id(o) for o in op.outputs)
        needed, captures = {}, {}
        stack = [g for g in grads if g is not None]
        while stack:
            t = stack.pop()
            if id(t) in up_ids or id(t) in captures:
                continue
            if id(t) in dependent:
                if id(t.op) not in needed:
                    needed[id(t.op)] = t.op
                    stack.extend(t.op.inputs)
            else:
                captures[id(t)] = t
        self.upstream = list(upstream)
        self.captures = list(captures.values())
        self.grads = list(grads)
        self.steps = [(bind_kernel(op.op_def, op.attrs, op.name, op, op.grad_override), op)
                      for op in sorted(needed.values(), key=lambda o: o._id)]

    def run(self, upstream_values, capture_values):
        vals = {}
        for t, v in zip(self.upstream, upstream_values):
            vals[id(t)] = v
        for t, v in zip(self.captures, capture_values):
            vals[id(t)] = v
        for run, op in self.steps:
            outs = run(*[vals[id(t)] for t in op.inputs])
            for t, v in zip(op.outputs, outs):
                vals[id(t)] = v
        return [None if g is None else vals[id(g)] for g in self.grads]


class _GraphSpec:
    """Everything one ``CustomGradient`` op needs at run time (kept on the op, freed with its graph)."""

    def __init__(self, program, n_targets):
        self.program = program
        self.n_targets = n_targets


class _GraphCall:
    def __init__(self, spec, forward_values):
        self.spec = spec
        self.forward_values = forward_values

    def backward(self, saved, grads):
        spec = self.spec
        captures = saved[spec.n_targets:]
        res = spec.program.run(list(grads), list(captures))
        return list(res) + [None] * len(captures)


def _custom_gradient_shapes(inputs, attrs):
    return [(inputs[i].shape, inputs[i].dtype) for i in range(attrs["n_out"])]


@register_op("CustomGradient", grad=DIFFERENTIABLE, inputs=("input",), list_input=True, same_type=(),
             num_outputs=lambda attrs: attrs["n_out"], shape_fn=_custom_gradient_shapes,
             tf_gradient=TF_GRADIENT_NONE)
def _custom_gradient_kernel(*ts, spec, n_out, _grad_input_indices=()):
    """Inputs: f's outputs, then the tensors gradients go to (f's inputs, variables), then the captures."""
    outs, rest = ts[:n_out], ts[n_out:]
    if torch.is_grad_enabled() and any(t.requires_grad for t in rest):
        return _CustomGradientFn.apply(_GraphCall(spec, list(outs)), *rest)
    # Gradients never flow through f's own ops.
    return tuple(o.detach() if o.requires_grad else o for o in outs)


class _CallableProgram:
    """A backward program given as a function of eager tensors (a gradient function loaded from a SavedModel):
    ``gradient(upstream, captures)`` returns the gradients of the targets listed in ``grad_targets``."""

    def __init__(self, gradient: Callable, n_targets: int, grad_targets):
        self.gradient = gradient
        self.n_targets = n_targets
        self.grad_targets = tuple(grad_targets)

    def run(self, upstream_values, capture_values):
        with eager_backward_scope():
            res = self.gradient([as_eager(g) for g in upstream_values], [as_eager(c) for c in capture_values])
        out = [None] * self.n_targets
        for i, g in zip(self.grad_targets, res):
            out[i] = None if g is None else convert_to_tensor(g)._t
        return out


def apply_loaded_custom_gradient(inputs, n_out: int, n_targets: int, grad_targets, gradient: Callable,
                                 name: str = "CustomGradient"):
    """The ``CustomGradient`` op of a ``tf.custom_gradient`` call loaded from a SavedModel (TF's ``IdentityN``
    with a ``_gradient_op_type``): ``inputs`` are f's outputs, the tensors gradients go to, then the captures
    the gradient function reads; ``gradient(upstream, captures)`` (eager tensors, run in the backward pass)
    returns the gradients of the targets in ``grad_targets``. Returns f's outputs."""
    spec = _GraphSpec(_CallableProgram(gradient, n_targets, grad_targets), n_targets)
    attrs = {"spec": spec, "n_out": n_out, "_grad_input_indices": tuple(n_out + i for i in grad_targets)}
    outs = apply_op("CustomGradient", list(inputs), attrs, name=name)
    return list(outs) if isinstance(outs, list) else [outs]


def _dependent_variables(graph, flat_args, flat_result):
    """Variables whose handle ops lie between ``flat_args`` and ``flat_result`` (TF's
    ``_get_dependent_variables``), sorted by name as TF does."""
    stop = {id(t) for t in flat_args if isinstance(t, SymbolicTensor)}
    found, seen = [], set()
    stack = [t.op for t in flat_result if isinstance(t, SymbolicTensor) and id(t) not in stop]
    while stack:
        op = stack.pop()
        if id(op) in seen:
            continue
        seen.add(id(op))
        if op.type in ("VarHandleOp", "ReadVariableOp"):
            found.append(op.attrs["var"])
        stack.extend(t.op for t in op.inputs if id(t) not in stop)
    return sorted(_unique(found), key=lambda v: v.name)


def _graph_mode(f, args, kwargs):
    if kwargs:
        raise ValueError("The custom_gradient decorator currently supports keywords arguments only when eager "
                         "execution is enabled.")
    graph = ctx_lib.graph_mode_graph()
    args = nest.map_structure(lambda a: a if isinstance(a, Tensor) else convert_to_tensor(a), args)
    result, grad_fn = f(*args)
    flat_args = nest.flatten(args)
    flat_result = [convert_to_tensor(r) for r in nest.flatten(result)]
    variables = [v for v in _dependent_variables(graph, flat_args, flat_result)
                 if all(v is not a for a in flat_args)]
    _check_variables_keyword(grad_fn, variables)
    targets = list(flat_args) + [v._graph_handle(graph) for v in variables]

    first_op = len(graph._ops)
    # The backward program is not part of the forward computation: tapes do not record it.
    recording, _ctx.recording_tapes = _ctx.recording_tapes, []
    try:
        with graph.control_dependencies(None), graph.name_scope("CustomGradient_grad"):
            upstream = [array_ops.placeholder(r.dtype, r.shape, name="upstream") for r in flat_result]
            flat, var_grads = _call_grad_fn(grad_fn, upstream, variables, len(flat_args))
            grads = [None if g is None else convert_to_tensor(g) for g in flat + list(var_grads)]
    finally:
        _ctx.recording_tapes = recording
    for g, t in zip(grads, targets):
        if g is not None and _is_float(t.dtype) and g.dtype is not t.dtype:
            raise TypeError(f"@custom_gradient grad_fn returned a gradient of dtype {g.dtype.name} for input "
                            f"{t.name} of dtype {t.dtype.name}")
    program = _BackwardProgram(graph, first_op, upstream, grads)
    spec = _GraphSpec(program, len(targets))
    n_out = len(flat_result)
    inputs = flat_result + targets + program.captures
    # Only the inputs grad_fn returns a gradient for are on a gradient path (tf.gradients' None analysis).
    grad_inputs = tuple(n_out + i for i, (g, t) in enumerate(zip(grads, targets))
                        if g is not None and _is_float(t.dtype))
    attrs = {"spec": spec, "n_out": n_out, "_grad_input_indices": grad_inputs}
    outs = apply_op("CustomGradient", inputs, attrs, name="CustomGradient")
    return nest.pack_sequence_as(result, list(outs) if isinstance(outs, list) else [outs])
