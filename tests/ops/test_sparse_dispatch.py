"""Unary elementwise wrappers on a ``SparseTensor`` (``ops/sparse_dispatch.py``), against TF 2.21: the ops TF maps
over the values (indices and dense shape kept), and the ``ValueError`` of every other wrapper. Expected values:
TF's, through the oracle."""
from __future__ import annotations

import pytest

MAPPED = ["abs", "negative", "asinh", "sin", "tan", "atan", "asin", "atanh", "sign", "square", "sqrt", "erf",
          "tanh", "bessel_i0e", "bessel_i1e"]
NOT_MAPPED = ["exp", "cos", "log1p", "floor", "sigmoid", "reciprocal", "softplus", "rsqrt", "is_nan", "sinh"]


def _sp(tf, values=(-0.5, 0.25, 0.75), dtype=None):
    return tf.sparse.SparseTensor([[0, 0], [1, 2], [2, 1]], tf.constant(values, dtype), [3, 4])


def _parts(s):
    return s.indices, s.values, s.dense_shape, str(s.shape), type(s).__name__


@pytest.mark.parametrize("fn", MAPPED)
def test_mapped_unary_ops(oracle, fn):
    oracle.check(lambda tf: _parts(getattr(tf.math, fn)(_sp(tf))))


@pytest.mark.parametrize("fn", NOT_MAPPED)
def test_other_unary_ops_raise(oracle, fn):
    oracle.check(lambda tf: getattr(tf.math, fn)(_sp(tf)), match_message="Attempt to convert a value")


def test_dtypes_keyword_and_name(oracle):
    def prog(tf):
        ints = tf.sparse.SparseTensor([[0], [3]], [-3, 4], [5])
        cplx = tf.sparse.SparseTensor([[1]], tf.constant([3 + 4j], tf.complex64), [2])
        return (_parts(tf.abs(ints)), _parts(tf.abs(cplx)), _parts(tf.negative(x=_sp(tf), name="neg")),
                _parts(tf.sign(ints)), _parts(tf.square(_sp(tf, dtype=tf.float64))))
    oracle.check(prog)


def test_int_sqrt_raises_as_tf(oracle):
    oracle.check(lambda tf: tf.sqrt(tf.sparse.SparseTensor([[0]], [4], [2])))


@pytest.mark.parametrize("case", ["add", "radd", "multiply", "reduce_sum", "concat", "zeros_like", "ones_like",
                                  "equal"])
def test_other_wrappers_raise(oracle, case):
    def prog(tf):
        s, d = _sp(tf), tf.ones([3, 4])
        return {"add": lambda: tf.add(s, d), "radd": lambda: tf.add(d, s), "multiply": lambda: tf.multiply(s, d),
                "reduce_sum": lambda: tf.reduce_sum(s), "concat": lambda: tf.concat([s, s], 0),
                "zeros_like": lambda: tf.zeros_like(s), "ones_like": lambda: tf.ones_like(s),
                "equal": lambda: tf.equal(s, s)}[case]()
    oracle.check(prog, match_message="Attempt to convert a value")


def test_graph_mode_op_names_and_static_shape(oracle):
    def prog(v1):
        s = v1.sparse_placeholder(v1.float32, shape=[None, 4])
        out = [v1.abs(s), v1.math.sin(s), v1.math.bessel_i0e(s), v1.math.sign(s), v1.math.sign(s, name="sg"),
               v1.abs(s, name="ab"), v1.math.negative(s, name="ng"), v1.cast(s, v1.float64)]
        names = [o.values.op.name for o in out]
        fed = v1.SparseTensorValue([[0, 1], [2, 3]], [-1.0, 2.0], [3, 4])
        with v1.Session() as sess:
            vals = sess.run([o.values for o in out], {s: fed})
        return names, [str(o.shape) for o in out], vals
    oracle.check_v1(prog)


def test_gradient_through_values(oracle):
    def prog(tf):
        v = tf.constant([-0.5, 0.25, 0.75])
        with tf.GradientTape() as t:
            t.watch(v)
            y = tf.reduce_sum(tf.math.atan(tf.sparse.SparseTensor([[0], [1], [3]], v, [4])).values)
        return t.gradient(y, v)
    oracle.check(prog)
