"""SparseTensors of ``tf.string`` values through the sparse ops that move values (ops/sparse_ops.py, run on string
ids: ``SparseConcat``, ``SparseFillEmptyRows``, reorder/slice/split/reshape/transpose/retain) against TF 2.21, as TF's
ragged_tensor guide concatenates two ragged string tensors through ``to_sparse``."""
from __future__ import annotations


def _st(sp):
    return sp.indices, sp.values, sp.dense_shape


def test_concat_ragged_strings_as_sparse(oracle):
    def prog(tf):
        x = tf.ragged.constant([["John"], ["a", "big", "dog"], ["my", "cat"]]).to_sparse()
        y = tf.ragged.constant([["fell", "asleep"], ["barked"], ["is", "fuzzy"]]).to_sparse()
        return [_st(tf.sparse.concat(sp_inputs=[x, y], axis=axis)) for axis in (1, 0)]
    oracle.check(prog)


def test_concat_strings_expand_nonconcat_dims(oracle):
    def prog(tf):
        a = tf.sparse.SparseTensor([[0, 2], [1, 0]], ["", "b"], [2, 3])
        b = tf.sparse.SparseTensor([[0, 0], [2, 1]], ["c", "a"], [3, 2])
        return _st(tf.sparse.concat(1, [a, b], expand_nonconcat_dims=True))
    oracle.check(prog)


def test_concat_strings_in_graph(oracle):
    def prog(v1):
        a = v1.sparse.SparseTensor([[0, 1]], ["x"], [1, 2])
        b = v1.sparse.SparseTensor([[0, 0], [0, 1]], ["y", "z"], [1, 2])
        with v1.Session() as s:
            return s.run(_st(v1.sparse.concat(1, [a, b])))
    oracle.check_v1(prog)


def test_other_sparse_ops_move_string_values(oracle):
    def prog(tf):
        st = tf.sparse.reorder(tf.sparse.SparseTensor([[2, 0], [0, 3], [0, 1]], ["c", "b", "a"], [3, 4]))
        filled, empty = tf.sparse.fill_empty_rows(st, "z")
        out = [st, tf.sparse.slice(st, [0, 1], [2, 3]), *tf.sparse.split(sp_input=st, num_split=2, axis=1), filled,
               tf.sparse.reshape(st, [4, 3]), tf.sparse.transpose(st), tf.sparse.retain(st, [True, False, True]),
               tf.sparse.expand_dims(st, 0)]
        return [_st(o) for o in out], empty
    oracle.check(prog)


def test_to_dense_of_string_values(oracle):
    """SparseToDense on tf.string values (the guide's ragged -> sparse -> dense round trip), eager and in a
    Session with fed values, with and without a default."""
    def prog(tf):
        st = tf.sparse.SparseTensor([[0, 0], [1, 2]], tf.constant(["a", "bc"]), [2, 3])
        return tf.sparse.to_dense(st, default_value="x"), tf.sparse.to_dense(st)
    oracle.check(prog)

    def graph_prog(v1):
        p = v1.placeholder(v1.string, [None])
        d = v1.sparse.to_dense(v1.sparse.SparseTensor([[0], [2]], p, [4]))
        with v1.Session() as s:
            return s.run(d, {p: ["q", "r"]})
    oracle.check_v1(graph_prog)
