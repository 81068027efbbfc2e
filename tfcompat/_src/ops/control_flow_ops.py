"""Grouping, ``no_op``, ``tf.cond`` and the branch machinery of ``case``/``switch_case`` (mirrors TF's
``control_flow_ops.py``, ``cond.py`` and ``cond_v2.py``).

Eagerly, ``cond`` calls one branch. In a graph it builds one ``If`` op whose branches are FuncGraphs (TF2's
control flow v2; ops/control_flow_util.py): only the taken branch runs, so its values, gradients and side
effects are the only ones, and an op that would fail in the other branch never runs. As in TF, a tensor the
branches capture from outside (a placeholder, say) is an input of the ``If`` op, so it is computed (or must be
fed) whichever branch is taken."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.graph import Operation
from tfcompat._src.framework.tensor import EagerTensor, Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops
from tfcompat._src.ops import control_flow_util as cf_util
from tfcompat._src.ops import extension_values as ext


def no_op(name=None):
    """Mirrors ``tf.no_op``."""
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        return None
    return _noop_op(graph, name or "NoOp")


def _as_ops(inputs):
    ops = []
    for x in inputs:
        if x is None:
            continue
        if isinstance(x, (list, tuple)):
            ops.extend(_as_ops(x))
            continue
        if isinstance(x, dict):
            ops.extend(_as_ops(list(x.values())))
            continue
        if isinstance(x, Operation):
            ops.append(x)
        elif isinstance(x, Tensor) and not isinstance(x, EagerTensor):
            ops.append(x.op)
        elif hasattr(x, "_as_graph_element") and x._as_graph_element() is not None:
            el = x._as_graph_element()
            ops.append(el.op if hasattr(el, "op") else el)
    return ops


def group(*inputs, name=None):
    """Mirrors ``tf.group``: a NoOp that runs after all inputs (None when executing eagerly)."""
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        return None
    ops = _as_ops(inputs)
    with graph.control_dependencies(ops):
        return _noop_op(graph, name or "group_deps")


def _noop_op(graph, name):
    from tfcompat._src.framework import op_def as op_def_lib
    op_name = graph.unique_name(name)
    return graph._add_op(op_def_lib.REGISTRY["NoOp"], op_name, [], {}, [])


def tuple_(tensors, name=None, control_inputs=None):
    """Mirrors ``tf.tuple``: identities that wait for all tensors."""
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        return list(tensors)
    ops = _as_ops(tensors) + _as_ops(control_inputs or [])
    with graph.control_dependencies(ops):
        return [array_ops.identity(t) if t is not None else None for t in tensors]


def with_dependencies(dependencies, output_tensor, name=None):
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        return output_tensor
    with graph.control_dependencies(_as_ops(dependencies)):
        return array_ops.identity(output_tensor, name=name)




# ------------------------------------------------------------------------------------------------
# cond
# ------------------------------------------------------------------------------------------------
def _branch_functions(true_fn, false_fn, fn1, fn2):
    if fn1 is not None:
        if true_fn is not None:
            raise TypeError("cond(): 'true_fn' and 'fn1' may not be set simultaneously.")
        true_fn = fn1
    elif true_fn is None:
        raise TypeError("cond(): 'true_fn' argument required")
    if fn2 is not None:
        if false_fn is not None:
            raise TypeError("cond(): 'false_fn' and 'fn2' may not be set simultaneously.")
        false_fn = fn2
    elif false_fn is None:
        raise TypeError("cond(): 'false_fn' argument required")
    if not callable(true_fn):
        raise TypeError("'true_fn' must be callable.")
    if not callable(false_fn):
        raise TypeError("'false_fn' must be callable.")
    return true_fn, false_fn


def _unpack_if_singleton(res):
    if isinstance(res, (list, tuple)) and len(res) == 1:
        return res[0]
    return res


def cond(pred, true_fn=None, false_fn=None, strict=False, name=None, fn1=None, fn2=None):
    """Mirrors ``tf.cond`` / ``tf.compat.v1.cond``: ``true_fn()`` if ``pred`` else ``false_fn()``.

    Eagerly one branch is called (a singleton list result is unpacked unless ``strict``, as TF). In a graph one
    ``If`` op is built (TF2's cond_v2: results keep their structure, ``strict`` has no effect); only the taken
    branch runs. A non-bool tensor predicate is accepted when the graph is built and fails with TF's
    InvalidArgumentError when it runs; a predicate of rank > 0 is squeezed (a non-scalar one fails at run time).

    Raises:
      TypeError: missing or non-callable branches; a Python bool predicate in a graph; branch results of
        different structure or dtype. ValueError: branch results of different lengths."""
    true_fn, false_fn = _branch_functions(true_fn, false_fn, fn1, fn2)
    if ctx_lib.graph_mode_graph() is None:
        result = true_fn() if bool(convert_to_tensor(pred).numpy()) else false_fn()
        return result if strict else _unpack_if_singleton(result)
    if isinstance(pred, bool):
        raise TypeError("pred must not be a Python bool", pred)
    graph = ctx_lib.graph_mode_graph()
    with graph.name_scope(name or "cond") as scope:
        pred = cf_util.check_branch_pred(pred)
        return build_branches(graph, scope, pred, [true_fn, false_fn], ["true_fn", "false_fn"], "cond")


def cond_for_tf_v2(pred, true_fn=None, false_fn=None, name=None):
    """Mirrors TF2's ``tf.cond``: :func:`cond` with ``strict=True`` (a branch's one-element list or tuple is kept,
    also eagerly) and without ``strict``/``fn1``/``fn2``, which only ``tf.compat.v1.cond`` takes."""
    return cond(pred, true_fn=true_fn, false_fn=false_fn, strict=True, name=name)


def _structure_error(names, outputs, b, detail, op_name):
    api = "tf.cond" if op_name == "cond" else "tf.switch_case"
    return TypeError(f"{names[0]} and {names[b]} arguments to {api} must have the same number, type, and overall "
                     f"structure of return values.\n\n{names[0]} output: {outputs[0]}\n{names[b]} output: "
                     f"{outputs[b]}\n\nError details:\n{detail}")


def _merged_shape(shapes):
    first = shapes[0]
    for s in shapes[1:]:
        if first.rank is None or s.rank is None or first.rank != s.rank:
            return TensorShape(None)
        first = TensorShape([a if a == b else None for a, b in zip(first.as_list(), s.as_list())])
    return first


def build_branches(graph, scope: str, selector, fns, names, op_name: str, switch: bool = False):
    """One ``If`` (two branches selected by a bool ``selector``) or ``Case`` (``switch``: an int32 index) op
    over the branch functions ``fns``; returns the taken branch's results, in their structure.

    ExtensionType results pass as their component tensors (TF's ``expand_composites``) and come back rebuilt
    by the most specific common supertype of the branches' specs (so their shapes may differ, as in TF)."""
    base = scope[:-1].replace("/", "_")
    traced = []
    for i, fn in enumerate(fns):
        suffix = ("true", "false")[i] if not switch else f"branch{i}"
        traced.append(cf_util.trace_graph(f"{base}_{suffix}", fn, graph))
    graphs = [g for g, _ in traced]
    results = [r for _, r in traced]
    tmpl = None
    if any(ext.has_extensions(r) for r in results):
        for b in range(1, len(fns)):
            try:
                ext.assert_same_structure(results[0], results[b])
            except (ValueError, TypeError) as e:
                raise _structure_error(names, results, b, str(e), op_name) from None
        tmpl = ext.common_template(results)
        results = [ext.expand(r) for r in results]
    flats = [cf_util.flatten_outputs(g, r, op_value=selector) for g, r in zip(graphs, results)]
    for b in range(1, len(fns)):
        try:
            nest.assert_same_structure(results[0], results[b])
        except (ValueError, TypeError) as e:
            raise _structure_error(names, results, b, str(e), op_name) from None
        present = [x is not None for x in flats[0]], [x is not None for x in flats[b]]
        if present[0] != present[1]:
            raise ValueError(f"Lengths of branch outputs of {op_name} must match.\nlen(graphs[0].outputs): "
                             f"{sum(present[0])}\nlen(graphs[{b}].outputs): {sum(present[1])}\n")
        for x, y in zip(flats[0], flats[b]):
            if x is not None and x.dtype is not y.dtype:
                raise _structure_error(names, results, b, f"{x} and {y} have different types", op_name)
    for g, flat in zip(graphs, flats):
        g.outputs = [t for t in flat if t is not None]
    specs = [(_merged_shape([g.outputs[j].shape for g in graphs]), graphs[0].outputs[j].dtype)
             for j in range(len(graphs[0].outputs))]
    captured = []
    for g in graphs:
        for outer in g.external_captures:
            if all(outer is not c for c in captured):
                captured.append(outer)
    position = {id(c): i for i, c in enumerate(captured)}
    attrs = {"branches": tuple(graphs), "output_specs": tuple(specs),
             "branch_inputs": tuple(tuple(position[id(c)] for c in g.fed_captures) for g in graphs)}
    if switch:
        attrs["switch"] = True
    op = cf_util.build_control_flow_op(graph, "StatelessCase" if switch else "StatelessIf",
                                       "Case" if switch else "If", scope, [selector] + captured, attrs, graphs)
    outs = [array_ops.identity(t, name="Identity") for t in op.outputs]
    packed = cf_util.pack_outputs(results[0], outs)
    return packed if tmpl is None else ext.rebuild(tmpl, packed)
