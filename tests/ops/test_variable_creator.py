"""``tf.variable_creator_scope`` / ``tf.compat.v1.variable_creator_scope`` (``ops/variable_creator.py``) against
real TF: the order creators run in, the keyword arguments they see, replacing arguments or the created object,
Keras ``add_weight`` and ``get_variable`` going through the chain. Expected values come
from TF."""
from __future__ import annotations


def test_creator_order_and_kwargs(oracle):
    def prog(tf):
        log = []

        def outer(next_creator, **kwargs):
            log.append(("outer", sorted(kwargs), kwargs["name"], kwargs["trainable"], str(kwargs["aggregation"])))
            return next_creator(**kwargs)

        def inner(next_creator, **kwargs):
            log.append(("inner", kwargs["name"]))
            kwargs["name"] = "renamed"
            kwargs["trainable"] = False
            return next_creator(**kwargs)

        with tf.variable_creator_scope(outer):
            with tf.variable_creator_scope(inner):
                v = tf.Variable(1.0, name="v")
        w = tf.Variable(2.0, name="w")   # outside every scope: no creator runs
        return log, v.name, v.trainable, w.name
    oracle.check(prog)


def test_creator_can_return_another_object(oracle):
    def prog(tf):
        shared = tf.Variable([3.0, 4.0], name="shared")

        def reuse(next_creator, **kwargs):
            return shared

        with tf.variable_creator_scope(reuse):
            v = tf.Variable([0.0, 0.0], name="ignored")
        return v is shared, v.name, v.numpy()
    oracle.check(prog)


def test_creator_changes_initial_value(oracle):
    def prog(tf):
        def double(next_creator, **kwargs):
            kwargs["initial_value"] = tf.constant(2.0) * kwargs["initial_value"]
            return next_creator(**kwargs)

        with tf.variable_creator_scope(double):
            v = tf.Variable(1.5)
        return v.numpy(), v.dtype
    oracle.check(prog)


def test_keras_add_weight_goes_through_the_chain(oracle):
    def prog(tf):
        seen = []

        def record(next_creator, **kwargs):
            v = next_creator(**kwargs)
            seen.append((v.name, v.shape.as_list(), v.trainable))
            return v

        with tf.variable_creator_scope(record):
            layer = tf.keras.layers.Dense(2)
            layer.build((None, 3))
        return seen
    oracle.check(prog)


def test_compat_v1_scope_and_get_variable(oracle):
    def prog(v1):
        names = []

        def record(next_creator, **kwargs):
            names.append(kwargs["name"])
            return next_creator(**kwargs)

        with v1.variable_creator_scope(record):
            with v1.variable_scope("s"):
                v1.get_variable("a", shape=[2], initializer=v1.zeros_initializer())
            v1.Variable(0.0, name="b")
        return names
    oracle.check_v1(prog)

