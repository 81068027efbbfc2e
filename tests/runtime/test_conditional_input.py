"""TF1 conditional batching (``tf.compat.v1.train.maybe_batch``, ``maybe_batch_join``, ``maybe_shuffle_batch_join``)
against TF 2.21 (expected values: TF's, through the oracle): a vector ``keep_input`` with ``enqueue_many``, a
dynamic scalar ``keep_input`` (a counter kept when even), a constant one, the join variants (their enqueue threads
interleave at random in both frameworks, so those programs return what does not depend on the interleaving) and
TF's ``keep_input`` errors."""
from __future__ import annotations

import pytest


def _batches(tf, make, n=2):
    v1 = tf.compat.v1
    out = make(tf, v1)
    with v1.Session() as s:
        s.run(v1.global_variables_initializer())
        coord = v1.train.Coordinator()
        threads = v1.train.start_queue_runners(s, coord)
        got = [s.run(out) for _ in range(n)]
        coord.request_stop()
        coord.join(threads, stop_grace_period_secs=5)
    return got


def _vector_keep(tf, v1):
    x, y = tf.constant([1, 2, 3, 4, 5, 6]), tf.constant([[1.0], [2.0], [3.0], [4.0], [5.0], [6.0]])
    return v1.train.maybe_batch([x, y], tf.constant([True, False, True, True, False, True]), 2, enqueue_many=True)


def _scalar_keep(tf, v1):
    counter = v1.Variable(0, name="counter")
    i = v1.assign_add(counter, 1)
    return v1.train.maybe_batch([i], tf.equal(i % 2, 0), 3)


def _constant_keep(tf, v1):
    return v1.train.maybe_batch([tf.constant(7)], True, 2)


def _join(tf, v1):   # each enqueue is one atomic chunk of 3: a batch is one list's kept examples
    a, b = tf.constant([1, 2, 3, 4]), tf.constant([10, 20, 30, 40])
    return v1.train.maybe_batch_join([[a], [b]], tf.constant([True, True, False, True]), 3, enqueue_many=True)


def _shuffle_join(tf, v1):
    a, b = tf.constant([1, 2, 3, 4]), tf.constant([10, 20, 30, 40])
    return v1.train.maybe_shuffle_batch_join([[a], [b]], 3, 20, 0, tf.constant([False, False, False, True]),
                                             seed=1, enqueue_many=True)


CASES = {
    "vector_keep": lambda tf: _batches(tf, _vector_keep),
    "scalar_keep": lambda tf: _batches(tf, _scalar_keep),
    "constant_keep": lambda tf: _batches(tf, _constant_keep),
    "join": lambda tf: [sorted(b.tolist()) in ([1, 2, 4], [10, 20, 40]) for b in _batches(tf, _join)],
    "shuffle_join": lambda tf: [set(b.tolist()) <= {4, 40} and len(b) == 3 for b in _batches(tf, _shuffle_join)],
    "vector_without_enqueue_many": lambda tf: tf.compat.v1.train.maybe_batch(
        [tf.constant([1, 2])], tf.constant([True, False]), 2),
    "matrix_keep": lambda tf: tf.compat.v1.train.maybe_batch(
        [tf.constant([1, 2])], tf.constant([[True, False]]), 2, enqueue_many=True),
    "unknown_rank_keep": lambda tf: tf.compat.v1.train.maybe_batch(
        [tf.constant([1, 2])], tf.compat.v1.placeholder(tf.bool), 2),
}


def _in_graph(tf, prog):
    with tf.Graph().as_default():
        return prog(tf)


@pytest.mark.parametrize("case", sorted(CASES))
def test_conditional_batching(oracle, case):
    oracle.check(lambda tf: _in_graph(tf, CASES[case]), match_message="keep_input")
