"""``tf.linalg.LinearOperatorZeros``: the (optionally batched, optionally non-square) zero matrix."""
from __future__ import annotations

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor_shape import TensorShape, dimension_value
from tfcompat._src.ops import array_ops, control_flow_ops, reduction_ops
from tfcompat._src.ops.linear_operator import shape_args
from tfcompat._src.ops.linear_operator.base import LinearOperator

__all__ = ["LinearOperatorZeros"]


class LinearOperatorZeros(LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorZeros(num_rows, num_columns=None, batch_shape=None, dtype=None, ...)``:
    a non-square zero operator needs ``is_square=False`` (and ``is_self_adjoint=False``), as in TF."""

    _is_zeros = True

    def __init__(self, num_rows, num_columns=None, batch_shape=None, dtype=None, is_non_singular=False,
                 is_self_adjoint=True, is_positive_definite=False, is_square=True, assert_proper_shapes=False,
                 name="LinearOperatorZeros"):
        parameters = dict(num_rows=num_rows, num_columns=num_columns, batch_shape=batch_shape, dtype=dtype,
                          is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square,
                          assert_proper_shapes=assert_proper_shapes, name=name)
        dtype = dtypes.as_dtype(dtype or dtypes.float32)
        self._assert_proper_shapes = assert_proper_shapes
        with name_scope(name):
            if not is_self_adjoint and is_square:
                raise ValueError("A zero operator is always self adjoint.")
            if is_non_singular:
                raise ValueError("A zero operator is always singular.")
            if is_positive_definite:
                raise ValueError("A zero operator is always not positive-definite.")
            super().__init__(dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                             is_positive_definite=is_positive_definite, is_square=is_square,
                             parameters=parameters, name=name)
            self._num_rows, self._num_rows_static = shape_args.dim_arg(num_rows, "num_rows", assert_proper_shapes)
            if num_columns is None:
                num_columns = num_rows
            self._num_columns, self._num_columns_static = shape_args.dim_arg(num_columns, "num_columns",
                                                                             assert_proper_shapes)
            if self._num_rows_static is not None and self._num_columns_static is not None:
                if is_square and self._num_rows_static != self._num_columns_static:
                    raise ValueError(f"LinearOperatorZeros initialized as is_square=True, but got "
                                     f"num_rows({self._num_rows_static}) != "
                                     f"num_columns({self._num_columns_static})")
            self._batch_shape_arg, self._batch_shape_static = shape_args.batch_shape_arg(batch_shape,
                                                                                        assert_proper_shapes)

    def _shape(self):
        rows = None if self._num_rows_static is None else int(self._num_rows_static)
        cols = None if self._num_columns_static is None else int(self._num_columns_static)
        matrix_shape = TensorShape([rows, cols])
        if self._batch_shape_arg is None:
            return matrix_shape
        return shape_args.static_batch_shape(self._batch_shape_static).concatenate(matrix_shape)

    def _shape_tensor(self):
        matrix_shape = array_ops.stack([self._num_rows, self._num_columns], axis=0)
        if self._batch_shape_arg is None:
            return matrix_shape
        return array_ops.concat([self._batch_shape_arg, matrix_shape], 0)

    def _assert_non_singular(self):
        raise errors.InvalidArgumentError(None, None, "Zero operators are always non-invertible.")

    def _assert_positive_definite(self):
        raise errors.InvalidArgumentError(None, None, "Zero operators are always non-positive definite.")

    def _assert_self_adjoint(self):
        return control_flow_ops.no_op("assert_self_adjoint")

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        x_shape = array_ops.shape(x)
        if self.is_square:
            if adjoint_arg:
                output_shape = array_ops.concat([x_shape[:-2], [x_shape[-1], x_shape[-2]]], axis=0)
            else:
                output_shape = x_shape
            return shape_args.possibly_broadcast_to_batch(self, array_ops.zeros(shape=output_shape, dtype=x.dtype))
        n = self._num_columns if adjoint else self._num_rows
        m = x_shape[-2] if adjoint_arg else x_shape[-1]
        output_shape = array_ops.concat([x_shape[:-2], [n, m]], axis=0)
        return shape_args.possibly_broadcast_to_batch(self, array_ops.zeros(shape=output_shape, dtype=x.dtype))

    def _linop_matmul(self, left_operator, right_operator):
        if not left_operator.is_square or not right_operator.is_square:
            raise ValueError("Matmul with non-square `LinearOperator`s or non-square `LinearOperatorZeros` not "
                             "supported at this time.")
        return left_operator

    def _batch_zeros(self):
        shape = self.batch_shape.as_list() if self.batch_shape.is_fully_defined() else self.batch_shape_tensor()
        return array_ops.zeros(shape=shape, dtype=self.dtype)

    def _determinant(self):
        return self._batch_zeros()

    def _trace(self):
        return self._batch_zeros()

    def _diag_part(self):
        return self._zeros_diag()

    def add_to_tensor(self, mat, name="add_to_tensor"):
        """``0 + mat``: ``mat`` broadcast to the batch shape."""
        return shape_args.possibly_broadcast_to_batch(self, mat)

    def _min_matrix_dim(self):
        d, r = dimension_value(self.domain_dimension), dimension_value(self.range_dimension)
        return None if d is None or r is None else min(d, r)

    def _zeros_diag(self):
        if self.shape.is_fully_defined():
            d_shape = self.batch_shape.as_list() + [self._min_matrix_dim()]
        else:
            d_shape = array_ops.concat([self.batch_shape_tensor(),
                                        [reduction_ops.reduce_min(self.shape_tensor()[-2:])]], axis=0)
        return array_ops.zeros(shape=d_shape, dtype=self.dtype)

    def _eigvals(self):
        return self._zeros_diag()

    def __getitem__(self, slices):
        new_batch_shape = array_ops.shape(array_ops.ones(self._batch_shape_arg)[slices])
        return LinearOperatorZeros(**dict(self.parameters, batch_shape=new_batch_shape))
