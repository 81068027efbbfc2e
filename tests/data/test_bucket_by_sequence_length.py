"""``tf.data.experimental.bucket_by_sequence_length`` (``data/batching.py``) against TF 2.21: bucket ids from
``element_length_func``, per-bucket batch sizes, padding to the batch's longest element or to the bucket boundary
(a padded dim known only when running), ``no_padding``, ``drop_remainder``, ``padding_values``, ``padded_shapes``,
tuple and dict elements, the element_spec and the errors. Expected values: TF's, through the oracle."""
from __future__ import annotations

import pytest

SEQS = [[1], [2, 2], [3, 3, 3], [4, 4, 4, 4], [5] * 5, [6] * 6, [7] * 7, [8], [9, 9]]


def _seqs(tf):
    return tf.data.Dataset.from_generator(lambda: iter(SEQS), output_signature=tf.TensorSpec([None], tf.int32))


def _length(tf):
    return lambda x: tf.shape(x)[0]


def _run(tf, ds):
    spec = tf.nest.map_structure(lambda s: (str(s.shape), s.dtype.name), ds.element_spec)
    return spec, list(ds.as_numpy_iterator())


# case -> (dataset(tf), transformation(tf))
CASES = {
    "basic": (_seqs, lambda tf: tf.data.experimental.bucket_by_sequence_length(_length(tf), [3, 5], [2, 2, 3])),
    "pad_to_boundary": (_seqs, lambda tf: tf.data.experimental.bucket_by_sequence_length(
        _length(tf), [3, 5, 10], [2, 2, 3, 1], pad_to_bucket_boundary=True)),
    "no_padding": (lambda tf: tf.data.Dataset.range(10), lambda tf: tf.data.experimental.bucket_by_sequence_length(
        lambda x: tf.cast(x % 4, tf.int32), [1, 3], [2, 3, 2], no_padding=True)),
    "drop_remainder": (_seqs, lambda tf: tf.data.experimental.bucket_by_sequence_length(
        _length(tf), [3, 5], [2, 2, 3], drop_remainder=True)),
    "padding_values": (_seqs, lambda tf: tf.data.experimental.bucket_by_sequence_length(
        _length(tf), [3, 5], [2, 2, 3], padding_values=-1)),
    "padded_shapes": (_seqs, lambda tf: tf.data.experimental.bucket_by_sequence_length(
        _length(tf), [3, 5], [2, 2, 3], padded_shapes=tf.TensorShape([8]))),
    "tuple": (lambda tf: _seqs(tf).map(lambda x: (x, tf.size(x))),
              lambda tf: tf.data.experimental.bucket_by_sequence_length(lambda x, n: n, [3], [2, 4])),
    "dict_pad_to_boundary": (
        lambda tf: _seqs(tf).map(lambda x: {"a": x, "b": tf.cast(x, tf.float32) * 2}),
        lambda tf: tf.data.experimental.bucket_by_sequence_length(
            lambda d: tf.shape(d["a"])[0], [4, 8], [3, 3, 1], pad_to_bucket_boundary=True,
            padding_values={"a": 0, "b": -1.0})),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_bucket_by_sequence_length(oracle, case):
    dataset, transformation = CASES[case]
    oracle.check(lambda tf: _run(tf, dataset(tf).apply(transformation(tf))))


def test_dataset_method(oracle):
    oracle.check(lambda tf: _run(tf, _seqs(tf).bucket_by_sequence_length(
        _length(tf), [3, 5], [2, 2, 3], pad_to_bucket_boundary=True, drop_remainder=True)))


def test_batch_sizes_must_match_boundaries(oracle):
    oracle.check(lambda tf: _seqs(tf).apply(tf.data.experimental.bucket_by_sequence_length(_length(tf), [3, 5],
                                                                                             [2, 2])),
                 match_message="`len(bucket_batch_sizes)` must equal `len(bucket_boundaries) + 1`")


def test_pad_to_boundary_rejects_the_last_bucket(oracle):
    def prog(tf):
        ds = _seqs(tf).apply(tf.data.experimental.bucket_by_sequence_length(
            _length(tf), [3, 5], [2, 2, 3], pad_to_bucket_boundary=True))
        it = iter(ds)
        first = [next(it).numpy(), next(it).numpy()]
        try:
            next(it)
        except tf.errors.OpError as e:   # TF: an InternalError quoting the assertion's InvalidArgumentError
            return first, type(e).__name__, "Got error code INVALID_ARGUMENT" in e.message, \
                "[When pad_to_bucket_boundary=True, elements must have length < max(bucket_boundaries).]" in e.message
        return first, None
    oracle.check(prog)


def test_group_by_window_reduce_func_errors(oracle):
    # An error running reduce_func is an InternalError; one iterating the window dataset it returns is not.
    def prog(tf):
        def failing_reduce(k, w):
            with tf.control_dependencies([tf.debugging.assert_less(k, tf.constant(1, tf.int64), message="boom")]):
                return w.batch(tf.identity(k) + 1)
        out = []
        for ds in (tf.data.Dataset.range(6).group_by_window(lambda x: x % 2, failing_reduce, window_size=2),
                   tf.data.Dataset.range(6).group_by_window(
                       lambda x: x % 2, lambda k, w: w.map(lambda x: tf.gather([1, 2], x)).batch(2), window_size=2)):
            try:
                out.append([b.numpy() for b in ds])
            except tf.errors.OpError as e:
                out.append((type(e).__name__, "Got error code INVALID_ARGUMENT" in e.message, "[boom]" in e.message))
        return out
    oracle.check(prog)
