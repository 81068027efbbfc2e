"""``tf.random.experimental.index_shuffle`` (``ops/index_shuffle_ops.py``) against real TF: the exact permutation
for several seeds, sizes (block sizes 16 to 34 bits), dtypes and batched seeds, and the shape errors. Expected
values come from TF."""
from __future__ import annotations

import pytest

CASES = {
    "docstring": (list(range(4)), [5, 9], 3, "int32"),
    "dataset_example": (list(range(10)), [5, 8], 9, "int64"),
    "max_zero": (0, [1, 2], 0, "int32"),
    "larger": (list(range(0, 70000, 997)), [123, -45], 69999, "int64"),
    "block_34_bits": ([0, 1, 2, 5_000_000_000], [7, 11], 10_000_000_000, "int64"),
    "uint32": ([0, 1, 2, 3], [3, 4], 3, "uint32"),
    "scalar": (2, [5, 9], 3, "int64"),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_index_shuffle_values(oracle, case):
    index, seed, max_index, dtype = CASES[case]

    def prog(tf):
        idx = tf.constant(index, dtype=dtype)
        return tf.random.experimental.index_shuffle(idx, seed, tf.constant(max_index, dtype=dtype))
    oracle.check(prog)


def test_index_shuffle_is_a_permutation_with_batched_seeds(oracle):
    def prog(tf):
        perm = tf.random.experimental.index_shuffle(tf.range(50), [3, 4], 49)
        batched = tf.random.experimental.index_shuffle(
            tf.constant([0, 1, 2]), tf.constant([[1, 2], [3, 4], [5, 6]]), tf.constant(9))
        return tf.sort(perm), batched
    oracle.check(prog)


def test_index_shuffle_bad_seed_shape(oracle):
    def prog(tf):
        return tf.random.experimental.index_shuffle(tf.constant([0, 1, 2]), tf.constant([[1, 2]] * 2), 5)
    oracle.check(prog, match_message="Seed must be a vector of size [3] or a matrix of size [3, 3] but got [3,2]")
