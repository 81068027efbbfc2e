"""``tf.gradients`` / ``tf.compat.v1.gradients`` / ``tf.hessians`` on torch autograd.

``gradients`` adds one ``Gradients`` node to the graph; when a Session or tf.function runs it, the node calls
``torch.autograd.grad`` on the forward values computed in the same run. Which ``xs`` get a tensor and which
get ``None`` is decided here, statically, as TF decides it while building its gradient graph: a path must run
through float tensors and ops whose gradient status is not "not differentiable", and must not cross a
``stop_gradients`` tensor. An op with no gradient on such a path raises LookupError now, as in TF."""
from __future__ import annotations

import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import op_def as op_def_lib
from tfcompat._src.framework.dispatch import convert_to_tensor, infer_output_specs
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NO_GRADIENT, NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.tensor import SymbolicTensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.autodiff.unconnected import (AggregationMethod, UnconnectedGradients,
                                                check_aggregation_method, resolve_unconnected)

__all__ = ["gradients", "hessians", "UnconnectedGradients", "AggregationMethod"]


def _gradients_shapes(inputs, attrs):
    n_y, n_gy = attrs["n_y"], attrs["n_gy"]
    return [(x.shape, x.dtype) for x in inputs[n_y + n_gy:]]


@register_op("Gradients", grad=DIFFERENTIABLE, inputs=("ys",), same_type=(), list_input=True,
             num_outputs=lambda attrs: attrs["n_x"], shape_fn=_gradients_shapes)
def _gradients_kernel(*ts, n_y, n_gy, n_x, stop_gradients=(), create_graph=False, retain_graph=True):
    """ys, then grad_ys (n_gy of them), then xs: sum over ys of d(y)/d(x), weighted by grad_ys."""
    ys = ts[:n_y]
    gys = ts[n_y:n_y + n_gy] if n_gy else None
    xs = ts[n_y + n_gy:]
    outs = [y for y in ys if y.requires_grad]
    if gys is not None:
        gys = [g for y, g in zip(ys, gys) if y.requires_grad]
    else:
        gys = [torch.ones_like(y) for y in outs]
    diff_xs = [x for x in xs if x.requires_grad]
    if outs and diff_xs:
        grads = iter(torch.autograd.grad(outs, diff_xs, grad_outputs=gys, allow_unused=True,
                                         retain_graph=retain_graph, create_graph=create_graph))
        res = [next(grads) if x.requires_grad else None for x in xs]
    else:
        res = [None] * len(xs)
    # Connected statically but not in torch's graph (e.g. a path whose values did not need grad): TF's
    # gradient graph would produce zeros there.
    return tuple(torch.zeros_like(x) if g is None else g for x, g in zip(xs, res))


def _is_differentiable_dtype(t) -> bool:
    dt = t.dtype
    return dt.is_floating or dt.is_complex


def _op_status(op):
    if op.grad_override is not None:
        return DIFFERENTIABLE
    return op.op_def.grad


def _backward_reachable(ys, stop_ids):
    """Tensors (by id) that ys depend on through differentiable edges, and the ops on those paths."""
    seen = set()
    ops_on_path = {}
    stack = [y for y in ys if _is_differentiable_dtype(y)]
    while stack:
        t = stack.pop()
        if id(t) in seen:
            continue
        seen.add(id(t))
        if id(t) in stop_ids:
            continue
        op = t.op
        status = _op_status(op)
        if status == NOT_DIFFERENTIABLE:
            continue
        ops_on_path[id(op)] = op
        for inp in op.inputs:
            if _is_differentiable_dtype(inp):
                stack.append(inp)
    return seen, ops_on_path


def _forward_closure(xs):
    """Ops downstream of any x (by id)."""
    ids = set()
    graph = xs[0].graph if xs else None
    if graph is None:
        return ids
    x_ids = {id(x) for x in xs}
    for op in graph._ops:
        if any(id(i) in x_ids or id(i.op) in ids for i in op.inputs):
            ids.add(id(op))
    return ids


def _as_list(v):
    if v is None:
        return []
    return list(v) if isinstance(v, (list, tuple)) else [v]


def _graph_tensor(graph, v):
    if isinstance(v, SymbolicTensor):
        return v
    handle = getattr(v, "_graph_handle", None)
    if handle is not None:  # a Variable: gradients are with respect to its value tensor
        return handle(graph)
    return convert_to_tensor(v)


def gradients(ys, xs, grad_ys=None, name="gradients", colocate_gradients_with_ops=False, gate_gradients=False,
              aggregation_method=None, stop_gradients=None,
              unconnected_gradients=UnconnectedGradients.NONE):
    """Mirrors ``tf.gradients`` (and ``tf.compat.v1.gradients``): symbolic sum of dy/dx over ys.

    Returns a list with one entry per x: a tensor, or None (zeros with ``unconnected_gradients='zero'``)
    where x does not reach any y. Raises RuntimeError when executing eagerly, as TF does."""
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        raise RuntimeError("tf.gradients is not supported when eager execution is enabled. Use "
                           "tf.GradientTape instead.")
    unconnected = resolve_unconnected(unconnected_gradients)
    check_aggregation_method(aggregation_method)
    with ctx_lib.push_graph(graph):
        ys_l = [_graph_tensor(graph, y) for y in _as_list(ys)]
        xs_l = [_graph_tensor(graph, x) for x in _as_list(xs)]
        stops = [_graph_tensor(graph, s) for s in _as_list(stop_gradients)]
        gys = _as_list(grad_ys) if grad_ys is not None else None
        if gys is not None and len(gys) != len(ys_l):
            raise ValueError(f"Length mismatch. Passed {len(gys)} grad_ys for {len(ys_l)} ys")
        with graph.name_scope(name or "gradients"):
            return _build(graph, ys_l, xs_l, gys, stops, unconnected)


def _build(graph, ys, xs, gys, stops, unconnected):
    from tfcompat._src.ops import array_ops
    if gys is not None:
        fixed = []
        for y, g in zip(ys, gys):
            if g is None:
                fixed.append(array_ops.ones_like(y) if _is_differentiable_dtype(y) else None)
                continue
            g = convert_to_tensor(g, dtype=y.dtype) if not hasattr(g, "dtype") else convert_to_tensor(g)
            if g.dtype is not y.dtype and _is_differentiable_dtype(y):
                raise TypeError(f"Gradient type {g.dtype.name} generated for op {y.op.name} does not match "
                                f"input type {y.dtype.name}")
            if not g.shape.is_compatible_with(y.shape):
                raise ValueError(f"Incompatible shapes between op input and calculated input gradient. "
                                 f"Forward operation: {y.op.name}. Input index: 0. Original input shape: "
                                 f"{y.shape}. Calculated input gradient shape: {g.shape}")
            fixed.append(g)
        gys = fixed
    stop_ids = {id(s) for s in stops}
    reach, ops_on_path = _backward_reachable(ys, stop_ids)
    connected = [x for x in xs if _is_differentiable_dtype(x) and id(x) in reach]
    downstream = _forward_closure(connected)
    for op in ops_on_path.values():
        if id(op) in downstream and _op_status(op) == NO_GRADIENT and not any(o is op for o in
                                                                              (x.op for x in connected)):
            raise LookupError(
                f"No gradient defined for operation '{op.name}' (op type: {op.type}). In general every "
                f"operation must have an associated `@tf.RegisterGradient` for correct autodiff, which this "
                f"op is lacking. If you want to pretend this operation is a constant in your program, you may "
                f"insert `tf.stop_gradient`.")
    results = {}
    uniq = []
    for x in connected:
        if id(x) not in results:
            results[id(x)] = None
            uniq.append(x)
    diff_ys = [y for y in ys if _is_differentiable_dtype(y)]
    if uniq and diff_ys:
        inputs = list(diff_ys)
        n_gy = 0
        if gys is not None:
            inputs += [g for y, g in zip(ys, gys) if _is_differentiable_dtype(y)]
            n_gy = len(diff_ys)
        inputs += uniq
        op_def = op_def_lib.REGISTRY["Gradients"]
        attrs = {"n_y": len(diff_ys), "n_gy": n_gy, "n_x": len(uniq), "stop_gradients": tuple(stops)}
        specs = infer_output_specs(op_def, inputs, attrs)
        op = graph._add_op(op_def, graph.unique_name("Gradients"), inputs, attrs, specs)
        for x, out in zip(uniq, op.outputs):
            results[id(x)] = out
    out = []
    for x in xs:
        g = results.get(id(x))
        if g is None and unconnected is UnconnectedGradients.ZERO:
            g = array_ops.zeros_like(x)
        out.append(g)
    return out


def hessians(ys, xs, name="hessians", colocate_gradients_with_ops=False, gate_gradients=False,
             aggregation_method=None):
    """Mirrors ``tf.hessians``: for each x, the Hessian of sum(ys) with shape x.shape + x.shape."""
    from tfcompat._src.ops import array_ops
    xs_l = _as_list(xs)
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        raise RuntimeError("tf.hessians is not supported when eager execution is enabled. Use "
                           "tf.GradientTape instead.")
    grads = gradients(ys, xs_l, name=name)
    out = []
    for g, x in zip(grads, xs_l):
        if g is None:
            out.append(None)
            continue
        xt = _graph_tensor(graph, x)
        n = xt.shape.num_elements()
        if n is None:
            raise ValueError("tf.hessians needs fully defined shapes of xs")
        flat = array_ops.reshape(g, [-1])
        rows = []
        for i in range(n):
            row = gradients(flat[i], xt, name=name)[0]
            rows.append(row if row is not None else array_ops.zeros_like(xt))
        h = array_ops.stack(rows) if rows else array_ops.zeros([0], dtype=xt.dtype)
        out.append(array_ops.reshape(h, xt.shape.as_list() + xt.shape.as_list()))
    return out
