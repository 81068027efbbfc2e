"""``tf.while_loop`` (mirrors TF's ``while_loop.py`` and ``while_v2.py``).

Eagerly the loop is a Python loop. In a graph it is one ``While`` op whose ``cond`` and ``body`` are FuncGraphs
(TF2's while_v2): the loop runs at run time and torch autograd records the iterations that actually happen, so
``tf.gradients`` / ``GradientTape`` differentiate through it with no symbolic loop gradient (second order too).
As in TF, the op takes a loop counter and ``maximum_iterations`` as its first two loop variables, the tensors the
functions capture as extra inputs, and each output goes through an Identity ('while/Identity_2') outside a
tf.function. TensorArrays are loop variables through their TensorList ``flow``."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops
from tfcompat._src.ops import control_flow_util as cf_util
from tfcompat._src.ops import extension_values as ext
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.ops.tensor_array import TensorArray

__all__ = ["while_loop", "while_loop_v2", "while_op_of"]


def while_op_of(output):
    """The ``While``/``StatelessWhile`` op whose result graph-mode loop output ``output`` is (through its
    'while/Identity' outside a tf.function), or None."""
    op = output.op
    if op.type == "Identity" and op.inputs:
        op = op.inputs[0].op
    return op if op.type in ("While", "StatelessWhile") else None


def _variables_to_tensors(loop_vars):
    return nest.map_structure(lambda v: v.read_value() if isinstance(v, variables_lib.Variable) else v, loop_vars)


def while_loop_v2(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
                  swap_memory=False, maximum_iterations=None, name=None):
    """Mirrors ``tf.while_loop`` (TF2): ``while_loop`` with ``return_same_structure=True``."""
    return while_loop(cond, body, loop_vars, shape_invariants=shape_invariants,
                      parallel_iterations=parallel_iterations, back_prop=back_prop, swap_memory=swap_memory,
                      name=name, maximum_iterations=maximum_iterations, return_same_structure=True)


def while_loop(cond, body, loop_vars, shape_invariants=None, parallel_iterations=10, back_prop=True,
               swap_memory=False, name=None, maximum_iterations=None, return_same_structure=False):
    """Mirrors ``tf.compat.v1.while_loop``: repeats ``body`` while ``cond`` is true.

    ``loop_vars`` is a (nested) list/tuple/dict of tensors and TensorArrays; ``cond`` and ``body`` take them as
    positional arguments. In a graph, shape invariants are checked as TF does (ValueError when a loop variable's
    shape after one iteration is not within its invariant: its initial shape unless ``shape_invariants`` says
    otherwise); ``maximum_iterations`` bounds the number of iterations; ``back_prop=False`` stops gradients at the
    outputs. ``parallel_iterations`` and ``swap_memory`` are accepted (iterations run one after another).

    Returns the final loop variables: in ``loop_vars``'s structure with ``return_same_structure`` (always when
    executing eagerly), else a single tensor when there is one loop variable.

    Raises:
      TypeError: ``cond``/``body`` not callable, ``parallel_iterations`` < 1, a loop variable changing dtype,
        ``loop_vars`` a single tensor (TF takes ``len`` of it).
      ValueError: empty ``loop_vars``, ``body`` returning another structure, a shape leaving its invariant."""
    if not callable(cond):
        raise TypeError("'cond' must be callable.")
    if not callable(body):
        raise TypeError("'body' must be callable.")
    if parallel_iterations < 1:
        raise TypeError("'parallel_iterations' must be a positive integer.")
    loop_vars = _variables_to_tensors(loop_vars)
    if isinstance(loop_vars, (list, tuple)) and ext.has_extensions(loop_vars):
        return _extension_type_while_loop(cond, body, loop_vars, shape_invariants, parallel_iterations, back_prop,
                                          swap_memory, name, maximum_iterations, return_same_structure)
    graph = ctx_lib.graph_mode_graph()
    if graph is not None:
        return _graph_while_loop(graph, cond, body, loop_vars, shape_invariants, parallel_iterations,
                                 maximum_iterations, name, return_same_structure, back_prop)
    return _eager_while_loop(cond, body, loop_vars, maximum_iterations)


def _extension_type_while_loop(cond, body, loop_vars, shape_invariants, parallel_iterations, back_prop,
                               swap_memory, name, maximum_iterations, return_same_structure):
    """``while_loop`` with ExtensionType loop variables: each goes in as its components and comes out rebuilt
    by its initial spec (TF's ``expand_composites``); ``cond`` and ``body`` see them rebuilt."""
    tmpl = ext.template(loop_vars)

    def inner_cond(*args):
        return cond(*ext.rebuild(tmpl, args))

    def inner_body(*args):
        return ext.expand(body(*ext.rebuild(tmpl, args)))
    out = while_loop(inner_cond, inner_body, ext.expand(loop_vars), shape_invariants=shape_invariants,
                     parallel_iterations=parallel_iterations, back_prop=back_prop, swap_memory=swap_memory, name=name,
                     maximum_iterations=maximum_iterations, return_same_structure=True)
    out = ext.rebuild(tmpl, out)
    return out[0] if len(out) == 1 and not return_same_structure else out


def _eager_while_loop(cond, body, loop_vars, maximum_iterations):
    """TF's eager path: a Python loop, the body's results checked against the loop variables' structure."""
    if not loop_vars:
        raise ValueError("'loop_vars' must be provided.")
    try_to_pack = len(loop_vars) == 1
    if maximum_iterations is not None:
        limit = convert_to_tensor(maximum_iterations, name="maximum_iterations")
        if limit.shape.rank != 0:
            raise ValueError(f"'maximum_iterations' must be a scalar. Received shape: {limit.shape}")
        limit = int(limit.numpy())
        orig_cond, orig_body = cond, body
        loop_vars = (0, loop_vars)

        def cond(i, lv):
            return i < limit and bool(orig_cond(*lv))

        def body(i, lv):
            return i + 1, orig_body(*lv)
        try_to_pack = False
    structure = list(loop_vars)
    packed = False
    while bool(cond(*loop_vars)):
        loop_vars = body(*loop_vars)
        if try_to_pack and not isinstance(loop_vars, (list, tuple)):
            packed = True
            loop_vars = (loop_vars,)
        nest.assert_same_structure(_structure_of(structure), _structure_of(list(loop_vars)), check_types=False)
    loop_vars = nest.map_structure(lambda x: x if isinstance(x, TensorArray) else convert_to_tensor(x), loop_vars)
    if maximum_iterations is not None:
        return loop_vars[1]
    return loop_vars[0] if packed else loop_vars


def _structure_of(value):
    return nest.map_structure(lambda x: 0, value)


def _shape_less_than_or_equal(shape, invariant) -> bool:
    """TF's ``_ShapeLessThanOrEqual``: ``shape`` is within ``invariant`` (an unknown invariant allows all)."""
    if invariant.rank is None:
        return True
    if shape.rank != invariant.rank:
        return False
    return all(b is None or a == b for a, b in zip(shape.as_list(), invariant.as_list()))


def _flow_or_tensor(v):
    if isinstance(v, TensorArray):
        if v.flow is None:
            raise NotImplementedError("An eager TensorArray cannot be a loop variable of a graph-mode "
                                      "tf.while_loop; create the TensorArray inside the tf.function.")
        return v.flow
    return convert_to_tensor(v)


def _graph_while_loop(graph, cond, body, loop_vars, shape_invariants, parallel_iterations, maximum_iterations,
                      name, return_same_structure, back_prop):
    orig_loop_vars = loop_vars
    flat_orig = nest.flatten(orig_loop_vars)
    len(orig_loop_vars)  # TF takes len() of loop_vars: a single tensor is a TypeError, as in TF
    flat = [_flow_or_tensor(v) for v in flat_orig]
    if shape_invariants is not None:
        nest.assert_same_structure(orig_loop_vars, shape_invariants, check_types=False)
        flat_inv = [TensorShape(s) if not isinstance(v, TensorArray) else TensorShape([])
                    for v, s in zip(flat_orig, nest.flatten(shape_invariants))]
    else:
        flat_inv = [t.shape for t in flat]
    tensor_specs = [(t.dtype, s) for v, t, s in zip(flat_orig, flat, flat_inv) if not isinstance(v, TensorArray)]
    with graph.name_scope(name or "while") as scope:
        limit = convert_to_tensor(-1 if maximum_iterations is None else maximum_iterations, dtype=dtypes.int32,
                                  name="maximum_iterations")
        counter = array_ops.constant(0, dtype=dtypes.int32, name="loop_counter")
        base = scope[:-1].replace("/", "_")

        def wrapped_cond(*args):
            pred = cond(*args)
            if isinstance(pred, Tensor) and (pred.shape.rank is None or pred.shape.rank > 0):
                pred = array_ops.squeeze(pred)
            return pred

        cond_graph, pred = cf_util.trace_graph(f"{base}_cond", wrapped_cond, graph, list(orig_loop_vars),
                                               tensor_specs)
        cond_graph.outputs = cf_util.flatten_outputs(cond_graph, pred)

        def wrapped_body(*args):
            outputs = body(*args)
            if not nest.is_nested(outputs):
                outputs = [outputs]
            nest.assert_same_structure(_structure_of(list(outputs)), _structure_of(list(orig_loop_vars)),
                                       check_types=False)
            return outputs

        body_graph, outputs = cf_util.trace_graph(f"{base}_body", wrapped_body, graph, list(orig_loop_vars),
                                                  tensor_specs)
        body_graph.outputs = cf_util.flatten_outputs(body_graph, outputs)
        for t, init, inv in zip(body_graph.outputs, flat, flat_inv):
            if t.dtype is not init.dtype:
                raise TypeError(f"Loop var {init.name} enters the loop with type {init.dtype!r} but has type "
                                f"{t.dtype!r} after 1 iteration. {init.name} type should remain constant.")
            if not _shape_less_than_or_equal(t.shape, inv):
                raise ValueError(f"Input tensor `{init.name}` enters the loop with shape {inv}, but has shape "
                                 f"{t.shape} after one iteration. To allow the shape to vary across iterations, "
                                 f"use the `shape_invariants` argument of tf.while_loop to specify a less-specific "
                                 f"shape.")
        captured = list(cond_graph.external_captures)
        for outer in body_graph.external_captures:
            if all(outer is not c for c in captured):
                captured.append(outer)
        position = {id(c): i for i, c in enumerate(captured)}
        specs = [(counter.shape, counter.dtype), (limit.shape, limit.dtype)] + \
            [(inv, t.dtype) for t, inv in zip(flat, flat_inv)]
        attrs = {"cond": cond_graph, "body": body_graph, "n_vars": len(flat),
                 "cond_inputs": tuple(position[id(c)] for c in cond_graph.fed_captures),
                 "body_inputs": tuple(position[id(c)] for c in body_graph.fed_captures),
                 "has_maximum": maximum_iterations is not None, "parallel_iterations": parallel_iterations,
                 "output_specs": tuple(specs)}
        op = cf_util.build_control_flow_op(graph, "StatelessWhile", "While", scope, [counter, limit] + flat + captured,
                                           attrs, [cond_graph, body_graph])
        outs = list(op.outputs)
        if not graph._building_function:
            outs = [array_ops.identity(t, name="Identity") for t in outs]
    results = outs[2:]
    if not back_prop:
        results = [array_ops.stop_gradient(t) for t in results]
    packed = cf_util.pack_outputs(orig_loop_vars, results)
    if return_same_structure:
        return packed
    flat_out = nest.flatten(packed)
    return flat_out[0] if len(flat_out) == 1 else packed

