"""``tf.RaggedTensor`` and ``tf.ragged`` (tfcompat/_src/ops/ragged/): factories, row-partition accessors,
conversion, indexing, elementwise ops and reductions with TF's ragged-axis semantics, gradients through
``flat_values``, graph mode and ``Session.run`` fetches. Every expected value is TF's (oracle)."""
from __future__ import annotations

import pytest


def _parts(rt):
    """A RaggedTensor as plain tensors for the oracle: flat values, each level's splits, dtype and shape."""
    return [rt.flat_values, list(rt.nested_row_splits), rt.dtype, rt.shape, rt.ragged_rank]


# ------------------------------------------------------------------------------------------------
# construction
# ------------------------------------------------------------------------------------------------
CONSTANTS = [
    ("ints", lambda tf: tf.ragged.constant([[1, 2], [3], []])),
    ("floats", lambda tf: tf.ragged.constant([[1.5, 2.0], [], [3.0]])),
    ("nested", lambda tf: tf.ragged.constant([[[1, 2], [3]], [[4]]])),
    ("inner_uniform", lambda tf: tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)),
    ("inner_shape", lambda tf: tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], inner_shape=(2,))),
    ("dtype", lambda tf: tf.ragged.constant([[1, 2], [3]], dtype=tf.float64)),
    ("strings", lambda tf: tf.ragged.constant([["a", "b"], ["c"]])),
    ("bools", lambda tf: tf.ragged.constant([[True], [False, True]])),
    ("empty_rows", lambda tf: tf.ragged.constant([[], []])),
]


@pytest.mark.parametrize("make", [c[1] for c in CONSTANTS], ids=[c[0] for c in CONSTANTS])
def test_constant(oracle, make):
    def prog(tf):
        rt = make(tf)
        return _parts(rt) + [rt.to_list(), repr(rt)]
    oracle.check(prog)


def test_constant_errors(oracle):
    oracle.check(lambda tf: tf.ragged.constant([[1, [2]], [3]]))
    oracle.check(lambda tf: tf.ragged.constant([[1, 2], [3]], ragged_rank=2))


FACTORIES = [
    ("row_splits", lambda tf, v: tf.RaggedTensor.from_row_splits(v, [0, 2, 2, 5])),
    ("row_lengths", lambda tf, v: tf.RaggedTensor.from_row_lengths(v, [2, 0, 3])),
    ("value_rowids", lambda tf, v: tf.RaggedTensor.from_value_rowids(v, [0, 0, 2, 2, 2])),
    ("value_rowids_nrows", lambda tf, v: tf.RaggedTensor.from_value_rowids(v, [0, 0, 2, 2, 2], nrows=5)),
    ("row_starts", lambda tf, v: tf.RaggedTensor.from_row_starts(v, [0, 2, 2])),
    ("row_limits", lambda tf, v: tf.RaggedTensor.from_row_limits(v, [2, 2, 5])),
    ("nested_row_splits", lambda tf, v: tf.RaggedTensor.from_nested_row_splits(v, [[0, 1, 3], [0, 2, 2, 5]])),
    ("nested_row_lengths", lambda tf, v: tf.RaggedTensor.from_nested_row_lengths(v, [[1, 2], [2, 0, 3]])),
]


@pytest.mark.parametrize("make", [c[1] for c in FACTORIES], ids=[c[0] for c in FACTORIES])
def test_factories(oracle, make):
    def prog(tf):
        rt = make(tf, tf.constant([1.0, 2.0, 3.0, 4.0, 5.0]))
        return _parts(rt) + [rt.to_list(), rt.row_lengths(), rt.value_rowids(), rt.nrows(), rt.row_starts(),
                             rt.row_limits(), rt.bounding_shape()]
    oracle.check(prog)


def test_from_row_splits_validates(oracle):
    oracle.check(lambda tf: tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2, 1, 3]).to_list())
    oracle.check(lambda tf: tf.RaggedTensor.from_row_splits([1, 2, 3], [1, 3]).to_list())
    oracle.check(lambda tf: tf.RaggedTensor.from_row_splits([1, 2, 3], [0, 2]).to_list())


FROM_TENSOR = [
    ("plain", lambda tf, t: tf.RaggedTensor.from_tensor(t)),
    ("lengths", lambda tf, t: tf.RaggedTensor.from_tensor(t, lengths=[1, 0, 3])),
    ("padding", lambda tf, t: tf.RaggedTensor.from_tensor(t, padding=0)),
    ("ragged_rank2", lambda tf, t: tf.RaggedTensor.from_tensor(tf.reshape(t, [3, 1, 3]), ragged_rank=2)),
]


@pytest.mark.parametrize("make", [c[1] for c in FROM_TENSOR], ids=[c[0] for c in FROM_TENSOR])
def test_from_tensor(oracle, make):
    def prog(tf):
        rt = make(tf, tf.constant([[1, 2, 0], [0, 0, 0], [3, 0, 4]]))
        return [rt.to_list(), rt.flat_values, list(rt.nested_row_splits), rt.ragged_rank]
    oracle.check(prog)


def test_from_tensor_errors(oracle):
    oracle.check(lambda tf: tf.RaggedTensor.from_tensor([1, 2]))
    oracle.check(lambda tf: tf.RaggedTensor.from_tensor([[1, 2]], lengths=[1], padding=0))
    oracle.check(lambda tf: tf.RaggedTensor.from_tensor([[1, 2]], ragged_rank=0))


# ------------------------------------------------------------------------------------------------
# conversion
# ------------------------------------------------------------------------------------------------
TO_TENSOR = [
    ("default", lambda tf, rt: rt.to_tensor()),
    ("default_value", lambda tf, rt: rt.to_tensor(default_value=-1.0)),
    ("shape_cut", lambda tf, rt: rt.to_tensor(shape=[2, 1])),
    ("shape_pad", lambda tf, rt: rt.to_tensor(shape=[4, 4])),
    ("shape_none", lambda tf, rt: rt.to_tensor(shape=[None, 5])),
]


@pytest.mark.parametrize("conv", [c[1] for c in TO_TENSOR], ids=[c[0] for c in TO_TENSOR])
def test_to_tensor(oracle, conv):
    oracle.check(lambda tf: conv(tf, tf.ragged.constant([[1.0, 2.0], [], [3.0, 4.0, 5.0]])))


def test_to_tensor_nested_and_strings(oracle):
    def prog(tf):
        nested = tf.ragged.constant([[[1, 2], [3]], [[4]]]).to_tensor()
        inner = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1).to_tensor(default_value=9)
        strings = tf.ragged.constant([["a", "b"], ["c"]]).to_tensor()
        return nested, inner, strings
    oracle.check(prog)


def test_to_sparse(oracle):
    def prog(tf):
        st = tf.ragged.constant([[1, 2], [], [3]]).to_sparse()
        return st.indices, st.values, st.dense_shape
    oracle.check(prog)


def test_from_sparse(oracle):
    def prog(tf):
        st = tf.SparseTensor([[0, 0], [0, 1], [2, 0]], [1.0, 2.0, 3.0], [4, 3])
        rt = tf.RaggedTensor.from_sparse(st)
        return rt.to_list(), rt.row_splits
    oracle.check(prog)


def test_numpy_and_str(oracle):
    def prog(tf):
        uniform = tf.ragged.constant([[1, 2], [3, 4]])
        return [uniform.numpy(), str(tf.ragged.constant([[1.5], []])), repr(tf.ragged.constant([[[1, 2]], []],
                                                                                              ragged_rank=1))]
    oracle.check(prog)


# ------------------------------------------------------------------------------------------------
# indexing and transforms
# ------------------------------------------------------------------------------------------------
GETITEM = [
    ("row", lambda rt: rt[1]),
    ("negative_row", lambda rt: rt[-1]),
    ("rows", lambda rt: rt[1:].to_list()),
    ("rows_step", lambda rt: rt[::2].to_list()),
    ("all", lambda rt: rt[:].to_list()),
    ("inner_slice", lambda rt: rt[:, 1:].to_list()),
    ("inner_slice_neg", lambda rt: rt[:, :-1].to_list()),
    ("inner_int", lambda rt: rt[:, 0]),
    ("row_then_int", lambda rt: rt[2, 1]),
]


@pytest.mark.parametrize("index", [c[1] for c in GETITEM], ids=[c[0] for c in GETITEM])
def test_getitem(oracle, index):
    oracle.check(lambda tf: index(tf.ragged.constant([[1, 2], [], [3, 4, 5]])))


def test_getitem_nested(oracle):
    def prog(tf):
        rt = tf.ragged.constant([[[1, 2], [3]], [[4]], []])
        return rt[0].to_list(), rt[1:].to_list(), rt[0, 1], rt[:, :1].to_list()
    oracle.check(prog)


def test_with_values_and_merge_dims(oracle):
    def prog(tf):
        rt = tf.ragged.constant([[[1, 2], [3]], [[4]]])
        inner = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
        return [rt.with_flat_values(rt.flat_values * 10).to_list(), rt.with_values(rt.values * 2).to_list(),
                rt.merge_dims(0, 1).to_list(), rt.merge_dims(1, 2).to_list(), rt.merge_dims(0, 2),
                inner.merge_dims(1, 2).to_list(), rt.row_lengths(axis=2).to_list(), rt.nested_row_lengths(),
                rt.bounding_shape(), rt.bounding_shape(axis=1)]
    oracle.check(prog)


def test_segment_ids(oracle):
    def prog(tf):
        return [tf.ragged.row_splits_to_segment_ids([0, 2, 2, 5]),
                tf.ragged.segment_ids_to_row_splits([0, 0, 2, 2, 2]),
                tf.ragged.segment_ids_to_row_splits([0, 1], num_segments=4)]
    oracle.check(prog)


# ------------------------------------------------------------------------------------------------
# tf.ragged functions
# ------------------------------------------------------------------------------------------------
RANGES = [
    ("limits", lambda tf: tf.ragged.range([3, 0, 2])),
    ("starts_limits", lambda tf: tf.ragged.range([1, 4], [4, 4])),
    ("deltas", lambda tf: tf.ragged.range([0, 10], [10, 0], [3, -4])),
    ("floats", lambda tf: tf.ragged.range([0.0, 1.5], 3.0, 0.5)),
    ("int64", lambda tf: tf.ragged.range(tf.constant([2, 3], tf.int64))),
    ("zero_delta", lambda tf: tf.ragged.range([1], [3], 0)),
]


@pytest.mark.parametrize("make", [c[1] for c in RANGES], ids=[c[0] for c in RANGES])
def test_range(oracle, make):
    def prog(tf):
        rt = make(tf)
        return rt.flat_values, rt.row_splits
    oracle.check(prog)


def test_boolean_mask(oracle):
    def prog(tf):
        rt = tf.ragged.constant([[1, 2], [], [3, 4, 5]])
        dense = tf.constant([[1, 2, 3], [4, 5, 6]])
        return [tf.ragged.boolean_mask(rt, [True, False, True]).to_list(),
                tf.ragged.boolean_mask(rt, tf.ragged.constant([[True, False], [], [False, True, True]])).to_list(),
                tf.ragged.boolean_mask(dense, [[True, False, True], [False, False, True]]).to_list(),
                tf.ragged.boolean_mask(dense, [False, True])]
    oracle.check(prog)


def test_map_flat_values(oracle):
    def prog(tf):
        rt = tf.ragged.constant([[1.0, 2.0], [3.0]])
        return [tf.ragged.map_flat_values(tf.math.square, rt).to_list(),
                tf.ragged.map_flat_values(tf.add, rt, rt).to_list(),
                tf.ragged.map_flat_values(tf.multiply, rt, 3.0).to_list()]
    oracle.check(prog)


def test_stack_and_concat(oracle):
    def prog(tf):
        a = tf.ragged.constant([[1, 2], [3]])
        b = tf.ragged.constant([[4], [5, 6, 7]])
        return [tf.ragged.stack([a, b]).to_list(), tf.ragged.stack([a, b], axis=1).to_list(),
                tf.ragged.stack([a, b], axis=1).shape, tf.RaggedTensor.from_tensor([[1, 2], [3, 4]]).shape,
                tf.concat([a, b], axis=0).to_list(), tf.concat([a, b], axis=1).to_list(),
                tf.ragged.stack([a, tf.constant([[8, 9]])]).to_list()]
    oracle.check(prog)


# ------------------------------------------------------------------------------------------------
# elementwise ops and reductions
# ------------------------------------------------------------------------------------------------
ELEMENTWISE = [
    ("add_scalar", lambda tf, rt: rt + 1.0),
    ("radd", lambda tf, rt: 1.0 + rt),
    ("mul_self", lambda tf, rt: rt * rt),
    ("sub", lambda tf, rt: rt - rt * 2.0),
    ("div", lambda tf, rt: rt / 2.0),
    ("neg", lambda tf, rt: -rt),
    ("tf_add", lambda tf, rt: tf.add(rt, rt)),
    ("tf_multiply", lambda tf, rt: tf.multiply(rt, 2.0)),
    ("sqrt", lambda tf, rt: tf.sqrt(rt)),
    ("exp", lambda tf, rt: tf.math.exp(rt)),
    ("greater", lambda tf, rt: rt > 2.0),
    ("tf_less", lambda tf, rt: tf.less(rt, 3.0)),
    ("maximum", lambda tf, rt: tf.maximum(rt, 2.5)),
    ("column", lambda tf, rt: rt * tf.constant([[1.0], [10.0], [100.0]])),
]


@pytest.mark.parametrize("op", [c[1] for c in ELEMENTWISE], ids=[c[0] for c in ELEMENTWISE])
def test_elementwise(oracle, op):
    def prog(tf):
        out = op(tf, tf.ragged.constant([[1.0, 4.0], [], [9.0, 2.0, 3.0]]))
        return out.flat_values, out.row_splits
    oracle.check(prog)


def test_int_division(oracle):
    def prog(tf):
        rt = tf.ragged.constant([[1, 4], [7]])
        return (rt / 2).flat_values, (rt // 2).flat_values, (rt % 3).flat_values
    oracle.check(prog)


REDUCE = [(fn, axis) for fn in ("reduce_sum", "reduce_mean", "reduce_max", "reduce_min", "reduce_prod")
          for axis in (None, 0, 1, -1)]


@pytest.mark.parametrize("fn,axis", REDUCE)
def test_reduce(oracle, fn, axis):
    oracle.check(lambda tf: getattr(tf, fn)(tf.ragged.constant([[1.5, 2.0], [], [3.0, -1.0, 4.0]]), axis=axis))


def test_reduce_inner_and_bool(oracle):
    def prog(tf):
        inner = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]]], ragged_rank=1)
        nested = tf.ragged.constant([[[1, 2], [3]], [[4]]])
        flags = tf.ragged.constant([[True, False], [], [True]])
        return [tf.reduce_sum(inner, axis=2).to_list(), tf.reduce_sum(inner, axis=1),
                tf.reduce_max(nested, axis=2).to_list(), tf.reduce_all(flags, axis=1),
                tf.reduce_any(flags, axis=1), tf.reduce_sum(tf.ragged.constant([[1, 2], [3]]), axis=1),
                tf.reduce_mean(tf.ragged.constant([[1, 2], [3]]), axis=1)]
    oracle.check(prog)


def test_gradients_through_flat_values(oracle):
    def prog(tf):
        x = tf.constant([1.0, 2.0, 3.0, 4.0, 5.0])
        with tf.GradientTape() as tape:
            tape.watch(x)
            rt = tf.RaggedTensor.from_row_lengths(x, [2, 0, 3])
            y = tf.reduce_sum(tf.reduce_max(rt * rt, axis=1)) + tf.reduce_sum(tf.reduce_mean(rt, axis=0))
            z = tf.reduce_sum(rt.to_tensor(default_value=0.0) * tf.constant([[1.0, 2.0, 3.0]]))
            w = tf.reduce_sum(tf.sqrt(rt)[2:].flat_values)
        return tape.gradient([y, z, w], x)
    oracle.check(prog)


def test_gradient_of_each_reduction(oracle):
    def prog(tf):
        out = []
        for fn in (tf.reduce_sum, tf.reduce_mean, tf.reduce_max, tf.reduce_min):
            x = tf.constant([1.0, 3.0, 3.0, 2.0])
            with tf.GradientTape() as tape:
                tape.watch(x)
                y = tf.reduce_sum(fn(tf.RaggedTensor.from_row_splits(x, [0, 1, 1, 4]), axis=1) ** 2)
            out.append(tape.gradient(y, x))
        return out
    oracle.check(prog)


# ------------------------------------------------------------------------------------------------
# graph mode
# ------------------------------------------------------------------------------------------------
def test_graph_fetch(oracle):
    def prog(v1):
        rt = v1.ragged.constant([[1, 2], [3]])
        nested = v1.ragged.constant([[[1.0], []], [[2.0, 3.0]]])
        with v1.Session() as sess:
            value, nested_value = sess.run([rt, nested])
        return [type(value).__name__, value.to_list(), value.values, value.row_splits, nested_value.to_list(),
                nested_value.flat_values, list(nested_value.nested_row_splits), rt.shape, nested.shape]
    oracle.check_v1(prog)


def test_graph_ops(oracle):
    def prog(v1):
        lengths = v1.placeholder(v1.int64, [None])
        values = v1.placeholder(v1.float32, [None])
        rt = v1.RaggedTensor.from_row_lengths(values, lengths)
        outs = [rt.to_tensor(), v1.reduce_sum(rt, axis=1), v1.reduce_max(rt, axis=0), rt.value_rowids(),
                (rt * 2.0 + 1.0).flat_values, rt[1:].row_splits, rt[:, 1:].flat_values, rt.bounding_shape(),
                v1.gradients(v1.reduce_sum(v1.reduce_mean(rt, axis=1) * 2.0), values)[0]]
        with v1.Session() as sess:
            return sess.run(outs, {lengths: [2, 0, 3], values: [1.0, 2.0, 3.0, 4.0, 5.0]})
    oracle.check_v1(prog)


def test_graph_ragged_range_and_strings_split(oracle):
    def prog(v1):
        starts = v1.placeholder(v1.int32, [None])
        rt = v1.ragged.range(starts, 5)
        words = v1.strings.split(v1.constant(["a b", "c", ""]), result_type="RaggedTensor")
        with v1.Session() as sess:
            a, b = sess.run([rt, words], {starts: [3, 0]})
        return a.to_list(), b.to_list()
    oracle.check_v1(prog)


def test_stack_dynamic_partitions(oracle):
    def prog(tf):
        data = tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]])
        rt = tf.ragged.stack_dynamic_partitions(data, [2, 0, 2, 0], 4)
        words = tf.ragged.stack_dynamic_partitions(tf.ragged.constant([[1], [2, 3], []]), [1, 0, 1], 2)
        return rt.to_list(), rt.shape, words.to_list()
    oracle.check(prog)


def test_constant_value(oracle):
    def prog(tf):
        value = tf.compat.v1.ragged.constant_value([[1, 2], [3]])
        nested = tf.compat.v1.ragged.constant_value([[[1.0]], [[2.0, 3.0], []]], dtype="float64")
        return [type(value).__name__, value.values, value.row_splits, value.to_list(), nested.flat_values,
                list(nested.nested_row_splits), tf.compat.v1.ragged.constant_value([1, 2])]
    oracle.check(prog)


def test_unsupported_names_are_listed():
    """Checked by hand: the ragged APIs tfcompat lists as unsupported raise its UnsupportedAPIError."""
    import tfcompat
    with pytest.raises(NotImplementedError, match="not supported by tfcompat"):
        tfcompat.compat.v1.ragged.placeholder(tfcompat.float32, 1)


CROSSES = [
    ("strings", lambda tf, a, b: tf.ragged.cross([a, b])),
    ("with_dense", lambda tf, a, b: tf.ragged.cross([a, b, tf.constant([["x"], ["y"], ["z"]])])),
    ("product_order", lambda tf, a, b: tf.ragged.cross([tf.ragged.constant([["a", "b"]]),
                                                        tf.ragged.constant([["c", "d"]])])),
    ("ints", lambda tf, a, b: tf.ragged.cross([tf.ragged.constant([[1, 2], [3], []]), b])),
    ("sparse", lambda tf, a, b: tf.ragged.cross([tf.SparseTensor([[0, 0], [2, 0]], ["s", "t"], [3, 1]), b])),
    ("hashed", lambda tf, a, b: tf.ragged.cross_hashed([a, b], num_buckets=1000)),
    ("hashed_raw", lambda tf, a, b: tf.ragged.cross_hashed([a, b])),
    ("hashed_ints_key", lambda tf, a, b: tf.ragged.cross_hashed([tf.ragged.constant([[1, 2], [3], []]), b],
                                                                num_buckets=100, hash_key=7)),
    ("single", lambda tf, a, b: tf.ragged.cross([a])),
    ("bad_dtype", lambda tf, a, b: tf.ragged.cross([tf.ragged.constant([[1.0]])])),
]


@pytest.mark.parametrize("fn", [c[1] for c in CROSSES], ids=[c[0] for c in CROSSES])
def test_cross(oracle, fn):
    def prog(tf):
        out = fn(tf, tf.ragged.constant([["a", "b"], ["c"], []]), tf.ragged.constant([["d"], ["e", "f"], ["g"]]))
        return out.flat_values, out.row_splits
    oracle.check(prog)


def test_wrappers_on_ragged(oracle):
    def prog(tf):
        q = tf.ragged.constant([[1.5, -2.0], [3.0]])
        uniform = tf.RaggedTensor.from_tensor([[1, 2], [3, 4]])
        return [(q == q).to_list(), (q != 1.5).to_list(), tf.cast(q, tf.int32).to_list(), tf.abs(q).to_list(),
                tf.zeros_like(q).to_list(), tf.ones_like(q, dtype=tf.int64).to_list(), uniform[:, 0],
                uniform[:, -1], uniform.shape, tf.math.equal(q, 3.0).to_list()]
    oracle.check(prog)


def test_mismatched_partitions(oracle):
    oracle.check(lambda tf: tf.ragged.constant([[1.0, 2.0]]) + tf.ragged.constant([[1.0], [2.0]]))
    oracle.check(lambda tf: tf.ragged.constant([[1.0, 2.0], []]) * tf.ragged.constant([[1.0], [2.0]]))


def test_ragged_expand_dims_handler_by_hand():
    """The ragged ``tf.expand_dims`` registered for TF's fallback dispatch (what ``tf.expand_dims`` reaches once
    it falls back to dispatch on an unconvertible argument, as ``tf.tile`` does); values worked out by hand."""
    import tfcompat as tf
    from tfcompat._src.framework import api_dispatch
    from tfcompat._src.ops import array_ops
    rt = tf.ragged.constant([[1.0, 2.0], [3.0]])

    def expand(axis):
        return api_dispatch.dispatch(array_ops.expand_dims, (rt, axis), {})
    assert expand(0).to_list() == [[[1.0, 2.0], [3.0]]] and expand(0).shape.as_list()[0] == 1
    assert expand(1).to_list() == [[[1.0, 2.0]], [[3.0]]] and expand(1).shape.as_list()[:2] == [2, 1]
    assert expand(2).to_list() == [[[1.0], [2.0]], [[3.0]]] and expand(-1).shape.as_list() == [2, None, 1]
