"""variable_scope / get_variable / TF1 initializers, compared with real TF (``tf1``)."""
from __future__ import annotations

import numpy as np
import pytest


def _err(fn):
    try:
        fn()
    except ValueError as e:
        return str(e).split(" Originally defined at")[0]
    return None


def test_scope_names_reuse_and_errors(tf1, tfc1):
    def program(tf):
        out = []
        with tf.variable_scope("foo") as s:
            w = tf.get_variable("w", [2, 3])
            out += [s.name, s.original_name_scope, w.name, w.op.name, tf.add(1.0, 2.0).name]
        with tf.variable_scope("foo"):
            out.append(tf.add(1.0, 2.0).name)                    # name scope foo_1, variable scope foo
            out.append(_err(lambda: tf.get_variable("w", [2, 3])))
        with tf.variable_scope(s):                               # re-entering the scope object
            out.append(tf.add(1.0, 2.0).name)
        with tf.variable_scope("foo", reuse=True):
            out.append(tf.get_variable("w", [2, 3]) is w)
            out.append(tf.get_variable("w") is w)
            out.append(_err(lambda: tf.get_variable("q", [2])))
            out.append(_err(lambda: tf.get_variable("w", [3, 3])))
            out.append(_err(lambda: tf.get_variable("w", [2, 3], dtype=tf.float64)))
            with tf.variable_scope("sub") as sub:
                out.append(sub.reuse)                            # reuse is inherited
        for _ in range(2):
            with tf.variable_scope("bar", reuse=tf.AUTO_REUSE):
                out.append(tf.get_variable("x", [1]).name)
        out.append(len(tf.global_variables()))
        for _ in range(2):
            with tf.variable_scope(None, default_name="blk") as b:
                out += [b.name, tf.add(1, 2).name]
        with tf.variable_scope("outer"):
            with tf.variable_scope("inner") as si:
                out += [si.name, tf.get_variable_scope().name, tf.get_variable("k", [1]).name, si.reuse]
            with tf.name_scope("ns"):                            # name scopes do not change variable names
                out += [tf.get_variable("k2", [1]).name, tf.add(1, 2).name]
            tf.get_variable_scope().reuse_variables()
            out += [tf.get_variable_scope().reuse, tf.get_variable("inner/k", [1]).name]
        out.append(tf.get_variable_scope().reuse)
        out.append(_err(lambda: tf.get_variable("noshape")))
        out.append(_err(lambda: tf.get_variable("both", [2], initializer=tf.constant([1.0, 2.0]))))
        return out
    ref, got = program(tf1), program(tfc1)
    assert got == ref


def test_reuse_true_without_name_raises(tf1, tfc1):
    for tf in (tf1, tfc1):
        with pytest.raises(ValueError, match="reuse=True cannot be used without a name_or_scope"):
            with tf.variable_scope(None, default_name="d", reuse=True):
                pass
        with pytest.raises(TypeError):
            with tf.variable_scope(None):
                pass


def test_get_variable_initializers_deterministic(tf1, tfc1):
    def program(tf):
        vs = [
            tf.get_variable("z", [2, 3], initializer=tf.zeros_initializer()),
            tf.get_variable("o", [3], initializer=tf.ones_initializer()),
            tf.get_variable("c", [2, 2], initializer=tf.constant_initializer(0.5)),
            tf.get_variable("cl", [2, 2], initializer=tf.constant_initializer([1.0, 2.0, 3.0, 4.0])),
            tf.get_variable("t", initializer=tf.constant([[1.0, 2.0]])),
            tf.get_variable("i", [2], dtype=tf.int32),                   # integer default: zeros
            tf.get_variable("ci", [2], dtype=tf.int32, initializer=tf.constant_initializer(7)),
            tf.get_variable("d", [2], dtype=tf.float64, initializer=tf.ones_initializer()),
        ]
        with tf.variable_scope("s", initializer=tf.constant_initializer(3.0), dtype=tf.float64):
            vs.append(tf.get_variable("scoped", [2]))                    # scope default initializer and dtype
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            vals = sess.run(vs)
        return [(v.name, v.shape.as_list(), v.dtype.base_dtype.name) for v in vs], vals
    ref, got = program(tf1), program(tfc1)
    assert got[0] == ref[0]
    for g, r in zip(got[1], ref[1]):
        np.testing.assert_array_equal(g, r)
        assert g.dtype == r.dtype


@pytest.mark.parametrize("kind, shape", [
    ("default", [60, 40]), ("glorot_uniform", [30, 50]), ("glorot_normal", [40, 40]),
    ("random_normal", [50, 40]), ("truncated_normal", [50, 40]), ("random_uniform", [40, 50]),
    ("variance_scaling", [3, 3, 16, 32]), ("variance_scaling_uniform_fan_avg", [3, 3, 8, 16]),
    ("he_normal", [64, 64]), ("variance_scaling_untruncated", [64, 32]),
])
def test_get_variable_random_initializer_statistics(tf1, tfc1, kind, shape):
    # Random values differ from TF (known deviation "random-values"): compare moments and ranges of a draw.
    def make(tf):
        inits = {
            "default": None,
            "glorot_uniform": tf.glorot_uniform_initializer(),
            "glorot_normal": tf.glorot_normal_initializer(),
            "random_normal": tf.random_normal_initializer(mean=1.0, stddev=2.0),
            "truncated_normal": tf.truncated_normal_initializer(stddev=0.5),
            "random_uniform": tf.random_uniform_initializer(-3.0, 1.0),
            "variance_scaling": tf.variance_scaling_initializer(scale=2.0),
            "variance_scaling_uniform_fan_avg": tf.variance_scaling_initializer(mode="fan_avg",
                                                                                distribution="uniform"),
            "he_normal": tf.initializers.he_normal(),
            "variance_scaling_untruncated": tf.variance_scaling_initializer(distribution="untruncated_normal"),
        }
        v = tf.get_variable("v", shape, initializer=inits[kind])
        with tf.Session() as sess:
            sess.run(v.initializer)
            return sess.run(v)
    ref, got = make(tf1), make(tfc1)
    assert got.shape == ref.shape and got.dtype == ref.dtype
    spread = max(ref.std(), 1e-3)
    assert abs(got.mean() - ref.mean()) < 0.15 * spread + 0.05 * abs(ref.mean())
    assert abs(got.std() - ref.std()) < 0.1 * spread
    # Bounded distributions stay within TF's bounds.
    if "uniform" in kind or kind == "default":
        lim = np.abs(ref).max() * 1.02
        assert np.abs(got - got.mean() * (kind == "random_uniform")).max() <= lim + 4.0 * (kind == "random_uniform")
    if kind in ("truncated_normal", "glorot_normal", "variance_scaling", "he_normal"):
        assert np.abs(got).max() <= 1.05 * np.abs(ref).max()   # truncated at 2 stddev in both


def test_random_initializer_rejects_int_dtype(tf1, tfc1):
    for tf in (tf1, tfc1):
        with pytest.raises(ValueError, match="expected to be floating point"):
            tf.random_normal_initializer(dtype=tf.int32)


def test_initializer_called_directly(tf1, tfc1):
    def program(tf):
        a = tf.zeros_initializer()([2, 2])
        b = tf.constant_initializer(2)(shape=[3], dtype=tf.int64)
        with tf.Session() as sess:
            return sess.run([a, b])
    ref, got = program(tf1), program(tfc1)
    for g, r in zip(got, ref):
        np.testing.assert_array_equal(g, r)
        assert g.dtype == r.dtype


def test_regularizer_adds_regularization_loss(tf1, tfc1):
    def program(tf):
        w = tf.get_variable("w", initializer=tf.constant([1.0, -2.0]),
                            regularizer=lambda v: tf.reduce_sum(tf.square(v)))
        losses = tf.get_collection(tf.GraphKeys.REGULARIZATION_LOSSES)
        with tf.Session() as sess:
            sess.run(w.initializer)
            return len(losses), sess.run(losses[0])
    assert program(tfc1) == program(tf1)


def test_custom_getter(tf1, tfc1):
    def program(tf):
        seen = []

        def my_getter(getter, name, *args, **kwargs):
            seen.append(name)
            return getter(name, *args, **kwargs)
        with tf.variable_scope("cg", custom_getter=my_getter):
            v = tf.get_variable("v", [1])
        return seen, v.name
    assert program(tfc1) == program(tf1)


def test_eager_get_variable_creates_variables():
    # TF2 eager: get_variable creates a new variable on every call (no variable store); derived by hand.
    import tfcompat.compat.v1 as tf
    with tf.variable_scope("e"):
        a = tf.get_variable("a", [2], initializer=tf.ones_initializer())
        b = tf.get_variable("a", [2], initializer=tf.ones_initializer())
    assert a is not b and a.name == "e/a:0"
    np.testing.assert_array_equal(a.numpy(), [1.0, 1.0])


def test_eager_variable_scope_opens_name_scope(oracle):
    """TF2: executing eagerly, variable_scope also opens its (ununiquified) name scope, which prefixes tf.Variable
    names; get_variable names depend only on the variable scope."""
    def prog(tf):
        v1 = tf.compat.v1
        out = []
        with v1.variable_scope("vs_eager_a") as s:
            out += [tf.Variable(1., name="v").name, s.original_name_scope, s.name]
            with v1.variable_scope("b"):
                out += [tf.Variable(1., name="v").name, v1.get_variable("g", [1]).name]
        with v1.variable_scope("vs_eager_a") as s:
            out += [tf.Variable(1., name="v").name, s.original_name_scope]
        with v1.variable_scope(s):
            out.append(tf.Variable(1., name="v").name)
        with v1.variable_scope("vs_eager_c", auxiliary_name_scope=False):
            out.append(tf.Variable(1., name="v").name)
        for _ in range(2):
            with v1.variable_scope(None, default_name="vs_eager_d") as d:
                out += [tf.Variable(1., name="v").name, d.name]
        with tf.name_scope("n"):
            with v1.variable_scope("vs_eager_e"):
                out += [tf.Variable(1., name="v").name, v1.get_variable("g", [1]).name]
        return out
    oracle.check(prog)
