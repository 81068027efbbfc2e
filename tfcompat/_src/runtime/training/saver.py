"""``tf.compat.v1.train.Saver``: name-based checkpoints in TF's V2 format (see ``checkpoint_io.py``).

A checkpoint with prefix ``P`` (``saver.save`` returns ``P``, e.g. ``/tmp/model.ckpt-100``) is ``P.index`` and
``P.data-00000-of-00001``, readable by TensorFlow; each variable is stored under its op name (``W``, the Adam
slots ``W/Adam`` and ``W/Adam_1``, ``beta1_power``) or the name given in a ``var_list`` dict. In graph mode
``save`` also writes the graph as ``P.meta`` (a ``MetaGraphDef``). The directory's ``checkpoint`` file names the
newest checkpoints as TF writes it, so ``tf.train.latest_checkpoint`` works either way round.

Restoring reads and checks every value before assigning any, so a failing restore changes nothing."""
from __future__ import annotations

import os
import time

import numpy as np
import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.ops.variables import Variable
from tfcompat._src.protos.checkpoint import SaverDef, TrackableObjectGraph
from tfcompat._src.runtime import tf_logging as logging
from tfcompat._src.runtime.training import checkpoint_io
from tfcompat._src.runtime.training.checkpoint_management import (
    checkpoint_exists, get_checkpoint_mtimes, get_checkpoint_state, latest_checkpoint, meta_graph_filename,
    remove_checkpoint, update_checkpoint_state_internal,
)

__all__ = ["Saver", "latest_checkpoint", "get_checkpoint_state", "checkpoint_exists", "tf_dtype_name",
           "checked_value", "restore_values", "assign_restored", "object_graph_key_mapping", "object_based_items"]

# Installed by runtime/training/meta_graph.py: writes a graph's MetaGraphDef (Saver.export_meta_graph).
hooks = {"export_meta_graph": None}

# checkpoint.py's OBJECT_GRAPH_KEY (checkpoint.py imports this module, so it is not imported from there)
_OBJECT_GRAPH_KEY = "_CHECKPOINTABLE_OBJECT_GRAPH"

_TF_DTYPE_NAMES = {"float32": "float", "float64": "double", "float16": "half"}


def tf_dtype_name(dt) -> str:
    """TF's C++ name of a dtype, as its kernels' messages print it (``float``, ``double``, ``int32``)."""
    return _TF_DTYPE_NAMES.get(dt.name, dt.name)


def _var_name(v) -> str:
    return v.name.split(":")[0]


def _restore_failed(e: errors.OpError) -> errors.OpError:
    # TF's Saver.restore re-raises these two with an explanation in front of the kernel's message.
    if isinstance(e, errors.NotFoundError):
        return errors.NotFoundError(None, None, "Restoring from checkpoint failed. This is most likely due to a "
                                    "Variable name or other graph key that is missing from the checkpoint. Please "
                                    "ensure that you have not altered the graph expected based on the checkpoint. "
                                    f"Original error:\n\n{e.message}")
    if isinstance(e, errors.InvalidArgumentError):
        return errors.InvalidArgumentError(None, None, "Restoring from checkpoint failed. This is most likely due "
                                           "to a mismatch between the current graph and the graph from the "
                                           "checkpoint. Please ensure that you have not altered the graph expected "
                                           f"based on the checkpoint. Original error:\n\n{e.message}")
    return e


def checked_value(ckpt, key: str, var, shape_check: bool = True, shown_name: str | None = None):
    """Checkpoint entry ``key`` of an open checkpoint, checked against variable ``var``: a torch tensor (a
    numpy object array of bytes for a string variable), read but not assigned.

    ``shape_check`` off: the stored shape is taken as it is (TF's graph-mode Saver assigns it); ``shown_name``:
    the variable's name in the shape error (default ``var.name``).

    Raises:
      NotFoundError: ``key`` is missing. InvalidArgumentError: the stored dtype differs. ValueError: the stored
      shape is incompatible with the variable's (``shape_check``)."""
    if not ckpt.has(key):
        raise errors.NotFoundError(None, None, f"Key {key} not found in checkpoint")
    dt = ckpt.dtype(key)
    if dt is not var.dtype:
        raise errors.InvalidArgumentError(None, None, f"tensor_name = {key}; expected dtype "
                                          f"{tf_dtype_name(var.dtype)} does not equal original dtype "
                                          f"{tf_dtype_name(dt)}")
    shape = ckpt.shape(key)
    if shape_check and not var.shape.is_compatible_with(shape):
        raise ValueError(f"Received incompatible tensor with shape {tuple(shape)} when attempting to restore "
                         f"variable with shape {tuple(var.shape.as_list())} and name "
                         f"{var.name if shown_name is None else shown_name}.")
    if dt is dtypes.string:   # a string variable holds its bytes as a numpy object array
        return np.asarray(ckpt.numpy(key), dtype=object)
    return ckpt.tensor(key)


def restore_values(ckpt, items, eager_shape_check: bool) -> list:
    """Reads and checks ``[(checkpoint key, variable), ...]`` from an open checkpoint (``checked_value``);
    returns ``[(variable, value), ...]`` without assigning anything. ``eager_shape_check``: whether a stored
    shape must fit the variable's (TF's graph-mode restore assigns the stored shape); the shape error names the
    checkpoint key."""
    return [(var, checked_value(ckpt, key, var, eager_shape_check, shown_name=key)) for key, var in items]


def assign_restored(var, value, sess=None) -> None:
    """Assigns a checked restored value (``checked_value``): an eager variable's at once, a graph variable's in
    ``sess`` (a trainable float variable's stored as a grad leaf, as its initializer stores it)."""
    if var._graph is None:
        var._assign_value(value, "assign", validate_shape=False)
        return
    if isinstance(value, torch.Tensor):   # else a string variable's numpy object array, stored as it is
        value = value.to(sess._device_for(var))
        if var.trainable and (value.dtype.is_floating_point or value.dtype.is_complex):
            value = value.detach().requires_grad_(True)
    sess._resource_store[var] = value


def object_graph_key_mapping(ckpt) -> dict:
    """Mirrors TF's ``saver.object_graph_key_mapping``: ``{variable name when saved: checkpoint key}`` from an
    open object-based checkpoint's object graph.

    Raises:
      NotFoundError: the checkpoint has no object graph."""
    proto = TrackableObjectGraph.FromString(bytes(ckpt.numpy(_OBJECT_GRAPH_KEY)))
    return {a.full_name: a.checkpoint_key for node in proto.nodes for a in node.attributes}


def object_based_items(items, names_to_keys: dict) -> list:
    """Mirrors TF's ``saver_from_object_based_checkpoint``: a Saver's ``[(name, variable), ...]`` with each name
    replaced by its key in an object-based checkpoint (``names_to_keys``, from ``object_graph_key_mapping``).

    Raises:
      NotFoundError: a name is missing from ``names_to_keys`` (TF's message lists both sides' extra names)."""
    current, previous = {n for n, _ in items}, set(names_to_keys)
    missing = current - previous
    if missing:
        raise errors.NotFoundError(
            None, None,
            "\n\nExisting variables not in the checkpoint: %s\n\nVariables names when this checkpoint was "
            "written which don't exist now: %s\n\n(%d variable name(s) did match)\n\nCould not find some "
            "variables in the checkpoint (see names above). Saver was attempting to load an object-based "
            "checkpoint (saved using tf.train.Checkpoint or tf.keras.Model.save_weights) using variable names. "
            "If the checkpoint was written with eager execution enabled, it's possible that variable names have "
            "changed (for example missing a '_1' suffix). It's also possible that there are new variables which "
            "did not exist when the checkpoint was written. You can construct a Saver(var_list=...) with only "
            "the variables which previously existed, and if variable names have changed you may need to make "
            "this a dictionary with the old names as keys."
            % (", ".join(sorted(missing)), ", ".join(sorted(previous - current)), len(previous & current)))
    return [(names_to_keys[n], v) for n, v in items]


class Saver:
    """Mirrors ``tf.compat.v1.train.Saver``: saves and restores variables in TF's checkpoint format.

    ``var_list`` is a list of variables (stored under their op names) or a dict ``{checkpoint key: variable}``;
    by default every global variable (and saveable object) of the graph. ``max_to_keep`` newest checkpoints are
    kept, older ones deleted unless ``keep_checkpoint_every_n_hours`` preserves them.

    Differences: no save/restore ops are added to the graph (``as_saver_def`` describes TF's names for them);
    ``sharded`` checkpoints are written as one shard; only V2 checkpoints are read and written
    (``write_version=1`` raises)."""

    def __init__(self, var_list=None, reshape=False, sharded=False, max_to_keep=5,
                 keep_checkpoint_every_n_hours=10000.0, name=None, restore_sequentially=False, saver_def=None,
                 builder=None, defer_build=False, allow_empty=False, write_version=2, pad_step_number=False,
                 save_relative_paths=False, filename=None):
        if write_version != 2 and saver_def is None:
            raise NotImplementedError("tfcompat writes V2 checkpoints only (write_version=2, TF's default).")
        if saver_def is not None:
            max_to_keep = saver_def.max_to_keep
            keep_checkpoint_every_n_hours = saver_def.keep_checkpoint_every_n_hours
        self._var_list = var_list
        self._allow_empty = allow_empty
        self._items = None
        self._graph = ctx_lib.graph_mode_graph()
        self._max_to_keep = max_to_keep
        self._keep_hours = keep_checkpoint_every_n_hours
        self._next_checkpoint_time = time.time() + keep_checkpoint_every_n_hours * 3600
        self._last_checkpoints: list[tuple[str, float]] = []
        self._to_delete: list[tuple[str, float]] = []
        self._pad_step_number = pad_step_number
        self._save_relative_paths = save_relative_paths
        self._name = name or "save"
        self._filename = filename
        if not defer_build:
            self.build()

    # -- building -----------------------------------------------------------------------------------------
    def build(self) -> None:
        """Mirrors ``Saver.build``: resolves the variables to save."""
        if self._items is not None:
            return
        var_list = self._var_list
        if var_list is None:
            if ctx_lib.executing_eagerly():
                raise RuntimeError("When eager execution is enabled, `var_list` must specify a list or dict of "
                                   "variables to save")
            graph = ctx_lib.get_default_graph()
            var_list = graph.get_collection(GraphKeys.GLOBAL_VARIABLES) + \
                graph.get_collection(GraphKeys.SAVEABLE_OBJECTS)
        if isinstance(var_list, dict):
            items = list(var_list.items())
            for key, v in items:
                if not isinstance(v, Variable):
                    raise TypeError(f"Variable to save is not a Variable: {v}")
        else:
            items = []
            for v in var_list:
                if not isinstance(v, Variable):
                    raise TypeError(f"Variable to save is not a Variable: {v}")
                items.append((_var_name(v), v))
        names = [n for n, _ in items]
        if len(set(names)) != len(names):
            dup = sorted({n for n in names if names.count(n) > 1})
            raise ValueError(f"At least two variables have the same name: {', '.join(dup)}")
        if not items and not self._allow_empty:
            raise ValueError("No variables to save")
        self._items = items

    @property
    def saver_def(self):
        return self.as_saver_def()

    def as_saver_def(self):
        """Mirrors ``Saver.as_saver_def``: a ``SaverDef`` with TF's tensor and op names for this saver."""
        return SaverDef(filename_tensor_name=f"{self._name}/Const:0",
                        save_tensor_name=f"{self._name}/control_dependency:0",
                        restore_op_name=f"{self._name}/restore_all", max_to_keep=self._max_to_keep or 0,
                        sharded=False, keep_checkpoint_every_n_hours=self._keep_hours, version=SaverDef.V2)

    def to_proto(self, export_scope=None):
        return self.as_saver_def()

    # -- bookkeeping ------------------------------------------------------------------------------------
    @property
    def last_checkpoints(self) -> list:
        """Mirrors ``Saver.last_checkpoints``: the kept checkpoint prefixes, oldest first."""
        return [p for p, _ in self._last_checkpoints]

    def set_last_checkpoints(self, last_checkpoints) -> None:
        self._last_checkpoints = [(p, None) for p in last_checkpoints]

    def set_last_checkpoints_with_time(self, last_checkpoints_with_time) -> None:
        self._last_checkpoints = list(last_checkpoints_with_time)

    def recover_last_checkpoints(self, checkpoint_paths) -> None:
        """Mirrors ``Saver.recover_last_checkpoints``: adopts the existing ones of ``checkpoint_paths``."""
        paths = [p for p in checkpoint_paths if checkpoint_exists(p)]
        self._last_checkpoints = list(zip(paths, get_checkpoint_mtimes(paths)))

    def _record(self, path: str) -> None:
        if not self._max_to_keep:
            return
        self._last_checkpoints = [c for c in self._last_checkpoints if c[0] != path]
        self._last_checkpoints.append((path, time.time()))
        if len(self._last_checkpoints) > self._max_to_keep:
            self._to_delete.append(self._last_checkpoints.pop(0))

    def _maybe_delete_old(self, meta_graph_suffix: str) -> None:
        if not self._to_delete:
            return
        path, stamp = self._to_delete.pop(0)
        if stamp is not None and stamp > self._next_checkpoint_time:
            self._next_checkpoint_time += self._keep_hours * 3600
            return
        remove_checkpoint(path, 2, meta_graph_suffix)

    # -- values --------------------------------------------------------------------------------------------
    def _values(self, sess) -> dict:
        store = sess._resource_store if sess is not None else None
        prev = getattr(ctx_lib.context(), "resource_store", None)
        if store is not None:
            ctx_lib.context().resource_store = store
        try:
            return {name: v._current_value() for name, v in self._items}
        finally:
            if store is not None:
                ctx_lib.context().resource_store = prev

    def save(self, sess, save_path, global_step=None, latest_filename=None, meta_graph_suffix="meta",
             write_meta_graph=True, write_state=True, strip_default_attrs=False, save_debug_info=False):
        """Mirrors ``Saver.save``: writes the checkpoint ``save_path`` (``save_path-<global_step>`` when a step
        is given), updates the ``checkpoint`` state file (``write_state``) and, in graph mode, writes the
        ``.meta`` graph (``write_meta_graph``). Returns the checkpoint prefix.

        Raises:
          ValueError: ``latest_filename`` has a directory part (a missing directory is created, as TF 2 does).
          TypeError: graph mode without a Session."""
        self.build()
        if latest_filename is None:
            latest_filename = "checkpoint"
        if os.path.split(latest_filename)[0]:
            raise ValueError("'latest_filename' must not contain path components")
        save_path = os.fspath(save_path)
        if global_step is not None:
            if isinstance(global_step, (int, np.integer)):
                step = int(global_step)
            elif sess is not None and getattr(global_step, "graph", None) is not None:
                step = int(sess.run(global_step))
            else:
                step = int(np.asarray(global_step.numpy() if hasattr(global_step, "numpy") else global_step))
            prefix = f"{save_path}-{step:08d}" if self._pad_step_number else f"{save_path}-{step}"
        else:
            prefix = save_path
        save_dir = os.path.dirname(save_path)
        graph_mode = self._graph is not None and not ctx_lib.executing_eagerly()
        if graph_mode and sess is None:
            raise TypeError(f"'sess' must be a Session; {sess}")
        values = self._values(sess)
        checkpoint_io.write_checkpoint(prefix, {k: values[k] for k in sorted(values)})   # TF's data order
        if write_state:
            self._record(prefix)
            update_checkpoint_state_internal(save_dir, prefix, self.last_checkpoints, latest_filename,
                                             self._save_relative_paths)
            self._maybe_delete_old(meta_graph_suffix)
        if write_meta_graph and graph_mode:
            self.export_meta_graph(meta_graph_filename(prefix, meta_graph_suffix),
                                   strip_default_attrs=strip_default_attrs)
        return prefix

    def restore(self, sess, save_path) -> None:
        """Mirrors ``Saver.restore``: assigns every saved variable its checkpointed value, all or nothing. A name
        missing from an object-based checkpoint (``tf.train.Checkpoint``'s) makes it read the variables by their
        names in the checkpoint's object graph instead, with TF's warning.

        Raises:
          ValueError: ``save_path`` is None or not a checkpoint; (eagerly) a stored shape differs.
          NotFoundError: a variable is missing from the checkpoint. InvalidArgumentError: a dtype differs.
          DataLossError / OutOfRangeError: a corrupt or truncated checkpoint."""
        self.build()
        if save_path is None:
            raise ValueError("Can't load save_path when it is None.")
        save_path = os.fspath(save_path)
        if not self._items:
            return
        if not checkpoint_exists(save_path):
            raise ValueError(f"The passed save_path is not a valid checkpoint: {save_path}")
        logging.info("Restoring parameters from %s", save_path)
        eager = self._graph is None or ctx_lib.executing_eagerly()
        try:
            values = restore_values(checkpoint_io.open_checkpoint(save_path), self._items, eager_shape_check=eager)
        except errors.NotFoundError as e:
            values = self._object_based_values(save_path, e, eager)
        except errors.OpError as e:
            raise _restore_failed(e) from None
        for var, t in values:
            if var._graph is not None and sess is None:
                raise TypeError("Restoring graph variables needs a Session: Saver.restore(sess, path).")
            assign_restored(var, t, sess)

    def _object_based_values(self, save_path: str, err: errors.NotFoundError, eager: bool) -> list:
        # TF: after a name missing from the checkpoint, an object-based checkpoint is read through its object
        # graph's variable names (a name missing there too raises TF's unwrapped NotFoundError listing both
        # sides); any other checkpoint fails with ``err``.
        try:
            ckpt = checkpoint_io.open_checkpoint(save_path)
            names_to_keys = object_graph_key_mapping(ckpt)
        except errors.NotFoundError:
            raise _restore_failed(err) from None
        logging.warning("Restoring an object-based checkpoint using a name-based saver. This may be somewhat "
                        "fragile, and will re-build the Saver. Instead, consider loading object-based checkpoints "
                        "using tf.train.Checkpoint().")
        items = object_based_items(self._items, names_to_keys)
        try:
            return restore_values(ckpt, items, eager_shape_check=eager)
        except errors.OpError as e:
            raise _restore_failed(e) from None

    def export_meta_graph(self, filename=None, collection_list=None, as_text=False, export_scope=None,
                          clear_devices=False, clear_extraneous_savers=False, strip_default_attrs=False,
                          save_debug_info=False):
        """Mirrors ``Saver.export_meta_graph``: the graph and its collections as a ``MetaGraphDef`` (written to
        ``filename`` when given).

        Difference: no ``SaverDef`` is written, since the graph has no save/restore ops for it to name; TF's
        ``import_meta_graph`` then builds a Saver for the graph's variables, which restores the same
        checkpoints."""
        return hooks["export_meta_graph"](filename=filename, graph=self._graph or ctx_lib.get_default_graph(),
                                          saver_def=None, collection_list=collection_list,
                                          as_text=as_text, export_scope=export_scope, clear_devices=clear_devices,
                                          strip_default_attrs=strip_default_attrs)
