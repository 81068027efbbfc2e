"""``tf.compat.v1.train.Optimizer``: compute_gradients / apply_gradients / minimize, slots and non-slot state.

In graph mode ``apply_gradients`` adds ONE update op (e.g. ``ResourceApplyAdam``, see ``update_ops.py``) for
all variables with a gradient, grouped with any non-slot update and the global-step increment. Update ops are
variable writes: the executor runs them after every gradient of the same ``Session.run``, so several train ops
fetched together (a GAN's D and G steps) use one forward pass, as in TF. Executing eagerly, the same op runs
at once (``minimize`` then needs a callable loss, as in TF)."""
from __future__ import annotations

import contextlib

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.framework.tensor import SymbolicTensor, Tensor
from tfcompat._src.ops import array_ops, control_flow_ops, variables as variables_lib
from tfcompat._src.ops.variables import Variable
from tfcompat._src.autodiff.gradients import gradients as _gradients
from tfcompat._src.autodiff.tape import GradientTape
from tfcompat._src.framework.indexed_slices import IndexedSlices
from tfcompat._src.runtime.training import update_ops  # noqa: F401 - registers the update ops
from tfcompat._src.runtime.training.sparse_update_ops import SPARSE_OP_OF

__all__ = ["Optimizer"]

_VALID_DTYPES = (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64)


@contextlib.contextmanager
def _top_level(graph):
    """Variables created by an optimizer are named from the graph root, outside control dependencies."""
    if graph is None:
        yield
        return
    saved = graph._name_stack
    graph._name_stack = ""
    try:
        with graph.control_dependencies(None):
            yield
    finally:
        graph._name_stack = saved


def graph_key(graph):
    """Non-slot variables belong to a TF1 graph, or (None) are eager: a tf.function's graph lifts them out."""
    return None if graph is None or graph._building_function else graph


def _var_op_name(var) -> str:
    return var.name.split(":")[0]


def _check_dtypes(tensors):
    for t in tensors:
        if t.dtype not in _VALID_DTYPES:
            raise ValueError(f"Invalid type {t.dtype!r} for {t.name}, expected: "
                             f"[{', '.join(repr(d) for d in _VALID_DTYPES)}].")


class Optimizer:
    """Mirrors ``tf.compat.v1.train.Optimizer`` (base class; subclasses set the update op and slots).

    Sparse (IndexedSlices) gradients, e.g. of ``tf.gather``/``tf.nn.embedding_lookup``, are applied as TF's
    ``_apply_sparse``: duplicates summed, then only the indexed rows updated (``sparse_update_ops.py``).

    Differences: one update op serves all variables of an ``apply_gradients`` call with dense gradients (TF adds
    one per variable); ``use_locking`` is accepted and has no effect (updates never race here)."""

    GATE_NONE = 0
    GATE_OP = 1
    GATE_GRAPH = 2

    _op_type = ""          # the update op in update_ops.UPDATE_RULES
    _slot_specs = ()       # (slot name, initial value function(var) -> value or None for zeros)

    def __init__(self, use_locking: bool, name: str):
        if not name:
            raise ValueError("Must specify the optimizer name")
        self._use_locking = use_locking
        self._name = name
        self._slots: dict[str, dict] = {}
        self._non_slot_dict: dict = {}
        self._hyper: dict = {}

    def get_name(self) -> str:
        return self._name

    # -- public API ------------------------------------------------------------------------------------
    def minimize(self, loss, global_step=None, var_list=None, gate_gradients=GATE_OP, aggregation_method=None,
                 colocate_gradients_with_ops=False, name=None, grad_loss=None):
        """Mirrors ``Optimizer.minimize``: compute_gradients then apply_gradients.

        Raises:
          ValueError: no variable gets a gradient ("No gradients provided for any variable")."""
        grads_and_vars = self.compute_gradients(loss, var_list=var_list, gate_gradients=gate_gradients,
                                                aggregation_method=aggregation_method,
                                                colocate_gradients_with_ops=colocate_gradients_with_ops,
                                                grad_loss=grad_loss)
        vars_with_grad = [v for g, v in grads_and_vars if g is not None]
        if not vars_with_grad:
            raise ValueError(
                f"No gradients provided for any variable, check your graph for ops that do not support "
                f"gradients, between variables {[str(v) for _, v in grads_and_vars]} and loss {loss}. "
                f"No differentiable path (float tensors through differentiable ops, not crossing "
                f"stop_gradient) leads from the loss to: {', '.join(v.name for _, v in grads_and_vars)}.")
        return self.apply_gradients(grads_and_vars, global_step=global_step, name=name)

    def compute_gradients(self, loss, var_list=None, gate_gradients=GATE_OP, aggregation_method=None,
                          colocate_gradients_with_ops=False, grad_loss=None):
        """Mirrors ``Optimizer.compute_gradients``: a list of (gradient or None, variable) pairs.

        ``loss`` may be a callable (required when executing eagerly, as in TF)."""
        if callable(loss):
            with GradientTape() as tape:
                if var_list is not None:
                    tape.watch(var_list)
                loss_value = loss()
            if var_list is None:
                var_list = list(tape.watched_variables())
            var_list = list(var_list)
            grads = tape.gradient(loss_value, var_list, grad_loss)
            return list(zip(grads, var_list))
        if ctx_lib.executing_eagerly():
            raise RuntimeError("`loss` passed to Optimizer.compute_gradients should be a function when eager "
                               "execution is enabled.")
        if gate_gradients not in (Optimizer.GATE_NONE, Optimizer.GATE_OP, Optimizer.GATE_GRAPH):
            raise ValueError(f"gate_gradients must be one of: Optimizer.GATE_NONE, Optimizer.GATE_OP, "
                             f"Optimizer.GATE_GRAPH.  Not {gate_gradients}")
        _check_dtypes([loss])
        graph = ctx_lib.get_default_graph()
        if var_list is None:
            var_list = graph.get_collection(GraphKeys.TRAINABLE_VARIABLES) + \
                graph.get_collection(GraphKeys.TRAINABLE_RESOURCE_VARIABLES)
        else:
            var_list = list(var_list)
        for v in var_list:
            if not isinstance(v, Variable):
                raise NotImplementedError(f"('Trying to optimize unsupported type ', {v!r})")
        if not var_list:
            raise ValueError("No variables to optimize.")
        grads = _gradients(loss, var_list, grad_ys=grad_loss, gate_gradients=(gate_gradients == Optimizer.GATE_OP),
                           aggregation_method=aggregation_method,
                           colocate_gradients_with_ops=colocate_gradients_with_ops)
        if gate_gradients == Optimizer.GATE_GRAPH:
            grads = control_flow_ops.tuple_(grads)
        grads_and_vars = list(zip(grads, var_list))
        _check_dtypes([v for g, v in grads_and_vars if g is not None])
        return grads_and_vars

    def apply_gradients(self, grads_and_vars, global_step=None, name=None):
        """Mirrors ``Optimizer.apply_gradients``: an Operation applying the gradients (None ones skipped) and
        incrementing ``global_step``; executing eagerly the update happens now.

        Raises:
          ValueError: empty input, or no gradient at all (message names the variables, as TF's does)."""
        grads_and_vars = tuple(grads_and_vars)
        if not grads_and_vars:
            raise ValueError("No variables provided.")
        converted = []
        for g, v in grads_and_vars:
            if g is not None:
                try:
                    g = g if isinstance(g, (Tensor, IndexedSlices)) else convert_to_tensor(g)
                except TypeError:
                    raise TypeError(f"Gradient must be convertible to a Tensor or IndexedSlices, or None: "
                                    f"{g}") from None
            if not isinstance(v, Variable):
                raise NotImplementedError(f"('Trying to optimize unsupported type ', {v!r})")
            converted.append((g, v))
        pairs = [(g, v) for g, v in converted if g is not None]
        if not pairs:
            raise ValueError(f"No gradients provided for any variable: {[str(v) for _, v in converted]}.")
        var_list = [v for _, v in pairs]
        graph = ctx_lib.graph_mode_graph()
        with _top_level(graph):
            self._create_slots(var_list)
        scope_name = name or self._name
        if graph is None:
            self._apply(pairs, graph)
            if global_step is not None:
                global_step.assign_add(convert_to_tensor(1, dtype=global_step.dtype))
            return None
        with graph.name_scope(scope_name) as scope:
            update = self._apply(pairs, graph)
        # TF's names: the returned op is the scope itself ("train", not "train_1": a name ending in "/" is taken
        # as is); with a global step, the update group is "<scope>/update" and the step increment "<scope>".
        with _after_writes(graph, var_list + self._state_variables(graph)):
            finish = control_flow_ops.group(update, name=scope if global_step is None else scope + "update")
        if global_step is None:
            apply_updates = finish
        else:
            with graph.control_dependencies([finish]):
                apply_updates = global_step.assign_add(convert_to_tensor(1, dtype=global_step.dtype), name=scope)
            apply_updates = apply_updates if not isinstance(apply_updates, SymbolicTensor) else apply_updates.op
        train_ops = graph.get_collection_ref(GraphKeys.TRAIN_OP)
        if apply_updates not in train_ops:
            train_ops.append(apply_updates)
        return apply_updates

    def get_slot(self, var, name):
        """Mirrors ``Optimizer.get_slot``: the slot variable ``name`` for ``var``, or None."""
        return self._slots.get(name, {}).get(var)

    def get_slot_names(self) -> list:
        """Mirrors ``Optimizer.get_slot_names`` (sorted)."""
        return sorted(self._slots.keys())

    def variables(self) -> list:
        """Mirrors ``Optimizer.variables``: slot and non-slot variables of the current graph, sorted by name."""
        graph = ctx_lib.graph_mode_graph()
        found = [v for v in self._state_variables(graph)]
        for slot_dict in self._slots.values():
            for s in slot_dict.values():
                if s.graph is graph_key(graph):
                    found.append(s)
        return sorted(found, key=lambda v: v.name)

    # -- machinery -------------------------------------------------------------------------------------
    def _state_variables(self, graph) -> list:
        key = graph_key(graph)
        return [v for (name, g), v in self._non_slot_dict.items() if g is key]

    def _hyper_value(self, name, value, graph):
        if callable(value) and not isinstance(value, (Tensor, Variable)):
            value = value()
        if isinstance(value, (Tensor, Variable)):
            return value
        if graph is None:
            # Python hyperparameters are constants: one eager tensor per optimizer, reused every step.
            cached = self._hyper.get(name)
            if cached is None or cached[0] != value:
                cached = (value, convert_to_tensor(value, dtype=dtypes.float32))
                self._hyper[name] = cached
            return cached[1]
        return convert_to_tensor(value, dtype=dtypes.float32, name=name)

    def _create_slots(self, var_list):
        for v in var_list:
            for slot_name, init in self._slot_specs:
                self._get_or_make_slot(v, slot_name, init)

    def _get_or_make_slot(self, var, slot_name, init):
        slots = self._slots.setdefault(slot_name, {})
        if var in slots:
            return slots[var]
        dtype, shape = var.dtype, var.shape
        value = init(self) if init is not None else 0.0

        def initial():
            return array_ops.fill(shape.as_list(), convert_to_tensor(value, dtype=dtype))
        slot = Variable(initial, trainable=False, name=f"{_var_op_name(var)}/{self._name}", dtype=dtype)
        slots[var] = slot
        return slot

    def _create_non_slot_variable(self, initial_value, name, graph):
        key = (name, graph_key(graph))
        v = self._non_slot_dict.get(key)
        if v is None:
            with _top_level(graph):
                v = Variable(initial_value, name=name, trainable=False)
            self._non_slot_dict[key] = v
        return v

    def _hypers(self, graph) -> list:
        raise NotImplementedError

    def _attrs(self) -> dict:
        return {}

    def _after(self, graph):
        return None

    def _apply(self, pairs, graph):
        sparse = [(g, v) for g, v in pairs if isinstance(g, IndexedSlices)]
        if sparse:
            return self._apply_with_sparse(sparse, [(g, v) for g, v in pairs if not isinstance(g, IndexedSlices)],
                                           graph)
        return self._apply_dense(pairs, graph)

    def _apply_with_sparse(self, sparse, dense, graph):
        """IndexedSlices gradients update only their rows, as TF1's ``_apply_sparse_duplicate_indices``
        (``sparse_update_ops.py``): one op per variable, then the dense op; the non-slot update runs last."""
        after = self._after(graph)
        ops = []
        for i, (g, v) in enumerate(sparse):
            slots = tuple(self._slots[n][v] for n, _ in self._slot_specs)
            attrs = {"variable": v, "slots": slots, "after": after if i == len(sparse) - 1 and not dense else None,
                     **self._attrs()}
            with _after_ops(graph, ops):
                ops.append(run_update_op(SPARSE_OP_OF[self._op_type], [g.values, g.indices] + self._hypers(graph),
                                         attrs, "update_" + _var_op_name(v).replace("/", "_"), graph,
                                         [v, *slots]))
        if dense:
            with _after_ops(graph, ops):
                ops.append(self._apply_dense(dense, graph))
        return ops[-1] if graph is None or len(ops) == 1 else control_flow_ops.group(*ops)

    def _apply_dense(self, pairs, graph):
        var_list = [v for _, v in pairs]
        grads = [g for g, _ in pairs]
        slots = tuple(tuple(self._slots[n][v] for v in var_list) for n, _ in self._slot_specs)
        attrs = {"variables": tuple(var_list), "slots": slots, "after": self._after(graph), **self._attrs()}
        return run_update_op(self._op_type, grads + self._hypers(graph), attrs, "update", graph,
                             var_list + [s for group in slots for s in group])


def run_update_op(op_type, inputs, attrs, name, graph, written):
    """Runs (eager) or adds (graph) one update op; returns the Operation in graph mode, else None."""
    with _after_writes(graph, written, write=True):
        apply_op(op_type, inputs, attrs, name=name)
        # The update op has no outputs, so apply_op returns []: it is the op just added.
        return graph._ops[-1] if graph is not None else None


def _after_ops(graph, ops):
    """Graph mode: the next update op runs after ``ops`` (a sparse update chain keeps TF's order)."""
    if graph is None or not ops:
        return contextlib.nullcontext()
    return graph.control_dependencies(ops)


@contextlib.contextmanager
def _after_writes(graph, var_list, write=False):
    """Inside tf.function: keeps program order with other reads/writes of these variables."""
    if graph is None or not graph._building_function:
        yield
        return
    with contextlib.ExitStack() as stack:
        for v in var_list:
            stack.enter_context(variables_lib._ordered_after_writes(graph, v, write=write))
        yield
