"""``tf.linalg.LinearOperatorTridiag``: a [batch] square tridiagonal matrix in TF's ``compact``, ``matrix`` or
``sequence`` diagonals formats."""
from __future__ import annotations

from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_manip_ops, array_more_ops, array_ops, complex_ops, control_flow_ops
from tfcompat._src.ops import debugging_ops, linalg_more_ops, linalg_ops, math_ops
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import LinearOperator

__all__ = ["LinearOperatorTridiag"]

_COMPACT, _MATRIX, _SEQUENCE = "compact", "matrix", "sequence"


def _shift_into_place(band, offset):
    """The dense matrix with ``band`` (length n-1) on diagonal ``offset`` (+1 or -1)."""
    inner = linalg_ops.matrix_diag(band)
    rank = inner.shape.rank
    batch_pad = [[0, 0]] * (rank - 2)
    pad = [[0, 1], [1, 0]] if offset > 0 else [[1, 0], [0, 1]]
    return array_manip_ops.pad(inner, batch_pad + pad)


class LinearOperatorTridiag(LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorTridiag(diagonals, diagonals_format='compact', ...)``. Differs from TF in
    how products and solves are computed (through the dense matrix rather than TF's tridiagonal kernels): the
    results agree to float rounding."""

    def __init__(self, diagonals, diagonals_format=_COMPACT, is_non_singular=None, is_self_adjoint=None,
                 is_positive_definite=None, is_square=None, name="LinearOperatorTridiag"):
        parameters = dict(diagonals=diagonals, diagonals_format=diagonals_format, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                          is_square=is_square, name=name)
        with name_scope(name):
            if diagonals_format not in (_COMPACT, _MATRIX, _SEQUENCE):
                raise ValueError(f"Argument `diagonals_format` must be one of compact, matrix, or sequence. "
                                 f"Received : {diagonals_format}.")
            if diagonals_format == _SEQUENCE:
                self._diagonals = [util.convert_nonref_to_tensor(d, name=f"diag_{i}")
                                   for i, d in enumerate(diagonals)]
                dtype = self._diagonals[0].dtype
            else:
                self._diagonals = util.convert_nonref_to_tensor(diagonals, name="diagonals")
                dtype = self._diagonals.dtype
            self._diagonals_format = diagonals_format
            super().__init__(dtype=dtype, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                             is_positive_definite=is_positive_definite, is_square=is_square,
                             parameters=parameters, name=name)

    @property
    def diagonals(self):
        """The diagonals as given (converted)."""
        return self._diagonals

    @property
    def diagonals_format(self) -> str:
        return self._diagonals_format

    @property
    def _experimental_parameter_ndims_to_matrix_ndims(self):
        return {"diagonals": [1, 1, 1] if self.diagonals_format == _SEQUENCE else 2}

    def _shape(self):
        if self.diagonals_format == _MATRIX:
            return self.diagonals.shape
        if self.diagonals_format == _COMPACT:
            d_shape = self.diagonals.shape[:-2].concatenate(self.diagonals.shape[-1:])
        else:
            batch = util.broadcast_batch_shape(*[d.shape[:-1] for d in self.diagonals])
            d_shape = batch.concatenate(self.diagonals[1].shape[-1:])
        return d_shape.concatenate(d_shape[-1:])

    def _shape_tensor(self):
        if self.diagonals_format == _MATRIX:
            return array_ops.shape(self.diagonals)
        if self.diagonals_format == _COMPACT:
            d_shape = array_ops.shape(self.diagonals[..., 0, :])
        else:
            batch = array_more_ops.broadcast_dynamic_shape(array_ops.shape(self.diagonals[0])[:-1],
                                                           array_ops.shape(self.diagonals[1])[:-1])
            batch = array_more_ops.broadcast_dynamic_shape(batch, array_ops.shape(self.diagonals[2])[:-1])
            d_shape = array_ops.concat([batch, array_ops.shape(self.diagonals[1])[-1:]], axis=0)
        return array_ops.concat([d_shape, d_shape[-1:]], axis=-1)

    def _three_bands(self):
        if self.diagonals_format == _COMPACT:
            diagonals = convert_to_tensor(self.diagonals)
            return diagonals[..., 0, :], diagonals[..., 1, :], diagonals[..., 2, :]
        return tuple(convert_to_tensor(d) for d in self.diagonals)

    def _assert_self_adjoint(self):
        diag_message = "This tridiagonal operator contained non-zero imaginary values on the diagonal."
        off_diag_message = "This tridiagonal operator has non-conjugate subdiagonal and superdiagonal."
        if self.diagonals_format == _MATRIX:
            return control_flow_ops.group(debugging_ops.assert_equal(
                self.diagonals, linalg_more_ops.adjoint(self.diagonals),
                message="Matrix was not equal to its adjoint."))
        superdiag, diag, subdiag = self._three_bands()
        asserts = [util.assert_zero_imag_part(diag, message=diag_message)]
        subdiag = array_more_ops.roll(subdiag, shift=-1, axis=-1)
        asserts.append(debugging_ops.assert_equal(complex_ops.conj(subdiag[..., :-1]), superdiag[..., :-1],
                                                  message=off_diag_message))
        return control_flow_ops.group(*[a for a in asserts if a is not None])

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return math_ops.matmul(self.to_dense(), x, adjoint_a=adjoint, adjoint_b=adjoint_arg)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        rhs = linalg_more_ops.adjoint(rhs) if adjoint_arg else rhs
        return util.matrix_solve_with_broadcast(self.to_dense(), rhs, adjoint=adjoint)

    def _diag_part(self):
        if self.diagonals_format == _MATRIX:
            return linalg_ops.matrix_diag_part(self.diagonals)
        if self.diagonals_format == _SEQUENCE:
            return array_manip_ops.broadcast_to(self.diagonals[1], self.shape_tensor()[:-1])
        return self.diagonals[..., 1, :]

    def _to_dense(self):
        if self.diagonals_format == _MATRIX:
            return self.diagonals
        superdiag, diag, subdiag = self._three_bands()
        if self.diagonals_format == _SEQUENCE:
            superdiag, diag, subdiag = util.broadcast_matrix_batch_dims(
                [array_ops.expand_dims(d, -1) for d in (superdiag, diag, subdiag)])
            superdiag, diag, subdiag = (array_ops.squeeze(d, -1) for d in (superdiag, diag, subdiag))
        return (linalg_ops.matrix_diag(diag) + _shift_into_place(superdiag[..., :-1], 1)
                + _shift_into_place(subdiag[..., 1:], -1))
