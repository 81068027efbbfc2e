"""``tf.linalg.*`` functions and Python operators applied to ``tf.linalg.LinearOperator`` objects (TF's fallback
dispatch, ``framework/api_dispatch.py`` + ``ops/linear_operator/linalg_dispatch.py``) against real TF: the result
(class name of an operator result and its dense matrix, or the tensor) and the errors TF raises. Expected values
all come from TF."""
from __future__ import annotations

import numpy as np
import pytest

F64 = np.float64


def _operators(tf):
    la = tf.linalg
    c = lambda v: tf.constant(v, F64)  # noqa: E731
    return {
        "full_spd": la.LinearOperatorFullMatrix(c([[2.0, 1.0], [1.0, 3.0]]), is_self_adjoint=True,
                                                is_positive_definite=True),
        "full": la.LinearOperatorFullMatrix(c([[2.0, 1.0], [0.5, 3.0]])),
        "diag_pd": la.LinearOperatorDiag(c([2.0, 4.0]), is_self_adjoint=True, is_positive_definite=True),
        "tril": la.LinearOperatorLowerTriangular(c([[2.0, 0.0], [1.0, 3.0]])),
    }


def _show(value):
    """An operator result as (class name, dense matrix); a tensor as itself."""
    if hasattr(value, "to_dense"):
        return [type(value).__name__, value.to_dense()]
    return value


def _attempt(fn):
    try:
        return _show(fn())
    except Exception as e:  # noqa: BLE001 - the class name IS the compared result
        return f"raised {type(e).__name__}"


CALLS = {
    "det": lambda tf, op, x: tf.linalg.det(op),
    "logdet": lambda tf, op, x: tf.linalg.logdet(op),
    "inv": lambda tf, op, x: tf.linalg.inv(op),
    "inv_adjoint": lambda tf, op, x: tf.linalg.inv(op, adjoint=True),
    "cholesky": lambda tf, op, x: tf.linalg.cholesky(op),
    "adjoint": lambda tf, op, x: tf.linalg.adjoint(op),
    "diag_part": lambda tf, op, x: tf.linalg.diag_part(op),
    "trace": lambda tf, op, x: tf.linalg.trace(op),
    "matmul_op_x": lambda tf, op, x: tf.linalg.matmul(op, x),
    "matmul_x_op": lambda tf, op, x: tf.matmul(x, op),
    "matmul_adjoint": lambda tf, op, x: tf.matmul(x, op, adjoint_a=True, adjoint_b=True),
    "matmul_transpose": lambda tf, op, x: tf.matmul(op, x, transpose_a=True),
    "matmul_op_op": lambda tf, op, x: tf.linalg.matmul(op, op),
    "matvec": lambda tf, op, x: tf.linalg.matvec(op, x[:, 0]),
    "solve": lambda tf, op, x: tf.linalg.solve(op, x),
    "solve_adjoint": lambda tf, op, x: tf.linalg.solve(op, x, adjoint=True),
    "solve_x_op": lambda tf, op, x: tf.linalg.solve(x, op),
    "eig": lambda tf, op, x: tf.linalg.eig(op),
    "tensor_at_op": lambda tf, op, x: x @ op,
    "op_at_tensor": lambda tf, op, x: op @ x,
    "op_at_op": lambda tf, op, x: op @ op,
    "op_plus_op": lambda tf, op, x: op + op,
}


@pytest.mark.parametrize("call", sorted(CALLS))
def test_linalg_functions_on_operators(oracle, call):
    def prog(tf):
        x = tf.constant([[1.0, 2.0], [3.0, -1.0]], F64)
        return {name: _attempt(lambda: CALLS[call](tf, op, x)) for name, op in _operators(tf).items()}
    oracle.check(prog)


def test_logdet_error_message(oracle):
    def prog(tf):
        return tf.linalg.logdet(tf.linalg.LinearOperatorFullMatrix(tf.constant([[2.0, 1.0], [0.5, 3.0]])))
    oracle.check(prog, match_message="Expected matrix to be self-adjoint positive definite")


def test_dispatch_in_graph_mode(oracle):
    def prog(v1):
        op = v1.linalg.LinearOperatorDiag(v1.constant([2.0, 4.0]))
        x = v1.placeholder(v1.float32, [2, 1])
        y = v1.matmul(op, x)
        d = v1.linalg.det(op)
        with v1.Session() as sess:
            return sess.run([y, d], {x: [[1.0], [2.0]]})
    oracle.check_v1(prog)


def test_gradient_through_dispatched_det(oracle):
    def prog(tf):
        v = tf.Variable([2.0, 3.0])
        with tf.GradientTape() as tape:
            y = tf.linalg.det(tf.linalg.LinearOperatorDiag(v)) + tf.linalg.trace(tf.linalg.LinearOperatorDiag(v))
        return y, tape.gradient(y, v)
    oracle.check(prog)
