"""The ``GraphDef`` nodes TF 2's ``tf.saved_model.save`` writes for TF1-style serving, and their reading.

Writing, as TF's ``save.py`` (``_fill_meta_graph_def``) does: ``add_serving_nodes`` adds a ``VarHandleOp`` per
saved variable, a ``Placeholder`` ``<signature key>_<input>`` per signature input and one
``StatefulPartitionedCall`` per signature (in sorted key order) calling its wrapper function on those
placeholders and the captured variables' handles (its outputs, in sorted output-key order, are the
``SignatureDef``'s tensors), then the ``NoOp`` named by the ``__saved_model_init_op`` signature; ``add_saver``
adds the ``SaverDef``: a ``saver_filename`` placeholder and calls of a traced save (``SaveV2``) and restore
(``RestoreV2`` + assigns) function, with which TF's ``tf.compat.v1.saved_model.load`` restores the variables.

Reading (``signature_variables``): the variables of such a graph as ``{checkpoint key: graph variable}``, found
through the object graph: a signature call node's trailing inputs are the handles of its function's
``bound_inputs`` (object-graph variable nodes), whose checkpoint keys come from their paths; tfcompat's TF1
loader restores them with a Saver over those keys.

Differences from TF: the save function writes one shard directly (TF's shards through a temporary prefix and
``MergeV2Checkpoints``); the TF1 loader here restores the variables signatures capture rather than running the
traced restore function (variables no signature uses are not restored; no graph op reads them)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor_util import make_tensor_proto, shape_proto
from tfcompat._src.protos.checkpoint import SaverDef
from tfcompat._src.protos.graph import FunctionDef
from tfcompat._src.runtime.training.checkpoint import OBJECT_GRAPH_KEY
from tfcompat._src.runtime.training.checkpoint_graph import escape_local_name
from tfcompat._src.saved_model.function_export import unique_name

__all__ = ["add_serving_nodes", "add_saver", "signature_variables", "INIT_OP_SIGNATURE_KEY"]

INIT_OP_SIGNATURE_KEY = "__saved_model_init_op"
_VALUE = ".ATTRIBUTES/VARIABLE_VALUE"


def add_serving_nodes(meta, variables: list, calls: list) -> None:
    """Adds the serving nodes to ``meta.graph_def`` and the signatures' output tensor names to
    ``meta.signature_def``.

    ``variables``: (variable, saved object id) pairs; ``calls``: per signature (key, wrapper function name,
    [(input key, DataType enum)] sorted, [(output key, DataType enum)] sorted, [captured variable]) in signature
    order."""
    graph_def = meta.graph_def
    used: set = set()
    handles = {}
    for var, _ in variables:
        node = graph_def.node.add(name=unique_name(var.name.split(":")[0], used), op="VarHandleOp")
        node.attr["shared_name"].s = node.name.encode()
        node.attr["dtype"].type = var.dtype.as_datatype_enum
        node.attr["shape"].shape.CopyFrom(shape_proto(var.shape))
        handles[id(var)] = node.name
    for key, function_name, inputs, outputs, captured in calls:
        placeholders = []
        for name, dtype in inputs:
            node = graph_def.node.add(name=unique_name(f"{key}_{name}", used), op="Placeholder")
            node.attr["dtype"].type = dtype
            node.attr["shape"].shape.CopyFrom(meta.signature_def[key].inputs[name].tensor_shape)
            placeholders.append(node.name)
            meta.signature_def[key].inputs[name].name = node.name + ":0"
        call = graph_def.node.add(name=unique_name("StatefulPartitionedCall", used), op="StatefulPartitionedCall")
        call.input.extend(placeholders + [handles[id(v)] for v in captured])
        call.attr["f"].func.name = function_name
        call.attr["Tin"].list.type.extend([d for _, d in inputs] + [dtypes.resource.as_datatype_enum] * len(captured))
        call.attr["Tout"].list.type.extend(d for _, d in outputs)
        for i, (name, _) in enumerate(outputs):
            meta.signature_def[key].outputs[name].name = f"{call.name}:{i}"
    init = graph_def.node.add(name=unique_name("NoOp", used), op="NoOp")
    info = meta.signature_def[INIT_OP_SIGNATURE_KEY].outputs[INIT_OP_SIGNATURE_KEY]
    info.name = init.name
    info.tensor_shape.unknown_rank = True


def _paths(object_graph) -> dict:
    """{node id: checkpoint key prefix} of the object graph's nodes (breadth first, first path wins)."""
    paths, queue = {0: ()}, [0]
    for i in queue:
        for ref in object_graph.nodes[i].children:
            if ref.node_id not in paths:
                paths[ref.node_id] = paths[i] + (escape_local_name(ref.local_name),)
                queue.append(ref.node_id)
    return paths


def signature_variables(graph, meta, prefix: str) -> dict:
    """{checkpoint key: the imported graph variable} for the variables the signature call nodes of ``meta``
    capture (see the module docstring); empty for a graph without them."""
    object_graph = meta.object_graph_def
    if not len(object_graph.nodes):
        return {}
    paths = _paths(object_graph)
    out = {}
    for node in meta.graph_def.node:
        if node.op not in ("StatefulPartitionedCall", "PartitionedCall"):
            continue
        name = node.attr["f"].func.name
        fn = object_graph.concrete_functions[name] if name in object_graph.concrete_functions else None
        if fn is None or not len(fn.bound_inputs):
            continue
        handles = list(node.input)[len(node.input) - len(fn.bound_inputs):]
        for node_id, handle in zip(fn.bound_inputs, handles):
            if object_graph.nodes[node_id].WhichOneof("kind") != "variable" or node_id not in paths:
                continue
            op = graph.get_operation_by_name(prefix + handle.split(":")[0])
            var = op.attrs.get("var") if op.type == "VarHandleOp" else None
            if var is not None:
                out["/".join(paths[node_id]) + "/" + _VALUE] = var
    return out


def _const(fdef, name: str, values) -> str:
    node = fdef.node_def.add(name=name, op="Const")
    node.attr["dtype"].type = dtypes.string.as_datatype_enum
    node.attr["value"].tensor.CopyFrom(make_tensor_proto(values, dtype=dtypes.string))
    return f"{name}:output:0"


def _saver_function(name: str, keys: list, variables: list, object_graph: bytes | None) -> FunctionDef:
    """TF's traced save (``object_graph`` given) or restore function of a SavedModel: ``file_prefix`` and the
    variables' handles in; ``SaveV2`` of their values (and the object graph) or ``RestoreV2`` and an assign each;
    the prefix out."""
    fdef = FunctionDef()
    sig = fdef.signature
    sig.name = name
    sig.is_stateful = True
    sig.input_arg.add(name="file_prefix", type=dtypes.string.as_datatype_enum)
    for i, _ in enumerate(variables):
        sig.input_arg.add(name=f"variable_{i}", type=dtypes.resource.as_datatype_enum)
    sig.output_arg.add(name="identity", type=dtypes.string.as_datatype_enum)
    names = keys + ([OBJECT_GRAPH_KEY] if object_graph is not None else [])
    refs = [_const(fdef, "tensor_names", names), _const(fdef, "shape_and_slices", [""] * len(names))]
    done = []
    if object_graph is not None:
        values = []
        for i, var in enumerate(variables):
            read = fdef.node_def.add(name=f"read_{i}", op="ReadVariableOp", input=[f"variable_{i}"])
            read.attr["dtype"].type = var.dtype.as_datatype_enum
            values.append(f"read_{i}:value:0")
        values.append(_const(fdef, "object_graph", object_graph))
        save = fdef.node_def.add(name="SaveV2", op="SaveV2", input=["file_prefix"] + refs + values)
        save.attr["dtypes"].list.type.extend([v.dtype.as_datatype_enum for v in variables] +
                                             [dtypes.string.as_datatype_enum])
        done.append("SaveV2")
    else:
        restore = fdef.node_def.add(name="RestoreV2", op="RestoreV2", input=["file_prefix"] + refs)
        restore.attr["dtypes"].list.type.extend(v.dtype.as_datatype_enum for v in variables)
        for i, var in enumerate(variables):
            assign = fdef.node_def.add(name=f"assign_{i}", op="AssignVariableOp",
                                       input=[f"variable_{i}", f"RestoreV2:tensors:{i}"])
            assign.attr["dtype"].type = var.dtype.as_datatype_enum
            done.append(assign.name)
    out = fdef.node_def.add(name="Identity", op="Identity", input=["file_prefix"] + [f"^{n}" for n in done])
    out.attr["T"].type = dtypes.string.as_datatype_enum
    fdef.ret["identity"] = "Identity:output:0"
    return fdef


def add_saver(meta, variables: list, keys: list, object_graph: bytes) -> None:
    """TF's ``SaverDef`` of a SavedModel (what TF1's loader restores the variables with): a ``saver_filename``
    placeholder and calls of a traced save and a traced restore function on it and the variables' handles
    (``variables`` in the order ``add_serving_nodes`` got them, ``keys`` their checkpoint keys)."""
    graph_def = meta.graph_def
    used = {n.name for n in graph_def.node}
    handles = [n.name for n in graph_def.node if n.op == "VarHandleOp"]
    filename = graph_def.node.add(name=unique_name("saver_filename", used), op="Placeholder")
    filename.attr["dtype"].type = dtypes.string.as_datatype_enum
    filename.attr["shape"].shape.CopyFrom(shape_proto([]))
    calls = []
    for kind, graph_bytes in (("save", object_graph), ("restore", None)):
        fdef = _saver_function(f"__inference__traced_{kind}_{len(graph_def.library.function)}", keys, variables,
                               graph_bytes)
        graph_def.library.function.add().CopyFrom(fdef)
        call = graph_def.node.add(name=unique_name("StatefulPartitionedCall", used), op="StatefulPartitionedCall")
        call.input.extend([filename.name] + handles)
        call.attr["f"].func.name = fdef.signature.name
        call.attr["Tin"].list.type.extend([dtypes.string.as_datatype_enum] +
                                          [dtypes.resource.as_datatype_enum] * len(handles))
        call.attr["Tout"].list.type.append(dtypes.string.as_datatype_enum)
        calls.append(call.name)
    saver = meta.saver_def
    saver.filename_tensor_name = filename.name + ":0"
    saver.save_tensor_name = calls[0] + ":0"
    saver.restore_op_name = calls[1]
    saver.version = SaverDef.V2
