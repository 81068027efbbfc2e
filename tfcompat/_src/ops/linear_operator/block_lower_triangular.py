"""``tf.linalg.LinearOperatorBlockLowerTriangular``: a square block lower-triangular operator given row by row
(``operators[i]`` holds the ``i + 1`` blocks of row ``i``; the last one is on the diagonal)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor_shape import dimension_value
from tfcompat._src.ops import array_more_ops, array_ops, control_flow_ops, linalg_more_ops, math_ops
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import LinearOperator
from tfcompat._src.ops.linear_operator.blockwise import BlockwiseOperatorMixin
from tfcompat._src.ops.linear_operator.full_matrix import LinearOperatorFullMatrix
from tfcompat._src.ops.linear_operator.identity import LinearOperatorScaledIdentity
from tfcompat._src.ops.linear_operator.operator_list import checked_iterable

__all__ = ["LinearOperatorBlockLowerTriangular"]


class LinearOperatorBlockLowerTriangular(BlockwiseOperatorMixin, LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorBlockLowerTriangular(operators, ...)``: matmul and solve go block by
    block (forward substitution), determinants come from the diagonal blocks. Differs from TF in ``inverse()``:
    the off-diagonal blocks of the returned block-triangular operator are dense ``LinearOperatorFullMatrix``/
    composition blocks (TF simplifies sums with ``linear_operator_addition``); the represented matrix is the
    same."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name="LinearOperatorBlockLowerTriangular"):
        parameters = dict(operators=operators, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        operators = [list(checked_iterable(row)) for row in checked_iterable(operators)]
        if not operators:
            raise ValueError(f"Argument `operators` must be a list of >=1 operators. Received: {operators}.")
        self._operators = operators
        self._diagonal_operators = [row[-1] for row in operators]
        dtype = operators[0][0].dtype
        self._validate_dtype(dtype)
        is_non_singular = self._validate_non_singular(is_non_singular)
        self._validate_num_operators()
        self._validate_operator_dimensions()
        is_square = self._validate_square(is_square)
        with name_scope(name):
            super().__init__(dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                             is_positive_definite=is_positive_definite, is_square=is_square,
                             parameters=parameters, name=name)

    def _validate_num_operators(self):
        for i, row in enumerate(self.operators):
            if len(row) != i + 1:
                raise ValueError(f"Argument `operators[{i}]` must contain `{i + 1}` blocks. Received: {len(row)} "
                                 f"blocks.")

    def _validate_operator_dimensions(self):
        for i in range(1, len(self.operators)):
            for j in range(i):
                op, above, right = self.operators[i][j], self.operators[i - 1][j], self.operators[i][j + 1]
                d, da = dimension_value(op.domain_dimension), dimension_value(above.domain_dimension)
                if d is not None and da is not None and d != da:
                    raise ValueError(f"Argument `operators[{i}][{j}].domain_dimension` ({d}) must be the same as "
                                     f"`operators[{i - 1}][{j}].domain_dimension` ({da}).")
                r, rr = dimension_value(op.range_dimension), dimension_value(right.range_dimension)
                if r is not None and rr is not None and r != rr:
                    raise ValueError(f"Argument `operators[{i}][{j}].range_dimension` ({r}) must be the same as "
                                     f"`operators[{i}][{j + 1}].range_dimension` ({rr}).")

    def _validate_non_singular(self, is_non_singular):
        if all(op.is_non_singular for op in self._diagonal_operators):
            if is_non_singular is False:
                raise ValueError(f"A blockwise lower-triangular operator with non-singular operators on the main "
                                 f"diagonal is always non-singular. Expected argument `is_non_singular` to be True. "
                                 f"Received: {is_non_singular}.")
            return True
        if any(op.is_non_singular is False for op in self._diagonal_operators):
            if is_non_singular is True:
                raise ValueError(f"A blockwise lower-triangular operator with a singular operator on the main "
                                 f"diagonal is always singular. Expected argument `is_non_singular` to be True. "
                                 f"Received: {is_non_singular}.")
            return False
        return None

    def _validate_square(self, is_square):
        if is_square is False:
            raise ValueError(f"`LinearOperatorBlockLowerTriangular` must be square. Expected argument `is_square` "
                             f"to be True. Received: {is_square}.")
        for i, op in enumerate(self._diagonal_operators):
            if op.is_square is False:
                raise ValueError(f"Matrices on the diagonal (the final elements of each row-partition in the "
                                 f"`operators` list) must be square. Expected argument "
                                 f"`operators[{i}][-1].is_square` to be True. Received: {op.is_square}.")
        return True

    def _validate_dtype(self, dtype):
        for i, row in enumerate(self.operators):
            for operator in row:
                if operator.dtype != dtype:
                    name_type = (str((o.name, o.dtype)) for o in row)
                    raise TypeError(f"Expected all operators to have the same dtype.  Found {name_type} in row {i} "
                                    f"and {dtype} in row 0.")

    @property
    def operators(self) -> list:
        """The blocks, row by row."""
        return self._operators

    def _diagonal_blocks(self):
        return self._diagonal_operators

    def _all_operators(self):
        return [op for row in self.operators for op in row]

    @property
    def _experimental_parameter_ndims_to_matrix_ndims(self):
        return {"operators": [[0] * len(row) for row in self.operators]}

    def _shape(self):
        domain = sum(self._block_domain_dimensions())
        range_ = sum(self._block_range_dimensions())
        batch_shape = util.broadcast_batch_shape(*[op.batch_shape for op in self._all_operators()])
        return batch_shape.concatenate([domain, range_])

    def _shape_tensor(self):
        if self.shape.is_fully_defined():
            return convert_to_tensor(self.shape.as_list(), dtype=dtypes.int32, name="shape")
        matrix_shape = array_ops.stack([sum(self._block_domain_dimension_tensors()),
                                        sum(self._block_range_dimension_tensors())])
        ops = self._all_operators()
        batch_shape = ops[0].batch_shape_tensor()
        for operator in ops[1:]:
            batch_shape = array_more_ops.broadcast_dynamic_shape(batch_shape, operator.batch_shape_tensor())
        return array_ops.concat([batch_shape, matrix_shape], 0)

    def _linop_inverse(self):
        hints = dict(is_non_singular=self.is_non_singular, is_self_adjoint=self.is_self_adjoint,
                     is_positive_definite=self.is_positive_definite, is_square=True)
        if len(self.operators) == 1:
            return LinearOperatorBlockLowerTriangular([[self.operators[0][0].inverse()]], **hints)
        n = len(self.operators)
        upper_left_inverse = LinearOperatorBlockLowerTriangular(self.operators[:-1]).inverse()
        bottom_row = self.operators[-1]
        bottom_right_inverse = bottom_row[-1].inverse()
        inverse_bottom_row = []
        for i in range(n - 1):
            summed = None
            for j in range(i, n - 1):
                dense = bottom_row[j].matmul(upper_left_inverse.operators[j][i]).to_dense()
                summed = dense if summed is None else summed + dense
            block = bottom_right_inverse.matmul(LinearOperatorFullMatrix(summed))
            block = LinearOperatorScaledIdentity(num_rows=bottom_right_inverse.domain_dimension_tensor(),
                                                 multiplier=math_ops.cast(-1, dtype=block.dtype)).matmul(block)
            inverse_bottom_row.append(block)
        inverse_bottom_row.append(bottom_right_inverse)
        return LinearOperatorBlockLowerTriangular(upper_left_inverse.operators + [inverse_bottom_row], **hints)

    def matmul(self, x, adjoint=False, adjoint_arg=False, name="matmul"):
        """As ``LinearOperator.matmul``; ``x`` may also be a list of per-block tensors (a list comes back)."""
        if isinstance(x, LinearOperator):
            return super().matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg, name=name)
        return self._matmul_tensor_or_blocks(x, adjoint, adjoint_arg, name)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        arg_dim = -1 if adjoint_arg else -2
        block_dimensions = self._block_range_dimensions() if adjoint else self._block_domain_dimensions()
        blockwise = util.arg_is_blockwise(block_dimensions, x, arg_dim)
        split_x = x if blockwise else util.split_arg_into_blocks(
            self._block_domain_dimensions(), self._block_domain_dimension_tensors, x, axis=arg_dim)
        results = []
        if adjoint:
            for index in range(len(self.operators)):
                result = self.operators[index][index].matmul(split_x[index], adjoint=adjoint,
                                                              adjoint_arg=adjoint_arg)
                for j in range(index + 1, len(self.operators)):
                    result += self.operators[j][index].matmul(split_x[j], adjoint=adjoint, adjoint_arg=adjoint_arg)
                results.append(result)
        else:
            for row in self.operators:
                result = row[0].matmul(split_x[0], adjoint=adjoint, adjoint_arg=adjoint_arg)
                for j, operator in enumerate(row[1:]):
                    result += operator.matmul(split_x[j + 1], adjoint=adjoint, adjoint_arg=adjoint_arg)
                results.append(result)
        if blockwise:
            return results
        return array_ops.concat(util.broadcast_matrix_batch_dims(results), axis=-2)

    def _determinant(self):
        if all(op.is_positive_definite for op in self._diagonal_operators):
            return math_ops.exp(self._log_abs_determinant())
        result = self._diagonal_operators[0].determinant()
        for op in self._diagonal_operators[1:]:
            result *= op.determinant()
        return result

    def _log_abs_determinant(self):
        result = self._diagonal_operators[0].log_abs_determinant()
        for op in self._diagonal_operators[1:]:
            result += op.log_abs_determinant()
        return result

    def solve(self, rhs, adjoint=False, adjoint_arg=False, name="solve"):
        """As ``LinearOperator.solve``; ``rhs`` may also be a list of per-block tensors (a list comes back)."""
        if isinstance(rhs, LinearOperator):
            return super().solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg, name=name)
        if self.is_non_singular is False:
            raise NotImplementedError("Exact solve not implemented for an operator that is expected to be singular.")
        with self._name_scope(name):
            block_dimensions = self._block_domain_dimensions() if adjoint else self._block_range_dimensions()
            arg_dim = -1 if adjoint_arg else -2
            blockwise = util.arg_is_blockwise(block_dimensions, rhs, arg_dim)
            if blockwise:
                rhs = self._checked_blocks(rhs, block_dimensions, arg_dim)
                split_rhs = [linalg_more_ops.adjoint(y) for y in rhs] if adjoint_arg else rhs
            else:
                rhs = self._checked_whole(rhs, self.domain_dimension if adjoint else self.range_dimension, arg_dim,
                                          "rhs")
                rhs = linalg_more_ops.adjoint(rhs) if adjoint_arg else rhs
                split_rhs = util.split_arg_into_blocks(self._block_domain_dimensions(),
                                                       self._block_domain_dimension_tensors, rhs, axis=-2)
            solutions = []
            n = len(self.operators)
            if adjoint:
                for index in reversed(range(n)):
                    y = split_rhs[index]
                    for j in reversed(range(index + 1, n)):
                        y = y - self.operators[j][index].matmul(solutions[n - 1 - j], adjoint=adjoint)
                    solutions.append(self._diagonal_operators[index].solve(y, adjoint=adjoint))
                solutions.reverse()
            else:
                for row, y in zip(self.operators, split_rhs):
                    for i, operator in enumerate(row[:-1]):
                        y = y - operator.matmul(solutions[i], adjoint=adjoint)
                    solutions.append(row[-1].solve(y, adjoint=adjoint))
            if blockwise:
                return solutions
            return array_ops.concat(util.broadcast_matrix_batch_dims(solutions), axis=-2)

    def _diag_part(self):
        return self._concat_vectors([op.diag_part() for op in self._diagonal_operators])

    def _trace(self):
        result = self._diagonal_operators[0].trace()
        for op in self._diagonal_operators[1:]:
            result += op.trace()
        return result

    def _to_dense(self):
        flat = util.broadcast_matrix_batch_dims([op.to_dense() for op in self._all_operators()])
        rows = [flat[i * (i + 1) // 2:(i + 1) * (i + 2) // 2] for i in range(len(self.operators))]
        domain = self.domain_dimension_tensor()
        num_cols = 0
        dense_rows = []
        for row_blocks in rows:
            batch_row_shape = array_ops.shape(row_blocks[0])[:-1]
            num_cols += array_ops.shape(row_blocks[-1])[-1]
            after = array_ops.zeros(shape=array_ops.concat([batch_row_shape, [domain - num_cols]], axis=-1),
                                    dtype=self.dtype)
            dense_rows.append(array_ops.concat(list(row_blocks) + [after], axis=-1))
        mat = array_ops.concat(dense_rows, axis=-2)
        mat.set_shape(self.shape)
        return mat

    def _assert_non_singular(self):
        return control_flow_ops.group(*[op.assert_non_singular() for op in self._diagonal_operators])

    def _eigvals(self):
        return self._concat_vectors([op.eigvals() for op in self._diagonal_operators])
