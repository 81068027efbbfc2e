"""Static output specs of graph ops whose input shapes are unknown (framework/dispatch.py)."""
from __future__ import annotations

def _unknown_rank_program(tf):
    p = tf.placeholder(tf.float32)          # unknown rank
    x = tf.random_uniform([3])
    return [tf.greater_equal(x, 1.0 - p), tf.cast(p, tf.int32), tf.argmax(p), tf.shape(p), tf.reduce_sum(p),
            tf.equal(p, p), tf.logical_not(tf.less(p, 0.0))]


def test_unknown_rank_inputs_keep_the_output_dtype(tf1, tfc1):
    want = _unknown_rank_program(tf1)
    got = _unknown_rank_program(tfc1)
    assert [t.dtype.name for t in got] == [t.dtype.name for t in want]


def test_eager_tape_error_for_op_without_gradient(oracle):
    """GradientTape's LookupError for an op with no registered gradient has TF's eager wording."""
    def prog(tf):
        image = tf.Variable([[[0.5, 0.0, 0.0]]])
        delta = tf.Variable(0.1)
        with tf.GradientTape() as tape:
            new_image = tf.image.adjust_contrast(image, delta)
        return tape.gradient(new_image, [image, delta])
    oracle.check(prog, match_message="gradient registry has no entry for: AdjustContrastv2")


def test_read_only_numpy_input_converts_silently(oracle):
    """A read-only numpy array (np.broadcast_to, a memory-mapped file) converts without torch's
    'not writable' UserWarning, and later writes to a copy of it do not reach the tensor (TF copies too)."""
    import warnings

    def prog(tf):
        import numpy as np
        a = np.arange(3, dtype=np.float32)
        a.setflags(write=False)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            t = tf.constant(a)
            u = tf.convert_to_tensor(np.broadcast_to(np.float32(2.0), (2, 2)))
        return t, u
    oracle.check(prog)
