"""TF NumPy's products and diagonals (TF's ``np_math_ops`` dot/matmul/... and ``np_array_ops`` diag/...)."""
from __future__ import annotations

from tfcompat._src.framework.errors import InvalidArgumentError
from tfcompat._src.numpy_api import np_dtypes
from tfcompat._src.numpy_api.np_arrays import asarray, promote
from tfcompat._src.numpy_api.reductions import sum as np_sum
from tfcompat._src.numpy_api.shape_ops import broadcast_arrays, moveaxis
from tfcompat._src.ops import (
    array_ops, complex_ops, linalg_more_ops, linalg_ops, math_more_ops, math_ops,
)

__all__ = ["dot", "matmul", "tensordot", "inner", "outer", "cross", "vdot", "kron", "einsum", "diag",
           "diagflat", "diagonal", "trace", "polyval"]


def dot(a, b):
    """Mirrors ``tnp.dot``: a product for scalars, else a contraction of a's last axis with b's last (1-D b) or
    second-to-last axis."""
    a, b = promote(a, b)
    if a.shape.rank == 0 or b.shape.rank == 0:
        return a * b
    if b.shape.rank == 1:
        return linalg_more_ops.tensordot(a, b, [[-1], [-1]])
    return linalg_more_ops.tensordot(a, b, [[-1], [-2]])


def matmul(x1, x2):
    """Mirrors ``tnp.matmul`` (1-D operands promoted as in NumPy; shape errors are ValueError, as in TF)."""
    x1, x2 = promote(x1, x2)
    try:
        if x1.shape.rank == 2 and x2.shape.rank == 2:
            return math_ops.matmul(x1, x2)
        if x2.shape.rank == 1:
            return linalg_more_ops.tensordot(x1, x2, axes=1)
        if x1.shape.rank == 1:
            return linalg_more_ops.tensordot(x1, x2, axes=[[0], [-2]])
        return math_ops.matmul(x1, x2)
    except InvalidArgumentError as err:
        raise ValueError(str(err)) from err


def tensordot(a, b, axes=2):
    """Mirrors ``tnp.tensordot``."""
    a, b = promote(a, b)
    return linalg_more_ops.tensordot(a, b, axes=axes)


def inner(a, b):
    """Mirrors ``tnp.inner``."""
    a, b = promote(a, b)
    if a.shape.rank == 0 or b.shape.rank == 0:
        return a * b
    return linalg_more_ops.tensordot(a, b, [[-1], [-1]])


def outer(a, b):
    """Mirrors ``tnp.outer``."""
    a, b = promote(a, b)
    return array_ops.reshape(a, [-1, 1]) * array_ops.reshape(b, [-1])


def cross(a, b, axisa=-1, axisb=-1, axisc=-1, axis=None):
    """Mirrors ``tnp.cross`` (2- or 3-vectors along the given axes)."""
    a, b = promote(a, b)
    if axis is not None:
        axisa = axisb = axisc = axis
    a = moveaxis(a, axisa, -1)
    b = moveaxis(b, axisb, -1)
    a_dim, b_dim = a.shape.as_list()[-1], b.shape.as_list()[-1]

    def pad_to_3(t, dim):
        if dim != 2:
            return t
        return array_ops.pad(t, [[0, 0]] * (t.shape.rank - 1) + [[0, 1]])
    a, b = pad_to_3(a, a_dim), pad_to_3(b, b_dim)
    a, b = broadcast_arrays(a, b)
    c = linalg_more_ops.cross(a, b)
    if a_dim == 2 and b_dim == 2:
        return c[..., 2]
    return moveaxis(c, -1, axisc)


def vdot(a, b):
    """Mirrors ``tnp.vdot``: the dot product of the flattened arrays (a conjugated)."""
    a, b = promote(a, b)
    a = array_ops.reshape(a, [-1])
    b = array_ops.reshape(b, [-1])
    if a.dtype.is_complex:
        a = complex_ops.conj(a)
    return dot(a, b)


def kron(a, b):
    """Mirrors ``tnp.kron``."""
    a, b = promote(a, b)
    ra, rb = a.shape.rank, b.shape.rank
    if ra < rb:
        a = array_ops.reshape(a, [1] * (rb - ra) + a.shape.as_list())
    if rb < ra:
        b = array_ops.reshape(b, [1] * (ra - rb) + b.shape.as_list())
    a_shape, b_shape = a.shape.as_list(), b.shape.as_list()
    a_r = array_ops.reshape(a, [d for s in a_shape for d in (s, 1)])
    b_r = array_ops.reshape(b, [d for s in b_shape for d in (1, s)])
    return array_ops.reshape(a_r * b_r, [x * y for x, y in zip(a_shape, b_shape)])


def einsum(subscripts, *operands, **kwargs):
    """Mirrors ``tnp.einsum`` (casting 'safe' promotes the operands, 'no' keeps them)."""
    casting = kwargs.get("casting", "safe")
    optimize = kwargs.get("optimize", False)
    if casting == "safe":
        operands = promote(*operands)
    elif casting == "no":
        operands = [asarray(x) for x in operands]
    else:
        raise ValueError("Invalid value for argument `casting`. Expected casting=\"safe\" or casting=\"no\". "
                         f"Received: casting={casting}")
    if optimize not in (False, True, "greedy", "optimal"):
        raise ValueError("Invalid value for argument `optimize`. Expected one of {True, \"greedy\", "
                         f"\"optimal\"}}. Received: optimize={optimize}")
    return linalg_ops.einsum(subscripts, *operands)


def diag(v, k=0):
    """Mirrors ``tnp.diag``: a diagonal matrix from a vector, or a matrix's k-th diagonal."""
    v = asarray(v)
    rank = v.shape.rank
    if rank not in (1, 2):
        raise ValueError(f"Shape must be at most rank 2 but is rank {rank}")
    if rank == 1:
        if v.shape.as_list()[0] == 0:
            return array_ops.zeros([abs(k), abs(k)], dtype=v.dtype)
        return _diag_matrix(v, k)
    rows, cols = v.shape.as_list()
    if (rows is not None and k <= -rows) or (cols is not None and k >= cols):
        return array_ops.zeros([0], dtype=v.dtype)
    return _diag_part(v, k)


def _diag_matrix(v, k):
    """The square matrix with ``v`` on its k-th diagonal (MatrixDiagV3 of ``v`` padded by |k| rows/columns;
    tfcompat's matrix_diag takes k=0 only)."""
    square = linalg_ops.matrix_diag(v)
    if k == 0:
        return square
    pads = [[0, k], [k, 0]] if k > 0 else [[-k, 0], [0, -k]]
    return array_ops.pad(square, pads)


def _diag_part(a, k):
    """The k-th diagonals of the matrices ``a[..., :, :]`` (MatrixDiagPartV3 of a shifted slice)."""
    if k > 0:
        a = a[..., :, k:]
    elif k < 0:
        a = a[..., -k:, :]
    return linalg_ops.matrix_diag_part(a)


def diagflat(v, k=0):
    """Mirrors ``tnp.diagflat``."""
    return diag(array_ops.reshape(asarray(v), [-1]), k)


def diagonal(a, offset=0, axis1=0, axis2=1):
    """Mirrors ``tnp.diagonal``."""
    a = asarray(a)
    rank = a.shape.rank
    if offset == 0 and axis1 in (rank - 2, -2) and axis2 in (rank - 1, -1):
        return linalg_ops.matrix_diag_part(a)
    a = moveaxis(a, (axis1, axis2), (-2, -1))
    dims = a.shape.as_list()
    if offset <= -dims[-2] or offset >= dims[-1]:
        return array_ops.zeros(dims[:-2] + [0], dtype=a.dtype)
    return _diag_part(a, offset)


def trace(a, offset=0, axis1=0, axis2=1, dtype=None):
    """Mirrors ``tnp.trace``."""
    if dtype:
        dtype = np_dtypes.result_type(dtype)
    a = asarray(a, dtype)
    if offset == 0 and a.shape.rank is not None:
        rank = a.shape.rank
        if axis1 in (-2, rank - 2) and axis2 in (-1, rank - 1):
            return linalg_ops.trace(a)
    return np_sum(diagonal(a, offset, axis1, axis2), -1, dtype)


def polyval(p, x):
    """Mirrors ``tnp.polyval``: ``p[0] * x**(n-1) + ... + p[n-1]``."""
    p, x = promote(p, x)
    if p.shape.rank == 0:
        p = array_ops.reshape(p, [1])
    coeffs = array_ops.unstack(p)
    y = math_more_ops.polyval(coeffs, x)
    if len(coeffs) == 1:
        y = array_ops.broadcast_to(y, array_ops.shape(x))
    return y

