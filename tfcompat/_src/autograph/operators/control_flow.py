"""``if_stmt``, ``while_stmt`` and ``for_stmt``: Python semantics for Python values, ``tf.cond``/``tf.while_loop``
for tensors (mirrors TF's ``autograph/operators/control_flow.py``, including its checks and error messages).

A statement's state is read and written through ``get_state``/``set_state`` (see converters/control_flow.py).
Staged statements check that every state symbol is defined on all paths and keeps its nested structure and dtype
(and, for loops, its shape unless a shape invariant relaxes it)."""
from __future__ import annotations

import contextlib
import logging
import sys

import numpy as np

from tfcompat._src.autograph.operators import py_builtins
from tfcompat._src.autograph.operators import variables
from tfcompat._src.autograph.operators.type_checks import is_dataset, is_dataset_iterator, is_tensor
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import constant_value, convert_to_tensor
from tfcompat._src.framework.func_graph import FuncGraph
from tfcompat._src.framework.tensor import SymbolicTensor, Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops
from tfcompat._src.ops import control_flow_ops
from tfcompat._src.ops import debugging_ops
from tfcompat._src.ops import extension_values
from tfcompat._src.ops import math_ops
from tfcompat._src.ops import while_loop as while_loop_lib

__all__ = ["if_stmt", "while_stmt", "for_stmt", "verify_single_cond_var", "LEGAL_LOOP_TYPES"]

_logger = logging.getLogger("tensorflow")

PYTHON_MAX_ITERATIONS = 100000000
INEFFICIENT_UNROLL_MIN_ITERATIONS = 50000
# Textual description of what a legal TF loop variable is (TF's wording, used in its error messages).
LEGAL_LOOP_TYPES = "Tensor, int, float, bool or a list, tuple or dict thereof"


def _variables_to_tensors(structure):
    return nest.map_structure(lambda v: v._as_tensor() if hasattr(v, "_as_tensor") and not isinstance(v, Tensor)
                              else v, structure)


# ------------------------------------------------------------------------------------------------
# checks (TF's wording)
# ------------------------------------------------------------------------------------------------
def _verify_tf_condition(cond, tag: str):
    extra_hint = "to check for None, use `is not None`"
    cond = convert_to_tensor(cond)
    if cond.dtype is not dtypes.bool_:
        raise ValueError(f"condition of {tag} expected to be `tf.bool` scalar, got {cond}; to use as boolean "
                         f"Tensor, use `tf.cast`; {extra_hint}")
    if cond.shape.rank is None:
        return array_ops.reshape(cond, ())
    if cond.shape.rank > 0:
        known = [d for d in cond.shape.as_list() if d is not None]
        if np.prod(known) > 1:
            raise ValueError(f"condition of {tag} expected to be `tf.bool` scalar, got {cond}; {extra_hint}")
        return array_ops.reshape(cond, ())
    return cond


def _as_tf_type(value):
    if isinstance(value, (bool, int, float, str, np.ndarray)):
        return convert_to_tensor(value)
    return value


def verify_single_cond_var(name, body_var, orelse_var):
    """Both branches give ``name`` a value of the same dtype (TF's message otherwise)."""
    if body_var is None:
        raise ValueError(f"'{name}' is None at the end of the main branch.")
    if orelse_var is None:
        raise ValueError(f"'{name}' is None at the end of the else branch.")
    body_var, orelse_var = _as_tf_type(body_var), _as_tf_type(orelse_var)
    if not is_tensor(body_var) or not is_tensor(orelse_var):
        return
    if body_var.dtype is not orelse_var.dtype:
        raise TypeError(f"'{name}' has dtype {body_var.dtype.name} in the main branch, but dtype "
                        f"{orelse_var.dtype.name} in the else branch")


def _verify_cond_branch_vars(vars_, symbol_names, branch_name):
    for name, var in zip(symbol_names, vars_):
        if isinstance(var, variables.Undefined):
            raise ValueError(f"'{name}' must also be initialized in the {branch_name} branch")
        if isinstance(var, variables.UndefinedReturnValue):
            raise ValueError(f"the {branch_name} branch must also have a return statement.")


def _verify_cond_vars(body_vars, orelse_vars, symbol_names):
    for name, body_var, orelse_var in zip(symbol_names, body_vars, orelse_vars):
        try:   # TF checks with expand_composites=True: ExtensionType specs must agree too
            extension_values.assert_same_structure(body_var, orelse_var)
        except (ValueError, TypeError):
            try:
                extension_values.assert_same_structure(_variables_to_tensors(body_var),
                                                       _variables_to_tensors(orelse_var))
            except (ValueError, TypeError) as e:
                raise TypeError(f"'{name}' must have the same nested structure in the main and else branches:"
                                f"\n\n{e}") from e
        for b, o in zip(nest.flatten(body_var), nest.flatten(orelse_var)):
            verify_single_cond_var(name, b, o)


def _verify_loop_init_vars(init_vars, symbol_names, first_iter_vars=None, extra_message=None):
    if not symbol_names:
        return
    if first_iter_vars is None:
        first_iter_vars = (None,) * len(symbol_names)
    for name, val, fi_val in zip(symbol_names, init_vars, first_iter_vars):
        if isinstance(val, variables.UndefinedReturnValue):
            if fi_val:
                raise ValueError(f"the return value from a TensorFlow loop may only be a {LEGAL_LOOP_TYPES}; got "
                                 f"{type(fi_val)}")
            raise NotImplementedError("a return statement cannot be placed inside this TensorFlow loop; this may "
                                      "happen if a return statement depends on a static Python condition such as "
                                      "a hyperparameter")
        error = None
        if val is None:
            error = f"'{name}' is not allowed to be None before the loop"
        elif isinstance(val, variables.Undefined):
            error = f"'{name}' must be defined before the loop"
            if extra_message:
                error += "\n" + extra_message
        if error is not None:
            raise ValueError(error)


def _is_subshape(left: TensorShape, right: TensorShape) -> bool:
    """``left`` is at least as specific as ``right``."""
    if right.rank is None:
        return True
    if left.rank != right.rank:
        return False
    return all(r is None or l == r for l, r in zip(left.as_list(), right.as_list()))


def _verify_single_loop_var(name, check_shape, init, entry, exit_, shape_invariant):
    if exit_ is None:
        raise ValueError(f"'{name}' is None at the end of the iteration.")
    init, entry, exit_ = _as_tf_type(init), _as_tf_type(entry), _as_tf_type(exit_)
    if not is_tensor(entry) or not is_tensor(exit_):
        return
    if entry.dtype is not exit_.dtype:
        raise TypeError(f"'{name}' has dtype {entry.dtype.name} before the loop, but dtype {exit_.dtype.name} "
                        f"after one iteration")
    if not check_shape:
        return
    exit_shape = exit_.shape
    if shape_invariant is None:
        if not _is_subshape(exit_shape, entry.shape):
            raise ValueError(f"'{name}' has shape {entry.shape} before the loop, but shape {exit_shape} after one "
                             f"iteration. Use tf.autograph.experimental.set_loop_options to set shape invariants.")
    else:
        invariant = TensorShape(shape_invariant)
        if not _is_subshape(init.shape, invariant):
            raise ValueError(f"'{name}' has shape {init.shape} before the loop, which does not conform with the "
                             f"shape invariant {invariant}.")
        if not _is_subshape(exit_shape, invariant):
            raise ValueError(f"'{name}' has shape {exit_shape} after one iteration, which does not conform with "
                             f"the shape invariant {invariant}.")


def _verify_loop_vars(init_vars, entry_vars, exit_vars, symbol_names, opts, check_shapes=True):
    if check_shapes and "shape_invariants" in opts:
        invariants = opts["shape_invariants"]
    else:
        invariants = [None] * len(symbol_names)
    for name, init, entry, exit_, invariant in zip(symbol_names, init_vars, entry_vars, exit_vars, invariants):
        try:
            nest.assert_same_structure(init, entry)
        except (ValueError, TypeError):
            try:
                nest.assert_same_structure(_variables_to_tensors(init), entry)
            except (ValueError, TypeError) as e:
                raise TypeError(f"'{name}' does not have the same nested structure after one iteration.\n\n{e}") \
                    from e
        try:
            nest.assert_same_structure(entry, exit_)
        except (ValueError, TypeError) as e:
            raise TypeError(f"'{name}' does not have the same nested structure after one iteration.\n\n{e}") from e
        flat_invariants = [None] * len(nest.flatten(init))
        if invariant is not None:
            try:
                nest.assert_same_structure(init, invariant, check_types=False)
            except (ValueError, TypeError) as e:
                raise TypeError(f"'{name}' does not have the same nested structure as its corresponding shape "
                                f"invariant.\n\n{e}") from e
            flat_invariants = nest.flatten(invariant) if nest.is_nested(init) else [invariant]
        for i, e, x, inv in zip(nest.flatten(init), nest.flatten(entry), nest.flatten(exit_), flat_invariants):
            _verify_single_loop_var(name, check_shapes, i, e, x, inv)


# ------------------------------------------------------------------------------------------------
# if
# ------------------------------------------------------------------------------------------------
def if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts):
    """Functional form of ``if`` (TF's ``ag__.if_stmt``): ``tf.cond`` when ``cond`` is a tensor, else Python."""
    if is_tensor(cond):
        _tf_if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts)
    elif cond:
        body()
    else:
        orelse()


def _tf_if_stmt(cond, body, orelse, get_state, set_state, symbol_names, nouts):
    cond = _verify_tf_condition(cond, "if statement")
    if not nouts:
        prev_get_state, prev_set_state = get_state, set_state
        get_state = lambda: (0,) + prev_get_state()  # noqa: E731 - cond needs at least one output
        set_state = lambda v: prev_set_state(v[1:])  # noqa: E731
        symbol_names += ("<unused dummy>",)
        nouts = 1
    init_vars = get_state()
    body_out, orelse_out = [None], [None]

    def aug_body():
        set_state(init_vars)
        body()
        new_vars = get_state()[:nouts]
        body_out[0] = new_vars
        _verify_cond_branch_vars(new_vars, symbol_names, "main")
        if orelse_out[0] is not None:
            _verify_cond_vars(new_vars, orelse_out[0], symbol_names)
        return new_vars

    def aug_orelse():
        set_state(init_vars)
        orelse()
        new_vars = get_state()[:nouts]
        orelse_out[0] = new_vars
        _verify_cond_branch_vars(new_vars, symbol_names, "else")
        if body_out[0] is not None:
            _verify_cond_vars(body_out[0], new_vars, symbol_names)
        return new_vars

    final = control_flow_ops.cond(cond, aug_body, aug_orelse, strict=True)
    set_state(tuple(final) + tuple(init_vars[nouts:]))


# ------------------------------------------------------------------------------------------------
# while
# ------------------------------------------------------------------------------------------------
def while_stmt(test, body, get_state, set_state, symbol_names, opts):
    """Functional form of ``while`` (TF's ``ag__.while_stmt``): ``tf.while_loop`` when the condition is a tensor,
    else a Python loop (which unrolls into the graph being built)."""
    with _scratch_graph():   # evaluated once to pick the implementation; its ops are thrown away
        init_test = test()
    if is_tensor(init_test):
        _tf_while_stmt(test, body, get_state, set_state, symbol_names, opts)
        return
    # Python: the first evaluation of the test is used; consistently, one iteration runs before the loop.
    if not init_test:
        return
    body()
    _py_while_stmt(test, body)


class _PythonLoopChecker:
    """TF's limits for Python loops that build ops: an iteration cap and one warning for a large unrolled loop."""

    __slots__ = ("iterations", "check_unroll", "ops_before")

    def __init__(self):
        self.iterations = 1
        self.check_unroll = True
        self.ops_before = None

    @staticmethod
    def _num_ops():
        graph = ctx_lib.graph_mode_graph()
        return None if graph is None else len(graph.get_operations())

    def before_iteration(self):
        if self.check_unroll and self.iterations > INEFFICIENT_UNROLL_MIN_ITERATIONS:
            self.ops_before = self._num_ops()

    def after_iteration(self):
        self.iterations += 1
        if self.iterations > PYTHON_MAX_ITERATIONS:
            raise ValueError("iteration limit exceeded")
        if self.ops_before is not None:
            now = self._num_ops()
            if now is not None and now > self.ops_before:
                _logger.warning(
                    "Large unrolled loop detected. Did you mean to use a TF loop? The following ops were created "
                    "after iteration %s: %s ops\nSee https://github.com/tensorflow/tensorflow/blob/master/"
                    "tensorflow/python/autograph/g3doc/reference/common_errors.md"
                    "#warning-large-unrolled-loop-detected", self.iterations, now - self.ops_before)
                self.check_unroll = False
            elif self.iterations > INEFFICIENT_UNROLL_MIN_ITERATIONS + 3:
                self.check_unroll = False
            self.ops_before = None


def _python_bool(value, what: str):
    try:
        return bool(value)
    except TypeError as e:
        if not is_tensor(value):
            raise
        raise NotImplementedError(what) from e


_WHILE_BECAME_TENSOR = (
    "The condition of while loop started as non-Tensor, then changed to Tensor. This may happen either because "
    "variables changed type, or when a break or return statement inside the loop depends on a Tensor condition. In "
    "both cases, changing to a TF loop should remove the error.\nSee https://github.com/tensorflow/tensorflow/blob/"
    "master/tensorflow/python/autograph/g3doc/reference/limitations.md#consistency-of-control-flow-types for more "
    "info.")


def _py_while_stmt(test, body):
    checker = _PythonLoopChecker()
    checker.before_iteration()
    while _python_bool(test(), _WHILE_BECAME_TENSOR):
        body()
        checker.after_iteration()
        checker.before_iteration()


def _placeholder_value(like, shape_invariant, original=None):
    """A zero value shaped like ``like`` (the value after one iteration) for a symbol undefined before the loop
    (TF's ``_placeholder_value``), and the shape invariant it needs when some dimensions are unknown."""
    if like is None or isinstance(like, (variables.Undefined, variables.UndefinedReturnValue)):
        return original, None
    if isinstance(like, (int, float, bool)):
        return type(like)(0), None
    if is_tensor(like):
        like_shape = TensorShape(shape_invariant) if shape_invariant is not None else like.shape
        if like_shape.rank is None:
            return array_ops.zeros((), like.dtype), like_shape
        dims, dynamic = [], False
        for s, i in zip(like.shape.as_list(), like_shape.as_list()):
            if s is None:
                dims.append(0 if i is None else i)
                dynamic = True
            else:
                dims.append(s)
        return array_ops.zeros(dims, like.dtype), (like_shape if dynamic else None)
    if isinstance(like, (list, tuple, dict)):
        flat = nest.flatten(like)
        invariants = nest.flatten(shape_invariant) if shape_invariant is not None else [None] * len(flat)
        pairs = [_placeholder_value(v, i) for v, i in zip(flat, invariants)]
        return (nest.pack_sequence_as(like, [p[0] for p in pairs]),
                nest.pack_sequence_as(like, [p[1] for p in pairs]))
    raise TypeError(f"Found an unsupported type '{type(like).__name__}' while creating placeholder for {like}. "
                    f"Supported types include Tensor, int, float, bool, list, tuple or dict.")


def _try_handling_undefineds(body, get_state, set_state, init_vars, nulls, shape_invariants, symbol_names):
    """Stages one iteration in a scratch graph to learn the types of the symbols undefined before the loop, and
    starts them as zeros of those types (the loop then must run at least once: checked at run time)."""
    state_modified = False
    first_iter_vars = None
    failure_message = None
    success = False
    extra_invariants = (None,) * len(init_vars)
    try:
        with _scratch_graph():
            def autocast(v):
                if isinstance(v, (int, float, bool, str, list, tuple, np.ndarray, np.generic)):
                    t = convert_to_tensor(v)
                    return array_ops.placeholder(t.dtype, t.shape)
                return v
            set_state(nest.map_structure(autocast, init_vars))
            state_modified = True
            body()
            first_iter_vars = get_state()
        pairs = tuple(_placeholder_value(iv, i, v) if n else (v, None)
                      for v, n, iv, i in zip(init_vars, nulls, first_iter_vars, shape_invariants))
        init_vars = tuple(p[0] for p in pairs)
        extra_invariants = tuple(p[1] for p in pairs)
        success = True
    except (UnboundLocalError, TypeError, ValueError, KeyError):
        exc = sys.exc_info()
        failure_message = (f"Note: AutoGraph tried to define it automatically, but ran into a "
                           f"{exc[0].__name__}: {exc[1]}")
    finally:
        if state_modified:
            set_state(init_vars)
    _verify_loop_init_vars(init_vars, symbol_names, first_iter_vars, extra_message=failure_message)
    return success, init_vars, extra_invariants


@contextlib.contextmanager
def _scratch_graph():
    """A function graph for staging code whose ops are thrown away (TF: a temporary FuncGraph 'tmp'); it
    captures the tensors of the graph being built. Executing eagerly, the code is staged eagerly."""
    outer = ctx_lib.graph_mode_graph()
    if outer is None:
        yield None
        return
    scratch = FuncGraph("tmp", outer)
    with ctx_lib.push_graph(scratch):
        yield scratch


def _shape_invariants_by_position(mapping, keys, loop_values):
    """The shape invariants of ``set_loop_options`` (pairs of a loop variable's value and its invariant) as a list
    by position; a variable without one keeps its own shapes (TF's ``None``)."""
    by_id = {id(k): (k, v) for k, v in mapping}
    out = []
    for k, value in zip(keys, loop_values):
        key, invariant = by_id.get(id(k), (None, None))
        if key is k:
            out.append(invariant)
        else:
            out.append(nest.map_structure(lambda v: v.shape if isinstance(v, Tensor) else None, value))
    return tuple(out)


def _runtime_zero_iterations_message(symbol_names, nulls, init_vars):
    names = []
    for name, null, v in zip(symbol_names, nulls, init_vars):
        if null:
            names.append("the function return value" if isinstance(v, variables.UndefinedReturnValue) else name)
    return f"loop must iterate at least once to initialize {', '.join(names)}"


def _to_loop_value(v):
    """Python scalars in the state enter the loop as tensors (as ``tf.while_loop`` converts them)."""
    if isinstance(v, (bool, int, float, np.ndarray, np.generic)):
        return convert_to_tensor(v)
    return v


def _tf_while_stmt(test, body, get_state, set_state, symbol_names, opts):
    init_vars = get_state()
    orig_init_vars = init_vars
    nulls = tuple(variables.is_undefined(v) for v in init_vars)
    require_one_iteration = False
    invariants_by_init = {id(v): i for v, i in opts.get("shape_invariants", ())}
    if any(nulls):
        shape_invariants = tuple(invariants_by_init.get(id(v)) for v in orig_init_vars)
        require_one_iteration, init_vars, extra_invariants = _try_handling_undefineds(
            body, get_state, set_state, init_vars, nulls, shape_invariants, symbol_names)
        if require_one_iteration:
            merged = dict(invariants_by_init)
            for v, nv, ni in zip(orig_init_vars, init_vars, extra_invariants):
                invariant = merged.get(id(v), ni)
                if invariant is not None:
                    merged[id(nv)] = invariant
            merged = tuple((nv, merged[id(nv)]) for nv in init_vars if id(nv) in merged)
            if merged:
                opts = dict(opts, shape_invariants=merged)
    else:
        _verify_loop_init_vars(init_vars, symbol_names)

    def aug_test(*loop_vars):
        if require_one_iteration:
            loop_vars = loop_vars[1:]
        set_state(loop_vars)
        return _verify_tf_condition(test(), "while loop")

    def aug_body(*loop_vars):
        if require_one_iteration:
            loop_vars = loop_vars[1:]
        set_state(loop_vars)
        body()
        new_vars = get_state()
        _verify_loop_vars(init_vars, loop_vars, new_vars, symbol_names, opts)
        if require_one_iteration:
            new_vars = (True,) + tuple(new_vars)
        return tuple(nest.map_structure(_to_loop_value, list(new_vars)))

    loop_init = tuple(nest.map_structure(_to_loop_value, list(init_vars)))
    if "shape_invariants" in opts:
        opts = dict(opts, shape_invariants=_shape_invariants_by_position(opts["shape_invariants"], init_vars,
                                                                         loop_init))
    loop_opts = {k: v for k, v in opts.items() if k != "iterate_names"}
    loop_opts["return_same_structure"] = True
    if require_one_iteration:
        loop_init = (convert_to_tensor(False),) + loop_init
        if "shape_invariants" in loop_opts:
            loop_opts["shape_invariants"] = (loop_init[0].shape,) + tuple(loop_opts["shape_invariants"])
    final = while_loop_lib.while_loop(aug_test, aug_body, loop_init, **loop_opts)
    final = tuple(final)
    if require_one_iteration:
        message = _runtime_zero_iterations_message(symbol_names, nulls, orig_init_vars)
        assertion = debugging_ops.Assert(final[0], [message])
        graph = ctx_lib.graph_mode_graph()
        if graph is None:
            final = final[1:]
        else:
            with graph.control_dependencies([assertion]):
                final = tuple(nest.map_structure(lambda v: array_ops.identity(v) if is_tensor(v) else v,
                                                 list(final[1:])))
    set_state(final)


# ------------------------------------------------------------------------------------------------
# for
# ------------------------------------------------------------------------------------------------
def for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    """Functional form of ``for`` (TF's ``ag__.for_stmt``): a ``tf.while_loop`` over a ``tf.range`` or a tensor's
    first dimension, ``Dataset.reduce``/``scan`` over a dataset, the iterator's optionals over a dataset
    iterator, and a Python loop over anything else."""
    if is_tensor(iter_):
        if _is_range_tensor(iter_):
            fn = _tf_range_for_stmt
        else:
            fn = _known_len_tf_for_stmt
    elif is_dataset(iter_):
        fn = _tf_dataset_for_stmt
    elif is_dataset_iterator(iter_):
        fn = _tf_iterator_for_stmt
    else:
        fn = _py_for_stmt
    fn(iter_, extra_test, body, get_state, set_state, symbol_names, opts)


def _is_range_tensor(t) -> bool:
    return isinstance(t, SymbolicTensor) and t.op.type == "Range"


_FOR_BREAK_ON_TENSOR = (
    "break and return statements which depend on a TF condition are not supported in Python for loops. Did you "
    "intend to make it a TF loop?\nSee https://github.com/tensorflow/tensorflow/blob/master/tensorflow/python/"
    "autograph/g3doc/reference/limitations.md#consistency-of-control-flow-types for more info.")


def _py_for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    checker = _PythonLoopChecker()
    checker.before_iteration()
    if extra_test is not None:
        if _python_bool(extra_test(), _FOR_BREAK_ON_TENSOR):
            for target in iter_:
                body(target)
                checker.after_iteration()
                checker.before_iteration()
                if not _python_bool(extra_test(), _FOR_BREAK_ON_TENSOR):
                    break
        return
    for target in iter_:
        body(target)
        checker.after_iteration()
        checker.before_iteration()


def _known_len_tf_for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    """Iterates over a tensor's first dimension with a while loop over the index."""
    iter_ = convert_to_tensor(iter_)
    n = py_builtins.len_(iter_)
    iterate_index = 0

    def aug_get_state():
        return (iterate_index,) + tuple(get_state())

    def aug_set_state(aug_loop_vars):
        nonlocal iterate_index
        iterate_index, *loop_vars = aug_loop_vars
        set_state(loop_vars)

    def aug_body():
        nonlocal iterate_index
        body(array_ops.gather(iter_, iterate_index))
        iterate_index += 1

    def aug_test():
        main_test = iterate_index < n
        if extra_test is not None:
            return control_flow_ops.cond(main_test, extra_test, lambda: False)
        return main_test

    _tf_while_stmt(aug_test, aug_body, aug_get_state, aug_set_state, ("<internal iterate>",) + tuple(symbol_names),
                   opts)


def _range_inputs(t):
    op = t.op
    if len(op.inputs) == 3:
        return tuple(op.inputs)
    dtype = op.attrs["dtype"]
    return tuple(array_ops.constant(op.attrs[k], dtype=dtype) for k in ("start", "limit", "delta"))


def _tf_range_for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    """Iterates over a ``tf.range`` without materializing it: a while loop on the iterate."""
    start, limit, delta = _range_inputs(iter_)
    iterate = start
    const_delta = constant_value(delta)
    # A constant step is built into the loop body (a Const there, not an input captured from outside).
    step = delta if const_delta is None else const_delta.item()

    def value_or(name, var, default):
        if name == opts["iterate_names"] and isinstance(var, variables.Undefined):
            return default
        return var

    def aug_get_state():
        state = tuple(value_or(n, v, iterate) for n, v in zip(symbol_names, get_state()))
        return (iterate,) + state

    def aug_set_state(aug_loop_vars):
        nonlocal iterate
        iterate, *loop_vars = aug_loop_vars
        set_state(loop_vars)

    def aug_body():
        nonlocal iterate
        body(iterate)
        iterate += step

    def aug_test():
        if const_delta is not None:
            main_test = iterate < limit if float(const_delta) >= 0 else iterate > limit
        else:
            main_test = math_ops.logical_or(math_ops.logical_and(delta >= 0, iterate < limit),
                                            math_ops.logical_and(delta < 0, iterate > limit))
        if extra_test is not None:
            main_test = control_flow_ops.cond(main_test, extra_test, lambda: False)
        return main_test

    _tf_while_stmt(aug_test, aug_body, aug_get_state, aug_set_state, ("<internal iterate>",) + tuple(symbol_names),
                   opts)


def _tf_iterator_for_stmt(iter_, extra_test, body, get_state, set_state, symbol_names, opts):
    """Iterates over a dataset iterator with ``get_next_as_optional`` (TF's ``_tf_iterator_for_stmt``)."""
    symbol_names = ("<internal has_next>",) + tuple(symbol_names)
    has_next = True

    def aug_get_state():
        return (has_next,) + tuple(get_state())

    def aug_set_state(aug_loop_vars):
        nonlocal has_next
        has_next, *loop_vars = aug_loop_vars
        set_state(loop_vars)

    init_vars = aug_get_state()
    _verify_loop_init_vars(init_vars, symbol_names)

    def aug_body():
        nonlocal has_next
        opt_iterate = iter_.get_next_as_optional()
        has_next = opt_iterate.has_value()
        loop_vars = aug_get_state()

        def main_path():
            body(opt_iterate.get_value())
            new_loop_vars = aug_get_state()
            _verify_loop_vars(init_vars, loop_vars, new_loop_vars, symbol_names, opts)
            return new_loop_vars

        aug_set_state(control_flow_ops.cond(has_next, main_path, lambda: loop_vars))

    def aug_test():
        if extra_test is not None:
            return control_flow_ops.cond(has_next, extra_test, lambda: False)
        return has_next

    _tf_while_stmt(aug_test, aug_body, aug_get_state, aug_set_state, symbol_names, opts)


def _tf_dataset_for_stmt(ds, extra_test, body, get_state, set_state, symbol_names, opts):
    """Iterates over a dataset as TF's ``_tf_ag_dataset_for_stmt`` does: ``scan`` (the loop body), then
    ``take_while`` on the extra test when there is a ``break``/``return``, then ``reduce`` to the final state."""
    init_vars = get_state()
    _verify_loop_init_vars(init_vars, symbol_names)
    if not init_vars:   # Dataset.reduce wants a non-empty state: a dummy one
        init_vars = (convert_to_tensor(0),)
        symbol_names = ("<internal dummy>",)

        def dummy_set_state(unused):
            del unused

        def dummy_get_state():
            return (convert_to_tensor(0),)
        get_state, set_state = dummy_get_state, dummy_set_state

    def scan_body(scan_state, scan_inputs):
        loop_vars, iterate = scan_state, scan_inputs
        set_state(loop_vars)

        def main_path():
            body(iterate)
            new_loop_vars = get_state()
            _verify_loop_vars(init_vars, loop_vars, new_loop_vars, symbol_names, opts, check_shapes=False)
            return new_loop_vars

        if extra_test is not None:
            extra_cond = extra_test()
            new_loop_vars = control_flow_ops.cond(extra_cond, main_path, lambda: loop_vars)
        else:
            extra_cond = (convert_to_tensor(True),)   # unused
            new_loop_vars = main_path()
        return new_loop_vars, (new_loop_vars, extra_cond)

    def take_while_predicate(unused_loop_vars, extra_cond):
        return extra_cond

    def reduce_body(unused_reduce_state, scan_outputs):
        output_loop_vars, unused_extra_cond = scan_outputs
        return output_loop_vars

    ds = ds.scan(tuple(init_vars), scan_body)
    if extra_test is not None:
        ds = ds.take_while(take_while_predicate)
    set_state(ds.reduce(tuple(init_vars), reduce_body))
