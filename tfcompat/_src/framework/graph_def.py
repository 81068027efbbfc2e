"""``Graph.as_graph_def``: a tfcompat Graph as TF's ``GraphDef`` message, with TF's op types, inputs and attributes.

Each op becomes a ``NodeDef`` described by its TF signature (protos/op_signatures.py): type attributes come
from the dtypes of its inputs and outputs, the other attributes from the op's (or TF's defaults). Where a tfcompat
kernel holds as a static attribute what TF passes as an input (``Reshape``'s shape, ``Sum``'s axes,
``StridedSlice``'s begin/end/strides), the value is written as a ``Const`` node ``<op>/<argument>``, as TF's
Python API does. A variable is a ``VarHandleOp`` node; ops that use its value read it through one
``<var>/Read/ReadVariableOp`` node; assignments take the handle as their first input.

Differences: ops tfcompat has and TF does not (``Gradients``, the fused optimizer updates that apply one rule to
several variables, ``CustomGradient``) keep tfcompat's op types, and ``If``/``While``/``Case`` ops are written
without their branch functions, so TF can parse such a GraphDef but not import it; straight-line inference graphs
(anything built from TF's own ops) import into TF."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import tensor_util
from tfcompat._src.protos.op_signatures import signature
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.protos.graph import AttrValue, GraphDef, NodeDef, OpList

__all__ = ["GraphDef", "NodeDef", "graph_to_graph_def", "as_proto", "stripped_op_list", "read_tensor_name",
           "python_to_attr", "GRAPH_DEF_VERSION"]

GRAPH_DEF_VERSION = 2474   # TF 2.21's TF_GRAPH_DEF_VERSION

# Static attributes of tfcompat kernels that TF passes as inputs: op type -> {TF input name: tfcompat attribute}.
_ATTR_INPUTS = {
    "Reshape": {"shape": "shape"}, "Transpose": {"perm": "perm"}, "ConcatV2": {"axis": "axis"},
    "ExpandDims": {"dim": "axis"}, "Tile": {"multiples": "multiples"}, "Slice": {"begin": "begin", "size": "size"},
    "Fill": {"dims": "dims", "value": "value"}, "Range": {"start": "start", "limit": "limit", "delta": "delta"},
    "BroadcastTo": {"shape": "shape"}, "TopKV2": {"k": "k"}, "GatherV2": {"axis": "axis"},
    "Split": {"split_dim": "axis"}, "SplitV": {"size_splits": "sizes", "split_dim": "axis"},
    "Pad": {"paddings": "paddings"}, "MirrorPad": {"paddings": "paddings"}, "OneHot": {"depth": "depth"},
    "ArgMax": {"dimension": "axis"}, "ArgMin": {"dimension": "axis"},
    "LinSpace": {"start": "start", "stop": "stop", "num": "num"},
    "RandomUniform": {"shape": "shape"}, "RandomStandardNormal": {"shape": "shape"},
    "TruncatedNormal": {"shape": "shape"},
    "RandomUniformInt": {"shape": "shape", "minval": "minval", "maxval": "maxval"},
    **{r: {"size": "size"} for r in ("ResizeBilinear", "ResizeNearestNeighbor", "ResizeBicubic", "ResizeArea")},
    **{r: {"reduction_indices": "axis"} for r in ("Sum", "Mean", "Max", "Min", "Prod", "All", "Any")},
    "ScalarSummary": {"tags": "tags"}, "HistogramSummary": {"tag": "tag"}, "ImageSummary": {"tag": "tag"},
    "TensorSummaryV2": {"tag": "tag", "serialized_summary_metadata": "serialized_summary_metadata"},
}
_REDUCTIONS = ("Sum", "Mean", "Max", "Min", "Prod", "All", "Any")
# Ops whose first input is a variable handle in TF (tfcompat keeps the variable as an attribute).
_HANDLE_OPS = ("ReadVariableOp", "AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp",
               "VarIsInitializedOp")


def read_tensor_name(var_op_name: str) -> str:
    """The tensor through which exported ops read a variable's value (TF's snapshot name)."""
    return f"{var_op_name}/Read/ReadVariableOp:0"


def _tensor_ref(t) -> str:
    return t.op.name if t.value_index == 0 else f"{t.op.name}:{t.value_index}"


def python_to_attr(value, kind: str) -> AttrValue:
    """An ``AttrValue`` of TF attribute kind ``kind`` (``int``, ``list(int)``, ``type``, ``shape``, ...)."""
    a = AttrValue()
    if kind.startswith("list("):
        inner = kind[5:-1]
        lst = a.list
        lst.SetInParent()
        for v in value or ():
            if inner == "int":
                lst.i.append(int(v))
            elif inner == "float":
                lst.f.append(float(v))
            elif inner == "bool":
                lst.b.append(bool(v))
            elif inner == "string":
                lst.s.append(v.encode() if isinstance(v, str) else bytes(v))
            elif inner == "type":
                lst.type.append(dtypes.as_dtype(v).as_datatype_enum)
            elif inner == "shape":
                lst.shape.add().CopyFrom(tensor_util.shape_proto(v))
        return a
    if kind == "int":
        a.i = int(value)
    elif kind == "float":
        a.f = float(value)
    elif kind == "bool":
        a.b = bool(value)
    elif kind == "string":
        a.s = value.encode() if isinstance(value, str) else bytes(value)
    elif kind == "type":
        a.type = dtypes.as_dtype(value).as_datatype_enum
    elif kind == "shape":
        a.shape.CopyFrom(tensor_util.shape_proto(value))
    elif kind == "tensor":
        a.tensor.CopyFrom(value if hasattr(value, "tensor_content") else tensor_util.make_tensor_proto(value))
    elif kind == "func":
        a.func.name = value if isinstance(value, str) else value.name
    else:
        raise TypeError(f"Cannot write an attribute of kind {kind!r}.")
    return a


def _default_attr(text: str, kind: str) -> AttrValue | None:
    """TF's default of an attribute, from the signature table's text form."""
    if text in (None, "<tensor>", "?"):
        return None
    if kind.startswith("list("):
        body = text.strip("[]")
        items = [x.strip().strip("'") for x in body.split(",") if x.strip()]
        inner = kind[5:-1]
        conv = {"int": int, "float": float, "type": dtypes.as_dtype, "string": str, "bool": lambda s: s == "true",
                "shape": lambda s: TensorShape(None)}.get(inner, str)
        return python_to_attr([conv(x) for x in items], kind)
    if kind == "bool":
        return python_to_attr(text == "true", kind)
    if kind == "string":
        return python_to_attr(text.strip("'"), kind)
    if kind == "type":
        return python_to_attr(dtypes.as_dtype(text), kind)
    if kind in ("int", "float"):
        return python_to_attr(float(text) if kind == "float" else int(text), kind)
    return None


class _Exporter:
    def __init__(self, graph, add_shapes):
        self.graph = graph
        self.add_shapes = add_shapes
        self.gdef = GraphDef()
        self.gdef.versions.producer = GRAPH_DEF_VERSION
        self.reads: set = set()
        self.names = {op.name for op in graph.get_operations()}
        self.handles = {}   # id(variable) -> the name of its handle op in this graph
        for op in graph.get_operations():
            if op.type == "VarHandleOp":
                self.handles.setdefault(id(op.attrs["var"]), op.name)

    def _unique(self, name: str) -> str:
        base, i = name, 1
        while name in self.names:
            name = f"{base}_{i}"
            i += 1
        self.names.add(name)
        return name

    def _const(self, name: str, value, dtype=None) -> tuple[str, object]:
        arr = np.asarray(value, dtype=object) if isinstance(value, (str, bytes)) else np.asarray(value)
        if dtype is None and arr.dtype.kind in "OSU":
            dtype = dtypes.string
        if dtype is None and arr.size == 0 and isinstance(value, (list, tuple)):
            dtype = dtypes.int32   # an empty static list is a shape/axes/perm argument: TF passes int32
        if dtype is None:
            if arr.dtype.kind in "iub":
                dtype = dtypes.int64 if arr.size and (arr.max() > 2**31 - 1 or arr.min() < -2**31) else dtypes.int32
            else:
                dtype = dtypes.float32
        node = self.gdef.node.add(name=self._unique(name), op="Const")
        value = arr if dtype is dtypes.string else arr.astype(dtype.np_dtype)
        node.attr["value"].tensor.CopyFrom(tensor_util.make_tensor_proto(value, dtype))
        node.attr["dtype"].type = dtype.as_datatype_enum
        return node.name, dtype

    def _value_ref(self, t) -> str:
        """A tensor input; a variable handle used as a value is read through its ReadVariableOp node."""
        if t.op.type == "VarHandleOp":
            name = t.op.name
            if name not in self.reads:
                self.reads.add(name)
                node = self.gdef.node.add(name=read_tensor_name(name)[:-2], op="ReadVariableOp", input=[name])
                node.attr["dtype"].type = t.dtype.as_datatype_enum
                self.names.add(node.name)
            return read_tensor_name(name)[:-2]
        return _tensor_ref(t)

    def run(self) -> GraphDef:
        for op in self.graph.get_operations():
            self._export(op)
        return self.gdef

    def _export(self, op) -> None:
        imported = op.attrs.get("node_def") if op.type == "ImportedUnsupportedOp" else None
        if imported is not None:
            self.gdef.node.add().ParseFromString(imported)
            return
        node = NodeDef(name=op.name, op=op.type, device=getattr(op, "_device_str", "") or "")
        sig = signature(op.type)
        arg_dtypes: dict = {}
        if op.type == "VarHandleOp":
            var = op.attrs["var"]
            node.attr["dtype"].type = var.dtype.as_datatype_enum
            node.attr["shape"].shape.CopyFrom(tensor_util.shape_proto(var.shape))
            node.attr["shared_name"].s = op.name.encode()
            node.attr["container"].s = b""
            node.attr["debug_name"].s = b""
            node.attr["allowed_devices"].list.SetInParent()
            self._finish(node, op)
            return
        inputs = self._inputs(op, sig, node, arg_dtypes)
        node.input.extend(inputs)
        node.input.extend("^" + c.name for c in op.control_inputs)
        if sig is not None:
            self._attrs(op, sig, node, arg_dtypes)
        else:
            self._plain_attrs(op, node)
        self._finish(node, op)

    def _finish(self, node, op) -> None:
        if self.add_shapes and op.outputs:
            lst = node.attr["_output_shapes"].list
            for t in op.outputs:
                lst.shape.add().CopyFrom(tensor_util.shape_proto(t.shape))
        self.gdef.node.add().CopyFrom(node)

    def _inputs(self, op, sig, node, arg_dtypes) -> list:
        ins = list(op.inputs)
        if op.type in _HANDLE_OPS:
            var = op.attrs["var"]
            handle = self.handles.get(id(var), var.name.split(":")[0])
            arg_dtypes["dtype"] = var.dtype
            rest = [] if op.type in ("ReadVariableOp", "VarIsInitializedOp") else [self._value_ref(t) for t in ins]
            return [handle] + rest
        if op.type == "Const":
            return []
        if sig is None:
            return [self._value_ref(t) for t in ins]
        statics = _ATTR_INPUTS.get(op.type, {})
        if op.type == "StridedSlice":
            return self._strided_slice(op, node, arg_dtypes)
        out_types = {a.type_attr for a in sig.outputs if a.type_attr}
        is_list = [bool(a.number_attr or a.type_list_attr) for a in sig.inputs]
        n_static = sum(1 for a, lst in zip(sig.inputs, is_list)
                       if not lst and a.name in statics and op.attrs.get(statics[a.name], 0) is not None
                       and statics[a.name] in op.attrs)
        n_list = len(ins) - (len(sig.inputs) - 1 - n_static) if any(is_list) else 0
        refs: list = []
        pos = 0
        for i, arg in enumerate(sig.inputs):
            if is_list[i]:
                group = ins[pos:pos + n_list]
                pos += len(group)
                refs.extend(self._value_ref(t) for t in group)
                if arg.number_attr:
                    node.attr[arg.number_attr].i = len(group)
                if group and arg.type_attr:
                    arg_dtypes.setdefault(arg.type_attr, group[0].dtype)
                if arg.type_list_attr:
                    node.attr[arg.type_list_attr].CopyFrom(python_to_attr([t.dtype for t in group], "list(type)"))
                continue
            remaining_args = len(sig.inputs) - i
            if arg.name in statics and statics[arg.name] in op.attrs and len(ins) - pos < remaining_args:
                if op.type in _REDUCTIONS and op.attrs[statics[arg.name]] is None and op.inputs[0].shape.rank is None:
                    refs.append(self._all_axes(op))   # TF's range(0, rank(x)): the rank is known when it runs
                    arg_dtypes.setdefault(arg.type_attr, dtypes.int32)
                    continue
                value = self._static_input(op, statics[arg.name])
                dt = op.outputs[0].dtype if arg.type_attr in out_types and op.outputs else None
                name, dt = self._const(f"{op.name}/{arg.name}", value, dt)
                refs.append(name)
                if arg.type_attr:
                    arg_dtypes.setdefault(arg.type_attr, dt)
                continue
            if pos < len(ins):
                t = ins[pos]
                pos += 1
                refs.append(self._value_ref(t))
                if arg.type_attr:
                    arg_dtypes.setdefault(arg.type_attr, t.dtype)
        return refs

    def _all_axes(self, op) -> str:
        """Nodes computing every axis of a reduction's input of unknown rank (TF's ``Rank`` + ``Range``)."""
        x = op.inputs[0]
        rank = self.gdef.node.add(name=self._unique(f"{op.name}/Rank"), op="Rank", input=[self._value_ref(x)])
        rank.attr["T"].type = x.dtype.as_datatype_enum
        start, _ = self._const(f"{op.name}/range/start", 0, dtypes.int32)
        delta, _ = self._const(f"{op.name}/range/delta", 1, dtypes.int32)
        rng = self.gdef.node.add(name=self._unique(f"{op.name}/range"), op="Range", input=[start, rank.name, delta])
        rng.attr["Tidx"].type = dtypes.int32.as_datatype_enum
        return rng.name

    def _static_input(self, op, attr_name):
        value = op.attrs[attr_name]
        if op.type in ("Sum", "Mean", "Max", "Min", "Prod", "All", "Any") and value is None:
            return list(range(op.inputs[0].shape.rank or 0))
        if op.type == "Transpose" and value is None:
            return list(range(op.inputs[0].shape.rank))[::-1]
        if isinstance(value, torch.Tensor):
            return value.detach().cpu().numpy()
        return value

    def _strided_slice(self, op, node, arg_dtypes) -> list:
        begin, end, strides = [], [], []
        masks = dict.fromkeys(("begin_mask", "end_mask", "ellipsis_mask", "new_axis_mask", "shrink_axis_mask"), 0)
        for i, item in enumerate(op.attrs["spec"]):
            bit = 1 << i
            kind = item[0]
            if kind == "e":
                masks["ellipsis_mask"] |= bit
                begin.append(0), end.append(0), strides.append(1)
            elif kind == "n":
                masks["new_axis_mask"] |= bit
                begin.append(0), end.append(0), strides.append(1)
            elif kind == "i":
                masks["shrink_axis_mask"] |= bit
                v = int(item[1])
                begin.append(v), end.append(v + 1 if v != -1 else 0), strides.append(1)
                if v == -1:
                    masks["end_mask"] |= bit
            else:
                start, stop, step = item[1:]
                begin.append(0 if start is None else int(start))
                end.append(0 if stop is None else int(stop))
                strides.append(1 if step is None else int(step))
                if start is None:
                    masks["begin_mask"] |= bit
                if stop is None:
                    masks["end_mask"] |= bit
        refs = [self._value_ref(op.inputs[0])]
        for arg, values in (("begin", begin), ("end", end), ("strides", strides)):
            refs.append(self._const(f"{op.name}/{arg}", np.asarray(values, np.int32), dtypes.int32)[0])
        arg_dtypes["Index"] = dtypes.int32
        for k, v in masks.items():
            node.attr[k].i = v
        return refs

    def _attrs(self, op, sig, node, arg_dtypes) -> None:
        for i, arg in enumerate(sig.outputs):
            if arg.type_attr and arg.type_attr not in arg_dtypes and i < len(op.outputs):
                arg_dtypes[arg.type_attr] = op.outputs[i].dtype
            if arg.number_attr and arg.number_attr not in node.attr:
                node.attr[arg.number_attr].i = len(op.outputs)
            if arg.type_list_attr and arg.type_list_attr not in node.attr:
                node.attr[arg.type_list_attr].CopyFrom(python_to_attr([t.dtype for t in op.outputs], "list(type)"))
        for name, (kind, default) in sig.attrs.items():
            if name in node.attr:
                continue
            if kind == "type" and name in arg_dtypes:
                node.attr[name].type = arg_dtypes[name].as_datatype_enum
                continue
            value = op.attrs.get(name)
            if op.type == "Const" and name == "value":
                # A string constant's value is an object array (or bytes), not a torch tensor.
                proto = (tensor_util.torch_to_tensor_proto(value) if isinstance(value, torch.Tensor)
                         else tensor_util.make_tensor_proto(value, dtypes.string))
                node.attr[name].tensor.CopyFrom(proto)
                continue
            if op.type == "Placeholder" and name == "shape":
                value = op.attrs.get("shape", TensorShape(None))
            if value is not None:
                try:
                    node.attr[name].CopyFrom(python_to_attr(value, kind))
                    continue
                except (TypeError, ValueError):
                    pass
            dflt = _default_attr(default, kind)
            if dflt is not None:
                node.attr[name].CopyFrom(dflt)

    def _plain_attrs(self, op, node) -> None:
        # An op TF does not have: its simple attributes, so the GraphDef still says what it does.
        for name, value in op.attrs.items():
            if isinstance(value, bool):
                node.attr[name].b = value
            elif isinstance(value, int):
                node.attr[name].i = value
            elif isinstance(value, float):
                node.attr[name].f = value
            elif isinstance(value, str):
                node.attr[name].s = value.encode()
            elif isinstance(value, dtypes.DType):
                node.attr[name].type = value.as_datatype_enum


def graph_to_graph_def(graph, add_shapes: bool = False) -> GraphDef:
    """TF's ``Graph.as_graph_def``: the ops of ``graph`` in creation order as a ``GraphDef`` message
    (``_output_shapes`` attributes with ``add_shapes``)."""
    return _Exporter(graph, add_shapes).run()


def as_proto(graph_def) -> GraphDef:
    """A ``GraphDef`` message from one of any protobuf class (TF's included) or its bytes."""
    if isinstance(graph_def, GraphDef):
        return graph_def
    data = graph_def if isinstance(graph_def, (bytes, bytearray)) else graph_def.SerializeToString()
    return GraphDef.FromString(bytes(data))


def stripped_op_list(graph_def) -> OpList:
    """The ``OpDef``s of the op types a GraphDef uses, as ``MetaInfoDef.stripped_op_list`` holds them (from the
    signature table; types tfcompat does not describe are left out)."""
    out = OpList()
    for op_type in sorted({n.op for n in graph_def.node}):
        sig = signature(op_type)
        if sig is None:
            continue
        op_def = out.op.add(name=op_type, is_stateful=sig.stateful)
        for args, field in ((sig.inputs, op_def.input_arg), (sig.outputs, op_def.output_arg)):
            for arg in args:
                a = field.add(name=arg.name, type_attr=arg.type_attr, number_attr=arg.number_attr,
                              type_list_attr=arg.type_list_attr, is_ref=arg.is_ref)
                if arg.dtype:
                    a.type = dtypes.as_dtype(arg.dtype).as_datatype_enum
        for name, (kind, default) in sig.attrs.items():
            attr = op_def.attr.add(name=name, type=kind)
            dflt = _default_attr(default, kind)
            if dflt is not None:
                attr.default_value.CopyFrom(dflt)
    return out

