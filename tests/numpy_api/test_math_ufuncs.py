"""TF NumPy's elementwise functions (tfcompat/_src/numpy_api/math_ufuncs.py): NumPy dtype promotion, values and
errors against real TF. Expected values are TF's (the oracle).

Functions that compute integer inputs in float (sqrt, exp, floor, ...) raise AttributeError in TF 2.21 unless
NumPy behavior is enabled (known deviation ``tnp-astype-without-numpy-behavior``), so their integer cases run
with ``experimental_enable_numpy_behavior()`` called on both sides (the ``numpy_behavior`` fixture undoes it)."""
from __future__ import annotations

import pytest

F = [0.5, -1.25, 2.0]
I = [3, -2, 0]

BINARY = {
    "add_int_float": lambda tnp, tf: tnp.add(tf.constant(1), 1.5),
    "add_i32_f32": lambda tnp, tf: tnp.add(tf.constant([1, 2]), tf.constant([1.5, 2.5])),
    "add_i32_int": lambda tnp, tf: tnp.add(tf.constant([1, 2]), 2),
    "add_f32_float": lambda tnp, tf: tnp.add(tf.constant([1.0]), 2.5),
    "add_lists": lambda tnp, tf: tnp.add([1, 2], [3, 4]),
    "add_bool": lambda tnp, tf: tnp.add(tf.constant([True, False]), tf.constant([False, False])),
    "subtract": lambda tnp, tf: tnp.subtract(tf.constant(F), 1),
    "multiply_bool": lambda tnp, tf: tnp.multiply([True, True], [True, False]),
    "multiply_u8_i8": lambda tnp, tf: tnp.multiply(tf.constant([2], tf.uint8), tf.constant([3], tf.int8)),
    "true_divide_int": lambda tnp, tf: tnp.true_divide(tf.constant([1, 2]), 2),
    "divide_i8": lambda tnp, tf: tnp.divide(tf.constant([1, 3], tf.int8), tf.constant([2, 2], tf.int8)),
    "divide_bool": lambda tnp, tf: tnp.divide([True], [True]),
    "floor_divide": lambda tnp, tf: tnp.floor_divide(tf.constant([-7, 7]), 2),
    "mod": lambda tnp, tf: tnp.mod(tf.constant([-3, 3]), 2),
    "remainder_float": lambda tnp, tf: tnp.remainder(tf.constant([-3.5, 3.5]), 2),
    "divmod": lambda tnp, tf: tnp.divmod(tf.constant([7, -7]), 3),
    "maximum_relu": lambda tnp, tf: tnp.maximum(tf.constant(F), 0),
    "maximum": lambda tnp, tf: tnp.maximum(tf.constant(I), 1.5),
    "minimum_bool": lambda tnp, tf: tnp.minimum([True, False], [True, True]),
    "clip": lambda tnp, tf: tnp.clip(tf.constant([1, 5, 9]), 2, 6),
    "clip_float_bounds": lambda tnp, tf: tnp.clip(tf.constant([1, 5, 9]), 2.5, None),
    "clip_none_none": lambda tnp, tf: tnp.clip([1], None, None),
    "power": lambda tnp, tf: tnp.power(tf.constant([2]), 3),
    "power_float": lambda tnp, tf: tnp.float_power(tf.constant([2.0, 4.0]), 0.5),
    "arctan2": lambda tnp, tf: tnp.arctan2(tf.constant(F), tf.constant([1.0, 1.0, -1.0])),
    "hypot": lambda tnp, tf: tnp.hypot(tf.constant([3.0]), tf.constant([4.0])),
    "logaddexp": lambda tnp, tf: tnp.logaddexp(tf.constant(F), tf.constant([1.0, 2.0, 3.0])),
    "logaddexp2": lambda tnp, tf: tnp.logaddexp2(tf.constant(F), 1.0),
    "gcd": lambda tnp, tf: tnp.gcd(tf.constant([12, -18, 0]), tf.constant([8, 12, 5])),
    "lcm": lambda tnp, tf: tnp.lcm(tf.constant([4, 6, 0]), tf.constant([6, 4, 3])),
    "gcd_float": lambda tnp, tf: tnp.gcd(tf.constant([1.0]), tf.constant([2.0])),
    "bitwise_and": lambda tnp, tf: tnp.bitwise_and(tf.constant([12, 10]), 6),
    "bitwise_or_bool": lambda tnp, tf: tnp.bitwise_or([True, False], [False, False]),
    "bitwise_xor": lambda tnp, tf: tnp.bitwise_xor(tf.constant([12], tf.int8), tf.constant([10], tf.int8)),
    "bitwise_not": lambda tnp, tf: tnp.bitwise_not(tf.constant([0, 5])),
    "nextafter": lambda tnp, tf: tnp.nextafter(tf.constant([1.0]), tf.constant([2.0])),
    "equal_mixed": lambda tnp, tf: tnp.equal(tf.constant([1, 2]), 2.0),
    "not_equal": lambda tnp, tf: tnp.not_equal([1, 2], [1, 3]),
    "greater_bool": lambda tnp, tf: tnp.greater([True, False], [False, False]),
    "less_equal": lambda tnp, tf: tnp.less_equal(tf.constant([1, 2, 3]), 2),
    "greater_equal": lambda tnp, tf: tnp.greater_equal(tf.constant(F), 0.5),
    "less": lambda tnp, tf: tnp.less(1, tf.constant([0.5, 2.0])),
    "logical_and": lambda tnp, tf: tnp.logical_and([1, 0, 2], [1, 1, 0]),
    "logical_or": lambda tnp, tf: tnp.logical_or(tf.constant([0.0, 1.0]), False),
    "logical_xor": lambda tnp, tf: tnp.logical_xor([True, True], [True, False]),
    "logical_not": lambda tnp, tf: tnp.logical_not([0, 3]),
    "isclose": lambda tnp, tf: tnp.isclose(tf.constant([1.0, 2.0, float("nan")]), 1.0),
    "isclose_nan": lambda tnp, tf: tnp.isclose(tf.constant([float("nan")]), float("nan"), equal_nan=True),
    "isclose_int": lambda tnp, tf: tnp.isclose(tf.constant([1, 2]), 1),
    "allclose": lambda tnp, tf: tnp.allclose(tf.constant([1.0, 2.0]), [1.0, 2.0 + 1e-7]),
    "array_equal": lambda tnp, tf: [tnp.array_equal([1, 2], [1, 2]), tnp.array_equal([1, 2], [1, 2, 3]),
                                    tnp.array_equal([[1, 2]], [1, 2])],
    "heaviside": lambda tnp, tf: tnp.heaviside(tf.constant([-1.5, 0.0, 2.0]), 0.5),
}

UNARY_FLOAT = ["sqrt", "exp", "log", "log2", "log10", "log1p", "expm1", "sin", "cos", "tan", "sinh", "cosh",
               "tanh", "arcsin", "arccos", "arctan", "arcsinh", "arctanh", "floor", "ceil", "fix", "cbrt", "exp2",
               "deg2rad", "rad2deg", "sinc", "isnan", "isfinite", "isinf", "isposinf", "isneginf", "signbit",
               "abs", "absolute", "fabs", "negative", "positive", "square", "sign", "reciprocal", "conj",
               "conjugate", "real", "imag", "angle", "iscomplex", "isreal"]
UNARY_INT = ["abs", "negative", "square", "sign", "signbit", "positive", "isinf", "isposinf", "real"]
UNARY_NEEDS_NUMPY_BEHAVIOR = ["sqrt", "exp", "floor", "ceil", "sin", "cbrt", "isnan", "around", "deg2rad"]


@pytest.mark.parametrize("name", sorted(BINARY))
def test_binary(oracle, name):
    oracle.check(lambda tf: BINARY[name](tf.experimental.numpy, tf))


@pytest.mark.parametrize("name", UNARY_FLOAT)
def test_unary_float(oracle, name):
    oracle.check(lambda tf: getattr(tf.experimental.numpy, name)(tf.constant([0.25, -0.5, 0.75])))


@pytest.mark.parametrize("name", UNARY_INT)
def test_unary_int_keeps_dtype(oracle, name):
    oracle.check(lambda tf: getattr(tf.experimental.numpy, name)(tf.constant(I)))


def test_unary_python_list(oracle):
    oracle.check(lambda tf: [tf.experimental.numpy.sqrt([4.0, 9.0]), tf.experimental.numpy.abs([-1, 2])])


@pytest.mark.parametrize("name", UNARY_NEEDS_NUMPY_BEHAVIOR)
def test_unary_int_to_float(oracle, numpy_behavior, name):
    def prog(tf):
        tnp = tf.experimental.numpy
        tnp.experimental_enable_numpy_behavior()
        return getattr(tnp, name)(tf.constant([4, 1, 9])), getattr(tnp, name)(tf.constant([4, 1], tf.int8))
    oracle.check(prog)


def test_around_decimals(oracle, numpy_behavior):
    # TF 2.21's tnp.around ends with Tensor.astype: it needs NumPy behavior even for float input
    def prog(tf):
        tnp = tf.experimental.numpy
        tnp.experimental_enable_numpy_behavior()
        x = tf.constant([0.125, 1.5, 2.567, -0.5])
        return tnp.around(x, 2), tnp.round(x), tnp.around(tf.constant([15, 25]), -1)
    oracle.check(prog)


def test_angle_deg_and_complex_objects(oracle):
    def prog(tf):
        tnp = tf.experimental.numpy
        return [tnp.angle(tf.constant([-1.0, 2.0]), deg=True), tnp.iscomplexobj(tf.constant([1.0])),
                tnp.isrealobj([1, 2]), tnp.isinf(tf.constant([1])) is False]
    oracle.check(prog)


def test_gradient_through_tnp(oracle):
    def prog(tf):
        tnp = tf.experimental.numpy
        x = tf.constant([0.5, 2.0])
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = tnp.sum(tnp.logaddexp(x, 1.0) * tnp.sqrt(x) + tnp.clip(x, 0.0, 1.0))
        return y, tape.gradient(y, x)
    oracle.check(prog)


def test_inside_tf_function(oracle):
    def prog(tf):
        tnp = tf.experimental.numpy

        @tf.function
        def f(x):
            return tnp.add(tnp.exp(x), tnp.mean(x)), tnp.maximum(x, 0)
        return f(tf.constant([0.0, -1.0, 1.0]))
    oracle.check(prog)


def test_compat_v1_has_no_numpy(oracle):
    # TF 2.21 has no tf.compat.v1.experimental.numpy: TF1 graphs use tnp from the TF2 API (test below).
    oracle.check_v1(lambda v1: hasattr(v1, "experimental") and hasattr(v1.experimental, "numpy"))


def test_graph_mode_ops(oracle):
    def prog(tf):
        tnp = tf.experimental.numpy
        v1 = tf.compat.v1
        with tf.Graph().as_default():
            x = v1.placeholder(tf.float32, [None, 3])
            y = tnp.sum(tnp.square(tnp.clip(x, 0.0, 2.0)), axis=1) + tnp.mean(x)
            g = v1.gradients(y, x)[0]
            with v1.Session() as sess:
                return sess.run([y, g], {x: [[1.0, -1.0, 3.0], [0.5, 0.5, 0.5]]})
    oracle.check(prog)
