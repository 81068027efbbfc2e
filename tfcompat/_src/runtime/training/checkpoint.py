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
The live object graph is built in ``checkpoint_graph.py``; restoring, deferred restoration and the status
objects are in ``checkpoint_restore.py``.

Differences from TF: eager (TF2) variables only (a TF1 graph-mode program uses ``tf.compat.v1.train.Saver``);
unrestored values are not logged when the status object is deleted."""
from __future__ import annotations

import os

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.ops.variables import Variable
from tfcompat._src.protos.checkpoint import TrackableObjectGraph
from tfcompat._src.runtime.data_structures import ListWrapper, _DictWrapper, wrap_container
from tfcompat._src.runtime.training import checkpoint_io
from tfcompat._src.runtime.training import checkpoint_management
from tfcompat._src.runtime.training.checkpoint_graph import ObjectGraph, has_saved_state, is_trackable
from tfcompat._src.runtime.training.checkpoint_reader import translated_errors
from tfcompat._src.runtime.training.checkpoint_restore import (CheckpointLoadStatus, InitializationOnlyStatus,
                                                               NameBasedSaverStatus, Restore, eager_value,
                                                               on_attribute_set)

# OBJECT_GRAPH_KEY: the checkpoint entry holding the serialized TrackableObjectGraph (tf.saved_model.save writes
# it too, so a SavedModel's variables/ checkpoint is TF's).
__all__ = ["Checkpoint", "object_graph_values", "write_trackable", "read_trackable", "OBJECT_GRAPH_KEY"]

OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"


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
            if not is_trackable(root):
                raise ValueError(f"`Checkpoint` was expecting root to be a trackable object (an object derived "
                                 f"from `Trackable`), got {root}.")
            # As TF: with a root, the saved graph's node 0 is the root itself; 'root' (itself again) and the
            # keyword arguments (sorted together), then save_counter are attached to it (see _graph_root).
            kwargs["root"] = root
        for name, value in sorted(kwargs.items()):
            setattr(self, name, value)

    def _trackable_children(self) -> list:
        """The keyword arguments given (sorted), then ``save_counter`` once created: this checkpoint's
        dependencies."""
        return list(self._deps.items())

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
        if not is_trackable(value) and not isinstance(value, (ListWrapper, _DictWrapper)):
            raise ValueError(f"`Checkpoint` was expecting {name} to be a trackable object (an object derived from "
                             f"`Trackable`), got {value}. If you believe this object should be trackable (i.e. it "
                             f"is part of the TensorFlow Python API and manages state), please open an issue.")
        self._deps[name] = value
        object.__setattr__(self, name, value)
        on_attribute_set(self, name, value)

    @property
    def save_counter(self) -> Variable:
        """An int64 variable counting ``save`` calls (created on first use, like TF)."""
        if self._save_counter is None:
            with ctx_lib.init_scope():
                counter = Variable(0, dtype=dtypes.int64, trainable=False, name="save_counter")
            self._save_counter = counter
            self._deps["save_counter"] = counter
            on_attribute_set(self._graph_root()[0], "save_counter", counter)
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
        root, attached = self._graph_root()
        return _read(save_path, root, attached, names_root=self)

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
    return _read(os.fspath(save_path), root, attached, names_root=root)


def _read(save_path: str, root, attached, names_root):
    """Restores ``save_path`` into the object graph of ``root`` (+ ``attached``), or, for a name-based checkpoint,
    every variable ``names_root`` depends on by its name."""
    ckpt = translated_errors(lambda: checkpoint_io.open_checkpoint(save_path))
    nodes = translated_errors(lambda: _saved_object_graph(ckpt))
    if nodes is None:
        return NameBasedSaverStatus(names_root, ckpt)
    restore = Restore(ckpt, nodes, attached)
    restore.match(0, root)
    restore.apply()
    return CheckpointLoadStatus(restore, root)


def object_graph_values(root, attached=()) -> dict:
    """``{checkpoint key: value}`` for everything ``root`` depends on, including the serialized object graph
    under ``_CHECKPOINTABLE_OBJECT_GRAPH``: what ``Checkpoint.write`` stores (and Keras ``save_weights``)."""
    graph = ObjectGraph(root, attached)
    values = {}
    for j, obj in enumerate(graph.objects):
        if isinstance(obj, Variable):
            values[graph.key(j)] = eager_value(obj)
        elif has_saved_state(obj):
            suffixes = type(obj)._CHECKPOINT_ATTRIBUTES
            for name, value in obj._serialize_to_tensors().items():
                values[f"{graph._path(j)}/.ATTRIBUTES/{suffixes.get(name, name)}"] = value
    values[OBJECT_GRAPH_KEY] = graph.to_proto().SerializeToString()
    return values


def _saved_object_graph(ckpt):
    """The checkpoint's object graph as ``[{"children": {name: id}, "attributes": {name: key},
    "slot_variables": [...]}, ...]``, or None for a name-based checkpoint."""
    if ckpt.is_legacy:
        graph = ckpt.legacy_object_graph
        return None if graph is None else graph["nodes"]
    if not ckpt.has(OBJECT_GRAPH_KEY):
        return None
    proto = TrackableObjectGraph.FromString(bytes(ckpt.numpy(OBJECT_GRAPH_KEY)))
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
