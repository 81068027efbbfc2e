"""``tf.linalg.LinearOperatorLowRankUpdate``: ``L + U D V^H`` with solves and determinants through the
Woodbury identity and the matrix determinant lemma."""
from __future__ import annotations

import logging

from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_more_ops, array_ops, complex_ops, linalg_decomp_ops, linalg_more_ops
from tfcompat._src.ops import linalg_ops, math_ops, reduction_ops
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import LinearOperator
from tfcompat._src.ops.linear_operator.diag import LinearOperatorDiag
from tfcompat._src.ops.linear_operator.identity import LinearOperatorIdentity

__all__ = ["LinearOperatorLowRankUpdate"]


class LinearOperatorLowRankUpdate(LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorLowRankUpdate(base_operator, u, diag_update=None, v=None, ...)``: with
    ``v`` omitted and a self-adjoint positive-definite base, solves and log-determinants use Cholesky factors of
    the capacitance matrix, as TF."""

    def __init__(self, base_operator, u, diag_update=None, v=None, is_diag_update_positive=None,
                 is_non_singular=None, is_self_adjoint=None, is_positive_definite=None, is_square=None,
                 name="LinearOperatorLowRankUpdate"):
        parameters = dict(base_operator=base_operator, u=u, diag_update=diag_update, v=v,
                          is_diag_update_positive=is_diag_update_positive, is_non_singular=is_non_singular,
                          is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                          is_square=is_square, name=name)
        dtype = base_operator.dtype
        if diag_update is not None and is_diag_update_positive and dtype.is_complex:
            logging.getLogger("tensorflow").warning(
                "Note: setting is_diag_update_positive with a complex dtype means that diagonal is real and "
                "positive.")
        if diag_update is None:
            if is_diag_update_positive is False:
                raise ValueError("Default diagonal is the identity, which is positive.  However, user set "
                                 "'is_diag_update_positive' to False.")
            is_diag_update_positive = True
        self._use_cholesky = bool(base_operator.is_positive_definite and base_operator.is_self_adjoint
                                  and is_diag_update_positive and v is None)
        if base_operator.is_self_adjoint and v is None and not dtype.is_complex:
            if is_self_adjoint is False:
                raise ValueError("A = L + UDU^H, with L self-adjoint and D real diagonal.  Since UDU^H is "
                                 "self-adjoint, this must be a self-adjoint operator.")
            is_self_adjoint = True
        if self._use_cholesky:
            if is_positive_definite is False or is_self_adjoint is False or is_non_singular is False:
                raise ValueError("Arguments imply this is self-adjoint positive-definite operator.")
            is_positive_definite = True
            is_self_adjoint = True
        with name_scope(name):
            self._u = util.convert_nonref_to_tensor(u, name="u")
            self._v = self._u if v is None else util.convert_nonref_to_tensor(v, name="v")
            self._diag_update = (None if diag_update is None
                                 else util.convert_nonref_to_tensor(diag_update, name="diag_update"))
            self._base_operator = base_operator
            super().__init__(dtype=base_operator.dtype, is_non_singular=is_non_singular,
                             is_self_adjoint=is_self_adjoint, is_positive_definite=is_positive_definite,
                             is_square=is_square, parameters=parameters, name=name)
            if self._diag_update is not None:
                self._diag_operator = LinearOperatorDiag(self._diag_update,
                                                         is_positive_definite=is_diag_update_positive)
            else:
                r = util.dim_at(self._u.shape, -1)
                if r is None:
                    r = array_ops.shape(self._u)[-1]
                self._diag_operator = LinearOperatorIdentity(num_rows=r, dtype=self.dtype)
            self._is_diag_update_positive = is_diag_update_positive
            self._check_shapes()

    def _check_shapes(self):
        uv_shape = array_more_ops.broadcast_static_shape(self.u.shape, self.v.shape)
        batch_shape = array_more_ops.broadcast_static_shape(self.base_operator.batch_shape, uv_shape[:-2])
        util.assert_compatible_dims(self.base_operator.domain_dimension, util.dim_at(uv_shape, -2))
        if self._diag_update is not None:
            util.assert_compatible_dims(util.dim_at(uv_shape, -1), util.dim_at(self._diag_update.shape, -1))
            array_more_ops.broadcast_static_shape(batch_shape, self._diag_update.shape[:-1])

    @property
    def u(self):
        """``U`` (shape ``[B1,...,Bb, M, K]``)."""
        return self._u

    @property
    def v(self):
        """``V`` (``U`` when not given)."""
        return self._v

    @property
    def is_diag_update_positive(self):
        return self._is_diag_update_positive

    @property
    def diag_update(self):
        """The diagonal of ``D`` (None: the identity)."""
        return self._diag_update

    @property
    def diag_operator(self):
        """``D`` as an operator."""
        return self._diag_operator

    @property
    def base_operator(self):
        """``L``."""
        return self._base_operator

    def _assert_self_adjoint(self):
        if self.u is self.v and self.diag_update is None:
            return self.base_operator.assert_self_adjoint()
        return super()._assert_self_adjoint()

    @property
    def _experimental_parameter_ndims_to_matrix_ndims(self):
        return {"base_operator": 0, "u": 2, "diag_update": 1, "v": 2}

    def _shape(self):
        batch_shape = util.broadcast_batch_shape(self.base_operator.batch_shape, self.diag_operator.batch_shape,
                                                 self.u.shape[:-2], self.v.shape[:-2])
        return batch_shape.concatenate(self.base_operator.shape[-2:])

    def _shape_tensor(self):
        batch_shape = array_more_ops.broadcast_dynamic_shape(self.base_operator.batch_shape_tensor(),
                                                             self.diag_operator.batch_shape_tensor())
        batch_shape = array_more_ops.broadcast_dynamic_shape(batch_shape, array_ops.shape(self.u)[:-2])
        batch_shape = array_more_ops.broadcast_dynamic_shape(batch_shape, array_ops.shape(self.v)[:-2])
        return array_ops.concat([batch_shape, self.base_operator.shape_tensor()[-2:]], axis=0)

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        u, v = self.u, self.v
        leading_term = self.base_operator.matmul(x, adjoint=adjoint, adjoint_arg=adjoint_arg)
        if adjoint:
            u, v = v, u
        vh_x = math_ops.matmul(v, x, adjoint_a=True, adjoint_b=adjoint_arg)
        d_vh_x = self.diag_operator.matmul(vh_x, adjoint=adjoint)
        return leading_term + math_ops.matmul(u, d_vh_x)

    def _determinant(self):
        if self.is_positive_definite:
            return math_ops.exp(self.log_abs_determinant())
        det_c = linalg_decomp_ops.det(self._make_capacitance(u=self.u, v=self.v))
        return det_c * self.diag_operator.determinant() * self.base_operator.determinant()

    def _diag_part(self):
        product = self.u * complex_ops.conj(self.v)
        if self.diag_update is not None:
            product *= array_ops.expand_dims(self.diag_update, axis=-2)
        return reduction_ops.reduce_sum(product, axis=-1) + self.base_operator.diag_part()

    def _log_abs_determinant(self):
        log_abs_det_d = self.diag_operator.log_abs_determinant()
        log_abs_det_l = self.base_operator.log_abs_determinant()
        capacitance = self._make_capacitance(u=self.u, v=self.v)
        if self._use_cholesky:
            chol_cap_diag = linalg_ops.matrix_diag_part(linalg_decomp_ops.cholesky(capacitance))
            log_abs_det_c = 2 * reduction_ops.reduce_sum(math_ops.log(chol_cap_diag), axis=[-1])
        else:
            log_abs_det_c = math_ops.log(math_ops.abs(linalg_decomp_ops.det(capacitance)))
            if self.dtype.is_complex:
                log_abs_det_c = math_ops.cast(log_abs_det_c, dtype=self.dtype)
        return log_abs_det_c + log_abs_det_d + log_abs_det_l

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        if self.base_operator.is_non_singular is False:
            raise ValueError("Solve not implemented unless this is a perturbation of a non-singular LinearOperator.")
        base = self.base_operator
        # The capacitance is always D^-1 + V^H L^-1 U; the adjoint solve uses its adjoint (solve(adjoint=True))
        # with the roles of U and V swapped around it.
        capacitance = self._make_capacitance(u=self.u, v=self.v)
        u, v = (self.v, self.u) if adjoint else (self.u, self.v)
        linv_rhs = base.solve(rhs, adjoint=adjoint, adjoint_arg=adjoint_arg)
        vh_linv_rhs = math_ops.matmul(v, linv_rhs, adjoint_a=True)
        if self._use_cholesky:
            capinv_vh_linv_rhs = linalg_more_ops.cholesky_solve(linalg_decomp_ops.cholesky(capacitance),
                                                                vh_linv_rhs)
        else:
            capinv_vh_linv_rhs = util.matrix_solve_with_broadcast(capacitance, vh_linv_rhs, adjoint=adjoint)
        u_capinv_vh_linv_rhs = math_ops.matmul(u, capinv_vh_linv_rhs)
        return linv_rhs - base.solve(u_capinv_vh_linv_rhs, adjoint=adjoint)

    def _make_capacitance(self, u, v):
        linv_u = self.base_operator.solve(u)
        vh_linv_u = math_ops.matmul(v, linv_u, adjoint_a=True)
        return self._diag_operator.inverse().add_to_tensor(vh_linv_u)
