"""tf.data elements with SparseTensor components (tfcompat/_src/data/sparse_elements.py): from_tensors,
from_tensor_slices, batch, unbatch, map, as_numpy_iterator and element_spec, eager and in graphs (TF1 placeholders,
tf.function), against TF (oracle)."""
from __future__ import annotations


def _sparse(tf):
    return tf.sparse.SparseTensor(indices=[[0, 0], [1, 2], [2, 1], [3, 0], [3, 3]], values=[1, 2, 3, 4, 5],
                                  dense_shape=[4, 5])


def _elements(ds):
    return [(e.indices, e.values, e.dense_shape) for e in ds]


def test_from_tensors(oracle):
    def prog(tf):
        ds = tf.data.Dataset.from_tensors(_sparse(tf))
        return repr(ds.element_spec), _elements(ds)
    oracle.check(prog)


def test_from_tensor_slices(oracle):
    def prog(tf):
        ds = tf.data.Dataset.from_tensor_slices(_sparse(tf))
        return repr(ds.element_spec), _elements(ds), int(ds.cardinality())
    oracle.check(prog)


def test_batch_and_unbatch(oracle):
    def prog(tf):
        ds = tf.data.Dataset.from_tensor_slices(_sparse(tf))
        b, bd = ds.batch(3), ds.batch(2, drop_remainder=True)
        u = b.unbatch()
        return ([repr(d.element_spec) for d in (b, bd, u)], _elements(b), _elements(bd), _elements(u))
    oracle.check(prog)


def test_batch_of_different_dense_shapes(oracle):
    def prog(tf):
        a = tf.sparse.SparseTensor([[0, 1]], [1.0], [1, 2])
        c = tf.sparse.SparseTensor([[2, 0], [2, 3]], [2.0, 3.0], [3, 4])
        ds = tf.data.Dataset.from_tensors(a).concatenate(tf.data.Dataset.from_tensors(c)).batch(2)
        return repr(ds.element_spec), _elements(ds)
    oracle.check(prog)


def test_map(oracle):
    def prog(tf):
        ds = tf.data.Dataset.from_tensor_slices(_sparse(tf))
        m = ds.map(lambda x: x * 2)
        d = ds.map(lambda x: (tf.sparse.to_dense(x), x.shape.as_list()))
        p = ds.batch(2).map(lambda x: x.shape[1])  # the static dimension of the spec
        return repr(m.element_spec), _elements(m), repr(d.element_spec), list(d), list(p)
    oracle.check(prog)


def test_mixed_structure_and_numpy(oracle):
    def prog(tf):
        ds = tf.data.Dataset.from_tensor_slices({"s": _sparse(tf), "y": [1, 2, 3, 4]}).batch(2)
        return repr(ds.element_spec), [(e["s"].indices, e["s"].values, e["s"].dense_shape, e["y"]) for e in ds], \
            [tuple(e["s"]) for e in ds.as_numpy_iterator()]
    oracle.check(prog)


def test_from_tensor_slices_checks_indices(oracle):
    def prog(tf, idx):
        st = tf.sparse.SparseTensor(idx, list(range(len(idx))), [3, 4])
        return [(e.indices, e.values) for e in tf.data.Dataset.from_tensor_slices(st)]
    for idx in ([[0, 0], [1, 2], [1, 0]], [[0, 0], [0, 0]], [[0, 0], [5, 0]], [[0, 3], [1, 0], [2, 2]]):
        oracle.check(lambda tf: prog(tf, idx), match_message=str(idx[-1]).replace(" ", "") + " is")


def test_from_tensors_keeps_unordered_indices(oracle):
    def prog(tf):
        return _elements(tf.data.Dataset.from_tensors(tf.sparse.SparseTensor([[1, 0], [0, 0]], [1, 2], [3, 4])))
    oracle.check(prog)


def test_map_partly_known_dense_shape(oracle):
    # The traced argument's dense_shape has the spec's known dims as constants: to_dense keeps (None, 5).
    def prog(tf):
        a = tf.sparse.SparseTensor([[0, 1], [3, 4]], [1, 2], [4, 5])
        c = tf.sparse.SparseTensor([[1, 0]], [3], [2, 5])
        ds = tf.data.Dataset.from_tensors(a).concatenate(tf.data.Dataset.from_tensors(c))
        seen = []

        def f(x):
            seen.append((x.shape.as_list(), tf.get_static_value(x.dense_shape), x.dense_shape.shape.as_list()))
            return tf.sparse.to_dense(x)
        m = ds.map(f)
        b = tf.data.Dataset.from_tensor_slices(a).batch(3).map(lambda x: (tf.sparse.to_dense(x), x.dense_shape))
        r = ds.map(lambda x: tf.sparse.reshape(x, [-1, 1]))
        return (seen, repr(ds.element_spec), repr(m.element_spec), list(m), repr(b.element_spec), list(b),
                repr(r.element_spec), _elements(r))
    oracle.check(prog)


def _drain(v1, sess, x):
    out = []
    while True:
        try:
            out.append(sess.run(x))
        except v1.errors.OutOfRangeError:
            return out


def test_graph_placeholder_source(oracle):
    # TF1: a SparseTensor of placeholders as the source, fed when the initializer runs; bad indices raise there.
    def prog(v1):
        idx, val = v1.placeholder(v1.int64, [None, 2]), v1.placeholder(v1.float32, [None])
        shp = v1.placeholder(v1.int64, [2])
        st = v1.SparseTensor(idx, val, shp)
        slices, whole = v1.data.Dataset.from_tensor_slices(st), v1.data.Dataset.from_tensors(st)
        it = v1.data.make_initializable_iterator(slices.batch(2))
        x = it.get_next()
        it2 = v1.data.make_initializable_iterator(whole.map(lambda s: v1.sparse.to_dense(s)))
        y = it2.get_next()
        out = [repr(slices.element_spec), repr(whole.element_spec), type(x).__name__, x.shape.as_list(),
               x.indices.shape.as_list(), x.dense_shape.shape.as_list(), y.shape.as_list()]
        feed = {idx: [[0, 0], [1, 2], [2, 1]], val: [1., 2., 3.], shp: [3, 4]}
        with v1.Session() as sess:
            sess.run(it.initializer, feed)
            out.append(_drain(v1, sess, x))
            sess.run(it2.initializer, feed)
            out.append(_drain(v1, sess, y))
            sess.run(it.initializer, {idx: [[0, 0]], val: [9.], shp: [1, 2]})
            out.append(_drain(v1, sess, x))
            try:
                sess.run(it.initializer, {idx: [[1, 0], [0, 0]], val: [9., 1.], shp: [2, 2]})
            except v1.errors.InvalidArgumentError as e:
                out.append("indices[1] = [0,0] is out of order" in str(e))
        return out
    oracle.check_v1(prog)


def test_graph_sparse_placeholder_source(oracle):
    # A sparse_placeholder of partly known shape: the dataset's spec is what its dense_shape tells (TF remakes
    # the SparseTensor from its parts), and the fed SparseTensorValue is sliced into elements.
    def prog(v1):
        sp = v1.sparse_placeholder(v1.float32, shape=[None, 3])
        ds = v1.data.Dataset.from_tensor_slices(sp)
        it = v1.data.make_initializable_iterator(ds.map(lambda s: (s, v1.sparse.to_dense(s))))
        x = it.get_next()
        out = [repr(sp.shape), repr(ds.element_spec), [repr(t.shape) for t in (x[0], x[1])]]
        with v1.Session() as sess:
            sess.run(it.initializer, {sp: v1.SparseTensorValue([[0, 1], [1, 2]], [5., 6.], [2, 3])})
            out.append(_drain(v1, sess, x))
        return out
    oracle.check_v1(prog)


def test_graph_constant_source_one_shot(oracle):
    # In a graph every SparseTensor's parts are graph tensors (constants here): one-shot iterator, batch, unbatch.
    def prog(v1):
        st = v1.SparseTensor([[0, 0], [1, 2], [2, 1], [3, 0], [3, 3]], [1, 2, 3, 4, 5], [4, 5])
        ds = v1.data.Dataset.from_tensor_slices(st).batch(3)
        x = v1.data.make_one_shot_iterator(ds).get_next()
        u = v1.data.make_one_shot_iterator(ds.unbatch().map(lambda s: v1.sparse.to_dense(s))).get_next()
        with v1.Session() as sess:
            return repr(ds.element_spec), x.shape.as_list(), _drain(v1, sess, x), u.shape.as_list(), \
                _drain(v1, sess, u)
    oracle.check_v1(prog)


def test_tf_function_sparse_source(oracle):
    # Inside a tf.function: a SparseTensor argument as the source, iterated by a Python for loop (AutoGraph).
    def prog(tf):
        @tf.function
        def f(st):
            total = tf.constant(0)
            for row in tf.data.Dataset.from_tensor_slices(st):
                total += tf.sparse.reduce_sum(row) * tf.cast(row.dense_shape[0], tf.int32)
            return total
        return f(_sparse(tf))
    oracle.check(prog)


def test_padded_batch_refuses_non_tensor_components(oracle):
    # TF's _PaddedBatchDataset: TypeError for a SparseTensor (or dataset) component; unknown rank is checked first.
    def prog(tf, case):
        ds = tf.data.Dataset.from_tensor_slices(_sparse(tf))
        if case == "sparse":
            return ds.padded_batch(2)
        if case == "mixed":
            return tf.data.Dataset.zip((tf.data.Dataset.range(4), ds)).padded_batch(2, padded_shapes=([], [5]))
        return tf.data.Dataset.range(4).window(2).padded_batch(2)
    for case, msg in (("sparse", "is not a subclass of TensorSpec"), ("mixed", "is not a subclass of TensorSpec"),
                      ("datasets", "not supported for datasets of datasets")):
        oracle.check(lambda tf: prog(tf, case), match_message=msg)


def test_sparse_tensor_value_source(oracle):
    # A tf.compat.v1.SparseTensorValue (a namedtuple) is a sparse leaf of an element, as in TF's data nest.
    def prog(tf):
        v = tf.compat.v1.SparseTensorValue([[0, 0], [1, 1]], [1.0, 2.0], [2, 2])
        ds = tf.data.Dataset.from_tensor_slices((v, [3, 4]))
        return repr(ds.element_spec), [(e[0].indices, e[0].values, e[0].dense_shape, e[1]) for e in ds], \
            repr(tf.data.Dataset.from_tensors({"s": v}).element_spec)
    oracle.check(prog)


def test_graph_reinitializable_iterator_classes(oracle):
    # TF1's output_classes: SparseTensor for a sparse component; from_structure(..., output_classes) makes a
    # reinitializable iterator of SparseTensors; a dense iterator refuses a sparse dataset.
    def prog(v1):
        ds = v1.data.Dataset.from_tensor_slices(v1.SparseTensor([[0, 0], [1, 2]], [1, 2], [2, 3])).batch(2)
        classes = v1.data.get_output_classes(ds)
        it = v1.data.Iterator.from_structure(v1.data.get_output_types(ds), v1.data.get_output_shapes(ds),
                                             output_classes=classes)
        init = it.make_initializer(ds)
        x = it.get_next()
        dense = v1.data.Iterator.from_structure(v1.data.get_output_types(ds), v1.data.get_output_shapes(ds))
        try:
            dense.make_initializer(ds)
            refused = False
        except TypeError as e:
            refused = "Expected output classes" in str(e)
        with v1.Session() as sess:
            sess.run(init)
            return classes.__name__, type(x).__name__, x.shape.as_list(), _drain(v1, sess, x), refused
    oracle.check_v1(prog)


def test_reduce_with_sparse_state(oracle):
    def prog(tf):
        init = tf.sparse.SparseTensor(tf.zeros([0, 1], tf.int64), tf.zeros([0], tf.int64), [3])
        r = tf.data.Dataset.range(3).reduce(init, lambda s, x: tf.sparse.add(s, tf.sparse.SparseTensor([[x]], [x], [3])))
        return type(r).__name__, r.indices, r.values, r.dense_shape
    oracle.check(prog)
