"""Lowerings of ``control_flow`` and ``call`` nodes: code that calls the plan functions of sub-graphs.

Each FuncGraph compiles (once per gradient setting) to its own plan function ``fn(*inputs) -> tuple``; a node
that branches emits ``if``/``elif``/``else`` around the branch calls, so only the taken branch runs, and a loop
node emits a Python ``while`` around the body call, so the loop runs at run time and torch autograd records the
iterations that actually happen. A node's structure (branches, or cond and body) decides the code, not its op
type. Sub-graphs are compiled by ``func_graph.hooks['compile_function']`` (runtime/executor.py installs it).

A loop whose builder attached a whole-loop kernel (attribute ``_fused_lstm``: ``dynamic_rnn`` over plain LSTM
cells, ops/rnn_fused_lstm.py) calls that kernel first and runs the ``while`` only where it declines."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.op_def import KIND_CALL, KIND_CONTROL_FLOW
from tfcompat._src.runtime import codegen

__all__ = ["ControlFlowLowering", "CallLowering"]


def _sub_graphs(op) -> list:
    attrs = op.attrs
    if "branches" in attrs:
        return list(attrs["branches"])
    if "body" in attrs:
        return [attrs["cond"], attrs["body"]]
    return [attrs["f"]]


def _tuple_lhs(outs) -> str:
    return (", ".join(outs) + ("," if len(outs) == 1 else "")) if outs else "_"


def _scalar_predicate(pred) -> bool:
    if pred.dim() != 0:
        raise errors.InvalidArgumentError(f"The second input must be a scalar, but it has shape {list(pred.shape)}")
    return bool(pred)


def _fused_sequence(op, em):
    """The fused whole-loop kernel ``dynamic_rnn`` offered for this loop (``_fused_lstm``), when the loop node is
    the one it was built for (its loop variables and captured inputs). Plans that differentiate twice may use it
    too: its backward, when recorded, differentiates the step-by-step formula (ops/lstm_sequence.py)."""
    fused = op.attrs.get("_fused_lstm")
    if fused is None or not op.attrs["has_maximum"] or op.attrs["n_vars"] != fused.n_loop_vars:
        return None
    fixed = op.inputs[2 + op.attrs["n_vars"]:]
    if any(all(t is not c for c in fixed) for t in fused.captured):
        return None
    return fused


class ControlFlowLowering:
    """``control_flow`` nodes: branches (``If``/``Case``) and loops (``While``)."""

    def prepare(self, em) -> None:
        em.globals["_scalar_predicate"] = _scalar_predicate
        em.globals["_torch_tensor"] = __import__("torch").tensor

    def lower(self, op, em, ins, outs) -> None:
        if "branches" in op.attrs:
            self._lower_branches(op, em, ins, outs)
        else:
            self._lower_loop(op, em, ins, outs)

    def requires_grad_mode(self, op) -> bool:
        return any(codegen.requires_grad_mode(g.get_operations()) for g in _sub_graphs(op))

    def fresh_output(self, op, index: int) -> bool:
        return False

    # -- cond / case / switch_case ---------------------------------------------------------------------
    def _lower_branches(self, op, em, ins, outs):
        selector, fixed = ins[0], ins[1:]
        sel = op.inputs[0]
        branches, branch_inputs = op.attrs["branches"], op.attrs["branch_inputs"]
        calls = [f"{em.bind(em.compile_function(g), 'branch')}({', '.join(fixed[i] for i in idx)})"
                 for g, idx in zip(branches, branch_inputs)]
        lhs = _tuple_lhs(outs)
        if len(branches) == 2 and sel.dtype is dtypes.bool_:
            test = selector if sel.shape.rank == 0 else f"_scalar_predicate({selector})"
            lines = [f"if {test}:", f"    {lhs} = {calls[0]}", "else:", f"    {lhs} = {calls[1]}"]
        elif "switch" in op.attrs:  # an integer branch index: out of range selects the last branch (TF's Case)
            b = em.var("b")
            lines = [f"{b} = int({selector})"]
            for i, call in enumerate(calls[:-1]):
                lines += [f"{'if' if i == 0 else 'elif'} {b} == {i}:", f"    {lhs} = {call}"]
            lines += (["else:", f"    {lhs} = {calls[-1]}"] if len(calls) > 1 else [f"{lhs} = {calls[-1]}"])
            lines.append(f"del {b}")
        else:
            raise errors.InvalidArgumentError(
                f"Input 'pred' passed {sel.dtype.name} expected bool while building NodeDef '{op.name}' (the "
                f"predicate of tf.cond must be a bool tensor).")
        em.emit(op, lines, ins, outs)

    # -- courses known when the plan is compiled (runtime/compiled_control_flow.py) ------------------------
    def lower_taken_branch(self, op, em, ins, outs, index: int) -> None:
        """Emits the call of branch ``index`` only (the predicate folded to a constant)."""
        g, idx = op.attrs["branches"][index], op.attrs["branch_inputs"][index]
        fixed = ins[1:]
        call = f"{em.bind(em.compile_function(g), 'branch')}({', '.join(fixed[i] for i in idx)})"
        em.emit(op, f"{_tuple_lhs(outs)} = {call}", ins, outs)

    def lower_unrolled_loop(self, op, em, ins, outs, trips: int, counter_start: int) -> None:
        """Emits ``trips`` body calls as ``for _ in range(trips)`` (the trip count folded to a constant); the
        counter output is its final value, as the dynamic loop's."""
        attrs = op.attrs
        n_vars = attrs["n_vars"]
        limit, init, fixed = ins[1], ins[2:2 + n_vars], ins[2 + n_vars:]
        loop = [em.var("w") for _ in range(n_vars)]
        kb = em.bind(em.compile_function(attrs["body"]), "body")
        body_args = ", ".join(loop + [fixed[i] for i in attrs["body_inputs"]])
        lines = []
        if loop:
            lines.append(f"{', '.join(loop)}, = {', '.join(init)},")
        if trips:
            lines += [f"for _ in range({trips}):", f"    {_tuple_lhs(loop)} = {kb}({body_args})"]
        dtype = em.bind(op.outputs[0].dtype.torch_dtype, "dt")
        lines.append(f"{outs[0]} = _torch_tensor({counter_start + trips}, dtype={dtype})")
        lines.append(f"{outs[1]} = {limit}")
        if loop:
            lines.append(f"{_tuple_lhs(outs[2:])} = {', '.join(loop)},")
            lines.append(f"del {', '.join(loop)}")
        em.emit(op, lines, ins, outs)

    # -- while_loop ----------------------------------------------------------------------------------------
    def _lower_loop(self, op, em, ins, outs):
        attrs = op.attrs
        cond, body, n_vars = attrs["cond"], attrs["body"], attrs["n_vars"]
        pred = cond.outputs[0]
        if pred.dtype is not dtypes.bool_:
            raise errors.InvalidArgumentError(
                f"Input 'input' passed {pred.dtype.name} expected bool while building NodeDef '{op.name}/LoopCond' "
                f"(the cond of tf.while_loop must return a bool tensor).")
        counter, limit, init, fixed = ins[0], ins[1], ins[2:2 + n_vars], ins[2 + n_vars:]
        loop = [em.var("w") for _ in range(n_vars)]
        n, m = em.var("n"), em.var("m")
        kc = em.bind(em.compile_function(cond), "cond")
        kb = em.bind(em.compile_function(body), "body")
        cond_args = ", ".join(loop + [fixed[i] for i in attrs["cond_inputs"]])
        body_args = ", ".join(loop + [fixed[i] for i in attrs["body_inputs"]])
        test = f"{kc}({cond_args})[0]"
        if pred.shape.rank != 0:
            test = f"_scalar_predicate({test})"
        lines = []
        if loop:
            lines.append(f"{', '.join(loop)}, = {', '.join(init)},")
        lines.append(f"{n} = int({counter})")
        if attrs["has_maximum"]:
            lines.append(f"{m} = int({limit})")
            test += f" and {n} < {m}"
        loop_lines = [f"while {test}:", f"    {_tuple_lhs(loop)} = {kb}({body_args})", f"    {n} += 1"]
        fused = _fused_sequence(op, em)
        if fused is not None:
            # The whole loop as one fused kernel (ops/rnn_fused_lstm.py); it returns None where the run-time
            # values are not its case, and the loop then runs as written.
            r = em.var("r")
            ids = [id(t) for t in op.inputs]
            sources = [ins[ids.index(id(t))] for t in fused.captured]
            lines.append(f"{r} = {em.bind(fused.run, 'fused')}({n}, {m}, {', '.join(loop + sources)})")
            lines += [f"if {r} is None:"] + ["    " + line for line in loop_lines]
            lines += ["else:", f"    {n}, ({_tuple_lhs(loop)}) = {r}", f"del {r}"]
        else:
            lines += loop_lines
        dtype = op.outputs[0].dtype.torch_dtype
        lines.append(f"{outs[0]} = _torch_tensor({n}, dtype={em.bind(dtype, 'dt')})")
        lines.append(f"{outs[1]} = {limit}")
        if loop:
            lines.append(f"{_tuple_lhs(outs[2:])} = {', '.join(loop)},")
        lines.append(f"del {', '.join(loop + [n] + ([m] if attrs['has_maximum'] else []))}")
        em.emit(op, lines, ins, outs)


class CallLowering:
    """``call`` nodes: one call of a function's plan (attribute ``f``, a FuncGraph)."""

    def prepare(self, em) -> None:
        pass

    def lower(self, op, em, ins, outs) -> None:
        fn = em.bind(em.compile_function(op.attrs["f"]), "fn")
        args = ", ".join(ins[i] for i in op.attrs["f_inputs"])
        em.emit(op, f"{_tuple_lhs(outs)} = {fn}({args})", ins, outs)

    def requires_grad_mode(self, op) -> bool:
        return codegen.requires_grad_mode(op.attrs["f"].get_operations())

    def fresh_output(self, op, index: int) -> bool:
        return False


codegen.register_lowering(KIND_CONTROL_FLOW, ControlFlowLowering())
codegen.register_lowering(KIND_CALL, CallLowering())
