"""Plan code generation: the ordered ops of a plan become one generated Python function.

The generator emits code per node *kind* (``OpDef.kind``), never per op type, as torch.fx's codegen does:

* ``op``: a kernel call (a differentiable single-output op calls its kernel directly; the others go through
  ``bind_kernel``, which applies the gradient status and user gradients and returns a tuple);
* ``constant``: the value, bound once when the plan is compiled;
* ``gradients``: a ``tf.gradients`` node, lowered by the autodiff layer (``autodiff/graph_gradients.py``);
* ``control_flow``: calls the plan functions of the op's sub-graphs (``runtime/codegen_control_flow.py``);
* ``call``: calls a function's plan (``runtime/codegen_control_flow.py``).

Each lowering gets an ``Emitter``: it names values, binds Python objects into the function's globals and
appends code items ``(op, lines, inputs, outputs)``. The generator then deletes every value after its last use
and compiles the source; a failing line maps back to its op through the function's globals
(``__tfcompat_line_ops__``), also for the plan functions of nested sub-graphs.

A variable's handle op (``VarHandleOp``: ops consume ``W:0`` directly, as TF1 ref variables) reads the
variable where it is ordered; an op that a variable write of the plan precedes through TF's data or control
edges reads it again when the write ran after the last read (``_VariableReads``), so ``with
tf.control_dependencies([assign]): y = W * 2`` sees the assigned value, as in TF. Plans without such edges read
each variable once.

Before lowering, runtime/codegen_fusion.py picks kernels from the graph's static facts (a MatMul whose only use
is a bias add runs as one addmm, as TF's grappler fuses ``_FusedMatMul``; Conv2D + bias (+ ReLU, + max pool) as
one kernel, as ``_FusedConv2D``; idle dtype wrappers are skipped).

``PythonBackend`` is the seam where another backend can take a whole plan: it receives a ``PlanProgram`` and
returns the callable. Plans run with jit compilation go through runtime/compiled_plan.py (torch.compile)."""
from __future__ import annotations

import dataclasses
import functools
import itertools
import linecache

import torch

from tfcompat._src.autodiff import graph_gradients
from tfcompat._src.framework import func_graph as func_graph_lib
from tfcompat._src.framework.dispatch import bind_kernel
from tfcompat._src.framework.op_def import DIFFERENTIABLE, KIND_CONSTANT, KIND_GRADIENTS, KIND_OP, NOT_DIFFERENTIABLE
from tfcompat._src.runtime import codegen_fusion

__all__ = ["PlanProgram", "Emitter", "PythonBackend", "BACKEND", "LOWERINGS", "register_lowering", "lowering_of",
           "requires_grad_mode", "LINE_OPS_KEY"]

LINE_OPS_KEY = "__tfcompat_line_ops__"
_plan_ids = itertools.count(1)


@dataclasses.dataclass
class PlanProgram:
    """What a backend compiles: ops in execution order, the fed tensors (the function's arguments, in order)
    and the fetched tensors (its results, in order).

    ``create_graph``: gradient nodes build differentiable graphs (an outer tape or gradient differentiates the
    results). ``nested``: the plan of a sub-graph (its gradient nodes keep torch's graph: iterations share it)."""
    order: list
    feeds: list
    fetches: list
    create_graph: bool = False
    nested: bool = False
    name: str = "plan"


def _leaf(t):
    return t if t.requires_grad else t.detach().requires_grad_()


def _is_differentiable(t) -> bool:
    dt = t.dtype
    return dt.is_floating or dt.is_complex


class Emitter:
    """Builds the code of one plan function (see the module docstring)."""

    def __init__(self, program: PlanProgram):
        self.program = program
        self.order = program.order
        self.create_graph = program.create_graph
        self.nested = program.nested
        self.globals = {"_leaf": _leaf, "torch": torch}
        self.names: dict = {}        # id(tensor) -> the local variable holding its value
        self.fed: set = set()        # ids of fed tensors (never recomputed)
        self.leaf_ids: set = set()   # ids of tensors some gradient node differentiates against
        self.items: list = []        # (op or None, [source lines], input names, output names)
        self.state: dict = {}        # per-lowering scratch space, keyed by the lowering
        self.aliases: dict = {}      # output name -> the global holding its value (never assigned or deleted)
        self._counter = itertools.count()

    # -- naming and binding ----------------------------------------------------------------------------
    def var(self, hint: str = "t") -> str:
        """A fresh local variable name."""
        return f"{hint}{next(self._counter)}"

    def bind(self, value, hint: str = "k") -> str:
        """Binds ``value`` into the generated function's globals under a fresh name."""
        name = f"{hint}{next(self._counter)}"
        self.globals[name] = value
        return name

    def name_of(self, tensor) -> str:
        return self.names[id(tensor)]

    # -- emitting ----------------------------------------------------------------------------------------
    def emit(self, op, lines, ins, outs) -> None:
        """Appends one code item; ``lines`` is a line or a list of lines (relative indentation kept)."""
        self.items.append((op, [lines] if isinstance(lines, str) else list(lines), list(ins), list(outs)))

    def define(self, tensor, name: str) -> None:
        """``tensor``'s value is now in ``name``; a value some gradient node differentiates against becomes an
        autograd leaf right here."""
        if id(tensor) in self.leaf_ids and _is_differentiable(tensor):
            if name in self.aliases:  # a bound global: copy it into a local first
                self.emit(None, f"{name} = {self.aliases.pop(name)}", [], [name])
            self.emit(None, f"{name} = {name} if {name}.requires_grad else {name}.detach().requires_grad_()",
                      [name], [name])
        self.names[id(tensor)] = self.aliases.get(name, name)

    def alias(self, name: str, global_name: str) -> None:
        """Output ``name`` is the bound global ``global_name`` itself (a constant): no local, no copy."""
        self.aliases[name] = global_name

    def lower_op(self, op, ins, outs) -> None:
        """Emits ``op`` reading its inputs from ``ins`` and writing its outputs to ``outs``."""
        LOWERINGS[op.op_def.kind].lower(op, self, ins, outs)

    def compile_function(self, func_graph):
        """The plan function of a sub-graph, compiled with this plan's gradient settings (a gradient node here or
        in the sub-graph differentiates through it: its own gradient nodes build differentiable graphs)."""
        create_graph = self.create_graph or self.state.get("has_gradients", False)
        return func_graph_lib.hooks["compile_function"](func_graph, create_graph)


# ------------------------------------------------------------------------------------------------
# lowerings of the node kinds
# ------------------------------------------------------------------------------------------------
def _tuple_lhs(outs) -> str:
    return (", ".join(outs) + ("," if len(outs) == 1 else "")) if outs else "_"


def _direct_call(op):
    """How the plan may call the kernel itself (no ``bind_kernel`` wrapper, no result tuple), or None.

    ``"value"``: its result is the op's single output (differentiable, or outputs autograd never tracks:
    bool/int); ``"detach"``: the single float output of a not-differentiable op, detached inline when the kernel
    recorded it (``finish_outputs``); ``"none"``: an op with no outputs whose gradient status has nothing to
    apply (optimizer updates, NoOp). Never with a user gradient or a gradient-raising status."""
    op_def = op.op_def
    if op.grad_override is not None or callable(op_def.num_outputs) or op_def.num_outputs > 1:
        return None
    grad = op_def.grad
    if grad is not DIFFERENTIABLE and grad is not NOT_DIFFERENTIABLE:
        return None
    if op_def.num_outputs == 0:
        return "none"
    out = op.outputs[0]
    if grad is DIFFERENTIABLE or (not _is_differentiable(out) and out.dtype.torch_dtype is not None):
        return "value"
    return "detach" if out.dtype.torch_dtype is not None else None


class OpLowering:
    """``op``: one kernel call."""

    def prepare(self, em: Emitter) -> None:
        pass

    def lower(self, op, em: Emitter, ins, outs) -> None:
        op_def = op.op_def
        if op_def.name == "NoOp" and op.grad_override is None:
            return    # a NoOp (tf.group, an optimizer's finish) only orders: the plan's order already holds it
        args = ", ".join(ins)
        kernel = codegen_fusion.plain_kernel(op_def.kernel, op)
        direct = _direct_call(op)
        if direct is not None:
            # The kernel itself (attrs bound by partial): no wrapper call, no result tuple.
            k = em.bind(functools.partial(kernel, **op.attrs) if op.attrs else kernel)
            if direct == "none":
                em.emit(op, f"{k}({args})", ins, outs)
                return
            o = outs[0]
            lines = [f"{o} = {k}({args})"]
            if direct == "detach":
                lines.append(f"{o} = {o}.detach() if {o}.requires_grad else {o}")
            em.emit(op, lines, ins, outs)
            return
        k = em.bind(bind_kernel(op_def, op.attrs, op.name, op, op.grad_override, kernel=kernel))
        em.emit(op, f"{_tuple_lhs(outs)} = {k}({args})", ins, outs)

    def requires_grad_mode(self, op) -> bool:
        return False

    def fresh_output(self, op, index: int) -> bool:
        return False


class ConstantLowering(OpLowering):
    """``constant``: immutable values bound once at compile time, not re-run per call."""

    def lower(self, op, em: Emitter, ins, outs) -> None:
        if op.grad_override is not None:
            OpLowering.lower(self, op, em, ins, outs)
            return
        em.alias(outs[0], em.bind(op.attrs["value"], "c"))


LOWERINGS: dict = {KIND_OP: OpLowering(), KIND_CONSTANT: ConstantLowering(),
                   KIND_GRADIENTS: graph_gradients.GradientsLowering()}


def register_lowering(kind: str, lowering) -> None:
    """Installs the lowering of node kind ``kind`` (runtime/codegen_control_flow.py installs its own)."""
    LOWERINGS[kind] = lowering


def requires_grad_mode(order) -> bool:
    """Whether running these ops needs torch's grad mode (a gradient node, here or in a sub-graph)."""
    return any(LOWERINGS[op.op_def.kind].requires_grad_mode(op) for op in order)


# ------------------------------------------------------------------------------------------------
# variable reads in op order
# ------------------------------------------------------------------------------------------------
def _is_variable_handle(op) -> bool:
    """A variable's handle op (``VarHandleOp``): no inputs, stateful, one output, the variable as attr ``var``;
    its kernel returns the variable's current value."""
    return not op.inputs and op.op_def.stateful and len(op.outputs) == 1 and "var" in op.attrs


class _VariableReads:
    """When the ops of a plan read the variables whose handles they consume.

    TF reads a ref variable when the op consuming ``W:0`` runs, after its data and control inputs; ``r * 2.0``
    of a resource variable creates a ReadVariableOp carrying the scope's control inputs. Here every consumer of
    a handle shares the value its handle op read, unless a write (an op with side effects: an assign, an
    optimizer update, a stateful loop or call) precedes the consumer through the graph's edges and ran after
    that read: the consumer then reads the variable again, right before it runs, and later consumers share that
    read. Gradient nodes never read again: they differentiate the values the run computed; nor do ops reading
    the variable themselves (attr ``var``: ReadVariableOp, assignments). Without such an edge
    TF's order is unspecified; the first read (where the handle op is ordered) is kept, which is TF's usual
    outcome. ``last_write[id(op)]``: the position of the latest write among ``op`` and its ancestors, -1 when
    none (one pass over the order)."""

    def __init__(self, order, fed: set):
        self.read_at: dict = {}      # id(handle tensor) -> position of its latest read
        self.before: dict = {}       # id(op) -> position of the latest write some input edge depends on
        has_handles = any(_is_variable_handle(op) and id(op.outputs[0]) not in fed for op in order)
        if not has_handles or not any(func_graph_lib.has_side_effects(op) for op in order):
            return  # nothing can make a read stale: every consumer shares the first read
        last_write: dict = {}
        for k, op in enumerate(order):
            latest = -1
            for t in op.inputs:
                if id(t) not in fed:
                    latest = max(latest, last_write.get(id(t.op), -1))
            for c in op.control_inputs:
                latest = max(latest, last_write.get(id(c), -1))
            if latest >= 0:
                self.before[id(op)] = latest
            last_write[id(op)] = k if func_graph_lib.has_side_effects(op) else latest

    def refresh(self, em: Emitter, op, k: int) -> None:
        """Reads again, before ``op`` (at position ``k``), the variables whose handles it consumes when a write
        it depends on ran after their last read."""
        write = self.before.get(id(op), -1)
        if write < 0 or op.op_def.kind == KIND_GRADIENTS or "var" in op.attrs:
            return  # a gradient node keeps the values it differentiates; a ReadVariableOp reads for itself
        for t in op.inputs:
            if self.read_at.get(id(t), k) < write:
                name = em.var("read")
                em.lower_op(t.op, [], [name])
                em.define(t, name)
                self.read_at[id(t)] = k

    def ran(self, op, k: int) -> None:
        """Records the read of a handle op ordered at position ``k``."""
        if self.before and _is_variable_handle(op):
            self.read_at[id(op.outputs[0])] = k


# ------------------------------------------------------------------------------------------------
# the Python backend
# ------------------------------------------------------------------------------------------------
class PythonBackend:
    """Generates and compiles straight-line Python for a ``PlanProgram`` (the default backend). ``emitter``: the
    ``Emitter`` class (runtime/compiled_plan.py uses one that lifts variables)."""

    emitter = Emitter

    def compile(self, program: PlanProgram):
        """Returns ``(fn, source)``: ``fn(feed_values) -> tuple`` of the fetched values."""
        em = self.emitter(program)
        em.state["has_gradients"] = requires_grad_mode(program.order)
        for lowering in {id(LOWERINGS[op.op_def.kind]): LOWERINGS[op.op_def.kind] for op in program.order}.values():
            lowering.prepare(em)
        for i, t in enumerate(program.feeds):
            em.fed.add(id(t))
        for i, t in enumerate(program.feeds):
            em.define(t, f"f{i}")
        fused = codegen_fusion.fusion_groups(program, em.fed, em.leaf_ids)
        reads = _VariableReads(program.order, em.fed)
        for k, op in enumerate(program.order):
            if op.outputs and all(id(t) in em.fed for t in op.outputs):
                continue  # fully fed: never run (a fed placeholder must not raise)
            pair = fused.get(id(op), False)
            if pair is None:
                continue  # computed by its fused group's last op (below)
            outs = [f"v{k}_{j}" for j in range(len(op.outputs))]
            if pair:
                for member in pair.ops:   # every fused op's variable reads
                    reads.refresh(em, member, k)
                codegen_fusion.lower_group(em, op, pair, outs)
            else:
                reads.refresh(em, op, k)
                em.lower_op(op, [em.name_of(t) for t in op.inputs], outs)
            for j, t in enumerate(op.outputs):
                if id(t) not in em.fed:  # a fed tensor keeps its fed value
                    em.define(t, outs[j])
            reads.ran(op, k)
        results = [em.name_of(t) for t in program.fetches]
        return self._assemble(em, program, results)

    def _assemble(self, em: Emitter, program: PlanProgram, results):
        items = em.items
        globals_ = set(em.aliases.values())
        last_use = {}
        for idx, (_, _, ins, _) in enumerate(items):
            for n in ins:
                last_use[n] = idx
        for n in results:
            last_use[n] = len(items)
        args = [f"f{i}" for i in range(len(program.feeds))]
        if program.nested:  # a sub-graph's plan: called with its inputs as positional arguments
            lines = [f"def {program.name}({', '.join(args)}):"]
        else:
            lines = [f"def {program.name}(feeds):"]
            if args:
                lines.append(f"    {', '.join(args)}, = feeds")
        line_ops = {}
        result_set = set(results)
        for idx, (op, code, ins, outs) in enumerate(items):
            for line in code:
                lines.append("    " + line)
                if op is not None:
                    line_ops[len(lines)] = op
            dead = [n for n in dict.fromkeys(ins + outs) if last_use.get(n, -1) == idx]
            dead += [n for n in outs if n not in last_use and n != "_"]
            dead = [n for n in dict.fromkeys(dead) if n not in result_set and n not in globals_]
            if dead:
                lines.append("    del " + ", ".join(dead))
        lines.append(f"    return ({', '.join(results)}{',' if len(results) == 1 else ''})")
        src = "\n".join(lines) + "\n"
        filename = f"<tfcompat-{program.name}-{next(_plan_ids)}>"
        linecache.cache[filename] = (len(src), None, src.splitlines(True), filename)
        g = em.globals
        g[LINE_OPS_KEY] = line_ops
        exec(compile(src, filename, "exec"), g)  # noqa: S102 - generated code, as torch.fx does
        return g[program.name], src


BACKEND = PythonBackend()


def lowering_of(op):
    """The lowering of ``op``'s node kind."""
    return LOWERINGS[op.op_def.kind]
