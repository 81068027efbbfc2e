"""Restoring a ``tf.train.Checkpoint`` (``checkpoint.py``): matching the saved object graph to live objects, now
or when they are created later (deferred restoration, as in TF), assigning the checked values, and the status
objects ``restore`` returns (TF's ``CheckpointLoadStatus``, ``InitializationOnlyStatus``,
``NameBasedSaverStatus``)."""
from __future__ import annotations

import logging
import weakref

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.ops.variables import Variable
from tfcompat._src.runtime import module as module_lib
from tfcompat._src.runtime import session as session_lib
from tfcompat._src.runtime.training import saver as saver_lib
from tfcompat._src.runtime.training.checkpoint_graph import (ObjectGraph, has_saved_state, is_trackable,
                                                             lookup_child, make_slot, pretty_names)

__all__ = ["eager_value", "on_attribute_set", "Restore", "CheckpointLoadStatus", "InitializationOnlyStatus",
           "NameBasedSaverStatus"]

_log = logging.getLogger("tensorflow")


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


def eager_value(v: Variable):
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
    saver_lib.assign_restored(var, t, None if var._graph is None else _session_for(var))


# -- restoring --------------------------------------------------------------------------------------------
# Deferred restorations by parent object (TF keeps them on the parent: they live as long as it does).
_DEFERRED = weakref.WeakKeyDictionary()
# Restores still waiting for objects that do not exist yet (for the eager-read fallback).
_PENDING = weakref.WeakSet()


def on_attribute_set(obj, name, value) -> None:
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


module_lib.attribute_hooks.append(on_attribute_set)


class Restore:
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
        values = [(var, saver_lib.checked_value(self.ckpt, key, var))
                  for var, key in sorted(batch, key=lambda item: item[1])]
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
            child = self.attached[name] if node_id == 0 and name in self.attached else lookup_child(obj, name)
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
        if is_trackable(value):
            self.match(node_id, value)
        else:
            self._defer(parent, name, node_id)
        if not self.deferred:
            _PENDING.discard(self)

    def rescan(self) -> None:
        for parent, name, node_id in list(self.deferred):
            child = lookup_child(self._current(parent), name)
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
                fresh = lookup_child(self.matched.get(grand_id), name) if grand_id in self.matched else None
                return parent if fresh is None else fresh
        return parent

    def _restore_slots(self):
        while True:
            ready = [it for it in self.waiting_slots if it[1]["original_variable_node_id"] in self.matched]
            if not ready:
                return
            self.waiting_slots = [it for it in self.waiting_slots if all(it is not r for r in ready)]
            for opt_id, rec in ready:
                slot = make_slot(self.matched[opt_id], self.matched[rec["original_variable_node_id"]],
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
        _assign_restored(var, saver_lib.checked_value(self.ckpt, key, var))

    def _restore_state(self, obj, attributes) -> None:
        """Restores an object that saves non-variable state (``has_saved_state``) from its attributes."""
        if not has_saved_state(obj):
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

    # -- for the status object ------------------------------------------------------------------------------
    def unmatched_live(self, root) -> list:
        live = ObjectGraph(root)
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

    def __init__(self, restore: Restore, root):
        self._restore = restore
        self._root = root

    def assert_consumed(self):
        """Every checkpointed value was matched to an object and every object got a value.

        Raises:
          AssertionError: naming the first unresolved checkpointed object, or the unmatched Python objects."""
        r = self._restore
        r.rescan()
        names = pretty_names(r.nodes)
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




class NameBasedSaverStatus:
    """Mirrors the status of restoring a name-based checkpoint (``tf.compat.v1.train.Saver``'s) into a
    ``tf.train.Checkpoint``: every variable the root depends on is restored from the key equal to its name."""

    def __init__(self, root, ckpt):
        _log.warning("Restoring a name-based tf.train.Saver checkpoint using the object-based restore API. This "
                     "mode uses global names to match variables, and so is somewhat fragile.")
        live = ObjectGraph(root)
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
