"""Compiles a pruned graph into a generated Python function and runs it on torch tensors.

A plan is compiled once per (graph version, fetches, feeds): the ops the fetches need are ordered, lowered per
node kind to code (runtime/codegen.py) and compiled into one function (as torch.fx's GraphModule does), so
running a plan costs one Python call per op and nothing else. Values are deleted after their last use.
Control-flow ops call the plan functions of their sub-graphs (runtime/codegen_control_flow.py). A kernel error
is re-raised as TF's error type with the op's name and the line of user code that created the op, also when it
happens inside a sub-graph."""
from __future__ import annotations

import heapq
import sys

import torch

from tfcompat._src.framework import errors
from tfcompat._src.framework import kernel_errors
from tfcompat._src.framework import func_graph as func_graph_lib
from tfcompat._src.framework.func_graph import has_side_effects
from tfcompat._src.framework.op_def import KIND_CONSTANT, KIND_GRADIENTS, KIND_OP
from tfcompat._src.runtime import codegen
from tfcompat._src.runtime import compiled_plan
from tfcompat._src.runtime import thread_fitting
from tfcompat._src.runtime import codegen_control_flow  # noqa: F401 - installs the control-flow lowerings

__all__ = ["Plan", "compile_plan", "compile_function", "has_side_effects"]

_PLAIN_KINDS = (KIND_OP, KIND_CONSTANT)


def _is_write(op) -> bool:
    """Whether ``op`` must run in a tf.function even when nothing uses its outputs (kept for function.py)."""
    return has_side_effects(op)


def _prune(fetch_ops, feed_ids):
    """Ops needed to compute ``fetch_ops`` (data and control inputs), stopping at fed tensors."""
    needed = {}
    stack = list(fetch_ops)
    while stack:
        op = stack.pop()
        if id(op) in needed:
            continue
        needed[id(op)] = op
        for t in op.inputs:
            if id(t) not in feed_ids:
                stack.append(t.op)
        stack.extend(op.control_inputs)
    return needed


def _gradient_dependent_writes(needed, users) -> set:
    """Ids of the variable writes that depend on a gradient node of the run (optimizer updates)."""
    downstream = set()
    stack = [k for k, op in needed.items() if op.op_def.kind == KIND_GRADIENTS]
    while stack:
        k = stack.pop()
        if k in downstream:
            continue
        downstream.add(k)
        stack.extend(users[k])
    return {k for k in downstream if needed[k].op_def.writes_variables}


def _toposort(needed, feed_ids):
    """Kahn's algorithm in creation order. Writes that depend on a gradient (optimizer updates) wait until
    nothing else is ready, so every gradient of a run is computed from the values the run read (several train
    ops fetched together share a forward), and a plain assign fetched with them (WGAN weight clipping) runs
    first: the update then applies to the assigned value instead of being overwritten by it, which is one of
    the orders TF's scheduler produces (TF1 ref variables: always)."""
    deps = {k: set() for k in needed}
    users = {k: [] for k in needed}
    for k, op in needed.items():
        preds = [t.op for t in op.inputs if id(t) not in feed_ids] + list(op.control_inputs)
        for p in preds:
            if id(p) in needed and id(p) != k:
                if id(p) not in deps[k]:
                    deps[k].add(id(p))
                    users[id(p)].append(k)
    deferred = _gradient_dependent_writes(needed, users)
    ready = [((1 if k in deferred else 0), op._id, k) for k, op in needed.items() if not deps[k]]
    heapq.heapify(ready)
    order = []
    while ready:
        _, _, k = heapq.heappop(ready)
        order.append(needed[k])
        for u in users[k]:
            deps[u].discard(k)
            if not deps[u]:
                heapq.heappush(ready, ((1 if u in deferred else 0), needed[u]._id, u))
    if len(order) != len(needed):
        raise errors.InvalidArgumentError("Graph has a cycle; cannot order its ops.")
    return order


class Plan:
    """One compiled (graph version, fetches, feeds) program.

    ``nested``: the plan of a control-flow sub-graph (see ``codegen.PlanProgram``). ``jit_compile``: run through
    torch.compile (runtime/compiled_plan.py; ``tf.function(jit_compile=True)``, a Session's global_jit_level)."""

    def __init__(self, graph, fetches, targets, feeds, create_graph=False, nested=False, name="plan",
                 jit_compile=False):
        self.graph = graph
        self.fetches = list(fetches)
        self.feeds = list(feeds)
        feed_ids = {id(t) for t in self.feeds}
        fetch_ops = [t.op for t in self.fetches] + list(targets)
        self.order = _toposort(_prune(fetch_ops, feed_ids), feed_ids)
        self.has_gradients = codegen.requires_grad_mode(self.order)
        # Plain kernels only (no variable, queue, random state or sub-graph): the run reads no session state
        # (Session.run need not install its store) and, when nothing fed requires grad, no op records autograd
        # whatever torch's grad mode, so a Session's run need not switch the mode.
        self.stateless = not self.has_gradients and all(
            op.op_def.kind in _PLAIN_KINDS and not op.op_def.stateful and not op.op_def.creates
            for op in self.order)
        # Fetches that are new buffers of this run: Session.run may hand them out without a copy.
        self.fresh_fetches = [codegen.lowering_of(t.op).fresh_output(t.op, t.value_index) for t in self.fetches]
        program = codegen.PlanProgram(self.order, self.feeds, self.fetches, create_graph=create_graph,
                                      nested=nested, name=name)
        if jit_compile and not nested:
            self._fn, self.source = compiled_plan.compile_program(program, getattr(graph, "name", None) or name)
        else:
            self._fn, self.source = codegen.BACKEND.compile(program)
        self.jit_compiled = isinstance(self._fn, compiled_plan.CompiledPlanFunction)

    # -- running ---------------------------------------------------------------------------------------
    def run(self, feed_values, grad_enabled=None):
        """Runs the plan on torch feed values; returns the tuple of fetched values (TF's errors on failure)."""
        enabled = self.has_gradients if grad_enabled is None else grad_enabled
        if not self.jit_compiled:  # a compiled plan keeps the thread count it compiled with (compiled_plan.py)
            thread_fitting.refit_if_due()
        prev = torch.is_grad_enabled()
        try:
            if prev is enabled or (grad_enabled is None and self.stateless):
                return self._fn(feed_values)
            # torch.set_grad_enabled() as a context manager costs ~2 us per run: switch the flag directly.
            torch._C._set_grad_enabled(enabled)
            try:
                return self._fn(feed_values)
            finally:
                torch._C._set_grad_enabled(prev)
        except errors.OpError as e:
            op = failing_op(sys.exc_info()[2]) if e.op is None and "{{node" not in e.message else None
            if op is None:
                raise
            raise type(e)(None, op, f"{e.message}\n\t [[{{{{node {op.name}}}}}]]{_creation_site(op)}") from e
        except (LookupError, NotImplementedError) as e:
            if not isinstance(e, IndexError):  # an out-of-range index is TF's InvalidArgumentError
                raise
            op = failing_op(sys.exc_info()[2])
            if op is None:
                raise
            raise _as_tf_error(e, op) from None
        except Exception as e:  # noqa: BLE001 - re-raised as TF's error type below
            op = failing_op(sys.exc_info()[2])
            if op is None:
                raise
            raise _as_tf_error(e, op) from None


def failing_op(tb):
    """The op whose generated line raised: the innermost plan frame of the traceback (a sub-graph's plan
    function when the failure is inside a cond branch or loop body)."""
    op = None
    while tb is not None:
        line_ops = tb.tb_frame.f_globals.get(codegen.LINE_OPS_KEY)
        if line_ops is not None:
            op = line_ops.get(tb.tb_lineno, op)
        tb = tb.tb_next
    return op


def _creation_site(op) -> str:
    frames = [f for f in op.traceback if "/tfcompat/_src/" not in f.filename.replace("\\", "/")]
    if not frames:
        return ""
    f = frames[-1]
    return f"\n\nOriginal stack trace for '{op.name}':\n  File \"{f.filename}\", line {f.lineno}, in {f.name}\n" \
           f"    {f.line or ''}"


def _as_tf_error(e, op):
    suffix = f"\n\t [[{{{{node {op.name}}}}}]]{_creation_site(op)}"
    if isinstance(e, (ValueError, TypeError)):
        # A kernel's argument check failing at run time: TF's kernels raise InvalidArgumentError.
        err = errors.InvalidArgumentError(None, op, f"{e}{suffix}")
        err.kernel_exception = e
        return err
    return kernel_errors.as_tf_error(e, op.op_def, suffix=suffix, node=op)


def compile_plan(graph, fetches, targets, feeds, create_graph=False, jit_compile=False) -> Plan:
    """Compiles the ops ``fetches`` and ``targets`` need (``feeds`` are given) into a ``Plan``; ``jit_compile``:
    through torch.compile (runtime/compiled_plan.py)."""
    return Plan(graph, fetches, targets, feeds, create_graph, jit_compile=jit_compile)


def compile_function(func_graph, create_graph: bool = False):
    """The plan function of a sub-graph: ``fn(*func_graph.inputs) -> tuple(func_graph.outputs)``, compiled once
    per gradient setting. Every op with side effects runs (TF runs every stateful op of a function)."""
    cache = func_graph.__dict__.setdefault("_tfcompat_plan_fns", {})
    fn = cache.get(create_graph)
    if fn is None:
        plan = Plan(func_graph, [t for t in func_graph.outputs if t is not None], func_graph.stateful_ops(),
                    func_graph.inputs, create_graph=create_graph, nested=True,
                    name="".join(c if c.isalnum() else "_" for c in func_graph.name))
        fn = cache[create_graph] = plan._fn
    return fn


func_graph_lib.hooks["compile_function"] = compile_function
