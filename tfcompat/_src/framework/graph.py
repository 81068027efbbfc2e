"""``tf.Graph``, ``tf.Operation`` and the symbolic ``tf.Tensor`` of graph mode (mirrors TF's ``ops.py``)."""
from __future__ import annotations

import contextlib
import re
import traceback

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor import SymbolicTensor
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["Graph", "Operation", "GraphKeys"]

_VALID_OP_NAME = re.compile(r"^[A-Za-z0-9.][A-Za-z0-9_.\\/>-]*$")
_VALID_SCOPE_NAME = re.compile(r"^[A-Za-z0-9_.\\/>-]*$")


class GraphKeys:
    """Mirrors ``tf.compat.v1.GraphKeys``: standard collection names."""

    GLOBAL_VARIABLES = "variables"
    LOCAL_VARIABLES = "local_variables"
    METRIC_VARIABLES = "metric_variables"
    MODEL_VARIABLES = "model_variables"
    TRAINABLE_VARIABLES = "trainable_variables"
    SUMMARIES = "summaries"
    QUEUE_RUNNERS = "queue_runners"
    TABLE_INITIALIZERS = "table_initializer"
    ASSET_FILEPATHS = "asset_filepaths"
    MOVING_AVERAGE_VARIABLES = "moving_average_variables"
    REGULARIZATION_LOSSES = "regularization_losses"
    CONCATENATED_VARIABLES = "concatenated_variables"
    SAVERS = "savers"
    WEIGHTS = "weights"
    BIASES = "biases"
    ACTIVATIONS = "activations"
    UPDATE_OPS = "update_ops"
    LOSSES = "losses"
    SAVEABLE_OBJECTS = "saveable_objects"
    RESOURCES = "resources"
    LOCAL_RESOURCES = "local_resources"
    TRAINABLE_RESOURCE_VARIABLES = "trainable_resource_variables"
    INIT_OP = "init_op"
    LOCAL_INIT_OP = "local_init_op"
    READY_OP = "ready_op"
    READY_FOR_LOCAL_INIT_OP = "ready_for_local_init_op"
    SUMMARY_OP = "summary_op"
    GLOBAL_STEP = "global_step"
    EVAL_STEP = "eval_step"
    TRAIN_OP = "train_op"
    COND_CONTEXT = "cond_context"
    WHILE_CONTEXT = "while_context"
    _SUMMARY_COLLECTION = "_SUMMARY_V2"


class Operation:
    """Mirrors ``tf.Operation``: a node of a Graph.

    ``op_def`` is the registry entry; ``attrs`` are its static attributes (python values);
    ``payload`` holds python objects an op needs at run time (a variable, a gradient spec)."""

    def __init__(self, graph, op_def, name, inputs, attrs, output_specs, control_inputs, payload=None):
        self.graph = graph
        self.op_def = op_def
        self.type = op_def.name
        self.name = name
        self.inputs = _InputList(inputs)
        self.attrs = attrs
        self.control_inputs = list(control_inputs)
        self.payload = payload
        self.device = ctx_lib.current_device_spec()
        self._device_str = ""
        self._id = graph._next_id()
        self.grad_override = graph._override_for(op_def.name)
        self.traceback = traceback.extract_stack(limit=12)[:-3]
        self.outputs = [SymbolicTensor(self, i, dt, shape) for i, (shape, dt) in enumerate(output_specs)]

    @property
    def node_def(self):
        return {"name": self.name, "op": self.type, "input": [t.name for t in self.inputs],
                "attr": dict(self.attrs)}

    def get_attr(self, name):
        """Mirrors ``Operation.get_attr``; raises ValueError for an unknown attribute as TF does."""
        if name in self.attrs:
            value = self.attrs[name]
            return value
        if name == "T" and self.inputs:
            return self.inputs[0].dtype
        if name == "dtype" and self.outputs:
            return self.outputs[0].dtype
        raise ValueError(f"Operation '{self.name}' has no attr named '{name}'.")

    def _set_attr(self, name, value):
        self.attrs[name] = value

    @property
    def values(self):
        return lambda: tuple(self.outputs)

    def run(self, feed_dict=None, session=None):
        """Mirrors ``Operation.run``: runs this op in the default (or given) session."""
        from tfcompat._src.framework import session_hooks
        session_hooks.run_in_default_session(self, feed_dict, session)

    def _add_control_input(self, op):
        self.control_inputs.append(op)
        self.graph._version += 1

    def __repr__(self):
        return f"<tf.Operation '{self.name}' type={self.type}>"


class _InputList(list):
    pass


class Graph:
    """Mirrors ``tf.Graph``: ops, names, name scopes, collections and control dependencies."""

    def __init__(self):
        self._ops = []
        self._ops_by_name = {}
        self._names_in_use = {}
        self._name_stack = ""
        self._collections = {}
        self._control_dependencies_stack = []
        self._override_stack = []
        self._version = 0
        self._finalized = False
        self.seed = None
        self._last_op_seed = 0
        self._building_function = False
        self._captures = {}
        # Consts converted from python values by op wrappers, not yet named: provisional name key -> (op, base
        # name). The op that consumes one names it ``<op>/<argument>`` (TF converts inside the op's name scope).
        self._pending_consts = {}

    # -- identity / ordering -------------------------------------------------------------------------
    def _next_id(self):
        return len(self._ops)

    @property
    def version(self) -> int:
        return self._version

    def finalize(self):
        self._finalized = True

    @property
    def finalized(self) -> bool:
        return self._finalized

    # -- ops -----------------------------------------------------------------------------------------
    def _add_op(self, op_def, name, inputs, attrs, output_specs, payload=None):
        if self._finalized:
            raise RuntimeError("Graph is finalized and cannot be modified.")
        control = []
        input_ops = [t.op for t in inputs]
        for deps, seen in self._control_dependencies_stack:
            # TF: an input created inside this block already depends on its controls (the op is "dominated"),
            # and a control that is also a data input is dropped.
            if any(id(o) in seen for o in input_ops):
                continue
            for d in deps:
                if d not in control and all(d is not o for o in input_ops):
                    control.append(d)
        op = Operation(self, op_def, name, inputs, attrs, output_specs, control, payload)
        for _, seen in self._control_dependencies_stack:
            seen.add(id(op))
        self._ops.append(op)
        self._ops_by_name[name] = op
        self._version += 1
        return op

    def _capture_symbolic(self, tensor, consumer: str):
        """A symbolic tensor of another graph used as an input of op type ``consumer`` built in this graph: TF's
        ValueError. A FuncGraph (framework/func_graph.py) captures tensors of its enclosing graphs instead."""
        raise ValueError(f"Tensor {tensor!r} must be from the same graph as the other inputs of {consumer} "
                         f"({tensor.graph} is not {self}).")

    def _state_root(self) -> "Graph":
        """The graph whose collections, variable store and variables this graph uses: itself, or for a
        control-flow FuncGraph the enclosing graph it was built in."""
        return self

    def get_operations(self) -> list:
        """Mirrors ``Graph.get_operations``: every Operation, in creation order."""
        return list(self._ops)

    def as_graph_def(self, from_version=None, add_shapes=False):
        """Mirrors ``Graph.as_graph_def``: a ``GraphDef`` message (see ``graph_def.py``)."""
        from tfcompat._src.framework.graph_def import graph_to_graph_def
        return graph_to_graph_def(self, add_shapes=add_shapes)

    def get_operation_by_name(self, name: str) -> Operation:
        if not isinstance(name, str):
            raise TypeError(f"Operation names are strings (or similar), not {type(name).__name__}.")
        try:
            return self._ops_by_name[name]
        except KeyError:
            raise KeyError(f"The name {name!r} refers to an Operation not in the graph.") from None

    def get_tensor_by_name(self, name: str):
        if not isinstance(name, str):
            raise TypeError(f"Tensor names are strings (or similar), not {type(name).__name__}.")
        return self.as_graph_element(name, allow_tensor=True, allow_operation=False)

    def as_graph_element(self, obj, allow_tensor=True, allow_operation=True):
        if isinstance(obj, str):
            if ":" in obj:
                op_name, _, idx = obj.rpartition(":")
                if op_name not in self._ops_by_name:
                    raise KeyError(f"The name {obj!r} refers to a Tensor which does not exist. The "
                                   f"operation, {op_name!r}, does not exist in the graph.")
                op = self._ops_by_name[op_name]
                i = int(idx)
                if i >= len(op.outputs):
                    raise KeyError(f"The name {obj!r} refers to a Tensor which does not exist. The operation, "
                                   f"{op_name!r}, exists but only has {len(op.outputs)} outputs.")
                if not allow_tensor:
                    raise ValueError(f"Name {obj!r} appears to refer to a Tensor, not a Operation.")
                return op.outputs[i]
            if obj in self._ops_by_name:
                if not allow_operation:
                    raise ValueError(f"The name {obj!r} refers to an Operation, not a Tensor. Tensor names "
                                     f"must be of the form \"<op_name>:<output_index>\".")
                return self._ops_by_name[obj]
            raise KeyError(f"The name {obj!r} refers to an Operation not in the graph.")
        if isinstance(obj, SymbolicTensor) and allow_tensor:
            if obj.graph is not self:
                raise ValueError(f"Tensor {obj} is not an element of this graph.")
            return obj
        if isinstance(obj, Operation) and allow_operation:
            if obj.graph is not self:
                raise ValueError(f"Operation {obj} is not an element of this graph.")
            return obj
        converter = getattr(obj, "_as_graph_element", None)
        if converter is not None:
            return self.as_graph_element(converter(), allow_tensor, allow_operation)
        raise TypeError(f"Can not convert a {type(obj).__name__} into a "
                        f"{'Tensor or Operation' if allow_operation else 'Tensor'}.")

    # -- naming --------------------------------------------------------------------------------------
    def unique_name(self, name: str, mark_as_used: bool = True) -> str:
        if name.endswith("/"):  # TF's create_op: a name scope ('cond/') names the op itself, verbatim
            return name[:-1]
        if self._name_stack:
            name = self._name_stack + "/" + name
        if self._pending_consts and mark_as_used and self._collides_with_pending(name.lower()):
            self._settle_pending()
        return self._unique_scoped(name, mark_as_used)

    def _unique_scoped(self, name: str, mark_as_used: bool = True) -> str:
        """``unique_name`` of a name already prefixed with its scope."""
        name_key = name.lower()
        i = self._names_in_use.get(name_key, 0)
        if mark_as_used:
            self._names_in_use[name_key] = i + 1
        if i > 0:
            base_key = name_key
            while name_key in self._names_in_use:
                name_key = f"{base_key}_{i}"
                i += 1
            if mark_as_used:
                self._names_in_use[name_key] = 1
            name = f"{name}_{i - 1}"
        return name

    # Implicit constants (see ``_pending_consts``): named provisionally 'Const' without using the name, then
    # renamed by their first consumer, or given 'Const' for good (``_settle_pending``) when a name they could
    # take is asked for first.
    def _implicit_name(self) -> tuple:
        """(provisional name, base name) for an implicit Const: a name unused and not taken by another pending
        one, and the scoped 'Const' it settles to."""
        full = f"{self._name_stack}/Const" if self._name_stack else "Const"
        key, taken, pending = full.lower(), self._names_in_use, self._pending_consts
        if key not in taken and key not in pending:
            return full, full
        i = max(taken.get(key, 0), 1)
        while f"{key}_{i}" in taken or f"{key}_{i}" in pending:
            i += 1
        return f"{full}_{i}", full

    def _add_pending_const(self, op, base: str):
        if len(self._pending_consts) >= 8:   # one no op has taken (its value read as an attribute): 'Const'
            self._settle_pending(1)
        self._pending_consts[op.name.lower()] = (op, base)

    def _collides_with_pending(self, key: str) -> bool:
        return any(key == k or key == b.lower() for k, (_, b) in self._pending_consts.items())

    def _name_implicit_input(self, op, name: str) -> bool:
        """Names a pending implicit Const ``name`` (absolute, made unique); False when ``op`` is not pending."""
        key = op.name.lower()
        entry = self._pending_consts.get(key)
        if entry is None or entry[0] is not op:
            return False
        del self._pending_consts[key]
        saved, self._name_stack = self._name_stack, ""
        try:
            self._rename_op(op, self.unique_name(name))
        finally:
            self._name_stack = saved
        return True

    def _settle_pending(self, n=None):
        """Gives the ``n`` oldest (default: all) pending implicit Consts the name their scope's 'Const' has now."""
        keys = list(self._pending_consts)[:n]
        settle = [self._pending_consts.pop(k) for k in keys]
        for op, base in settle:
            self._rename_op(op, self._unique_scoped(base))

    def _rename_op(self, op, name: str):
        if self._ops_by_name.get(op.name) is op:
            del self._ops_by_name[op.name]
        op.name = name
        self._ops_by_name[name] = op

    def get_name_scope(self) -> str:
        return self._name_stack

    @contextlib.contextmanager
    def name_scope(self, name):
        """Mirrors ``Graph.name_scope``: a trailing '/' re-enters a scope verbatim."""
        old = self._name_stack
        if name is None or name == "":
            new = ""
        elif name.endswith("/"):
            new = name[:-1]
        else:
            if not _VALID_SCOPE_NAME.match(name):
                raise ValueError(f"'{name}' is not a valid scope name")
            new = self.unique_name(name)
        self._name_stack = new
        try:
            yield (new + "/") if new else ""
        finally:
            self._name_stack = old

    # -- control dependencies ------------------------------------------------------------------------
    @contextlib.contextmanager
    def control_dependencies(self, control_inputs):
        """Mirrors ``Graph.control_dependencies``; ``None`` clears the enclosing dependencies."""
        if control_inputs is None:
            saved = self._control_dependencies_stack
            self._control_dependencies_stack = []
            try:
                yield
            finally:
                self._control_dependencies_stack = saved
            return
        ops = []
        for c in control_inputs:
            if isinstance(c, Operation):
                ops.append(c)
            elif hasattr(c, "op") and isinstance(getattr(c, "op"), Operation):
                ops.append(c.op)
            elif hasattr(c, "_as_graph_element"):
                el = c._as_graph_element()
                ops.append(el.op if hasattr(el, "op") else el)
            elif c is None:
                continue
            else:
                raise TypeError(f"Control input must be Operation or Tensor: {c!r}")
        for op in ops:
            if op.graph is not self:  # e.g. an update op made inside a cond branch, used outside (as TF)
                raise ValueError(f"Operation {op.name!r} is not an element of this graph.")
        self._control_dependencies_stack.append((ops, set()))
        try:
            yield
        finally:
            self._control_dependencies_stack.pop()

    # -- collections ---------------------------------------------------------------------------------
    def add_to_collection(self, name, value):
        self._collections.setdefault(name, []).append(value)

    def add_to_collections(self, names, value):
        names = (names,) if isinstance(names, str) else set(names)
        for n in names:
            self.add_to_collection(n, value)

    def get_collection_ref(self, name):
        return self._collections.setdefault(name, [])

    def get_collection(self, name, scope=None):
        items = self._collections.get(name, [])
        if scope is None:
            return list(items)
        regex = re.compile(scope)
        out = []
        for item in items:
            item_name = getattr(item, "name", None)
            if item_name is not None and regex.match(item_name):
                out.append(item)
        return out

    def get_all_collection_keys(self):
        return [k for k, v in self._collections.items() if v]

    def clear_collection(self, name):
        self._collections.pop(name, None)

    # -- gradient overrides (autodiff reads Operation.grad_override) ---------------------------------
    @contextlib.contextmanager
    def gradient_override_map(self, op_type_map):
        """Mirrors ``Graph.gradient_override_map``: ops created inside use the mapped gradient functions.

        Differences from TF: an op type tfcompat does not know, or a gradient name nobody registered, raises at
        once (TF silently ignores a misspelt op type and fails only at gradient time); and the map also
        applies to ops run eagerly inside it (TF2 ignores it when executing eagerly)."""
        from tfcompat._src.framework import dispatch
        from tfcompat._src.framework import op_def as op_def_lib
        if not isinstance(op_type_map, dict):
            raise TypeError("op_type_map must be a dictionary mapping strings to strings")
        for op_type, grad_name in op_type_map.items():
            if not isinstance(op_type, str) or not isinstance(grad_name, str):
                raise TypeError("op_type_map must be a dictionary mapping strings to strings")
            if op_type not in op_def_lib.REGISTRY:
                raise KeyError(f"gradient_override_map: unknown op type {op_type!r}; keys are TF raw-op names "
                               f"such as 'Square' or 'MatMul' (TF would silently ignore this entry).")
            if grad_name not in op_def_lib.GRADIENT_REGISTRY:
                raise LookupError(f"gradient_override_map: no gradient function registered under "
                                  f"{grad_name!r}; register it with @tf.RegisterGradient({grad_name!r}).")
        mapping = dict(op_type_map)
        eager = ctx_lib.graph_mode_graph() is None
        self._override_stack.append(mapping)
        if eager:
            dispatch.EAGER_OVERRIDE_MAPS.append(mapping)
        try:
            yield
        finally:
            self._override_stack.pop()
            if eager:
                dispatch.EAGER_OVERRIDE_MAPS.remove(mapping)

    def _override_for(self, op_type):
        from tfcompat._src.framework import dispatch
        from tfcompat._src.framework import op_def as op_def_lib
        op_def = op_def_lib.REGISTRY.get(op_type)
        if op_def is None:
            return None
        return dispatch.user_gradient_name(op_def, self._override_stack)

    # -- context manager -----------------------------------------------------------------------------
    def as_default(self):
        """Mirrors ``Graph.as_default``."""
        return ctx_lib.push_graph(self)

    def device(self, spec):
        return ctx_lib.device_scope(spec)

    def is_feedable(self, tensor) -> bool:
        return True

    def is_fetchable(self, tensor_or_op) -> bool:
        return True

    @property
    def building_function(self) -> bool:
        return self._building_function

    def _on_variable_created(self):
        """Called when a variable is created while this (function) graph is being traced."""
        hook = getattr(self, "_variable_creation_hook", None)
        if hook is not None:
            hook()

    def _next_op_seed(self):
        self._last_op_seed += 1
        return self._last_op_seed

    def __repr__(self):
        return f"<tfcompat.Graph object at {hex(id(self))}>"


def as_shape_or_unknown(shape):
    return shape if isinstance(shape, TensorShape) else TensorShape(shape)


def float_default(dtype):
    return dtypes.as_dtype(dtype)


ctx_lib.install_graph_factory(Graph)
