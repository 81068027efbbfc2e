"""Export emitters of control flow: ``While`` as a Python ``while`` loop with the body sub-graph inlined, ``If``
as ``if``/``else`` with both branches inlined, and TF's TensorLists (``TensorArray`` in ``dynamic_rnn``) as Python
lists of tensors. torch autograd then records the iterations and the branch that actually run, as tfcompat does."""
from __future__ import annotations

from tfcompat._src.tools.export.emitters_math import raise_unsupported
from tfcompat._src.tools.export.lowering import block_emitter, dtype_src, emitter

__all__: list = []


def _tuple(names) -> str:
    return ", ".join(names) + ("," if len(names) == 1 else "")


@block_emitter("While", "StatelessWhile")
def _while(op, ins, lw, outs):
    attrs = op.attrs
    n_vars = attrs["n_vars"]
    counter, limit, init, fixed = ins[0], ins[1], ins[2:2 + n_vars], ins[2 + n_vars:]
    loop_vars = outs[2:]
    prefix = f"{op.name}/"
    step, bound = lw.fresh(f"{op.name}/iteration"), lw.fresh(f"{op.name}/maximum_iterations")
    cond_lines, (pred,) = lw.subgraph(attrs["cond"], loop_vars + [fixed[i] for i in attrs["cond_inputs"]], prefix)
    body_lines, results = lw.subgraph(attrs["body"], loop_vars + [fixed[i] for i in attrs["body_inputs"]], prefix)
    lines = [f"# tf.while_loop {op.name!r}", f"{step} = int({counter})"]
    if loop_vars:
        lines.append(f"{_tuple(loop_vars)} = {_tuple(init)}")
    if attrs["has_maximum"]:
        lines += [f"{bound} = int({limit})", f"while {step} < {bound}:"]
    else:
        lines.append("while True:")
    lines += ["    " + line for line in cond_lines]
    lines += [f"    if not bool({pred}):", "        break"]
    lines += ["    " + line for line in body_lines]
    if loop_vars:
        lines.append(f"    {_tuple(loop_vars)} = {_tuple(results)}")
    lines.append(f"    {step} += 1")
    lines.append(f"{outs[0]} = torch.tensor({step}, dtype={dtype_src(op.outputs[0].dtype)}, device=device)")
    lines.append(f"{outs[1]} = {limit}")
    return lines


@block_emitter("If", "StatelessIf")
def _if(op, ins, lw, outs):
    branches, branch_inputs = op.attrs["branches"], op.attrs["branch_inputs"]
    if len(branches) != 2 or not op.inputs[0].dtype.is_bool:
        raise_unsupported(op, "more than two branches")
    pred, fixed = ins[0], ins[1:]
    lines = [f"# tf.cond {op.name!r}", f"if bool({pred}):"]
    for k, (graph, idx) in enumerate(zip(branches, branch_inputs)):
        if k == 1:
            lines.append("else:")
        body, results = lw.subgraph(graph, [fixed[i] for i in idx], f"{op.name}/branch{k}/")
        lines += ["    " + line for line in body]
        lines.append(f"    {_tuple(outs)} = {_tuple(results)}" if outs else "    pass")
    return lines


# -- TensorLists (TensorArray) as Python lists -------------------------------------------------------------------
@emitter("TensorListReserve")
def _reserve(op, ins, lw):
    return f"[None] * int({ins[0]})"


@emitter("TensorListFromTensor")
def _from_tensor(op, ins, lw):
    return f"list(torch.unbind({ins[0]}, dim=0))"


@emitter("TensorListGetItem")
def _get_item(op, ins, lw):
    return f"{ins[0]}[int({ins[1]})]"


@emitter("TensorListSetItem")
def _set_item(op, ins, lw):
    lst, index, item = ins
    return f"{lst}[:int({index})] + [{item}] + {lst}[int({index}) + 1:]"  # a new list, as TF's op


@emitter("TensorListStack")
def _stack(op, ins, lw):
    return f"torch.stack({ins[0]})"


@emitter("TensorListLength")
def _length(op, ins, lw):
    return f"torch.tensor(len({ins[0]}), dtype=torch.int32, device=device)"
