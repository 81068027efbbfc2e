"""``tf.linalg.LinearOperatorIdentity`` and ``tf.linalg.LinearOperatorScaledIdentity``."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor_shape import TensorShape, dimension_value
from tfcompat._src.ops import array_ops, complex_ops, control_flow_ops
from tfcompat._src.ops import debugging_ops, linalg_more_ops, linalg_ops, math_ops, reduction_ops
from tfcompat._src.ops.linear_operator import shape_args, util
from tfcompat._src.ops.linear_operator.base import LinearOperator
from tfcompat._src.ops.linear_operator.diag import LinearOperatorDiag

__all__ = ["LinearOperatorIdentity", "LinearOperatorScaledIdentity"]


class _BaseIdentity(LinearOperator):
    """Shared by the two identity operators: ``num_rows`` checks and the ones-diagonal."""

    def _init_num_rows(self, num_rows, assert_proper_shapes):
        self._assert_proper_shapes = assert_proper_shapes
        self._num_rows, self._num_rows_static = shape_args.dim_arg(num_rows, "num_rows", assert_proper_shapes)

    def _matrix_shape(self):
        n = None if self._num_rows_static is None else int(self._num_rows_static)
        return TensorShape([n, n])

    def _min_matrix_dim(self):
        d, r = dimension_value(self.domain_dimension), dimension_value(self.range_dimension)
        return None if d is None or r is None else min(d, r)

    def _min_matrix_dim_tensor(self):
        return reduction_ops.reduce_min(self.shape_tensor()[-2:])

    def _ones_diag(self):
        if self.shape.is_fully_defined():
            d_shape = self.batch_shape.as_list() + [self._min_matrix_dim()]
        else:
            d_shape = array_ops.concat([self.batch_shape_tensor(), [self._min_matrix_dim_tensor()]], axis=0)
        return array_ops.ones(shape=d_shape, dtype=self.dtype)

    def _batch_of_ones(self):
        shape = self.batch_shape.as_list() if self.batch_shape.is_fully_defined() else self.batch_shape_tensor()
        return array_ops.ones(shape=shape, dtype=self.dtype)

    def _min_dim_as_dtype(self):
        if self._min_matrix_dim() is not None:
            return self._min_matrix_dim()
        return math_ops.cast(self._min_matrix_dim_tensor(), self.dtype)


class LinearOperatorIdentity(_BaseIdentity):
    """Mirrors ``tf.linalg.LinearOperatorIdentity(num_rows, batch_shape=None, dtype=None, ...)``: an identity
    (optionally batched) never materialised; ``matmul`` returns its argument (broadcast to the batch shape)."""

    _is_identity = True

    def __init__(self, num_rows, batch_shape=None, dtype=None, is_non_singular=True, is_self_adjoint=True,
                 is_positive_definite=True, is_square=True, assert_proper_shapes=False,
                 name="LinearOperatorIdentity"):
        parameters = dict(num_rows=num_rows, batch_shape=batch_shape, dtype=dtype, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                          is_square=is_square, assert_proper_shapes=assert_proper_shapes, name=name)
        dtype = dtypes.as_dtype(dtype or dtypes.float32)
        with name_scope(name):
            if not is_self_adjoint:
                raise ValueError("An identity operator is always self adjoint.")
            if not is_non_singular:
                raise ValueError("An identity operator is always non-singular.")
            if not is_positive_definite:
                raise ValueError("An identity operator is always positive-definite.")
            if not is_square:
                raise ValueError("An identity operator is always square.")
            super().__init__(dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                             is_positive_definite=is_positive_definite, is_square=is_square,
                             parameters=parameters, name=name)
            self._init_num_rows(num_rows, assert_proper_shapes)
            self._batch_shape_arg, self._batch_shape_static = shape_args.batch_shape_arg(batch_shape,
                                                                                        assert_proper_shapes)

    def _shape(self):
        if self._batch_shape_arg is None:
            return self._matrix_shape()
        return shape_args.static_batch_shape(self._batch_shape_static).concatenate(self._matrix_shape())

    def _shape_tensor(self):
        matrix_shape = array_ops.stack([self._num_rows, self._num_rows], axis=0)
        if self._batch_shape_arg is None:
            return matrix_shape
        return array_ops.concat([self._batch_shape_arg, matrix_shape], 0)

    def _linop_adjoint(self):
        return self

    def _linop_cholesky(self):
        return LinearOperatorIdentity(num_rows=self._num_rows, batch_shape=self.batch_shape, dtype=self.dtype,
                                      is_non_singular=True, is_self_adjoint=True, is_positive_definite=True,
                                      is_square=True)

    def _linop_inverse(self):
        return self

    def _linop_matmul(self, left_operator, right_operator):
        return right_operator

    def _linop_solve(self, left_operator, right_operator):
        return right_operator

    def _assert_non_singular(self):
        return control_flow_ops.no_op("assert_non_singular")

    def _assert_positive_definite(self):
        return control_flow_ops.no_op("assert_positive_definite")

    def _assert_self_adjoint(self):
        return control_flow_ops.no_op("assert_self_adjoint")

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        x = linalg_more_ops.adjoint(x) if adjoint_arg else x
        return shape_args.possibly_broadcast_to_batch(self, x)

    def _determinant(self):
        return array_ops.ones(shape=self.batch_shape_tensor(), dtype=self.dtype)

    def _log_abs_determinant(self):
        return array_ops.zeros(shape=self.batch_shape_tensor(), dtype=self.dtype)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self._matmul(rhs, adjoint_arg=adjoint_arg)

    def _trace(self):
        return self._min_dim_as_dtype() * self._batch_of_ones()

    def _diag_part(self):
        return self._ones_diag()

    def add_to_tensor(self, mat, name="add_to_tensor"):
        """``I + mat``: adds one to the diagonal of ``mat``."""
        with self._name_scope(name):
            mat = convert_to_tensor(mat, name="mat")
            return linalg_more_ops.set_diag(mat, 1 + linalg_ops.matrix_diag_part(mat))

    def _eigvals(self):
        return self._ones_diag()

    def _cond(self):
        return array_ops.ones(self.batch_shape_tensor(), dtype=self.dtype)

    def __getitem__(self, slices):
        new_batch_shape = array_ops.shape(array_ops.ones(self._batch_shape_arg)[slices])
        return LinearOperatorIdentity(**dict(self.parameters, batch_shape=new_batch_shape))


class LinearOperatorScaledIdentity(_BaseIdentity):
    """Mirrors ``tf.linalg.LinearOperatorScaledIdentity(num_rows, multiplier, ...)``: ``multiplier * I``; the
    batch shape is ``multiplier``'s shape."""

    _is_scaled_identity = True

    def __init__(self, num_rows, multiplier, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=True, assert_proper_shapes=False, name="LinearOperatorScaledIdentity"):
        parameters = dict(num_rows=num_rows, multiplier=multiplier, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                          is_square=is_square, assert_proper_shapes=assert_proper_shapes, name=name)
        with name_scope(name):
            self._multiplier = util.convert_nonref_to_tensor(multiplier, name="multiplier")
            if not self._multiplier.dtype.is_complex:
                if is_self_adjoint is False:
                    raise ValueError("A real diagonal operator is always self adjoint.")
                is_self_adjoint = True
            if not is_square:
                raise ValueError("A ScaledIdentity operator is always square.")
            super().__init__(dtype=self._multiplier.dtype.base_dtype, is_non_singular=is_non_singular,
                             is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                             is_square=is_square, parameters=parameters, name=name)
            self._init_num_rows(num_rows, assert_proper_shapes)
            self._num_rows_cast_to_dtype = math_ops.cast(self._num_rows, self.dtype)
            self._num_rows_cast_to_real_dtype = math_ops.cast(self._num_rows, self.dtype.real_dtype)

    @property
    def multiplier(self):
        """The scalar (or [batch] of scalars) multiplying the identity."""
        return self._multiplier

    @property
    def _experimental_parameter_ndims_to_matrix_ndims(self):
        return {"multiplier": 0}

    def _shape(self):
        return self.multiplier.shape.concatenate(self._matrix_shape())

    def _shape_tensor(self):
        matrix_shape = array_ops.stack([self._num_rows, self._num_rows], axis=0)
        return array_ops.concat([array_ops.shape(self.multiplier), matrix_shape], 0)

    def _assert_non_singular(self):
        return debugging_ops.assert_positive(math_ops.abs(self.multiplier), message="LinearOperator was singular")

    def _assert_positive_definite(self):
        return debugging_ops.assert_positive(complex_ops.real(self.multiplier),
                                             message="LinearOperator was not positive definite.")

    def _assert_self_adjoint(self):
        imag_multiplier = complex_ops.imag(self.multiplier)
        return debugging_ops.assert_equal(array_ops.zeros_like(imag_multiplier), imag_multiplier,
                                          message="LinearOperator was not self-adjoint")

    def _make_multiplier_matrix(self, conjugate=False):
        matrix = array_ops.expand_dims(array_ops.expand_dims(self.multiplier, -1), -1)
        return complex_ops.conj(matrix) if conjugate else matrix

    def _linop_adjoint(self):
        multiplier = complex_ops.conj(self.multiplier) if self.multiplier.dtype.is_complex else self.multiplier
        return LinearOperatorScaledIdentity(num_rows=self._num_rows, multiplier=multiplier,
                                            is_non_singular=self.is_non_singular,
                                            is_self_adjoint=self.is_self_adjoint,
                                            is_positive_definite=self.is_positive_definite, is_square=True)

    def _linop_cholesky(self):
        return LinearOperatorScaledIdentity(num_rows=self._num_rows, multiplier=math_ops.sqrt(self.multiplier),
                                            is_non_singular=True, is_self_adjoint=True, is_positive_definite=True,
                                            is_square=True)

    def _linop_inverse(self):
        return LinearOperatorScaledIdentity(num_rows=self._num_rows, multiplier=1. / self.multiplier,
                                            is_non_singular=self.is_non_singular, is_self_adjoint=True,
                                            is_positive_definite=self.is_positive_definite, is_square=True)

    @staticmethod
    def _commuting_hints(left, right):
        return dict(is_non_singular=util.combined_non_singular_hint(left, right),
                    is_self_adjoint=util.combined_commuting_self_adjoint_hint(left, right),
                    is_positive_definite=util.combined_commuting_positive_definite_hint(left, right),
                    is_square=True)

    def _linop_matmul(self, left_operator, right_operator):
        hints = self._commuting_hints(left_operator, right_operator)
        if isinstance(right_operator, LinearOperatorScaledIdentity):
            return LinearOperatorScaledIdentity(num_rows=left_operator.domain_dimension_tensor(),
                                                multiplier=left_operator.multiplier * right_operator.multiplier,
                                                **hints)
        if isinstance(right_operator, LinearOperatorDiag):
            return LinearOperatorDiag(diag=right_operator.diag * left_operator.multiplier, **hints)
        return super()._linop_matmul(left_operator, right_operator)

    def _linop_solve(self, left_operator, right_operator):
        hints = self._commuting_hints(left_operator, right_operator)
        if isinstance(right_operator, LinearOperatorScaledIdentity):
            return LinearOperatorScaledIdentity(num_rows=left_operator.domain_dimension_tensor(),
                                                multiplier=right_operator.multiplier / left_operator.multiplier,
                                                **hints)
        if isinstance(right_operator, LinearOperatorDiag):
            return LinearOperatorDiag(diag=right_operator.diag / left_operator.multiplier, **hints)
        return super()._linop_solve(left_operator, right_operator)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        x = linalg_more_ops.adjoint(x) if adjoint_arg else x
        return x * self._make_multiplier_matrix(conjugate=adjoint)

    def _determinant(self):
        return self.multiplier ** self._num_rows_cast_to_dtype

    def _log_abs_determinant(self):
        return self._num_rows_cast_to_real_dtype * math_ops.log(math_ops.abs(self.multiplier))

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        rhs = linalg_more_ops.adjoint(rhs) if adjoint_arg else rhs
        return rhs / self._make_multiplier_matrix(conjugate=adjoint)

    def _trace(self):
        return self.multiplier * self._min_dim_as_dtype() * self._batch_of_ones()

    def _diag_part(self):
        return self._ones_diag() * array_ops.expand_dims(self.multiplier, -1)

    def add_to_tensor(self, mat, name="add_to_tensor"):
        """``multiplier * I + mat``."""
        with self._name_scope(name):
            multiplier_vector = array_ops.expand_dims(self.multiplier, -1)
            mat = convert_to_tensor(mat, name="mat")
            return linalg_more_ops.set_diag(mat, multiplier_vector + linalg_ops.matrix_diag_part(mat))

    def _eigvals(self):
        return self._ones_diag() * array_ops.expand_dims(self.multiplier, -1)

    def _cond(self):
        return array_ops.where(math_ops.equal(self._multiplier, 0.), math_ops.cast(np.nan, dtype=self.dtype),
                               math_ops.cast(1., dtype=self.dtype))
