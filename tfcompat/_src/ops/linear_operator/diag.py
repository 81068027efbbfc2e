"""``tf.linalg.LinearOperatorDiag``: a [batch] diagonal matrix held as its diagonal."""
from __future__ import annotations

from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_ops, complex_ops, debugging_ops, linalg_more_ops, linalg_ops, math_ops
from tfcompat._src.ops import reduction_ops
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import LinearOperator, register_operator_class
from tfcompat._src.ops.linear_operator.lower_triangular import LinearOperatorLowerTriangular

__all__ = ["LinearOperatorDiag"]


@register_operator_class
class LinearOperatorDiag(LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorDiag(diag, ...)``: ``diag`` of shape ``[B1,...,Bb, N]``. A real diagonal
    is always self-adjoint; products/solves with another Diag, a ScaledIdentity or a LowerTriangular return those
    classes as TF does."""

    def __init__(self, diag, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name="LinearOperatorDiag"):
        parameters = dict(diag=diag, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        with name_scope(name):
            self._diag = util.convert_nonref_to_tensor(diag, name="diag")
            if self._diag.shape.rank is not None and self._diag.shape.rank < 1:
                raise ValueError(f"Argument diag must have at least 1 dimension.  Found: {self._diag}")
            if not self._diag.dtype.is_complex:
                if is_self_adjoint is False:
                    raise ValueError("A real diagonal operator is always self adjoint.")
                is_self_adjoint = True
            if is_square is False:
                raise ValueError("Only square diagonal operators currently supported.")
            super().__init__(dtype=self._diag.dtype, is_non_singular=is_non_singular,
                             is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                             is_square=True, parameters=parameters, name=name)

    @property
    def diag(self):
        """The diagonal given at construction."""
        return self._diag

    @property
    def _experimental_parameter_ndims_to_matrix_ndims(self):
        return {"diag": 1}

    def _shape(self):
        d_shape = self._diag.shape
        return d_shape.concatenate(d_shape[-1:])

    def _shape_tensor(self):
        d_shape = array_ops.shape(self._diag)
        return array_ops.concat([d_shape, d_shape[-1:]], 0)

    def _linop_inverse(self):
        return LinearOperatorDiag(1. / self.diag, is_non_singular=self.is_non_singular,
                                  is_self_adjoint=self.is_self_adjoint,
                                  is_positive_definite=self.is_positive_definite, is_square=True)

    def _commuting_hints(self, left, right):
        return dict(is_non_singular=util.combined_non_singular_hint(left, right),
                    is_self_adjoint=util.combined_commuting_self_adjoint_hint(left, right),
                    is_positive_definite=util.combined_commuting_positive_definite_hint(left, right))

    def _linop_matmul(self, left_operator, right_operator):
        hints = self._commuting_hints(left_operator, right_operator)
        if isinstance(right_operator, LinearOperatorDiag):
            return LinearOperatorDiag(diag=left_operator.diag * right_operator.diag, is_square=True, **hints)
        if getattr(right_operator, "_is_scaled_identity", False):
            return LinearOperatorDiag(diag=left_operator.diag * right_operator.multiplier, is_square=True, **hints)
        if isinstance(right_operator, LinearOperatorLowerTriangular):
            hints["is_positive_definite"] = None
            return LinearOperatorLowerTriangular(
                tril=array_ops.expand_dims(left_operator.diag, -1) * right_operator.to_dense(), is_square=True,
                **hints)
        return super()._linop_matmul(left_operator, right_operator)

    def _linop_solve(self, left_operator, right_operator):
        hints = self._commuting_hints(left_operator, right_operator)
        if isinstance(right_operator, LinearOperatorDiag):
            return LinearOperatorDiag(diag=right_operator.diag / left_operator.diag, is_square=True, **hints)
        if getattr(right_operator, "_is_scaled_identity", False):
            return LinearOperatorDiag(diag=right_operator.multiplier / left_operator.diag, is_square=True, **hints)
        if isinstance(right_operator, LinearOperatorLowerTriangular):
            hints["is_positive_definite"] = None
            return LinearOperatorLowerTriangular(
                tril=right_operator.to_dense() / array_ops.expand_dims(left_operator.diag, -1), is_square=True,
                **hints)
        return super()._linop_solve(left_operator, right_operator)

    def _assert_non_singular(self):
        return util.assert_no_entries_with_modulus_zero(
            self._diag, message="Singular operator:  Diagonal contained zero values.")

    def _assert_positive_definite(self):
        if self.dtype.is_complex:
            message = ("Diagonal operator had diagonal entries with non-positive real part, thus was not positive "
                       "definite.")
        else:
            message = "Real diagonal operator had non-positive diagonal entries, thus was not positive definite."
        return debugging_ops.assert_positive(complex_ops.real(self._diag), message=message)

    def _assert_self_adjoint(self):
        return util.assert_zero_imag_part(
            self._diag, message="This diagonal operator contained non-zero imaginary values.   Thus it was not "
                                "self-adjoint.")

    def _linop_adjoint(self):
        diag = complex_ops.conj(self.diag) if self.diag.dtype.is_complex else self.diag
        return LinearOperatorDiag(diag=diag, is_non_singular=self.is_non_singular,
                                  is_self_adjoint=self.is_self_adjoint,
                                  is_positive_definite=self.is_positive_definite, is_square=True)

    def _linop_cholesky(self):
        return LinearOperatorDiag(math_ops.sqrt(self.diag), is_non_singular=True, is_self_adjoint=True,
                                  is_positive_definite=True, is_square=True)

    def _diag_term(self, adjoint):
        return complex_ops.conj(self._diag) if adjoint else self._diag

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        x = linalg_more_ops.adjoint(x) if adjoint_arg else x
        return array_ops.expand_dims(self._diag_term(adjoint), -1) * x

    def _matvec(self, x, adjoint=False):
        return self._diag_term(adjoint) * x

    def _determinant(self):
        return reduction_ops.reduce_prod(self._diag, axis=[-1])

    def _log_abs_determinant(self):
        log_det = util.sum_of_logs_abs(self._diag)
        if self.dtype.is_complex:
            log_det = math_ops.cast(log_det, dtype=self.dtype)
        return log_det

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        rhs = linalg_more_ops.adjoint(rhs) if adjoint_arg else rhs
        return rhs * array_ops.expand_dims(1. / self._diag_term(adjoint), -1)

    def _to_dense(self):
        return linalg_ops.matrix_diag(self._diag)

    def _diag_part(self):
        return self.diag

    def _add_to_tensor(self, x):
        new_diag = self._diag + linalg_ops.matrix_diag_part(x)
        return linalg_more_ops.set_diag(x, new_diag)

    def _eigvals(self):
        return convert_to_tensor(self.diag)

    def _cond(self):
        abs_diag = math_ops.abs(self.diag)
        return reduction_ops.reduce_max(abs_diag, axis=-1) / reduction_ops.reduce_min(abs_diag, axis=-1)
