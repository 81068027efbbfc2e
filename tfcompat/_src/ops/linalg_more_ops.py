"""The rest of ``tf.linalg``: ``adjoint``, ``band_part``, ``set_diag``, ``cross``, ``matvec``, ``tensordot``,
``svd``, ``logdet``, ``pinv``, ``matrix_rank``, ``normalize``, ``cholesky_solve``, ``lu_solve``/``lu_reconstruct``/
``lu_matrix_inverse`` and ``eigh_tridiagonal`` (ops ``MatrixBandPart``, ``MatrixSetDiagV3``, ``Cross``; the rest
are TF's composites, written with registered ops so graph mode and gradients follow)."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.api_dispatch import add_dispatch_support
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import INT32_64, REAL_NUMBER, Arg
from tfcompat._src.ops import array_ops, complex_ops, linalg_decomp_ops, linalg_ops, math_ops, reduction_ops
from tfcompat._src.ops import shape_checks, sort_ops
from tfcompat._src.ops._helpers import match_dtypes, static_int_list, to_tensor

__all__ = ["adjoint", "band_part", "set_diag", "cross", "matvec", "tensordot", "svd", "logdet", "pinv",
           "matrix_rank", "normalize", "cholesky_solve", "lu_solve", "lu_reconstruct", "lu_matrix_inverse",
           "eigh_tridiagonal"]


# ------------------------------------------------------------------------------------------------
# ops
# ------------------------------------------------------------------------------------------------
def _band_mask(m, n, lower, upper, device):
    i = torch.arange(m, device=device).reshape(-1, 1)
    j = torch.arange(n, device=device).reshape(1, -1)
    keep = torch.ones((m, n), dtype=torch.bool, device=device)
    if lower >= 0:
        keep = keep & (i - j <= lower)
    if upper >= 0:
        keep = keep & (j - i <= upper)
    return keep


@register_op("MatrixBandPart", grad=DIFFERENTIABLE, inputs=("input", "num_lower", "num_upper"),
             types={"input": Arg("T"), "num_lower": Arg("Tindex", INT32_64, from_attr="num_lower"),
                    "num_upper": Arg("Tindex", INT32_64, from_attr="num_upper")},
             shape_fn=lambda inputs, attrs: [(inputs[0].shape, inputs[0].dtype)])
def _matrix_band_part(x, *dyn, num_lower=None, num_upper=None):
    if dyn:
        num_lower, num_upper = int(dyn[0]), int(dyn[1])
    if x.dim() < 2:
        raise errors.InvalidArgumentError(f"input must be at least 2-dim, received shape: {list(x.shape)}")
    m, n = x.shape[-2], x.shape[-1]
    if num_lower > m:
        raise errors.InvalidArgumentError(f"num_lower must be negative or less or equal to number of rows ({m}) "
                                          f"got: {num_lower}")
    if num_upper > n:
        raise errors.InvalidArgumentError(f"num_upper must be negative or less or equal to number of columns ({n}) "
                                          f"got: {num_upper}")
    keep = _band_mask(m, n, num_lower, num_upper, x.device)
    return torch.where(keep, x, torch.zeros_like(x))


def _diag_len(m, n, d):
    return min(m + min(0, d), n - max(0, d))


@register_op("MatrixSetDiagV3", grad=DIFFERENTIABLE, inputs=("input", "diagonal"),
             types={"input": Arg("T"), "diagonal": Arg("T")},
             shape_fn=lambda inputs, attrs: [(inputs[0].shape, inputs[0].dtype)])
def _matrix_set_diag(x, diagonal, *, k=(0, 0), align="RIGHT_LEFT"):
    lo, hi = k
    m, n = x.shape[-2], x.shape[-1]
    if lo > hi:
        raise errors.InvalidArgumentError(f"lower_diag_index must not be larger than upper_diag_index: {lo} > {hi}")
    max_len = _diag_len(m, n, hi) if lo == hi else min(m + min(hi, 0), n - max(lo, 0))
    expected = tuple(x.shape[:-2]) + ((max_len,) if lo == hi else (hi - lo + 1, max_len))
    if tuple(diagonal.shape) != expected:
        raise errors.InvalidArgumentError(f"diagonal must have shape {list(expected)}, got {list(diagonal.shape)}")
    super_right = align.split("_")[0] == "RIGHT"
    sub_right = align.split("_")[1] == "RIGHT"
    out = x
    for d in range(hi, lo - 1, -1):
        length = _diag_len(m, n, d)
        if length <= 0:
            continue
        row = diagonal if lo == hi else diagonal[..., hi - d, :]
        right = super_right if d >= 0 else sub_right
        start = max_len - length if right else 0
        out = torch.diagonal_scatter(out, row[..., start:start + length], offset=d, dim1=-2, dim2=-1)
    return out


@register_op("Cross", grad=DIFFERENTIABLE, inputs=("a", "b"), shape_check=shape_checks.broadcast,
             types={"a": Arg("T", REAL_NUMBER), "b": Arg("T", REAL_NUMBER)})
def _cross(a, b):
    if a.shape != b.shape:
        raise errors.InvalidArgumentError(f"a and b must be the same shape: {list(a.shape)} vs {list(b.shape)}")
    if a.dim() < 1 or a.shape[-1] != 3:
        raise errors.InvalidArgumentError(f"Dimension 0 in both shapes must be equal, but are 3 and "
                                          f"{a.shape[-1] if a.dim() else 0}")
    return torch.linalg.cross(a, b, dim=-1)


# ------------------------------------------------------------------------------------------------
# wrappers
# ------------------------------------------------------------------------------------------------
@add_dispatch_support
def adjoint(matrix, name=None):
    """Mirrors ``tf.linalg.adjoint``: the conjugate transpose of the inner matrices."""
    matrix = to_tensor(matrix)
    return array_ops.matrix_transpose(complex_ops.conj(matrix), name=name or "adjoint")


def band_part(input, num_lower, num_upper, name=None):  # noqa: A002 - TF's argument name
    """Mirrors ``tf.linalg.band_part``: keeps ``num_lower`` subdiagonals and ``num_upper`` superdiagonals
    (negative: all)."""
    x = to_tensor(input)
    lo, up = static_int_list(num_lower), static_int_list(num_upper)
    if lo is not None and up is not None and len(lo) == 1 and len(up) == 1:
        return apply_op("MatrixBandPart", [x], {"num_lower": lo[0], "num_upper": up[0]}, name=name)
    bounds = match_dtypes(num_lower, num_upper)   # Tindex: int32 or int64, the tensor bound's
    return apply_op("MatrixBandPart", [x] + bounds, name=name)


def set_diag(input, diagonal, name="set_diag", k=0, align="RIGHT_LEFT"):  # noqa: A002
    """Mirrors ``tf.linalg.set_diag`` (op ``MatrixSetDiagV3``): ``k`` is a diagonal offset or a ``(low, high)``
    range, ``align`` one of TF's four alignments."""
    kk = static_int_list(k)
    if kk is None or len(kk) not in (1, 2):
        raise ValueError(f"k must be an int or a pair of ints, got {k!r}")
    lo, hi = (kk[0], kk[0]) if len(kk) == 1 else (kk[0], kk[1])
    if align not in ("RIGHT_LEFT", "LEFT_RIGHT", "LEFT_LEFT", "RIGHT_RIGHT"):
        raise ValueError(f"align must be one of RIGHT_LEFT, LEFT_RIGHT, LEFT_LEFT, RIGHT_RIGHT, got {align!r}")
    x, d = match_dtypes(input, diagonal)
    return apply_op("MatrixSetDiagV3", [x, d], {"k": (lo, hi), "align": align}, name=name)


def cross(a, b, name=None):
    """Mirrors ``tf.linalg.cross``: the cross product of 3-vectors along the last axis."""
    return apply_op("Cross", match_dtypes(a, b), name=name)


@add_dispatch_support
def matvec(a, b, transpose_a=False, adjoint_a=False, a_is_sparse=False, b_is_sparse=False, name=None):
    """Mirrors ``tf.linalg.matvec``: ``a @ b[..., None]`` squeezed."""
    a, b = match_dtypes(a, b)
    out = math_ops.matmul(a, array_ops.expand_dims(b, -1), transpose_a=transpose_a, adjoint_a=adjoint_a)
    return array_ops.squeeze(out, axis=-1, name=name)


def _tensordot_axes(a_rank, b_rank, axes):
    if isinstance(axes, (int, np.integer)) or (hasattr(axes, "shape") and getattr(axes, "shape", None) == ()):
        n = int(axes)
        if n < 0:
            raise ValueError(f"'axes' must be at least 0, got {n}.")
        if n > a_rank or n > b_rank:
            raise ValueError(f"`axes` must not be larger than the number of dimensions of tensor {a_rank}.  "
                             f"Received {n}, vs tensor dimensions {min(a_rank, b_rank)}.")
        return list(range(a_rank - n, a_rank)), list(range(n))
    a_axes, b_axes = axes
    a_axes = [a_axes] if isinstance(a_axes, (int, np.integer)) else list(a_axes)
    b_axes = [b_axes] if isinstance(b_axes, (int, np.integer)) else list(b_axes)
    if len(a_axes) != len(b_axes):
        raise ValueError(f"Different number of contraction axes 'a' and 'b', {len(a_axes)} != {len(b_axes)}.")
    return [int(x) % a_rank for x in a_axes], [int(x) % b_rank for x in b_axes]


def _int32_indices(ix):
    return to_tensor(np.array(ix, dtype=np.int32))   # an empty python list would convert to float32


def tensordot(a, b, axes, name=None):
    """Mirrors ``tf.tensordot`` / ``tf.linalg.tensordot``: contracts ``axes`` of a and b by transposing,
    reshaping to matrices and one matmul (as TF). Needs known ranks."""
    a, b = match_dtypes(a, b)
    ra, rb = a.shape.rank, b.shape.rank
    if ra is None or rb is None:
        raise NotImplementedError("tf.tensordot needs inputs of known rank in tfcompat.")
    a_axes, b_axes = _tensordot_axes(ra, rb, axes)
    a_free = [i for i in range(ra) if i not in a_axes]
    b_free = [i for i in range(rb) if i not in b_axes]
    a_t = array_ops.transpose(a, a_free + a_axes) if a_free + a_axes != list(range(ra)) else a
    b_t = array_ops.transpose(b, b_axes + b_free) if b_axes + b_free != list(range(rb)) else b
    a_shape, b_shape = a.shape.as_list(), b.shape.as_list()
    static = all(d is not None for d in a_shape + b_shape)
    if static:
        free_a = [a_shape[i] for i in a_free]
        free_b = [b_shape[i] for i in b_free]
        k = int(np.prod([a_shape[i] for i in a_axes])) if a_axes else 1
        a_m = array_ops.reshape(a_t, [int(np.prod(free_a)) if free_a else 1, k])
        b_m = array_ops.reshape(b_t, [k, int(np.prod(free_b)) if free_b else 1])
        out_shape = free_a + free_b
    else:
        sa, sb = array_ops.shape(a), array_ops.shape(b)
        free_a = array_ops.gather(sa, _int32_indices(a_free))
        free_b = array_ops.gather(sb, _int32_indices(b_free))
        k = reduction_ops.reduce_prod(array_ops.gather(sa, _int32_indices(a_axes)))
        a_m = array_ops.reshape(a_t, array_ops.stack([reduction_ops.reduce_prod(free_a), k]))
        b_m = array_ops.reshape(b_t, array_ops.stack([k, reduction_ops.reduce_prod(free_b)]))
        out_shape = array_ops.concat([free_a, free_b], 0)
    return array_ops.reshape(math_ops.matmul(a_m, b_m), out_shape, name=name)


def svd(tensor, full_matrices=False, compute_uv=True, name=None):
    """Mirrors ``tf.linalg.svd``: ``s`` or ``(s, u, v)`` (v, not its adjoint). Singular-vector signs come from
    LAPACK and may differ from TF's."""
    x = to_tensor(tensor)
    s, u, v = apply_op("Svd", [x], {"compute_uv": bool(compute_uv), "full_matrices": bool(full_matrices)},
                       name=name)
    return (s, u, v) if compute_uv else s


@add_dispatch_support
def logdet(matrix, name=None):
    """Mirrors ``tf.linalg.logdet``: log det of a Hermitian positive definite matrix, ``2 sum(log(diag(chol)))``."""
    chol = linalg_decomp_ops.cholesky(to_tensor(matrix))
    diag = math_ops.log(complex_ops.real(linalg_ops.matrix_diag_part(chol)))
    return math_ops.multiply(2.0, reduction_ops.reduce_sum(diag, axis=[-1]), name=name)


def pinv(a, rcond=None, validate_args=False, name=None):
    """Mirrors ``tf.linalg.pinv``: the Moore-Penrose pseudo-inverse from the SVD, singular values at most
    ``rcond * max(s)`` dropped (default ``rcond = 10 * max(rows, cols) * eps``)."""
    a = to_tensor(a)
    np_dtype = a.dtype.as_numpy_dtype
    if rcond is None:
        dims = _matrix_dims(a)
        eps = float(np.finfo(np_dtype).eps)
        if isinstance(dims[0], int) and isinstance(dims[1], int):
            rcond = 10.0 * max(dims) * eps
        else:   # TF: the larger run-time dimension, cast to a's dtype
            rcond = math_ops.multiply(10.0 * eps, math_ops.cast(math_ops.maximum(*dims), a.dtype))
    rcond = to_tensor(rcond, dtype=a.dtype)
    s, u, v = svd(a, full_matrices=False, compute_uv=True)
    cutoff = math_ops.multiply(rcond, reduction_ops.reduce_max(s, axis=-1))
    inf = array_ops.fill(array_ops.shape(s), np.array(np.inf, dtype=np_dtype))
    s = array_ops.where(math_ops.greater(s, array_ops.expand_dims(cutoff, -1)), s, inf)
    return math_ops.matmul(math_ops.truediv(v, array_ops.expand_dims(s, -2)), u, adjoint_b=True, name=name)


def _matrix_dims(a):
    """The (rows, cols) of a's inner matrices: python ints where static, else scalar tensors of shape(a)."""
    static = a.shape.as_list()[-2:] if a.shape.rank is not None else [None, None]
    shape = None if None not in static else array_ops.shape(a)
    return [d if d is not None else shape[i - 2] for i, d in enumerate(static)]


def matrix_rank(a, tol=None, validate_args=False, name=None):
    """Mirrors ``tf.linalg.matrix_rank``: singular values above ``tol`` (default ``eps * max(rows, cols) *
    max(s)``), as int32."""
    a = to_tensor(a)
    s = svd(a, compute_uv=False)
    if tol is None:
        dims = _matrix_dims(a)
        eps = float(np.finfo(a.dtype.as_numpy_dtype).eps)
        if isinstance(dims[0], int) and isinstance(dims[1], int):
            scale = to_tensor(eps * max(dims), dtype=a.dtype)
        else:   # TF: the larger run-time dimension, cast to a's dtype
            scale = math_ops.multiply(eps, math_ops.cast(math_ops.maximum(*dims), a.dtype))
        tol = math_ops.multiply(scale, reduction_ops.reduce_max(s, axis=-1, keepdims=True))
    else:
        tol = to_tensor(tol, dtype=s.dtype)
    return reduction_ops.reduce_sum(math_ops.cast(math_ops.greater(s, tol), dtypes.int32), axis=-1, name=name)


def normalize(tensor, ord="euclidean", axis=None, name=None):  # noqa: A002 - TF's argument name
    """Mirrors ``tf.linalg.normalize``: ``(tensor / norm, norm)`` with the norm kept in its reduced dims."""
    tensor = to_tensor(tensor)
    norm = linalg_ops.norm_v2(tensor, ord=ord, axis=axis, keepdims=True)
    norm = math_ops.cast(norm, tensor.dtype)
    return math_ops.truediv(tensor, norm, name=name), norm


def cholesky_solve(chol, rhs, name=None):
    """Mirrors ``tf.linalg.cholesky_solve``: solves ``A X = rhs`` given ``chol = cholesky(A)`` (two triangular
    solves)."""
    y = linalg_decomp_ops.triangular_solve(chol, rhs, adjoint=False, lower=True)
    return linalg_decomp_ops.triangular_solve(chol, y, adjoint=True, lower=True, name=name)


def _unit_lower_and_upper(lower_upper):
    ones = array_ops.ones(array_ops.shape(lower_upper)[:-1], dtype=lower_upper.dtype)
    lower = set_diag(band_part(lower_upper, -1, 0), ones)
    upper = band_part(lower_upper, 0, -1)
    return lower, upper


def _check_lu(lower_upper, perm):
    if lower_upper.shape.rank is not None and lower_upper.shape.rank < 2:
        raise ValueError(f"Argument `lower_upper` must have at least 2 dimensions, got {lower_upper.shape}")


def _gather_rows(x, rows):
    """``x[..., rows[..., i], :]`` for each batch member, as TF's lu_* composites: ``gather`` when both are
    unbatched, else ``gather_nd`` over the flattened batch (``rows`` broadcast to the batch shape of ``x``)."""
    if rows.shape.rank == 1 and x.shape.rank == 2:
        return array_ops.gather(x, rows, axis=-2)
    x_shape = array_ops.shape(x, out_type=rows.dtype)
    rows = array_ops.broadcast_to(rows, x_shape[:-1])
    d, m = x_shape[-2], x_shape[-1]
    flat_x = array_ops.reshape(x, array_ops.stack([-1, d, m]))
    flat_rows = array_ops.reshape(rows, array_ops.stack([-1, d]))
    batch = array_ops.shape(flat_rows, out_type=rows.dtype)[0]
    batch_idx = array_ops.broadcast_to(array_ops.expand_dims(array_ops.range(batch, dtype=rows.dtype), -1),
                                       array_ops.shape(flat_rows, out_type=rows.dtype))
    out = array_ops.reshape(array_ops.gather_nd(flat_x, array_ops.stack([batch_idx, flat_rows], axis=-1)), x_shape)
    out.set_shape(x.shape)   # TF's shape inference reads the static part of shape(x)
    return out


def lu_reconstruct(lower_upper, perm, validate_args=False, name=None):
    """Mirrors ``tf.linalg.lu_reconstruct``: ``x`` from ``tf.linalg.lu``'s ``(lower_upper, perm)``."""
    lower_upper = to_tensor(lower_upper)
    perm = to_tensor(perm)
    _check_lu(lower_upper, perm)
    lower, upper = _unit_lower_and_upper(lower_upper)
    x = math_ops.matmul(lower, upper)
    # the inverse permutation, inverse[..., perm[..., i]] = i, is an argsort of perm
    inverse = apply_op("InvertPermutation", [perm]) if perm.shape.rank == 1 else sort_ops.argsort(perm, axis=-1)
    x = _gather_rows(x, math_ops.cast(inverse, perm.dtype))
    return x if name is None else array_ops.identity(x, name=name)


def lu_solve(lower_upper, perm, rhs, validate_args=False, name=None):
    """Mirrors ``tf.linalg.lu_solve``: solves ``x @ out = rhs`` from ``tf.linalg.lu(x)``. ``perm``'s batch shape
    must broadcast to ``rhs``'s (TF also broadcasts the other way)."""
    lower_upper = to_tensor(lower_upper)
    perm = to_tensor(perm)
    rhs = to_tensor(rhs, dtype=lower_upper.dtype)
    _check_lu(lower_upper, perm)
    permuted = _gather_rows(rhs, perm)
    lower, _ = _unit_lower_and_upper(lower_upper)
    y = linalg_decomp_ops.triangular_solve(lower, permuted, lower=True, adjoint=False)
    return linalg_decomp_ops.triangular_solve(lower_upper, y, lower=False, adjoint=False, name=name)


def lu_matrix_inverse(lower_upper, perm, validate_args=False, name=None):
    """Mirrors ``tf.linalg.lu_matrix_inverse``: the inverse of ``x`` from ``tf.linalg.lu(x)`` (``lu_solve``
    against an identity of ``lower_upper``'s shape, known statically or only at run time)."""
    lower_upper = to_tensor(lower_upper)
    eye = linalg_ops.matrix_diag(array_ops.ones_like(linalg_ops.matrix_diag_part(lower_upper)))
    return lu_solve(lower_upper, perm, eye, name=name)


def eigh_tridiagonal(alpha, beta, eigvals_only=True, select="a", select_range=None, tol=None, name=None):
    """Mirrors ``tf.linalg.eigh_tridiagonal`` for one matrix: eigenvalues (and eigenvectors when
    ``eigvals_only=False``) of the Hermitian tridiagonal matrix with diagonal ``alpha`` and off-diagonal
    ``beta``. ``select``: ``'a'`` all, ``'i'`` the index range ``select_range`` (inclusive), ``'v'`` the values in
    ``(lo, hi]``. Computed densely (TF bisects); values agree to the dtype's precision. The eigenvalues' gradient
    is TF's: that of its bisection, whose result is a fixed mix of its starting interval's ends (not the
    eigenvalues' derivative). Eigenvectors come from a dense eigh: signs and gradients may differ from TF's
    inverse iteration."""
    alpha = to_tensor(alpha)
    beta = to_tensor(beta)
    if alpha.shape.rank != 1:
        raise ValueError(f"Only a single matrix is supported, got alpha of shape {alpha.shape}")
    if select not in ("a", "i", "v"):
        raise ValueError(f"Invalid select: {select!r}")
    matrix = math_ops.add(linalg_ops.matrix_diag(alpha),
                          math_ops.add(_offdiag(beta, upper=True), _offdiag(complex_ops.conj(beta), upper=False)))
    if eigvals_only:
        values, vectors = linalg_decomp_ops.eigvalsh(matrix), None
    else:
        values, vectors = linalg_decomp_ops.eigh(matrix)
    if select == "i":
        lo, hi = (int(v) for v in select_range)
        values = values[lo:hi + 1]
        vectors = None if vectors is None else vectors[:, lo:hi + 1]
    elif select == "v":
        lo, hi = select_range
        keep = math_ops.logical_and(math_ops.greater(values, lo), math_ops.less_equal(values, hi))
        values = _mask(values, keep)
        if vectors is not None:
            vectors = array_ops.transpose(_mask(array_ops.transpose(vectors), keep))
    values = _with_bisection_gradient(values, *_bisection_interval(alpha, beta, select, select_range))
    return values if eigvals_only else (values, vectors)


def _bisection_interval(alpha, beta, select, select_range):
    """The (lower, upper) ends TF's eigenvalue bisection starts from (Gershgorin bounds widened by a slack, or
    ``select_range`` for ``'v'``), written with the ops TF uses so their gradients are TF's."""
    if alpha.dtype.is_complex:
        alpha = complex_ops.real(alpha)
        beta_sq = complex_ops.real(math_ops.multiply(complex_ops.conj(beta), beta))
        beta_abs = math_ops.sqrt(beta_sq)
    else:
        beta_sq = math_ops.square(beta)
        beta_abs = math_ops.abs(beta)
    finfo = np.finfo(alpha.dtype.as_numpy_dtype)
    row_sum = array_ops.concat([beta_abs[:1], math_ops.add(beta_abs[:-1], beta_abs[1:]), beta_abs[-1:]], axis=0)
    est_max = math_ops.minimum(finfo.max, reduction_ops.reduce_max(math_ops.add(alpha, row_sum)))
    est_min = math_ops.maximum(finfo.min, reduction_ops.reduce_min(math_ops.subtract(alpha, row_sum)))
    t_norm = math_ops.maximum(math_ops.abs(est_min), math_ops.abs(est_max))
    one = np.ones([], dtype=alpha.dtype.as_numpy_dtype)
    safemin = np.maximum(one / finfo.max, (one + finfo.eps) * finfo.tiny)
    pivmin = math_ops.multiply(safemin, math_ops.maximum(one, reduction_ops.reduce_max(beta_sq)))
    fudge = 2.1
    n = math_ops.cast(array_ops.size(alpha), alpha.dtype)
    norm_slack = math_ops.multiply(math_ops.multiply(math_ops.multiply(n, fudge), finfo.eps), t_norm)
    if select == "v":
        est_min, est_max = (to_tensor(v, dtype=alpha.dtype) for v in select_range)
    lower = math_ops.subtract(math_ops.subtract(est_min, norm_slack), math_ops.multiply(2 * fudge, pivmin))
    upper = math_ops.add(math_ops.add(est_max, norm_slack), math_ops.multiply(fudge, pivmin))
    return lower, upper


def _with_bisection_gradient(values, lower, upper):
    """``values`` with TF's gradient: its bisection's result is ``c * lower + (1 - c) * upper`` with the mix
    ``c`` fixed by the search's (non-differentiable) decisions, so only the interval ends carry a gradient."""
    values = array_ops.stop_gradient(values)
    lower = math_ops.cast(lower, values.dtype)
    upper = math_ops.cast(upper, values.dtype)
    c = array_ops.stop_gradient(math_ops.truediv(math_ops.subtract(upper, values), math_ops.subtract(upper, lower)))
    mix = math_ops.add(math_ops.multiply(c, lower), math_ops.multiply(math_ops.subtract(1.0, c), upper))
    return math_ops.add(values, math_ops.subtract(mix, array_ops.stop_gradient(mix)))


def _mask(x, keep):
    idx = array_ops.reshape(array_ops.where(keep), [-1])
    return array_ops.gather(x, idx)


def _offdiag(beta, upper):
    """The n x n matrix with ``beta`` (length n - 1) on its first super- (``upper``) or subdiagonal: a padded
    diagonal matrix, so n may be known only at run time."""
    padding = [[0, 1], [1, 0]] if upper else [[1, 0], [0, 1]]
    return array_ops.pad(linalg_ops.matrix_diag(beta), padding)
