"""Oracle tests for ``tf.boolean_mask`` (tfcompat/_src/ops/array_more_ops.py) as a graph: TF's ``boolean_mask``
name scope and node names (every non-Const op and the result's name), static shapes, values and gradients with
unknown dimensions. Expected values are TF's (live or recorded)."""
from __future__ import annotations

import numpy as np

X = np.arange(12, dtype=np.float32).reshape(3, 4)
MASK = np.array([True, False, True])


def test_node_names_and_shapes(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 4])
        m = v1.placeholder(v1.bool, [None])
        a = v1.boolean_mask(x, m)
        b = v1.boolean_mask(x, m, name="picked")
        c = v1.boolean_mask(x, [True, False, True, True], axis=1)
        with v1.name_scope("outer"):
            d = v1.boolean_mask(x, m)
        ops = sorted(f"{op.name}:{op.type}" for op in v1.get_default_graph().get_operations()
                     if op.type != "Const")
        return [a.name, b.name, c.name, d.name, str(a.shape), str(c.shape), str(d.shape), ops]
    oracle.check_v1(prog)


def test_values_and_gradient_in_session(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 4])
        m = v1.placeholder(v1.bool, [None])
        y = v1.boolean_mask(x * x, m)
        z = v1.boolean_mask(x, [True, False, True, True], axis=1)
        (g,) = v1.gradients(v1.reduce_sum(y) + v1.reduce_sum(z), [x])
        with v1.Session() as sess:
            return sess.run([y, z, g], {x: X, m: MASK})
    oracle.check_v1(prog)


def test_eager_values_and_gradient(oracle):
    def prog(tf):
        x = tf.constant(X)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tf.boolean_mask(x * x, MASK)
        return y, tape.gradient(y, x), tf.boolean_mask(X.reshape(3, 2, 2), [[True, False], [False, True]], axis=1)
    oracle.check(prog)


def test_negative_axis_is_not_normalised(oracle):
    oracle.check(lambda tf: tf.boolean_mask(X, [True, False, True, True], axis=-1),
                 match_message="Shapes () and (4,) are incompatible")
