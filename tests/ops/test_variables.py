"""TF1 graph variables: names, initializers, assign ops, initialized_value, collections, uninitialized reads.

Oracle tests: the same program in real TF (``tf1``) and tfcompat (``tfc1``)."""
from __future__ import annotations

import numpy as np
import pytest


def test_variable_names_and_uniquing(tf1, tfc1):
    def program(tf):
        a = tf.Variable(1.0, name="W")
        b = tf.Variable(2.0, name="W")
        c = tf.Variable(3.0)
        d = tf.Variable(4.0)
        with tf.name_scope("layer"):
            e = tf.Variable([1, 2], name="W")
        return [(v.name, v.op.name, v.shape.as_list(), v.dtype.base_dtype.name) for v in (a, b, c, d, e)]
    assert program(tfc1) == program(tf1)


def test_assign_ops_and_values(tf1, tfc1):
    def program(tf):
        v = tf.Variable([1.0, 2.0], name="v")
        a = v.assign([5.0, 6.0])
        add = v.assign_add([1.0, 1.0])
        sub = tf.assign_sub(v, [0.5, 0.5])
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            out = [sess.run(v), sess.run(a), sess.run(add), sess.run(sub), sess.run(v)]
            out.append(sess.run(v.read_value()))
        return out
    ref, got = program(tf1), program(tfc1)
    for g, r in zip(got, ref):
        np.testing.assert_allclose(g, r)
        assert g.dtype == r.dtype


def test_uninitialized_variable_raises_failed_precondition_naming_it(tf1, tfc1):
    msgs = []
    for tf in (tf1, tfc1):
        v = tf.Variable(1.0, name="weights")
        y = v * 2.0
        with tf.Session() as sess:
            with pytest.raises(tf.errors.FailedPreconditionError) as e:
                sess.run(y)
        msgs.append(str(e.value))
    assert "weights" in msgs[0] and "weights" in msgs[1]


def test_initialized_value_and_initial_value(tfc1):
    # TF 2.21's graph variables (resource variables) no longer implement initialized_value(); the expected
    # values are TF1's RefVariable behaviour, derived by hand: w = 2 * 3, v's initial value 3, then 10.
    tf = tfc1
    v = tf.Variable(3.0, name="v")
    w = tf.Variable(v.initialized_value() * 2.0, name="w")
    with tf.Session() as sess:
        sess.run(w.initializer)           # v's initializer never ran: initialized_value computes it
        out = [sess.run(w), sess.run(v.initial_value)]
        sess.run(v.initializer)
        sess.run(v.assign(10.0))
        out.append(sess.run(v.initialized_value()))
    np.testing.assert_allclose(out, [6.0, 3.0, 10.0])


def test_initializers_for_lists_and_collections(tf1, tfc1):
    def program(tf):
        a = tf.Variable(1.0, name="a")
        b = tf.Variable(2.0, name="b", trainable=False)
        c = tf.Variable(3.0, name="c", collections=[tf.GraphKeys.LOCAL_VARIABLES])
        out = [[v.name for v in tf.global_variables()], [v.name for v in tf.trainable_variables()],
               [v.name for v in tf.local_variables()]]
        with tf.Session() as sess:
            sess.run(tf.variables_initializer([a]))
            out.append(sess.run(a))
            sess.run(tf.initialize_all_variables())
            sess.run(tf.local_variables_initializer())
            out.append(sess.run([a, b, c]))
            out.append(sess.run(tf.is_variable_initialized(b)))
        return out
    ref, got = program(tf1), program(tfc1)
    assert got[:3] == ref[:3]
    np.testing.assert_allclose(got[3], ref[3])
    np.testing.assert_allclose(got[4], ref[4])
    assert bool(got[5]) == bool(ref[5])


def test_global_variables_initializer_name_and_type(tf1, tfc1):
    def program(tf):
        tf.Variable(1.0)
        init = tf.global_variables_initializer()
        init2 = tf.global_variables_initializer()
        return [init.name, init.type, init2.name]
    assert program(tfc1) == program(tf1)


def test_variable_from_callable_and_dtype(tf1, tfc1):
    def program(tf):
        v = tf.Variable(lambda: tf.ones([2, 3]), name="v")
        w = tf.Variable(np.arange(4), name="w")
        x = tf.Variable(1, dtype=tf.float64)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            vals = sess.run([v, w, x])
        return [(t.name, t.shape.as_list(), t.dtype.base_dtype.name) for t in (v, w, x)], vals
    ref, got = program(tf1), program(tfc1)
    assert got[0] == ref[0]
    for g, r in zip(got[1], ref[1]):
        np.testing.assert_allclose(g, r)
        assert np.asarray(g).dtype == np.asarray(r).dtype


def test_variable_load_and_eval(tf1, tfc1):
    def program(tf):
        v = tf.Variable([1.0, 2.0])
        with tf.Session() as sess:
            sess.run(v.initializer)
            v.load([7.0, 8.0], sess)
            return v.eval()
    np.testing.assert_allclose(program(tfc1), program(tf1))


def test_assign_wrong_shape_raises(tf1, tfc1):
    for tf in (tf1, tfc1):
        v = tf.Variable([1.0, 2.0])
        with pytest.raises(ValueError):
            v.assign([1.0, 2.0, 3.0])
        with pytest.raises(ValueError):   # graph: shape inference of AssignAddVariableOp rejects it
            v.assign_add([1.0, 2.0, 3.0])


def test_eager_update_wrong_shape_raises_like_tf(tf, tfc):
    for lib in (tf, tfc):
        v = lib.Variable([1.0, 2.0])
        with pytest.raises(ValueError, match="Shape mismatch"):
            v.assign([1.0, 2.0, 3.0])
        for update in (v.assign_add, v.assign_sub):
            with pytest.raises(lib.errors.InvalidArgumentError, match="shapes must be equal"):
                update([1.0, 2.0, 3.0])
        np.testing.assert_array_equal(v.numpy(), [1.0, 2.0])


def test_synchronization_and_aggregation_are_tf_enums(tf, tfc):
    got, want = [], []
    for lib, out in ((tf, want), (tfc, got)):
        v = lib.Variable(1.0)
        w = lib.Variable(1.0, aggregation=lib.VariableAggregation.SUM,
                         synchronization=lib.VariableSynchronization.ON_WRITE)
        out.extend(repr(x) for x in (v.synchronization, v.aggregation, w.synchronization, w.aggregation))
    assert got == want


def test_variable_class_is_resource_variable(oracle):
    """As TF 2.21: tf.Variable(...) instances are ResourceVariables (TF's value, live or recorded)."""
    def prog(tf):
        v = tf.Variable(2.0)
        with tf.Graph().as_default():
            g = tf.Variable(1.0)
            gv = tf.compat.v1.get_variable("gv", [1])
        return (type(v).__name__, isinstance(v, tf.Variable), type(g).__name__, type(gv).__name__,
                issubclass(type(v), tf.Variable), repr(v))
    oracle.check(prog)


@pytest.mark.parametrize("mode", ["assign", "assign_add", "assign_sub"])
def test_eager_updates_with_matching_tensors_and_their_errors(oracle, mode):
    """Eager assign/assign_add/assign_sub with a tensor of the variable's dtype and shape (the short path), then
    with a wrong shape and a wrong dtype: values, the UnreadVariable result and the errors are TF's."""
    def prog(tf):
        v = tf.Variable([[1.0, 2.0]])
        out = []
        r = getattr(v, mode)(tf.constant([[0.5, 0.25]]))
        out.append((r.name, r.numpy(), v.numpy()))
        getattr(v, mode)(tf.constant([[1.0, 1.0]]) * 2.0, read_value=False)
        out.append(v.numpy())
        for bad in (tf.constant([1.0, 2.0]), tf.constant([[1, 2]])):
            try:
                getattr(v, mode)(bad)
                out.append(None)
            except Exception as e:  # noqa: BLE001 - the error class is the result compared
                out.append(type(e).__name__)
        out.append(v.numpy())
        return out
    oracle.check(prog)


def test_eager_update_inside_a_tape_keeps_the_gradient_of_earlier_reads(oracle):
    """An in-place eager update of a variable read inside a tape leaves that read's gradient as TF computes it
    (TF's results)."""
    def prog(tf):
        v = tf.Variable([1.0, 3.0])
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(v * v)
            v.assign_sub(tf.constant([0.5, 0.5]))
            z = y + tf.reduce_sum(v)
        return tape.gradient(z, v), v.numpy()
    oracle.check(prog)


def test_read_hooks_only_while_needed():
    """Autodiff's read hooks are installed only while they have work (a tape records, a custom_gradient function
    runs), so an idle program's variable reads call none of them (checked by hand against the hook lists)."""
    import tfcompat as tf
    from tfcompat._src.autodiff import custom_gradient as custom_gradient_lib
    from tfcompat._src.autodiff import tape as tape_lib
    from tfcompat._src.ops import variables as variables_lib

    def installed():
        return (tape_lib._on_variable_read in variables_lib.read_hooks,
                custom_gradient_lib._on_variable_read in variables_lib.read_hooks)
    v = tf.Variable([1.0, 2.0])
    seen = {}

    @tf.custom_gradient
    def f(x):
        seen["inside"] = installed()
        return x * v, lambda dy, variables=None: (dy, [dy])
    assert installed() == (False, False)
    with tf.GradientTape() as outer:
        with tf.GradientTape() as inner:
            assert installed() == (True, False)
            y = f(tf.constant([1.0, 1.0]))
        assert installed() == (True, False)   # the outer tape still records
    assert seen["inside"] == (True, True)
    assert installed() == (False, False)
    assert inner.gradient(y, v) is not None and outer is not None
