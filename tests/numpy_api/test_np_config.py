"""``tnp.experimental_enable_numpy_behavior`` (tfcompat/_src/numpy_api/np_config.py): NumPy methods on tf.Tensor
and NumPy-style promotion in its operators. Expected values are TF's (the oracle); the ``numpy_behavior`` fixture
undoes the switch on both sides after each test."""
from __future__ import annotations


def _enable(tf, **kw):
    tf.experimental.numpy.experimental_enable_numpy_behavior(**kw)
    return tf.experimental.numpy


def test_tensor_methods(oracle, numpy_behavior):
    def prog(tf):
        _enable(tf)
        t = tf.constant([[1.5, -2.0, 3.25], [4.0, 5.0, -6.5]])
        return [t.T, t.ndim, int(t.size), t.tolist(), t.reshape(3, 2), t.reshape((6,)), t.reshape([2, 3], order="F"),
                t.ravel(), t.flatten(), t.transpose(), t.astype("int32"), t.astype(tf.float64), t.clip(0, 4),
                t.max(), t.min(axis=0), t.mean(axis=1), +t, round(tf.constant(2.5)), t.data]
    oracle.check(prog)


def test_operator_promotion(oracle, numpy_behavior):
    def prog(tf):
        _enable(tf)
        i32 = tf.constant([1, 2])
        f32 = tf.constant([0.5, 1.5])
        return [i32 + f32, i32 + 1.5, 1.5 - i32, f32 * 2, i32 * 2, i32 / 2, i32 // f32, f32 ** 2, 2 ** i32,
                tf.constant([1], tf.int8) + tf.constant([1], tf.uint8), tf.constant([True]) | tf.constant([False]),
                i32 % 2.0, tf.constant([[1, 2]]) @ tf.constant([[1.5], [2.0]])]
    oracle.check(prog)


def test_comparison_operators(oracle, numpy_behavior):
    def prog(tf):
        _enable(tf)
        i32 = tf.constant([1, 2])
        return [i32 < 1.5, i32 >= 2]
    oracle.check(prog)


def test_prefer_float32(oracle, numpy_behavior):
    def prog(tf):
        tnp = _enable(tf, prefer_float32=True)
        return [tnp.asarray(1.5), tnp.array([1.0, 2.0]), tnp.add(tf.constant([1]), 0.5), tnp.zeros(2),
                tnp.linspace(0.0, 1.0, 3), tf.constant([1]) + 0.5]
    oracle.check(prog)


def test_mode_off_keeps_tf_operator_rules(oracle, numpy_behavior):
    def prog(tf):
        _enable(tf, dtype_conversion_mode="off")
        t = tf.constant([1, 2])
        return [t.T, t + 1, t.astype(tf.float32)]
    oracle.check(prog)


def test_bad_mode(oracle, numpy_behavior):
    oracle.check(lambda tf: _enable(tf, dtype_conversion_mode="numpy"))


def test_tolist_on_symbolic_tensor(oracle, numpy_behavior):
    def prog(tf):
        _enable(tf)

        @tf.function
        def f(x):
            return x.tolist()
        return f(tf.constant([1]))
    oracle.check(prog)


def test_gradient_through_methods(oracle, numpy_behavior):
    def prog(tf):
        _enable(tf)
        x = tf.constant([[1.0, 2.0], [3.0, 4.0]])
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = (x.T.reshape(4) * tf.constant([1, 2, 3, 4])).mean()
        return y, tape.gradient(y, x)
    oracle.check(prog)


def test_legacy_then_off(oracle, numpy_behavior):
    def prog(tf):
        _enable(tf)
        promoted = (tf.constant([1]) + 0.5).dtype
        _enable(tf, dtype_conversion_mode="off")
        return promoted, tf.constant([1]) + 0.5
    oracle.check(prog)


def test_numpy_style_advanced_indexing(oracle, numpy_behavior):
    """Integer-array and boolean-array indices (lists, numpy arrays, tensors, inside tuples) select as NumPy does;
    the gradient flows back through the selection."""
    import numpy as np

    def prog(tf):
        _enable(tf)
        x = tf.reshape(tf.range(24.0), [2, 3, 4])
        with tf.GradientTape() as tape:
            tape.watch(x)
            picked = x[[1, 0, 1], :, [3, 2, 0]]
            loss = tf.reduce_sum(picked * picked)
        grad = tf.convert_to_tensor(tape.gradient(loss, x))
        return [x[[0, 1]], x[:, [2, 0]], x[np.array([1, 1]), 1:, tf.constant([0, 3])], x[..., [True, False, True,
                False]], x[x > 20.0], x[1, [0, 2]], x[[[0], [1]], [1, 2]], x[None, 0, [1]], picked, grad]
    oracle.check(prog)


def test_tuples_inside_the_index_are_array_indices(oracle, numpy_behavior):
    """A tuple inside the index tuple is an integer or boolean array (the tf_numpy guide's x[:, (True, False,
    True)]); a top-level tuple of bools stays a basic index, which TF rejects."""
    def prog(tf):
        _enable(tf)
        x = tf.reshape(tf.range(24), [2, 3, 4])
        out = [x[:, (True, False, True)], x[1, (0, 0, 1), tf.constant([0, 1, 1])], x[:, (True, False, True), 1]]
        try:
            x[(True, False)]
        except tf.errors.InvalidArgumentError as e:
            out.append(type(e).__name__)
        return out
    oracle.check(prog)
