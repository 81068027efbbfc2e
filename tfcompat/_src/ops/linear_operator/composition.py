"""``tf.linalg.LinearOperatorComposition``: the product ``A1 @ A2 @ ... @ AJ`` of operators, never formed."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.ops import array_ops, control_flow_ops, linalg_decomp_ops, math_ops
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import LinearOperator, register_operator_class
from tfcompat._src.ops.linear_operator.lower_triangular import LinearOperatorLowerTriangular
from tfcompat._src.ops.linear_operator.operator_list import (
    OperatorListMixin, checked_operator_list, hint_implied_by_all, same_dtype,
)

__all__ = ["LinearOperatorComposition"]


@register_operator_class
class LinearOperatorComposition(OperatorListMixin, LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorComposition(operators, ...)``: matmul applies the operators right to
    left, solve left to right; determinants multiply; hints (non-singular, ``A @ A^H`` forms) are derived as TF
    does."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        parameters = dict(operators=operators, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        operators = checked_operator_list(operators, "Expected a non-empty list of operators. Found: {operators}")
        self._operators = operators
        dtype = same_dtype(operators)
        is_non_singular = hint_implied_by_all(operators, "is_non_singular", is_non_singular,
                                              "The composition of non-singular operators is always non-singular.")
        aat = util.is_aat_form(operators)
        if (len(operators) == 1 and operators[0].is_self_adjoint) or aat:
            if is_self_adjoint is False:
                raise ValueError("The composition was determined to be self-adjoint but user provided incorrect "
                                 "`False` hint.")
            is_self_adjoint = True
        if aat:
            if is_square is False:
                raise ValueError("The composition was determined have the form A @ A.H, hence it must be square. "
                                 "The user provided an incorrect `False` hint.")
            is_square = True
        if aat and is_non_singular:
            if is_positive_definite is False:
                raise ValueError("The composition was determined to be non-singular and have the form A @ A.H, "
                                 "hence it must be positive-definite. The user provided an incorrect `False` "
                                 "hint.")
            is_positive_definite = True
        self._init_from_operators(dtype, "_o_", name, parameters, is_non_singular=is_non_singular,
                                  is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                                  is_square=is_square)

    def _shape(self):
        domain = self.operators[0].domain_dimension
        for operator in self.operators[1:]:
            util.assert_compatible_dims(domain, operator.range_dimension)
            domain = operator.domain_dimension
        batch_shape = util.broadcast_batch_shape(*[op.batch_shape for op in self.operators])
        return batch_shape.concatenate([self.operators[0].range_dimension, self.operators[-1].domain_dimension])

    def _shape_tensor(self):
        if self.shape.is_fully_defined():
            return convert_to_tensor(self.shape.as_list(), dtype=dtypes.int32, name="shape")
        matrix_shape = array_ops.stack([self.operators[0].range_dimension_tensor(),
                                        self.operators[-1].domain_dimension_tensor()])
        return array_ops.concat([self._broadcast_batch_shape_tensor(), matrix_shape], 0)

    def _linop_cholesky(self):
        left = self.operators[0]
        is_llt = (len(self.operators) == 2 and util.is_aat_form(self.operators)
                  and isinstance(left, LinearOperatorLowerTriangular))
        if not is_llt:
            return LinearOperatorLowerTriangular(linalg_decomp_ops.cholesky(self.to_dense()), is_non_singular=True,
                                                 is_self_adjoint=False, is_square=True)
        if left.is_positive_definite:
            return left
        diag_sign = array_ops.expand_dims(math_ops.sign(left.diag_part()), axis=-2)
        return LinearOperatorLowerTriangular(tril=left.tril / diag_sign, is_non_singular=left.is_non_singular,
                                             is_self_adjoint=left.is_self_adjoint,
                                             is_positive_definite=True if left.is_positive_definite else None,
                                             is_square=True)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        order = self.operators if adjoint else list(reversed(self.operators))
        result = order[0].matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg)
        for operator in order[1:]:
            result = operator.matmul(result, adjoint=adjoint)
        return result

    def _determinant(self):
        return self._product_over_operators("determinant")

    def _log_abs_determinant(self):
        return self._sum_over_operators("log_abs_determinant")

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        order = list(reversed(self.operators)) if adjoint else self.operators
        solution = order[0].solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)
        for operator in order[1:]:
            solution = operator.solve(solution, adjoint=adjoint)
        return solution

    def _assert_non_singular(self):
        if all(operator.is_square for operator in self.operators):
            return control_flow_ops.group(*[operator.assert_non_singular() for operator in self.operators])
        return super()._assert_non_singular()
