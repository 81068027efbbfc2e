"""``Dataset.rebatch`` (data/batching.py) of SparseTensor and RaggedTensor elements against TF 2.21: the element
spec (``SparseTensorSpec([None, 5])``, ``RaggedTensorSpec([None, None])``, the static batch dim with
``drop_remainder``) and the regrouped values. Expected values: TF's, through the oracle."""
from __future__ import annotations

import pytest


def _elements(tf):
    sp = tf.sparse.SparseTensor([[0, 1], [1, 4], [3, 2], [4, 0]], [1.0, 2.0, 3.0, 4.0], [5, 5])
    rt = tf.ragged.constant([[1, 2], [], [3], [4, 5, 6], [7]])
    return tf.data.Dataset.from_tensor_slices((sp, rt, tf.range(5))).batch(2)


def _plain(tf, elem):
    sp, rt, dense = elem
    return (sp.indices, sp.values, sp.dense_shape), (rt.values, rt.row_splits), dense


@pytest.mark.parametrize("batch_size,drop", [(3, False), ([1, 2], False), (2, True)],
                         ids=["3", "cycle_1_2", "2_drop"])
def test_rebatch_sparse_and_ragged(oracle, batch_size, drop):
    def prog(tf):
        ds = _elements(tf).rebatch(batch_size, drop_remainder=drop)
        specs = [(type(s).__name__, str(s.shape)) for s in ds.element_spec]
        return specs, [_plain(tf, e) for e in ds]
    oracle.check(prog)


def test_rebatch_sparse_only(oracle):
    def prog(tf):
        sp = tf.sparse.SparseTensor([[0, 1], [2, 3]], [1, 2], [3, 4])
        ds = tf.data.Dataset.from_tensor_slices(sp).batch(3).rebatch(2)
        return str(ds.element_spec), [(e.indices, e.values, e.dense_shape) for e in ds]
    oracle.check(prog)
