"""``tf.SparseTensor`` (framework/sparse_tensor.py) against TF 2.21: component dtypes and shapes, the static
shape, str/repr, construction errors, ``from_value``/``with_values``, ``tf.nest``, and in graph mode Session fetches
(``SparseTensorValue``), ``sparse_placeholder`` feeds and ``eval``. Expected values: TF's, through the oracle."""
from __future__ import annotations

import numpy as np
import pytest


def _sp(tf):
    return tf.sparse.SparseTensor(indices=[[0, 1], [2, 3]], values=[1.5, 2.0], dense_shape=[3, 4])


EAGER_CASES = {
    "components": lambda tf: (_sp(tf).indices, _sp(tf).values, _sp(tf).dense_shape),
    "dtypes": lambda tf: (_sp(tf).dtype, _sp(tf).indices.dtype, _sp(tf).dense_shape.dtype,
                          tf.sparse.SparseTensor([[0]], [3], [2]).dtype),
    "shape": lambda tf: (_sp(tf).shape, _sp(tf).get_shape()),
    "str": lambda tf: str(_sp(tf)),
    "repr": lambda tf: repr(tf.sparse.SparseTensor([[0]], tf.constant([7], tf.int64), [4])),
    "same_class": lambda tf: tf.SparseTensor is tf.sparse.SparseTensor,
    "values_dtype_kept": lambda tf: tf.sparse.SparseTensor([[1]], tf.constant([2.0], tf.float64), [3]).dtype,
    "bad_indices_rank": lambda tf: tf.sparse.SparseTensor([0, 1], [1.0, 2.0], [3]),
    "bad_values_rank": lambda tf: tf.sparse.SparseTensor([[0, 1]], [[1.0]], [3, 4]),
    "rank_mismatch": lambda tf: tf.sparse.SparseTensor([[0, 1]], [1.0], [3, 4, 5]),
    "count_mismatch": lambda tf: tf.sparse.SparseTensor([[0, 1]], [1.0, 2.0], [3, 4]),
    "from_value": lambda tf: (lambda s: (s.indices, s.values, s.dense_shape))(tf.sparse.SparseTensor.from_value(
        tf.compat.v1.SparseTensorValue([[0, 0]], [5.0], [2, 2]))),
    "with_values": lambda tf: (lambda s: (s.indices, s.values, s.dense_shape, s.dtype))(
        _sp(tf).with_values(tf.constant([1, 2]))),
    "nest_leaf": lambda tf: len(tf.nest.flatten([_sp(tf), 1])),
    "value_fields": lambda tf: tf.compat.v1.SparseTensorValue._fields,
}


@pytest.mark.parametrize("case", sorted(EAGER_CASES))
def test_sparse_tensor_eager(oracle, case):
    oracle.check(EAGER_CASES[case], name=case)


def _fetch(v1):
    sp = v1.SparseTensor([[0, 1], [2, 3]], [1.5, 2.0], [3, 4])
    with v1.Session() as sess:
        value = sess.run(sp)
        both = sess.run({"sp": sp, "d": v1.sparse.to_dense(sp)})
    return type(value).__name__, value, both


def _feed_value(v1):
    sp = v1.sparse_placeholder(v1.float32)
    total = v1.sparse.reduce_sum(sp)
    with v1.Session() as sess:
        return (sess.run(total, {sp: v1.SparseTensorValue([[0, 0], [1, 1]], [2.0, 3.0], [2, 2])}),
                sess.run(sp, {sp: ([[0]], [4.0], [1])}))


def _eval(v1):
    sp = v1.SparseTensor([[1]], [2], [3])
    with v1.Session():
        return sp.eval()


def _graph_components(v1):
    sp = v1.sparse_placeholder(v1.float32, shape=[2, None], name="sp")
    return (sp.shape, sp.indices.shape, sp.values.shape, sp.dense_shape.shape, sp.values.name, sp.indices.name,
            sp.dtype)


def _graph_shape_override(v1):
    sp = v1.SparseTensor(v1.placeholder(v1.int64, [None, 2]), v1.placeholder(v1.float32, [None]),
                         v1.placeholder(v1.int64, [2]))
    before = sp.shape
    sp.set_shape([None, 7])
    return before, sp.shape


GRAPH_CASES = {"fetch": _fetch, "feed_value": _feed_value, "eval": _eval, "components": _graph_components,
               "set_shape": _graph_shape_override}


@pytest.mark.parametrize("case", sorted(GRAPH_CASES))
def test_sparse_tensor_graph(oracle, case):
    oracle.check_v1(GRAPH_CASES[case], name=case)


def test_convert_to_tensor_or_sparse_tensor(oracle):
    def prog(v1):
        sp = v1.convert_to_tensor_or_sparse_tensor(v1.SparseTensorValue([[0]], [1.0], [2]))
        dense = v1.convert_to_tensor_or_sparse_tensor([1.0, 2.0])
        return type(sp).__name__, type(dense).__name__ in ("Tensor", "SymbolicTensor"), dense.dtype
    got = oracle.check_v1(prog)
    assert got[0] == "SparseTensor"
    np.testing.assert_equal(got[1], True)
