"""Oracle tests for tfcompat/_src/runtime/wrap_function.py (tf.compat.v1.wrap_function). Expected values are
TF's (live or recorded)."""
from __future__ import annotations


def test_wrap_function_calls(oracle):
    def prog(tf):
        w = tf.compat.v1.wrap_function(lambda x, y: (x * 2.0, x + y),
                                       [tf.TensorSpec([2], tf.float32), tf.TensorSpec([], tf.float32)])
        return w(tf.constant([1.0, 2.0]), tf.constant(3.0)), [s.shape.as_list() for s in w.structured_input_signature[0]]
    oracle.check(prog)


def test_wrap_function_no_arguments(oracle):
    oracle.check(lambda tf: tf.compat.v1.wrap_function(lambda: tf.constant([1, 2]) * 3, [])())
