"""``tf.contrib.seq2seq`` helpers beyond TrainingHelper/GreedyEmbeddingHelper (checked against TF in
test_seq2seq_decoder.py): ``SampleEmbeddingHelper``, ``ScheduledEmbeddingTrainingHelper``,
``ScheduledOutputTrainingHelper``, ``CustomHelper``, ``InferenceHelper``.

Their samples come from torch's generator (TF's random streams cannot be reproduced), so expected values are by
hand from TF 1.15's helper.py: the extreme sampling probabilities (0: always the ground truth, 1: always the fed-back
sample), sample ids inside the vocabulary, and the user functions' results for the custom helpers."""
from __future__ import annotations

import numpy as np
import pytest

INPUTS = (np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4) * 0.1)
EMBEDDING = np.eye(4, dtype=np.float32) * 5.0


def _decode(tf, helper, cell_output_size=4):
    cell = tf.nn.rnn_cell.BasicRNNCell(cell_output_size)
    decoder = tf.contrib.seq2seq.BasicDecoder(cell, helper, cell.zero_state(2, tf.float32))
    outputs, _, lengths = tf.contrib.seq2seq.dynamic_decode(decoder, maximum_iterations=3)
    return outputs, lengths


@pytest.mark.parametrize("probability", [0.0, 1.0])
def test_scheduled_embedding_training_helper_by_hand(probability):
    """probability 0 reads the ground truth (sample id -1 everywhere); 1 samples every row (ids in [0, 4))."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        helper = tf.contrib.seq2seq.ScheduledEmbeddingTrainingHelper(INPUTS, [3, 3], EMBEDDING, probability,
                                                                     seed=1)
        outputs, lengths = _decode(tf, helper)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            ids, lens = sess.run([outputs.sample_id, lengths])
    np.testing.assert_array_equal(lens, [3, 3])
    if probability == 0.0:
        np.testing.assert_array_equal(ids, -np.ones((2, 3)))
    else:
        assert np.all((ids >= 0) & (ids < 4))


@pytest.mark.parametrize("probability", [0.0, 1.0])
def test_scheduled_output_training_helper_by_hand(probability):
    """The sample ids are the per-row bool choices: all False at probability 0, all True at 1."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        helper = tf.contrib.seq2seq.ScheduledOutputTrainingHelper(INPUTS, [3, 3], probability, seed=1)
        outputs, _ = _decode(tf, helper)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            ids = sess.run(outputs.sample_id)
    assert ids.dtype == np.bool_
    np.testing.assert_array_equal(ids, np.full((2, 3), bool(probability)))


def test_sample_embedding_helper_by_hand():
    """Sampled ids are int32 vocabulary ids; a row stops at the end token."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        helper = tf.contrib.seq2seq.SampleEmbeddingHelper(EMBEDDING, [0, 1], 3, softmax_temperature=0.5, seed=3)
        outputs, lengths = _decode(tf, helper)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            ids, lens = sess.run([outputs.sample_id, lengths])
    assert ids.dtype == np.int32 and np.all((ids >= 0) & (ids < 4))
    for row, n in zip(ids, lens):
        assert n == 3 or row[n - 1] == 3


def test_custom_and_inference_helpers_by_hand():
    """CustomHelper/InferenceHelper run the given functions: a row finishes when its sampled id is 2."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        start = tf.constant(EMBEDDING[:2])

        def sample_fn(outputs):
            return tf.argmax(outputs, -1, output_type=tf.int32)

        inference = tf.contrib.seq2seq.InferenceHelper(
            sample_fn, [], tf.int32, start, end_fn=lambda ids: tf.equal(ids, 2),
            next_inputs_fn=lambda ids: tf.nn.embedding_lookup(EMBEDDING, ids))
        custom = tf.contrib.seq2seq.CustomHelper(
            initialize_fn=lambda: (tf.constant([False, False]), start),
            sample_fn=lambda time, outputs, state: sample_fn(outputs),
            next_inputs_fn=lambda time, outputs, state, sample_ids: (
                tf.equal(sample_ids, 2), tf.nn.embedding_lookup(EMBEDDING, sample_ids), state))
        with tf.variable_scope("a"):
            out_a, len_a = _decode(tf, inference)
        with tf.variable_scope("b"):
            out_b, len_b = _decode(tf, custom)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            ids_a, la, ids_b, lb = sess.run([out_a.sample_id, len_a, out_b.sample_id, len_b])
    for ids, lens in ((ids_a, la), (ids_b, lb)):
        for row, n in zip(ids, lens):
            assert n == 3 or row[n - 1] == 2
