"""``tf.compat.v1.keras.utils.DeterministicRandomTestTool`` (tfcompat._src.keras.utils.migration_utils): random ops
run in its ``scope()`` draw the same numbers in a TF1 Session and eagerly, in ``"constant"`` and
``"num_random_ops"`` modes, as TF's validate-correctness migration guide relies on; argument and seed-reuse errors.
Expected values: TF 2.21 through the oracle."""
from __future__ import annotations

import pytest


def _draws(tf):
    return [tf.random.uniform([3]), tf.random.normal([2]), tf.compat.v1.random.truncated_normal([2]),
            tf.random.uniform([2], maxval=10, dtype=tf.int32)]


@pytest.mark.parametrize("mode", ["constant", "num_random_ops"])
def test_same_numbers_in_session_and_eagerly(oracle, mode):
    def prog(tf):
        tool = tf.compat.v1.keras.utils.DeterministicRandomTestTool(mode=mode)
        with tool.scope():
            graph = tf.Graph()
            with graph.as_default(), tf.compat.v1.Session(graph=graph) as sess:
                in_session = sess.run(_draws(tf))
        seeds_after_graph = tool.operation_seed
        tool = tf.compat.v1.keras.utils.DeterministicRandomTestTool(seed=7, mode=mode)
        with tool.scope():
            eager = _draws(tf)
            tool.operation_seed = 10
            later = tf.random.uniform([2])
        return in_session, seeds_after_graph, eager, later, tool.operation_seed
    oracle.check(prog)


def test_errors(oracle):
    def bad_mode(tf):
        return tf.compat.v1.keras.utils.DeterministicRandomTestTool(mode="random")

    def reused_seed(tf):
        tool = tf.compat.v1.keras.utils.DeterministicRandomTestTool(mode="num_random_ops")
        with tool.scope():
            tf.random.uniform([1])
            tool.operation_seed = 0
            return tf.random.uniform([1])
    oracle.check(bad_mode, match_message="Mode arg must be")
    oracle.check(reused_seed, match_message="already-used operation seed 0")
