"""``tf.linalg.LinearOperatorPermutation``: a [batch] permutation matrix given by its index vector."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import constant_value, convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_manip_ops, array_more_ops, array_ops, control_flow_ops, linalg_more_ops
from tfcompat._src.ops import math_ops, sort_ops
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import LinearOperator

__all__ = ["LinearOperatorPermutation"]


class LinearOperatorPermutation(LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorPermutation(perm, dtype=tf.float32, ...)``: row ``i`` of the matrix is
    the unit vector ``e_{perm[i]}``; matmul gathers rows."""

    def __init__(self, perm, dtype=dtypes.float32, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorPermutation"):
        parameters = dict(perm=perm, dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        with name_scope(name):
            self._perm = util.convert_nonref_to_tensor(perm, name="perm")
            self._check_perm(self._perm)
            if is_non_singular is False:
                raise ValueError(f"A Permutation operator is always non-singular. Expected argument "
                                 f"`is_non_singular` to be True. Received: {is_non_singular}.")
            if is_square is False:
                raise ValueError(f"A Permutation operator is always square. Expected argument `is_square` to be "
                                 f"True. Received: {is_square}.")
            super().__init__(dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                             is_positive_definite=is_positive_definite, is_square=True, parameters=parameters,
                             name=name)

    @staticmethod
    def _check_perm(perm):
        if perm.shape.rank is not None and perm.shape.rank < 1:
            raise ValueError(f"Argument `perm` must have at least 1 dimension. Received: {perm}.")
        if not perm.dtype.is_integer:
            raise TypeError(f"Argument `perm` must be integer dtype. Received: {perm}.")
        static_perm = constant_value(perm)
        if static_perm is not None:
            static_perm = np.asarray(static_perm)
            if np.any(np.sort(static_perm, axis=-1) != np.arange(0, static_perm.shape[-1])):
                raise ValueError(f"Argument `perm` must be a vector of unique integers from 0 to "
                                 f"{static_perm.shape[-1] - 1}.")

    @property
    def perm(self):
        """The permutation vector."""
        return self._perm

    @property
    def _experimental_parameter_ndims_to_matrix_ndims(self):
        return {"perm": 1}

    def _shape(self):
        perm_shape = self._perm.shape
        return perm_shape.concatenate(perm_shape[-1:])

    def _shape_tensor(self):
        perm_shape = array_ops.shape(self._perm)
        return array_ops.concat([perm_shape, perm_shape[-1:]], 0)

    def _assert_non_singular(self):
        return control_flow_ops.no_op("assert_non_singular")

    def _domain_dimension_tensor(self, perm=None):
        perm = perm if perm is not None else self.perm
        return array_ops.shape(perm)[-1]

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        perm = convert_to_tensor(self.perm)
        if adjoint and not self.is_self_adjoint:
            perm = sort_ops.argsort(perm, axis=-1)
        x = linalg_more_ops.adjoint(x) if adjoint_arg else x
        broadcast_shape = array_more_ops.broadcast_dynamic_shape(array_ops.shape(x)[:-1], array_ops.shape(perm))
        k = array_ops.shape(x)[-1]
        broadcast_x_shape = array_ops.concat([broadcast_shape, [k]], axis=-1)
        x = array_manip_ops.broadcast_to(x, broadcast_x_shape)
        perm = array_manip_ops.broadcast_to(perm, broadcast_shape)
        m = array_ops.shape(x)[-2]
        # Row gather per batch member, as one flat gather: member b's rows start at b * m.
        rows = array_ops.reshape(x, array_ops.stack([-1, k]))
        perm = array_ops.reshape(perm, array_ops.stack([-1, m]))
        offsets = array_ops.expand_dims(array_ops.range(0, array_ops.shape(perm)[0]) * m, -1)
        flat_index = array_ops.reshape(perm + math_ops.cast(offsets, perm.dtype), [-1])
        y = array_ops.gather(rows, flat_index, axis=0)
        return array_ops.reshape(y, broadcast_x_shape)

    def _log_abs_determinant(self):
        return array_ops.zeros(shape=self.batch_shape_tensor(), dtype=self.dtype)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self._matmul(rhs, adjoint=not adjoint, adjoint_arg=adjoint_arg)

    def _positions(self, perm):
        # A static size keeps static shapes in graph mode (a dynamic range() has an unknown length).
        n = util.dim_at(perm.shape, -1)
        return array_ops.range(0, self._domain_dimension_tensor(perm) if n is None else n)

    def _to_dense(self):
        perm = convert_to_tensor(self.perm)
        eye_rows = math_ops.equal(self._positions(perm), array_ops.expand_dims(perm, -1))
        return math_ops.cast(eye_rows, self.dtype)

    def _diag_part(self):
        perm = convert_to_tensor(self.perm)
        return math_ops.cast(math_ops.equal(self._positions(perm), perm), self.dtype)

    def _cond(self):
        return array_ops.ones(self.batch_shape_tensor(), dtype=self.dtype)
