"""``tf.linalg.LinearOperatorHouseholder``: the reflection ``I - 2 v v^H / ||v||^2``."""
from __future__ import annotations

from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_ops, complex_ops, control_flow_ops, linalg_more_ops, linalg_ops, math_ops
from tfcompat._src.ops import nn_ops
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import LinearOperator

__all__ = ["LinearOperatorHouseholder"]


class LinearOperatorHouseholder(LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorHouseholder(reflection_axis, ...)``: self-adjoint, its own inverse,
    determinant -1."""

    def __init__(self, reflection_axis, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name="LinearOperatorHouseholder"):
        parameters = dict(reflection_axis=reflection_axis, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                          is_square=is_square, name=name)
        with name_scope(name):
            self._reflection_axis = util.convert_nonref_to_tensor(reflection_axis, name="reflection_axis")
            if self._reflection_axis.shape.rank is not None and self._reflection_axis.shape.rank < 1:
                raise ValueError(f"Argument reflection_axis must have at least 1 dimension.  "
                                 f"Found: {self._reflection_axis}")
            if is_self_adjoint is False:
                raise ValueError("A Householder operator is always self adjoint.")
            if is_positive_definite is True:
                raise ValueError("A Householder operator is always non-positive definite.")
            if is_square is False:
                raise ValueError("A Householder operator is always square.")
            super().__init__(dtype=self._reflection_axis.dtype, is_non_singular=is_non_singular,
                             is_self_adjoint=True, is_positive_definite=False, is_square=True,
                             parameters=parameters, name=name)

    @property
    def reflection_axis(self):
        """The vector reflected through."""
        return self._reflection_axis

    @property
    def _experimental_parameter_ndims_to_matrix_ndims(self):
        return {"reflection_axis": 1}

    def _shape(self):
        d_shape = self._reflection_axis.shape
        return d_shape.concatenate(d_shape[-1:])

    def _shape_tensor(self):
        d_shape = array_ops.shape(self._reflection_axis)
        return array_ops.concat([d_shape, d_shape[-1:]], 0)

    def _assert_non_singular(self):
        return control_flow_ops.no_op("assert_non_singular")

    def _assert_positive_definite(self):
        raise errors.InvalidArgumentError(None, None, "Householder operators are always non-positive definite.")

    def _assert_self_adjoint(self):
        return control_flow_ops.no_op("assert_self_adjoint")

    def _linop_adjoint(self):
        return self

    def _linop_inverse(self):
        return self

    def _normalized_axis(self):
        return nn_ops.l2_normalize(convert_to_tensor(self.reflection_axis), axis=-1)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        x = linalg_more_ops.adjoint(x) if adjoint_arg else x
        mat = array_ops.expand_dims(self._normalized_axis(), -1)
        x_dot_normalized_v = math_ops.matmul(mat, x, adjoint_a=True)
        return x - 2 * mat * x_dot_normalized_v

    def _trace(self):
        shape = self.shape_tensor()
        return (math_ops.cast(self._domain_dimension_tensor(shape=shape) - 2, self.dtype)
                * array_ops.ones(shape=self._batch_shape_tensor(shape=shape), dtype=self.dtype))

    def _determinant(self):
        return -array_ops.ones(shape=self.batch_shape_tensor(), dtype=self.dtype)

    def _log_abs_determinant(self):
        return array_ops.zeros(shape=self.batch_shape_tensor(), dtype=self.dtype)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self._matmul(rhs, adjoint, adjoint_arg)

    def _to_dense(self):
        mat = array_ops.expand_dims(self._normalized_axis(), -1)
        matrix = -2 * math_ops.matmul(mat, mat, adjoint_b=True)
        return linalg_more_ops.set_diag(matrix, 1. + linalg_ops.matrix_diag_part(matrix))

    def _diag_part(self):
        normalized_axis = self._normalized_axis()
        return 1. - 2 * normalized_axis * complex_ops.conj(normalized_axis)

    def _eigvals(self):
        result_shape = array_ops.shape(self.reflection_axis)
        n = result_shape[-1]
        ones = array_ops.ones(shape=array_ops.concat([result_shape[:-1], [n - 1]], axis=-1), dtype=self.dtype)
        neg = -array_ops.ones(shape=array_ops.concat([result_shape[:-1], [1]], axis=-1), dtype=self.dtype)
        return array_ops.concat([neg, ones], axis=-1)

    def _cond(self):
        return array_ops.ones(self.batch_shape_tensor(), dtype=self.dtype)
