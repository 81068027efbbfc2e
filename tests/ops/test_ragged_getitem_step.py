"""Slices with a step on the ragged dimensions of a RaggedTensor (ops/ragged/ragged_getitem.py) and TF's ragged
``tf.reverse`` built on them (ops/ragged/ragged_ops.py ``_ragged_reverse``) against TF 2.21."""
from __future__ import annotations

import pytest

_KEYS = [(slice(None), slice(None, None, -1)), (slice(None), slice(None, None, 2)), (slice(None), slice(1, None, 2)),
         (slice(None), slice(-1, 0, -2)), (slice(None), slice(3, -5, -1)),
         (slice(None, None, -1), slice(None, None, -1)), (slice(None), slice(-10, 10, 3)),
         (slice(None), slice(10, -10, -3)), (slice(1, None), slice(None, 2, -1))]


@pytest.mark.parametrize("key", range(len(_KEYS)))
def test_strided_slice_of_ragged_rows(oracle, key):
    def prog(tf):
        x = tf.ragged.constant([[1, 2, 3, 4, 5], [6], [], [7, 8, 9]])
        out = x[_KEYS[key]]
        return out.to_list(), out.row_splits
    oracle.check(prog)


def test_strided_slices_of_nested_ragged(oracle):
    def prog(tf):
        y = tf.ragged.constant([[[1, 2], [3]], [[4, 5, 6]], []])
        f = tf.function(lambda r: r[:, ::-1, ::2])
        return [o.to_list() for o in (y[:, ::-1], y[:, :, ::-1], y[:, ::-1, ::-1], f(y))]
    oracle.check(prog)


def _reverse_cases(reverse, tf):
    data = tf.ragged.constant([[[1, 2], [3, 4]], [[5, 6]], [[7, 8], [9, 10], [11, 12]]], ragged_rank=1)
    x = tf.ragged.constant([[1, 2], [3], [4, 5, 6]])
    out = [reverse(data, [0, 2]), reverse(x, [1]), reverse(x, [-1, 0]), reverse(x, [])]
    try:
        reverse(x, tf.constant([1]))   # TF's constant axis gives numpy ints, which its get_positive_axis rejects
    except TypeError as e:
        return [o.to_list() for o in out], str(e)


def test_reverse_ragged(oracle):
    # tf.reverse reaches the ragged handler once array_manip_ops.reverse falls back to dispatch; until then the
    # tfcompat side calls the handler itself.
    from tfcompat._src.ops.ragged.ragged_ops import _ragged_reverse
    oracle.check(lambda tf: _reverse_cases(tf.reverse, tf), lambda tf: _reverse_cases(_ragged_reverse, tf))
