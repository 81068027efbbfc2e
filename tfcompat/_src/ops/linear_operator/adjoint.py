"""``tf.linalg.LinearOperatorAdjoint``: ``A^H`` of an operator, applied through the operator's adjoint paths."""
from __future__ import annotations

from tfcompat._src.ops import array_ops, complex_ops, linalg_more_ops
from tfcompat._src.ops.linear_operator.base import LinearOperator, register_operator_class
from tfcompat._src.ops.linear_operator.wrapper import OperatorWrapperMixin

__all__ = ["LinearOperatorAdjoint"]


@register_operator_class
class LinearOperatorAdjoint(OperatorWrapperMixin, LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorAdjoint(operator, ...)``; hints follow the wrapped operator's unless they
    contradict the ones given (``ValueError``, as TF)."""

    def __init__(self, operator, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        parameters = dict(operator=operator, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        self._init_wrapping(operator, "adjoint", "_adjoint", name, parameters, is_square, is_non_singular,
                            is_self_adjoint, is_positive_definite)

    def _linop_adjoint(self):
        return self.operator

    def _shape(self):
        shape = self.operator.shape
        return shape[:-2].concatenate([shape[-1], shape[-2]])

    def _shape_tensor(self):
        shape = self.operator.shape_tensor()
        return array_ops.concat([shape[:-2], [shape[-1], shape[-2]]], axis=-1)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return self.operator.matmul(x, adjoint=not adjoint, adjoint_arg=adjoint_arg)

    def _matvec(self, x, adjoint=False):
        return self.operator.matvec(x, adjoint=not adjoint)

    def _determinant(self):
        if self.is_self_adjoint:
            return self.operator.determinant()
        return complex_ops.conj(self.operator.determinant())

    def _log_abs_determinant(self):
        return self.operator.log_abs_determinant()

    def _trace(self):
        if self.is_self_adjoint:
            return self.operator.trace()
        return complex_ops.conj(self.operator.trace())

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self.operator.solve(rhs, adjoint=not adjoint, adjoint_arg=adjoint_arg)

    def _solvevec(self, rhs, adjoint=False):
        return self.operator.solvevec(rhs, adjoint=not adjoint)

    def _to_dense(self):
        if self.is_self_adjoint:
            return self.operator.to_dense()
        return linalg_more_ops.adjoint(self.operator.to_dense())

    def _eigvals(self):
        eigvals = self.operator.eigvals()
        if not self.operator.is_self_adjoint:
            eigvals = complex_ops.conj(eigvals)
        return eigvals
