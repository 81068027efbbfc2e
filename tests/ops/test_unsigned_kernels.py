"""uint16/uint32/uint64 arithmetic (ops/unsigned_kernels.py) against TF 2.21: the ops TF has CPU kernels for
(add, sub, mul, floordiv/mod, min/max, comparisons, add_n, sum/prod/max/min/mean, cumsum/cumprod) give TF's
wrapped values and dtypes, also above 2**63 for uint64; the ops TF rejects (abs, neg, sign, pow, squared
difference, RealDiv's missing CPU kernel) raise TF's errors. Expected values: TF's, through the oracle."""
from __future__ import annotations

import pytest

DTYPES = ("uint16", "uint32", "uint64")


def _pair(tf, dtype):
    d = getattr(tf, dtype)
    return tf.constant([5, 200, 3], d), tf.constant([3, 7, 5], d)


BINARY = {
    "add": lambda tf, a, b: a + b,
    "sub_wraps": lambda tf, a, b: a - b,
    "mul": lambda tf, a, b: a * b,
    "floordiv": lambda tf, a, b: a // b,
    "floormod": lambda tf, a, b: a % b,
    "truncatediv": lambda tf, a, b: tf.truncatediv(a, b),
    "compat_v1_div": lambda tf, a, b: tf.compat.v1.div(a, b),
    "truediv": lambda tf, a, b: a / b,
    "minimum": lambda tf, a, b: tf.minimum(a, b),
    "maximum": lambda tf, a, b: tf.maximum(a, b),
    "less": lambda tf, a, b: a < b,
    "less_equal": lambda tf, a, b: a <= b,
    "greater": lambda tf, a, b: a > b,
    "greater_equal": lambda tf, a, b: a >= b,
    "equal": lambda tf, a, b: tf.equal(a, b),
    "add_n": lambda tf, a, b: tf.add_n([a, b, a]),
    "square": lambda tf, a, b: tf.square(a),
    "reduce_sum": lambda tf, a, b: tf.reduce_sum(a),
    "reduce_prod": lambda tf, a, b: tf.reduce_prod(a * b),
    "reduce_max": lambda tf, a, b: tf.reduce_max(a),
    "reduce_min_empty": lambda tf, a, b: tf.reduce_min(a[:0]),
    "reduce_mean": lambda tf, a, b: tf.reduce_mean(a),
    "cumsum_exclusive_reverse": lambda tf, a, b: tf.math.cumsum(a, exclusive=True, reverse=True),
    "cumprod_exclusive": lambda tf, a, b: tf.math.cumprod(a, exclusive=True),
    "realdiv_no_cpu_kernel": lambda tf, a, b: tf.realdiv(a, b),
    "abs_rejected": lambda tf, a, b: tf.abs(a),
    "neg_rejected": lambda tf, a, b: -a,
    "sign_rejected": lambda tf, a, b: tf.math.sign(a),
    "pow_rejected": lambda tf, a, b: tf.pow(a, b),
    "squared_difference_rejected": lambda tf, a, b: tf.math.squared_difference(a, b),
    "floordiv_by_zero": lambda tf, a, b: a // (b - b),
}


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("name", sorted(BINARY))
def test_unsigned_ops(oracle, name, dtype):
    oracle.check(lambda tf: BINARY[name](tf, *_pair(tf, dtype)))


def _big(tf):
    return tf.constant([2 ** 63 + 5, 7, 2 ** 64 - 1], tf.uint64), tf.constant([2, 2 ** 63 + 1, 2], tf.uint64)


BIG = {
    "floordiv": lambda tf, a, b: a // b,
    "floormod": lambda tf, a, b: a % b,
    "greater": lambda tf, a, b: a > b,
    "maximum": lambda tf, a, b: tf.maximum(a, b),
    "add_wraps": lambda tf, a, b: a + b,
    "mul_wraps": lambda tf, a, b: a * b,
    "reduce_sum_wraps": lambda tf, a, b: tf.reduce_sum(a),
    "reduce_max": lambda tf, a, b: tf.reduce_max(a),
}


@pytest.mark.parametrize("name", sorted(BIG))
def test_uint64_above_2_63(oracle, name):
    oracle.check(lambda tf: BIG[name](tf, *_big(tf)))


def test_uint16_wraps(oracle):
    def prog(tf):
        a, b = tf.constant([3, 300], tf.uint16), tf.constant([5, 300], tf.uint16)
        return a - b, a * b, tf.math.cumsum(tf.constant([65535, 2], tf.uint16))
    oracle.check(prog)


def test_graph_mode_session(oracle):
    def prog(v1):
        tf = v1
        a = v1.placeholder(tf.uint32, [None])
        b = tf.maximum(a, 7) + tf.reduce_sum(a)
        c = tf.less(a, 5)
        d = v1.placeholder(tf.uint32, [None, 2]) + tf.constant([1, 2], tf.uint32)
        with v1.Session() as sess:
            return b.shape.as_list(), c.shape.as_list(), d.shape.as_list(), sess.run([b, c], {a: [3, 9]})
    oracle.check_v1(prog)
