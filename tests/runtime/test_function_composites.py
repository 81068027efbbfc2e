"""RaggedTensor arguments and results of ``tf.function`` (tfcompat._src.runtime.function_composites) against TF
2.21: a RaggedTensor is traced as its RaggedTensorSpec (one trace per spec, ``reduce_retracing`` relaxing the row
count), its components are the traced graph's inputs, and a RaggedTensor result comes back ragged."""
from __future__ import annotations


def test_ragged_argument_traced_as_its_spec(oracle):
    def prog(tf):
        @tf.function
        def double(x):
            return x * 2.0
        a = tf.ragged.constant([[1.0, 2.0], [3.0]])
        b = tf.ragged.constant([[4.0], [], [5.0, 6.0, 7.0]])
        c = tf.ragged.constant([[[1.0], [2.0]], [[3.0]]], ragged_rank=2)
        out = [double(a), double(tf.ragged.constant([[0.5], [1.0, 1.5, 2.0]]))]
        counts = [double.experimental_get_tracing_count()]
        out += [double(b), double(c)]
        counts.append(double.experimental_get_tracing_count())
        return ([o.to_list() for o in out], [type(o).__name__ for o in out], counts,
                double.pretty_printed_concrete_signatures(),
                double.get_concrete_function(a).structured_input_signature)
    oracle.check(prog)


def test_reduce_retracing_relaxes_ragged_row_count(oracle):
    def prog(tf):
        lengths = tf.function(lambda x: x.row_lengths() * 2, reduce_retracing=True)
        out = [lengths(tf.ragged.constant([[1.0, 2.0], [3.0]])),
               lengths(tf.ragged.constant([[1.0], [3.0], [4.0, 5.0, 6.0]])),
               lengths(tf.ragged.constant([[1.0]])),
               lengths(tf.ragged.constant([[], [1.0, 2.0, 3.0, 4.0]]))]
        return out, lengths.experimental_get_tracing_count(), lengths.pretty_printed_concrete_signatures()
    oracle.check(prog)


def test_ragged_results_mixed_with_tensors(oracle):
    def prog(tf):
        @tf.function
        def split(x, scale):
            y = x * scale
            return {"ragged": y, "sums": tf.reduce_sum(y, axis=1), "rows": [y.row_splits, y + 1.0]}
        x = tf.ragged.constant([[1.0, 2.0], [], [3.0, 4.0, 5.0]])
        got = split(x, tf.constant(3.0))
        concrete = split.get_concrete_function(x, tf.constant(3.0))
        again = split(x, tf.constant(-1.0))
        return (got["ragged"].to_list(), got["ragged"].shape.as_list(), got["sums"], got["rows"][0],
                got["rows"][1].to_list(), again["ragged"].to_list(), type(again["ragged"]).__name__,
                type(concrete.structured_outputs["ragged"]).__name__,
                concrete.structured_outputs["ragged"].shape.as_list(), split.experimental_get_tracing_count(),
                split.pretty_printed_concrete_signatures())
    oracle.check(prog)


def test_gradient_through_ragged_argument(oracle):
    def prog(tf):
        @tf.function
        def loss(x, w):
            return tf.reduce_sum(tf.reduce_mean(x * w, axis=1))
        w = tf.Variable(2.0)
        values = tf.constant([1.0, 2.0, 3.0, 4.0])
        with tf.GradientTape() as tape:
            tape.watch(values)
            x = tf.RaggedTensor.from_row_lengths(values, [1, 3])
            y = loss(x, w)
        return y, tape.gradient(y, [values, w])
    oracle.check(prog, rtol=1e-6, atol=1e-6)


def test_concrete_function_called_with_composites(oracle):
    def prog(tf):
        @tf.function
        def row_sums(x):
            return tf.reduce_sum(x, axis=1)

        @tf.function
        def sparse_total(s):
            return tf.sparse.reduce_sum(s)
        cf = row_sums.get_concrete_function(tf.RaggedTensorSpec([None, None], tf.float32))
        cs = sparse_total.get_concrete_function(tf.SparseTensorSpec([2, 3], tf.float32))
        return (cf(tf.ragged.constant([[1.0, 2.0], [3.0]])), cf(tf.ragged.constant([[1.0], [2.0, 5.0], []])),
                cs(tf.sparse.SparseTensor([[0, 1], [1, 2]], [2.0, 3.5], [2, 3])))
    oracle.check(prog)


def test_component_specs(oracle):
    def prog(tf):
        specs = [tf.SparseTensorSpec([None, 3], tf.float32), tf.SparseTensorSpec(None, tf.int32),
                 tf.RaggedTensorSpec([2, None, 3], tf.float32, 1),
                 tf.RaggedTensorSpec([None, None, None], tf.int32, 2), tf.RaggedTensorSpec([4, 3], tf.int32, 0)]
        return [[(s.shape.as_list() if s.shape.rank is not None else None, s.dtype) for s in spec._component_specs]
                for spec in specs]
    oracle.check(prog)


def test_signature_names_after_composite_arguments(oracle):
    def prog(tf):
        @tf.function
        def f(r, s, y):
            return y
        cf = f.get_concrete_function(tf.RaggedTensorSpec([None, None], tf.float32, 1),
                                     tf.SparseTensorSpec([None, 3], tf.float32), tf.TensorSpec([]))
        return repr(cf.structured_input_signature), [t.name for t in cf.inputs]
    oracle.check(prog)


def test_sparse_tensor_results(oracle):
    """A tf.function may return a SparseTensor (its components behind Identities), also from a concrete function
    and under a tape (gradients through its values)."""
    def prog(tf):
        @tf.function
        def f(x):
            return tf.sparse.from_dense(x), x * 2
        sp, doubled = f(tf.constant([[1.0, 0.0], [0.0, 2.0]]))
        concrete = f.get_concrete_function(tf.TensorSpec([None, 2]))
        with tf.GradientTape() as tape:
            x = tf.constant([[1.0, 0.0], [0.0, 3.0]])
            tape.watch(x)
            loss = tf.reduce_sum(concrete(x)[0].values ** 2)
        return (type(sp).__name__, sp.indices, sp.values, sp.dense_shape, doubled,
                repr(concrete.structured_outputs), tape.gradient(loss, x))
    oracle.check(prog)
