"""``tf.linalg`` functions on ``LinearOperator`` arguments (TF 2.21's overrides at the end of
``linear_operator.py``): ``tf.linalg.det(op)`` is ``op.determinant()``, ``tf.matmul(op, x)`` is ``op.matmul(x)``,
and so on, through the fallback dispatch of ``framework/api_dispatch.py``. ``tf.linalg.matvec`` reaches
``matmul``'s override as in TF, where matvec is built from matmul."""
from __future__ import annotations

from tfcompat._src.framework.api_dispatch import dispatch_for_types
from tfcompat._src.ops import array_ops, linalg_decomp_ops, linalg_more_ops, linalg_ops, math_ops
from tfcompat._src.ops.linear_operator.base import LinearOperator

__all__: list = []


@dispatch_for_types(linalg_more_ops.adjoint, LinearOperator)
def _adjoint(matrix, name=None):
    return matrix.adjoint(name)


@dispatch_for_types(linalg_decomp_ops.cholesky, LinearOperator)
def _cholesky(input, name=None):  # noqa: A002 - TF's argument name
    return input.cholesky(name)


@dispatch_for_types(linalg_ops.matrix_diag_part, LinearOperator)
def _diag_part(input, name="diag_part", k=0, padding_value=0, align="RIGHT_LEFT"):  # noqa: A002
    return input.diag_part(name)


@dispatch_for_types(linalg_decomp_ops.det, LinearOperator)
def _det(input, name=None):  # noqa: A002
    return input.determinant(name)


@dispatch_for_types(linalg_decomp_ops.inv, LinearOperator)
def _inverse(input, adjoint=False, name=None):  # noqa: A002
    inv = input.inverse(name)
    return inv.adjoint() if adjoint else inv


@dispatch_for_types(linalg_more_ops.logdet, LinearOperator)
def _logdet(matrix, name=None):
    if matrix.is_positive_definite and matrix.is_self_adjoint:
        return matrix.log_abs_determinant(name)
    raise ValueError("Expected matrix to be self-adjoint positive definite.")


@dispatch_for_types(math_ops.matmul, LinearOperator)
def _matmul(a, b, transpose_a=False, transpose_b=False, adjoint_a=False, adjoint_b=False, a_is_sparse=False,
            b_is_sparse=False, output_type=None, name=None):
    if transpose_a or transpose_b:
        raise ValueError("Transposing not supported at this time.")
    if a_is_sparse or b_is_sparse:
        raise ValueError("Sparse methods not supported at this time.")
    if not isinstance(a, LinearOperator):
        # As TF: A B = (B^H A^H)^H.
        adjoint_matmul = b.matmul(a, adjoint=not adjoint_b, adjoint_arg=not adjoint_a, name=name)
        return linalg_more_ops.adjoint(adjoint_matmul)
    return a.matmul(b, adjoint=adjoint_a, adjoint_arg=adjoint_b, name=name)


@dispatch_for_types(linalg_more_ops.matvec, LinearOperator)
def _matvec(a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False, name=None):
    # TF's matvec is matmul of b[..., None] squeezed; matmul's override does the work.
    out = math_ops.matmul(a, array_ops.expand_dims(b, -1), transpose_a=transpose_a, adjoint_a=adjoint_a,
                          a_is_sparse=a_is_sparse, b_is_sparse=b_is_sparse)
    return array_ops.squeeze(out, axis=-1, name=name)


@dispatch_for_types(linalg_decomp_ops.solve, LinearOperator)
def _solve(matrix, rhs, adjoint=False, name=None):
    if not isinstance(matrix, LinearOperator):
        raise ValueError("Passing in `matrix` as a Tensor and `rhs` as a LinearOperator is not supported.")
    return matrix.solve(rhs, adjoint=adjoint, name=name)


@dispatch_for_types(linalg_ops.trace, LinearOperator)
def _trace(x, name=None):
    return x.trace(name)
