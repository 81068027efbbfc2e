"""Oracle tests for tfcompat/_src/ops/compat_v1_variables.py (tf.compat.v1 scatter updates, initialization
checks, partitioners, create_partitioned_variables, make_template, variable_op_scope), in TF1 graph mode through
``oracle.check_v1`` and eagerly where TF2 scripts use them. Every expected value is TF's (live or recorded)."""
from __future__ import annotations

import numpy as np
import pytest

V = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], np.float32)

# name -> (updates op builder(v1, var)); each program returns (the op's value, the variable's value after it).
SCATTER_CASES = {
    "update": lambda v1, v: v1.scatter_update(v, [2, 0], [[9.0, 9.5], [8.0, 8.5]]),
    "update_scalar_index": lambda v1, v: v1.scatter_update(v, 1, [7.0, 7.5]),
    "add_repeated": lambda v1, v: v1.scatter_add(v, [0, 0, 2], np.ones((3, 2), np.float32)),
    "sub": lambda v1, v: v1.scatter_sub(v, [1], [[0.5, 0.25]]),
    "mul_repeated": lambda v1, v: v1.scatter_mul(v, [1, 1], [[2.0, 3.0], [4.0, 0.5]]),
    "div": lambda v1, v: v1.scatter_div(v, [2], [[2.0, 4.0]]),
    "max_min": lambda v1, v: v1.scatter_min(v, [0], [[0.0, 5.0]]),
    "max": lambda v1, v: v1.scatter_max(v, [0, 1], [[0.0, 5.0], [4.0, 1.0]]),
    "nd_update": lambda v1, v: v1.scatter_nd_update(v, [[0, 1], [2, 0]], [10.0, 20.0]),
    "nd_add": lambda v1, v: v1.scatter_nd_add(v, [[1]], [[1.0, 1.0]]),
    "nd_sub": lambda v1, v: v1.scatter_nd_sub(v, [[1, 1], [1, 1]], [1.0, 2.0]),
    "batch_scatter_update": lambda v1, v: v1.batch_scatter_update(v, [[1], [0], [1]], [[7.0], [8.0], [9.0]]),
}


@pytest.mark.parametrize("case", sorted(SCATTER_CASES))
def test_scatter_graph(oracle, case):
    build = SCATTER_CASES[case]

    def prog(v1):
        v = v1.Variable(V)
        op = build(v1, v)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            return sess.run(op), sess.run(v)
    oracle.check_v1(prog)


def test_scatter_eager_int(oracle):
    def prog(tf):
        v = tf.Variable([1, 2, 3])
        tf.compat.v1.scatter_add(v, [0, 2], [10, 20])
        tf.compat.v1.scatter_div(v, [1], [2])
        return v.read_value()
    oracle.check(prog)


def test_assert_variables_initialized(oracle):
    def prog(v1):
        a = v1.Variable(V)
        b = v1.Variable(1.0)
        check, one = v1.assert_variables_initialized(), v1.assert_variables_initialized([b])
        with v1.Session() as sess:
            try:
                sess.run(check)
                before = "ran"
            except v1.errors.FailedPreconditionError:
                before = "FailedPreconditionError"
            sess.run(v1.initialize_variables([a, b]))
            return before, sess.run(check), sess.run(one)
    oracle.check_v1(prog)


def test_assert_variables_initialized_none(oracle):
    oracle.check_v1(lambda v1: v1.assert_variables_initialized())


PARTITIONER_CASES = {
    "fixed": lambda v1, tf: v1.fixed_size_partitioner(3)(shape=tf.TensorShape([2, 4]), dtype=tf.float32),
    "fixed_axis1": lambda v1, tf: v1.fixed_size_partitioner(3, axis=1)(shape=tf.TensorShape([2, 4]),
                                                                        dtype=tf.float32),
    "min_max": lambda v1, tf: v1.min_max_variable_partitioner(4, min_slice_size=8)(tf.TensorShape([10, 3]),
                                                                                    tf.float32),
    "min_max_small": lambda v1, tf: v1.min_max_variable_partitioner(4)(tf.TensorShape([10, 3]), tf.float32),
    "min_max_bad_axis": lambda v1, tf: v1.min_max_variable_partitioner(2, axis=2)(tf.TensorShape([10, 3]),
                                                                                  tf.float32),
    "axis_size": lambda v1, tf: v1.variable_axis_size_partitioner(40)(tf.TensorShape([10, 3]), tf.float32),
    "axis_size_max_shards": lambda v1, tf: v1.variable_axis_size_partitioner(40, max_shards=2)(
        tf.TensorShape([10, 3]), tf.float64),
    "axis_size_not_shape": lambda v1, tf: v1.variable_axis_size_partitioner(40)([10, 3], tf.float32),
    "axis_size_bad": lambda v1, tf: v1.variable_axis_size_partitioner(0),
}


@pytest.mark.parametrize("case", sorted(PARTITIONER_CASES))
def test_partitioners(oracle, case):
    oracle.check(lambda tf: PARTITIONER_CASES[case](tf.compat.v1, tf))


def test_create_partitioned_variables(oracle):
    def prog(v1):
        a = v1.create_partitioned_variables([5, 2], [2, 1], v1.constant_initializer(2.5))
        b = v1.create_partitioned_variables([4], [3], v1.ones_initializer(), name="w")
        c = v1.create_partitioned_variables(
            [4], [3], lambda shape, dtype=None, partition_info=None: v1.fill(
                shape, float(partition_info.var_offset[0]) + 0.5))
        names = [(v.name, v.shape.as_list(), type(v).__name__) for v in a + b + c]
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            return names, sess.run(a + b + c), [v.name for v in v1.trainable_variables()]
    oracle.check_v1(prog)


@pytest.mark.parametrize("shape,slicing", [([4], [2, 1]), ([], []), ([4, 4], [2, 2])])
def test_create_partitioned_variables_errors(oracle, shape, slicing):
    oracle.check_v1(lambda v1: v1.create_partitioned_variables(shape, slicing, v1.zeros_initializer()))


def test_make_template_shares_variables(oracle):
    def prog(v1):
        def f(x, scale=1.0):
            w = v1.get_variable("w", [2], initializer=v1.ones_initializer())
            return x * w * scale
        t = v1.make_template("lin", f, scale=2.0)
        t2 = v1.make_template("lin", f)
        a, b, c = t(v1.constant([1.0, 2.0])), t(v1.constant([3.0, 4.0])), t2(v1.constant([1.0, 1.0]))
        with v1.variable_scope("outer"):
            t3 = v1.make_template("inner", f, create_scope_now_=True)
        d = t3(v1.constant([1.0, 1.0]))
        info = (t.name, t.variable_scope.name, t.variable_scope_name, [v.name for v in t.variables],
                [v.name for v in t.trainable_variables], [v.name for v in t2.variables], t3.variable_scope_name,
                [v.name for v in t3.variables], [x.name for x in (a, b, c, d)],
                [v.name for v in v1.global_variables()])
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            return info, sess.run([a, b, c, d])
    oracle.check_v1(prog)


def test_make_template_new_variable_on_second_call(oracle):
    def prog(v1):
        count = [0]

        def g(x):
            count[0] += 1
            return x + v1.get_variable(f"v{count[0]}", [], initializer=v1.zeros_initializer())
        t = v1.make_template("g", g)
        t(1.0)
        return t(1.0)
    oracle.check_v1(prog, match_message="does not exist")


def test_make_template_tf_variable_on_second_call(oracle):
    def prog(v1):
        def g(x):
            return x + v1.Variable(1.0)
        t = v1.make_template("g", g)
        t(1.0)
        return t(1.0)
    oracle.check_v1(prog, match_message="Trainable variable created when calling a template after the first time")


def test_variable_op_scope(oracle):
    def prog(v1):
        x = v1.constant(1.0)
        with v1.variable_op_scope([x], None, "default") as scope:
            w = v1.get_variable("w", [], initializer=v1.ones_initializer())
            y = v1.identity(x, name="y")
        return scope.name, w.name, y.name
    oracle.check_v1(prog)


def test_report_uninitialized_variables(oracle):
    def prog(v1):
        a = v1.Variable(1.0, name="a")
        b = v1.Variable([2], name="b")
        report = v1.report_uninitialized_variables()
        with v1.Session() as sess:
            first = sess.run(report)
            sess.run(a.initializer)
            second = sess.run(report)
            sess.run(b.initializer)
            return report.shape.as_list(), report.dtype.name, first, second, sess.run(report)
    oracle.check_v1(prog)


def test_report_uninitialized_variables_eager(oracle):
    oracle.check(lambda tf: tf.compat.v1.report_uninitialized_variables())
