"""tf.data elements with RaggedTensor components (tfcompat/_src/data/ragged_elements.py): from_tensors,
from_tensor_slices, map, filter, concatenate, flat_map, iteration in tf.function and TF1 graphs, against TF
(oracle). batch/unbatch of ragged components are not supported yet (data/batching.py)."""
from __future__ import annotations


def _r(tf):
    return tf.ragged.constant([[1, 2], [3], [4, 5, 6]])


def _r2(tf):
    return tf.ragged.constant([[[1, 2], [3]], [], [[4], [5, 6], [7]]])


def _value(tf, t):
    if isinstance(t, tf.RaggedTensor):
        return "ragged", t.flat_values, [s for s in t.nested_row_splits]
    return type(t).__name__, t


def _elements(tf, ds):
    return [tf.nest.map_structure(lambda t: _value(tf, t), e) for e in ds]


def test_sources(oracle):
    def prog(tf):
        out = []
        for ds in (tf.data.Dataset.from_tensors(_r(tf)), tf.data.Dataset.from_tensors(_r2(tf)),
                   tf.data.Dataset.from_tensor_slices(_r(tf)), tf.data.Dataset.from_tensor_slices(_r2(tf)),
                   tf.data.Dataset.from_tensor_slices({"r": _r(tf), "d": [1, 2, 3]}),
                   tf.data.Dataset.from_tensor_slices(tf.RaggedTensor.from_tensor([[1, 2], [3, 4]]))):
            out.append((repr(ds.element_spec), _elements(tf, ds), int(ds.cardinality())))
        return out
    oracle.check(prog)


def test_map_filter_and_more(oracle):
    def prog(tf):
        s = tf.data.Dataset.from_tensor_slices
        r2 = s(_r2(tf))
        made = [r2.map(lambda x: x + 1),
                r2.map(lambda x: (x.row_lengths(), tf.shape(x.flat_values))),
                tf.data.Dataset.range(3).map(lambda i: tf.ragged.range(tf.range(i))),
                tf.data.Dataset.from_tensors(_r(tf)).map(lambda r: r),
                r2.filter(lambda x: x.nrows() > 0),
                s(_r(tf)).concatenate(s(tf.ragged.constant([[9], [8, 7]]))),
                tf.data.Dataset.zip((s(_r(tf)), tf.data.Dataset.range(3))).shuffle(3, seed=2),
                tf.data.Dataset.from_tensors(_r(tf)).flat_map(lambda r: s(r)),
                tf.data.Dataset.range(2).interleave(lambda i: s(_r(tf)), cycle_length=2),
                s(_r(tf)).scan(tf.constant(0), lambda acc, x: (acc + tf.size(x), x))]
        return [(repr(d.element_spec), _elements(tf, d)) for d in made]
    oracle.check(prog)


def test_concatenate_refuses_other_ragged_rank(oracle):
    def prog(tf):
        s = tf.data.Dataset.from_tensor_slices
        return s(_r(tf)).concatenate(s(_r2(tf)))
    oracle.check(prog, match_message="Incompatible dataset elements")


def test_tf_function_iteration(oracle):
    def prog(tf):
        ds = tf.data.Dataset.from_tensor_slices(_r2(tf))

        @tf.function
        def total():
            t = tf.constant(0)
            for x in tf.data.Dataset.from_tensor_slices(_r2(tf)):
                t += tf.reduce_sum(x.flat_values)
            return t

        @tf.function
        def first():
            x = next(iter(ds))
            return x.flat_values, x.row_splits
        return total(), first()
    oracle.check(prog)


def test_graph_iterator(oracle):
    def prog(v1):
        vals, splits = v1.placeholder(v1.int32, [None]), v1.placeholder(v1.int64, [None])
        rt = v1.RaggedTensor.from_row_splits(vals, splits)
        ds = v1.data.Dataset.from_tensor_slices(rt).map(lambda x: x * 2)
        it = v1.data.make_initializable_iterator(v1.data.Dataset.from_tensors(rt))
        x, y = it.get_next(), v1.data.make_one_shot_iterator(v1.data.Dataset.from_tensors(
            v1.ragged.constant([[1], [2, 3]]))).get_next()
        out = [repr(ds.element_spec), type(x).__name__, x.shape.as_list(), type(y).__name__]
        with v1.Session() as sess:
            sess.run(it.initializer, {vals: [1, 2, 3], splits: [0, 2, 3]})
            v = sess.run(x)
            out.append((v.flat_values, v.row_splits))
            w = sess.run(y)
            out.append((w.flat_values, w.row_splits))
        return out
    oracle.check_v1(prog)


def test_as_numpy_iterator(oracle):
    # TF's RaggedTensor.numpy(): rows of different lengths in an object array, equal lengths stacked.
    def prog(tf):
        out = []
        for rt in (_r(tf), _r2(tf), tf.ragged.constant([[1, 2], [3, 4]]), tf.ragged.constant([[[1], [2]], [[3]]])):
            for ds in (tf.data.Dataset.from_tensors(rt), tf.data.Dataset.from_tensor_slices(rt)):
                for e in ds.as_numpy_iterator():
                    out.append((e.dtype.name, e.shape, [list(r) if e.dtype == object else r for r in e]))
        return out
    oracle.check(prog)


def test_get_single_element_in_tf_function(oracle):
    def prog(tf):
        st = tf.sparse.SparseTensor([[0, 1], [1, 0]], [3, 4], [2, 2])

        @tf.function
        def f():
            e = tf.data.Dataset.from_tensors(st).get_single_element()
            r = tf.data.Dataset.from_tensors(_r2(tf)).get_single_element()
            return tf.sparse.to_dense(e), r.flat_values, r.nested_row_splits
        return f()
    oracle.check(prog)


def test_from_generator_composite_signature(oracle):
    # output_signature may hold SparseTensorSpec and RaggedTensorSpec; the generator yields those values.
    def prog(tf):
        def gen_r():
            yield tf.ragged.constant([[1], [2, 3]])
            yield tf.ragged.constant([[4, 5, 6]])

        def gen_s():
            yield tf.sparse.SparseTensor([[0]], [1], [3])
            yield tf.compat.v1.SparseTensorValue([[1], [2]], [2, 3], [4])
        r = tf.data.Dataset.from_generator(gen_r, output_signature=tf.RaggedTensorSpec([None, None], tf.int32, 1))
        s = tf.data.Dataset.from_generator(gen_s, output_signature=tf.SparseTensorSpec([None], tf.int32))
        return (repr(r.element_spec), _elements(tf, r), repr(s.element_spec),
                [(e.indices, e.values, e.dense_shape) for e in s],
                [(e.indices, e.values, e.dense_shape) for e in s.batch(2)])
    oracle.check(prog)


def test_ragged_batch_public_api(oracle):
    # Dataset.ragged_batch and tf.data.experimental.dense_to_ragged_batch (batching.ragged_batch).
    def prog(tf):
        ds = tf.data.Dataset.from_tensor_slices([1, 5, 3, 2, 8]).map(tf.range)
        a = ds.ragged_batch(2)
        b = ds.apply(tf.data.experimental.dense_to_ragged_batch(2, drop_remainder=True))
        return repr(a.element_spec), _elements(tf, a), repr(b.element_spec), _elements(tf, b)
    oracle.check(prog)
