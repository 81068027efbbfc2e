"""``tf.linalg.LinearOperatorFullMatrix``: an operator holding its dense [batch] matrix."""
from __future__ import annotations

from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_ops, math_ops
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import LinearOperator

__all__ = ["LinearOperatorFullMatrix"]


class LinearOperatorFullMatrix(LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorFullMatrix(matrix, ...)``: ``matrix`` of shape ``[B1,...,Bb, M, N]``
    (float16/32/64 or complex64/128); matmul broadcasts batch dims as ``tf.matmul`` does."""

    def __init__(self, matrix, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name="LinearOperatorFullMatrix"):
        parameters = dict(matrix=matrix, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        with name_scope(name):
            self._matrix = util.convert_nonref_to_tensor(matrix, name="matrix")
            if self._matrix.dtype.base_dtype not in util.FLOAT_OR_COMPLEX:
                raise TypeError(f"Argument `matrix` must have dtype in {list(util.FLOAT_OR_COMPLEX)}. "
                                f"Received: {self._matrix.dtype}.")
            if self._matrix.shape.rank is not None and self._matrix.shape.rank < 2:
                raise ValueError(f"Argument `matrix` must have at least 2 dimensions. Received: {self._matrix}.")
            super().__init__(dtype=self._matrix.dtype, is_non_singular=is_non_singular,
                             is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                             is_square=is_square, parameters=parameters, name=name)

    @property
    def matrix(self):
        """The matrix given at construction."""
        return self._matrix

    @property
    def _experimental_parameter_ndims_to_matrix_ndims(self):
        return {"matrix": 2}

    def _shape(self):
        return self._matrix.shape

    def _shape_tensor(self):
        return array_ops.shape(self._matrix)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return math_ops.matmul(self._matrix, x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self._dense_solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _to_dense(self):
        return self._matrix
