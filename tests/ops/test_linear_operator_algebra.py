"""Operator-with-operator algebra of ``tf.linalg.LinearOperator*`` against real TF: the class TF returns for
``a.matmul(b)``, ``a.solve(b)``, ``inverse()``, ``cholesky()``, ``adjoint()`` (e.g. Diag @ Diag -> Diag), the
derived hints, and the represented matrix. Gradients through a tape and graph mode (Session) are checked too.
Expected values all come from TF."""
from __future__ import annotations

import numpy as np
import pytest

F64 = np.float64


def _ops(tf):
    la = tf.linalg
    c = lambda v: tf.constant(v, F64)  # noqa: E731
    return {
        "full": lambda: la.LinearOperatorFullMatrix(c([[2.0, 1.0], [0.5, 3.0]])),
        "full_spd": lambda: la.LinearOperatorFullMatrix(c([[2.0, 1.0], [1.0, 3.0]]), is_self_adjoint=True,
                                                        is_positive_definite=True),
        "diag": lambda: la.LinearOperatorDiag(c([2.0, -4.0])),
        "diag_pd": lambda: la.LinearOperatorDiag(c([2.0, 4.0]), is_positive_definite=True),
        "identity": lambda: la.LinearOperatorIdentity(2, dtype=tf.float64),
        "scaled": lambda: la.LinearOperatorScaledIdentity(2, c(3.0), is_positive_definite=True),
        "tril": lambda: la.LinearOperatorLowerTriangular(c([[2.0, 0.0], [1.0, 3.0]])),
        "zeros": lambda: la.LinearOperatorZeros(2, dtype=tf.float64),
        "householder": lambda: la.LinearOperatorHouseholder(c([1.0, 1.0])),
        "circulant": lambda: la.LinearOperatorCirculant(c([3.0, 1.0]), input_output_dtype=tf.float64),
        "block_diag": lambda: la.LinearOperatorBlockDiag([la.LinearOperatorDiag(c([2.0])),
                                                         la.LinearOperatorFullMatrix(c([[3.0]]))]),
        "kronecker": lambda: la.LinearOperatorKronecker([la.LinearOperatorDiag(c([2.0])),
                                                         la.LinearOperatorFullMatrix(c([[1.0, 0.5], [0.0, 2.0]]))]),
        "permutation": lambda: la.LinearOperatorPermutation([1, 0], dtype=tf.float64),
        "block_lower": lambda: la.LinearOperatorBlockLowerTriangular(
            [[la.LinearOperatorDiag(c([2.0]))],
             [la.LinearOperatorFullMatrix(c([[1.0]])), la.LinearOperatorDiag(c([4.0]))]]),
    }


NAMES = sorted(_ops(np))


def _attempt(fn):
    try:
        return fn()
    except Exception as e:  # noqa: BLE001 - the class name IS the compared result
        return f"raised {type(e).__name__}"


def _describe(tf, make):
    """Class, hints and dense matrix of an operator-valued expression (or the exception class)."""
    def run():
        op = make()
        return [type(op).__name__, op.is_non_singular, op.is_self_adjoint, op.is_positive_definite,
                _attempt(lambda: op.is_square), op.to_dense()]
    return _attempt(run)


@pytest.mark.parametrize("left", NAMES)
def test_products_and_solves(oracle, left):
    """``left @ right`` and ``left.solve(right)`` for every right operator in the table."""
    def prog(tf):
        ops = _ops(tf)
        a = ops[left]()
        out = {}
        for right in NAMES:
            b = ops[right]()
            out[f"matmul {right}"] = _describe(tf, lambda: a.matmul(b))
            out[f"matmul_adjoint {right}"] = _describe(tf, lambda: a.matmul(b, adjoint=True, adjoint_arg=True))
            out[f"solve {right}"] = _describe(tf, lambda: a.solve(b))
        return out
    oracle.check(prog, rtol=1e-9, atol=1e-9)


@pytest.mark.parametrize("name", NAMES)
def test_derived_operators(oracle, name):
    """``inverse()``, ``adjoint()``, ``cholesky()`` and their inverses/adjoints: classes, hints, matrices."""
    def prog(tf):
        op = _ops(tf)[name]()
        return {
            "inverse": _describe(tf, op.inverse),
            "inverse_inverse": _describe(tf, lambda: op.inverse().inverse()),
            "adjoint": _describe(tf, op.adjoint),
            "adjoint_adjoint": _describe(tf, lambda: op.adjoint().adjoint()),
            "cholesky": _describe(tf, op.cholesky),
            "inverse_is_self": _attempt(lambda: op.inverse() is op),
            "adjoint_is_self": _attempt(lambda: op.adjoint() is op),
        }
    oracle.check(prog, rtol=1e-9, atol=1e-9)


def test_composition_cholesky_and_aat_hints(oracle):
    def prog(tf):
        la = tf.linalg
        tril = la.LinearOperatorLowerTriangular(tf.constant([[2.0, 0.0], [1.0, -3.0]], F64), is_non_singular=True)
        llt = la.LinearOperatorComposition([tril, tril.H])
        chol = llt.cholesky()
        return [llt.is_self_adjoint, llt.is_square, llt.is_positive_definite, type(chol).__name__, chol.to_dense(),
                llt.name, llt.to_dense()]
    oracle.check(prog, rtol=1e-9, atol=1e-9)


def test_block_diag_blockwise_arguments(oracle):
    def prog(tf):
        la = tf.linalg
        op = la.LinearOperatorBlockDiag([la.LinearOperatorFullMatrix(tf.constant([[2.0, 1.0], [0.0, 3.0]], F64)),
                                         la.LinearOperatorDiag(tf.constant([4.0], F64))])
        blocks = [tf.constant([[1.0], [2.0]], F64), tf.constant([[3.0]], F64)]
        vecs = [tf.constant([1.0, 2.0], F64), tf.constant([3.0], F64)]
        return [op.matmul(blocks), op.solve(blocks), op.matvec(vecs), op.solvevec(vecs),
                op.matmul(blocks, adjoint=True)]
    oracle.check(prog, rtol=1e-9, atol=1e-9)


# ------------------------------------------------------------------------------------------------
# gradients
# ------------------------------------------------------------------------------------------------
def _grad_builders(tf):
    """name -> function(param) -> operator; param is the watched tensor the gradient is taken against."""
    la = tf.linalg
    c = lambda v: tf.constant(v, F64)  # noqa: E731
    return {
        "full": (c([[2.0, 1.0, 0.0], [0.5, 3.0, 1.0], [1.0, 0.0, 4.0]]), lambda p: la.LinearOperatorFullMatrix(p)),
        "full_spd": (c([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]]),
                     lambda p: la.LinearOperatorFullMatrix(p, is_self_adjoint=True, is_positive_definite=True)),
        "diag": (c([1.0, 2.0, -3.0]), lambda p: la.LinearOperatorDiag(p)),
        "scaled": (c(2.5), lambda p: la.LinearOperatorScaledIdentity(3, p)),
        "tril": (c([[2.0, 0.0, 0.0], [1.0, 3.0, 0.0], [0.5, -1.0, 4.0]]),
                 lambda p: la.LinearOperatorLowerTriangular(p)),
        "toeplitz": (c([3.0, 1.0, 0.5]), lambda p: la.LinearOperatorToeplitz(col=p, row=c([3.0, -1.0, 0.2]))),
        "circulant": (c([6.0, -2.0, -2.0]), lambda p: la.LinearOperatorCirculant(p, input_output_dtype=tf.float64)),
        "householder": (c([1.0, 2.0, 2.0]), lambda p: la.LinearOperatorHouseholder(p)),
        "low_rank": (c([[1.0], [0.5], [0.2]]), lambda p: la.LinearOperatorLowRankUpdate(
            la.LinearOperatorDiag(c([1.0, 2.0, 3.0]), is_positive_definite=True), u=p)),
        "kronecker": (c([[2.0, 1.0], [0.5, 3.0]]), lambda p: la.LinearOperatorKronecker(
            [la.LinearOperatorFullMatrix(p), la.LinearOperatorDiag(c([1.0, -2.0]))])),
        "tridiag": (c([[1.0, 2.0, 0.0], [4.0, 5.0, 6.0], [0.0, 1.0, 2.0]]), lambda p: la.LinearOperatorTridiag(p)),
        "block_diag": (c([[2.0, 1.0], [0.0, 3.0]]), lambda p: la.LinearOperatorBlockDiag(
            [la.LinearOperatorFullMatrix(p), la.LinearOperatorDiag(c([4.0]))])),
    }


GRAD_NAMES = ["block_diag", "circulant", "diag", "full", "full_spd", "householder", "kronecker", "low_rank",
              "scaled", "toeplitz", "tril", "tridiag"]


@pytest.mark.parametrize("name", GRAD_NAMES)
def test_gradients_through_tape(oracle, name):
    def prog(tf):
        value, build = _grad_builders(tf)[name]
        param = tf.Variable(value)
        with tf.GradientTape(persistent=True) as tape:
            op = build(param)
            n = op.shape.as_list()[-1]
            x = tf.constant(np.arange(2.0 * n).reshape(n, 2) * 0.3 + 0.1, F64)
            losses = {"matmul": tf.reduce_sum(op.matmul(x) ** 2),
                      "solve": tf.reduce_sum(op.solve(x)),
                      "logdet": op.log_abs_determinant(),
                      "dense": tf.reduce_sum(op.to_dense() * op.to_dense()),
                      "trace": op.trace()}
        return {k: tape.gradient(v, param) for k, v in losses.items()}
    oracle.check(prog, rtol=1e-8, atol=1e-9)


# ------------------------------------------------------------------------------------------------
# graph mode
# ------------------------------------------------------------------------------------------------
def test_graph_mode_with_placeholder(oracle):
    def prog(v1):
        la = v1.linalg
        m = v1.placeholder(v1.float64, shape=[None, 3, 3])
        op = la.LinearOperatorFullMatrix(m)
        diag = la.LinearOperatorDiag(v1.constant([1.0, 2.0, 4.0], v1.float64))
        x = v1.constant(np.arange(6.0).reshape(3, 2), v1.float64)
        y = op.matmul(x)
        prod = op.matmul(diag)
        feeds = {m: np.array([[[2.0, 1.0, 0.0], [0.5, 3.0, 1.0], [1.0, 0.0, 4.0]]] * 2)}
        with v1.Session() as sess:
            values = sess.run([y, op.solve(x), op.log_abs_determinant(), prod.to_dense(), op.shape_tensor(),
                               v1.gradients(v1.reduce_sum(op.solve(x)), m)[0]], feed_dict=feeds)
        return [op.shape, op.batch_shape, op.tensor_rank, y.shape, type(prod).__name__] + values
    oracle.check_v1(prog, rtol=1e-9, atol=1e-9)


def test_graph_mode_structured_operators(oracle):
    def prog(v1):
        la = v1.linalg
        c = lambda v: v1.constant(v, v1.float64)  # noqa: E731
        ops = [la.LinearOperatorKronecker([la.LinearOperatorFullMatrix(c([[2.0, 1.0], [0.5, 3.0]])),
                                           la.LinearOperatorDiag(c([1.0, -2.0]))]),
               la.LinearOperatorCirculant(c([6.0, -2.0, -2.0, 1.0]), input_output_dtype=v1.float64),
               la.LinearOperatorIdentity(4, batch_shape=[2], dtype=v1.float64),
               la.LinearOperatorZeros(4, dtype=v1.float64)]
        x = c(np.arange(8.0).reshape(4, 2))
        fetches = [[op.matmul(x), op.to_dense(), op.trace()] for op in ops]
        with v1.Session() as sess:
            return [[op.shape for op in ops], sess.run(fetches)]
    oracle.check_v1(prog, rtol=1e-9, atol=1e-9)


# ------------------------------------------------------------------------------------------------
# tf.linalg.experimental.conjugate_gradient
# ------------------------------------------------------------------------------------------------
CG_CASES = {
    "plain": lambda tf, op: tf.linalg.experimental.conjugate_gradient(op, tf.constant([1.0, 2.0, 3.0], F64)),
    "batch_rhs": lambda tf, op: tf.linalg.experimental.conjugate_gradient(
        op, tf.constant([[1.0, 2.0, 3.0], [0.0, -1.0, 2.0]], F64), tol=1e-10, max_iter=2),
    "x0_and_preconditioner": lambda tf, op: tf.linalg.experimental.conjugate_gradient(
        op, tf.constant([1.0, 2.0, 3.0], F64), x=tf.constant([0.1, 0.1, 0.1], F64),
        preconditioner=tf.linalg.LinearOperatorDiag(tf.constant([0.25, 0.3, 0.5], F64), is_positive_definite=True)),
    "not_spd": lambda tf, op: tf.linalg.experimental.conjugate_gradient(
        tf.linalg.LinearOperatorFullMatrix(tf.eye(3, dtype=tf.float64)), tf.constant([1.0, 2.0, 3.0], F64)),
}


@pytest.mark.parametrize("case", sorted(CG_CASES))
def test_conjugate_gradient(oracle, case):
    def prog(tf):
        op = tf.linalg.LinearOperatorFullMatrix(
            tf.constant([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], F64), is_self_adjoint=True,
            is_positive_definite=True)
        state = CG_CASES[case](tf, op)
        return [type(state).__name__, list(state._fields), list(state)]
    oracle.check(prog, rtol=1e-9, atol=1e-9)


def test_conjugate_gradient_graph_mode(oracle):
    def prog(v1):
        op = v1.linalg.LinearOperatorDiag(v1.constant([1.0, 2.0, 4.0], v1.float64), is_positive_definite=True)
        state = v1.linalg.experimental.conjugate_gradient(op, v1.constant([1.0, 1.0, 1.0], v1.float64))
        with v1.Session() as sess:
            return sess.run(list(state))
    oracle.check_v1(prog, rtol=1e-9, atol=1e-9)
