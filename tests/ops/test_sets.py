"""``tf.sets`` (ops/sets_ops.py) against TF 2.21: result SparseTensors (indices order, values, dense_shape),
dtypes, static shapes and errors, for dense and sparse operands, int and string values, eager, in graphs and in
``tf.function``. Expected values: TF's, through the oracle."""
from __future__ import annotations

import pytest


def _st(sp):
    """A SparseTensor as plain (indices, values, dense_shape) for the oracle."""
    return sp.indices, sp.values, sp.dense_shape


def _a(tf, dtype=None):
    return tf.constant([[1, 2, 2, 3], [4, 5, 6, 4]], dtype or tf.int32)


def _b(tf, dtype=None):
    return tf.constant([[2, 7, 1, 1], [9, 9, 9, 9]], dtype or tf.int32)


def _sp_a(tf):
    # [[{1, 2}, {3}], [{4}, {5, 6}]] (TF's docstring example)
    return tf.SparseTensor([[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 1, 0], [1, 1, 1]], [1, 2, 3, 4, 5, 6],
                           [2, 2, 2])


def _sp_b(tf):
    # [[{1, 3}, {2}], [{4, 5}, {5, 6, 7, 8}]]
    return tf.SparseTensor([[0, 0, 0], [0, 0, 1], [0, 1, 0], [1, 0, 0], [1, 0, 1], [1, 1, 0], [1, 1, 1], [1, 1, 2],
                            [1, 1, 3]], [1, 3, 2, 4, 5, 5, 6, 7, 8], [2, 2, 4])


def _sp_gaps(tf):
    # groups (0,) and (2,) present, (1,) empty
    return tf.SparseTensor([[0, 0], [0, 3], [2, 1]], [5, 5, 7], [3, 4])


def _strings(tf):
    return tf.constant([[b"b", b"a", b"b"], [b"", b"c", b"a"]])


EAGER_CASES = {
    "intersection_dense": lambda tf: _st(tf.sets.intersection(_a(tf), _b(tf))),
    "union_dense": lambda tf: _st(tf.sets.union(_a(tf), _b(tf))),
    "difference_dense": lambda tf: _st(tf.sets.difference(_a(tf), _b(tf))),
    "difference_b_minus_a": lambda tf: _st(tf.sets.difference(_a(tf), _b(tf), aminusb=False)),
    "union_int64": lambda tf: _st(tf.sets.union(_a(tf, tf.int64), _b(tf, tf.int64))),
    "union_uint8": lambda tf: _st(tf.sets.union(_a(tf, tf.uint8), _b(tf, tf.uint8))),
    "intersection_int8": lambda tf: _st(tf.sets.intersection(_a(tf, tf.int8), _b(tf, tf.int8))),
    "empty_result": lambda tf: _st(tf.sets.intersection(tf.constant([[1, 2]]), tf.constant([[3, 4]]))),
    "rank3_dense": lambda tf: _st(tf.sets.union(tf.constant([[[1, 1], [2, 3]]]), tf.constant([[[4, 1], [2, 2]]]))),
    "sparse_sparse_intersection": lambda tf: _st(tf.sets.intersection(_sp_a(tf), _sp_b(tf))),
    "sparse_sparse_union": lambda tf: _st(tf.sets.union(_sp_a(tf), _sp_b(tf))),
    "sparse_sparse_difference": lambda tf: _st(tf.sets.difference(_sp_a(tf), _sp_b(tf))),
    "sparse_sparse_difference_ba": lambda tf: _st(tf.sets.difference(_sp_a(tf), _sp_b(tf), aminusb=False)),
    "sparse_gaps_union": lambda tf: _st(tf.sets.union(_sp_gaps(tf), tf.SparseTensor([[1, 0]], [9], [3, 2]))),
    "dense_sparse_union": lambda tf: _st(tf.sets.union(tf.constant([[1, 2], [3, 3], [4, 4]]), _sp_gaps(tf))),
    "dense_sparse_difference": lambda tf: _st(tf.sets.difference(tf.constant([[5, 2], [3, 3], [4, 7]]),
                                                                 _sp_gaps(tf))),
    "sparse_dense_flipped_difference": lambda tf: _st(tf.sets.difference(_sp_gaps(tf),
                                                                        tf.constant([[5, 2], [3, 3], [4, 7]]))),
    "sparse_dense_flipped_intersection": lambda tf: _st(tf.sets.intersection(_sp_gaps(tf),
                                                                            tf.constant([[5, 2], [3, 3], [4, 7]]))),
    "strings_union": lambda tf: _st(tf.sets.union(_strings(tf), tf.constant([[b"a"], [b"z"]]))),
    "strings_difference": lambda tf: _st(tf.sets.difference(_strings(tf), tf.constant([[b"a"], [b"c"]]))),
    "strings_sparse": lambda tf: _st(tf.sets.intersection(
        _strings(tf), tf.SparseTensor([[0, 0], [1, 0], [1, 1]], [b"b", b"", b"q"], [2, 5]))),
    "python_lists": lambda tf: _st(tf.sets.union([[1, 2]], [[2, 3]])),
    "size_sparse": lambda tf: tf.sets.size(_sp_b(tf)),
    "size_gaps": lambda tf: tf.sets.size(_sp_gaps(tf)),
    "size_strings": lambda tf: tf.sets.size(tf.SparseTensor([[0, 0], [0, 1], [1, 0]], [b"x", b"x", b"y"], [2, 2])),
    "size_of_result": lambda tf: tf.sets.size(tf.sets.union(_a(tf), _b(tf))),
    "shape_of_result": lambda tf: tf.sets.union(_a(tf), _b(tf)).shape,
    # errors
    "size_dense": lambda tf: tf.sets.size(_a(tf)),
    "size_float": lambda tf: tf.sets.size(tf.SparseTensor([[0, 0]], [1.0], [1, 1])),
    "float_operands": lambda tf: tf.sets.union(tf.constant([[1.0]]), tf.constant([[1.0]])),
    "dtype_mismatch": lambda tf: tf.sets.union(_a(tf), _b(tf, tf.int64)),
    "rank1": lambda tf: tf.sets.union(tf.constant([1]), tf.constant([1])),
    "group_mismatch": lambda tf: tf.sets.union(tf.constant([[1]]), tf.constant([[1], [2]])),
    "sparse_rank1": lambda tf: tf.sets.size(tf.SparseTensor([[0]], [1], [3])),
    "sparse_group_mismatch": lambda tf: tf.sets.union(_sp_a(tf), tf.SparseTensor([[0, 0]], [1], [1, 1])),
    "unordered": lambda tf: tf.sets.size(tf.SparseTensor([[1, 0], [0, 0]], [1, 2], [2, 2])),
    "unordered_unvalidated": lambda tf: tf.sets.size(tf.SparseTensor([[1, 0], [0, 0]], [1, 2], [2, 2]),
                                                     validate_indices=False),
    "out_of_bounds": lambda tf: tf.sets.size(tf.SparseTensor([[0, 5]], [1], [2, 2])),
    "unvalidated_unsorted_union": lambda tf: _st(tf.sets.union(
        tf.SparseTensor([[1, 0], [0, 0], [1, 1]], [5, 6, 7], [2, 2]), tf.SparseTensor([[0, 0]], [1], [2, 2]),
        validate_indices=False)),
    "uint16": lambda tf: _st(tf.sets.intersection(tf.constant([[1, 2]], tf.uint16), tf.constant([[2, 3]], tf.uint16))),
    "int16_sparse_size": lambda tf: tf.sets.size(tf.SparseTensor([[0, 0], [0, 1]], tf.constant([3, 3], tf.int16),
                                                                 [1, 2])),
    "bool_operands": lambda tf: tf.sets.union(tf.constant([[True]]), tf.constant([[False]])),
    "strings_sparse_sparse": lambda tf: _st(tf.sets.difference(
        tf.SparseTensor([[0, 0], [0, 1], [1, 0]], ["b", "a", "c"], [2, 2]),
        tf.SparseTensor([[0, 0], [1, 0]], ["a", "z"], [2, 3]))),
    "repeated": lambda tf: tf.sets.union(tf.SparseTensor([[0, 0], [0, 0]], [1, 2], [1, 2]),
                                         tf.SparseTensor([[0, 0]], [1], [1, 2])),
}

_MESSAGES = {
    "size_dense": "Expected `SparseTensor`",
    "size_float": "Invalid dtype `<dtype: 'float32'>` not in supported dtypes",
    "float_operands": "'a' has invalid dtype `<dtype: 'float32'>`",
    "dtype_mismatch": "Types don't match, <dtype: 'int32'> vs <dtype: 'int64'>.",
    "rank1": "Shape [1] has rank 1 < 2",
    "group_mismatch": "Mismatched shapes [1] vs [2]",
    "sparse_rank1": "Invalid rank 1.",
    "sparse_group_mismatch": "Mismatched shapes [2,2] vs [1]",
    "unordered": "indices[1] = [0,0] is out of order. Many sparse ops require sorted indices.",
    "out_of_bounds": "indices[0] = [0,5] is out of bounds: need 0 <= index < [2,2]",
    "repeated": "indices[1] = [0,0] is repeated",
}


@pytest.mark.parametrize("case", sorted(EAGER_CASES))
def test_sets_eager(oracle, case):
    oracle.check(EAGER_CASES[case], match_message=_MESSAGES.get(case))


def test_compat_v1_names(oracle):
    def prog(tf):
        v1 = tf.compat.v1
        a, b = _sp_a(tf), _sp_b(tf)
        return (_st(v1.sets.set_intersection(a, b)), _st(v1.sets.set_union(a, b)),
                _st(v1.sets.set_difference(a, b, aminusb=False)), v1.sets.set_size(b),
                _st(v1.sets.intersection(a, b)), v1.sets.size(a))
    oracle.check(prog)


def test_sets_in_tf_function(oracle):
    def prog(tf):
        @tf.function
        def f(x, y):
            r = tf.sets.union(x, y)
            return r.indices, r.values, r.dense_shape, tf.sets.size(r)
        return f(_a(tf), _b(tf)), f(_a(tf), tf.constant([[7, 7, 7, 7], [4, 4, 4, 4]]))
    oracle.check(prog)


def test_graph_sparse_static_shapes(oracle):
    def prog(v1):
        sp3 = v1.SparseTensor([[0, 0, 0]], [1], [2, 2, 2])
        ph = v1.sparse_placeholder(v1.int32)
        results = [v1.sets.intersection(sp3, sp3), v1.sets.intersection(ph, ph),
                   v1.sets.union(v1.placeholder(v1.int32), v1.placeholder(v1.int32)),
                   v1.sets.union(v1.placeholder(v1.int32, [None, None, 2]), ph)]
        return [[str(t.shape) for t in (r.indices, r.values, r.dense_shape)] for r in results]
    oracle.check_v1(prog)


def test_graph_static_shapes_and_session(oracle):
    def prog(v1):
        p = v1.placeholder(v1.int32, [None, 3])
        q = v1.placeholder(v1.int32, None)
        r = v1.sets.union(p, q)
        n = v1.sets.size(r)
        sp = v1.sets.intersection(p, v1.SparseTensor([[0, 1], [1, 0]], [2, 9], [2, 3]))
        statics = [str(r.indices.shape), str(r.values.shape), str(r.dense_shape.shape), str(r.shape),
                   str(n.shape), n.dtype.name, str(sp.shape)]
        with v1.Session() as sess:
            got = sess.run({"r": r, "n": n, "sp": sp}, {p: [[1, 2, 3], [2, 9, 9]], q: [[3, 4], [5, 5]]})
        return statics, got["r"].indices, got["r"].values, got["r"].dense_shape, got["n"], got["sp"].values
    oracle.check_v1(prog)


GRAPH_ERRORS = {
    "rank_mismatch": lambda v1: v1.sets.union(v1.placeholder(v1.int32, [None, 3]), v1.constant([1, 2, 3])),
    "rank_mismatch_3_2": lambda v1: v1.sets.union(v1.constant([[[1]]]), v1.constant([[1, 2, 3]])),
    "rank1_both": lambda v1: v1.sets.union(v1.constant([1]), v1.constant([2])),
    "group_dims": lambda v1: v1.sets.union(v1.constant([[1]]), v1.constant([[1], [3]])),
    "dense_sparse_rank": lambda v1: v1.sets.union(v1.constant([[1, 2]]), v1.SparseTensor([[0, 0, 0]], [1], [2, 2, 2])),
    "sparse_sparse_rank": lambda v1: v1.sets.union(v1.SparseTensor([[0, 0, 0]], [1], [2, 2, 2]),
                                                   v1.SparseTensor([[0, 0]], [1], [2, 2])),
}

_GRAPH_MESSAGES = {
    "rank_mismatch": "Shape must be rank 2 but is rank 1",
    "rank_mismatch_3_2": "Shape must be rank 3 but is rank 2",
    "rank1_both": "Shape must be at least rank 2 but is rank 1",
    "group_dims": "Dimension 0 in both shapes must be equal, but are 1 and 2. Shapes are [1] and [2].",
    "dense_sparse_rank": "Dimension must be 2 but is 3",
    "sparse_sparse_rank": "Dimension must be 3 but is 2",
}


@pytest.mark.parametrize("case", sorted(GRAPH_ERRORS))
def test_graph_shape_errors(oracle, case):
    oracle.check_v1(GRAPH_ERRORS[case], match_message=_GRAPH_MESSAGES[case])


def test_no_gradient(oracle):
    def prog(tf):
        x = tf.constant([[1, 2]])
        with tf.GradientTape() as tape:
            tape.watch(x)
            r = tf.sets.union(x, x)
        return tape.gradient(r.values, x)
    oracle.check(prog)
