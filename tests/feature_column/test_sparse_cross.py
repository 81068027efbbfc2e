"""TF's hashed cross (feature_column/sparse_cross.py, op ``SparseCross``) against ``tf.sparse.cross_hashed`` in
TF 2.21: the exact hash values (FingerprintCat64 chains, strings through Fingerprint64, int64 as bits), their order
within a row, bucketing, hash keys, empty rows, sparse and dense inputs, eagerly and in a graph. tfcompat's
public ``tf.sparse`` has no ``cross_hashed`` yet, so the tfcompat side calls the module's function directly.
Expected values: TF's, through the oracle."""
from __future__ import annotations

import pytest

from tfcompat._src.feature_column import sparse_cross


def _parts(sp):
    return sp.indices, sp.values, sp.dense_shape


# case -> (inputs(tf), num_buckets, hash_key)
CASES = {
    "strings_and_ints": (lambda tf: [tf.sparse.from_dense(tf.constant([["p", "q"], ["r", ""]])),
                                     tf.constant([[1, 2], [3, 4]], tf.int64)], 0, None),
    "bucketed": (lambda tf: [tf.constant([["a"], ["b"], ["c"]]), tf.constant([["x", "y"], ["x", "z"], ["z", "z"]])],
                 100, None),
    "hash_key": (lambda tf: [tf.constant([["a"], ["b"]]), tf.constant([[7], [-8]], tf.int64)], 0, 123),
    "three_inputs_empty_row": (lambda tf: [
        tf.SparseTensor([[0, 0], [0, 1], [2, 0]], ["u", "v", "w"], [3, 2]),
        tf.constant([[5], [6], [7]], tf.int64),
        tf.SparseTensor([[0, 0], [1, 0], [2, 0], [2, 1]], tf.constant([10, 11, 12, 13], tf.int64), [3, 2])], 1000,
        None),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_cross_hashed_eager(oracle, case):
    make_inputs, buckets, key = CASES[case]
    oracle.check(lambda tf: _parts(tf.sparse.cross_hashed(make_inputs(tf), buckets, key)),
                 lambda tf: _parts(sparse_cross.sparse_cross_hashed(make_inputs(tf), buckets, key)))


def test_cross_hashed_graph(oracle):
    make_inputs, buckets, key = CASES["three_inputs_empty_row"]

    def run(v1, cross):
        out = cross(make_inputs(v1), buckets, key)
        with v1.Session() as sess:
            return _parts(sess.run(out))
    oracle.check_v1(lambda v1: run(v1, v1.sparse.cross_hashed),
                    tfc_program=lambda v1: run(v1, sparse_cross.sparse_cross_hashed))


def test_fingerprint_cat64_by_hand():
    """FingerprintCat64(fp1, fp2) worked by hand from TF's definition (fingerprint.h) for fp1 = fp2 = 0:
    r = kMul; r ^= ShiftMix(0) * kMul = 0 → kMul; r *= kMul; r = ShiftMix(r) * kMul; r = ShiftMix(r)."""
    mask = (1 << 64) - 1
    k_mul = 0xC6A4A7935BD1E995
    r = (k_mul * k_mul) & mask
    r = ((r ^ (r >> 47)) * k_mul) & mask
    r ^= r >> 47
    assert sparse_cross.fingerprint_cat64(0, 0) == r
