"""A traced ``tf.function`` (a tfcompat ``ConcreteFunction``) as TF's ``FunctionDef``, for SavedModels TF loads.

The trace's graph is exported node by node as ``Graph.as_graph_def`` does (framework/graph_def.py); then the
placeholders become the function's input arguments, each captured variable's handle a ``resource`` argument
(bound to the variable when the SavedModel is loaded), and node inputs are rewritten in the function form
``node:output_argument:index``. Ops that write variables or have side effects are the function's control
outputs, so TF runs them even when no output depends on them."""
from __future__ import annotations

import re

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.func_graph import has_side_effects
from tfcompat._src.framework.graph_def import graph_to_graph_def
from tfcompat._src.protos.op_signatures import signature
from tfcompat._src.framework.tensor_util import shape_proto
from tfcompat._src.protos.graph import FunctionDef

__all__ = ["function_def", "captured_variables", "unique_name"]


def unique_name(base: str, used: set) -> str:
    """``base``, or ``base_1``, ``base_2``, ... : the first not in ``used`` (which it is added to)."""
    out, i = base, 1
    while out in used:
        out = f"{base}_{i}"
        i += 1
    used.add(out)
    return out


def _arg_name(name: str, used: set) -> str:
    # TF's rule for argument names: [a-z][a-z0-9_]*
    base = re.sub(r"[^a-z0-9_]", "_", name.lower())
    if not base or not base[0].isalpha():
        base = "arg_" + base
    return unique_name(base, used)


def captured_variables(concrete) -> list:
    """The variables a concrete function reads or writes, in the order of their handle ops in its graph."""
    seen, out = set(), []
    for op in concrete.graph.get_operations():
        var = op.attrs.get("var") if op.type == "VarHandleOp" else None
        if var is not None and id(var) not in seen and var.graph is None:
            seen.add(id(var))
            out.append(var)
    return out


def _output_arg_of(op_type: str, attrs_node, index: int) -> tuple[str, int]:
    sig = signature(op_type)
    if sig is None:
        return "output", index
    pos = 0
    for arg in sig.outputs:
        if arg.type_list_attr:
            n = len(attrs_node.attr[arg.type_list_attr].list.type)
        elif arg.number_attr:
            n = attrs_node.attr[arg.number_attr].i
        else:
            n = 1
        if index < pos + n:
            return arg.name, index - pos
        pos += n
    return (sig.outputs[-1].name if sig.outputs else "output"), index


def function_def(concrete, name: str | None = None, input_order=None, output_order=None,
                 gradient_functions: list | None = None) -> FunctionDef:
    """The ``FunctionDef`` of ``concrete``; ``input_order``/``output_order`` permute its explicit inputs and its
    outputs (a signature takes and returns them sorted by name).

    A ``tf.custom_gradient`` call (a ``CustomGradient`` op) is exported as TF exports it with
    ``SaveOptions(experimental_custom_gradients=True)``, its default: an ``IdentityN`` node whose
    ``_gradient_op_type`` names a gradient function; the gradient function's ``FunctionDef`` (from the ops its
    grad_fn built) is appended to ``gradient_functions`` (None: custom gradients are not saved)."""
    graph = concrete.graph
    gdef = graph_to_graph_def(graph, add_shapes=True)
    nodes = {n.name: n for n in gdef.node}
    base_name = name or (concrete.name.decode() if isinstance(concrete.name, bytes) else concrete.name)
    backward_only, identity_n = _custom_gradients(graph, gdef, nodes, base_name, gradient_functions)
    fdef = FunctionDef()
    sig = fdef.signature
    sig.name = name or (concrete.name.decode() if isinstance(concrete.name, bytes) else concrete.name)
    used: set = set()
    refs: dict = {}
    inputs = list(concrete.inputs)
    if input_order is not None:
        inputs = [inputs[i] for i in input_order]
    for t in inputs:
        arg = _arg_name(t.op.name, used)
        refs[t.op.name] = arg
        sig.input_arg.add(name=arg, type=t.dtype.as_datatype_enum)
    variables = captured_variables(concrete)
    handles = {}
    for op in graph.get_operations():
        var = op.attrs.get("var") if op.type == "VarHandleOp" else None
        if var is not None and var.graph is None:
            handles.setdefault(id(var), []).append(op.name)
    for var in variables:
        arg = _arg_name(var.name.split(":")[0] + "_resource", used)
        a = sig.input_arg.add(name=arg, type=dtypes.resource.as_datatype_enum)
        a.handle_data.add(dtype=var.dtype.as_datatype_enum).shape.CopyFrom(shape_proto(var.shape))
        for op_name in handles[id(var)]:
            refs[op_name] = arg

    def convert(ref: str) -> str:
        if ref.startswith("^"):
            return ref
        op_name, sep, idx = ref.rpartition(":")
        if not sep or not idx.isdigit():
            op_name, idx = ref, "0"
        if op_name in refs:
            return refs[op_name]
        node = nodes[op_name]
        arg, offset = _output_arg_of(node.op, node, int(idx))
        return f"{op_name}:{arg}:{offset}"

    control = []
    for op in graph.get_operations():
        if op.name in refs or op.name in backward_only:
            continue
        node = nodes.get(op.name)
        if node is None:
            continue
        new = fdef.node_def.add()
        new.CopyFrom(identity_n.get(op.name, node))
        del new.input[:]
        new.input.extend(convert(i) for i in node.input)
        if has_side_effects(op):
            control.append(op.name)
    # Nodes the exporter added (a variable's ReadVariableOp, constants for static inputs).
    own = {op.name for op in graph.get_operations()}
    for node in gdef.node:
        if node.name not in own and node.name not in backward_only:
            new = fdef.node_def.add()
            new.CopyFrom(node)
            del new.input[:]
            new.input.extend(convert(i) for i in node.input)
    outputs = list(concrete.outputs)
    if output_order is not None:
        outputs = [outputs[i] for i in output_order]
    out_used: set = set()
    for i, t in enumerate(outputs):
        arg = _arg_name("output_" + str(i), out_used)
        sig.output_arg.add(name=arg, type=t.dtype.as_datatype_enum)
        fdef.ret[arg] = convert(t.name)
    for name in control:
        sig.control_output.append(name)
        fdef.control_ret[name] = name
    sig.is_stateful = bool(control) or bool(variables)
    return fdef


# -- tf.custom_gradient ----------------------------------------------------------------------------------------
def _ref_key(ref: str) -> tuple[str, int]:
    op_name, sep, idx = ref.rpartition(":")
    return (op_name, int(idx)) if sep and idx.isdigit() else (ref, 0)


def _custom_gradients(graph, gdef, nodes, base_name, gradient_functions):
    """(names of the nodes only the custom gradients use, {CustomGradient op name: its IdentityN node})."""
    backward_only: set = set()
    identity_n: dict = {}
    own = {op.name for op in graph.get_operations()}
    for k, op in enumerate(o for o in graph.get_operations() if o.type == "CustomGradient"):
        program = op.attrs["spec"].program
        grad_name = f"{base_name}_CustomGradient_{k}_grad"
        step_names = [step_op.name for _, step_op in program.steps]
        upstream_names = [t.op.name for t in program.upstream]
        # Constants the exporter added for the steps' static inputs belong to the gradient function too.
        added: set = set()
        stack = [ref.lstrip("^").split(":")[0] for n in step_names for ref in nodes[n].input]
        while stack:   # (transitively: e.g. Rank + Range for the axes of a reduction of unknown rank)
            src = stack.pop()
            if src not in own and src not in added:
                added.add(src)
                stack.extend(ref.lstrip("^").split(":")[0] for ref in nodes[src].input)
        backward_only.update(step_names, upstream_names, added)
        if gradient_functions is not None:
            gradient_functions.append(_gradient_function(grad_name, program, nodes, step_names + sorted(added)))
        n_out = op.attrs["n_out"]
        node = nodes[op.name]
        ident = type(node)()
        ident.name, ident.op = node.name, "IdentityN"
        ident.input.extend(node.input)
        ident.attr["T"].list.type.extend(t.dtype.as_datatype_enum for t in op.inputs)
        if "_output_shapes" in node.attr:
            ident.attr["_output_shapes"].CopyFrom(node.attr["_output_shapes"])
        identity_n[op.name] = ident
        if gradient_functions is None:   # saved without its gradient: IdentityN's own (pass-through) applies
            continue
        ident.attr["_gradient_op_type"].s = grad_name.encode()
        ident.attr["_custom_gradient_n_out"].i = n_out
        ident.attr["_custom_gradient_n_targets"].i = op.attrs["spec"].n_targets
        ident.attr["_custom_gradient_targets"].list.i.extend(
            i for i, g in enumerate(program.grads) if g is not None)
    return backward_only, identity_n


def _gradient_function(name, program, nodes, node_names) -> FunctionDef:
    """The gradient function of one custom gradient: (upstream gradients..., captured forward tensors...) ->
    the gradients grad_fn returned that are not None."""
    fdef = FunctionDef()
    fdef.signature.name = name
    args: dict = {}
    for i, t in enumerate(program.upstream):
        args[(t.op.name, 0)] = f"upstream_{i}"
        fdef.signature.input_arg.add(name=f"upstream_{i}", type=t.dtype.as_datatype_enum)
    for i, t in enumerate(program.captures):
        args[(t.op.name, t.value_index)] = f"capture_{i}"
        fdef.signature.input_arg.add(name=f"capture_{i}", type=t.dtype.as_datatype_enum)
    inside = set(node_names)

    def convert(ref: str) -> str | None:
        if ref.startswith("^"):
            return ref if ref[1:] in inside else None
        key = _ref_key(ref)
        if key in args:
            return args[key]
        node = nodes[key[0]]
        arg, offset = _output_arg_of(node.op, node, key[1])
        return f"{key[0]}:{arg}:{offset}"

    for n in node_names:
        new = fdef.node_def.add()
        new.CopyFrom(nodes[n])
        del new.input[:]
        new.input.extend(r for r in (convert(i) for i in nodes[n].input) if r is not None)
    for i, g in enumerate(program.grads):
        if g is None:
            continue
        fdef.signature.output_arg.add(name=f"grad_{i}", type=g.dtype.as_datatype_enum)
        fdef.ret[f"grad_{i}"] = convert(g.name)
    return fdef
