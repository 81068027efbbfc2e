"""``tf.import_graph_def``: a ``GraphDef`` (read from a ``.pb`` file or built by TF) becomes ops of a tfcompat
Graph, runnable in a Session and differentiable with ``tf.gradients``.

Each node is converted by the converter registered for its op type (``register_converter``); an op type with no
converter but a tfcompat kernel of the same TF name goes through the generic converter, which passes TF's inputs
and the attributes the kernel takes. Converters that need the layers above (variables, optimizer updates,
functions, control flow) are registered by ``tfcompat/_src/runtime/graph_import.py`` (a documented hook: this
module never imports upwards). Nodes keep their names (under the ``name`` scope, ``import`` by default), so
``graph.get_tensor_by_name("import/logits:0")`` finds them.

A node whose op type tfcompat cannot run is still imported, as an ``ImportedUnsupportedOp`` with TF's output
dtypes and shapes; running it raises UnimplementedError naming the node and its type, so the rest of the graph
(e.g. the forward pass of a graph that also holds unsupported summary or queue ops) stays usable."""
from __future__ import annotations

import collections
import dataclasses
import functools
import inspect
from typing import Callable

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework import op_def as op_def_lib
from tfcompat._src.framework import tensor_util
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.protos.op_signatures import signature
from tfcompat._src.framework.string_tensor import as_bytes_array
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.protos.graph import GraphDef

__all__ = ["import_graph_def", "register_converter", "ImportContext", "attr_to_python", "parse_graph_def",
           "CONVERTERS"]

# op type -> converter(ctx, inputs) returning the node's outputs (a tensor, a list of tensors, or an Operation
# for a node without outputs). Filled here and by runtime/graph_import.py.
CONVERTERS: dict[str, Callable] = {}
# Installed by runtime/graph_import.py: called with (graph, library) before the nodes of a GraphDef that has a
# function library are converted, so If/While/PartitionedCall nodes can find their functions.
hooks = {"function_library": None}


def register_converter(*op_types: str):
    """Registers the decorated ``converter(ctx, inputs)`` for the TF op types ``op_types``."""
    def decorate(fn):
        for t in op_types:
            if t in CONVERTERS:
                raise KeyError(f"a converter for {t!r} is already registered")
            CONVERTERS[t] = fn
        return fn
    return decorate


def attr_to_python(value):
    """A NodeDef ``AttrValue`` as a python value: str for ``s`` (bytes when not UTF-8), int, float, bool,
    ``tf.DType``, ``TensorShape``, a ``TensorProto`` for tensors, the function name for ``func``, lists."""
    kind = value.WhichOneof("value")
    if kind == "s":
        try:
            return value.s.decode("utf-8")
        except UnicodeDecodeError:
            return value.s
    if kind in ("i", "f", "b"):
        return getattr(value, kind)
    if kind == "type":
        return tensor_util.dtype_from_enum(value.type)
    if kind == "shape":
        return tensor_util.shape_from_proto(value.shape)
    if kind == "tensor":
        return value.tensor
    if kind == "func":
        return value.func.name
    if kind == "placeholder":
        return value.placeholder
    if kind == "list":
        lst = value.list
        for field in ("s", "i", "f", "b", "type", "shape", "tensor", "func"):
            items = getattr(lst, field)
            if len(items):
                if field == "s":
                    return [x.decode("utf-8", "surrogateescape") for x in items]
                if field == "type":
                    return [tensor_util.dtype_from_enum(x) for x in items]
                if field == "shape":
                    return [tensor_util.shape_from_proto(x) for x in items]
                if field == "func":
                    return [x.name for x in items]
                return list(items)
        return []
    return None


def parse_graph_def(graph_def) -> GraphDef:
    """A ``GraphDef`` message from a message (tfcompat's or TF's) or its serialized bytes.

    Raises:
      DecodeError (google.protobuf): bytes that are not a GraphDef."""
    if isinstance(graph_def, GraphDef):
        return graph_def
    if isinstance(graph_def, (bytes, bytearray)):
        return GraphDef.FromString(bytes(graph_def))
    if hasattr(graph_def, "SerializeToString"):
        return GraphDef.FromString(graph_def.SerializeToString())
    raise TypeError(f"graph_def must be a GraphDef proto, got {type(graph_def).__name__}.")


@dataclasses.dataclass
class ImportContext:
    """What a converter gets for one node: its NodeDef, the tfcompat op name to create, python attributes,
    the graph, the import's shared state (``variables`` by handle op name, ``functions``) and its control
    inputs (already applied as control dependencies while the converter runs)."""
    node: object
    name: str
    attrs: dict
    graph: object
    state: dict

    @property
    def op_type(self) -> str:
        return self.node.op

    def attr(self, name, default=None):
        value = self.attrs.get(name, default)
        return value

    def output_specs(self) -> list:
        """TF's output (shape, dtype) pairs for this node, from its signature and ``_output_shapes``."""
        return _output_specs(self.node, self.attrs)


def _parse_input(ref: str):
    """'name' -> ('name', 0), 'name:2' -> ('name', 2), '^name' -> ('name', None)."""
    if ref.startswith("^"):
        return ref[1:], None
    op, sep, idx = ref.rpartition(":")
    if sep and idx.isdigit():
        return op, int(idx)
    return ref, 0


def _output_specs(node, attrs) -> list:
    sig = signature(node.op)
    shapes = attrs.get("_output_shapes")
    out = []
    if sig is not None:
        for arg in sig.outputs:
            n = attrs.get(arg.number_attr, 1) if arg.number_attr else 1
            if arg.type_list_attr:
                dts = list(attrs.get(arg.type_list_attr, []))
            elif arg.type_attr:
                dts = [attrs.get(arg.type_attr)] * n
            else:
                dts = [dtypes.as_dtype(arg.dtype)] * n
            out.extend(dts)
    elif "T" in attrs or "dtype" in attrs:
        out = [attrs.get("T", attrs.get("dtype"))]
    specs = []
    for i, dt in enumerate(out):
        shape = shapes[i] if isinstance(shapes, list) and i < len(shapes) else TensorShape(None)
        specs.append((shape, dt if dt is not None else dtypes.float32))
    return specs


@functools.lru_cache(maxsize=None)
def _kernel_keywords(op_type: str) -> frozenset:
    kernel = op_def_lib.REGISTRY[op_type].kernel
    try:
        params = inspect.signature(kernel).parameters.values()
    except (TypeError, ValueError):   # builtins (torch.abs): no attributes
        return frozenset()
    return frozenset(p.name for p in params if p.kind == p.KEYWORD_ONLY or (
        p.kind == p.POSITIONAL_OR_KEYWORD and p.default is not inspect.Parameter.empty))


def _generic(ctx: ImportContext, inputs):
    """TF's inputs as they are, and the TF attributes the tfcompat kernel of the same name takes."""
    op_def = op_def_lib.REGISTRY[ctx.op_type]
    keywords = _kernel_keywords(ctx.op_type)
    attrs = {k: v for k, v in ctx.attrs.items() if k in keywords and not k.startswith("_")}
    if op_def.list_input and "N" in keywords and "N" not in attrs:
        attrs["N"] = len(inputs)
    return apply_op(ctx.op_type, list(inputs), attrs, name=ctx.name)


def _unsupported_shapes(inputs, attrs):
    return attrs["specs"]


@register_op("ImportedUnsupportedOp", grad=NOT_DIFFERENTIABLE, inputs=("input",), list_input=True, same_type=(),
             stateful=True, shape_fn=_unsupported_shapes, num_outputs=lambda attrs: len(attrs["specs"]))
def _imported_unsupported(*inputs, specs, node_name, op_type, reason, node_def=b""):
    raise errors.UnimplementedError(None, None, f"Node '{node_name}' of the imported graph has op type "
                                    f"'{op_type}', which tfcompat cannot run: {reason}")


def _unsupported(ctx: ImportContext, inputs, reason: str):
    specs = ctx.output_specs()
    outs = apply_op("ImportedUnsupportedOp", list(inputs),
                    {"specs": specs, "node_name": ctx.name, "op_type": ctx.op_type, "reason": reason,
                     "node_def": _renamed(ctx.node, ctx.state["prefix"]).SerializeToString()},
                    name=ctx.name)
    return outs if specs else ctx.graph._ops[-1]


def _renamed(node, prefix: str):
    """``node`` with its name and inputs under ``prefix`` (what exporting the imported graph writes back)."""
    if not prefix:
        return node
    out = type(node)()
    out.CopyFrom(node)
    out.name = prefix + node.name
    del out.input[:]
    out.input.extend(("^" + prefix + i[1:]) if i.startswith("^") else prefix + i for i in node.input)
    return out


def _convert(ctx: ImportContext, inputs):
    converter = CONVERTERS.get(ctx.op_type)
    if converter is not None:
        return converter(ctx, inputs)
    if ctx.op_type in op_def_lib.REGISTRY:
        return _generic(ctx, inputs)
    return _unsupported(ctx, inputs, "no kernel for this op type")


def _toposort(nodes) -> list:
    """Nodes in an order where every input comes first (TF writes GraphDefs that way, but need not)."""
    by_name = {n.name: n for n in nodes}
    pending = {n.name: 0 for n in nodes}
    users = collections.defaultdict(list)
    for n in nodes:
        for ref in n.input:
            src, _ = _parse_input(ref)
            if src in by_name and src != n.name:
                pending[n.name] += 1
                users[src].append(n.name)
    ready = collections.deque(n.name for n in nodes if pending[n.name] == 0)
    order = []
    while ready:
        name = ready.popleft()
        order.append(by_name[name])
        for u in users[name]:
            pending[u] -= 1
            if pending[u] == 0:
                ready.append(u)
    if len(order) != len(nodes):
        stuck = sorted(n for n, c in pending.items() if c > 0)
        raise errors.UnimplementedError(
            None, None, f"tf.import_graph_def: the graph has a cycle through {stuck[:5]} (TF1 while_loop "
            f"Enter/Exit/NextIteration nodes); tfcompat runs straight-line graphs and functional While ops only.")
    return order


def import_graph_def(graph_def, input_map=None, return_elements=None, name=None, op_dict=None,
                     producer_op_list=None):
    """Mirrors ``tf.import_graph_def``: adds the nodes of ``graph_def`` to the default graph under the name
    scope ``name`` (``"import"`` by default; ``""`` for none).

    Args:
      graph_def: a ``GraphDef`` (tfcompat's or TF's message) or its serialized bytes.
      input_map: ``{name in graph_def: tensor}``; those tensors replace the named ones (``"x:0"``, or an op name
        for its first output).
      return_elements: names of ops (``"train"``) or tensors (``"logits:0"``) in ``graph_def`` to return.
    Returns:
      the requested Operations/Tensors in order, or None without ``return_elements``.
    Raises:
      ValueError: an ``input_map`` or ``return_elements`` name not in ``graph_def``; an input naming a missing
      node. TypeError: an ``input_map`` value of the wrong dtype."""
    graph_def = parse_graph_def(graph_def)
    graph = ctx_lib.get_default_graph()
    input_map = dict(input_map or {})
    names = {n.name for n in graph_def.node}
    mapped = {}
    for key, value in input_map.items():
        src, idx = _parse_input(key)
        if src not in names:
            continue
        mapped[(src, idx if idx is not None else 0)] = value
    missing = [k for k in input_map if _parse_input(k)[0] not in names]
    if missing:
        raise ValueError(f"Attempted to map inputs that were not found in graph_def: [{', '.join(missing)}]")
    for elem in return_elements or ():
        if _parse_input(elem)[0] not in names:
            kind = "tensor" if ":" in elem else "node"
            raise ValueError(f"Requested return {kind} '{elem}' not found in graph def")
    with ctx_lib.push_graph(graph):
        if name is None:
            name = "import"
        prefix = graph.unique_name(name) + "/" if name else ""
        outputs, ops = _import_nodes(graph, graph_def, mapped, prefix)
    if return_elements is None:
        return None
    result = []
    for elem in return_elements:
        src, idx = _parse_input(elem)
        if ":" in elem and idx is not None:
            result.append(outputs[(src, idx)])
        else:
            result.append(ops[src])
    return result


def _import_nodes(graph, graph_def, mapped, prefix):
    outputs: dict = {}
    ops: dict = {}
    # TF1 cond (Switch/Merge): each tensor's branch context, ((pred, taken_when_true), ...) outermost first.
    state = {"variables": {}, "prefix": prefix, "library": graph_def.library, "outputs": outputs,
             "cond_context": {}}
    if len(graph_def.library.function) and hooks["function_library"] is not None:
        hooks["function_library"](graph, graph_def.library, state)
    saved_stack = graph._name_stack
    graph._name_stack = ""
    try:
        for node in _toposort(list(graph_def.node)):
            inputs, controls = [], []
            for ref in node.input:
                src, idx = _parse_input(ref)
                if idx is None:
                    if src not in ops:
                        raise ValueError(f"Node '{node.name}': control input '^{src}' not found in graph_def.")
                    controls.append(ops[src])
                    continue
                if (src, idx) in mapped:
                    inputs.append(mapped[(src, idx)])
                    continue
                if (src, idx) not in outputs:
                    raise ValueError(f"Node '{node.name}': input '{ref}' not found in graph_def.")
                inputs.append(outputs[(src, idx)])
            attrs = {k: attr_to_python(v) for k, v in node.attr.items()}
            ctx = ImportContext(node, prefix + node.name, attrs, graph, state)
            ctx.cond_context = _innermost_context(state["cond_context"], inputs, controls)
            n_before = len(graph._ops)
            with graph.control_dependencies(controls):
                result = _convert(ctx, inputs)
            op = _operation_of(graph, result, n_before, node)
            ops[node.name] = op
            tensors = result if isinstance(result, (list, tuple)) else ([] if result is None or not hasattr(
                result, "dtype") else [result])
            for i, t in enumerate(tensors):
                outputs[(node.name, i)] = t
                state["cond_context"].setdefault(id(t), ctx.cond_context)
            if node.device:
                op._device_str = node.device
    finally:
        graph._name_stack = saved_stack
    return outputs, ops


def _innermost_context(contexts, inputs, controls) -> tuple:
    candidates = [contexts.get(id(t), ()) for t in inputs]
    candidates += [contexts.get(id(o), ()) for op in controls for o in getattr(op, "outputs", ())]
    return max(candidates, key=len, default=())


def _operation_of(graph, result, n_before, node):
    if hasattr(result, "op") and hasattr(result, "dtype"):
        return result.op
    if isinstance(result, (list, tuple)) and result:
        return result[0].op
    if result is not None and hasattr(result, "type") and hasattr(result, "outputs"):
        return result
    if len(graph._ops) > n_before:
        return graph._ops[-1]
    raise ValueError(f"tf.import_graph_def: the converter for node '{node.name}' ({node.op}) created no op.")


# -- converters needing only the framework -------------------------------------------------------------------
@register_converter("Const")
def _const(ctx, inputs):
    proto = ctx.attrs["value"]
    dt = tensor_util.dtype_from_enum(proto.dtype)
    if dt is dtypes.string:   # an object array of bytes, as tf.constant gives a graph
        value = as_bytes_array(tensor_util.make_ndarray(proto))
        return apply_op("Const", [], {"value": value, "dtype": dt}, name=ctx.name)
    return apply_op("Const", [], {"value": tensor_util.tensor_proto_to_torch(proto), "dtype": dt}, name=ctx.name)


@register_converter("Placeholder")
def _placeholder(ctx, inputs):
    shape = ctx.attrs.get("shape", TensorShape(None))
    return apply_op("Placeholder", [], {"dtype": ctx.attrs["dtype"], "shape": shape, "name": ctx.name},
                    name=ctx.name)


@register_converter("PlaceholderWithDefault")
def _placeholder_with_default(ctx, inputs):
    return apply_op("PlaceholderWithDefault", list(inputs), {"shape": ctx.attrs["shape"]}, name=ctx.name)


# -- TF1 cond: Switch/Merge -------------------------------------------------------------------------------------
@register_converter("Switch", "RefSwitch")
def _switch(ctx, inputs):
    """Both outputs carry the data (both branches of a TF1 cond are computed); each is tagged with its branch
    so that the ``Merge`` closing the cond can pick the taken branch's value."""
    data, pred = inputs
    outs = apply_op("IdentityN", [data, data], {"N": 2}, name=ctx.name)
    contexts = ctx.state["cond_context"]
    contexts[id(outs[0])] = ctx.cond_context + ((pred, False),)
    contexts[id(outs[1])] = ctx.cond_context + ((pred, True),)
    return outs


@register_converter("Merge", "RefMerge")
def _merge(ctx, inputs):
    """The value of the input on the taken side of the innermost cond the inputs come from (``SelectV2`` on the
    predicate), and its index."""
    contexts = ctx.state["cond_context"]
    frames = [contexts.get(id(t), ()) for t in inputs]
    if len(inputs) != 2 or not frames[0] or not frames[1] or frames[0][-1][0] is not frames[1][-1][0]:
        raise NotImplementedError(f"tf.import_graph_def: node '{ctx.name}' (Merge) does not close a TF1 cond "
                                  f"(TF1 while loops, Merge of NextIteration, are not supported).")
    pred = frames[0][-1][0]
    true_index = 0 if frames[0][-1][1] else 1
    value = apply_op("SelectV2", [pred, inputs[true_index], inputs[1 - true_index]], {}, name=ctx.name)
    index = apply_op("Cast", [apply_op("LogicalNot", [pred], {}, name=ctx.name + "/_not") if true_index else pred],
                     {"DstT": dtypes.int32, "SrcT": dtypes.bool_}, name=ctx.name + "/_value_index")
    parent = frames[0][:-1]
    contexts[id(value)] = contexts[id(index)] = parent
    ctx.cond_context = parent
    return [value, index]


@register_converter("Snapshot", "EnsureShape")
def _identity_like(ctx, inputs):
    return apply_op("Identity", [inputs[0]], {}, name=ctx.name)
