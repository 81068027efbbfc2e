"""Static shapes of ``tf.sparse.*`` results inside a ``tf.function`` / ``Dataset.map`` whose SparseTensor input is
only partly known (``SparseTensorSpec([None, 5])`` and the like), against TF 2.21: which dims TF keeps (reorder,
concat, matmul), which it drops (retain, slice, ...) and which it computes (concat's sum). Expected values:
TF's, through the oracle."""
from __future__ import annotations

import pytest

CASES = {
    "expand_dims0": lambda tf, s: tf.sparse.expand_dims(s, 0),
    "expand_dims_m1": lambda tf, s: tf.sparse.expand_dims(s, -1),
    "concat1": lambda tf, s: tf.sparse.concat(1, [s, s]),
    "concat0": lambda tf, s: tf.sparse.concat(0, [s, s]),
    "concat1_expand": lambda tf, s: tf.sparse.concat(1, [s, s], expand_nonconcat_dims=True),
    "add_dense": lambda tf, s: tf.sparse.add(s, tf.zeros([3, 5])),
    "add_sparse": lambda tf, s: tf.sparse.add(s, s),
    "retain": lambda tf, s: tf.sparse.retain(s, tf.ones_like(s.values, tf.bool)),
    "reorder": lambda tf, s: tf.sparse.reorder(s),
    "reshape": lambda tf, s: tf.sparse.reshape(s, [-1, 5, 1]),
    "slice": lambda tf, s: tf.sparse.slice(s, [0, 0], [2, 3]),
    "transpose": lambda tf, s: tf.sparse.transpose(s),
    "reset_shape": lambda tf, s: tf.sparse.reset_shape(s),
    "reset_shape_given": lambda tf, s: tf.sparse.reset_shape(s, [7, 6]),
    "matmul": lambda tf, s: tf.sparse.sparse_dense_matmul(s, tf.ones([5, 2])),
    "matmul_adjoint": lambda tf, s: tf.sparse.sparse_dense_matmul(s, tf.ones([4, 5]), adjoint_a=True,
                                                                  adjoint_b=True),
    "maximum": lambda tf, s: tf.sparse.maximum(s, s),
    "softmax": lambda tf, s: tf.sparse.softmax(s),
    "fill_empty_rows": lambda tf, s: tf.sparse.fill_empty_rows(s, 0.0)[0],
    "reduce_sum": lambda tf, s: tf.sparse.reduce_sum(s, 1),
    "reduce_sum_sparse": lambda tf, s: tf.sparse.reduce_sum(s, 1, keepdims=True, output_is_sparse=True),
    "to_dense": lambda tf, s: tf.sparse.to_dense(s),
    "split": lambda tf, s: tf.sparse.split(sp_input=s, num_split=2, axis=0)[0],
    "to_indicator": lambda tf, s: tf.sparse.to_indicator(tf.cast(s, tf.int64), 7),
    "mul_dense": lambda tf, s: s * tf.ones([5]),
    "map_values": lambda tf, s: tf.sparse.map_values(tf.abs, s),
}


def _traced_shapes(tf, spec_shape, keys=tuple(CASES)):
    """Each case's static result shape when traced on a ``SparseTensorSpec(spec_shape)`` input."""
    shapes = {}
    for key in keys:
        @tf.function(input_signature=[tf.SparseTensorSpec(spec_shape, tf.float32)])
        def f(s, key=key):
            shapes[key] = str(CASES[key](tf, s).shape)
            return s.values
        f.get_concrete_function()
    return shapes


@pytest.mark.parametrize("spec_shape", [[None, 5], [3, None]], ids=["None_5", "3_None"])
def test_static_shapes_in_function(oracle, spec_shape):
    oracle.check(lambda tf: _traced_shapes(tf, spec_shape), name=f"static_shapes_{spec_shape}")


def test_static_shapes_unknown_rank(oracle):
    keys = ("expand_dims0", "expand_dims_m1", "transpose", "concat1", "reorder", "reshape", "reset_shape_given",
            "matmul", "to_indicator")
    oracle.check(lambda tf: _traced_shapes(tf, None, keys))


def test_static_shapes_in_dataset_map(oracle):
    def prog(tf):
        sp = tf.sparse.SparseTensor([[0, 1], [1, 4], [3, 2]], [1.0, 2.0, 3.0], [4, 5])
        ds = tf.data.Dataset.from_tensor_slices(sp).batch(2)   # elements: SparseTensorSpec([None, 5])
        ds = ds.map(lambda s: (tf.sparse.concat(1, [s, s]), tf.sparse.reorder(s),
                               tf.sparse.expand_dims(s, 0),
                               tf.sparse.sparse_dense_matmul(s, tf.ones([4, 5]), adjoint_a=True, adjoint_b=True)))
        specs = [str(spec.shape) for spec in ds.element_spec]
        got = [[(t.indices, t.values, t.dense_shape) for t in elem[:4]] + [elem[4]] for elem in ds]
        return specs, got
    oracle.check(prog)


def test_expand_dims_and_transpose_values_unknown_rank(oracle):
    def prog(tf):
        @tf.function(input_signature=[tf.SparseTensorSpec(None, tf.float32)])
        def f(s):
            e = tf.sparse.expand_dims(s, 1)
            t = tf.sparse.transpose(s)
            return e.indices, e.dense_shape, t.indices, t.values, t.dense_shape
        sp = tf.sparse.SparseTensor([[0, 1, 2], [1, 0, 1]], [1.0, 2.0], [2, 3, 4])
        eager = tf.sparse.expand_dims(sp, -2)
        return f(sp), (eager.indices, eager.dense_shape), str(eager.shape)
    oracle.check(prog)
