"""``batch``/``unbatch`` of RaggedTensor elements and ``dense_to_ragged_batch`` / ``Dataset.ragged_batch``
(tfcompat._src.data.batching) against TF 2.21, as TF's ragged_tensor guide batches ragged features.

Until ``Dataset.ragged_batch`` and ``tf.data.experimental.dense_to_ragged_batch`` are wired to
``batching.ragged_batch``, the tfcompat side of the ragged_batch tests calls it through ``_ragged_batch`` below."""
from __future__ import annotations


def test_batch_and_unbatch_ragged_components(oracle):
    def prog(tf):
        ds = tf.data.Dataset.from_tensor_slices({"a": tf.ragged.constant([[7], [], [1, 3], [3, 5, 2]]),
                                                 "b": tf.constant([1, 2, 3, 4])})
        b = ds.batch(2)
        u = b.unbatch()
        rb = tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[[1], [2, 3]], [[4]], [[5, 6], [], [7]]]))
        m = ds.map(lambda d: {"r": tf.ragged.range(d["a"])}).batch(3, drop_remainder=True)
        g = tf.data.Dataset.range(3).map(lambda i: tf.RaggedTensor.from_row_lengths(tf.range(i), [i]))
        return (b.element_spec, list(b), u.element_spec, list(u), rb.batch(2).element_spec, list(rb.batch(2)),
                list(rb.batch(2).unbatch()), m.element_spec, list(m), g.batch(2).element_spec, list(g.batch(2)))
    oracle.check(prog)


def _tf_ragged_batch(tf, ds, *args, **kwargs):
    return ds.apply(tf.data.experimental.dense_to_ragged_batch(*args, **kwargs))


def _tfc_ragged_batch(tf, ds, batch_size, drop_remainder=False, row_splits_dtype=None):
    from tfcompat._src.data import batching
    from tfcompat._src.data.dataset_ops import int64_arg
    return ds._wrap(batching.ragged_batch(ds._node, int64_arg(batch_size, "batch_size"), tf.constant(drop_remainder),
                                          row_splits_dtype or tf.int64))


def _ragged_batch_cases(tf, ragged_batch):
    b = ragged_batch(tf, tf.data.Dataset.from_tensor_slices([1, 5, 3, 2, 8]).map(tf.range), 2)
    d = tf.data.Dataset.range(4).map(lambda i: {"m": tf.reshape(tf.range(i * 2), [i, 2]), "s": i, "f": tf.zeros([3])})
    b2 = ragged_batch(tf, d, 3, drop_remainder=True, row_splits_dtype=tf.int32)
    b3 = ragged_batch(tf, tf.data.Dataset.from_tensor_slices(tf.ragged.constant([[1], [2, 3], []])), 2)
    return b.element_spec, list(b), b2.element_spec, list(b2), b3.element_spec, list(b3)


def test_dense_to_ragged_batch(oracle):
    oracle.check(lambda tf: _ragged_batch_cases(tf, _tf_ragged_batch),
                 lambda tf: _ragged_batch_cases(tf, _tfc_ragged_batch))
