"""Control flow in compiled plans (runtime/compiled_plan.py): branches and loops whose course is known when the
plan is compiled are inlined, so the plan stays one torch.compile graph.

* a ``tf.cond`` / ``tf.switch_case`` whose predicate (branch index) folds to a constant calls the taken branch only;
* a ``tf.while_loop`` whose trip count folds to a constant (TF's XLA compiles such loops with a static bound too)
  becomes ``for _ in range(trips)`` around the body call, which dynamo unrolls: the counter-like loop variables and
  the predicate are computed from constants by pure ops (the "static slice" of the loop), evaluated here by running
  the ops' kernels once on the constants, outside any graph.

Folding is limited to small values (``_MAX_FOLD_ELEMENTS``) computed by pure ops (no variable, no stateful or
side-effecting op, no fed tensor), and unrolling to ``MAX_UNROLLED_OPS`` traced ops, so a compile stays bounded.
A node that does not fold keeps its data-dependent Python control flow, which torch.compile cannot take whole: the
plan then runs as the Python plan (compiled_plan.py says why in its warning)."""
from __future__ import annotations

import dataclasses

import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import bind_kernel
from tfcompat._src.framework.func_graph import has_side_effects
from tfcompat._src.framework.op_def import KIND_CONSTANT, KIND_OP
from tfcompat._src.ops import variables as variables_lib

__all__ = ["MAX_UNROLLED_OPS", "StaticBranch", "StaticLoop", "static_course"]

# trip count x ops in the body: a longer loop is not unrolled (dynamo traces every iteration).
MAX_UNROLLED_OPS = 50_000
_MAX_FOLD_ELEMENTS = 64
_MAX_FOLD_DEPTH = 64


@dataclasses.dataclass(frozen=True)
class StaticBranch:
    """The branch a ``tf.cond``/``tf.switch_case`` node always takes."""
    index: int


@dataclasses.dataclass(frozen=True)
class StaticLoop:
    """A ``tf.while_loop`` node that always runs ``trips`` iterations, its counter starting at ``counter_start``."""
    trips: int
    counter_start: int


class _NotStatic(Exception):
    pass


def _uses_variables(value) -> bool:
    if isinstance(value, variables_lib.Variable):
        return True
    return isinstance(value, (list, tuple)) and any(_uses_variables(v) for v in value)


def _foldable_op(op) -> bool:
    d = op.op_def
    return (d.kind == KIND_OP and not d.stateful and not has_side_effects(op) and op.grad_override is None
            and not any(_uses_variables(v) for v in op.attrs.values()))


def _small(t) -> bool:
    n = t.shape.num_elements() if t.shape.rank is not None else None
    return n is not None and n <= _MAX_FOLD_ELEMENTS


class _Folder:
    """Evaluates small tensors of one graph from constants. ``known``: id(tensor) -> torch value for tensors
    given from outside (a sub-graph's inputs); ``unknown``: ids that never fold (fed tensors, dynamic inputs)."""

    def __init__(self, known: dict, unknown: set):
        self.known = dict(known)
        self.unknown = set(unknown)
        self._foldable: set = set()   # ids found foldable

    def foldable(self, t, depth: int = 0) -> bool:
        """Whether ``t`` folds, without evaluating anything."""
        key = id(t)
        if key in self.known or key in self._foldable:
            return True
        if key in self.unknown or depth > _MAX_FOLD_DEPTH or not _small(t):
            return False
        op = t.op
        if op.op_def.kind == KIND_CONSTANT and op.grad_override is None:
            return True
        ok = _foldable_op(op) and all(self.foldable(i, depth + 1) for i in op.inputs)
        (self._foldable if ok else self.unknown).add(key)
        return ok

    def value(self, t):
        """``t``'s value (raises ``_NotStatic`` where it does not fold)."""
        key = id(t)
        if key in self.known:
            return self.known[key]
        if not self.foldable(t):
            raise _NotStatic
        op = t.op
        if op.op_def.kind == KIND_CONSTANT:
            v = op.attrs["value"]
        else:
            args = [self.value(i) for i in op.inputs]
            try:
                with torch.no_grad():
                    outs = bind_kernel(op.op_def, op.attrs, op.name, op, None)(*args)
            except Exception as e:  # noqa: BLE001 - a failing kernel is left to the run (TF's error there)
                raise _NotStatic from e
            v = outs[t.value_index]
        if not isinstance(v, torch.Tensor):
            raise _NotStatic
        self.known[key] = v
        return v


def _branch_index(op, folder: _Folder) -> StaticBranch | None:
    sel = op.inputs[0]
    n = len(op.attrs["branches"])
    try:
        v = folder.value(sel)
    except _NotStatic:
        return None
    if n == 2 and sel.dtype is dtypes.bool_:
        return StaticBranch(0 if bool(v) else 1) if v.dim() == 0 else None
    if "switch" in op.attrs and v.numel() == 1 and not v.is_floating_point():
        b = int(v)
        return StaticBranch(b if 0 <= b < n - 1 else n - 1)  # out of range: the last branch (TF's Case)
    return None


def _loop_course(op, folder: _Folder, body_ops: int) -> StaticLoop | None:
    attrs = op.attrs
    cond, body, n_vars = attrs["cond"], attrs["body"], attrs["n_vars"]
    try:
        start = int(folder.value(op.inputs[0]))
        limit = int(folder.value(op.inputs[1])) if attrs["has_maximum"] else None
    except _NotStatic:
        return None
    init, fixed = op.inputs[2:2 + n_vars], op.inputs[2 + n_vars:]

    def outer(t):
        try:
            return folder.value(t)
        except _NotStatic:
            return None
    init_values = [outer(t) for t in init]
    fixed_values = [outer(t) for t in fixed]

    def sub_folder(graph, loop_values, selected):
        known, unknown = {}, set()
        for t, v in zip(graph.inputs, list(loop_values) + [fixed_values[i] for i in selected]):
            (known.__setitem__(id(t), v) if v is not None else unknown.add(id(t)))
        return _Folder(known, unknown)

    # The static loop variables: known on entry and recomputed by the body from static values only.
    static = {j for j, v in enumerate(init_values) if v is not None}
    while True:
        probe = sub_folder(body, [init_values[j] if j in static else None for j in range(n_vars)],
                          attrs["body_inputs"])
        kept = {j for j in static if probe.foldable(body.outputs[j])}
        if kept == static:
            break
        static = kept
    probe = sub_folder(cond, [init_values[j] if j in static else None for j in range(n_vars)], attrs["cond_inputs"])
    if not probe.foldable(cond.outputs[0]):
        return None
    max_trips = MAX_UNROLLED_OPS // max(body_ops, 1)
    values = [init_values[j] if j in static else None for j in range(n_vars)]
    trips = 0
    try:
        while limit is None or start + trips < limit:
            pred = sub_folder(cond, values, attrs["cond_inputs"]).value(cond.outputs[0])
            if pred.dim() != 0:
                return None   # the run raises TF's error
            if not bool(pred):
                break
            if trips == max_trips:
                return None
            step = sub_folder(body, values, attrs["body_inputs"])
            values = [step.value(body.outputs[j]) if j in static else None for j in range(n_vars)]
            trips += 1
    except _NotStatic:
        return None
    return StaticLoop(trips, start)


def _op_count(graph) -> int:
    return len(graph.get_operations())


def static_course(op, fed_ids: set) -> StaticBranch | StaticLoop | None:
    """How control-flow node ``op`` of a plan always runs, when its predicate or trip count folds to a constant
    (``fed_ids``: ids of the plan's fed tensors, which never fold); else None."""
    folder = _Folder({}, fed_ids)
    if "branches" in op.attrs:
        return _branch_index(op, folder)
    return _loop_course(op, folder, _op_count(op.attrs["body"]) + _op_count(op.attrs["cond"]))
