"""Oracle tests for ops/array_ops.py and ops/array_manip_ops.py gaps (issue 15): tf.one_hot's node names,
static shapes of tf.reshape with a shape tensor built from tf.shape/tf.stack/tf.concat (framework/
shape_values.py), tf.pad with a tensor or non-zero fill value (op PadV2, no gradient for the fill value),
tf.identity of composite tensors, and the static shape of tf.nn.softmax_cross_entropy_with_logits with an unknown
batch dim. Every expected value is TF's (live or recorded)."""
from __future__ import annotations

import numpy as np
import pytest


def test_one_hot_node_names(oracle):
    def prog(v1):
        a = v1.one_hot([0, 2], 3)
        b = v1.one_hot([0, 1], 3, on_value=2.0, name="oh")
        c = v1.one_hot([1], 4, axis=0, off_value=-1.0)
        ops = [(o.name, o.type) for o in v1.get_default_graph().get_operations() if not o.name.endswith("depth")]
        return a.name, b.name, c.name, a.op.type, ops, [t.dtype.name for t in (a, b, c)]
    oracle.check_v1(prog)


def test_one_hot_values_eager(oracle):
    oracle.check(lambda tf: (tf.one_hot([0, 2, -1], 3), tf.one_hot([1], 2, on_value=5, off_value=-5),
                             tf.one_hot([[0], [1]], 2, axis=0, dtype=tf.float64)))


# shape tensor built from x of static shape [None, 4, 5] -> static shape of tf.reshape(x, shape)
RESHAPE_SHAPES = {
    "list_with_shape_elem": lambda tf, x, s: [s[0], 20],
    "stack_unknown_minus1": lambda tf, x, s: tf.stack([s[0], -1]),
    "stack_product": lambda tf, x, s: tf.stack([-1, s[1] * s[2]]),
    "concat_slice": lambda tf, x, s: tf.concat([s[:1], [20]], 0),
    "concat_two_slices": lambda tf, x, s: tf.concat([s[1:], s[:1]], 0),
    "list_three": lambda tf, x, s: [s[0], s[1], -1],
    "shape_itself": lambda tf, x, s: s,
    "cast_shape": lambda tf, x, s: tf.cast(tf.shape(x[:, :, 0]), tf.int64),
    "floordiv": lambda tf, x, s: tf.stack([s[0], s[2] // 5, s[1] * 5]),
    "shape_of_other": lambda tf, x, s: tf.shape(tf.zeros([2, 10, 2])),
}


@pytest.mark.parametrize("case", sorted(RESHAPE_SHAPES))
def test_reshape_static_shape_from_shape_tensor(oracle, case):
    f = RESHAPE_SHAPES[case]

    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 4, 5])
        y = v1.reshape(x, f(v1, x, v1.shape(x)))
        with v1.Session() as sess:
            value = sess.run(y, {x: np.arange(40, dtype=np.float32).reshape(2, 4, 5)})
        return y.shape.as_list() if y.shape.rank is not None else None, value
    oracle.check_v1(prog)


def test_reshape_static_shape_fully_known_input(oracle):
    def prog(v1):
        x = v1.zeros([6, 4])
        s = v1.shape(x)
        return (v1.reshape(x, v1.stack([-1, s[1] // 2])).shape.as_list(),
                v1.reshape(x, v1.concat([[2], [-1]], 0)).shape.as_list())
    oracle.check_v1(prog)


PAD_X = np.array([[1.0, 2.0], [3.0, 4.0]], np.float32)


def test_pad_constant_values_tensor_graph(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [2, 2])
        c = v1.placeholder(v1.float32, [])
        p = v1.pad(x, [[1, 0], [0, 1]], constant_values=c)
        q = v1.pad(x, [[0, 1], [0, 0]], constant_values=3)
        z = v1.pad(x, [[0, 1], [0, 0]])
        gx, gc = v1.gradients(v1.reduce_sum(p * p), [x, c])
        with v1.Session() as sess:
            vals = sess.run([p, q, gx], {x: PAD_X, c: 5.0})
        return [o.op.type for o in (p, q, z)], p.shape.as_list(), gc, vals
    oracle.check_v1(prog)


def test_pad_constant_values_eager(oracle):
    def prog(tf):
        x = tf.constant(PAD_X)
        c = tf.Variable(2.0)
        with tf.GradientTape(persistent=True) as t:
            t.watch(x)
            p = tf.pad(x * x, [[1, 0], [0, 1]], constant_values=c)
        return p, t.gradient(p, c), t.gradient(p, x), tf.pad(tf.constant([1, 2]), [[1, 1]], constant_values=7)
    oracle.check(prog)


@pytest.mark.parametrize("case", ["not_scalar", "dtype_mismatch"])
def test_pad_constant_values_errors(oracle, case):
    def prog(tf):
        if case == "not_scalar":
            return tf.pad(tf.constant(PAD_X), [[1, 0], [0, 0]], constant_values=tf.constant([1.0]))
        return tf.pad(tf.constant([1, 2]), [[1, 1]], constant_values=tf.constant(9.0))
    oracle.check(prog)


def test_pad_constant_values_dtype_mismatch_graph(oracle):
    oracle.check_v1(lambda v1: v1.pad(v1.placeholder(v1.int32, [2]), [[1, 1]], constant_values=v1.constant(3.0)),
                    match_message="does not match type int32")


def test_identity_of_composites_eager(oracle):
    def prog(tf):
        s = tf.IndexedSlices(tf.constant([[1.0, 2.0]]), tf.constant([1]), tf.constant([3, 2]))
        i = tf.identity(s)
        sp = tf.identity(tf.sparse.SparseTensor([[0, 1]], [3.0], [2, 2]))
        r = tf.identity(tf.ragged.constant([[1, 2], [3]]))
        return (type(i).__name__, i.values, i.indices, i.dense_shape, type(sp).__name__, sp.values, sp.indices,
                type(r).__name__, r.to_list())
    oracle.check(prog)


def test_identity_of_composites_graph(oracle):
    def prog(v1):
        s = v1.IndexedSlices(v1.constant([[1.0, 2.0]]), v1.constant([1]), v1.constant([3, 2]))
        i = v1.identity(s, name="foo")
        sp = v1.identity(v1.SparseTensor([[0, 1]], [3.0], [2, 2]))
        return type(i).__name__, i.values.name, i.indices.name, type(sp).__name__, sp.values.name
    oracle.check_v1(prog)


def test_identity_of_gathered_variable_gradient(oracle):
    def prog(tf):
        v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
        with tf.GradientTape() as t:
            y = tf.gather(v, [0])
        g = t.gradient(y, v)
        i = tf.identity(g)
        return type(g).__name__, type(i).__name__, i.values, i.indices
    oracle.check(prog)


XENT_CASES = {
    "batch_from_labels": ([None, 3], [4, 3], -1),
    "rank3": ([None, 5, 3], [None, None, 3], -1),
    "rank3_axis1": ([None, 5, 3], [None, None, 3], 1),
    "unknown_rank_logits": (None, [None, 3], -1),
    "both_unknown_batch": ([None, 3], [None, 3], -1),
}


@pytest.mark.parametrize("case", sorted(XENT_CASES))
def test_softmax_xent_static_shape(oracle, case):
    logits_shape, labels_shape, axis = XENT_CASES[case]

    def prog(v1):
        logits = v1.placeholder(v1.float32, logits_shape)
        labels = v1.placeholder(v1.float32, labels_shape)
        loss = v1.nn.softmax_cross_entropy_with_logits_v2(labels=labels, logits=logits, axis=axis)
        return loss.shape.as_list() if loss.shape.rank is not None else None, loss.dtype.name
    oracle.check_v1(prog)


def test_softmax_xent_unknown_batch_values_and_gradients(oracle):
    def prog(v1):
        logits = v1.placeholder(v1.float32, [None, 3])
        labels = v1.placeholder(v1.float32, [None, 3])
        loss = v1.nn.softmax_cross_entropy_with_logits_v2(labels=labels, logits=logits)
        grads = v1.gradients(loss, [logits, labels])
        with v1.Session() as sess:
            return sess.run([loss, grads], {logits: [[1.0, 2.0, 3.0], [0.0, 0.0, 1.0]],
                                            labels: [[0.0, 1.0, 0.0], [0.5, 0.5, 0.0]]})
    oracle.check_v1(prog, rtol=1e-5, atol=1e-6)
