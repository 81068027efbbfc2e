"""``tf.linalg.LinearOperatorBlockDiag``: the direct sum ``diag(A1, ..., AJ)`` of operators."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor_shape import dimension_value
from tfcompat._src.ops import array_ops, control_flow_ops
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import LinearOperator
from tfcompat._src.ops.linear_operator.blockwise import BlockwiseOperatorMixin
from tfcompat._src.ops.linear_operator.operator_list import (
    OperatorListMixin, checked_operator_list, hint_implied_by_all, same_dtype,
)

__all__ = ["LinearOperatorBlockDiag"]


def _check_operators_agree(right, left, message):
    r, d = dimension_value(right.range_dimension), dimension_value(left.domain_dimension)
    if r is not None and d is not None and r != d:
        raise ValueError(message)


class LinearOperatorBlockDiag(BlockwiseOperatorMixin, OperatorListMixin, LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorBlockDiag(operators, ...)``. ``matmul``/``solve`` (and the ``vec``
    forms) also take a list of per-block tensors and then return a list, as TF's."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=True, name=None):
        parameters = dict(operators=operators, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        operators = checked_operator_list(operators, "Expected a non-empty list of operators. Found: {operators}")
        self._operators = operators
        dtype = same_dtype(operators)
        is_non_singular = hint_implied_by_all(operators, "is_non_singular", is_non_singular,
                                              "The direct sum of non-singular operators is always non-singular.")
        is_self_adjoint = hint_implied_by_all(operators, "is_self_adjoint", is_self_adjoint,
                                              "The direct sum of self-adjoint operators is always self-adjoint.")
        is_positive_definite = hint_implied_by_all(
            operators, "is_positive_definite", is_positive_definite,
            "The direct sum of positive definite operators is always positive definite.")
        self._init_from_operators(dtype, "_ds_", name, parameters, is_non_singular=is_non_singular,
                                  is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                                  is_square=is_square)

    def _diagonal_blocks(self):
        return self.operators

    def _shape(self):
        domain = sum(self._block_domain_dimensions())
        range_ = sum(self._block_range_dimensions())
        batch_shape = util.broadcast_batch_shape(*[op.batch_shape for op in self.operators])
        return batch_shape.concatenate([range_, domain])

    def _shape_tensor(self):
        if self.shape.is_fully_defined():
            return convert_to_tensor(self.shape.as_list(), dtype=dtypes.int32, name="shape")
        matrix_shape = array_ops.stack([sum(self._block_range_dimension_tensors()),
                                        sum(self._block_domain_dimension_tensors())])
        return array_ops.concat([self._broadcast_batch_shape_tensor(), matrix_shape], 0)

    def _linop_adjoint(self):
        return self._operatorwise(LinearOperatorBlockDiag, "adjoint")

    def _linop_cholesky(self):
        return self._operatorwise_cholesky(LinearOperatorBlockDiag)

    def _linop_inverse(self):
        return self._operatorwise(LinearOperatorBlockDiag, "inverse")

    def _linop_matmul(self, left_operator, right_operator):
        if isinstance(right_operator, LinearOperatorBlockDiag):
            return LinearOperatorBlockDiag(
                operators=[o1.matmul(o2) for o1, o2 in zip(left_operator.operators, right_operator.operators)],
                is_non_singular=util.combined_non_singular_hint(left_operator, right_operator),
                is_self_adjoint=None, is_positive_definite=None, is_square=True)
        return super()._linop_matmul(left_operator, right_operator)

    def _linop_solve(self, left_operator, right_operator):
        if isinstance(right_operator, LinearOperatorBlockDiag):
            return LinearOperatorBlockDiag(
                operators=[o1.solve(o2) for o1, o2 in zip(left_operator.operators, right_operator.operators)],
                is_non_singular=util.combined_non_singular_hint(left_operator, right_operator),
                is_self_adjoint=None, is_positive_definite=None, is_square=True)
        return super()._linop_solve(left_operator, right_operator)

    def _operator_pair(self, x, adjoint, adjoint_arg, verb, many_blocks_message):
        left = self.adjoint() if adjoint else self
        right = x.adjoint() if adjoint_arg else x
        _check_operators_agree(right, left, f"Operators are incompatible. Expected `x` to have dimension "
                                            f"{left.domain_dimension} but got {right.range_dimension}.")
        if isinstance(right if verb == "solve" else x, LinearOperatorBlockDiag):
            if len(left.operators) != len(right.operators):
                raise ValueError(many_blocks_message)
            for o1, o2 in zip(left.operators, right.operators):
                _check_operators_agree(o2, o1, f"Blocks are incompatible. Expected `x` to have dimension "
                                               f"{o1.domain_dimension} but got {o2.range_dimension}.")
        return left, right

    def matmul(self, x, adjoint=False, adjoint_arg=False, name="matmul"):
        """As ``LinearOperator.matmul``; ``x`` may also be a list of per-block tensors (a list comes back)."""
        if isinstance(x, LinearOperator):
            left, right = self._operator_pair(x, adjoint, adjoint_arg, "matmul",
                                              "Can not efficiently multiply two `LinearOperatorBlockDiag`s "
                                              "together when number of blocks differ.")
            with self._name_scope(name):
                return self._linop_matmul(left, right)
        return self._matmul_tensor_or_blocks(x, adjoint, adjoint_arg, name)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        arg_dim = -1 if adjoint_arg else -2
        block_dimensions = self._block_range_dimensions() if adjoint else self._block_domain_dimensions()
        dims_fn = self._block_range_dimension_tensors if adjoint else self._block_domain_dimension_tensors
        blockwise = util.arg_is_blockwise(block_dimensions, x, arg_dim)
        split_x = x if blockwise else util.split_arg_into_blocks(block_dimensions, dims_fn, x, axis=arg_dim)
        results = [op.matmul(split_x[i], adjoint=adjoint, adjoint_arg=adjoint_arg)
                   for i, op in enumerate(self.operators)]
        if blockwise:
            return results
        return array_ops.concat(util.broadcast_matrix_batch_dims(results), axis=-2)

    def _determinant(self):
        return self._product_over_operators("determinant")

    def _log_abs_determinant(self):
        return self._sum_over_operators("log_abs_determinant")

    def solve(self, rhs, adjoint=False, adjoint_arg=False, name="solve"):
        """As ``LinearOperator.solve``; ``rhs`` may also be a list of per-block tensors (a list comes back)."""
        self._check_exact_solve_possible()
        if isinstance(rhs, LinearOperator):
            left, right = self._operator_pair(rhs, adjoint, adjoint_arg, "solve",
                                              "Can not efficiently solve `LinearOperatorBlockDiag` when number of "
                                              "blocks differ.")
            with self._name_scope(name):
                return self._linop_solve(left, right)
        with self._name_scope(name):
            block_dimensions = self._block_domain_dimensions() if adjoint else self._block_range_dimensions()
            arg_dim = -1 if adjoint_arg else -2
            blockwise = util.arg_is_blockwise(block_dimensions, rhs, arg_dim)
            if blockwise:
                split_rhs = self._checked_blocks(rhs, block_dimensions, arg_dim)
            else:
                rhs = self._checked_whole(rhs, self.domain_dimension if adjoint else self.range_dimension, arg_dim,
                                          "rhs")
                split_rhs = util.split_arg_into_blocks(self._block_domain_dimensions(),
                                                       self._block_domain_dimension_tensors, rhs, axis=arg_dim)
            solutions = [op.solve(split_rhs[i], adjoint=adjoint, adjoint_arg=adjoint_arg)
                         for i, op in enumerate(self.operators)]
            if blockwise:
                return solutions
            return array_ops.concat(util.broadcast_matrix_batch_dims(solutions), axis=-2)

    def _require_square_blocks(self, what):
        if not all(operator.is_square for operator in self.operators):
            raise NotImplementedError(f"`{what}` not implemented for an operator whose blocks are not square.")

    def _diag_part(self):
        self._require_square_blocks("diag_part")
        return self._concat_vectors([op.diag_part() for op in self.operators])

    def _trace(self):
        self._require_square_blocks("trace")
        return self._sum_over_operators("trace")

    def _to_dense(self):
        blocks = util.broadcast_matrix_batch_dims([op.to_dense() for op in self.operators])
        domain = self.domain_dimension_tensor()
        num_cols = 0
        rows = []
        for block in blocks:
            batch_row_shape = array_ops.shape(block)[:-1]
            before = array_ops.zeros(shape=array_ops.concat([batch_row_shape, [num_cols]], axis=-1),
                                     dtype=block.dtype)
            num_cols += array_ops.shape(block)[-1]
            after = array_ops.zeros(shape=array_ops.concat([batch_row_shape, [domain - num_cols]], axis=-1),
                                    dtype=block.dtype)
            rows.append(array_ops.concat([before, block, after], axis=-1))
        mat = array_ops.concat(rows, axis=-2)
        mat.set_shape(self.shape)
        return mat

    def _assert_non_singular(self):
        return control_flow_ops.group(*[op.assert_non_singular() for op in self.operators])

    def _assert_self_adjoint(self):
        return control_flow_ops.group(*[op.assert_self_adjoint() for op in self.operators])

    def _assert_positive_definite(self):
        return control_flow_ops.group(*[op.assert_positive_definite() for op in self.operators])

    def _eigvals(self):
        self._require_square_blocks("eigvals")
        return self._concat_vectors([op.eigvals() for op in self.operators])
