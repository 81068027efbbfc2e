"""tf.data elements with SparseTensor components (tfcompat/_src/data/sparse_elements.py): from_tensors,
from_tensor_slices, batch, unbatch, map, as_numpy_iterator and element_spec, against TF (oracle)."""
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
