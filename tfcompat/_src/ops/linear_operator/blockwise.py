"""What ``LinearOperatorBlockDiag`` and ``LinearOperatorBlockLowerTriangular`` share: square diagonal blocks whose
dimensions split the argument, and ``matmul``/``solve`` (and the ``vec`` forms) that also take a list of per-block
tensors, as TF's block operators do."""
from __future__ import annotations

from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.ops import array_ops
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import LinearOperator

__all__ = ["BlockwiseOperatorMixin"]


class BlockwiseOperatorMixin:
    """Mixed into a ``LinearOperator`` subclass (before it in the bases) whose ``_diagonal_blocks()`` lists its
    diagonal blocks; the subclass supplies ``_matmul`` and ``solve`` for a whole or split argument."""

    def _diagonal_blocks(self) -> list:
        raise NotImplementedError

    def _block_range_dimensions(self):
        return [op.range_dimension for op in self._diagonal_blocks()]

    def _block_domain_dimensions(self):
        return [op.domain_dimension for op in self._diagonal_blocks()]

    def _block_range_dimension_tensors(self):
        return [op.range_dimension_tensor() for op in self._diagonal_blocks()]

    def _block_domain_dimension_tensors(self):
        return [op.domain_dimension_tensor() for op in self._diagonal_blocks()]

    def _checked_blocks(self, blocks, block_dimensions, arg_dim):
        blocks = list(blocks)
        for i, block in enumerate(blocks):
            if not isinstance(block, LinearOperator):
                block = convert_to_tensor(block)
                self._check_input_dtype(block)
                util.assert_compatible_dims(block_dimensions[i], util.dim_at(block.shape, arg_dim))
                blocks[i] = block
        return blocks

    def _checked_whole(self, x, op_dimension, arg_dim, name):
        x = convert_to_tensor(x, name=name)
        self._check_input_dtype(x)
        util.assert_compatible_dims(op_dimension, util.dim_at(x.shape, arg_dim))
        return x

    def _matmul_tensor_or_blocks(self, x, adjoint, adjoint_arg, name):
        """``matmul`` of a tensor or a list of per-block tensors (not of a ``LinearOperator``)."""
        with self._name_scope(name):
            arg_dim = -1 if adjoint_arg else -2
            block_dimensions = self._block_range_dimensions() if adjoint else self._block_domain_dimensions()
            if util.arg_is_blockwise(block_dimensions, x, arg_dim):
                x = self._checked_blocks(x, block_dimensions, arg_dim)
            else:
                x = self._checked_whole(x, self.range_dimension if adjoint else self.domain_dimension, arg_dim, "x")
            return self._matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg)

    def matvec(self, x, adjoint=False, name="matvec"):
        """As ``LinearOperator.matvec``; ``x`` may also be a list of per-block vectors."""
        with self._name_scope(name):
            block_dimensions = self._block_range_dimensions() if adjoint else self._block_domain_dimensions()
            if util.arg_is_blockwise(block_dimensions, x, -1):
                x = self._checked_blocks(x, block_dimensions, -1)
                y_mat = self.matmul([array_ops.expand_dims(b, -1) for b in x], adjoint=adjoint)
                return [array_ops.squeeze(y, axis=-1) for y in y_mat]
            x = self._checked_whole(x, self.range_dimension if adjoint else self.domain_dimension, -1, "x")
            return array_ops.squeeze(self.matmul(array_ops.expand_dims(x, -1), adjoint=adjoint), axis=-1)

    def solvevec(self, rhs, adjoint=False, name="solve"):
        """As ``LinearOperator.solvevec``; ``rhs`` may also be a list of per-block vectors."""
        with self._name_scope(name):
            block_dimensions = self._block_domain_dimensions() if adjoint else self._block_range_dimensions()
            if util.arg_is_blockwise(block_dimensions, rhs, -1):
                rhs = self._checked_blocks(rhs, block_dimensions, -1)
                solution = self.solve([array_ops.expand_dims(b, -1) for b in rhs], adjoint=adjoint)
                return [array_ops.squeeze(x, axis=-1) for x in solution]
            rhs = self._checked_whole(rhs, self.domain_dimension if adjoint else self.range_dimension, -1, "rhs")
            return array_ops.squeeze(self.solve(array_ops.expand_dims(rhs, -1), adjoint=adjoint), axis=-1)

    def _concat_vectors(self, vectors):
        mats = util.broadcast_matrix_batch_dims([array_ops.expand_dims(v, -1) for v in vectors])
        return array_ops.squeeze(array_ops.concat(mats, axis=-2), axis=-1)
