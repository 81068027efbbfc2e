"""tf.cond, tf.case, tf.switch_case and tf.while_loop against TF 2.21 (ops/control_flow_ops.py,
ops/control_flow_case.py, ops/while_loop.py, ops/control_flow_util.py).

Graph programs run under ``tf.compat.v1`` in a fresh graph (``oracle.check_v1``: TF2's control flow v2, as a TF1
script gets in TF 2.21); tf.function programs under the TF2 API. Every expected value comes from TF."""
from __future__ import annotations

import collections

import numpy as np
import pytest

Pair = collections.namedtuple("Pair", ["a", "b"])


def _run(tf, fetches, feed=None, init=False):
    with tf.Session() as s:
        if init:
            s.run(tf.global_variables_initializer())
        return s.run(fetches, feed)


def _names(tensors):
    return [t.name if t is not None else None for t in tensors]


# ------------------------------------------------------------------------------------------------
# tf.cond in a graph
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("value", [-1.0, 0.0, 4.0])
def test_cond_values_gradients_and_names(oracle, value):
    def prog(tf):
        x = tf.placeholder(tf.float32, [])
        # At x < 0 the untaken sqrt branch is NaN: its gradient must not leak into the result (TF: 0).
        y = tf.cond(x > 0, lambda: tf.sqrt(x), lambda: tf.zeros_like(x))
        z = tf.cond(x > 0, lambda: (x * 2.0, x), lambda: (x * 3.0, x * x), name="mycond")
        w = tf.cond(x > 0, lambda: tf.ones([2]), lambda: tf.zeros([3]))
        grads = (tf.gradients(y, x) + tf.gradients(z[0] + z[1], x)
                 + tf.gradients(tf.reduce_sum(w), x, unconnected_gradients="zero"))
        static = [(t.name, t.shape.as_list() if t.shape.rank is not None else None, t.dtype.name)
                  for t in [y, *z, w]]
        return _run(tf, [y, z, w, grads], {x: value}), static
    oracle.check_v1(prog)


def test_cond_runs_only_the_taken_branch(oracle):
    def prog(tf):
        p = tf.placeholder(tf.bool, [])
        x = tf.placeholder(tf.float32, [])
        v = tf.Variable(0.0)
        # Both branches assign (only the taken one may), and the false one fails when it runs (log(-1) is NaN).
        y = tf.cond(p, lambda: v.assign_add(1.0) * x, lambda: v.assign_add(10.0) * x)
        y = tf.cond(p, lambda: y, lambda: tf.debugging.check_numerics(tf.math.log(-1.0 + 0.0 * x), "bad"))
        out = []
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            out.append(s.run(y, {p: True, x: 3.0}))
            out.append(s.run(y, {p: True, x: 3.0}))
            out.append(s.run(v))
            try:
                s.run(y, {p: False, x: 3.0})
            except tf.errors.InvalidArgumentError as e:
                out.append(("InvalidArgumentError", "Tensor had NaN values" in e.message))
            out.append(s.run(v))
        return out
    oracle.check_v1(prog)


def test_untaken_branch_python_side_effects_do_not_run(oracle):
    def prog(tf):
        calls = []

        def log(tag):
            def record(v):
                calls.append((tag, float(v)))
                return v
            return record
        p = tf.placeholder(tf.bool, [])
        x = tf.placeholder(tf.float32, [])
        y = tf.cond(p, lambda: tf.py_func(log("true"), [x], tf.float32),
                    lambda: tf.py_func(log("false"), [x * 2.0], tf.float32))
        with tf.Session() as s:
            values = [s.run(y, {p: v, x: 1.5}) for v in (True, False, True)]
        return values, calls
    oracle.check_v1(prog)


def test_cond_captured_placeholder_must_be_fed_as_in_tf(oracle):
    def prog(tf):
        p = tf.placeholder(tf.bool, [])
        x = tf.placeholder(tf.float32, [])
        y = tf.placeholder(tf.float32, [])
        out = tf.cond(p, lambda: x * 2.0, lambda: y + 1.0)  # y is an input of the If op, as in TF
        return _run(tf, out, {p: True, x: 3.0})
    oracle.check_v1(prog, match_message="You must feed a value for placeholder tensor")


# A [2]-shaped predicate aborts TF's Session (the process dies), so it is checked inside tf.function only.
@pytest.mark.parametrize("case", ["float", "int", "length_one", "python_bool"])
def test_cond_predicate_checks(oracle, case):
    def prog(tf):
        x = tf.placeholder(tf.float32, [])
        pred = {"float": lambda: x, "int": lambda: tf.constant(1), "vector": lambda: tf.constant([True, False]),
                "length_one": lambda: tf.constant([False]), "python_bool": lambda: True}[case]()
        y = tf.cond(pred, lambda: x + 1.0, lambda: x - 1.0)
        return _run(tf, y, {x: 2.0})
    oracle.check_v1(prog)


@pytest.mark.parametrize("case", ["float", "int", "vector"])
def test_cond_predicate_checks_in_tf_function(oracle, case):
    def prog(tf):
        f = tf.function(lambda p: tf.cond(p, lambda: 1.0, lambda: 2.0))
        return f({"float": tf.constant(1.0), "int": tf.constant(1), "vector": tf.constant([True, False])}[case])
    oracle.check(prog, match_message="must be a scalar" if case == "vector" else "expected bool")


@pytest.mark.parametrize("case", ["fn1_fn2", "fn1_and_true_fn", "missing_false", "not_callable", "structure",
                                  "dtype", "none_vs_tensor"])
def test_cond_argument_errors(oracle, case):
    def prog(tf):
        x = tf.placeholder(tf.float32, [])
        if case == "fn1_fn2":
            return _run(tf, tf.cond(x > 0, fn1=lambda: x, fn2=lambda: -x), {x: -2.0})
        if case == "fn1_and_true_fn":
            return tf.cond(x > 0, lambda: x, fn1=lambda: x, false_fn=lambda: x)
        if case == "missing_false":
            return tf.cond(x > 0, lambda: x)
        if case == "not_callable":
            return tf.cond(x > 0, x, lambda: x)
        if case == "structure":
            return tf.cond(x > 0, lambda: (x, x), lambda: (x, [x]))
        if case == "dtype":
            return tf.cond(x > 0, lambda: tf.ones([2]), lambda: tf.zeros([2], tf.int32))
        return tf.cond(x > 0, lambda: None, lambda: x)
    oracle.check_v1(prog)


def test_cond_result_structures(oracle):
    def prog(tf):
        x = tf.placeholder(tf.float32, [])
        p = x > 0
        nested = tf.cond(p, lambda: {"a": (x, 2), "b": Pair(x * 2.0, [x])}, lambda: {"a": (-x, 4), "b": Pair(x, [x])})
        single = tf.cond(p, lambda: [x], lambda: [x * 3.0])      # TF2's cond keeps the singleton list
        nothing = tf.cond(p, lambda: None, lambda: None)
        op_result = tf.cond(p, lambda: tf.no_op(), lambda: tf.no_op())
        runs = [_run(tf, [nested, single, op_result], {x: v}) for v in (1.5, -1.5)]
        return runs, nothing, type(nested["b"]).__name__, type(single).__name__, op_result.dtype
    oracle.check_v1(prog)


def test_tf2_cond_keeps_singleton_results_and_takes_no_v1_arguments(oracle):
    """TF2's ``tf.cond`` is ``cond_for_tf_v2`` (strict): eagerly too, a one-element list stays a list, and
    ``strict``/``fn1`` are refused; ``tf.compat.v1.cond`` unpacks it eagerly."""
    def prog(tf):
        t, f = (lambda: [tf.constant(1)]), (lambda: [tf.constant(2)])
        out = [tf.cond(tf.constant(True), t, f), tf.compat.v1.cond(tf.constant(True), t, f),
               tf.function(lambda: tf.cond(tf.constant(False), t, f))()]
        for kwargs in ({"strict": True}, {"fn1": t, "fn2": f}):
            try:
                tf.cond(tf.constant(True), t, f, **kwargs) if "strict" in kwargs else tf.cond(True, **kwargs)
            except TypeError as e:
                out.append(type(e).__name__)
        return out
    oracle.check(prog)


def test_nested_cond_captures_through_two_levels(oracle):
    def prog(tf):
        x = tf.placeholder(tf.float32, [])
        y = tf.placeholder(tf.float32, [])
        out = tf.cond(x > 0, lambda: tf.cond(y > 0, lambda: x * y, lambda: x - y), lambda: y * 10.0)
        g = tf.gradients(out, [x, y])
        return [_run(tf, [out, g], {x: a, y: b}) for a, b in [(2.0, 3.0), (2.0, -3.0), (-2.0, 3.0)]]
    oracle.check_v1(prog)


def test_cond_gradient_with_respect_to_a_variable(oracle):
    def prog(tf):
        p = tf.placeholder(tf.bool, [])
        w = tf.Variable([1.0, -2.0])
        loss = tf.cond(p, lambda: tf.reduce_sum(w * w), lambda: tf.reduce_sum(tf.abs(w)) * 3.0)
        g = tf.gradients(loss, w)
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            return [s.run([loss, g], {p: v}) for v in (True, False)]
    oracle.check_v1(prog)


def test_cond_in_tf_function_with_tape_and_variable(oracle):
    def prog(tf):
        w = tf.Variable(2.0)

        @tf.function
        def f(x):
            with tf.GradientTape() as t:
                t.watch(x)
                y = tf.cond(x > 0, lambda: x * w * w, lambda: tf.sqrt(-x) + w)
            return y, t.gradient(y, [x, w])
        return [f(tf.constant(v)) for v in (3.0, -4.0)] + [f.experimental_get_tracing_count()]
    oracle.check(prog)


def test_cond_assign_in_tf_function_is_ordered(oracle):
    def prog(tf):
        v = tf.Variable(1.0)

        @tf.function
        def f(x):
            tf.cond(x > 0, lambda: v.assign_add(x), lambda: v.assign_sub(1.0))
            return v.read_value() * 2.0
        return [f(tf.constant(2.0)), f(tf.constant(-5.0)), v.read_value()]
    oracle.check(prog)


# ------------------------------------------------------------------------------------------------
# tf.case and tf.switch_case
# ------------------------------------------------------------------------------------------------
@pytest.mark.parametrize("xv", [-3, 0, 1, 5])
def test_case_graph_values_default_and_exclusive(oracle, xv):
    def prog(tf):
        x = tf.placeholder(tf.int32, [])
        r1 = tf.case([(x < 0, lambda: tf.constant(-1)), (x > 2, lambda: tf.constant(1))], default=lambda: x * 10)
        r2 = tf.case([(x < 1, lambda: tf.constant(10)), (x < 2, lambda: tf.constant(20))],
                     default=lambda: tf.constant(30), exclusive=True)
        r3 = tf.case([(x < 0, lambda: tf.constant(7)), (x >= 0, lambda: tf.constant(8))])  # last pair = default
        out = []
        with tf.Session() as s:
            for r in (r1, r2, r3):
                try:
                    out.append(s.run(r, {x: xv}))
                except tf.errors.InvalidArgumentError as e:
                    out.append(("InvalidArgumentError", "more than 1 conditions" in e.message))
        return out, r1.name
    oracle.check_v1(prog)


def test_case_no_default_none_true_raises_at_run(oracle):
    def prog(tf):
        x = tf.placeholder(tf.int32, [])
        r = tf.case([(x < 0, lambda: tf.constant(7)), (x > 5, lambda: tf.constant(8))])
        return _run(tf, r, {x: 2})
    oracle.check_v1(prog, match_message="None of conditions evaluated as True")


@pytest.mark.parametrize("case", ["python_bool", "int_pred", "not_pairs", "not_callable"])
def test_case_argument_errors(oracle, case):
    def prog(tf):
        x = tf.constant(1)
        pairs = {"python_bool": [(True, lambda: x)], "int_pred": [(x, lambda: x)], "not_pairs": x,
                 "not_callable": [(x > 0, 1)]}[case]
        return tf.case(pairs, default=lambda: x)
    oracle.check(prog)
    oracle.check_v1(prog)


def test_case_eager(oracle):
    def prog(tf):
        x = tf.constant(3)
        return [tf.case([(x < 0, lambda: tf.constant(-1)), (x > 2, lambda: tf.constant(1))], default=lambda: x),
                tf.case([(x > 0, lambda: tf.constant(-1))], default=lambda: x, exclusive=True)]
    oracle.check(prog)


@pytest.mark.parametrize("index", [0, 1, 2, -1, 7])
def test_switch_case_graph(oracle, index):
    def prog(tf):
        i = tf.placeholder(tf.int32, [])
        x = tf.placeholder(tf.float32, [])
        r = tf.switch_case(i, [lambda: x * 2.0, lambda: x * x, lambda: tf.sin(x)])
        r2 = tf.switch_case(i, {0: lambda: x, 1: lambda: x + 1.0}, default=lambda: x * 0.0)
        g = tf.gradients(r, x)
        return _run(tf, [r, r2, g], {i: index, x: 3.0}), r.name
    oracle.check_v1(prog)


@pytest.mark.parametrize("case", ["python_int", "float_index", "keys", "empty", "not_callable"])
def test_switch_case_errors(oracle, case):
    def prog(tf):
        fns = [lambda: tf.constant(1.0), lambda: tf.constant(2.0)]
        if case == "python_int":
            return tf.switch_case(1, fns)
        if case == "float_index":
            return tf.switch_case(tf.constant(1.0), fns)
        if case == "keys":
            return tf.switch_case(tf.constant(1), {0: fns[0], 2: fns[1]})
        if case == "empty":
            return tf.switch_case(tf.constant(1), [])
        return tf.switch_case(tf.constant(1), [(0, 1.0)])
    oracle.check(prog)
    oracle.check_v1(prog)


def test_switch_case_eager_and_tf_function(oracle):
    def prog(tf):
        fns = [lambda: tf.constant(10), lambda: tf.constant(20), lambda: tf.constant(30)]
        f = tf.function(lambda i: tf.switch_case(i, fns))
        return [tf.switch_case(tf.constant(1), fns), tf.switch_case(tf.constant(9), fns), f(tf.constant(0)),
                f(tf.constant(-4))]
    oracle.check(prog)


# ------------------------------------------------------------------------------------------------
# tf.while_loop in a graph: values, structures, names
# ------------------------------------------------------------------------------------------------
def test_while_loop_values_names_and_gradients(oracle):
    def prog(tf):
        x = tf.placeholder(tf.float32, [])
        r = tf.while_loop(lambda i, a: i < 5, lambda i, a: (i + 1, a * x), [tf.constant(0), tf.constant(1.0)])
        g = tf.gradients(r[1], x) + tf.gradients(r[0], x)
        static = [(t.name, t.dtype.name, t.shape.as_list()) for t in r]
        return _run(tf, [r, g[0]], {x: 2.0}), g[1], static, type(r).__name__
    oracle.check_v1(prog)


@pytest.mark.parametrize("case", ["tuple", "namedtuple", "dict_in_list", "single_list", "rss_single", "name",
                                  "python_values"])
def test_while_loop_structures(oracle, case):
    def prog(tf):
        c = tf.constant
        if case == "tuple":
            r = tf.while_loop(lambda a, b: a < 5, lambda a, b: (a + 1, b * 2.0), (c(0), c(1.0)))
        elif case == "namedtuple":
            r = tf.while_loop(lambda i, p: i < 4, lambda i, p: (i + 1, Pair(p.a + p.b, p.a - p.b)),
                              (c(0), Pair(c(1), c(2))))
        elif case == "dict_in_list":
            r = tf.while_loop(lambda d: d["a"] < 5, lambda d: {"a": d["a"] + 1, "b": d["b"] * 2.0},
                              [{"b": c(1.0), "a": c(0)}])
        elif case == "single_list":
            r = tf.while_loop(lambda a: a < 50, lambda a: (a + 7,), [c(1)])
        elif case == "rss_single":
            r = tf.while_loop(lambda a: a < 50, lambda a: [a + 7], [c(1)], return_same_structure=True)
        elif case == "name":
            r = tf.while_loop(lambda a: a < 50, lambda a: a + 1, [c(1)], name="myloop")
        else:
            r = tf.while_loop(lambda a, b: a < 5, lambda a, b: (a + 1, b + 0.5), [1, 2.0])
        return _run(tf, r), _names(tf.nest.flatten(r)), str(type(r).__name__)
    oracle.check_v1(prog)


@pytest.mark.parametrize("case", ["single_tensor", "struct_change", "dtype_change", "not_callable", "empty",
                                  "parallel_iterations", "shape_change", "invariant_structure"])
def test_while_loop_build_errors(oracle, case):
    def prog(tf):
        c = tf.constant
        if case == "single_tensor":
            return tf.while_loop(lambda a: a < 5, lambda a: a + 1, c(1))
        if case == "struct_change":
            return tf.while_loop(lambda a: a < 5, lambda a: (a + 1, a), [c(1)])
        if case == "dtype_change":
            return tf.while_loop(lambda a: a < 5, lambda a: tf.cast(a, tf.int64) + 1, [c(1)])
        if case == "not_callable":
            return tf.while_loop(1, lambda a: a, [c(1)])
        if case == "empty":
            return tf.while_loop(lambda: True, lambda: (), [])
        if case == "parallel_iterations":
            return tf.while_loop(lambda a: a < 5, lambda a: a + 1, [c(1)], parallel_iterations=0)
        if case == "shape_change":
            return tf.while_loop(lambda a: tf.shape(a)[0] < 5, lambda a: tf.concat([a, [1.0]], 0), [c([1.0])])
        return tf.while_loop(lambda a: a < 5, lambda a: a + 1, [c(1)], shape_invariants=[tf.TensorShape(None)] * 2)
    oracle.check_v1(prog)


def test_while_loop_shape_invariants(oracle):
    def prog(tf):
        n = tf.placeholder(tf.int32, [])
        i0, m0 = tf.constant(0), tf.ones([2, 2])
        r = tf.while_loop(lambda i, m: i < n, lambda i, m: [i + 1, tf.concat([m, m], axis=0)], [i0, m0],
                          shape_invariants=[i0.get_shape(), tf.TensorShape([None, 2])])
        free = tf.while_loop(lambda a: tf.size(a) < 8, lambda a: tf.reshape(tf.concat([a, a], 0), [2, -1]),
                             [tf.constant([1.0])], shape_invariants=[tf.TensorShape(None)])
        return _run(tf, [r, free], {n: 3}), [t.shape.as_list() for t in r], free.shape.rank
    oracle.check_v1(prog)


def test_while_loop_maximum_iterations(oracle):
    def prog(tf):
        m = tf.placeholder(tf.int32, [])
        a = tf.while_loop(lambda a: a < 50, lambda a: a + 1, [tf.constant(1)], maximum_iterations=3)
        b = tf.while_loop(lambda a: a < 50, lambda a: a + 1, [tf.constant(1)], maximum_iterations=m)
        c = tf.while_loop(lambda a: a < 5, lambda a: a + 1, [tf.constant(1)], maximum_iterations=100)
        zero = tf.while_loop(lambda a: a < 50, lambda a: a + 1, [tf.constant(1)], maximum_iterations=0)
        return [_run(tf, [a, b, c, zero], {m: v}) for v in (0, 10, 1000)]
    oracle.check_v1(prog)


def test_nested_while_loops(oracle):
    def prog(tf):
        x = tf.placeholder(tf.float32, [])

        def outer_body(i, acc):
            inner = tf.while_loop(lambda j, s: j < i, lambda j, s: (j + 1, s + x * tf.cast(j, tf.float32)),
                                  [tf.constant(0), tf.constant(0.0)])[1]
            return i + 1, acc + inner
        r = tf.while_loop(lambda i, acc: i < 4, outer_body, [tf.constant(0), tf.constant(0.0)])
        return _run(tf, [r, tf.gradients(r[1], x)], {x: 1.5})
    oracle.check_v1(prog)


def test_cond_inside_while_and_while_inside_cond(oracle):
    def prog(tf):
        x = tf.placeholder(tf.float32, [])
        r = tf.while_loop(lambda i, a: i < 6,
                          lambda i, a: (i + 1, tf.cond(i % 2 == 0, lambda: a + x, lambda: a * x)),
                          [tf.constant(0), tf.constant(1.0)])[1]
        s = tf.cond(x > 0, lambda: tf.while_loop(lambda a: a < 100.0, lambda a: a * x, [x]), lambda: -x)
        return [_run(tf, [r, s, tf.gradients(r, x), tf.gradients(s, x)], {x: v}) for v in (1.5, -2.0)]
    oracle.check_v1(prog)


# ------------------------------------------------------------------------------------------------
# TensorArrays and variables in loop bodies
# ------------------------------------------------------------------------------------------------
def test_while_loop_with_tensor_arrays(oracle):
    def prog(tf):
        x = tf.placeholder(tf.float32, [None, 3])
        n = tf.shape(x)[0]
        grow = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
        rows = tf.TensorArray(tf.float32, size=n).unstack(x)

        def body(i, ta, acc):
            row = rows.read(i)
            return i + 1, ta.write(i, row * 2.0), acc + tf.reduce_sum(x[i])
        _, ta, acc = tf.while_loop(lambda i, ta, acc: i < n, body, [0, grow, 0.0])
        st = ta.stack()

        def scatter_body(i, t):  # scatter and unstack inside the body
            pieces = tf.TensorArray(tf.float32, size=2).unstack(tf.stack([x[i], -x[i]]))
            return i + 1, t.scatter(tf.stack([2 * i, 2 * i + 1]), tf.stack([pieces.read(1), pieces.read(0)]))
        _, sc = tf.while_loop(lambda i, t: i < n, scatter_body,
                              [0, tf.TensorArray(tf.float32, size=2 * n, element_shape=[3])])
        picked = ta.gather([2, 0])
        scat = tf.TensorArray(tf.float32, size=4).scatter([3, 1], x[:2]).stack()
        g = tf.gradients(tf.reduce_sum(st * st) + tf.reduce_sum(picked), x)
        g2 = tf.gradients(tf.reduce_sum(sc.stack() * tf.range(24.0)[:, None][:8]), x)
        out = _run(tf, [st, acc, picked, scat, ta.size(), g, sc.stack(), g2],
                   {x: np.arange(12, dtype=np.float32).reshape(4, 3)})
        return out, st.shape.as_list(), ta.element_shape.as_list()
    oracle.check_v1(prog)


def test_while_loop_reads_and_assigns_variables_every_iteration(oracle):
    def prog(tf):
        x = tf.placeholder(tf.float32, [None, 2])
        w = tf.Variable([1.0, 2.0])
        count = tf.Variable(0.0)
        n = tf.shape(x)[0]

        def body(i, total):
            with tf.control_dependencies([count.assign_add(1.0)]):
                return i + 1, total + tf.reduce_sum(w * x[i]) + count
        # parallel_iterations=1: TF's default lets the next iterations' assigns race ahead of this one's read
        # (TF reads 3, 3, 3 here); tfcompat runs iterations one after another, as TF does with 1.
        _, total = tf.while_loop(lambda i, t: i < n, body, [0, 0.0], parallel_iterations=1)
        g = tf.gradients(total, [w, x])
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            feed = {x: [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]}
            return [s.run([total, g], feed), s.run(count), s.run(total, feed), s.run(count)]
    oracle.check_v1(prog)


def test_while_loop_body_creates_variables_with_get_variable(oracle):
    def prog(tf):
        with tf.variable_scope("sc"):
            r = tf.while_loop(lambda i: i < 3.0,
                              lambda i: i + tf.reduce_sum(tf.get_variable("w", [2],
                                                                          initializer=tf.ones_initializer())),
                              [tf.constant(0.0)])
        names = [v.name for v in tf.global_variables()]
        return _run(tf, r, init=True), names
    oracle.check_v1(prog)


# ------------------------------------------------------------------------------------------------
# gradients through loops
# ------------------------------------------------------------------------------------------------
def test_while_loop_gradient_none_ness_and_captures(oracle):
    def prog(tf):
        x = tf.placeholder(tf.float32, [])
        y = tf.placeholder(tf.float32, [])
        r = tf.while_loop(lambda i, a, b: i < 3, lambda i, a, b: (i + 1, a * 2.0, b * x), [0, y, 1.0])
        r2 = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * 2.0), [0, y])
        g = tf.gradients(r[1], [x, y]) + tf.gradients(r[2], [x, y]) + tf.gradients(r2[1], [x, y])
        return [t is None for t in g], _run(tf, [t for t in g if t is not None], {x: 2.0, y: 3.0})
    oracle.check_v1(prog)


def test_while_loop_second_order_and_stop_gradient(oracle):
    def prog(tf):
        x = tf.placeholder(tf.float32, [])
        r = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * x), [0, 1.0])[1]   # x ** 3
        (g,) = tf.gradients(r, x)
        (gg,) = tf.gradients(g, x)
        s = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * tf.stop_gradient(x) + x), [0, 0.0])[1]
        return _run(tf, [r, g, gg, tf.gradients(s, x)], {x: 2.0})
    oracle.check_v1(prog)


def test_while_loop_back_prop_false(oracle):
    def prog(tf):
        x = tf.placeholder(tf.float32, [])
        r = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * x), [0, 1.0], back_prop=False)
        return tf.gradients(r[1], x), _run(tf, r, {x: 2.0})
    oracle.check_v1(prog)


def test_while_loop_custom_gradient_in_body(oracle):
    def prog(tf):
        @tf.custom_gradient
        def clip_grad(v):
            def grad(dy):
                return tf.clip_by_value(dy, -0.5, 0.5)
            return v * 1.0, grad
        x = tf.placeholder(tf.float32, [])
        r = tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, clip_grad(a * x)), [0, 1.0])[1]
        return _run(tf, [r, tf.gradients(r, x)], {x: 3.0})
    oracle.check_v1(prog)


def test_while_loop_gradient_with_respect_to_captured_variable(oracle):
    def prog(tf):
        w = tf.Variable(1.5)
        r = tf.while_loop(lambda i, a: i < 4, lambda i, a: (i + 1, a * w + 1.0), [0, 1.0])[1]
        g = tf.gradients(r, w)
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            return s.run([r, g])
    oracle.check_v1(prog)


def test_while_loop_in_tf_function_tapes_inside_and_outside(oracle):
    def prog(tf):
        w = tf.Variable([1.0, 2.0])
        count = tf.Variable(0.0)

        @tf.function
        def inside(x, n):
            with tf.GradientTape() as t:
                t.watch(x)

                def body(i, a):
                    count.assign_add(1.0)
                    return i + 1, a * x + w
                _, a = tf.while_loop(lambda i, a: i < n, body, [tf.constant(0), tf.ones([2])])
                loss = tf.reduce_sum(a)
            return loss, t.gradient(loss, [x, w])

        @tf.function
        def plain(x):
            return tf.while_loop(lambda i, a: i < 3, lambda i, a: (i + 1, a * x), [0, 1.0])[1]

        x = tf.constant([0.5, 2.0])
        first = inside(x, tf.constant(3))
        second = inside(x, tf.constant(1))
        s = tf.constant(2.0)
        with tf.GradientTape() as t2:
            t2.watch(s)
            with tf.GradientTape() as t1:
                t1.watch(s)
                y = plain(s)
            dy = t1.gradient(y, s)
        return first, second, count.read_value(), y, dy, t2.gradient(dy, s)
    oracle.check(prog)


def test_while_loop_error_in_body_names_the_op(oracle):
    def prog(tf):
        x = tf.placeholder(tf.float32, [])
        r = tf.while_loop(lambda i, a: i < 5,
                          lambda i, a: (i + 1, tf.debugging.check_numerics(a - 2.0, "went negative")
                                        if False else tf.debugging.check_numerics(tf.sqrt(a - 2.0), "sqrt bad")),
                          [0, x])
        return _run(tf, r, {x: 20.0})
    oracle.check_v1(prog, match_message="sqrt bad")


@pytest.mark.parametrize("case", ["int_cond", "python_cond"])
def test_while_loop_cond_checks(oracle, case):
    def prog(tf):
        cond = (lambda a: a) if case == "int_cond" else (lambda a: a < 3)
        r = tf.while_loop(cond, lambda a: a + 1, [tf.constant(1)])
        return _run(tf, r)
    oracle.check_v1(prog)


# ------------------------------------------------------------------------------------------------
# eager while_loop
# ------------------------------------------------------------------------------------------------
def test_eager_while_loop(oracle):
    def prog(tf):
        c = tf.constant
        a = tf.while_loop(lambda i, x: i < 4, lambda i, x: (i + 1, x * 2.0), [c(0), c(1.5)])
        b = tf.while_loop(lambda i: i < 10, lambda i: i + 3, [c(0)], maximum_iterations=2)
        d = tf.while_loop(lambda p: p.a < 3, lambda p: Pair(p.a + 1, p.b * 2), [Pair(c(0), c(1))])
        ta = tf.while_loop(lambda i, t: i < 3, lambda i, t: (i + 1, t.write(i, tf.cast(i, tf.float32) * 2.0)),
                           [c(0), tf.TensorArray(tf.float32, size=3)])[1].stack()
        return a, b, d, ta
    oracle.check(prog)


def test_graph_op_names_and_uniquification(oracle):
    """Op names of the outer graph (TF2 control flow: one If / While op, named after its scope, with its
    Identity outputs), uniquified like TF's across repeated and nested scopes."""
    def prog(tf):
        p = tf.placeholder(tf.bool, [], name="p")
        a = tf.cond(p, lambda: tf.constant(1.0), lambda: tf.constant(2.0))
        b = tf.cond(p, lambda: (tf.constant(1), tf.constant(2.0)), lambda: (tf.constant(3), tf.constant(4.0)))
        with tf.name_scope("outer"):
            c = tf.cond(p, lambda: tf.constant(1.0), lambda: tf.constant(2.0), name="pick")
            w = tf.while_loop(lambda i: i < 3, lambda i: i + 1, [tf.constant(0)])
        w2 = tf.while_loop(lambda i, s: i < 3, lambda i, s: (i + 1, s * 2.0), [tf.constant(0), tf.constant(1.0)],
                           name="loop")
        w3 = tf.while_loop(lambda i: i < 3, lambda i: i + 1, [tf.constant(0)])
        return ([op.name for op in tf.get_default_graph().get_operations()],
                _names([a, *b, c, w, *w2, w3]), [op.type for op in tf.get_default_graph().get_operations()])
    oracle.check_v1(prog)


def test_nested_structures_and_loops_in_tf_function(oracle):
    def prog(tf):
        @tf.function
        def f(x):
            def outer(i, state):
                acc, ta = state["acc"], state["ta"]
                inner = tf.while_loop(lambda j, s: j < i, lambda j, s: (j + 1, s + x[j]), (0, tf.zeros([2])))[1]
                return i + 1, {"acc": acc + inner, "ta": ta.write(i, inner)}
            n = tf.shape(x)[0]
            _, out = tf.while_loop(lambda i, s: i < n, outer,
                                   (0, {"acc": tf.zeros([2]), "ta": tf.TensorArray(tf.float32, size=n)}))
            return out["acc"], out["ta"].stack()
        return f(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]))
    oracle.check(prog)


def test_control_dependency_on_an_op_inside_a_branch_is_rejected(oracle):
    """An op made inside a cond branch (a batch-norm update added to a collection) is not an element of the
    outer graph: TF's ValueError when it becomes a control dependency there."""
    def prog(tf):
        x = tf.placeholder(tf.float32, [])
        v = tf.Variable(0.0)

        def branch():
            tf.add_to_collection("updates", v.assign_add(1.0).op)
            return x * 2.0
        y = tf.cond(x > 0, branch, lambda: x)
        with tf.control_dependencies(tf.get_collection("updates")):
            return tf.identity(y)
    oracle.check_v1(prog, match_message="is not an element of this graph")
