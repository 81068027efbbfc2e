"""Static output specs of graph ops whose input shapes are unknown (framework/dispatch.py)."""
from __future__ import annotations

import pytest

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


# -- eager fast paths (dtype checks cached per op and input dtypes; cheap grad-mode guards) --------------------

def test_rejected_dtypes_still_raise_after_accepted_ones(oracle):
    """The dtype check of an op is cached per input dtypes it accepted: other dtypes must still be rejected with
    TF's error, eagerly, whatever ran before (TF gives the expected results and errors)."""
    def prog(tf):
        ok = [tf.add(tf.constant(1.0), tf.constant(2.0)), tf.sqrt(tf.constant(4.0)),
              tf.add(tf.constant(1), tf.constant(2))]
        errs = []
        for f in (lambda: tf.add(tf.constant(1.0), tf.constant(1)), lambda: tf.sqrt(tf.constant(4)),
                  lambda: tf.add(tf.constant(1), tf.constant(1.0))):
            try:
                f()
                errs.append(None)
            except Exception as e:  # noqa: BLE001 - the error class is the result compared
                errs.append(type(e).__name__)
        return ok, errs, tf.add(tf.constant(3.0), tf.constant(4.0))
    oracle.check(prog)


@pytest.mark.parametrize("guard", ["no_grad", "enable_grad"])
@pytest.mark.parametrize("outer", [True, False])
def test_grad_mode_guards_restore_the_mode(guard, outer):
    """``dispatch.no_grad``/``enable_grad`` set torch's grad mode inside and restore the caller's after, also
    when the body raises (expected values by hand: torch's own context managers do the same)."""
    import torch
    from tfcompat._src.framework import dispatch
    inside = guard == "enable_grad"
    with torch.set_grad_enabled(outer):
        with getattr(dispatch, guard)():
            assert torch.is_grad_enabled() is inside
            with getattr(dispatch, guard)():   # nested
                assert torch.is_grad_enabled() is inside
            assert torch.is_grad_enabled() is inside
        assert torch.is_grad_enabled() is outer
        with pytest.raises(KeyError):
            with getattr(dispatch, guard)():
                raise KeyError("body")
        assert torch.is_grad_enabled() is outer


def test_range_converts_as_its_ints(oracle):
    """A Python range is a sequence of ints to TF: int32 (int64 past the int32 range), int32 when empty, any dtype
    asked for; in a graph too."""
    def prog(tf):
        return [tf.constant(range(3), dtype=tf.float32), tf.convert_to_tensor(range(0)), tf.constant(range(1, 7, 2)),
                tf.constant(range(2**31, 2**31 + 2)), tf.reduce_sum(tf.ones([2, 3]), axis=range(2))]
    oracle.check(prog)


def test_matmul_takes_tf_2_21_gradient_hints(oracle):
    def prog(tf):
        a = tf.constant([[1.0, 2.0], [3.0, 4.0]])
        return tf.matmul(a, a, grad_a=True), tf.linalg.matmul(a, a, transpose_b=True, grad_b=True)
    oracle.check(prog)
