"""``tf.linalg.LinearOperatorInversion``: ``A^{-1}`` of an operator (its matmul is the operator's solve)."""
from __future__ import annotations

from tfcompat._src.ops.linear_operator.base import LinearOperator, register_operator_class
from tfcompat._src.ops.linear_operator.wrapper import OperatorWrapperMixin

__all__ = ["LinearOperatorInversion"]


@register_operator_class
class LinearOperatorInversion(OperatorWrapperMixin, LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorInversion(operator, ...)``; the operator must not be hinted singular or
    non-square."""

    def __init__(self, operator, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        parameters = dict(operator=operator, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        if operator.is_non_singular is False or is_non_singular is False:
            raise ValueError(f"Argument `is_non_singular` or argument `operator` must have supplied hint "
                             f"`is_non_singular` equal to `True` or `None`. Found `operator.is_non_singular`: "
                             f"{operator.is_non_singular}, `is_non_singular`: {is_non_singular}.")
        if operator.is_square is False or is_square is False:
            raise ValueError(f"Argument `is_square` or argument `operator` must have supplied hint `is_square` "
                             f"equal to `True` or `None`. Found `operator.is_square`: {operator.is_square}, "
                             f"`is_square`: {is_square}.")
        self._init_wrapping(operator, "inverse", "_inv", name, parameters, is_square, is_non_singular,
                            is_self_adjoint, is_positive_definite)

    def _linop_inverse(self):
        return self.operator

    def _linop_solve(self, left_operator, right_operator):
        return left_operator.operator.matmul(right_operator)

    def _shape(self):
        return self.operator.shape

    def _shape_tensor(self):
        return self.operator.shape_tensor()

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return self.operator.solve(x, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _determinant(self):
        return 1. / self.operator.determinant()

    def _log_abs_determinant(self):
        return -1. * self.operator.log_abs_determinant()

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self.operator.matmul(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _eigvals(self):
        return 1. / self.operator.eigvals()
