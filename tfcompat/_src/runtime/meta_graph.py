"""``tf.compat.v1.train.import_meta_graph`` / ``export_meta_graph``: a graph with its collections and saver, as
the ``.meta`` files TF1's ``Saver.save`` writes (a ``MetaGraphDef``).

Import: the ``GraphDef`` goes through ``tf.import_graph_def`` (runtime/graph_import.py), then the collections are
rebuilt: ``variables``-like collections hold ``VariableDef``s (the imported variables get their initializer,
initial value and trainable flag from them), node lists name ops or tensors, the rest are plain values. The
returned Saver restores the meta graph's variables from TF checkpoints.

Export: the graph as a ``GraphDef`` (framework/graph_def.py), every collection TF can describe, and the saver's
``SaverDef``; written binary, or as text when ``as_text``."""
from __future__ import annotations

import os

from google.protobuf import text_format
from google.protobuf.message import DecodeError

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import graph_def as graph_def_lib
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.ops.variables import Variable
from tfcompat._src.protos.graph import VariableDef
from tfcompat._src.protos.saved_model import CollectionDef, MetaGraphDef
from tfcompat._src.runtime import graph_import
from tfcompat._src.runtime.training import saver as saver_lib

__all__ = ["import_meta_graph", "export_meta_graph", "read_meta_graph_file", "VARIABLE_COLLECTIONS"]

# Collections whose items are variables, stored as serialized VariableDefs.
VARIABLE_COLLECTIONS = (GraphKeys.GLOBAL_VARIABLES, GraphKeys.TRAINABLE_VARIABLES, GraphKeys.LOCAL_VARIABLES,
                        GraphKeys.MODEL_VARIABLES, GraphKeys.MOVING_AVERAGE_VARIABLES, GraphKeys.METRIC_VARIABLES,
                        GraphKeys.GLOBAL_STEP, GraphKeys.CONCATENATED_VARIABLES)
TF_VERSION = "2.21.0"


def read_meta_graph_file(filename) -> MetaGraphDef:
    """Mirrors ``tf.compat.v1.train.read_meta_graph_file``: a ``.meta`` file, binary or text.

    Raises:
      OSError: no such file. IOError: neither a binary nor a text MetaGraphDef."""
    filename = os.fspath(filename)
    with open(filename, "rb") as f:
        data = f.read()
    meta = MetaGraphDef()
    try:
        meta.ParseFromString(data)
        return meta
    except DecodeError:
        pass
    try:
        text_format.Merge(data.decode("utf-8"), meta)
    except (text_format.ParseError, UnicodeDecodeError) as e:
        raise IOError(f"Cannot parse file {filename}: {e}.") from e
    return meta


def import_meta_graph(meta_graph_or_file, clear_devices=False, import_scope=None, **kwargs):
    """Mirrors ``tf.compat.v1.train.import_meta_graph``: adds the meta graph's nodes (under ``import_scope``)
    and collections to the default graph; returns a Saver for its variables, or None if it has none.

    Raises:
      ValueError: (TF) in eager mode: graphs run in a Session."""
    if ctx_lib.executing_eagerly() and ctx_lib.graph_mode_graph() is None:
        raise RuntimeError("Exporting/importing meta graphs is not supported when eager execution is enabled. "
                           "No graph exists when eager execution is enabled.")
    meta = meta_graph_or_file if isinstance(meta_graph_or_file, MetaGraphDef) else (
        MetaGraphDef.FromString(meta_graph_or_file.SerializeToString())
        if hasattr(meta_graph_or_file, "SerializeToString") else read_meta_graph_file(meta_graph_or_file))
    graph = ctx_lib.get_default_graph()
    graph_def = meta.graph_def
    if clear_devices:
        graph_def = type(graph_def).FromString(graph_def.SerializeToString())
        for node in graph_def.node:
            node.device = ""
    scope = import_scope or ""
    with ctx_lib.push_graph(graph):
        graph_import.import_graph_def(graph_def, name=scope)
        prefix = scope + "/" if scope else ""
        variables = _restore_collections(graph, meta, prefix)
    if meta.HasField("saver_def") or variables:
        # A SaverDef without variable collections (TF 2's SavedModel: its restore op is a traced function) gives
        # a Saver with nothing to restore; saved_model/loader_v1.py restores those through the object graph.
        return saver_lib.Saver(var_list={v.name.split(":")[0][len(prefix):]: v for v in variables},
                               max_to_keep=meta.saver_def.max_to_keep if meta.HasField("saver_def") else 5,
                               allow_empty=not variables)
    return None


def _restore_collections(graph, meta, prefix) -> list:
    all_vars = {}
    for key in sorted(meta.collection_def):
        col = meta.collection_def[key]
        kind = col.WhichOneof("kind")
        if key in VARIABLE_COLLECTIONS and kind == "bytes_list":
            for data in col.bytes_list.value:
                var = _variable_from_def(graph, VariableDef.FromString(data), prefix)
                if var is not None:
                    all_vars.setdefault(id(var), var)
                    if all(v is not var for v in graph.get_collection(key)):
                        graph.add_to_collection(key, var)
        elif kind == "node_list":
            for name in col.node_list.value:
                try:
                    graph.add_to_collection(key, graph.as_graph_element(prefix + name))
                except (KeyError, ValueError):
                    continue   # an element of a stripped sub-graph (e.g. the saver's)
        elif kind in ("int64_list", "float_list", "bytes_list"):
            for value in getattr(col, kind).value:
                graph.add_to_collection(key, value)
    global_ids = {id(v) for v in graph.get_collection(GraphKeys.GLOBAL_VARIABLES)}
    return [v for v in all_vars.values() if id(v) in global_ids] or list(all_vars.values())


def _variable_from_def(graph, vdef, prefix):
    op_name = prefix + vdef.variable_name.split(":")[0]
    try:
        handle = graph.get_operation_by_name(op_name)
    except KeyError:
        return None
    var = handle.attrs.get("var") if handle.type == "VarHandleOp" else None
    if not isinstance(var, Variable):
        return None
    var.trainable = vdef.trainable if vdef.trainable or vdef.initializer_name else var.trainable
    if vdef.initializer_name:
        try:
            var._initializer_op = graph.get_operation_by_name(prefix + vdef.initializer_name)
        except KeyError:
            pass
    if vdef.initial_value_name:
        try:
            var._initial_value = graph.get_tensor_by_name(prefix + vdef.initial_value_name)
        except (KeyError, ValueError):
            pass
    return var


def _variable_def(var, export_scope=None) -> VariableDef:
    name = var.name.split(":")[0]
    init = var.initializer
    return VariableDef(variable_name=var.name, initial_value_name=getattr(var.initial_value, "name", "") or "",
                       initializer_name=init.name if init is not None else "",
                       snapshot_name=graph_def_lib.read_tensor_name(name), is_resource=True,
                       trainable=bool(var.trainable))


def export_meta_graph(filename=None, meta_info_def=None, graph_def=None, saver_def=None, collection_list=None,
                      as_text=False, graph=None, export_scope=None, clear_devices=False,
                      clear_extraneous_savers=False, strip_default_attrs=False, save_debug_info=False, **kwargs):
    """Mirrors ``tf.compat.v1.train.export_meta_graph``: the default (or given) graph as a ``MetaGraphDef``,
    written to ``filename`` when given.

    Differences: ops tfcompat adds that TF does not have (``Gradients``, fused optimizer updates) keep tfcompat's
    op types, so TF cannot import graphs holding them (see framework/graph_def.py)."""
    graph = graph or ctx_lib.get_default_graph()
    meta = MetaGraphDef()
    info = meta.meta_info_def
    if meta_info_def is not None:
        info.CopyFrom(meta_info_def)
    info.tensorflow_version = info.tensorflow_version or TF_VERSION
    info.tensorflow_git_version = info.tensorflow_git_version or "tfcompat"
    info.stripped_default_attrs = bool(strip_default_attrs)
    gdef = graph_def if graph_def is not None else graph_def_lib.graph_to_graph_def(graph)
    meta.graph_def.CopyFrom(graph_def_lib.as_proto(gdef))
    if clear_devices:
        for node in meta.graph_def.node:
            node.device = ""
    info.stripped_op_list.CopyFrom(graph_def_lib.stripped_op_list(meta.graph_def))
    if saver_def is not None:
        meta.saver_def.CopyFrom(saver_def)
    for key in (collection_list if collection_list is not None else graph.get_all_collection_keys()):
        _add_collection(meta, key, graph.get_collection(key))
    if filename is not None:
        filename = os.fspath(filename)
        directory = os.path.dirname(filename)
        if directory:
            os.makedirs(directory, exist_ok=True)
        if as_text:
            with open(filename, "w", encoding="utf-8") as f:
                f.write(text_format.MessageToString(meta))
        else:
            with open(filename, "wb") as f:
                f.write(meta.SerializeToString())
    return meta


def _add_collection(meta, key, items) -> None:
    if not items or not isinstance(key, str):
        return
    col = CollectionDef()
    if all(isinstance(v, Variable) for v in items):
        col.bytes_list.value.extend(_variable_def(v).SerializeToString() for v in items)
    elif all(hasattr(v, "name") and hasattr(v, "graph") for v in items):
        col.node_list.value.extend(v.name for v in items)
    elif all(isinstance(v, bool) or isinstance(v, int) for v in items):
        col.int64_list.value.extend(int(v) for v in items)
    elif all(isinstance(v, float) for v in items):
        col.float_list.value.extend(items)
    elif all(isinstance(v, (bytes, str)) for v in items):
        col.bytes_list.value.extend(v.encode() if isinstance(v, str) else v for v in items)
    else:
        return   # TF also skips (with a warning) collections it cannot serialize
    meta.collection_def[key].CopyFrom(col)


saver_lib.hooks["export_meta_graph"] = export_meta_graph
