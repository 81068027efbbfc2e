"""``tf.RaggedTensor.from_tensor`` static shapes and ``tf.RaggedTensor.from_sparse`` validation
(ops/ragged/ragged_tensor.py) against TF 2.21: a [2, 2] input keeps shape (2, 2) eagerly and in a traced function,
and a SparseTensor that is not right-ragged raises InvalidArgumentError. Expected values: TF's, through the
oracle."""
from __future__ import annotations

import pytest


def _plain(rt):
    return str(rt.shape), rt.flat_values, rt.nested_row_splits


def test_from_tensor_static_shape(oracle):
    def prog(tf):
        out = {"eager": _plain(tf.RaggedTensor.from_tensor([[1, 2], [3, 4]])),
               "eager3": _plain(tf.RaggedTensor.from_tensor(tf.zeros([2, 3, 4]), ragged_rank=2))}
        shapes = {}

        @tf.function(input_signature=[tf.TensorSpec([2, 3]), tf.TensorSpec([None, 3])])
        def f(x, y):
            shapes["known"] = str(tf.RaggedTensor.from_tensor(x).shape)
            shapes["padding"] = str(tf.RaggedTensor.from_tensor(x, padding=0.0).shape)
            shapes["lengths"] = str(tf.RaggedTensor.from_tensor(x, lengths=[1, 2]).shape)
            shapes["unknown_rows"] = str(tf.RaggedTensor.from_tensor(y).shape)
            return x
        f.get_concrete_function()
        out["traced"] = shapes
        return out
    oracle.check(prog)


SPARSE = {
    "ok": ([[0, 0], [0, 1], [2, 0]], [3, 4]),
    "gap": ([[0, 0], [0, 2], [2, 0]], [3, 4]),
    "first_not_zero": ([[0, 1], [2, 0]], [3, 4]),
    "unordered": ([[2, 0], [0, 0]], [3, 4]),
    "empty": (None, [2, 3]),
}


@pytest.mark.parametrize("case", sorted(SPARSE))
def test_from_sparse_right_ragged(oracle, case):
    def prog(tf):
        indices, shape = SPARSE[case]
        if indices is None:
            st = tf.sparse.SparseTensor(tf.zeros([0, 2], tf.int64), tf.zeros([0], tf.int32), shape)
        else:
            st = tf.sparse.SparseTensor(indices, list(range(1, len(indices) + 1)), shape)
        return _plain(tf.RaggedTensor.from_sparse(st))
    oracle.check(prog, match_message="SparseTensor is not right-ragged")


@pytest.mark.parametrize("indices", [[[0, 0], [1, 0], [1, 1]], [[0, 0], [1, 1], [1, 2]]], ids=["ok", "gap"])
def test_from_sparse_right_ragged_in_function(oracle, indices):
    def prog(tf):
        @tf.function(input_signature=[tf.SparseTensorSpec([None, 4], tf.int32)])
        def f(st):
            rt = tf.RaggedTensor.from_sparse(st)
            return rt.flat_values, rt.row_splits
        return f(tf.sparse.SparseTensor(indices, [1, 2, 3], [2, 4]))
    oracle.check(prog, match_message="SparseTensor is not right-ragged")


def test_from_sparse_rank_error(oracle):
    def prog(tf):
        return tf.RaggedTensor.from_sparse(tf.sparse.SparseTensor([[0, 0, 0]], [1], [1, 1, 1]))
    oracle.check(prog)
