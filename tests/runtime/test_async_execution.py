"""``tf.experimental.async_scope`` / ``async_clear_error`` / ``function_executor_type``
(tfcompat/_src/runtime/async_execution.py): results inside the scopes equal TF's (the oracle)."""
from __future__ import annotations


def test_scopes_keep_results(oracle):
    def prog(tf):
        @tf.function
        def f(x):
            return x * 2.0

        with tf.experimental.async_scope():
            a = tf.constant([1.0, 2.0]) + 1.0
        tf.experimental.async_clear_error()
        with tf.experimental.function_executor_type("SINGLE_THREADED_EXECUTOR"):
            b = f(a)
        return a, b
    oracle.check(prog)
