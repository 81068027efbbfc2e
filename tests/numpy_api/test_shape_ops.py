"""TF NumPy's shape manipulation, joining, splitting and indexing (tfcompat/_src/numpy_api/shape_ops.py).
Expected values are TF's (the oracle)."""
from __future__ import annotations

import pytest

A = [[1, 2, 3], [4, 5, 6]]

CASES = {
    "reshape": lambda tnp, tf: tnp.reshape(tf.constant(A), (3, 2)),
    "reshape_int": lambda tnp, tf: tnp.reshape(A, 6),
    "reshape_F": lambda tnp, tf: tnp.reshape(tf.constant(A), (3, 2), order="F"),
    "reshape_bad_order": lambda tnp, tf: tnp.reshape(A, (6,), order="K"),
    "ravel": lambda tnp, tf: tnp.ravel(tf.constant(A)),
    "expand_dims": lambda tnp, tf: tnp.expand_dims(tf.constant(A), 1),
    "squeeze": lambda tnp, tf: tnp.squeeze(tf.constant([[[1], [2]]])),
    "squeeze_axis": lambda tnp, tf: tnp.squeeze(tf.constant([[[1], [2]]]), axis=2),
    "transpose": lambda tnp, tf: tnp.transpose(tf.constant(A)),
    "transpose_axes": lambda tnp, tf: tnp.transpose(tf.zeros([1, 2, 3]), (1, 2, 0)),
    "swapaxes": lambda tnp, tf: tnp.swapaxes(tf.zeros([1, 2, 3]), 0, -1),
    "moveaxis": lambda tnp, tf: tnp.moveaxis(tf.zeros([1, 2, 3]), 0, -1),
    "moveaxis_multi": lambda tnp, tf: tnp.moveaxis(tf.reshape(tf.range(24), [2, 3, 4]), (0, 1), (2, 0)),
    "concatenate": lambda tnp, tf: tnp.concatenate([tf.constant([1, 2]), [3.5]]),
    "concatenate_axis1": lambda tnp, tf: tnp.concatenate([A, A], axis=1),
    "concatenate_empty": lambda tnp, tf: tnp.concatenate([]),
    "append": lambda tnp, tf: tnp.append(tf.constant(A), [7, 8]),
    "append_axis": lambda tnp, tf: tnp.append(A, [[7, 8, 9]], axis=0),
    "stack": lambda tnp, tf: tnp.stack([[1, 2], tf.constant([3, 4])], axis=1),
    "stack_tensor": lambda tnp, tf: tnp.stack(tf.constant(A), axis=1),
    "hstack": lambda tnp, tf: tnp.hstack([tf.constant([1, 2]), [3]]),
    "hstack_2d": lambda tnp, tf: tnp.hstack([A, A]),
    "vstack": lambda tnp, tf: tnp.vstack([[1, 2], [3, 4.5]]),
    "dstack": lambda tnp, tf: tnp.dstack([[1, 2], [3, 4]]),
    "split": lambda tnp, tf: tnp.split(tf.range(6), 3),
    "split_points": lambda tnp, tf: tnp.split(tf.range(6), [1, 4]),
    "split_points_past_end": lambda tnp, tf: tnp.split(tf.range(4), [3, 9]),
    "vsplit": lambda tnp, tf: tnp.vsplit(tf.constant(A), 2),
    "hsplit": lambda tnp, tf: tnp.hsplit(tf.constant(A), [1]),
    "hsplit_1d": lambda tnp, tf: tnp.hsplit(tf.range(4), 2),
    "hsplit_unequal": lambda tnp, tf: tnp.hsplit(tf.constant(A), 2),
    "dsplit": lambda tnp, tf: tnp.dsplit(tf.zeros([1, 1, 4]), 2),
    "tile": lambda tnp, tf: tnp.tile(tf.constant([1, 2]), 2),
    "tile_more_reps": lambda tnp, tf: tnp.tile(tf.constant([1, 2]), (2, 2)),
    "tile_fewer_reps": lambda tnp, tf: tnp.tile(tf.constant(A), 2),
    "repeat": lambda tnp, tf: tnp.repeat(tf.constant(A), 2),
    "repeat_axis": lambda tnp, tf: tnp.repeat(tf.constant(A), [1, 2], axis=0),
    "flip": lambda tnp, tf: tnp.flip(tf.constant(A)),
    "flip_axis": lambda tnp, tf: tnp.flip(tf.constant(A), -1),
    "fliplr": lambda tnp, tf: tnp.fliplr(A),
    "flipud": lambda tnp, tf: tnp.flipud(A),
    "roll": lambda tnp, tf: tnp.roll(tf.constant(A), 1),
    "roll_axis": lambda tnp, tf: tnp.roll(tf.constant(A), -1, axis=1),
    "rot90": lambda tnp, tf: tnp.rot90(tf.constant(A)),
    "rot90_k2": lambda tnp, tf: tnp.rot90(tf.constant(A), 2),
    "rot90_k3": lambda tnp, tf: tnp.rot90(tf.constant(A), -1),
    "broadcast_to": lambda tnp, tf: tnp.broadcast_to([1, 2], (2, 2)),
    "broadcast_arrays": lambda tnp, tf: tnp.broadcast_arrays(tf.constant([[1], [2]]), tf.constant([3, 4, 5])),
    "take": lambda tnp, tf: tnp.take(tf.constant(A), [0, 5, 9]),
    "take_axis_wrap": lambda tnp, tf: tnp.take(tf.constant(A), [-1, 3], axis=1, mode="wrap"),
    "take_raise": lambda tnp, tf: tnp.take(A, [0], mode="raise"),
    "take_along_axis": lambda tnp, tf: tnp.take_along_axis(tf.constant(A), tf.constant([[2, 0], [1, 1]]), 1),
    "take_along_axis0": lambda tnp, tf: tnp.take_along_axis(tf.constant(A), tf.constant([[1, 0, -1]]), 0),
    "where": lambda tnp, tf: tnp.where(tf.constant([True, False]), 1, 2.5),
    "where_one_arg": lambda tnp, tf: tnp.where(tf.constant(A) > 2),
    "where_missing": lambda tnp, tf: tnp.where([True], 1),
    "nonzero": lambda tnp, tf: tnp.nonzero([0, 3, 0, 4]),
    "select": lambda tnp, tf: tnp.select([tf.constant([True, False, False]), tf.constant([True, True, False])],
                                         [1, 2.5], default=-1),
    "compress": lambda tnp, tf: tnp.compress([True, False], tf.constant(A), axis=1),
    "compress_flat": lambda tnp, tf: tnp.compress([False, True, True], tf.constant(A)),
    "pad": lambda tnp, tf: tnp.pad(tf.constant(A), [[1, 0], [0, 2]], "constant", constant_values=9),
    "pad_reflect": lambda tnp, tf: tnp.pad(tf.constant([1, 2, 3]), [[2, 1]], "reflect"),
    "pad_bad_mode": lambda tnp, tf: tnp.pad([1], [[1, 1]], "edge"),
    "atleast": lambda tnp, tf: [tnp.atleast_1d(1), tnp.atleast_2d([1, 2]), tnp.atleast_3d([1, 2]),
                                tnp.atleast_3d(A), tnp.atleast_1d(1, [2])],
    "diff": lambda tnp, tf: tnp.diff(tf.constant([1, 4, 9, 16])),
    "diff_n2_axis0": lambda tnp, tf: tnp.diff(tf.constant([[1.0], [4.0], [9.0]]), n=2, axis=0),
    "diff_bool": lambda tnp, tf: tnp.diff([True, False, False]),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_shape_op(oracle, name):
    oracle.check(lambda tf: CASES[name](tf.experimental.numpy, tf))


def test_flatten(oracle):
    # tnp.flatten is exported by TF NumPy; it mirrors ndarray.flatten
    oracle.check(lambda tf: [tf.experimental.numpy.flatten(tf.constant(A)),
                             tf.experimental.numpy.flatten(tf.constant(A), order="F")])
