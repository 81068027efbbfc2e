"""TF NumPy's products and diagonals (tfcompat/_src/numpy_api/linalg.py). Expected values are TF's (the oracle)."""
from __future__ import annotations

import pytest

A = [[1.0, 2.0], [3.0, 4.0]]

CASES = {
    "dot_int_float": lambda tnp, tf: tnp.dot(tf.constant([1, 2]), tf.constant([1.0, 2.0])),
    "dot_matrix": lambda tnp, tf: tnp.dot(tf.constant(A), tf.constant(A)),
    "dot_matrix_vector": lambda tnp, tf: tnp.dot(tf.constant(A), [1.0, -1.0]),
    "dot_scalar": lambda tnp, tf: tnp.dot(2, tf.constant(A)),
    "dot_3d": lambda tnp, tf: tnp.dot(tf.ones([2, 2, 3]), tf.ones([3, 2])),
    "matmul": lambda tnp, tf: tnp.matmul(tf.constant(A), tf.constant(A)),
    "matmul_vec": lambda tnp, tf: tnp.matmul([1, 2], tf.constant([[1, 0], [0, 1]])),
    "matmul_mat_vec": lambda tnp, tf: tnp.matmul(tf.constant(A), [1.0, 1.0]),
    "matmul_batch": lambda tnp, tf: tnp.matmul(tf.ones([2, 2, 3]), tf.ones([2, 3, 1])),
    "tensordot": lambda tnp, tf: tnp.tensordot(tf.constant(A), tf.constant(A), 1),
    "tensordot_axes": lambda tnp, tf: tnp.tensordot(tf.ones([2, 3]), tf.ones([3, 2]), [[1], [0]]),
    "inner": lambda tnp, tf: tnp.inner(tf.constant(A), tf.constant([1.0, 2.0])),
    "inner_scalar": lambda tnp, tf: tnp.inner(3, [1, 2]),
    "outer": lambda tnp, tf: tnp.outer([1, 2], tf.constant([[1.5, 2.0]])),
    "cross3": lambda tnp, tf: tnp.cross([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]),
    "cross2": lambda tnp, tf: tnp.cross(tf.constant([1, 2]), tf.constant([3, 4])),
    "cross_batch_axis": lambda tnp, tf: tnp.cross(tf.constant([[1., 0.], [0., 1.], [0., 0.]]),
                                                  tf.constant([[0., 0.], [1., 0.], [0., 1.]]), axis=0),
    "vdot": lambda tnp, tf: tnp.vdot(tf.constant(A), tf.constant(A)),
    "kron": lambda tnp, tf: tnp.kron(tf.constant([[1, 2]]), tf.constant([[1], [10]])),
    "kron_rank": lambda tnp, tf: tnp.kron([1, 2], tf.constant(A)),
    "einsum": lambda tnp, tf: tnp.einsum("ij,jk->ik", tf.constant(A), tf.constant([[1, 0], [0, 1]])),
    "einsum_no_casting": lambda tnp, tf: tnp.einsum("i,i->", tf.constant([1.0, 2.0]), [3.0, 4.0], casting="no"),
    "einsum_bad_casting": lambda tnp, tf: tnp.einsum("i->", [1.0], casting="unsafe"),
    "diag_vector": lambda tnp, tf: tnp.diag([1, 2]),
    "diag_vector_k": lambda tnp, tf: tnp.diag([1, 2], k=-1),
    "diag_matrix": lambda tnp, tf: tnp.diag(tf.constant(A)),
    "diag_matrix_k": lambda tnp, tf: tnp.diag(tf.constant(A), k=1),
    "diag_matrix_k_out": lambda tnp, tf: tnp.diag(tf.constant(A), k=3),
    "diagflat": lambda tnp, tf: tnp.diagflat([[1, 2]], k=1),
    "diagonal": lambda tnp, tf: tnp.diagonal(tf.constant(A)),
    "diagonal_offset": lambda tnp, tf: tnp.diagonal(tf.reshape(tf.range(12), [2, 2, 3]), 1, 1, 2),
    "diagonal_axes": lambda tnp, tf: tnp.diagonal(tf.reshape(tf.range(8), [2, 2, 2]), 0, 0, 2),
    "trace": lambda tnp, tf: tnp.trace(tf.constant(A)),
    "trace_offset": lambda tnp, tf: tnp.trace(tf.reshape(tf.range(9), [3, 3]), offset=1),
    "polyval": lambda tnp, tf: tnp.polyval([1, 2, 3], tf.constant([0.0, 1.0, 2.0])),
    "polyval_scalar_p": lambda tnp, tf: tnp.polyval(2.0, tf.constant([1.0, 5.0])),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_linalg(oracle, name):
    oracle.check(lambda tf: CASES[name](tf.experimental.numpy, tf))


def test_matmul_gradient(oracle):
    def prog(tf):
        tnp = tf.experimental.numpy
        a = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
        with tf.GradientTape() as tape:
            y = tnp.sum(tnp.matmul(a, [1.0, -2.0]) ** 2)
        return y, tape.gradient(y, a)
    oracle.check(prog)
