"""TF's ``FunctionDef``s (a GraphDef's function library, a SavedModel's concrete functions) run on tfcompat ops.

``call_function`` runs one function's nodes in order with the importer's converters (framework/importer.py), so
the same code serves eager calls (ops run now, tapes record them, gradients flow) and graph building (a Session
graph importing a ``StatefulPartitionedCall`` node, or a tf.function trace). Inside a function body a node input
is ``"arg"`` (a function argument), ``"node:out_arg:index"`` (an output argument of a node) or ``"^node"`` (a
control input); its position among the node's outputs comes from the op's signature.

Calls nested in graphs go through converters registered here for ``PartitionedCall``/``StatefulPartitionedCall``
(the function runs inline), ``If``/``StatelessIf`` and ``While``/``StatelessWhile`` (eagerly a Python ``if`` or
loop; in a graph tfcompat's ``tf.cond``/``tf.while_loop``, whose sub-graphs call the branch and body functions)."""
from __future__ import annotations

import collections

import numpy as np

from tfcompat._src.autodiff import custom_gradient
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import errors
from tfcompat._src.framework import importer
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.importer import ImportContext, attr_to_python, register_converter
from tfcompat._src.protos.op_signatures import signature
from tfcompat._src.framework.tensor import SymbolicTensor
from tfcompat._src.ops import control_flow_ops, while_loop
from tfcompat._src.ops.variables import Variable
from tfcompat._src.runtime import graph_import  # noqa: F401 - registers the variable and update converters

__all__ = ["FunctionLibrary", "call_function"]


class FunctionLibrary:
    """The functions of a ``FunctionDefLibrary`` by name (what ``If``/``While``/calls refer to)."""

    def __init__(self, library=None):
        self.functions: dict = {}
        if library is not None:
            self.add(library)

    def add(self, library) -> None:
        for f in library.function:
            self.functions[f.signature.name] = f

    def get(self, name: str):
        try:
            return self.functions[name]
        except KeyError:
            raise errors.NotFoundError(None, None, f"Function {name} is not in the graph's function library.") \
                from None


def _output_offsets(node, attrs) -> dict:
    """{output argument name: (first flat index, count)} of a node, from its op's signature."""
    sig = signature(node.op)
    out = {}
    if sig is None:
        return out
    pos = 0
    for arg in sig.outputs:
        if arg.type_list_attr:
            n = len(attrs.get(arg.type_list_attr) or [])
        elif arg.number_attr:
            n = int(attrs.get(arg.number_attr, 1))
        else:
            n = 1
        out[arg.name] = (pos, n)
        pos += n
    return out


def _toposort(nodes) -> list:
    names = {n.name for n in nodes}
    pending = {n.name: 0 for n in nodes}
    users = collections.defaultdict(list)
    for n in nodes:
        for ref in n.input:
            src = ref.lstrip("^").split(":")[0]
            if src in names and src != n.name:
                pending[n.name] += 1
                users[src].append(n)
    by_name = {n.name: n for n in nodes}
    ready = collections.deque(n for n in nodes if pending[n.name] == 0)
    order = []
    while ready:
        n = ready.popleft()
        order.append(n)
        for u in users[n.name]:
            pending[u.name] -= 1
            if pending[u.name] == 0:
                ready.append(u)
    if len(order) != len(nodes):
        raise errors.UnimplementedError(None, None, "A function body has a cycle (TF1 while loop frames inside "
                                                    "a function are not supported).")
    return [by_name[n.name] for n in order]


def call_function(library: FunctionLibrary, name: str, inputs, scope: str = "") -> list:
    """Runs function ``name`` of ``library`` on ``inputs`` (tensors, or Variables for resource arguments);
    returns its outputs in the order of its signature's output arguments."""
    fdef = library.get(name)
    args = fdef.signature.input_arg
    if len(inputs) != len(args):
        raise errors.InvalidArgumentError(None, None, f"Function {name} expects {len(args)} inputs, got "
                                          f"{len(inputs)}.")
    values = {a.name: x for a, x in zip(args, inputs)}
    outputs: dict = {}
    done: dict = {}
    graph = ctx_lib.graph_mode_graph()
    state = {"variables": {}, "prefix": "", "library": library, "outputs": outputs, "function_library": library}
    prefix = (scope + "/") if scope else ""
    for node in _toposort(list(fdef.node_def)):
        ins, controls = [], []
        for ref in node.input:
            if ref.startswith("^"):
                op = done.get(ref[1:])
                if op is not None and graph is not None:
                    controls.append(op)
                continue
            if ref in values:
                ins.append(values[ref])
                continue
            src, arg, idx = (ref.split(":") + ["0", "0"])[:3]
            node_outs, offsets = outputs[src]
            first, _ = offsets.get(arg, (0, 0))
            ins.append(node_outs[first + int(idx)])
        attrs = {k: attr_to_python(v) for k, v in node.attr.items()}
        ctx = ImportContext(node, _node_name(graph, prefix + node.name), attrs, graph, state)
        if graph is not None:
            with graph.control_dependencies(controls):
                result = _convert(ctx, ins)
        else:
            result = _convert(ctx, ins)
        outs = result if isinstance(result, (list, tuple)) else (
            [result] if result is not None and hasattr(result, "dtype") else [])
        outputs[node.name] = (list(outs), _output_offsets(node, attrs))
        done[node.name] = getattr(outs[0], "op", None) if outs and graph is not None else (
            result if graph is not None and not isinstance(result, (list, tuple)) else None)
    result = []
    for out_arg in fdef.signature.output_arg:
        ref = fdef.ret[out_arg.name]
        if ref in values:
            result.append(values[ref])
            continue
        src, arg, idx = (ref.split(":") + ["0", "0"])[:3]
        node_outs, offsets = outputs[src]
        first, _ = offsets.get(arg, (0, 0))
        if first + int(idx) >= len(node_outs):
            raise NotImplementedError(f"Function {name}: output {ref} of node {src} is not available in tfcompat "
                                      f"(its conversion gave {len(node_outs)} outputs).")
        result.append(node_outs[first + int(idx)])
    return result


def _node_name(graph, name: str) -> str:
    if graph is None:
        return name
    return graph.unique_name(name, mark_as_used=False)


def _convert(ctx, inputs):
    if ctx.graph is None:
        return _eager_convert(ctx, inputs)
    return importer._convert(ctx, inputs)


def _eager_convert(ctx, inputs):
    """Eager execution of one node: variable reads and writes go through the Variable objects (so tapes see
    them); everything else through the importer's converters, which run their ops now."""
    op = ctx.op_type
    if op == "ReadVariableOp" and isinstance(inputs[0], Variable):
        return inputs[0].read_value()
    if op in ("AssignVariableOp", "AssignAddVariableOp", "AssignSubVariableOp") and isinstance(inputs[0], Variable):
        method = {"AssignVariableOp": "assign", "AssignAddVariableOp": "assign_add",
                  "AssignSubVariableOp": "assign_sub"}[op]
        getattr(inputs[0], method)(inputs[1])
        return None
    if op == "VarIsInitializedOp" and isinstance(inputs[0], Variable):
        return convert_to_tensor(True)
    if op in ("NoOp",):
        return None
    return importer._convert(ctx, inputs)


# -- call, If and While nodes ----------------------------------------------------------------------------------
def _library(ctx) -> FunctionLibrary:
    lib = ctx.state.get("function_library")
    if lib is None:
        raise errors.NotFoundError(None, None, f"Node '{ctx.name}' ({ctx.op_type}) calls a function, but the graph "
                                               f"has no function library.")
    return lib


@register_converter("PartitionedCall", "StatefulPartitionedCall")
def _partitioned_call(ctx, inputs):
    outs = call_function(_library(ctx), ctx.attrs["f"], list(inputs), scope=ctx.name)
    if ctx.graph is not None and not outs:
        return apply_op("NoOp", [], {}, name=ctx.name)
    if ctx.graph is not None:
        # One op named as the call node, so its outputs are 'name:0', 'name:1', ... as in TF.
        outs = [apply_op("Identity", [outs[0]], {}, name=ctx.name)] if len(outs) == 1 else \
            list(apply_op("IdentityN", list(outs), {"N": len(outs)}, name=ctx.name))
    return outs


@register_converter("IdentityN")
def _identity_n(ctx, inputs):
    """IdentityN; with ``_gradient_op_type`` naming a function of the library, a ``tf.custom_gradient`` call
    saved with its gradient (saved_model/function_export.py): f's outputs get that function as gradient."""
    grad_name = ctx.attrs.get("_gradient_op_type")
    lib = ctx.state.get("function_library")
    if not grad_name or lib is None or grad_name not in lib.functions or "_custom_gradient_n_out" not in ctx.attrs:
        outs = apply_op("IdentityN", list(inputs), {"N": len(inputs)}, name=ctx.name)
        return outs if isinstance(outs, list) else [outs]
    n_out, n_targets = int(ctx.attrs["_custom_gradient_n_out"]), int(ctx.attrs["_custom_gradient_n_targets"])

    def gradient(upstream, captures):
        return call_function(lib, grad_name, list(upstream) + list(captures))

    outs = custom_gradient.apply_loaded_custom_gradient(
        inputs, n_out, n_targets, [int(i) for i in ctx.attrs.get("_custom_gradient_targets") or ()], gradient,
        name=ctx.name)
    # IdentityN's outputs are all its inputs; only f's outputs (the first n_out) are read by other nodes.
    return outs + list(inputs[n_out:])


def _is_true(value) -> bool:
    """TF's truth of a cond/loop predicate: a scalar's value; a non-scalar is true when it is not empty."""
    arr = np.asarray(value.numpy() if hasattr(value, "numpy") else value)
    return bool(arr) if arr.ndim == 0 else arr.size > 0


@register_converter("If", "StatelessIf")
def _if(ctx, inputs):
    lib = _library(ctx)
    cond, args = inputs[0], list(inputs[1:])
    then_name, else_name = ctx.attrs["then_branch"], ctx.attrs["else_branch"]
    if not isinstance(cond, SymbolicTensor):
        return call_function(lib, then_name if _is_true(cond) else else_name, args, scope=ctx.name)
    # In a graph: tfcompat's cond (an If op holding both branches as sub-graphs; the taken one runs).
    out = control_flow_ops.cond(cond, lambda: call_function(lib, then_name, args),
                                lambda: call_function(lib, else_name, args), name=ctx.name)
    return list(out) if isinstance(out, (list, tuple)) else [out]


@register_converter("While", "StatelessWhile")
def _while(ctx, inputs):
    lib = _library(ctx)
    cond_name, body_name = ctx.attrs["cond"], ctx.attrs["body"]
    loop_vars = list(inputs)
    if not any(isinstance(t, SymbolicTensor) for t in loop_vars):
        while _is_true(call_function(lib, cond_name, loop_vars, scope=ctx.name + "/cond")[0]):
            loop_vars = call_function(lib, body_name, loop_vars, scope=ctx.name + "/body")
        return loop_vars
    # In a graph: tfcompat's while_loop (a While op running the body at run time).
    out = while_loop.while_loop(lambda *vs: call_function(lib, cond_name, list(vs))[0],
                                lambda *vs: call_function(lib, body_name, list(vs)), loop_vars,
                                name=ctx.name, return_same_structure=True)
    return list(out)


def _install_library(graph, library, state) -> None:
    state["function_library"] = FunctionLibrary(library)


importer.hooks["function_library"] = _install_library
