"""``tf.gradients`` / ``tf.compat.v1.gradients`` / ``tf.hessians`` on torch autograd.

``gradients`` adds one ``Gradients`` node to the graph; when a Session or tf.function runs it, the node calls
``torch.autograd.grad`` on the forward values computed in the same run. Which ``xs`` get a tensor and which
get ``None`` is decided here, statically, as TF decides it while building its gradient graph: a path must run
through float tensors and ops whose gradient status is not "not differentiable", and must not cross a
``stop_gradients`` tensor. An op with no gradient on such a path raises LookupError now, as in TF.
``hessians`` adds one more ``Gradients`` node per x that differentiates the gradient against a batch of one-hot
vectors in one vmapped backward (``is_grads_batched``) instead of TF's loop of n gradient graphs."""
from __future__ import annotations

import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import op_def as op_def_lib
from tfcompat._src.framework.dispatch import convert_to_tensor, infer_output_specs
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.op_def import (DIFFERENTIABLE, KIND_GRADIENTS, NOT_DIFFERENTIABLE, NO_GRADIENT,
                                            TF_GRADIENT_NONE, register_op)
from tfcompat._src.framework.indexed_slices import IndexedSlices
from tfcompat._src.framework.tensor import SymbolicTensor
from tfcompat._src.autodiff import sparse_grad
from tfcompat._src.autodiff.unconnected import (AggregationMethod, UnconnectedGradients,
                                                check_aggregation_method, resolve_unconnected)

__all__ = ["gradients", "gradients_v2", "hessians", "hessians_v2", "UnconnectedGradients", "AggregationMethod"]


def _gradients_shapes(inputs, attrs):
    xs = inputs[attrs["n_y"] + attrs["n_gy"]:]
    if attrs.get("hessian"):   # one y, one x: d(y)/d(x) shaped y.shape + x.shape (batch: x's batch axis shared)
        y, x = inputs[0], xs[0]
        return [(y.shape.concatenate(x.shape[1:] if attrs.get("batch") else x.shape), x.dtype)]
    return [(x.shape, x.dtype) for x in xs]


def run_backward(outs, grad_outs, wanted, retain_graph, create_graph):
    """``torch.autograd.grad(outs, wanted, grad_outs, retain_graph, create_graph, allow_unused=True)``.

    When every output gradient is a tensor with its output's shape and dtype (what ``torch.autograd.grad``'s
    argument checks would accept unchanged) this enters torch's autograd engine the way ``torch.autograd.grad``
    does, without those checks and normalisation (most of its Python cost on small steps). The engine runs the
    backward pass in grad mode ``create_graph`` whatever the caller's mode, so no grad-mode context is needed."""
    checked = _ENGINE_RUN_BACKWARD is not None and not torch.compiler.is_compiling()   # dynamo traces only grad()
    if checked:
        for o, g in zip(outs, grad_outs):
            if g is None or g.shape != o.shape or g.dtype != o.dtype:
                checked = False
                break
    if not checked:
        return torch.autograd.grad(outs, wanted, grad_outputs=grad_outs, allow_unused=True,
                                   retain_graph=retain_graph, create_graph=create_graph)
    return _ENGINE_RUN_BACKWARD(tuple(outs), tuple(grad_outs), retain_graph, create_graph, tuple(wanted), True,
                                accumulate_grad=False)


# torch.autograd.grad's own entry into the engine (private; absent in another torch: the public call is used).
_ENGINE_RUN_BACKWARD = getattr(getattr(torch.autograd, "graph", None), "_engine_run_backward", None)


@register_op("Gradients", grad=DIFFERENTIABLE, inputs=("ys",), same_type=(), list_input=True,
             num_outputs=lambda attrs: attrs["n_x"], shape_fn=_gradients_shapes,
             tf_gradient=TF_GRADIENT_NONE, kind=KIND_GRADIENTS)
def _gradients_kernel(*ts, n_y, n_gy, n_x, stop_gradients=(), create_graph=False, retain_graph=True,
                      hessian=False, batch=False):
    """ys, then grad_ys (n_gy of them), then xs: sum over ys of d(y)/d(x), weighted by grad_ys.

    ``hessian``: one y (for tf.hessians, the gradient with respect to the one x; for a traced
    ``GradientTape.jacobian``, the target) -> the full Jacobian d(y)/d(x), shaped y.shape + x.shape, in one
    batched backward; with ``batch``, TF's ``batch_jacobian`` (y and x share the leading batch axis).
    ``stop_gradients`` is consumed by the plan compiler (autodiff/graph_gradients.py: detach-and-recompute)
    and ignored here."""
    if hessian:
        if batch:
            return (_batched_batch_jacobian(ts[0], ts[1], create_graph),)
        return (_batched_jacobian(ts[0], ts[1], create_graph),)
    # Plain loops, no comprehensions: this runs once per gradient node per step (Python calls are its cost).
    outs, gys = [], []
    for i in range(n_y):
        y = ts[i]
        if y.requires_grad:
            outs.append(y)
            gys.append(ts[n_y + i] if n_gy else torch.ones_like(y))
    xs = ts[n_y + n_gy:]
    diff_xs = xs
    for x in xs:
        if not x.requires_grad:
            diff_xs = [x for x in xs if x.requires_grad]
            break
    if outs and diff_xs:
        grads = run_backward(outs, gys, diff_xs, retain_graph, create_graph)
        if diff_xs is xs:
            for g in grads:
                if g is None:
                    break
            else:
                return tuple(grads)
        grads = iter(grads)
        res = [next(grads) if x.requires_grad else None for x in xs]
    else:
        res = [None] * len(xs)
    # Connected statically but not in torch's graph (e.g. a path whose values did not need grad): TF's
    # gradient graph would produce zeros there.
    return tuple(torch.zeros_like(x) if g is None else g for x, g in zip(xs, res))


def _stacked_vjps(y, x, rows, create_graph):
    """d(y)/d(x) weighted by each of ``rows`` (shape [k] + y.shape), stacked: [k] + x.shape, or None when x is
    unused. One vmapped backward; a backward formula torch cannot vmap falls back to one backward per row
    (same values)."""
    try:
        return torch.autograd.grad(y, x, grad_outputs=rows, is_grads_batched=True, allow_unused=True,
                                   retain_graph=True, create_graph=create_graph)[0]
    except RuntimeError:
        per_row = [torch.autograd.grad(y, x, grad_outputs=r, allow_unused=True, retain_graph=True,
                                       create_graph=create_graph)[0] for r in rows]
        return None if per_row[0] is None else torch.stack(per_row)


def _batched_jacobian(y, x, create_graph):
    out_shape = tuple(y.shape) + tuple(x.shape)
    flat = y.reshape(-1)
    n = flat.numel()
    h = None
    if n and flat.requires_grad and x.requires_grad:
        h = _stacked_vjps(flat, x, torch.eye(n, dtype=flat.dtype, device=flat.device), create_graph)
    if h is None:
        return torch.zeros(out_shape, dtype=x.dtype, device=x.device)
    return h.reshape(out_shape)


def _batched_batch_jacobian(y, x, create_graph):
    b = y.shape[0]
    m = y[0].numel() if b else 1
    out_shape = tuple(y.shape) + tuple(x.shape[1:])
    g = None
    if b and m and y.requires_grad and x.requires_grad:
        # Row j: output gradient e_j for every batch entry at once (entries are independent).
        eye = torch.eye(m, dtype=y.dtype, device=y.device).unsqueeze(1).expand(m, b, m)
        g = _stacked_vjps(y, x, eye.reshape((m,) + tuple(y.shape)), create_graph)
    if g is None:
        return torch.zeros(out_shape, dtype=x.dtype, device=x.device)
    return g.movedim(0, 1).reshape(out_shape)


def _is_differentiable_dtype(t) -> bool:
    dt = t.dtype
    return dt.is_floating or dt.is_complex


def _carries_gradient(t) -> bool:
    # A variant (a TensorList: TensorArray flows) carries the gradients of its float elements, as in TF.
    return _is_differentiable_dtype(t) or t.dtype is dtypes.variant


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
        if _op_status(op) == NOT_DIFFERENTIABLE:
            continue
        ops_on_path[id(op)] = op
        # An op may name the only inputs its gradient reaches (CustomGradient: custom_gradient's inputs).
        only = op.attrs.get("_grad_input_indices")
        for i, inp in enumerate(op.inputs):
            if _carries_gradient(inp) and (only is None or i in only):
                stack.append(inp)
    return seen, ops_on_path


def _downstream_tensors(graph, xs):
    """Ids of the xs and of every tensor computed from them (graph ops are stored in creation order)."""
    ids = {id(x) for x in xs}
    for op in graph._ops:
        if any(id(i) in ids for i in op.inputs):
            ids.update(id(o) for o in op.outputs)
    return ids


def _as_list(v):
    if v is None:
        return []
    return list(v) if isinstance(v, (list, tuple)) else [v]


def _graph_tensor(graph, v):
    if isinstance(v, SymbolicTensor):
        # A tensor of an enclosing graph used in a cond branch or loop body is captured (ValueError otherwise).
        return v if v.graph is graph else graph._capture_symbolic(v, "Gradients")
    handle = getattr(v, "_graph_handle", None)
    if handle is not None:  # a Variable: gradients are with respect to its value tensor
        h = handle(graph)
        return h if h.graph is graph else graph._capture_symbolic(h, "Gradients")
    return convert_to_tensor(v)


def _no_gradient_error(op) -> LookupError:
    # TF's text, verbatim (its missing space after "operation" included).
    return LookupError(
        f"No gradient defined for operation'{op.name}' (op type: {op.type}). In general every operation must "
        f"have an associated `@tf.RegisterGradient` for correct autodiff, which this op is lacking. If you want "
        f"to pretend this operation is a constant in your program, you may insert `tf.stop_gradient`. This can "
        f"be useful to silence the error in cases where you know gradients are not needed, e.g. the forward "
        f"pass of tf.custom_gradient. Please see more details in "
        f"https://www.tensorflow.org/api_docs/python/tf/custom_gradient.")


def gradients(ys, xs, grad_ys=None, name="gradients", colocate_gradients_with_ops=False, gate_gradients=False,
              aggregation_method=None, stop_gradients=None,
              unconnected_gradients=UnconnectedGradients.NONE):
    """Mirrors ``tf.compat.v1.gradients``: symbolic sum over ys of dy/dx, for each x.

    Args:
      ys, xs: a tensor (or Variable) or a list of them. xs may be placeholders, constants, variables or
        intermediate tensors, duplicates allowed.
      grad_ys: None (ones like each y) or one tensor per y (None entries mean ones).
      name: name scope of the result tensors (uniquified like TF: gradients, gradients_1, ...).
      colocate_gradients_with_ops, gate_gradients: accepted; torch runs the backward where the forward ran.
      aggregation_method: an ``AggregationMethod`` value; all of them add (torch autograd accumulates).
      stop_gradients: tensors held constant for this call only; one that is also an x still gets its own
        gradient.
      unconnected_gradients: 'none' -> None, 'zero' -> zeros like x (int xs keep their int dtype).

    Returns:
      A list with one entry per x: a tensor evaluated (through ``torch.autograd.grad``) when a Session or
      tf.function runs it, or None where x does not reach any y through differentiable float tensors.

    Raises:
      RuntimeError: executing eagerly. LookupError: an op with no gradient lies between an x and a y.
      ValueError: bad grad_ys length/shape, unconnected_gradients or aggregation_method. TypeError: grad_ys dtype.

    Known difference: None-ness is decided from the forward graph, so a gradient of a gradient that TF's
    symbolic gradient graph would leave unconnected (e.g. the second derivative of a linear function) is zeros.
    """
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        raise RuntimeError("tf.gradients is not supported when eager execution is enabled. Use "
                           "tf.GradientTape instead.")
    unconnected = resolve_unconnected(unconnected_gradients)
    with ctx_lib.push_graph(graph):
        ys_l = [_graph_tensor(graph, y) for y in _as_list(ys)]
        xs_l = [_graph_tensor(graph, x) for x in _as_list(xs)]
        stops = [_graph_tensor(graph, s) for s in _as_list(stop_gradients)]
        gys = _as_list(grad_ys) if grad_ys is not None else None
        # As in TF, the checks below run inside the (already uniquified) name scope.
        with graph.name_scope(name or "gradients"):
            if gys is not None and len(gys) != len(ys_l):
                raise ValueError(f"Length mismatch. Passed {len(gys)} grad_ys for {len(ys_l)} ys")
            check_aggregation_method(aggregation_method)
            grads = _build(graph, ys_l, xs_l, gys, stops)
        # TF creates the 'zero' fill-ins after leaving the gradients name scope ('zeros_like', not 'gradients/…').
        return [_zero_fill(x) if g is None and unconnected is UnconnectedGradients.ZERO else g
                for x, g in zip(xs_l, grads)]


def gradients_v2(ys, xs, grad_ys=None, name="gradients", gate_gradients=False, aggregation_method=None,
                 stop_gradients=None, unconnected_gradients=UnconnectedGradients.NONE):
    """Mirrors ``tf.gradients`` (TF2 signature: no colocate_gradients_with_ops); see ``gradients``."""
    return gradients(ys, xs, grad_ys=grad_ys, name=name, gate_gradients=gate_gradients,
                     aggregation_method=aggregation_method, stop_gradients=stop_gradients,
                     unconnected_gradients=unconnected_gradients)


def _zero_fill(x):
    from tfcompat._src.ops import array_ops
    return array_ops.zeros_like(x, name="zeros_like")


def _check_grad_ys(ys, gys):
    from tfcompat._src.ops import array_ops
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
    return fixed


def _build(graph, ys, xs, gys, stops):
    for i, y in enumerate(ys):
        if y.dtype.is_complex and (gys is None or gys[i] is None):
            raise TypeError(f"Gradients of complex tensors ({y}) must set grad_ys (y.dtype = {y.dtype.name})")
    if gys is not None:
        gys = _check_grad_ys(ys, gys)
    stop_ids = {id(s) for s in stops}
    reach, ops_on_path = _backward_reachable(ys, stop_ids)
    connected = [x for x in xs if _is_differentiable_dtype(x) and id(x) in reach]
    if not connected:
        return [None] * len(xs)
    downstream = _downstream_tensors(graph, connected)
    for op in ops_on_path.values():
        if _op_status(op) == NO_GRADIENT and any(id(i) in downstream for i in op.inputs
                                                  if _carries_gradient(i)):
            raise _no_gradient_error(op)
    # Only stop tensors on a path from an x to a y change anything (and only those are ancestors of ys the
    # executor must recompute from); dropping the others keeps a call with irrelevant stops free.
    stops = [s for s in dict((id(s), s) for s in stops).values() if id(s) in reach and id(s) in downstream]
    uniq = list({id(x): x for x in connected}.values())
    # xs reached only through gathers: differentiate the gather outputs, giving TF's IndexedSlices.
    sparse = {}
    for x in uniq:
        gathers = sparse_grad.graph_sparse_consumers(x, ops_on_path)
        if gathers:
            sparse[id(x)] = gathers
    if sparse:
        uniq = list({id(t): t for t in [x for x in uniq if id(x) not in sparse]
                     + [o for gathers in sparse.values() for op in gathers for o in op.outputs]}.values())
    diff = [i for i, y in enumerate(ys) if _is_differentiable_dtype(y)]
    inputs = [ys[i] for i in diff]
    n_gy = 0
    if gys is not None:
        inputs += [gys[i] for i in diff]
        n_gy = len(diff)
    inputs += uniq
    attrs = {"n_y": len(diff), "n_gy": n_gy, "n_x": len(uniq), "stop_gradients": tuple(stops)}
    outs = _add_gradients_op(graph, inputs, attrs)
    results = {id(x): out for x, out in zip(uniq, outs)}
    for x_id, gathers in sparse.items():
        results[x_id] = _indexed_slices_of(gathers, results)
    return [results.get(id(x)) for x in xs]


def _indexed_slices_of(gathers, results):
    """TF's gather gradient (one IndexedSlices per gather, concatenated when there are several)."""
    from tfcompat._src.ops import array_ops
    values, rows = [], []
    for op in gathers:
        params, indices = op.inputs[0], op.inputs[1]
        inner = params.shape.as_list()[1:] if params.shape.rank is not None else None
        if inner is not None and all(d is not None for d in inner):
            new_shape = [-1] + inner
        else:
            new_shape = array_ops.concat([[-1], array_ops.shape(params)[1:]], 0)
        values.append(array_ops.reshape(results[id(op.outputs[0])], new_shape))
        rows.append(array_ops.reshape(indices, [-1]))
    params = gathers[0].inputs[0]
    # TF builds a Shape op; a static shape gives the same values as a constant, which lets
    # convert_to_tensor(IndexedSlices) size its dense tensor while the graph is built.
    dense_shape = convert_to_tensor(params.shape.as_list(), dtype=dtypes.int32) \
        if params.shape.is_fully_defined() else array_ops.shape(params)
    if len(values) == 1:
        return IndexedSlices(values[0], rows[0], dense_shape)
    if len({r.dtype for r in rows}) > 1:
        from tfcompat._src.ops import math_ops
        rows = [math_ops.cast(r, dtypes.int64) for r in rows]
    return IndexedSlices(array_ops.concat(values, 0), array_ops.concat(rows, 0), dense_shape)


def _add_gradients_op(graph, inputs, attrs):
    op_def = op_def_lib.REGISTRY["Gradients"]
    specs = infer_output_specs(op_def, inputs, attrs)
    return graph._add_op(op_def, graph.unique_name("Gradients"), inputs, attrs, specs).outputs


def hessians(ys, xs, name="hessians", colocate_gradients_with_ops=False, gate_gradients=False,
             aggregation_method=None):
    """Mirrors ``tf.compat.v1.hessians``: for each x, the Hessian of sum(ys), shaped x.shape + x.shape.

    One first-order ``Gradients`` node, then one batched second-order node per x (TF builds a while loop of
    n gradient graphs). Raises ValueError where x does not reach ys, as TF does ("None values not supported").
    Known difference: a Hessian that TF's symbolic graph leaves unconnected (a linear ys) is zeros here, where
    TF raises the same ValueError."""
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        raise RuntimeError("tf.gradients is not supported when eager execution is enabled. Use "
                           "tf.GradientTape instead.")
    with ctx_lib.push_graph(graph), graph.name_scope(name or "hessians"):
        xs_l = [_graph_tensor(graph, x) for x in _as_list(xs)]
        grads = gradients(ys, xs_l, name="gradients", aggregation_method=aggregation_method)
        out = []
        for g, x in zip(grads, xs_l):
            if g is None:
                raise ValueError(f"None values not supported. (tf.hessians: {x.name} does not reach ys, so its "
                                 f"gradient is None.)")
            attrs = {"n_y": 1, "n_gy": 0, "n_x": 1, "hessian": True}
            out.append(_add_gradients_op(graph, [g, x], attrs)[0])
        return out


def hessians_v2(ys, xs, gate_gradients=False, aggregation_method=None, name="hessians"):
    """Mirrors ``tf.hessians`` (TF2 signature); see ``hessians``."""
    return hessians(ys, xs, name=name, gate_gradients=gate_gradients, aggregation_method=aggregation_method)
