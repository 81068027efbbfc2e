"""``tf.register_tensor_conversion_function`` (``framework/tensor_conversion_registry.py``) against real TF: a
registered class converts through ``tf.convert_to_tensor`` and op arguments, ``NotImplemented`` passes to the
next function, priorities order the functions, and TF's errors (protected types, non-Tensor result, wrong
dtype). Each program registers its own fresh class, so registrations never leak between tests. Expected values
come from TF."""
from __future__ import annotations


def _point_class(tf, priority=100):
    class Point:
        def __init__(self, x, y):
            self.x, self.y = x, y

    def to_tensor(value, dtype=None, name=None, as_ref=False):
        return tf.constant([value.x, value.y], dtype=dtype or tf.float32, name=name)

    tf.register_tensor_conversion_function(Point, to_tensor, priority)
    return Point


def test_convert_and_use_in_ops(oracle):
    def prog(tf):
        point = _point_class(tf)(1.0, 2.0)
        t = tf.convert_to_tensor(point)
        return t, tf.convert_to_tensor(point, dtype=tf.float64), tf.add(point, 1.0), tf.reduce_sum(point)
    oracle.check(prog)


def test_not_implemented_passes_and_priority(oracle):
    def prog(tf):
        class Thing:
            pass

        calls = []

        def first(value, dtype=None, name=None, as_ref=False):
            calls.append("first")
            return NotImplemented

        def second(value, dtype=None, name=None, as_ref=False):
            calls.append("second")
            return tf.constant(7)

        tf.register_tensor_conversion_function(Thing, second, priority=50)
        tf.register_tensor_conversion_function(Thing, first, priority=10)
        return tf.convert_to_tensor(Thing()), calls
    oracle.check(prog)


def test_protected_types_rejected(oracle):
    def prog(tf):
        tf.register_tensor_conversion_function(float, lambda v, dtype=None, name=None, as_ref=False: v)
    oracle.check(prog, match_message="Cannot register conversions for Python numeric types")


def test_non_tensor_result_raises(oracle):
    def prog(tf):
        class Bad:
            pass
        tf.register_tensor_conversion_function(Bad, lambda v, dtype=None, name=None, as_ref=False: 3)
        return tf.convert_to_tensor(Bad())
    oracle.check(prog, match_message="returned non-Tensor")


def test_incompatible_dtype_raises(oracle):
    def prog(tf):
        class Wrong:
            pass
        tf.register_tensor_conversion_function(Wrong, lambda v, dtype=None, name=None, as_ref=False:
                                               tf.constant([1, 2]))
        return tf.convert_to_tensor(Wrong(), dtype=tf.float32)
    oracle.check(prog, match_message="returned incompatible dtype")
