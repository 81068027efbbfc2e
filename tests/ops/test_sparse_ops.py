"""``tf.sparse.*`` and the TF1 ``sparse_*`` functions (ops/sparse_ops.py, ops/sparse_ops_api.py) against TF 2.21:
values, dtypes, shapes, entry order, gradients with respect to the values and dense operands, and errors, eager
and in graph mode. Expected values: TF's, through the oracle."""
from __future__ import annotations

import numpy as np
import pytest


def _st(sp):
    """A SparseTensor as plain (indices, values, dense_shape) for the oracle."""
    return sp.indices, sp.values, sp.dense_shape


def _a(tf, dtype=None):
    return tf.sparse.SparseTensor([[0, 1], [1, 0], [2, 3]], tf.constant([1.0, -2.0, 3.0], dtype or tf.float32),
                                  [3, 4])


def _b(tf):
    return tf.sparse.SparseTensor([[0, 1], [1, 1], [2, 3]], [4.0, 2.0, -3.0], [3, 4])


def _unordered(tf):
    return tf.sparse.SparseTensor([[2, 0], [0, 3], [0, 1]], [5.0, 6.0, 7.0], [3, 4])


def _dense(tf):
    return tf.constant(np.arange(12, dtype=np.float32).reshape(3, 4) - 5.0)


def _rank3(tf):
    return tf.sparse.SparseTensor([[0, 0, 1], [0, 1, 0], [0, 1, 2], [1, 0, 0]], [1.0, 2.0, 3.0, 4.0], [2, 2, 3])


EAGER_CASES = {
    "to_dense": lambda tf: tf.sparse.to_dense(_a(tf)),
    "to_dense_default": lambda tf: tf.sparse.to_dense(_a(tf), default_value=9.0),
    "to_dense_int": lambda tf: tf.sparse.to_dense(_a(tf, tf.int32)),
    "to_dense_unordered": lambda tf: tf.sparse.to_dense(_unordered(tf)),
    "to_dense_unvalidated": lambda tf: tf.sparse.to_dense(_unordered(tf), validate_indices=False),
    "from_dense": lambda tf: _st(tf.sparse.from_dense(tf.constant([[0, 3, 0], [-1, 0, 2]]))),
    "from_dense_bool": lambda tf: _st(tf.sparse.from_dense(tf.constant([[True, False], [False, True]]))),
    "add_sparse": lambda tf: _st(tf.sparse.add(_a(tf), _b(tf))),
    "add_threshold": lambda tf: _st(tf.sparse.add(_a(tf), _b(tf), threshold=0.5)),
    "add_dense": lambda tf: tf.sparse.add(_a(tf), _dense(tf)),
    "add_dense_first": lambda tf: tf.sparse.add(_dense(tf), _a(tf)),
    "add_no_sparse": lambda tf: tf.sparse.add(_dense(tf), _dense(tf)),
    "add_shape_mismatch": lambda tf: tf.sparse.add(_a(tf), tf.sparse.SparseTensor([[0, 0]], [1.0], [3, 5])),
    "concat_axis1": lambda tf: _st(tf.sparse.concat(1, [_a(tf), _b(tf)])),
    "concat_axis0": lambda tf: _st(tf.sparse.concat(0, [_a(tf), _b(tf)])),
    "concat_expand": lambda tf: _st(tf.sparse.concat(
        1, [_a(tf), tf.sparse.SparseTensor([[4, 0]], [8.0], [5, 2])], expand_nonconcat_dims=True)),
    "concat_mismatch": lambda tf: tf.sparse.concat(1, [_a(tf), tf.sparse.SparseTensor([[4, 0]], [8.0], [5, 2])]),
    "reshape": lambda tf: _st(tf.sparse.reshape(_a(tf), [2, -1])),
    "reshape_3d": lambda tf: _st(tf.sparse.reshape(_a(tf), [2, 3, 2])),
    "reshape_bad": lambda tf: tf.sparse.reshape(_a(tf), [5, -1]),
    "reduce_sum_all": lambda tf: tf.sparse.reduce_sum(_a(tf)),
    "reduce_sum_0": lambda tf: tf.sparse.reduce_sum(_a(tf), axis=0),
    "reduce_sum_1_keep": lambda tf: tf.sparse.reduce_sum(_a(tf), axis=1, keepdims=True),
    "reduce_sum_neg": lambda tf: tf.sparse.reduce_sum(_rank3(tf), axis=[-1, 0]),
    "reduce_sum_sparse": lambda tf: _st(tf.sparse.reduce_sum(_a(tf), axis=0, output_is_sparse=True)),
    "reduce_sum_int": lambda tf: tf.sparse.reduce_sum(_a(tf, tf.int32), axis=1),
    "reduce_max_1": lambda tf: tf.sparse.reduce_max(_a(tf), axis=1),
    "reduce_max_0": lambda tf: tf.sparse.reduce_max(_a(tf), axis=0),
    "reduce_max_sparse": lambda tf: _st(tf.sparse.reduce_max(_a(tf), axis=1, output_is_sparse=True)),
    "reduce_max_keep": lambda tf: tf.sparse.reduce_max(_rank3(tf), axis=2, keepdims=True),
    "matmul": lambda tf: tf.sparse.sparse_dense_matmul(_a(tf), tf.ones([4, 2]) * [[1.0, 2.0]]),
    "matmul_adjoint_a": lambda tf: tf.sparse.sparse_dense_matmul(_a(tf), tf.ones([3, 2]), adjoint_a=True),
    "matmul_adjoint_b": lambda tf: tf.sparse.sparse_dense_matmul(_a(tf), tf.ones([2, 4]), adjoint_b=True),
    "matmul_dense_sparse": lambda tf: tf.sparse.sparse_dense_matmul(tf.ones([2, 3]), _a(tf)),
    "matmul_inner_mismatch": lambda tf: tf.sparse.sparse_dense_matmul(_a(tf), tf.ones([3, 2])),
    "softmax": lambda tf: _st(tf.sparse.softmax(_b(tf))),
    "softmax_3d": lambda tf: _st(tf.sparse.softmax(_rank3(tf))),
    "retain": lambda tf: _st(tf.sparse.retain(_a(tf), [True, False, True])),
    "slice": lambda tf: _st(tf.sparse.slice(_a(tf), [1, 0], [2, 2])),
    "slice_past_end": lambda tf: _st(tf.sparse.slice(_a(tf), [1, 2], [5, 5])),
    "reorder": lambda tf: _st(tf.sparse.reorder(_unordered(tf))),
    "transpose": lambda tf: _st(tf.sparse.transpose(_a(tf))),
    "transpose_perm": lambda tf: _st(tf.sparse.transpose(_rank3(tf), [2, 0, 1])),
    "expand_dims_0": lambda tf: _st(tf.sparse.expand_dims(_a(tf), 0)),
    "expand_dims_last": lambda tf: _st(tf.sparse.expand_dims(_a(tf), -1)),
    "fill_empty_rows": lambda tf: (_st(tf.sparse.fill_empty_rows(
        tf.sparse.SparseTensor([[1, 0], [3, 2], [3, 1]], [1.0, 2.0, 3.0], [5, 3]), -1.0)[0]),
        tf.sparse.fill_empty_rows(tf.sparse.SparseTensor([[1, 0]], [1.0], [3, 3]), 0.0)[1]),
    "maximum": lambda tf: _st(tf.sparse.maximum(_a(tf), _b(tf))),
    "minimum": lambda tf: _st(tf.sparse.minimum(_a(tf), _b(tf))),
    "split": lambda tf: [_st(s) for s in tf.sparse.split(sp_input=_a(tf), num_split=3, axis=1)],
    "split_rows": lambda tf: [_st(s) for s in tf.sparse.split(sp_input=_a(tf), num_split=2, axis=0)],
    "segment_sum": lambda tf: tf.sparse.segment_sum(_dense(tf), [0, 2, 2], [0, 0, 1]),
    "segment_mean": lambda tf: tf.sparse.segment_mean(_dense(tf), [0, 2, 1], [0, 0, 2]),
    "segment_sqrt_n": lambda tf: tf.sparse.segment_sqrt_n(_dense(tf), [0, 2, 1], [0, 0, 1]),
    "segment_sum_num": lambda tf: tf.sparse.segment_sum(_dense(tf), [0, 1], [0, 1], num_segments=4),
    "segment_bad_index": lambda tf: tf.sparse.segment_sum(_dense(tf), [0, 7], [0, 1]),
    "to_indicator": lambda tf: tf.sparse.to_indicator(
        tf.sparse.SparseTensor([[0, 0], [0, 1], [1, 0]], tf.constant([3, 1, 2], tf.int64), [2, 2]), 4),
    "eye": lambda tf: _st(tf.sparse.eye(2, 3)),
    "eye_int": lambda tf: _st(tf.sparse.eye(3, dtype=tf.int32)),
    "reset_shape": lambda tf: _st(tf.sparse.reset_shape(_a(tf))),
    "reset_shape_new": lambda tf: _st(tf.sparse.reset_shape(_a(tf), [4, 5])),
    "map_values": lambda tf: _st(tf.sparse.map_values(tf.math.multiply, _a(tf), 2.0)),
    "mul_dense": lambda tf: _st(_a(tf) * _dense(tf)),
    "mul_broadcast": lambda tf: _st(_a(tf) * tf.constant([1.0, 2.0, 3.0, 4.0])),
    "div_dense": lambda tf: _st(_a(tf) / tf.constant(2.0)),
    "mask": lambda tf: tf.sparse.mask(tf.IndexedSlices(tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]),
                                                       tf.constant([0, 3, 5]), tf.constant([7, 2])), [3]),
    "dtype_shape": lambda tf: (_a(tf).dtype, _a(tf).shape, _a(tf).indices.dtype, _a(tf).dense_shape.dtype),
    "not_sparse": lambda tf: tf.sparse.to_dense(_dense(tf)),
}


@pytest.mark.parametrize("case", sorted(EAGER_CASES))
def test_sparse_op_eager(oracle, case):
    oracle.check(EAGER_CASES[case], name=case)


def _grad(values_fn):
    """Gradient program: d(weighted sum of values_fn(values, dense))/d(values, dense)."""
    def prog(tf):
        values = tf.constant([1.0, -2.0, 3.0])
        dense = _dense(tf)
        with tf.GradientTape(persistent=True) as tape:
            tape.watch([values, dense])
            out = values_fn(tf, tf.sparse.SparseTensor([[0, 1], [1, 0], [2, 3]], values, [3, 4]), dense)
            out = out.values if isinstance(out, tf.sparse.SparseTensor) else out
            w = tf.reshape(tf.range(tf.size(out), dtype=tf.float32) + 1.0, tf.shape(out))
            loss = tf.reduce_sum(out * w)
        return tape.gradient(loss, [values, dense])
    return prog


GRAD_CASES = {
    "to_dense": lambda tf, sp, d: tf.sparse.to_dense(sp) * d,
    "matmul": lambda tf, sp, d: tf.sparse.sparse_dense_matmul(sp, tf.transpose(d)),
    "matmul_adjoint": lambda tf, sp, d: tf.sparse.sparse_dense_matmul(sp, d, adjoint_a=True),
    "reduce_sum": lambda tf, sp, d: tf.sparse.reduce_sum(sp, axis=1),
    "add_sparse": lambda tf, sp, d: tf.sparse.add(sp, tf.sparse.SparseTensor([[0, 1], [2, 2]], [d[0, 0], d[1, 1]],
                                                                              [3, 4])),
    "add_dense": lambda tf, sp, d: tf.sparse.add(sp, d),
    "softmax": lambda tf, sp, d: tf.sparse.softmax(sp),
    "slice": lambda tf, sp, d: tf.sparse.slice(sp, [1, 0], [2, 4]),
    "reorder": lambda tf, sp, d: tf.sparse.reorder(tf.sparse.SparseTensor([[2, 0], [0, 1], [1, 1]], sp.values,
                                                                          [3, 4])),
    "mul_dense": lambda tf, sp, d: sp * d,
    "div_dense": lambda tf, sp, d: sp / (d + 10.0),
    "fill_empty_rows": lambda tf, sp, d: tf.sparse.fill_empty_rows(
        tf.sparse.SparseTensor([[0, 0], [2, 1], [4, 0]], sp.values, [5, 2]), d[0, 3])[0],
    "segment_sum": lambda tf, sp, d: tf.sparse.segment_sum(d, [0, 2, 2], [0, 0, 1]) * sp.values[0],
    "segment_mean": lambda tf, sp, d: tf.sparse.segment_mean(d, [1, 2], [0, 0]),
    "concat": lambda tf, sp, d: tf.sparse.concat(0, [sp, sp]),
    "reduce_max": lambda tf, sp, d: tf.sparse.reduce_max(sp, axis=1),
    "split": lambda tf, sp, d: tf.sparse.split(sp_input=sp, num_split=2, axis=1)[0],
    "transpose": lambda tf, sp, d: tf.sparse.transpose(sp),
    "retain": lambda tf, sp, d: tf.sparse.retain(sp, [True, False, True]),
}


@pytest.mark.parametrize("case", sorted(GRAD_CASES))
def test_sparse_op_gradient(oracle, case):
    oracle.check(_grad(GRAD_CASES[case]), name=case)


def test_sparse_maximum_gradient(oracle):
    """Known deviation "sparse-maximum-gradient": TF 2.21's registered gradient of SparseSparseMaximum raises a
    TypeError (its signature is wrong); tfcompat differentiates it (expected values by hand: the gradient goes
    to the operand holding the maximum, missing elements count as 0)."""
    from tests.known_deviations import DEVIATIONS
    assert "sparse-maximum-gradient" in DEVIATIONS

    def prog(tf):
        values = tf.constant([1.0, -2.0, 3.0])
        other = tf.constant([-5.0, 1.0])
        with tf.GradientTape() as tape:
            tape.watch([values, other])
            out = tf.sparse.maximum(tf.sparse.SparseTensor([[0, 1], [1, 0], [2, 3]], values, [3, 4]),
                                    tf.sparse.SparseTensor([[0, 1], [1, 1]], other, [3, 4]))
            loss = tf.reduce_sum(out.values * [1.0, 2.0, 3.0, 4.0])
        return tape.gradient(loss, [values, other])
    want = oracle.tf_result(prog)
    assert type(want).__name__ == "Raised" and want.type == "TypeError"
    import tfcompat
    got = prog(tfcompat)
    np.testing.assert_array_equal(got[0].numpy(), [1.0, 0.0, 4.0])
    np.testing.assert_array_equal(got[1].numpy(), [0.0, 3.0])


def _run(v1, fetches, feed=None):
    with v1.Session() as sess:
        return sess.run(fetches, feed)


def _graph_matmul_grads(v1):
    sp = v1.sparse_placeholder(v1.float32, shape=[3, 4])
    b = v1.placeholder(v1.float32, [4, 2])
    out = v1.sparse_tensor_dense_matmul(sp, b)
    grads = v1.gradients(v1.reduce_sum(out * out), [sp.values, b])
    feed = {sp: v1.SparseTensorValue([[0, 1], [1, 0], [2, 3]], [1.0, -2.0, 3.0], [3, 4]),
            b: np.arange(8, dtype=np.float32).reshape(4, 2)}
    return _run(v1, [out] + grads, feed)


def _graph_ops(v1):
    sp = v1.SparseTensor([[0, 1], [1, 0], [2, 3]], [1.0, -2.0, 3.0], [3, 4])
    other = v1.SparseTensor([[0, 1], [1, 1]], [4.0, 2.0], [3, 4])
    return _run(v1, [v1.sparse_tensor_to_dense(sp), v1.sparse_add(sp, other), v1.sparse_reduce_sum(sp, 1),
                     v1.sparse_reduce_sum(sp, reduction_axes=0, keep_dims=True), v1.sparse_softmax(other),
                     v1.sparse_concat(1, [sp, other]), v1.sparse_reshape(sp, [6, 2]), v1.sparse_reorder(sp),
                     v1.sparse.reduce_max(sp, 0), v1.sparse_slice(sp, [0, 0], [2, 2]), v1.sparse_transpose(sp),
                     v1.sparse_split(sp_input=sp, num_split=2, axis=0), v1.sparse_maximum(sp, other),
                     v1.sparse_to_indicator(v1.SparseTensor([[0, 0], [1, 0]], v1.constant([1, 3], v1.int64),
                                                            [2, 1]), 4)])


def _graph_fetch_feed(v1):
    sp = v1.sparse_placeholder(v1.int64, name="ids")
    dense = v1.sparse.to_dense(sp)
    value = v1.SparseTensorValue(np.array([[0, 0], [1, 2]]), np.array([7, 8]), np.array([2, 3]))
    # a plain (indices, values, dense_shape) tuple feeds it too; fetching the placeholder gives the value back
    return _run(v1, [dense, sp, sp.shape.as_list() if sp.shape.rank is not None else None],
                {sp: (value.indices, value.values, value.dense_shape)})[:2] + [sp.shape.rank, sp.dtype]


def _graph_shape_known(v1):
    sp = v1.sparse_placeholder(v1.float32, shape=[None, 5])
    return sp.shape, sp.indices.shape, sp.values.shape, sp.dense_shape.shape


def _graph_shape_static(v1):
    sp = v1.SparseTensor(v1.placeholder(v1.int64, [None, 2]), v1.placeholder(v1.float32, [None]), [4, 5])
    return sp.shape, v1.sparse.reduce_sum(sp, 1).shape, v1.sparse.to_dense(sp).shape


GRAPH_CASES = {
    "matmul_grads": _graph_matmul_grads,
    "ops": _graph_ops,
    "fetch_feed": _graph_fetch_feed,
    "placeholder_shape": _graph_shape_known,
    "static_shape": _graph_shape_static,
}


@pytest.mark.parametrize("case", sorted(GRAPH_CASES))
def test_sparse_op_graph(oracle, case):
    oracle.check_v1(GRAPH_CASES[case], name=case)


MORE_CASES = {
    "bincount": lambda tf: _st(tf.sparse.bincount(tf.constant([1, 3, 3, 7]))),
    "bincount_rows": lambda tf: _st(tf.sparse.bincount(tf.constant([[1, 3, 3], [7, 0, 0]]), axis=-1)),
    "bincount_flat_minlength": lambda tf: _st(tf.sparse.bincount(tf.constant([[1, 3, 3], [7, 0, 0]]), minlength=9)),
    "bincount_weights_maxlength": lambda tf: _st(tf.sparse.bincount(
        tf.constant([1, 3, 3, 7]), weights=tf.constant([0.5, 1.0, 2.0, 3.0]), maxlength=5)),
    "bincount_binary": lambda tf: _st(tf.sparse.bincount(tf.constant([1, 3, 3, 7], tf.int64), binary_output=True)),
    "sampled_addmm": lambda tf: tf.sparse.sampled_addmm([[0, 0], [1, 1]], [1.0, 2.0], [2, 2], tf.ones([2, 3]),
                                                        tf.ones([3, 2]) * 2.0, beta=0.5, alpha=2.0),
    "merge_v1": lambda tf: _st(tf.compat.v1.sparse.merge(
        tf.SparseTensor([[0, 0], [0, 1], [1, 0]], tf.constant([4, 1, 2], tf.int64), [2, 2]),
        tf.SparseTensor([[0, 0], [0, 1], [1, 0]], [0.5, 1.5, 2.5], [2, 2]), 5)),
    "segment_sum_v1_positional": lambda tf: tf.compat.v1.sparse_segment_sum(
        tf.constant([[1.0, 2.0], [3.0, 4.0]]), [0, 1], [0, 0], None, 3),
    "segment_mean_v1": lambda tf: tf.compat.v1.sparse.segment_mean(tf.constant([[1.0, 2.0], [3.0, 4.0]]), [0, 1, 1],
                                                                   [0, 0, 2]),
}


@pytest.mark.parametrize("case", sorted(MORE_CASES))
def test_sparse_counting_and_merge(oracle, case):
    oracle.check(MORE_CASES[case], name=case)


def test_cast_of_sparse_tensor_and_indexed_slices(oracle):
    # tf.cast casts a SparseTensor's / IndexedSlices' values and keeps the rest (Keras Dense casts its input).
    def prog(tf):
        st = tf.sparse.SparseTensor([[0, 1], [1, 2]], [2, 7], [2, 3])
        sf = tf.cast(st, tf.float32)
        sl = tf.IndexedSlices(tf.constant([[1.5, -2.5]]), tf.constant([1]), tf.constant([3, 2]))
        si = tf.cast(sl, tf.int32)
        return (type(sf).__name__, sf.values, sf.indices, sf.dense_shape, tf.cast(sf, tf.float32) is sf,
                type(si).__name__, si.values, si.indices)
    oracle.check(prog)
