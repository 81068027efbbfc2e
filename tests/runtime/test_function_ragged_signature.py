"""``RaggedTensorSpec`` and ``SparseTensorSpec`` in a ``tf.function`` ``input_signature`` and in
``get_concrete_function`` (tfcompat._src.runtime.function) against TF 2.21, as TF's ragged_tensor guide uses them: one
trace serves every composite argument that fits the spec; a dense tensor, another dtype or another ragged rank is
TF's TypeError (a SparseTensor fits by dtype and rank, as TF matches its component specs)."""
from __future__ import annotations

import pytest


def test_ragged_spec_in_input_signature(oracle):
    def prog(tf):
        @tf.function(input_signature=[tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32)])
        def max_and_min(rt):
            return tf.math.reduce_max(rt, axis=-1), tf.math.reduce_min(rt, axis=-1)
        out = [max_and_min(tf.ragged.constant([[1, 2], [3], [4, 5, 6]])),
               max_and_min(tf.ragged.constant([[1], [7, 3]]))]
        return (out, max_and_min.experimental_get_tracing_count(),
                max_and_min.get_concrete_function().structured_input_signature)
    oracle.check(prog)


@pytest.mark.parametrize("bad", ["dense", "dtype", "ragged_rank"])
def test_ragged_spec_rejects_other_values(oracle, bad):
    def prog(tf):
        f = tf.function(lambda rt: rt * 2,
                        input_signature=[tf.RaggedTensorSpec(shape=[None, None], dtype=tf.int32)])
        value = {"dense": tf.constant([[1, 2]]), "dtype": tf.ragged.constant([[1.0]]),
                 "ragged_rank": tf.ragged.constant([[[1]]])}[bad]
        return f(value)
    oracle.check(prog, match_message="Binding inputs to tf.function failed due to")


def test_concrete_function_of_ragged_spec(oracle):
    def prog(tf):
        @tf.function
        def grow(x):
            return x * 2.0
        c = grow.get_concrete_function(tf.RaggedTensorSpec(shape=[None, None], dtype=tf.float32))
        return (c(tf.ragged.constant([[1.0, 4.0, 3.0], [2.0]])).to_list(), c.structured_input_signature,
                grow(tf.ragged.constant([[5.0], []])).to_list(), grow.experimental_get_tracing_count())
    oracle.check(prog)


def test_sparse_spec_and_nested_ragged_spec_in_input_signature(oracle):
    def prog(tf):
        @tf.function(input_signature=[tf.SparseTensorSpec(shape=[None, 3], dtype=tf.float32),
                                      tf.TensorSpec([], tf.float32)])
        def f(sp, k):
            return tf.sparse.reduce_sum(sp, axis=1) * k

        @tf.function(input_signature=[[tf.RaggedTensorSpec([None, None], tf.float32), tf.TensorSpec([None])]])
        def g(pair):
            r, t = pair
            return r + 1.0, t * 2
        out = [f(tf.sparse.SparseTensor([[0, 1], [1, 2]], [1.0, 2.0], [2, 3]), 2.0),
               f(tf.sparse.SparseTensor([[0, 1]], [5.0], [4, 3]), 1.0),
               f(tf.sparse.SparseTensor([[0, 1]], [5.0], [4, 4]), 1.0)]   # TF checks dtype and rank only
        r, t = g([tf.ragged.constant([[1.0], [2.0, 3.0]]), tf.constant([1.0])])
        return (out, f.experimental_get_tracing_count(), f.get_concrete_function().structured_input_signature,
                r.to_list(), t)
    oracle.check(prog)


@pytest.mark.parametrize("bad", ["rank", "dtype", "ragged"])
def test_sparse_spec_rejects_other_values(oracle, bad):
    def prog(tf):
        f = tf.function(lambda sp: sp.values * 2,
                        input_signature=[tf.SparseTensorSpec(shape=[None, 3], dtype=tf.float32)])
        return f({"rank": tf.sparse.SparseTensor([[1]], [5.0], [4]),
                  "dtype": tf.sparse.SparseTensor([[0, 1]], [5], [4, 3]),
                  "ragged": tf.ragged.constant([[1.0]])}[bad])
    oracle.check(prog, match_message="Binding inputs to tf.function failed due to")
