"""``tf.train.Checkpoint`` (TF2 object-based checkpoints), ``load_checkpoint`` and ``list_variables``.

Checkpoints are TF's format (``checkpoint_io.py``): values are stored under TF's object-graph keys
(``model/layers/0/w/.ATTRIBUTES/VARIABLE_VALUE``; TF1-optimizer slots as
``<variable path>/.OPTIMIZER_SLOT/<optimizer path>/<slot>/.ATTRIBUTES/VARIABLE_VALUE``) next to the serialized
``TrackableObjectGraph`` under ``_CHECKPOINTABLE_OBJECT_GRAPH``, so TF restores ours and we restore TF's.
Restoring matches objects by their position in the object graph, as TF does, not by variable names.

What is tracked (TF's dependencies, in TF's order): a Checkpoint's keyword arguments (sorted) and its
``save_counter``; a ``tf.Module``'s attributes (in assignment order) holding variables, modules, optimizers,
checkpoints, or lists/tuples/dicts of them; a Keras optimizer's state in tf-keras's layout (``_variables``,
``_iterations``, ``_learning_rate`` and its slot lists such as ``_momentums``); a TF1 optimizer's non-slot
variables (``beta1_power``) plus its slots. Any object may describe its own dependencies with a method
``_trackable_children()`` returning ``[(local name, child), ...]`` (the hook Keras layers and models use).

Restoring into objects that do not exist yet is deferred, as in TF: a variable or module assigned later as an
attribute of a matched ``tf.Module`` or Checkpoint gets its value at that moment (or, for one appended to a
list, when it is first read eagerly); TF1-optimizer slots are created as soon as the optimizer and the variable
are both matched, so a resumed training run follows the uninterrupted trajectory. A checkpoint written by
``tf.compat.v1.train.Saver`` (no object graph) is restored by variable names, as TF does.

Differences from TF: eager (TF2) variables only (a TF1 graph-mode program uses ``tf.compat.v1.train.Saver``);
unrestored values are not logged when the status object is deleted."""
from __future__ import annotations

import collections
import logging
import os
import weakref

import numpy as np

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.ops.variables import Variable
from tfcompat._src.runtime import module as module_lib
from tfcompat._src.runtime.data_structures import ListWrapper, _DictWrapper, wrap_container
from tfcompat._src.runtime.module import Module
from tfcompat._src.runtime.training import keras_optimizers
from tfcompat._src.runtime.training import optimizer_v1
from tfcompat._src.protos.checkpoint import TrackableObjectGraph
from tfcompat._src.runtime.training import checkpoint_io
from tfcompat._src.runtime.training import checkpoint_management
from tfcompat._src.runtime.training.checkpoint_reader import translated_errors as _translated
from tfcompat._src.runtime.training import saver as saver_lib
from tfcompat._src.runtime import session as session_lib

__all__ = ["Checkpoint", "CheckpointLoadStatus", "InitializationOnlyStatus", "NameBasedSaverStatus",
           "object_graph_values", "write_trackable", "read_trackable", "OBJECT_GRAPH_KEY", "trackable_children",
           "escape_local_name", "eager_value", "is_trackable"]

_log = logging.getLogger("tensorflow")
_VALUE = ".ATTRIBUTES/VARIABLE_VALUE"
_OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"
_OPTIMIZERS = (keras_optimizers.Optimizer, optimizer_v1.Optimizer)


# -- the object graph -------------------------------------------------------------------------------------
def _escape(name: str) -> str:
    # TF's escaping of local names inside checkpoint keys ('.' -> '..', '/' -> '.S').
    return name.replace(".", "..").replace("/", ".S")


def _is_trackable(obj) -> bool:
    if isinstance(obj, (Variable, Module, Checkpoint, _KerasStateList) + _OPTIMIZERS):
        return True
    if callable(getattr(type(obj), "_trackable_children", None)) or _has_saved_state(obj):
        return True
    if isinstance(obj, dict):
        return any(_is_trackable(v) for v in obj.values())
    if isinstance(obj, (list, tuple)):
        return any(_is_trackable(v) for v in obj)
    return False


def _has_saved_state(obj) -> bool:
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


def _children(obj) -> list:
    """(local name, child) pairs of ``obj``'s checkpoint dependencies, in TF's order."""
    custom = getattr(type(obj), "_trackable_children", None)
    if callable(custom):
        return list(obj._trackable_children())
    if isinstance(obj, Checkpoint):
        return list(obj._deps.items())
    if isinstance(obj, Module):
        ignored = getattr(obj, "_TF_MODULE_IGNORED_PROPERTIES", ())
        return [(n, v) for n, v in vars(obj).items() if n not in ignored and _is_trackable(v)]
    if isinstance(obj, keras_optimizers.Optimizer):
        return _keras_optimizer_children(obj)
    if isinstance(obj, optimizer_v1.Optimizer):
        return sorted((name, v) for (name, g), v in obj._non_slot_dict.items() if g is None)
    if isinstance(obj, dict):
        return [(str(k), obj[k]) for k in sorted(obj, key=str) if _is_trackable(obj[k])]
    if isinstance(obj, ListWrapper):   # refuses a list whose tracked elements were replaced or moved, as TF
        return obj._checkpoint_children()
    if isinstance(obj, (list, tuple)):
        return [(str(i), v) for i, v in enumerate(obj) if _is_trackable(v)]
    return []


def _slots(opt) -> list:
    """(variable, slot name, slot variable) triples of a TF1 optimizer (a Keras optimizer's slots are regular
    dependencies in tf-keras's layout)."""
    if isinstance(opt, keras_optimizers.Optimizer):
        return []
    return [(v, n, s) for n in sorted(opt._slots) for v, s in opt._slots[n].items() if s.graph is None]


def _make_slot(opt, var, slot_name):
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


def _lookup_child(obj, name):
    for n, child in _children(obj):
        if n == name:
            return child
    # TF creates a TF1 optimizer's non-slot variables when a checkpoint holds them.
    if isinstance(obj, optimizer_v1.Optimizer):
        with ctx_lib.init_scope():
            obj._create_slots([])
        return dict(_children(obj)).get(name)
    return None


class _ObjectGraph:
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
            for name, child in _children(self.objects[i]) + (list(attached) if i == 0 else []):
                j = ids.get(id(child))
                if j is None:
                    j = ids[id(child)] = self._add(child, self.paths[i] + (name,))
                    queue.append(j)
                self.nodes[i]["children"][name] = j
        for i in range(len(self.objects)):
            opt = self.objects[i]
            if not isinstance(opt, _OPTIMIZERS):
                continue
            for var, slot_name, slot in _slots(opt):
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
            elif _has_saved_state(obj):
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
            return (f"{self._path(var)}/.OPTIMIZER_SLOT/{self._path(opt)}/{_escape(slot_name)}/{_VALUE}")
        return f"{self._path(j)}/{_VALUE}"

    def _path(self, j) -> str:
        return "/".join(_escape(p) for p in self.paths[j])


def _pretty_names(nodes) -> list:
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


def _session_for(v: Variable):
    """The default Session of a TF1 graph variable's graph: where a tf.train.Checkpoint used in TF1 code
    (``with tf.compat.v1.Session(): ckpt.save(...)``) reads and assigns its value."""
    sess = session_lib.get_default_session()
    if sess is None or sess.graph is not v._graph:
        raise NotImplementedError(
            f"tf.train.Checkpoint saves and restores eager (TF2) variables, or TF1 graph variables inside a default "
            f"Session of their graph; {v.name} is a TF1 graph variable and no such Session is active. Use "
            f"tf.compat.v1.train.Saver in graph mode.")
    return sess


def _eager_value(v: Variable):
    if v._graph is not None:
        context = ctx_lib.context()
        prev = getattr(context, "resource_store", None)
        context.resource_store = _session_for(v)._resource_store
        try:
            return v._current_value()
        finally:
            context.resource_store = prev
    return v._value


def _assign_restored(var: Variable, t) -> None:
    """Assigns a restored value (a graph variable's in its default Session at once, where TF waits for
    ``run_restore_ops``)."""
    if var._graph is None:
        var._assign_value(t, "assign", validate_shape=False)
    else:
        sess = _session_for(var)
        sess._resource_store[var] = saver_lib.leaf_value(t.to(sess._device_for(var)), var)


# -- restoring --------------------------------------------------------------------------------------------
# Deferred restorations by parent object (TF keeps them on the parent: they live as long as it does).
_DEFERRED = weakref.WeakKeyDictionary()
# Restores still waiting for objects that do not exist yet (for the eager-read fallback).
_PENDING = weakref.WeakSet()


def _on_attribute_set(obj, name, value) -> None:
    if value is None and name == "_variables":
        # An optimizer created its slots (build): pending restores look for them in its state lists now.
        for restore in list(_PENDING):
            restore.rescan()
        return
    if not _DEFERRED:
        return
    try:
        entries = _DEFERRED.get(obj)
    except TypeError:
        return
    if not entries:
        return
    for entry in [e for e in entries if e[0] == name]:
        entries.remove(entry)
        _, restore, node_id = entry
        restore.resolve(obj, name, node_id, value)


def _on_variable_read(var) -> None:
    if not _PENDING:   # nothing waits any more: reads stop calling in (re-installed by the next deferral)
        variables_lib.remove_read_hook(_on_variable_read)
        return
    for restore in list(_PENDING):
        if var._uid > restore.uid_watermark and var._uid not in restore.checked_uids:
            restore.checked_uids.add(var._uid)
            restore.rescan()


module_lib.attribute_hooks.append(_on_attribute_set)


class _Restore:
    """One ``restore`` call: matches saved nodes to live objects, now or when they are created.

    The values for the objects that exist at ``restore`` time are read and checked before any is assigned
    (``apply``), so a failing restore changes nothing; later (deferred) matches are assigned one by one."""

    def __init__(self, ckpt, nodes, attached=()):
        self.ckpt = ckpt
        self.nodes = nodes
        self.attached = dict(attached)   # extra dependencies of the root (node 0), as TF's attached_dependencies
        self.matched = {}          # saved node id -> live object
        self.origins = {}          # saved node id -> (parent node id, child name) it was matched through
        self.deferred = []         # [parent, child name, saved node id]
        self.waiting_slots = []    # (optimizer node id, slot record)
        self.uid_watermark = Variable._next_uid
        self.checked_uids = set()
        self._batch = []           # (variable, key) collected while the first match runs

    def apply(self) -> None:
        """Assigns the values collected by the first ``match``, after reading and checking all of them."""
        batch, self._batch = self._batch, None
        # Checked in key order, as TF's restore reads them: the first mismatch reported is TF's.
        values = [(var, self._checked_value(var, key)) for var, key in sorted(batch, key=lambda item: item[1])]
        for var, t in values:
            _assign_restored(var, t)

    def match(self, node_id, obj) -> None:
        if node_id in self.matched:
            return
        self.matched[node_id] = obj
        node = self.nodes[node_id]
        attributes = node.get("attributes", {})
        key = attributes.get("VARIABLE_VALUE")
        if key is not None:
            self._assign(obj, key)
        elif attributes:
            self._restore_state(obj, attributes)
        for name, child_id in node["children"].items():
            self.origins.setdefault(child_id, (node_id, name))
            child = self.attached[name] if node_id == 0 and name in self.attached else _lookup_child(obj, name)
            if child is None:
                self._defer(obj, name, child_id)
            else:
                self.match(child_id, child)
        for rec in node.get("slot_variables", ()):
            self.waiting_slots.append((node_id, rec))
        self._restore_slots()

    def _defer(self, parent, name, node_id):
        self.deferred.append((parent, name, node_id))
        _PENDING.add(self)
        variables_lib.add_read_hook(_on_variable_read)
        try:
            _DEFERRED.setdefault(parent, []).append((name, self, node_id))
        except TypeError:
            pass  # a list or dict cannot be weakly referenced: found again by rescan()

    def resolve(self, parent, name, node_id, value) -> None:
        self.deferred = [d for d in self.deferred if not (d[0] is parent and d[1] == name)]
        if _is_trackable(value):
            self.match(node_id, value)
        else:
            self._defer(parent, name, node_id)
        if not self.deferred:
            _PENDING.discard(self)

    def rescan(self) -> None:
        for parent, name, node_id in list(self.deferred):
            child = _lookup_child(self._current(parent), name)
            if child is not None:
                self.resolve(parent, name, node_id, child)

    def _current(self, parent):
        """A container a ``_trackable_children()`` built for the occasion (a list of an optimizer's variables)
        is looked up again through its own parent, so it has the items added since."""
        if not isinstance(parent, (list, tuple, dict)):
            return parent
        for node_id, obj in self.matched.items():
            if obj is parent and node_id in self.origins:
                grand_id, name = self.origins[node_id]
                fresh = _lookup_child(self.matched.get(grand_id), name) if grand_id in self.matched else None
                return parent if fresh is None else fresh
        return parent

    def _restore_slots(self):
        while True:
            ready = [it for it in self.waiting_slots if it[1]["original_variable_node_id"] in self.matched]
            if not ready:
                return
            self.waiting_slots = [it for it in self.waiting_slots if all(it is not r for r in ready)]
            for opt_id, rec in ready:
                slot = _make_slot(self.matched[opt_id], self.matched[rec["original_variable_node_id"]],
                                  rec["slot_name"])
                if slot is not None:
                    self.match(rec["slot_variable_node_id"], slot)

    def _assign(self, var, key):
        if not isinstance(var, Variable):
            raise errors.InvalidArgumentError(None, None, f"The checkpoint holds a variable at {key} but the "
                                              f"program has a {type(var).__name__} there.")
        if var._graph is not None:
            _session_for(var)
        if self._batch is not None:
            self._batch.append((var, key))
            return
        _assign_restored(var, self._checked_value(var, key))

    def _restore_state(self, obj, attributes) -> None:
        """Restores an object that saves non-variable state (``_has_saved_state``) from its attributes."""
        if not _has_saved_state(obj):
            raise errors.InvalidArgumentError(None, None, f"The checkpoint holds {sorted(attributes)} state at "
                                              f"{next(iter(attributes.values()))} but the program has a "
                                              f"{type(obj).__name__} there.")
        suffixes = type(obj)._CHECKPOINT_ATTRIBUTES
        values = {}
        for name, key in attributes.items():
            key = key[:-len(name)] + suffixes.get(name, name)
            if not self.ckpt.has(key):
                raise errors.NotFoundError(None, None, f"Key {key} not found in checkpoint")
            if self.ckpt.dtype(key) is not dtypes.string:
                # TF serializes a dataset graph into a variant tensor; tfcompat's pipelines are Python objects.
                raise errors.UnimplementedError(
                    None, None, f"{key} holds TensorFlow's serialized {name.lower()} state "
                    f"({saver_lib.tf_dtype_name(self.ckpt.dtype(key))}); tfcompat restores only the states it "
                    f"wrote itself (see migration_guide/checkpoints.md).")
            value = self.ckpt.numpy(key)
            values[name] = value if isinstance(value, bytes) else bytes(value.reshape(-1)[0])
        obj._restore_from_tensors(values)

    def _checked_value(self, var, key):
        ckpt = self.ckpt
        if not ckpt.has(key):
            raise errors.NotFoundError(None, None, f"Key {key} not found in checkpoint")
        dt = ckpt.dtype(key)
        if dt is not var.dtype:
            raise errors.InvalidArgumentError(None, None, f"tensor_name = {key}; expected dtype "
                                              f"{saver_lib.tf_dtype_name(var.dtype)} does not equal original "
                                              f"dtype {saver_lib.tf_dtype_name(dt)}")
        shape = ckpt.shape(key)
        if not var.shape.is_compatible_with(shape):
            raise ValueError(f"Received incompatible tensor with shape {tuple(shape)} when attempting to restore "
                             f"variable with shape {tuple(var.shape.as_list())} and name {var.name}.")
        if dt is dtypes.string:   # a string variable holds its bytes as a numpy object array
            return np.asarray(ckpt.numpy(key), dtype=object)
        return ckpt.tensor(key)

    # -- for the status object ------------------------------------------------------------------------------
    def unmatched_live(self, root) -> list:
        live = _ObjectGraph(root)
        matched = {id(o) for o in self.matched.values()}
        return [o for o in live.objects if isinstance(o, Variable) and id(o) not in matched]


def _node_text(node) -> str:
    """A saved variable's (or iterator's) node in protobuf text format, as TF's assert_consumed prints it."""
    full_names = node.get("full_names", {})
    parts = []
    for name, key in node["attributes"].items():
        full = f'  full_name: "{full_names[name]}"\n' if full_names.get(name) else ""
        parts.append(f'attributes {{\n  name: "{name}"\n{full}  checkpoint_key: "{key}"\n}}\n')
    return "".join(parts) + "has_checkpoint_values {\n  value: true\n}\n"


class CheckpointLoadStatus:
    """Mirrors the status returned by ``tf.train.Checkpoint.restore`` (TF's ``CheckpointLoadStatus``)."""

    def __init__(self, restore: _Restore, root):
        self._restore = restore
        self._root = root

    def assert_consumed(self):
        """Every checkpointed value was matched to an object and every object got a value.

        Raises:
          AssertionError: naming the first unresolved checkpointed object, or the unmatched Python objects."""
        r = self._restore
        r.rescan()
        names = _pretty_names(r.nodes)
        for i, node in enumerate(r.nodes):
            if "attributes" in node and i not in r.matched:
                raise AssertionError(f"Unresolved object in checkpoint {names[i]}: {_node_text(node)}")
        return self.assert_existing_objects_matched()

    def assert_existing_objects_matched(self):
        """Every object in the Python program that the checkpoint could fill got a value.

        Raises:
          AssertionError: "Found N Python objects that were not bound to checkpointed values, ...\""""
        self._restore.rescan()
        unmatched = self._restore.unmatched_live(self._root)
        if unmatched:
            shown = unmatched[:10]
            raise AssertionError(f"Found {len(unmatched)} Python objects that were not bound to checkpointed "
                                 f"values, likely due to changes in the Python program. Showing {len(shown)} of "
                                 f"{len(unmatched)} unmatched objects: {shown}")
        return self

    def assert_nontrivial_match(self):
        """Something besides the root object was matched.

        Raises:
          AssertionError: nothing but the root matched."""
        self._restore.rescan()
        if len(self._restore.matched) <= 1:
            unmatched = self._restore.unmatched_live(self._root)
            if not unmatched:
                raise AssertionError(f"Nothing to load. No dependencies have been added to {self._root} yet.")
            raise AssertionError(f"Nothing except the root object matched a checkpointed value. Typically this "
                                 f"means that the checkpoint does not match the Python program. The following "
                                 f"objects have no matching checkpointed value: {unmatched}")
        return self

    def expect_partial(self):
        """Silences warnings about unused values (tfcompat logs none); returns self."""
        return self

    def run_restore_ops(self, session=None) -> None:
        """No-op: eager restoration has already happened."""
        self._restore.rescan()

    def initialize_or_restore(self, session=None) -> None:
        """No-op in eager mode (values are restored or keep their initial values)."""
        self._restore.rescan()


class InitializationOnlyStatus:
    """Mirrors the status ``Checkpoint.restore(None)`` returns: nothing is restored."""

    _MESSAGE = "No checkpoint specified (save_path=None); nothing is being restored."

    def assert_consumed(self):
        raise AssertionError(self._MESSAGE)

    def assert_existing_objects_matched(self):
        raise AssertionError(self._MESSAGE)

    def assert_nontrivial_match(self):
        raise AssertionError(self._MESSAGE)

    def expect_partial(self):
        return self

    def run_restore_ops(self, session=None) -> None:
        raise AssertionError("No checkpoint specified, so no restore ops are available (save_path=None to "
                             "Saver.restore).")

    def initialize_or_restore(self, session=None) -> None:
        return None


# -- tf.train.Checkpoint ----------------------------------------------------------------------------------
class Checkpoint:
    """Mirrors ``tf.train.Checkpoint`` (TF2): saves and restores the objects passed as keyword arguments and
    everything they depend on (see the module docstring for what is tracked and the format).

    Differences: eager variables only (TF1 graph mode: use ``tf.compat.v1.train.Saver``); ``options`` is
    accepted and ignored; a ``root`` object's dependencies are added to this checkpoint's own."""

    def __init__(self, root=None, **kwargs):
        object.__setattr__(self, "_deps", {})
        object.__setattr__(self, "_save_counter", None)
        object.__setattr__(self, "_root", root)
        if root is not None:
            if not _is_trackable(root):
                raise ValueError(f"`Checkpoint` was expecting root to be a trackable object (an object derived "
                                 f"from `Trackable`), got {root}.")
            # As TF: with a root, the saved graph's node 0 is the root itself; 'root' (itself again) and the
            # keyword arguments (sorted together), then save_counter are attached to it (see _graph_root).
            kwargs["root"] = root
        for name, value in sorted(kwargs.items()):
            setattr(self, name, value)

    def _graph_root(self) -> tuple:
        """(the object at node 0, the dependencies attached to it) of the object graph this checkpoint saves."""
        if self._root is None:
            return self, ()
        return self._root, tuple(self._deps.items())

    def __setattr__(self, name, value):
        if name.startswith("_"):
            object.__setattr__(self, name, value)
            return
        value = wrap_container(value)
        if not _is_trackable(value) and not isinstance(value, (ListWrapper, _DictWrapper)):
            raise ValueError(f"`Checkpoint` was expecting {name} to be a trackable object (an object derived from "
                             f"`Trackable`), got {value}. If you believe this object should be trackable (i.e. it "
                             f"is part of the TensorFlow Python API and manages state), please open an issue.")
        self._deps[name] = value
        object.__setattr__(self, name, value)
        _on_attribute_set(self, name, value)

    @property
    def save_counter(self) -> Variable:
        """An int64 variable counting ``save`` calls (created on first use, like TF)."""
        if self._save_counter is None:
            with ctx_lib.init_scope():
                counter = Variable(0, dtype=dtypes.int64, trainable=False, name="save_counter")
            self._save_counter = counter
            self._deps["save_counter"] = counter
            _on_attribute_set(self._graph_root()[0], "save_counter", counter)
        return self._save_counter

    def write(self, file_prefix, options=None, session=None) -> str:
        """Mirrors ``Checkpoint.write``: writes ``file_prefix`` (no counter, no ``checkpoint`` state file).
        ``session`` (TF1's ``tf.compat.v1.train.Checkpoint``) is accepted and unused: values are eager."""
        file_prefix = os.fspath(file_prefix)
        checkpoint_io.write_checkpoint(file_prefix, object_graph_values(*self._graph_root()))
        return file_prefix

    def save(self, file_prefix, options=None, session=None) -> str:
        """Mirrors ``Checkpoint.save``: increments ``save_counter``, writes ``file_prefix-<counter>`` and points
        the directory's ``checkpoint`` file at it (so ``tf.train.latest_checkpoint`` finds it); returns the
        path."""
        counter = self.save_counter
        with ctx_lib.init_scope():   # an eager counter, also when TF1 code saves inside a graph
            counter.assign_add(1)
        path = self.write(f"{os.fspath(file_prefix)}-{int(counter.numpy())}")
        checkpoint_management.update_checkpoint_state_internal(os.path.dirname(path) or ".", path, [path],
                                                               save_relative_paths=True)
        return path

    def read(self, save_path, options=None):
        """Mirrors ``Checkpoint.read``: restores from ``save_path`` like ``restore``, except that a save counter
        not created yet stays unrestored (as in TF)."""
        save_path = os.fspath(save_path)
        if not checkpoint_io.checkpoint_exists(save_path):
            raise errors.NotFoundError(
                None, None, f"Error when restoring from checkpoint or SavedModel at {save_path}: Unsuccessful "
                f"TensorSliceReader constructor: Failed to find any matching files for {save_path}\nPlease "
                f"double-check that the path is correct. You may be missing the checkpoint suffix (e.g. the '-1' "
                f"in 'path/to/ckpt-1').")
        ckpt = _translated(lambda: checkpoint_io.open_checkpoint(save_path))
        nodes = _translated(lambda: _saved_object_graph(ckpt))
        if nodes is None:
            return NameBasedSaverStatus(self, ckpt)
        root, attached = self._graph_root()
        restore = _Restore(ckpt, nodes, attached)
        restore.match(0, root)
        restore.apply()
        return CheckpointLoadStatus(restore, root)

    def restore(self, save_path, options=None):
        """Mirrors ``Checkpoint.restore``: assigns checkpointed values to matching objects now and to objects
        created later when they appear; ``None`` restores nothing. A name-based checkpoint (written by
        ``tf.compat.v1.train.Saver``) is restored by variable names.

        Returns:
          a status object (``assert_consumed``, ``assert_existing_objects_matched``, ``expect_partial``, ...).
        Raises:
          NotFoundError: no checkpoint at ``save_path``. OpError / DataLossError: a corrupt checkpoint.
          ValueError / InvalidArgumentError: a shape / dtype differs from the variable's (nothing is
          restored then)."""
        if save_path is None:
            return InitializationOnlyStatus()
        status = self.read(save_path, options)
        # TF: restore (unlike read) creates the save counter, which takes its checkpointed value.
        self.save_counter  # noqa: B018
        return status


def write_trackable(root, file_prefix, attached=()) -> str:
    """Writes an object-based checkpoint whose root object is ``root`` itself (TF's ``TrackableSaver``; what
    Keras ``Model.save_weights(save_format="tf")`` writes: keys ``layer_with_weights-0/kernel/...``). The root
    describes its dependencies with ``_trackable_children()`` (see the module docstring); ``attached``:
    ``[(name, object), ...]`` added to the root's dependencies in this checkpoint only (TF's
    ``attached_dependencies``; tf-keras's ``save_weights`` attaches the model as ``root``). Returns the prefix."""
    file_prefix = os.fspath(file_prefix)
    checkpoint_io.write_checkpoint(file_prefix, object_graph_values(root, attached))
    return file_prefix


def read_trackable(root, save_path, attached=()):
    """Restores an object-based checkpoint into ``root`` (the counterpart of ``write_trackable``; Keras
    ``load_weights``); returns the load status (``assert_consumed``, ``expect_partial``, ...).

    Raises:
      NotFoundError: no checkpoint at ``save_path``. ValueError / InvalidArgumentError: a shape / dtype
      differs (nothing is restored then)."""
    save_path = os.fspath(save_path)
    ckpt = _translated(lambda: checkpoint_io.open_checkpoint(save_path))
    nodes = _translated(lambda: _saved_object_graph(ckpt))
    if nodes is None:
        return NameBasedSaverStatus(root, ckpt)
    restore = _Restore(ckpt, nodes, attached)
    restore.match(0, root)
    restore.apply()
    return CheckpointLoadStatus(restore, root)


def object_graph_values(root, attached=()) -> dict:
    """``{checkpoint key: value}`` for everything ``root`` depends on, including the serialized object graph
    under ``_CHECKPOINTABLE_OBJECT_GRAPH``: what ``Checkpoint.write`` stores (and Keras ``save_weights``)."""
    graph = _ObjectGraph(root, attached)
    values = {}
    for j, obj in enumerate(graph.objects):
        if isinstance(obj, Variable):
            values[graph.key(j)] = _eager_value(obj)
        elif _has_saved_state(obj):
            suffixes = type(obj)._CHECKPOINT_ATTRIBUTES
            for name, value in obj._serialize_to_tensors().items():
                values[f"{graph._path(j)}/.ATTRIBUTES/{suffixes.get(name, name)}"] = value
    values[_OBJECT_GRAPH_KEY] = graph.to_proto().SerializeToString()
    return values


def _saved_object_graph(ckpt):
    """The checkpoint's object graph as ``[{"children": {name: id}, "attributes": {name: key},
    "slot_variables": [...]}, ...]``, or None for a name-based checkpoint."""
    if ckpt.is_legacy:
        graph = ckpt.legacy_object_graph
        return None if graph is None else graph["nodes"]
    if not ckpt.has(_OBJECT_GRAPH_KEY):
        return None
    proto = TrackableObjectGraph.FromString(bytes(ckpt.numpy(_OBJECT_GRAPH_KEY)))
    nodes = []
    for node in proto.nodes:
        entry = {"children": {c.local_name: c.node_id for c in node.children}}
        if node.attributes:
            entry["attributes"] = {a.name: a.checkpoint_key for a in node.attributes}
            entry["full_names"] = {a.name: a.full_name for a in node.attributes}
        if node.slot_variables:
            entry["slot_variables"] = [
                {"original_variable_node_id": r.original_variable_node_id, "slot_name": r.slot_name,
                 "slot_variable_node_id": r.slot_variable_node_id} for r in node.slot_variables]
        nodes.append(entry)
    return nodes


class NameBasedSaverStatus:
    """Mirrors the status of restoring a name-based checkpoint (``tf.compat.v1.train.Saver``'s) into a
    ``tf.train.Checkpoint``: every variable the root depends on is restored from the key equal to its name."""

    def __init__(self, root, ckpt):
        _log.warning("Restoring a name-based tf.train.Saver checkpoint using the object-based restore API. This "
                     "mode uses global names to match variables, and so is somewhat fragile.")
        live = _ObjectGraph(root)
        items = [(v.name.split(":")[0], v) for v in live.objects if isinstance(v, Variable)]
        self._unmatched = [v for name, v in items if not ckpt.has(name)]
        found = [(name, v) for name, v in items if ckpt.has(name)]
        for var, t in saver_lib.restore_values(ckpt, found, eager_shape_check=True):
            _assign_restored(var, t)

    def assert_consumed(self):
        """Raises AssertionError naming the variables no key of the checkpoint matched."""
        if self._unmatched:
            lines = "".join(f"\n    {v!r}: [{v.name.split(':')[0]!r}]" for v in self._unmatched)
            raise AssertionError(f"Some objects had attributes which were not restored: {lines}")
        return self

    def assert_existing_objects_matched(self):
        return self.assert_consumed()

    def assert_nontrivial_match(self):
        return self.assert_consumed()

    def expect_partial(self):
        return self

    def run_restore_ops(self, session=None) -> None:
        return None

    def initialize_or_restore(self, session=None) -> None:
        return None


# What tf.saved_model.save (saved_model/save.py) shares with checkpoints: the same dependencies, key escaping and
# object-graph entry, so a SavedModel's variables/ checkpoint is TF's.
OBJECT_GRAPH_KEY = _OBJECT_GRAPH_KEY
trackable_children = _children
escape_local_name = _escape
eager_value = _eager_value
# Whether a value can hold checkpoint values (Keras layers track only such attributes as dependencies).
is_trackable = _is_trackable
