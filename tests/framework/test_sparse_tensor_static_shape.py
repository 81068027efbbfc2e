"""``SparseTensor.shape`` (framework/sparse_tensor.py) against TF 2.21: the static dense shape is
``constant_value_as_shape(dense_shape)`` merged with ``set_shape``, so dims known before running (the constant of
``tf.stack([n, 5])``, a placeholder's static shape) carry through ``x * 2`` / ``with_values`` in a
``tf.function`` and a ``tf.compat.v1`` graph, and into ``tf.sparse.to_dense`` (SparseToDense's shape function:
TF's MakeShapeFromShapeTensor). Expected values: TF's, through the oracle."""
from __future__ import annotations

import numpy as np


def _traced_shapes(tf, dense_shape_fn, signature):
    """Static shapes seen while tracing a tf.function that builds a SparseTensor from ``dense_shape_fn(arg)``."""
    seen = []

    @tf.function(input_signature=signature)
    def f(arg):
        s = tf.SparseTensor([[0, 0]], [1.0], dense_shape_fn(tf, arg))
        seen.append((s.shape, (s * 2.0).shape, s.with_values([3.0]).shape, tf.sparse.to_dense(s).shape))
        s.set_shape([None, None])
        seen.append(s.shape)
        return s.values

    f.get_concrete_function()
    return seen


def test_stacked_dense_shape(oracle):
    oracle.check(lambda tf: _traced_shapes(tf, lambda tf, n: tf.stack([n, 5]),
                                           [tf.TensorSpec([], tf.int64)]))


def test_concat_of_static_shape(oracle):
    # dense_shape = [x.shape[1], 4]: the x placeholder's static dim 7 is known
    oracle.check(lambda tf: _traced_shapes(
        tf, lambda tf, x: tf.concat([tf.shape(x, out_type=tf.int64)[1:], [4]], 0),
        [tf.TensorSpec([None, 7], tf.float32)]))


def test_unknown_dense_shape_and_set_shape(oracle):
    def prog(tf):
        seen = []

        @tf.function(input_signature=[tf.TensorSpec([3], tf.int64)])
        def f(shape):
            s = tf.SparseTensor(tf.zeros([0, 3], tf.int64), tf.zeros([0]), shape)
            seen.append((s.shape, (s * 2.0).shape))
            s.set_shape([None, 2, None])
            seen.append((s.shape, (s * 2.0).shape))
            return s.values

        f.get_concrete_function()
        return seen
    oracle.check(prog)


def test_incompatible_set_shape(oracle):
    def prog(tf):
        @tf.function(input_signature=[tf.TensorSpec([], tf.int64)])
        def f(n):
            s = tf.SparseTensor([[0, 0]], [1.0], tf.stack([n, 5]))
            s.set_shape([None, 6])
            return s.values

        f.get_concrete_function()
    oracle.check(prog)


def test_graph_mode_values(oracle):
    def prog(tf):
        g = tf.Graph()
        with g.as_default():
            n = tf.compat.v1.placeholder(tf.int64, [])
            s = tf.SparseTensor([[0, 1], [1, 4]], [1.0, 2.0], tf.stack([n, 5]))
            shapes = (s.shape, (s * 2.0).shape)
            with tf.compat.v1.Session(graph=g) as sess:
                out = sess.run(s * 2.0, {n: np.int64(2)})
        return shapes, out.indices, out.values, out.dense_shape
    oracle.check(prog)
