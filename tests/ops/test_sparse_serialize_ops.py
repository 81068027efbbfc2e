"""``tf.io.serialize_sparse``, ``serialize_many_sparse``, ``deserialize_many_sparse`` and their compat.v1 names
(``ops/sparse_serialize_ops.py``) against real TF: the serialized bytes themselves, the round trip, string values,
graph mode and the rank error. Expected values come from TF."""
from __future__ import annotations


def _sparse(tf, values=(1.0, 2.0, 3.0), dtype=None):
    return tf.sparse.SparseTensor(indices=[[0, 0], [0, 2], [2, 1]], values=tf.constant(list(values), dtype=dtype),
                                  dense_shape=[3, 4])


def test_serialize_sparse_bytes(oracle):
    def prog(tf):
        return tf.io.serialize_sparse(_sparse(tf)), tf.compat.v1.serialize_sparse(_sparse(tf, (b"a", b"b", b"c")))
    oracle.check(prog)


def test_serialize_many_sparse_bytes_and_round_trip(oracle):
    def prog(tf):
        sp = _sparse(tf)
        rows = tf.io.serialize_many_sparse(sp)
        back = tf.io.deserialize_many_sparse(rows, tf.float32)
        return rows, back.indices, back.values, back.dense_shape
    oracle.check(prog)


def test_deserialize_many_sparse_of_separate_rows(oracle):
    def prog(tf):
        a = tf.io.serialize_sparse(tf.sparse.SparseTensor([[0], [3]], [1, 2], [5]))
        b = tf.io.serialize_sparse(tf.sparse.SparseTensor([[1]], [7], [2]))
        back = tf.compat.v1.deserialize_many_sparse(tf.stack([a, b]), tf.int32, rank=2)
        return back.indices, back.values, back.dense_shape, back.indices.shape.as_list()
    oracle.check(prog)


def test_serialize_many_sparse_rank_one_fails(oracle):
    def prog(tf):
        return tf.io.serialize_many_sparse(tf.sparse.SparseTensor([[0]], [1.0], [3]))
    oracle.check(prog)


def test_graph_mode(oracle):
    def prog(v1):
        sp = v1.sparse_placeholder(v1.int64)
        rows = v1.serialize_many_sparse(sp)
        with v1.Session() as sess:
            return sess.run(rows, {sp: v1.SparseTensorValue([[0, 1], [1, 0]], [5, 6], [2, 2])})
    oracle.check_v1(prog)
