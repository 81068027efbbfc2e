"""TF1's SavedModel loader: ``tf.compat.v1.saved_model.loader.load`` (a meta graph into a Session's graph, its
variables restored, its init op run), ``maybe_saved_model_directory``/``contains_saved_model``, and TF2's
``tf.saved_model.load`` of a TF1 SavedModel (signatures that run the graph in a private Session)."""
from __future__ import annotations

import os

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.graph import Graph
from tfcompat._src.runtime import meta_graph as meta_graph_lib
from tfcompat._src.runtime.session import Session
from tfcompat._src.runtime.training import checkpoint_io
from tfcompat._src.runtime.training.saver import Saver
from tfcompat._src.saved_model import function_def  # noqa: F401 - function calls in imported graphs
from tfcompat._src.saved_model import serving_graph
from tfcompat._src.saved_model.reader import (
    SAVED_MODEL_FILENAME_PB, SAVED_MODEL_FILENAME_PBTXT, meta_graph_for_tags, read_saved_model, variables_path,
)

__all__ = ["load", "maybe_saved_model_directory", "contains_saved_model", "load_v1_in_v2", "MAIN_OP_KEY",
           "LEGACY_INIT_OP_KEY", "INIT_OP_SIGNATURE_KEY"]

MAIN_OP_KEY = "saved_model_main_op"
LEGACY_INIT_OP_KEY = "legacy_init_op"
INIT_OP_SIGNATURE_KEY = serving_graph.INIT_OP_SIGNATURE_KEY


def maybe_saved_model_directory(export_dir) -> bool:
    """Mirrors ``tf.compat.v1.saved_model.maybe_saved_model_directory``: whether ``export_dir`` holds a
    ``saved_model.pb`` or ``saved_model.pbtxt``."""
    export_dir = os.fspath(export_dir)
    return any(os.path.exists(os.path.join(export_dir, f))
               for f in (SAVED_MODEL_FILENAME_PB, SAVED_MODEL_FILENAME_PBTXT))


contains_saved_model = maybe_saved_model_directory


def _init_op(graph, meta, prefix):
    for key in (MAIN_OP_KEY, LEGACY_INIT_OP_KEY):
        ops = graph.get_collection(key)
        if ops:
            return ops[0]
    sig = meta.signature_def.get(INIT_OP_SIGNATURE_KEY) if INIT_OP_SIGNATURE_KEY in meta.signature_def else None
    if sig is not None and INIT_OP_SIGNATURE_KEY in sig.outputs:
        name = sig.outputs[INIT_OP_SIGNATURE_KEY].name
        try:
            return graph.as_graph_element(prefix + name.split(":")[0])
        except (KeyError, ValueError):
            return None
    return None


def load(sess, tags, export_dir, import_scope=None, **saver_kwargs):
    """Mirrors ``tf.compat.v1.saved_model.loader.load``: imports the meta graph with ``tags`` into ``sess``'s
    graph (under ``import_scope``), restores its variables and runs its main/init op; returns the
    ``MetaGraphDef``.

    Raises:
      OSError: no SavedModel in ``export_dir``. RuntimeError: no meta graph with these tags."""
    saved_model = read_saved_model(export_dir)
    meta = meta_graph_for_tags(saved_model, tags)
    graph = sess.graph
    prefix = import_scope + "/" if import_scope else ""
    with graph.as_default():
        _import_and_restore(sess, meta, export_dir, import_scope, saver_kwargs)
        init = _init_op(graph, meta, prefix)
    if init is not None:
        sess.run(init)
    return meta


def _import_and_restore(sess, meta, export_dir, import_scope, saver_kwargs) -> None:
    """Imports ``meta`` into ``sess``'s graph and restores its variables from ``export_dir``: through its Saver,
    or (a TF 2 SavedModel) those its signature calls capture, by their object-graph checkpoint keys."""
    saver = meta_graph_lib.import_meta_graph(meta, import_scope=import_scope, **saver_kwargs)
    captured = serving_graph.signature_variables(sess.graph, meta, import_scope + "/" if import_scope else "")
    if captured:
        saver = Saver(var_list=captured)
    path = variables_path(export_dir)
    if saver is not None and checkpoint_io.checkpoint_exists(path):
        saver.restore(sess, path)


class _V1Signature:
    """A TF1 SavedModel signature called TF2-style: keyword tensors in, a dict of eager tensors out."""

    def __init__(self, session, signature_def, prefix):
        self._session = session
        graph = session.graph
        self._inputs = {k: graph.get_tensor_by_name(prefix + v.name) for k, v in signature_def.inputs.items()}
        self._outputs = {k: graph.get_tensor_by_name(prefix + v.name) for k, v in signature_def.outputs.items()}
        self.structured_outputs = dict(self._outputs)

    def __call__(self, *args, **kwargs):
        # TF prunes the signature with are_keyword_args_also_positional: positional arguments bind to the
        # inputs in sorted key order; every input is required.
        names = sorted(self._inputs)
        problem = ("too many positional arguments" if len(args) > len(names) else
                   next((f"multiple values for argument '{k}'" for k in names[:len(args)] if k in kwargs), None) or
                   next((f"got an unexpected keyword argument '{k}'" for k in kwargs if k not in self._inputs),
                        None))
        kwargs = {**dict(zip(names, args)), **kwargs}
        problem = problem or next((f"missing a required argument: '{k}'" for k in names if k not in kwargs), None)
        if problem:
            raise TypeError(f"Binding inputs to tf.function failed due to `{problem}`. Received args: {args} and "
                            f"kwargs: {kwargs}.")
        feed = {self._inputs[k]: (v.numpy() if hasattr(v, "numpy") else v) for k, v in kwargs.items()}
        values = self._session.run(self._outputs, feed)
        return {k: convert_to_tensor(v) for k, v in values.items()}


class _LoadedV1:
    """What ``tf.saved_model.load`` returns for a TF1 SavedModel: ``signatures`` and ``graph``."""

    def __init__(self, export_dir, meta):
        self.graph = Graph()
        with ctx_lib.push_graph(self.graph):
            self._session = Session(graph=self.graph)
            prefix = ""
            _import_and_restore(self._session, meta, export_dir, None, {})
            init = _init_op(self.graph, meta, prefix)
        if init is not None:
            self._session.run(init)
        self.signatures = {k: _V1Signature(self._session, v, prefix) for k, v in meta.signature_def.items()
                           if k != INIT_OP_SIGNATURE_KEY}


def load_v1_in_v2(export_dir, meta) -> _LoadedV1:
    """A TF1 SavedModel as TF2's loader returns it (its signatures callable eagerly)."""
    return _LoadedV1(export_dir, meta)
