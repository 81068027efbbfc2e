"""``tf.linalg.LinearOperatorToeplitz``: a [batch] square Toeplitz matrix given by its first column and row."""
from __future__ import annotations

from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_manip_ops, array_more_ops, array_ops, debugging_ops, math_ops
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import LinearOperator

__all__ = ["LinearOperatorToeplitz"]


class LinearOperatorToeplitz(LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorToeplitz(col, row, ...)`` (``row[0]`` is ignored; the diagonal is
    ``col[0]``). Differs from TF in how matmul is computed: TF embeds the matrix in a circulant and uses FFTs,
    tfcompat multiplies by the dense matrix, so results agree to float rounding (tfcompat's are exact products)."""

    def __init__(self, col, row, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name="LinearOperatorToeplitz"):
        parameters = dict(col=col, row=row, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        with name_scope(name):
            self._row = util.convert_nonref_to_tensor(row, name="row")
            self._col = util.convert_nonref_to_tensor(col, name="col")
            for arg_name, tensor in (("row", self._row), ("col", self._col)):
                if tensor.shape.rank is not None and tensor.shape.rank < 1:
                    raise ValueError(f"Argument {arg_name} must have at least 1 dimension.  Found: {tensor}")
            n_row, n_col = util.dim_at(self._row.shape, -1), util.dim_at(self._col.shape, -1)
            if n_row is not None and n_col is not None and n_row != n_col:
                raise ValueError("Expected square matrix, got row and col with mismatched dimensions.")
            if is_square is False:
                raise ValueError("Only square Toeplitz operators currently supported.")
            super().__init__(dtype=self._row.dtype, is_non_singular=is_non_singular,
                             is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                             is_square=True, parameters=parameters, name=name)

    @property
    def col(self):
        """The first column."""
        return self._col

    @property
    def row(self):
        """The first row."""
        return self._row

    @property
    def _experimental_parameter_ndims_to_matrix_ndims(self):
        return {"col": 1, "row": 1}

    def _shape(self):
        v_shape = array_more_ops.broadcast_static_shape(self.row.shape, self.col.shape)
        return v_shape.concatenate(v_shape[-1:])

    def _shape_tensor(self):
        v_shape = array_more_ops.broadcast_dynamic_shape(array_ops.shape(self.row), array_ops.shape(self.col))
        return array_ops.concat([v_shape, v_shape[-1:]], 0)

    def _assert_self_adjoint(self):
        return debugging_ops.assert_equal(self.row, self.col,
                                          message="row and col are not the same, and so this operator is not "
                                                  "self-adjoint.")

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return math_ops.matmul(self.to_dense(), x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _trace(self):
        return math_ops.cast(self.domain_dimension_tensor(), dtype=self.dtype) * self.col[..., 0]

    def _diag_part(self):
        diag_entry = self.col[..., 0:1]
        return diag_entry * array_ops.ones([self.domain_dimension_tensor()], self.dtype)

    def _to_dense(self):
        row = convert_to_tensor(self.row)
        col = convert_to_tensor(self.col)
        static = array_more_ops.broadcast_static_shape(row.shape, col.shape)
        if static.is_fully_defined():   # static sizes keep static shapes in graph mode
            total_shape, n = static.as_list(), static.as_list()[-1]
        else:
            total_shape = array_more_ops.broadcast_dynamic_shape(array_ops.shape(row), array_ops.shape(col))
            n = array_ops.shape(row)[-1]
        row = array_manip_ops.broadcast_to(row, total_shape)
        col = array_manip_ops.broadcast_to(col, total_shape)
        elements = array_ops.concat([array_manip_ops.reverse(col, axis=[-1]), row[..., 1:]], axis=-1)
        indices = math_ops.floormod(
            array_ops.range(0, n) + array_ops.expand_dims(array_ops.range(n - 1, -1, -1), -1), 2 * n - 1)
        dense = array_ops.gather(elements, indices, axis=-1)
        dense.set_shape(self.shape)
        return dense
