"""``tf.linalg.LinearOperatorLowerTriangular``: the lower triangle of a [batch] square matrix."""
from __future__ import annotations

from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_ops, linalg_decomp_ops, linalg_more_ops, linalg_ops, math_ops, reduction_ops
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import OPERATOR_CLASSES, LinearOperator, register_operator_class

__all__ = ["LinearOperatorLowerTriangular"]


@register_operator_class
class LinearOperatorLowerTriangular(LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorLowerTriangular(tril, ...)``: entries above the diagonal of ``tril`` are
    ignored; solves are triangular solves."""

    def __init__(self, tril, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None, is_square=None,
                 name="LinearOperatorLowerTriangular"):
        parameters = dict(tril=tril, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        if is_square is False:
            raise ValueError("Only square lower triangular operators supported at this time.")
        with name_scope(name):
            self._tril = util.convert_nonref_to_tensor(tril, name="tril")
            if self._tril.shape.rank is not None and self._tril.shape.rank < 2:
                raise ValueError(f"Argument tril must have at least 2 dimensions.  Found: {self._tril}")
            super().__init__(dtype=self._tril.dtype, is_non_singular=is_non_singular,
                             is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                             is_square=True, parameters=parameters, name=name)

    @property
    def tril(self):
        """The matrix given at construction (upper triangle included, as given)."""
        return self._tril

    def _get_tril(self):
        return linalg_more_ops.band_part(self._tril, -1, 0)

    def _get_diag(self):
        return linalg_ops.matrix_diag_part(self._tril)

    @property
    def _experimental_parameter_ndims_to_matrix_ndims(self):
        return {"tril": 2}

    def _shape(self):
        return self._tril.shape

    def _shape_tensor(self):
        return array_ops.shape(self._tril)

    def _assert_non_singular(self):
        return util.assert_no_entries_with_modulus_zero(
            self._get_diag(), message="Singular operator:  Diagonal contained zero values.")

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return math_ops.matmul(self._get_tril(), x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _linop_matmul(self, left_operator, right_operator):
        if isinstance(right_operator, OPERATOR_CLASSES["LinearOperatorDiag"]):
            return LinearOperatorLowerTriangular(
                tril=left_operator.to_dense() * right_operator.diag,
                is_non_singular=util.combined_non_singular_hint(right_operator, left_operator),
                is_self_adjoint=util.combined_commuting_self_adjoint_hint(right_operator, left_operator),
                is_positive_definite=None, is_square=True)
        return super()._linop_matmul(left_operator, right_operator)

    def _determinant(self):
        return reduction_ops.reduce_prod(self._get_diag(), axis=[-1])

    def _log_abs_determinant(self):
        return util.sum_of_logs_abs(self._get_diag())

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        rhs = linalg_more_ops.adjoint(rhs) if adjoint_arg else rhs
        return linalg_decomp_ops.triangular_solve(self._get_tril(), rhs, lower=True, adjoint=adjoint)

    def _to_dense(self):
        return self._get_tril()

    def _eigvals(self):
        return self._get_diag()
