"""Oracle tests for framework/string_kernels.py: TF's type-polymorphic array ops on tf.string tensors (values,
shapes, dtypes), eagerly and in a graph run by a Session (static shape and dtype too). Every expected value is
TF's (live or recorded)."""
from __future__ import annotations

import numpy as np
import pytest

S22 = [["a", "b"], ["c", "dd"]]

# name -> f(tf, s) with s a 2x2 string tensor
CASES = {
    "reshape": lambda tf, s: tf.reshape(s, [4]),
    "size": lambda tf, s: tf.size(s),
    "rank": lambda tf, s: tf.rank(s),
    "shape": lambda tf, s: tf.shape(s),
    "gather": lambda tf, s: tf.gather(s, [1]),
    "gather_2d_indices": lambda tf, s: tf.gather(s, [[0, 1], [1, 0]]),
    "gather_axis1": lambda tf, s: tf.gather(s, [1, 1, 0], axis=1),
    "gather_nd": lambda tf, s: tf.gather_nd(s, [[0, 1]]),
    "transpose": lambda tf, s: tf.transpose(s),
    "expand_dims": lambda tf, s: tf.expand_dims(s, 0),
    "squeeze": lambda tf, s: tf.squeeze(tf.expand_dims(s, 1)),
    "tile": lambda tf, s: tf.tile(s, [1, 2]),
    "concat": lambda tf, s: tf.concat([s, tf.constant([["x", "y"]])], 0),
    "slice": lambda tf, s: tf.slice(s, [0, 1], [2, 1]),
    "strided_slice": lambda tf, s: s[:, 1],
    "strided_slice_scalar": lambda tf, s: s[1, 0],
    "identity": lambda tf, s: tf.identity(s),
    "fill": lambda tf, s: tf.fill([2, 3], "x"),
    "stack": lambda tf, s: tf.stack([s, s], axis=1),
    "unstack": lambda tf, s: tf.unstack(s),
    "unstack_axis1": lambda tf, s: tf.unstack(s, axis=1),
    "where": lambda tf, s: tf.where(tf.constant([[True, False], [False, True]]), s, tf.fill([2, 2], "z")),
    "where_broadcast": lambda tf, s: tf.where(tf.constant([True, False]), s, tf.constant("z")),
    "reverse": lambda tf, s: tf.reverse(s, [0]),
    "boolean_mask": lambda tf, s: tf.boolean_mask(s, [True, False]),
    "split": lambda tf, s: tf.split(s, 2),
    "split_sizes": lambda tf, s: tf.split(tf.reshape(s, [4]), [1, 3]),
    "pad_empty": lambda tf, s: tf.pad(s, [[1, 0], [0, 1]]),
    "pad_value": lambda tf, s: tf.pad(s, [[1, 0], [0, 0]], constant_values="q"),
    "pad_reflect": lambda tf, s: tf.pad(s, [[1, 1], [0, 0]], mode="REFLECT"),
    "zeros_like": lambda tf, s: tf.zeros_like(s),
    "broadcast_to": lambda tf, s: tf.broadcast_to(s[0], [3, 2]),
    "unique": lambda tf, s: tf.unique(tf.constant(["b", "a", "b", "", "a"])),
    "unique_with_counts": lambda tf, s: tf.unique_with_counts(tf.reshape(tf.concat([s, s], 1), [-1])),
    "scatter_nd": lambda tf, s: tf.scatter_nd([[0], [2]], tf.constant(["q", "r"]), [3]),
    "tensor_scatter_update": lambda tf, s: tf.tensor_scatter_nd_update(s, [[0, 0]], tf.constant(["q"])),
    "repeat": lambda tf, s: tf.repeat(s, 2, axis=0),
    "roll": lambda tf, s: tf.roll(s, 1, 0),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_string_op_eager(oracle, name):
    f = CASES[name]
    oracle.check(lambda tf: f(tf, tf.constant(S22)))


@pytest.mark.parametrize("name", sorted(CASES))
def test_string_op_graph(oracle, name):
    f = CASES[name]

    def prog(v1):
        s = v1.placeholder(v1.string, [2, 2])
        out = f(v1, s)
        outs = out if isinstance(out, (list, tuple)) else [out]
        static = [(o.shape.as_list() if o.shape.rank is not None else None, o.dtype.name) for o in outs]
        with v1.Session() as sess:
            return static, sess.run(out, {s: np.array(S22, dtype=object)})

    oracle.check_v1(prog)


def test_ones_like_string_rejected(oracle):
    oracle.check(lambda tf: tf.ones_like(tf.constant(["a"])))


def test_string_equality_after_gather(oracle):
    """Strings that went through ids compare equal to constants (the ids never leak out)."""
    oracle.check(lambda tf: tf.equal(tf.gather(tf.constant(["a", "b", "a"]), [2, 1]), "a"))
