"""The ops one ``Session.run`` executes, found the same way on TensorFlow's graph (``tf_side.py``) and on
tfcompat's (``tfcompat_side.py``), so that the two sides of a traced ``compare`` list the same ops.

Plain Python on the graph objects' common attributes (an op's ``name``, ``inputs``, ``control_inputs``; a
tensor's ``name`` and ``op``): it imports neither TensorFlow nor tfcompat, since ``tf_side.py`` runs as a file in
a process that must not load torch."""
from __future__ import annotations

__all__ = ["executed_ops"]


def executed_ops(start_ops, fed_tensor_names) -> list:
    """The ops that running ``start_ops`` executes, inputs before users (a depth-first post-order from
    ``start_ops`` in their order): their transitive inputs and control inputs, stopping at the tensors named in
    ``fed_tensor_names``; each op once."""
    order, seen = [], set()
    stack = [(op, False) for op in reversed(list(start_ops))]
    while stack:
        op, expanded = stack.pop()
        if expanded:
            order.append(op)
            continue
        if op.name in seen:
            continue
        seen.add(op.name)
        stack.append((op, True))
        for c in reversed(list(op.control_inputs)):
            if c.name not in seen:
                stack.append((c, False))
        for t in reversed(list(op.inputs)):
            if t.name not in fed_tensor_names and t.op.name not in seen:
                stack.append((t.op, False))
    return order
