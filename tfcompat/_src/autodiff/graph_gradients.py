"""How a plan runs ``tf.gradients`` nodes (the lowering of ``gradients``-kind nodes).

A ``Gradients`` node (autodiff/gradients.py) calls ``torch.autograd.grad`` on the forward values computed in
the same run. Running it right needs three decisions the plan compiler delegates here:

* leaves: every float tensor a gradient node differentiates against becomes an autograd leaf where its value
  is defined (``Emitter.leaf_ids``), so torch records the ops that use it;
* ``create_graph``/``retain_graph``: a node whose result another node differentiates (second order) builds a
  differentiable graph; the last backward of a run may free the forward graph as it goes (torch's default),
  except inside a sub-graph's plan, whose iterations share one graph;
* ``stop_gradients``: for one ``tf.gradients`` call only, the float ops between the stop tensors and the ys are
  recomputed from detached stop values (a stop that is also an x becomes a fresh leaf that still gets its own
  gradient, as in TF).

The emitter is the plan compiler's (runtime/codegen.py); this module only uses its documented methods, so the
autodiff layer does not import the runtime."""
from __future__ import annotations

import functools

from tfcompat._src.framework.op_def import KIND_GRADIENTS, NOT_DIFFERENTIABLE

__all__ = ["GradientsLowering", "ancestors"]


def _is_differentiable(t) -> bool:
    dt = t.dtype
    return dt.is_floating or dt.is_complex


def ancestors(tensors) -> set:
    """Ids of the ops ``tensors`` depend on through data edges (within their graph)."""
    seen = set()
    stack = [t.op for t in tensors]
    while stack:
        op = stack.pop()
        if id(op) in seen:
            continue
        seen.add(id(op))
        stack.extend(t.op for t in op.inputs)
    return seen


def _xs(op):
    return op.inputs[op.attrs["n_y"] + op.attrs["n_gy"]:]


def _ys(op):
    return op.inputs[:op.attrs["n_y"]]


class GradientsLowering:
    """Lowering of ``gradients``-kind nodes; see the module docstring."""

    def prepare(self, em) -> None:
        grad_ops = [op for op in em.order if op.op_def.kind == KIND_GRADIENTS]
        for op in grad_ops:
            em.leaf_ids.update(id(x) for x in _xs(op))
        # A gradient node upstream of another gradient node's ys (directly, or through grad_ys / other gradient
        # nodes) must build a differentiable graph. One walk from all ys at once: linear in the graph size.
        create_ids = set()
        if len(grad_ops) > 1:
            upstream = ancestors([y for op in grad_ops for y in _ys(op)])
            create_ids = {id(op) for op in grad_ops if id(op) in upstream}
        last_id = id(grad_ops[-1]) if grad_ops else None
        em.state[self] = (last_id, create_ids)

    def lower(self, op, em, ins, outs) -> None:
        last_id, create_ids = em.state[self]
        attrs = dict(op.attrs)
        attrs["create_graph"] = em.create_graph or id(op) in create_ids
        # The plan is straight-line: no backward runs after its last gradient node, which may free what it
        # traverses (the saved reads of variables the run's updates then write in place, copy-on-write).
        attrs["retain_graph"] = id(op) != last_id or attrs["create_graph"] or em.nested
        stops = attrs.pop("stop_gradients", ())
        if stops:
            ins = _emit_stop_gradient_recompute(op, stops, ins, em)
        # The kernel itself (it returns a tuple and is differentiable: bind_kernel's wrapper would add nothing).
        k = em.bind(functools.partial(op.op_def.kernel, **attrs), "grad")
        lhs = (", ".join(outs) + ("," if len(outs) == 1 else "")) if outs else "_"
        em.emit(op, f"{lhs} = {k}({', '.join(ins)})", ins, outs)
        if not attrs["retain_graph"]:
            _release_forward_graph(em)

    def requires_grad_mode(self, op) -> bool:
        return True

    def fresh_output(self, op, index: int) -> bool:
        # With implicit all-ones grad_ys every result is a new buffer of this run (Session.run may hand it out
        # without a copy).
        return op.attrs["n_gy"] == 0


def _release_forward_graph(em) -> None:
    """After the run's last backward, the fetched values already computed drop their autograd history: nothing
    differentiates them any more (no outer tape: ``create_graph`` is off), and the graph they hold would keep
    the saved reads of variables alive, so the run's updates would copy those variables instead of writing
    them in place (copy-on-write, ops/variables.py)."""
    for t in em.program.fetches:
        name = em.names.get(id(t))
        if name is None or name in em.aliases.values() or not _is_differentiable(t):
            continue
        em.emit(None, f"{name} = {name}.detach()", [name], [name])


def _emit_stop_gradient_recompute(gop, stops, ins, em):
    """``stop_gradients`` of one gradients() call: recompute the float ops between the stop tensors and the ys
    from detached stop values; returns the node's input names after the recompute. As in TF, a stop only blocks
    what flows *through* it: a stop that is also an x becomes a fresh leaf that still gets its full gradient,
    and a recomputed x becomes a leaf. gradients() keeps only stops between an x and a y (all computed here)."""
    xs = _xs(gop)
    x_ids = {id(x) for x in xs}
    sub = {}
    for s in stops:
        nm = em.var("stop")
        expr = f"{em.name_of(s)}.detach()"
        if id(s) in x_ids and _is_differentiable(s):
            expr += ".requires_grad_()"
        em.emit(None, f"{nm} = {expr}", [em.name_of(s)], [nm])
        sub[id(s)] = nm
    anc = ancestors(_ys(gop))
    for op in em.order:
        if op is gop or id(op) not in anc or (op.grad_override is None and op.op_def.grad == NOT_DIFFERENTIABLE):
            continue
        if not any(id(t) in sub for t in op.inputs):
            continue
        # Outputs that carry no gradient keep their first value: recomputing, e.g., a random op would draw new
        # numbers.
        if not any(_is_differentiable(t) for t in op.outputs):
            continue
        op_ins = [sub.get(id(t)) or em.name_of(t) for t in op.inputs]
        op_outs = [em.var("re") for _ in op.outputs]
        em.lower_op(op, op_ins, op_outs)
        for t, nm in zip(op.outputs, op_outs):
            if id(t) in sub:
                continue
            sub[id(t)] = nm
            if id(t) in x_ids and _is_differentiable(t):
                em.emit(None, f"{nm} = _leaf({nm})", [nm], [nm])
    return [sub.get(id(t)) or name for t, name in zip(gop.inputs, ins)]
