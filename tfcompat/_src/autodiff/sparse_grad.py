"""Gradients as ``tf.IndexedSlices`` where TF gives them: with respect to the params of ``tf.gather`` /
``tf.nn.embedding_lookup`` (axis 0, no batch dims), a Variable among them.

TF's gather gradient is an IndexedSlices (values: the output gradient, rows: the gather indices); summing the
gradients of several consumers keeps an IndexedSlices when all of them are (values and indices concatenated) and
gives a dense tensor as soon as one is dense. The differentiation itself stays torch autograd: when every path
from the targets to a source runs through recorded gathers, autograd is asked for the gradient of the gather
*outputs* instead of the source, and those become the IndexedSlices' values. Otherwise the source gets its dense
gradient, as before.

Eager (``GradientTape``): ``ops/array_ops.gather`` reports each recorded gather through
``indexed_slices.GATHER_RECORDERS``; ``sparse_sources`` walks torch's autograd graph from the targets to find the
sources reached only through those gathers. Graph (``tf.gradients``, traced tapes): ``graph_sparse_consumers``
reads the same fact off the graph's consumers.

Known difference: higher-order gradients (an outer tape or a ForwardAccumulator active) stay dense."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.indexed_slices import IndexedSlices
from tfcompat._src.framework.tensor import EagerTensor

__all__ = ["sparse_sources", "indexed_slices_gradient", "graph_sparse_consumers"]


def _leaf_node(t: torch.Tensor):
    return torch.autograd.graph.get_gradient_edge(t).node


def _is_read_of(params: torch.Tensor, leaf: torch.Tensor) -> bool:
    """params is the source's torch value itself or a whole-tensor view of it made by a Variable read or an
    Identity (``view_as``). A same-shape Reshape gives an alias instead (``AliasBackward0``): TF's Reshape
    gradient densifies, so a gather behind it gives the source a dense gradient."""
    if params is leaf:
        return True
    return (params._base is leaf and type(params.grad_fn).__name__ == "ViewBackward0"
            and params.shape == leaf.shape and params.stride() == leaf.stride()
            and params.storage_offset() == leaf.storage_offset())


def sparse_sources(outs, source_tensors, gathers) -> dict:
    """{source position: [(params, indices, output), ...]} for the sources whose every path from ``outs`` runs
    through one of the recorded ``gathers`` (eager; torch tensors)."""
    owner = {}
    for k, ts in enumerate(source_tensors):
        for x in ts:
            owner[id(x)] = k
    by_source: dict[int, list] = {}
    for params, indices, out in gathers:
        base = params if params._base is None else params._base
        k = owner.get(id(base))
        if k is not None and _is_read_of(params, base) and out.grad_fn is not None:
            by_source.setdefault(k, []).append((params, indices, out))
    if not by_source:
        return {}
    leaf_nodes = {}
    for k in by_source:
        for x in source_tensors[k]:
            leaf_nodes[_leaf_node(x)] = k
    stops = {out.grad_fn for entries in by_source.values() for _, _, out in entries}
    dense = set()
    stack = []
    for o in outs:
        node = o.grad_fn if o.grad_fn is not None else _leaf_node(o)
        stack.append(node)
    seen = set()
    while stack:
        node = stack.pop()
        if node is None or node in seen or node in stops:
            continue
        seen.add(node)
        k = leaf_nodes.get(node)
        if k is not None:
            dense.add(k)
            continue
        stack.extend(n for n, _ in node.next_functions)
    return {k: v for k, v in by_source.items() if k not in dense}


def indexed_slices_gradient(entries, grads, direct, dtype, template, zero_if_unconnected):
    """The IndexedSlices gradient of one source from its gathers' output gradients (``grads``: id -> torch);
    dense when the target is also the source (``direct`` parts), None (or zeros) when no gather reached."""
    values, rows = [], []
    for params, indices, out in entries:
        g = grads.get(id(out))
        if g is None:
            continue
        values.append(g.detach().reshape((-1,) + tuple(params.shape[1:])))
        rows.append(indices.reshape(-1))
    if not values and not direct:
        return EagerTensor(torch.zeros_like(template.detach()), dtype) if zero_if_unconnected else None
    if len({r.dtype for r in rows}) > 1:
        rows = [r.long() for r in rows]
    if direct:
        dense = torch.zeros_like(template.detach())
        if values:
            dense = dense.index_add(0, torch.cat(rows).long(), torch.cat(values))
        for d in direct:
            dense = dense + d
        return EagerTensor(dense.detach(), dtype)
    shape = torch.tensor(list(entries[0][0].shape), dtype=torch.int32)
    return IndexedSlices(EagerTensor(torch.cat(values) if len(values) > 1 else values[0], dtype),
                         EagerTensor(torch.cat(rows) if len(rows) > 1 else rows[0]),
                         EagerTensor(shape, dtypes.int32))


_PASS_THROUGH = ("ReadVariableOp", "Identity")


def graph_sparse_consumers(x, ops_on_path) -> list | None:
    """The GatherV2 ops (axis 0, no batch dims, params = x or a read/identity of x) through which every path
    from x to the ys runs, or None when x also reaches them another way (graph mode)."""
    found = []
    stack = [x]
    while stack:
        t = stack.pop()
        for op in t.consumers():
            if id(op) not in ops_on_path:
                continue
            if op.type == "GatherV2" and op.inputs[0] is t and op.inputs[1] is not t \
                    and op.attrs.get("axis", 0) == 0 and not op.attrs.get("batch_dims"):
                found.append(op)
            elif op.type in _PASS_THROUGH and len(op.outputs) == 1:
                stack.append(op.outputs[0])
            else:
                return None
    return found or None
