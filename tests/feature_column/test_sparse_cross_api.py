"""``tf.sparse.cross`` (op ``SparseCrossV2``) and the public ``tf.sparse.cross_hashed`` (op ``SparseCross``) of
``feature_column/sparse_cross.py`` against TF 2.21: joined strings and hash values, the order of the inputs
(SparseTensors before dense ones), separators, number casts, ``hash_key=0``, empty inputs, the wrappers'
TypeErrors and the kernels' InvalidArgumentErrors, eagerly and in a graph. Expected values: TF's, through the
oracle."""
from __future__ import annotations

import pytest


def _parts(sp):
    return sp.indices, sp.values, sp.dense_shape, str(sp.shape)


def _s1(tf):
    return tf.SparseTensor([[0, 0], [1, 0], [1, 1]], ["a", "b", "c"], [2, 2])


def _s2(tf):
    return tf.SparseTensor([[0, 0], [1, 0]], ["d", "e"], [2, 1])


def _d(tf):
    return tf.constant([["f"], ["g"]])


# case -> inputs(tf)
CASES = {
    "doc": lambda tf: [_s1(tf), _s2(tf), _d(tf)],
    "dense_first": lambda tf: [_d(tf), _s1(tf), _s2(tf)],
    "int32_dense": lambda tf: [tf.constant([[1, 2], [3, 4]]), _s1(tf)],
    "float_cast": lambda tf: [tf.constant([[1.7], [2.2]]), _s1(tf)],
    "int_sparse": lambda tf: [tf.SparseTensor([[0, 0], [1, 0]], tf.constant([-7, 12], tf.int64), [2, 1]), _d(tf)],
    "empty_row": lambda tf: [tf.SparseTensor([[1, 0]], ["z"], [2, 1]), _d(tf)],
    "mixed_str_int": lambda tf: [tf.constant([[5]], tf.int64), tf.constant([["q"]])],
    "negative_ints": lambda tf: [tf.constant([[-5]], tf.int64), tf.constant([[-1]], tf.int32)],
    "single": lambda tf: [_s1(tf)],
    "empty_list": lambda tf: [],
    "python_list": lambda tf: [[["x"], ["y"]], _s1(tf)],
    "batch_mismatch_dense": lambda tf: [tf.constant([["a"]]), _d(tf)],
    "batch_mismatch_sparse": lambda tf: [_s1(tf), tf.SparseTensor([[0, 0]], ["q"], [3, 1])],
    "dense_rank3": lambda tf: [tf.constant([[["a"]]]), _d(tf)[:1]],
    "dense_rank1": lambda tf: [tf.constant(["a", "b"]), _d(tf)],
    "sparse_rank3": lambda tf: [tf.SparseTensor([[0, 0, 0]], ["a"], [1, 1, 1]), _d(tf)[:1]],
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_cross(oracle, case):
    oracle.check(lambda tf: _parts(tf.sparse.cross(CASES[case](tf))))


@pytest.mark.parametrize("case", sorted(CASES))
def test_cross_hashed(oracle, case):
    oracle.check(lambda tf: _parts(tf.sparse.cross_hashed(CASES[case](tf), num_buckets=0)))


@pytest.mark.parametrize("kwargs", [{"separator": "|"}, {"separator": ""}, {"separator": "::"}])
def test_cross_separator(oracle, kwargs):
    oracle.check(lambda tf: _parts(tf.sparse.cross([_s1(tf), _s2(tf), _d(tf)], **kwargs)))


@pytest.mark.parametrize("kwargs", [{"hash_key": 0}, {"hash_key": 3, "num_buckets": 7}, {"num_buckets": 5},
                                    {"hash_key": 2**40 + 17}])
def test_cross_hashed_keys_and_buckets(oracle, kwargs):
    oracle.check(lambda tf: _parts(tf.sparse.cross_hashed([_s1(tf), tf.constant([[3], [4]]), _d(tf)], **kwargs)))


def test_not_a_list(oracle):
    oracle.check(lambda tf: (tf.sparse.cross(_s1(tf)),))
    oracle.check(lambda tf: (tf.sparse.cross_hashed(_s1(tf)),))


def test_compat_v1_and_graph(oracle):
    def prog(v1):
        s = v1.sparse_placeholder(v1.string, shape=[None, 2])
        d = v1.placeholder(v1.int64, [None, 1])
        crossed = v1.sparse.cross([s, d], separator="-")
        hashed = v1.sparse.cross_hashed([d, s], num_buckets=100)
        fed = {s: v1.SparseTensorValue([[0, 0], [0, 1], [1, 1]], [b"u", b"v", b"w"], [2, 2]), d: [[4], [-9]]}
        with v1.Session() as sess:
            got = sess.run([crossed, hashed], fed)
        return ([o.values.op.type for o in (crossed, hashed)], [o.values.dtype for o in (crossed, hashed)],
                [str(o.shape) for o in (crossed, hashed)], [_sv(g) for g in got])
    oracle.check_v1(prog)


def _sv(value):
    return value.indices, value.values, value.dense_shape
