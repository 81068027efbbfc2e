"""``tf.linalg.experimental.conjugate_gradient``: conjugate-gradient solve of ``A x = rhs`` for a self-adjoint
positive-definite ``LinearOperator`` (optionally preconditioned), run in ``tf.while_loop``."""
from __future__ import annotations

import collections

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_manip_ops, array_more_ops, array_ops, complex_ops, linalg_ops, math_ops
from tfcompat._src.ops import reduction_ops, while_loop

__all__ = ["conjugate_gradient"]

CGState = collections.namedtuple("CGState", ["i", "x", "r", "p", "gamma"])


def _dot(x, y):
    return reduction_ops.reduce_sum(complex_ops.conj(x) * y, axis=-1)


def conjugate_gradient(operator, rhs, preconditioner=None, x=None, tol=1e-5, max_iter=20,
                       name="conjugate_gradient"):
    """Mirrors ``tf.linalg.experimental.conjugate_gradient``: iterates until every residual norm is at most
    ``tol * ||rhs||`` or ``max_iter`` steps ran; returns the final ``CGState(i, x, r, p, gamma)``.

    Raises:
      ValueError: when ``operator`` is not hinted self-adjoint and positive definite."""
    if not (operator.is_self_adjoint and operator.is_positive_definite):
        raise ValueError("Expected a self-adjoint, positive definite operator.")

    def stopping_criterion(i, state):
        return math_ops.logical_and(
            i < max_iter, reduction_ops.reduce_any(linalg_ops.norm_v2(state.r, axis=-1) > tol))

    def cg_step(i, state):
        z = operator.matvec(state.p)
        alpha = state.gamma / _dot(state.p, z)
        x_next = state.x + array_ops.expand_dims(alpha, -1) * state.p
        r = state.r - array_ops.expand_dims(alpha, -1) * z
        q = r if preconditioner is None else preconditioner.matvec(r)
        gamma = _dot(r, q)
        beta = gamma / state.gamma
        p = q + array_ops.expand_dims(beta, -1) * state.p
        return i + 1, CGState(i + 1, x_next, r, p, gamma)

    with name_scope(name):
        rhs = convert_to_tensor(rhs)
        broadcast_shape = array_more_ops.broadcast_dynamic_shape(array_ops.shape(rhs)[:-1],
                                                                 operator.batch_shape_tensor())
        if preconditioner is not None:
            broadcast_shape = array_more_ops.broadcast_dynamic_shape(broadcast_shape,
                                                                     preconditioner.batch_shape_tensor())
        broadcast_rhs_shape = array_ops.concat([broadcast_shape, array_ops.shape(rhs)[-1:]], axis=-1)
        r0 = array_manip_ops.broadcast_to(rhs, broadcast_rhs_shape)
        tol *= linalg_ops.norm_v2(r0, axis=-1)
        if x is None:
            x = array_ops.zeros(broadcast_rhs_shape, dtype=rhs.dtype.base_dtype)
        else:
            r0 = rhs - operator.matvec(x)
        p0 = r0 if preconditioner is None else preconditioner.matvec(r0)
        gamma0 = _dot(r0, p0)
        i = convert_to_tensor(0, dtype=dtypes.int32)
        state = CGState(i=i, x=x, r=r0, p=p0, gamma=gamma0)
        _, state = while_loop.while_loop(stopping_criterion, cg_step, [i, state])
        return CGState(state.i, x=state.x, r=state.r, p=state.p, gamma=state.gamma)
