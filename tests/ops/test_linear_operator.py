"""``tf.linalg.LinearOperator*`` (tfcompat/_src/ops/linear_operator/) against real TF, table-driven over the
operator classes: every public method of each operator (values, dtypes, shapes, hints, the class of derived
operators, and which calls raise) is compared with TensorFlow's. Expected values all come from TF."""
from __future__ import annotations

import numpy as np
import pytest

F64 = np.float64
SYM = np.array([[4.0, 1.0, 0.5], [1.0, 3.0, 0.2], [0.5, 0.2, 2.0]], F64)
NONSYM = np.array([[2.0, 1.0, 0.0], [0.5, 3.0, 1.0], [1.0, 0.0, 4.0]], F64)
A2 = np.array([[2.0, 1.0], [0.5, 3.0]], F64)
B2 = np.array([[1.0, -1.0], [2.0, 4.0]], F64)


def _attempt(fn):
    """The value of ``fn()``, or the exception's class name: one failing method must not hide the others."""
    try:
        return fn()
    except Exception as e:  # noqa: BLE001 - the class name IS the compared result
        return f"raised {type(e).__name__}"


def _class_name(fn):
    return _attempt(lambda: type(fn()).__name__)


def _arg(tf, op, rows, cols=2, offset=0.1):
    values = (np.arange(rows * cols, dtype=F64).reshape(rows, cols) * 0.3 + offset)
    return tf.cast(tf.constant(values), op.dtype)


def _summary(tf, op):
    """Every observable of one operator: the same calls run on TF's and tfcompat's operator."""
    n = op.shape.as_list()[-1]
    m = op.shape.as_list()[-2]
    x = _arg(tf, op, n)
    xm = _arg(tf, op, m)
    out = {
        "class": type(op).__name__, "name": op.name, "dtype": op.dtype, "shape": op.shape,
        "batch_shape": op.batch_shape, "tensor_rank": op.tensor_rank,
        "domain": int(op.domain_dimension), "range": int(op.range_dimension),
        "hints": [op.is_non_singular, op.is_self_adjoint, op.is_positive_definite, _attempt(lambda: op.is_square)],
        "shape_tensor": op.shape_tensor(), "batch_shape_tensor": op.batch_shape_tensor(),
        "rank_tensor": op.tensor_rank_tensor(), "domain_tensor": op.domain_dimension_tensor(),
        "range_tensor": op.range_dimension_tensor(),
        "dense": _attempt(op.to_dense),
        "matmul": _attempt(lambda: op.matmul(x)),
        "matmul_adjoint": _attempt(lambda: op.matmul(xm, adjoint=True)),
        "matmul_adjoint_arg": _attempt(lambda: op.matmul(tf.transpose(x), adjoint_arg=True)),
        "matmul_operator_at": _attempt(lambda: op @ x),
        "matvec": _attempt(lambda: op.matvec(x[:, 0])),
        "matvec_adjoint": _attempt(lambda: op.matvec(xm[:, 0], adjoint=True)),
        "diag_part": _attempt(op.diag_part),
        "trace": _attempt(op.trace),
        "determinant": _attempt(op.determinant),
        "log_abs_determinant": _attempt(op.log_abs_determinant),
        "solve": _attempt(lambda: op.solve(xm)),
        "solve_adjoint": _attempt(lambda: op.solve(x, adjoint=True)),
        "solve_adjoint_arg": _attempt(lambda: op.solve(tf.transpose(xm), adjoint_arg=True)),
        "solvevec": _attempt(lambda: op.solvevec(xm[:, 0])),
        "inverse_class": _class_name(op.inverse),
        "inverse_dense": _attempt(lambda: op.inverse().to_dense()),
        "adjoint_class": _class_name(op.adjoint),
        "adjoint_dense": _attempt(lambda: op.H.to_dense()),
        "cholesky_class": _class_name(op.cholesky),
        "cholesky_dense": _attempt(lambda: op.cholesky().to_dense()),
        "eigvals": _attempt(lambda: tf.sort(tf.math.real(op.eigvals()), axis=-1)),
        "cond": _attempt(op.cond),
        "add_to_tensor": _attempt(lambda: op.add_to_tensor(tf.cast(tf.ones(op.shape.as_list(), F64), op.dtype))),
        "self_product_class": _class_name(lambda: op.matmul(op)),
        "self_product_dense": _attempt(lambda: op.matmul(op).to_dense()),
        "self_solve_class": _class_name(lambda: op.solve(op)),
        "self_solve_dense": _attempt(lambda: op.solve(op).to_dense()),
    }
    return out


def _operators(tf):
    """name -> constructor of one operator; float64 (or complex128) data so both sides agree to ~1e-12."""
    la = tf.linalg
    c = lambda v: tf.constant(v, F64)  # noqa: E731
    return {
        "full_spd": lambda: la.LinearOperatorFullMatrix(c(SYM), is_self_adjoint=True, is_positive_definite=True),
        "full_nonsym": lambda: la.LinearOperatorFullMatrix(c(NONSYM)),
        "full_batch": lambda: la.LinearOperatorFullMatrix(c(np.stack([NONSYM, SYM]))),
        "full_rect": lambda: la.LinearOperatorFullMatrix(c(NONSYM[:, :2])),
        "diag": lambda: la.LinearOperatorDiag(c([1.0, 2.0, -3.0])),
        "diag_pd_batch": lambda: la.LinearOperatorDiag(c([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]),
                                                       is_positive_definite=True),
        "diag_complex": lambda: la.LinearOperatorDiag(tf.constant([1 + 1j, 2 - 1j, 0.5j], tf.complex128)),
        "identity": lambda: la.LinearOperatorIdentity(3, dtype=tf.float64),
        "identity_batch": lambda: la.LinearOperatorIdentity(3, batch_shape=[2], dtype=tf.float64),
        "scaled_identity": lambda: la.LinearOperatorScaledIdentity(3, c(2.5), is_positive_definite=True),
        "scaled_identity_batch": lambda: la.LinearOperatorScaledIdentity(3, c([2.0, -0.5])),
        "lower_triangular": lambda: la.LinearOperatorLowerTriangular(
            c([[2.0, 9.0, 9.0], [1.0, 3.0, 9.0], [0.5, -1.0, 4.0]])),
        "composition": lambda: la.LinearOperatorComposition(
            [la.LinearOperatorFullMatrix(c(NONSYM)), la.LinearOperatorDiag(c([1.0, 2.0, -3.0]))]),
        "adjoint": lambda: la.LinearOperatorAdjoint(la.LinearOperatorFullMatrix(c(NONSYM))),
        "inversion": lambda: la.LinearOperatorInversion(la.LinearOperatorFullMatrix(c(NONSYM))),
        "block_diag": lambda: la.LinearOperatorBlockDiag(
            [la.LinearOperatorFullMatrix(c(A2)), la.LinearOperatorDiag(c([3.0, 4.0]))]),
        "kronecker": lambda: la.LinearOperatorKronecker(
            [la.LinearOperatorFullMatrix(c(A2)), la.LinearOperatorFullMatrix(c(B2))]),
        "kronecker_spd": lambda: la.LinearOperatorKronecker(
            [la.LinearOperatorFullMatrix(c(SYM), is_self_adjoint=True, is_positive_definite=True),
             la.LinearOperatorDiag(c([1.0, 2.0]), is_positive_definite=True)]),
        "low_rank_spd": lambda: la.LinearOperatorLowRankUpdate(
            la.LinearOperatorDiag(c([1.0, 2.0, 3.0]), is_positive_definite=True), u=c([[1.0], [0.5], [0.2]])),
        "low_rank_uv": lambda: la.LinearOperatorLowRankUpdate(
            la.LinearOperatorFullMatrix(c(NONSYM)), u=c([[1.0, 0.0], [0.5, 1.0], [0.2, 0.3]]),
            diag_update=c([2.0, -1.0]), v=c([[0.3, 1.0], [-1.0, 0.2], [0.1, 0.4]])),
        "zeros": lambda: la.LinearOperatorZeros(3, dtype=tf.float64),
        "zeros_rect_batch": lambda: la.LinearOperatorZeros(2, 3, batch_shape=[2], is_square=False,
                                                           is_self_adjoint=False, dtype=tf.float64),
        "toeplitz": lambda: la.LinearOperatorToeplitz(col=c([3.0, 1.0, 0.5]), row=c([3.0, -1.0, 0.2])),
        "circulant_real": lambda: la.LinearOperatorCirculant(c([6.0, -2.0, -2.0]), input_output_dtype=tf.float64),
        "circulant_complex": lambda: la.LinearOperatorCirculant(
            tf.constant([3 + 1j, 1 - 2j, 2 + 0.5j, -1 + 1j], tf.complex128), input_output_dtype=tf.complex128),
        "circulant_2d": lambda: la.LinearOperatorCirculant2D(c([[8.0, 2.0], [1.0, 3.0]]),
                                                             input_output_dtype=tf.float64),
        "circulant_3d": lambda: la.LinearOperatorCirculant3D(c(np.arange(1.0, 9.0).reshape(2, 2, 2)),
                                                             input_output_dtype=tf.float64),
        "householder": lambda: la.LinearOperatorHouseholder(c([1.0, 2.0, 2.0])),
        "permutation": lambda: la.LinearOperatorPermutation([2, 0, 1], dtype=tf.float64),
        "tridiag_compact": lambda: la.LinearOperatorTridiag(c([[1.0, 2.0, 0.0], [4.0, 5.0, 6.0], [0.0, 1.0, 2.0]])),
        "tridiag_sequence": lambda: la.LinearOperatorTridiag(
            [c([1.0, 2.0, 0.0]), c([4.0, 5.0, 6.0]), c([0.0, 1.0, 2.0])], diagonals_format="sequence"),
        "tridiag_matrix": lambda: la.LinearOperatorTridiag(
            c([[4.0, 1.0, 0.0], [1.0, 5.0, 2.0], [0.0, 2.0, 6.0]]), diagonals_format="matrix",
            is_self_adjoint=True, is_positive_definite=True),
        "block_lower_triangular": lambda: la.LinearOperatorBlockLowerTriangular(
            [[la.LinearOperatorFullMatrix(c(A2))],
             [la.LinearOperatorFullMatrix(c([[1.0, 2.0]])), la.LinearOperatorDiag(c([5.0]))]]),
    }


OPERATOR_NAMES = sorted(_operators(np))  # the keys only; constructors are built again per framework


@pytest.mark.parametrize("name", OPERATOR_NAMES)
def test_operator_methods(oracle, name):
    oracle.check(lambda tf: _summary(tf, _operators(tf)[name]()), rtol=1e-9, atol=1e-9)


# ------------------------------------------------------------------------------------------------
# construction errors and hint validation
# ------------------------------------------------------------------------------------------------
def _raises(fn):
    return _attempt(lambda: (fn(), "ok")[1])


CONSTRUCTION_CASES = {
    "pd_but_singular": lambda tf: tf.linalg.LinearOperatorFullMatrix(
        [[1.0]], is_positive_definite=True, is_non_singular=False),
    "non_singular_not_square": lambda tf: tf.linalg.LinearOperatorFullMatrix(
        [[1.0]], is_non_singular=True, is_square=False),
    "self_adjoint_not_square": lambda tf: tf.linalg.LinearOperatorFullMatrix(
        [[1.0]], is_self_adjoint=True, is_square=False),
    "full_int_matrix": lambda tf: tf.linalg.LinearOperatorFullMatrix([[1, 2], [3, 4]]),
    "full_vector": lambda tf: tf.linalg.LinearOperatorFullMatrix([1.0, 2.0]),
    "diag_scalar": lambda tf: tf.linalg.LinearOperatorDiag(1.0),
    "diag_real_not_self_adjoint": lambda tf: tf.linalg.LinearOperatorDiag([1.0], is_self_adjoint=False),
    "diag_not_square": lambda tf: tf.linalg.LinearOperatorDiag([1.0], is_square=False),
    "identity_not_pd": lambda tf: tf.linalg.LinearOperatorIdentity(2, is_positive_definite=False),
    "identity_negative_rows": lambda tf: tf.linalg.LinearOperatorIdentity(-1),
    "identity_float_rows": lambda tf: tf.linalg.LinearOperatorIdentity(2.0),
    "identity_matrix_batch_shape": lambda tf: tf.linalg.LinearOperatorIdentity(2, batch_shape=[[2]]),
    "scaled_not_square": lambda tf: tf.linalg.LinearOperatorScaledIdentity(2, 1.0, is_square=False),
    "tril_not_square": lambda tf: tf.linalg.LinearOperatorLowerTriangular([[1.0]], is_square=False),
    "composition_empty": lambda tf: tf.linalg.LinearOperatorComposition([]),
    "composition_mixed_dtypes": lambda tf: tf.linalg.LinearOperatorComposition(
        [tf.linalg.LinearOperatorDiag([1.0]), tf.linalg.LinearOperatorDiag(tf.constant([1.0], tf.float64))]),
    "composition_incompatible": lambda tf: tf.linalg.LinearOperatorComposition(
        [tf.linalg.LinearOperatorDiag([1.0, 2.0]), tf.linalg.LinearOperatorDiag([1.0, 2.0, 3.0])]).shape,
    "inversion_of_singular": lambda tf: tf.linalg.LinearOperatorInversion(
        tf.linalg.LinearOperatorFullMatrix([[1.0]], is_non_singular=False)),
    "adjoint_contradicting_hint": lambda tf: tf.linalg.LinearOperatorAdjoint(
        tf.linalg.LinearOperatorFullMatrix([[1.0]], is_non_singular=True), is_non_singular=False),
    "zeros_non_singular": lambda tf: tf.linalg.LinearOperatorZeros(2, is_non_singular=True),
    "zeros_square_mismatch": lambda tf: tf.linalg.LinearOperatorZeros(2, 3),
    "householder_pd": lambda tf: tf.linalg.LinearOperatorHouseholder([1.0, 0.0], is_positive_definite=True),
    "permutation_not_a_permutation": lambda tf: tf.linalg.LinearOperatorPermutation([0, 0, 1]),
    "permutation_float": lambda tf: tf.linalg.LinearOperatorPermutation([0.0, 1.0]),
    "toeplitz_mismatch": lambda tf: tf.linalg.LinearOperatorToeplitz([1.0, 2.0], [1.0, 2.0, 3.0]),
    "tridiag_bad_format": lambda tf: tf.linalg.LinearOperatorTridiag([[1.0]], diagonals_format="banded"),
    "circulant_bad_depth": lambda tf: tf.linalg.LinearOperatorCirculant2D([1.0, 2.0]),
    "block_lower_bad_rows": lambda tf: tf.linalg.LinearOperatorBlockLowerTriangular(
        [[tf.linalg.LinearOperatorDiag([1.0])], [tf.linalg.LinearOperatorDiag([1.0])]]),
    "kronecker_empty": lambda tf: tf.linalg.LinearOperatorKronecker([]),
    "low_rank_diag_not_positive": lambda tf: tf.linalg.LinearOperatorLowRankUpdate(
        tf.linalg.LinearOperatorDiag([1.0]), u=[[1.0]], is_diag_update_positive=False),
    "square_hint_contradicted": lambda tf: tf.linalg.LinearOperatorFullMatrix([[1.0]], is_square=False).is_square,
    "abstract_base": lambda tf: tf.linalg.LinearOperator(dtype=tf.float32),
}


@pytest.mark.parametrize("case", sorted(CONSTRUCTION_CASES))
def test_construction_errors(oracle, case):
    oracle.check(lambda tf: _raises(lambda: CONSTRUCTION_CASES[case](tf)))


CALL_ERROR_CASES = {
    "matmul_dtype": lambda tf: tf.linalg.LinearOperatorDiag([1.0, 2.0]).matmul(tf.ones([2, 1], tf.float64)),
    "matmul_shape": lambda tf: tf.linalg.LinearOperatorDiag([1.0, 2.0]).matmul(tf.ones([3, 1])),
    "matvec_shape": lambda tf: tf.linalg.LinearOperatorFullMatrix(tf.ones([2, 3])).matvec(tf.ones([2])),
    "solve_rect": lambda tf: tf.linalg.LinearOperatorFullMatrix(tf.ones([2, 3])).solve(tf.ones([2, 1])),
    "solve_singular_hint": lambda tf: tf.linalg.LinearOperatorFullMatrix(
        tf.eye(2), is_non_singular=False).solve(tf.ones([2, 1])),
    "det_rect": lambda tf: tf.linalg.LinearOperatorFullMatrix(tf.ones([2, 3])).determinant(),
    "inverse_rect": lambda tf: tf.linalg.LinearOperatorFullMatrix(tf.ones([2, 3])).inverse(),
    "cholesky_without_hints": lambda tf: tf.linalg.LinearOperatorFullMatrix(tf.eye(2)).cholesky(),
    "eigvals_not_self_adjoint": lambda tf: tf.linalg.LinearOperatorFullMatrix(tf.eye(2)).eigvals(),
    "operator_matmul_mismatch": lambda tf: tf.linalg.LinearOperatorDiag([1.0, 2.0]).matmul(
        tf.linalg.LinearOperatorDiag([1.0, 2.0, 3.0])),
    "zeros_matmul_nonsquare": lambda tf: tf.linalg.LinearOperatorFullMatrix(tf.ones([2, 2])).matmul(
        tf.linalg.LinearOperatorZeros(2, 3, is_square=False, is_self_adjoint=False)),
    "assert_non_singular_fails": lambda tf: tf.linalg.LinearOperatorDiag([1.0, 0.0]).assert_non_singular(),
    "assert_pd_fails": lambda tf: tf.linalg.LinearOperatorDiag([1.0, -1.0]).assert_positive_definite(),
    "assert_self_adjoint_fails": lambda tf: tf.linalg.LinearOperatorFullMatrix(
        [[1.0, 2.0], [0.0, 1.0]]).assert_self_adjoint(),
    "assert_pd_not_implemented": lambda tf: tf.linalg.LinearOperatorFullMatrix(tf.eye(2)).assert_positive_definite(),
    "zeros_assert_non_singular": lambda tf: tf.linalg.LinearOperatorZeros(2).assert_non_singular(),
    "householder_assert_pd": lambda tf: tf.linalg.LinearOperatorHouseholder([1.0, 0.0]).assert_positive_definite(),
    "block_diag_block_count": lambda tf: tf.linalg.LinearOperatorBlockDiag(
        [tf.linalg.LinearOperatorDiag([1.0, 2.0])]).matmul(tf.linalg.LinearOperatorBlockDiag(
            [tf.linalg.LinearOperatorDiag([1.0]), tf.linalg.LinearOperatorDiag([2.0])])),
}


@pytest.mark.parametrize("case", sorted(CALL_ERROR_CASES))
def test_call_errors(oracle, case):
    oracle.check(lambda tf: _raises(lambda: CALL_ERROR_CASES[case](tf)))


def test_passing_asserts_and_hints(oracle):
    def prog(tf):
        d = tf.linalg.LinearOperatorDiag([1.0, 2.0], is_positive_definite=True)
        f = tf.linalg.LinearOperatorFullMatrix([[2.0, 1.0], [1.0, 2.0]], is_self_adjoint=True,
                                               is_positive_definite=True)
        for check in (d.assert_non_singular, d.assert_positive_definite, d.assert_self_adjoint,
                      f.assert_non_singular, f.assert_positive_definite, f.assert_self_adjoint):
            check()
        g = tf.linalg.LinearOperatorFullMatrix([[2.0, 1.0], [0.0, 3.0]])
        g.assert_non_singular()
        return [d.parameters["is_positive_definite"], sorted(f.parameters), list(g.graph_parents), f.H is f]
    oracle.check(prog)


# ------------------------------------------------------------------------------------------------
# batch slicing (operator[...])
# ------------------------------------------------------------------------------------------------
def _batched(tf):
    la = tf.linalg
    c = lambda v: tf.constant(v, F64)  # noqa: E731
    batch3 = np.stack([NONSYM, SYM, NONSYM + np.eye(3)])
    return {
        "full": lambda: la.LinearOperatorFullMatrix(c(batch3)),
        "diag": lambda: la.LinearOperatorDiag(c(np.arange(1.0, 7.0).reshape(2, 3))),
        "identity": lambda: la.LinearOperatorIdentity(3, batch_shape=[2, 4], dtype=tf.float64),
        "scaled": lambda: la.LinearOperatorScaledIdentity(3, c([1.0, 2.0, 3.0])),
        "zeros": lambda: la.LinearOperatorZeros(3, batch_shape=[3], dtype=tf.float64),
        "composition_broadcast": lambda: la.LinearOperatorComposition(
            [la.LinearOperatorDiag(c(np.arange(1.0, 10.0).reshape(3, 3))), la.LinearOperatorFullMatrix(c(SYM))]),
        "low_rank": lambda: la.LinearOperatorLowRankUpdate(
            la.LinearOperatorDiag(c(np.arange(1.0, 10.0).reshape(3, 3)), is_positive_definite=True),
            u=c([[1.0], [0.5], [0.2]])),
        "householder": lambda: la.LinearOperatorHouseholder(c([[1.0, 2.0, 2.0], [0.0, 1.0, 0.0], [3.0, 0.0, 4.0]])),
        "permutation": lambda: la.LinearOperatorPermutation([[2, 0, 1], [0, 1, 2], [1, 2, 0]], dtype=tf.float64),
        "circulant": lambda: la.LinearOperatorCirculant(c(np.arange(1.0, 10.0).reshape(3, 3)),
                                                        input_output_dtype=tf.float64),
        "no_batch": lambda: la.LinearOperatorDiag(c([1.0, 2.0])),
    }


SLICES = {"int": 1, "last": -1, "range": slice(1, None), "ellipsis": Ellipsis, "ellipsis_int": (Ellipsis, 0),
          "step": slice(None, None, 2)}
BATCHED_NAMES = ["circulant", "composition_broadcast", "diag", "full", "householder", "identity", "low_rank",
                 "no_batch", "permutation", "scaled", "zeros"]


@pytest.mark.parametrize("name", BATCHED_NAMES)
def test_batch_slicing(oracle, name):
    def prog(tf):
        op = _batched(tf)[name]()
        out = {}
        for key, slc in SLICES.items():
            out[key] = _attempt(lambda: (lambda s: [type(s).__name__, s.shape, s.to_dense()])(op[slc]))
        return out
    oracle.check(prog, rtol=1e-9, atol=1e-9)


# ------------------------------------------------------------------------------------------------
# user subclasses, broadcasting, argument conversion
# ------------------------------------------------------------------------------------------------
def _user_operator_class(tf):
    """A user-defined operator written as TF's docs describe: ``_shape``, ``_shape_tensor`` and ``_matmul``."""
    class TwiceMatrix(tf.linalg.LinearOperator):
        def __init__(self, matrix):
            self._m = tf.convert_to_tensor(matrix)
            super().__init__(dtype=self._m.dtype, is_square=True, name="TwiceMatrix",
                             parameters={"matrix": matrix})

        def _shape(self):
            return self._m.shape

        def _shape_tensor(self):
            return tf.shape(self._m)

        def _matmul(self, x, adjoint=False, adjoint_arg=False):
            return 2.0 * tf.matmul(self._m, x, adjoint_a=adjoint, adjoint_b=adjoint_arg)
    return TwiceMatrix


def test_user_subclass(oracle):
    def prog(tf):
        op = _user_operator_class(tf)(tf.constant(NONSYM))
        x = tf.constant(np.arange(6.0).reshape(3, 2))
        return [op.to_dense(), op.matmul(x), op.matvec(x[:, 0]), op.solve(x), op.determinant(),
                op.log_abs_determinant(), op.diag_part(), op.trace(), type(op.inverse()).__name__,
                op.inverse().to_dense(), type(op.adjoint()).__name__, op.adjoint().to_dense(), op.is_square,
                op.parameters["matrix"], op.name, op.cond(), type(op @ op).__name__, (op @ op).to_dense()]
    oracle.check(prog, rtol=1e-9, atol=1e-9)


BROADCAST_CASES = {
    "diag_batch_vs_rhs_batch": lambda tf: tf.linalg.LinearOperatorDiag(
        tf.constant([[[1.0, 2.0, 3.0]], [[4.0, 5.0, 6.0]]])).solve(tf.ones([4, 3, 2])),
    "full_batch_solve": lambda tf: tf.linalg.LinearOperatorFullMatrix(
        tf.ones([2, 1, 3, 3]) + 2 * tf.eye(3)).solve(tf.ones([4, 3, 2])),
    "full_batch_matmul_adjoint": lambda tf: tf.linalg.LinearOperatorFullMatrix(
        tf.ones([2, 1, 3, 3]) + tf.eye(3)).matmul(tf.ones([4, 3, 2]), adjoint=True),
    "python_list_argument": lambda tf: tf.linalg.LinearOperatorFullMatrix(
        tf.eye(3)).matmul([[1.0], [2.0], [3.0]]),
    "kronecker_batch": lambda tf: tf.linalg.LinearOperatorKronecker(
        [tf.linalg.LinearOperatorDiag([[1.0, 2.0]]),
         tf.linalg.LinearOperatorFullMatrix(tf.ones([3, 2, 2]) + tf.eye(2))]).matmul(tf.ones([4, 2])),
    "circulant_batch": lambda tf: tf.linalg.LinearOperatorCirculant(
        tf.constant([[1.0, 2.0], [3.0, 4.0]]), input_output_dtype=tf.float32).matmul(tf.ones([3, 1, 2, 1])),
    "circulant_default_complex": lambda tf: tf.linalg.LinearOperatorCirculant([1.0, 2.0]).matmul(
        tf.ones([2, 1], tf.complex64)),
    "permutation_batch": lambda tf: tf.linalg.LinearOperatorPermutation([[1, 0], [0, 1]]).matmul(
        tf.reshape(tf.range(12.0), [3, 1, 2, 2])),
    "identity_broadcast": lambda tf: tf.linalg.LinearOperatorIdentity(2, batch_shape=[3]).matmul(tf.ones([2, 2])),
    "zeros_rect": lambda tf: tf.linalg.LinearOperatorZeros(2, 3, is_square=False, is_self_adjoint=False).matmul(
        tf.ones([3, 4])),
    "variable_parameter": lambda tf: tf.linalg.LinearOperatorDiag(tf.Variable([1.0, 2.0])).matvec([3.0, 4.0]),
}


@pytest.mark.parametrize("case", sorted(BROADCAST_CASES))
def test_broadcasting_and_conversion(oracle, case):
    oracle.check(lambda tf: BROADCAST_CASES[case](tf), rtol=1e-6, atol=1e-6)


def test_not_a_module_deviation(oracle):
    """Deviation ``linear-operator-not-module``: TF's operators are tf.Modules; tfcompat's are plain objects."""
    from tests.known_deviations import DEVIATIONS
    assert "linear-operator-not-module" in DEVIATIONS
    assert oracle.tf_result(lambda tf: isinstance(tf.linalg.LinearOperatorDiag([1.0]), tf.Module)) is True
    import tfcompat
    assert not isinstance(tfcompat.linalg.LinearOperatorDiag([1.0]), tfcompat.Module)


def test_operator_argument_to_tf_function(oracle):
    def prog(tf):
        @tf.function
        def apply(op, x):
            return op.matmul(x), op.log_abs_determinant()
        a = tf.linalg.LinearOperatorFullMatrix([[2.0, 1.0], [0.0, 3.0]])
        b = tf.linalg.LinearOperatorDiag([1.0, 4.0])
        return [apply(a, tf.ones([2, 1])), apply(b, tf.ones([2, 1]))]
    oracle.check(prog)


@pytest.mark.parametrize("name", OPERATOR_NAMES)
def test_operator_methods_graph_mode(oracle, name):
    """The same observables built in a TF1 graph and fetched with ``Session.run``."""
    def prog(v1):
        out = _summary(v1, _operators(v1)[name]())
        tensors = {k: v for k, v in out.items() if v1.is_tensor(v)}
        with v1.Session() as sess:
            out.update(sess.run(tensors))
        return out
    oracle.check_v1(prog, rtol=1e-9, atol=1e-9)


MESSAGE_CASES = {
    "diag_real_not_self_adjoint": "A real diagonal operator is always self adjoint.",
    "pd_but_singular": "A positive definite matrix is always non-singular.",
    "composition_empty": "Expected a non-empty list of operators.",
    "inversion_of_singular": "must have supplied hint `is_non_singular` equal to `True` or `None`",
    "zeros_square_mismatch": "LinearOperatorZeros initialized as is_square=True, but got num_rows(2) != num_columns(3)",
    "permutation_not_a_permutation": "Argument `perm` must be a vector of unique integers from 0 to 2.",
    "square_hint_contradicted": "User set is_square hint to False, but the operator was square.",
}


@pytest.mark.parametrize("case", sorted(MESSAGE_CASES))
def test_construction_error_messages(oracle, case):
    oracle.check(lambda tf: CONSTRUCTION_CASES[case](tf), match_message=MESSAGE_CASES[case])


def test_call_error_messages(oracle):
    oracle.check(lambda tf: tf.linalg.LinearOperatorFullMatrix(tf.eye(2)).cholesky(),
                 match_message="Cannot take the Cholesky decomposition: Not a positive definite self adjoint matrix.")
    oracle.check(lambda tf: tf.linalg.LinearOperatorFullMatrix(tf.ones([2, 3])).solve(tf.ones([2, 1])),
                 match_message="Exact solve not implemented for an operator that is expected to not be square.")
    oracle.check(lambda tf: tf.linalg.LinearOperatorDiag([1.0, 2.0]).matmul(tf.linalg.LinearOperatorDiag([1.0])),
                 match_message="Operators are incompatible. Expected `x` to have dimension 2 but got 1.")
    oracle.check(lambda tf: tf.linalg.LinearOperatorDiag([1.0, 2.0]).matmul(tf.ones([3, 1])),
                 match_message="Dimensions 2 and 3 are not compatible")
