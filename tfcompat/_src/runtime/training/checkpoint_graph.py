"""The live object graph of a ``tf.train.Checkpoint`` (``checkpoint.py``): which objects an object depends on, in
TF's order and under TF's local names (see ``checkpoint.py``'s docstring for what is tracked), their breadth-first
numbering and checkpoint keys, and the ``TrackableObjectGraph`` proto TF stores next to the values."""
from __future__ import annotations

import collections
import weakref

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.ops.variables import Variable
from tfcompat._src.protos.checkpoint import TrackableObjectGraph
from tfcompat._src.runtime.data_structures import ListWrapper
from tfcompat._src.runtime.module import Module
from tfcompat._src.runtime.training import keras_optimizers
from tfcompat._src.runtime.training import optimizer_v1

__all__ = ["OPTIMIZERS", "escape_local_name", "is_trackable", "has_saved_state", "trackable_children",
           "optimizer_slots", "make_slot", "lookup_child", "ObjectGraph", "pretty_names"]

_VALUE = ".ATTRIBUTES/VARIABLE_VALUE"
OPTIMIZERS = (keras_optimizers.Optimizer, optimizer_v1.Optimizer)


def escape_local_name(name: str) -> str:
    # TF's escaping of local names inside checkpoint keys ('.' -> '..', '/' -> '.S').
    return name.replace(".", "..").replace("/", ".S")


def is_trackable(obj) -> bool:
    if isinstance(obj, (Variable, Module, _KerasStateList) + OPTIMIZERS):
        return True
    if callable(getattr(type(obj), "_trackable_children", None)) or has_saved_state(obj):
        return True
    if isinstance(obj, dict):
        return any(is_trackable(v) for v in obj.values())
    if isinstance(obj, (list, tuple)):
        return any(is_trackable(v) for v in obj)
    return False


def has_saved_state(obj) -> bool:
    """Whether ``obj`` saves state other than variables (a tf.data iterator's position): it has TF's Trackable
    methods ``_serialize_to_tensors() -> {attribute: value}`` and ``_restore_from_tensors({attribute: value})``
    plus ``_CHECKPOINT_ATTRIBUTES = {attribute: key suffix}`` (TF stores the iterator's attribute ``ITERATOR``
    under the key ``.../.ATTRIBUTES/ITERATOR_STATE``)."""
    return callable(getattr(type(obj), "_serialize_to_tensors", None))


# tf-keras's optimizer state layout: per optimizer class, groups of (list attribute, slot name); the slots of a
# group are created together per variable, groups one after another, and all appear in `_variables` in that
# order after `iterations` (checked against TF 2.21's tf-keras).
_KERAS_SLOT_LISTS = {
    "SGD": [[("momentums", "momentum")]],
    "Adam": [[("_momentums", "momentum"), ("_velocities", "velocity")], [("_velocity_hats", "velocity_hat")]],
    "RMSprop": [[("_velocities", "velocity")], [("_momentums", "momentum")],
                [("_average_gradients", "average_gradient")]],
    "Adagrad": [[("_accumulators", "accumulator")]],
    "Adadelta": [[("_accumulated_grads", "accumulated_grad"), ("_accumulated_delta_vars", "accumulated_delta_var")]],
    "Nadam": [[("_momentums", "momentum"), ("_velocities", "velocity")]],
    "Adamax": [[("_m", "m"), ("_u", "u")]],
    "Ftrl": [[("_accumulators", "accumulator"), ("_linears", "linear")]],
}


class _KerasStateList:
    """A live view of one of a Keras optimizer's state lists (``_variables`` or a slot list such as
    ``_momentums``): its children are read from the optimizer each time, so slots created after a restore
    (when the optimizer is built) are found by the deferred restoration."""

    def __init__(self, opt, slot_names):
        self._opt = weakref.ref(opt)
        self._slot_names = slot_names      # None: the `_variables` list (iterations first)

    def _trackable_children(self):
        opt = self._opt()
        if opt is None:
            return []
        groups = [[n for _, n in g if n in opt._slot_names] for g in _keras_groups(opt)]
        items = [opt._iterations] if self._slot_names is None else []
        for group in groups:
            names = group if self._slot_names is None else [n for n in group if n in self._slot_names]
            for v in opt._trainable_variables:
                items.extend(opt._slots[n][v] for n in names if v in opt._slots[n])
        return [(str(i), item) for i, item in enumerate(items)]


_KERAS_VIEWS = weakref.WeakKeyDictionary()


def _keras_groups(opt):
    return _KERAS_SLOT_LISTS.get(type(opt).__name__, [[("_" + n + "s", n)] for n in opt._slot_names])


def _keras_optimizer_children(opt) -> list:
    views = _KERAS_VIEWS.get(opt)
    if views is None:
        views = {"_variables": _KerasStateList(opt, None)}
        for group in _keras_groups(opt):
            for attr, slot in group:
                if slot in opt._slot_names:
                    views[attr] = _KerasStateList(opt, (slot,))
        _KERAS_VIEWS[opt] = views
    out = [("_variables", views["_variables"]), ("_iterations", opt._iterations)]
    if isinstance(opt._learning_rate, Variable):
        out.append(("_learning_rate", opt._learning_rate))
    out.append(("_index_dict", {}))
    out.extend((name, view) for name, view in views.items() if name != "_variables")
    return out


def trackable_children(obj) -> list:
    """(local name, child) pairs of ``obj``'s checkpoint dependencies, in TF's order."""
    custom = getattr(type(obj), "_trackable_children", None)
    if callable(custom):
        return list(obj._trackable_children())
    if isinstance(obj, Module):
        ignored = getattr(obj, "_TF_MODULE_IGNORED_PROPERTIES", ())
        return [(n, v) for n, v in vars(obj).items() if n not in ignored and is_trackable(v)]
    if isinstance(obj, keras_optimizers.Optimizer):
        return _keras_optimizer_children(obj)
    if isinstance(obj, optimizer_v1.Optimizer):
        return sorted((name, v) for (name, g), v in obj._non_slot_dict.items() if g is None)
    if isinstance(obj, dict):
        return _dict_children(obj)
    if isinstance(obj, ListWrapper):   # refuses a list whose tracked elements were replaced or moved, as TF
        return obj._checkpoint_children()
    if isinstance(obj, (list, tuple)):
        return [(str(i), v) for i, v in enumerate(obj) if is_trackable(v)]
    return []


def _dict_children(obj: dict) -> list:
    # TF's _DictWrapper: children in insertion order; a non-string key holding trackable state cannot be saved.
    children = []
    for key, value in obj.items():
        if not is_trackable(value):
            continue
        if not isinstance(key, str):
            raise ValueError(
                f"Unable to save the object {obj} (a dictionary wrapper constructed automatically on attribute "
                f"assignment). The wrapped dictionary contains a non-string key which maps to a trackable object "
                f"or mutable data structure.\n\nIf you don't need this dictionary checkpointed, wrap it in a "
                f"non-trackable object; it will be subsequently ignored.")
        children.append((key, value))
    return children


def optimizer_slots(opt) -> list:
    """(variable, slot name, slot variable) triples of a TF1 optimizer (a Keras optimizer's slots are regular
    dependencies in tf-keras's layout)."""
    if isinstance(opt, keras_optimizers.Optimizer):
        return []
    return [(v, n, s) for n in sorted(opt._slots) for v, s in opt._slots[n].items() if s.graph is None]


def make_slot(opt, var, slot_name):
    """Creates (if the optimizer has such a slot) and returns ``opt``'s slot ``slot_name`` for ``var``."""
    if isinstance(opt, keras_optimizers.Optimizer):
        if slot_name not in opt._slot_names:
            return None
        opt.build([var])
        return opt._slots[slot_name].get(var)
    if slot_name not in dict(opt._slot_specs):
        return None
    with ctx_lib.init_scope():
        opt._create_slots([var])
    return opt._slots[slot_name].get(var)


def lookup_child(obj, name):
    for n, child in trackable_children(obj):
        if n == name:
            return child
    # TF creates a TF1 optimizer's non-slot variables when a checkpoint holds them.
    if isinstance(obj, optimizer_v1.Optimizer):
        with ctx_lib.init_scope():
            obj._create_slots([])
        return dict(trackable_children(obj)).get(name)
    return None


class ObjectGraph:
    """The live object graph reachable from a root, numbered breadth first (each object once, at its shortest
    path, as TF names it), with optimizer slots appended after the regular dependencies."""

    def __init__(self, root, attached=()):
        self.objects = [root]
        self.paths = [()]
        self.nodes = [{"children": {}}]
        self.slot_of = {}   # node id of a slot variable -> (optimizer node id, variable node id, slot name)
        ids = {id(root): 0}
        queue = collections.deque([0])
        while queue:
            i = queue.popleft()
            for name, child in trackable_children(self.objects[i]) + (list(attached) if i == 0 else []):
                j = ids.get(id(child))
                if j is None:
                    j = ids[id(child)] = self._add(child, self.paths[i] + (name,))
                    queue.append(j)
                self.nodes[i]["children"][name] = j
        for i in range(len(self.objects)):
            opt = self.objects[i]
            if not isinstance(opt, OPTIMIZERS):
                continue
            for var, slot_name, slot in optimizer_slots(opt):
                v = ids.get(id(var))
                if v is None or id(slot) in ids:
                    continue
                j = ids[id(slot)] = self._add(slot, None)
                self.slot_of[j] = (i, v, slot_name)
                self.nodes[i].setdefault("slot_variables", []).append(
                    {"original_variable_node_id": v, "slot_name": slot_name, "slot_variable_node_id": j})
        for j, obj in enumerate(self.objects):
            if isinstance(obj, Variable):
                self.nodes[j]["attributes"] = {"VARIABLE_VALUE": self.key(j)}
            elif has_saved_state(obj):
                self.nodes[j]["attributes"] = {
                    name: f"{self._path(j)}/.ATTRIBUTES/{name}" for name in type(obj)._CHECKPOINT_ATTRIBUTES}

    def to_proto(self) -> TrackableObjectGraph:
        """The ``TrackableObjectGraph`` TF stores under ``_CHECKPOINTABLE_OBJECT_GRAPH``."""
        has_values = ["attributes" in node for node in self.nodes]
        changed = True
        while changed:   # to a fixed point: the graph may share objects and have cycles
            changed = False
            for j, node in enumerate(self.nodes):
                if not has_values[j] and (any(has_values[c] for c in node["children"].values()) or any(
                        has_values[r["slot_variable_node_id"]] for r in node.get("slot_variables", ()))):
                    has_values[j] = changed = True
        graph = TrackableObjectGraph()
        for j, node in enumerate(self.nodes):
            out = graph.nodes.add()
            for name, child in node["children"].items():
                out.children.add(node_id=child, local_name=name)
            if isinstance(self.objects[j], Variable):
                out.attributes.add(name="VARIABLE_VALUE", full_name=self.objects[j].name.split(":")[0],
                                   checkpoint_key=node["attributes"]["VARIABLE_VALUE"])
            else:
                for name, key in node.get("attributes", {}).items():
                    out.attributes.add(name=name, checkpoint_key=key)
            for rec in node.get("slot_variables", ()):
                out.slot_variables.add(**rec)
            out.has_checkpoint_values.value = has_values[j]
        return graph

    def _add(self, obj, path):
        self.objects.append(obj)
        self.paths.append(path)
        self.nodes.append({"children": {}})
        return len(self.objects) - 1

    def key(self, j) -> str:
        if j in self.slot_of:
            opt, var, slot_name = self.slot_of[j]
            return (f"{self._path(var)}/.OPTIMIZER_SLOT/{self._path(opt)}/{escape_local_name(slot_name)}/{_VALUE}")
        return f"{self._path(j)}/{_VALUE}"

    def _path(self, j) -> str:
        return "/".join(escape_local_name(p) for p in self.paths[j])


def pretty_names(nodes) -> list:
    """TF's names for checkpointed objects: '(root).model.w', "(root).opt's state 'm' for (root).model.w"."""
    names = [None] * len(nodes)
    names[0] = "(root)"
    queue = collections.deque([0])
    while queue:
        i = queue.popleft()
        for name, j in nodes[i]["children"].items():
            if names[j] is None:
                names[j] = f"{names[i]}.{name}"
                queue.append(j)
    for i, node in enumerate(nodes):
        for rec in node.get("slot_variables", ()):
            j = rec["slot_variable_node_id"]
            if names[j] is None:
                names[j] = f"{names[i]}'s state '{rec['slot_name']}' for {names[rec['original_variable_node_id']]}"
    return names
