"""``tf.sparse.bincount`` and ``tf.math.bincount`` of dense, sparse and ragged inputs (``ops/sparse_count_ops.py``)
against TF 2.21: ``axis`` 0 and -1, ``minlength``/``maxlength``, ``binary_output``, weights (and their structure
checks), output dtypes, empty inputs and negative values, eagerly and in a graph. Expected values: TF's, through
the oracle."""
from __future__ import annotations

import pytest


def _out(r):
    if hasattr(r, "indices"):
        return r.indices, r.values, r.dense_shape, str(r.shape)
    return r, str(r.shape)


def _sp(tf):
    return tf.SparseTensor([[0, 0], [0, 3], [1, 1], [1, 2], [2, 0]], tf.constant([1, 3, 3, 3, 0]), [3, 4])


def _sp_w(tf, dtype=None):
    return tf.SparseTensor([[0, 0], [0, 3], [1, 1], [1, 2], [2, 0]], tf.constant([0.5, 1., 2., 3., 4.], dtype),
                           [3, 4])


def _rt(tf):
    return tf.ragged.constant([[1, 3], [3, 3, 0], []])


# case -> (arr(tf), kwargs(tf))
CASES = {
    "sparse": (_sp, lambda tf: {}),
    "sparse_rows": (_sp, lambda tf: {"axis": -1}),
    "sparse_axis1": (_sp, lambda tf: {"axis": 1}),
    "sparse_binary": (_sp, lambda tf: {"axis": -1, "binary_output": True}),
    "sparse_binary_axis0": (_sp, lambda tf: {"binary_output": True}),
    "sparse_minlength": (_sp, lambda tf: {"minlength": 6}),
    "sparse_rows_minlength": (_sp, lambda tf: {"axis": -1, "minlength": 6}),
    "sparse_maxlength": (_sp, lambda tf: {"maxlength": 2}),
    "sparse_rows_maxlength": (_sp, lambda tf: {"axis": -1, "maxlength": 2}),
    "sparse_rows_maxlength_big": (_sp, lambda tf: {"axis": -1, "maxlength": 9}),
    "sparse_rows_min_max": (_sp, lambda tf: {"axis": -1, "minlength": 5, "maxlength": 3}),
    "sparse_weights": (_sp, lambda tf: {"weights": _sp_w(tf)}),
    "sparse_rows_weights": (_sp, lambda tf: {"weights": _sp_w(tf), "axis": -1}),
    "sparse_rows_weights_f64": (_sp, lambda tf: {"weights": _sp_w(tf, tf.float64), "axis": -1}),
    "sparse_int64": (lambda tf: tf.SparseTensor([[0, 0], [0, 3], [1, 1]], tf.constant([1, 3, 3], tf.int64), [2, 4]),
                     lambda tf: {"axis": -1}),
    "sparse_float": (lambda tf: tf.SparseTensor([[0, 0], [1, 1]], [1.7, 2.2], [2, 3]), lambda tf: {"axis": -1}),
    "sparse_negative_rows": (lambda tf: tf.SparseTensor([[0, 0], [1, 1]], [2, -1], [2, 3]), lambda tf: {"axis": -1}),
    "sparse_negative": (lambda tf: tf.SparseTensor([[0, 0], [1, 1]], [2, -1], [2, 3]), lambda tf: {}),
    "sparse_rank3_rows": (lambda tf: tf.SparseTensor([[0, 0, 0], [1, 1, 1]], [2, 1], [2, 2, 2]),
                          lambda tf: {"axis": -1}),
    "sparse_rank3": (lambda tf: tf.SparseTensor([[0, 0, 0], [1, 1, 1]], [2, 1], [2, 2, 2]), lambda tf: {}),
    "sparse_1d_rows": (lambda tf: tf.SparseTensor([[1], [4]], [2, 2], [6]), lambda tf: {"axis": -1}),
    "sparse_empty": (lambda tf: tf.SparseTensor(tf.zeros([0, 2], tf.int64), tf.zeros([0], tf.int32), [3, 4]),
                     lambda tf: {}),
    "sparse_empty_rows": (lambda tf: tf.SparseTensor(tf.zeros([0, 2], tf.int64), tf.zeros([0], tf.int32), [3, 4]),
                          lambda tf: {"axis": -1}),
    "sparse_dense_weights": (_sp, lambda tf: {"weights": tf.ones([5])}),
    "sparse_weights_indices_differ": (_sp, lambda tf: {"weights": tf.SparseTensor([[0, 0]], [1.0], [3, 4]),
                                                       "axis": -1}),
    "sparse_binary_and_weights": (_sp, lambda tf: {"weights": _sp_w(tf), "binary_output": True}),
    "ragged": (_rt, lambda tf: {}),
    "ragged_rows": (_rt, lambda tf: {"axis": -1}),
    "ragged_rows_binary": (_rt, lambda tf: {"axis": -1, "binary_output": True, "minlength": 5}),
    "ragged_rows_weights": (_rt, lambda tf: {"axis": -1,
                                             "weights": tf.ragged.constant([[1., 2.], [3., 4., 5.], []])}),
    "ragged_rank2": (lambda tf: tf.ragged.constant([[[1, 2], [3]], [[4]]]), lambda tf: {}),
    "ragged_rank2_rows": (lambda tf: tf.ragged.constant([[[1, 2], [3]], [[4]]]), lambda tf: {"axis": -1}),
    "ragged_negative_rows": (lambda tf: tf.ragged.constant([[1, -2], [3]]), lambda tf: {"axis": -1}),
    "ragged_dense_weights": (lambda tf: tf.ragged.constant([[1], [2, 3]]), lambda tf: {"weights": tf.ones([3])}),
    "dense": (lambda tf: tf.constant([[1, 3, 3], [0, 2, 2]]), lambda tf: {}),
    "dense_rows_binary": (lambda tf: tf.constant([[1, 3, 3], [0, 2, 2]]),
                          lambda tf: {"axis": -1, "binary_output": True}),
    "dense_empty": (lambda tf: tf.zeros([0], tf.int32), lambda tf: {}),
    "dense_rows_maxlength_big": (lambda tf: tf.constant([[1, 3, 3], [0, 2, 2]]),
                                 lambda tf: {"axis": -1, "maxlength": 7}),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_sparse_bincount(oracle, case):
    arr, kwargs = CASES[case]
    oracle.check(lambda tf: _out(tf.sparse.bincount(arr(tf), **kwargs(tf))))


@pytest.mark.parametrize("case", sorted(CASES))
def test_math_bincount(oracle, case):
    arr, kwargs = CASES[case]
    oracle.check(lambda tf: _out(tf.math.bincount(arr(tf), **kwargs(tf))))


@pytest.mark.parametrize("kwargs", [{"dtype": "float32"}, {"dtype": "int64", "minlength": 6, "axis": -1},
                                    {"dtype": "float64", "axis": -1, "binary_output": True}])
def test_math_bincount_dtype(oracle, kwargs):
    def prog(tf):
        int64_weights = tf.SparseTensor(_sp(tf).indices, tf.constant([1, 2, 3, 4, 5], tf.int64), [3, 4])
        return (_out(tf.math.bincount(_sp(tf), **kwargs)), _out(tf.math.bincount(_rt(tf), **kwargs)),
                _out(tf.math.bincount(_sp(tf), weights=int64_weights, axis=-1)))
    oracle.check(prog)


def test_compat_v1_bincount_sparse(oracle):
    oracle.check(lambda tf: _out(tf.compat.v1.math.bincount(_sp(tf), minlength=5)))


def test_graph(oracle):
    def prog(v1):
        s = v1.sparse_placeholder(v1.int32, shape=[None, 4])
        counted = v1.sparse.bincount(s, axis=-1, binary_output=True)
        dense = v1.math.bincount(s, minlength=5)
        fed = {s: v1.SparseTensorValue([[0, 0], [0, 3], [2, 1]], [1, 3, 3], [3, 4])}
        with v1.Session() as sess:
            got = sess.run([counted, dense], fed)
        return (got[0].indices, got[0].values, got[0].dense_shape, got[1], dense.dtype,
                counted.values.op.type, counted.values.dtype)
    oracle.check_v1(prog)
