"""Linear-algebra ops (mirrors parts of ``tf.linalg``): norm, diag, diag_part, trace, eye, einsum."""
from __future__ import annotations

import builtins

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.api_dispatch import add_dispatch_support
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op, resolve_legacy
from tfcompat._src.framework.op_types import FLOAT_INT_COMPLEX, INT32, Arg
from tfcompat._src.ops import array_ops, complex_ops, math_ops, reduction_ops
from tfcompat._src.ops._helpers import is_tensor_like, static_axis, to_tensor


# ------------------------------------------------------------------------------------------------
# kernels
# ------------------------------------------------------------------------------------------------
@register_op("MatrixDiagV3", grad=DIFFERENTIABLE, inputs=("diagonal",),
             types={"diagonal": Arg("T"), "num_rows": Arg(None, INT32, from_attr="num_rows"),
                    "num_cols": Arg(None, INT32, from_attr="num_cols")})
def _matrix_diag(d, *, num_rows=-1, num_cols=-1, padding_value=0):
    n = d.shape[-1]
    rows = n if num_rows == -1 else num_rows
    cols = n if num_cols == -1 else num_cols
    if rows == n and cols == n and padding_value == 0:
        return torch.diag_embed(d)
    # k=0 with a rectangular result: the diagonal has min(rows, cols) entries, the rest is padding_value.
    m = builtins.min(rows, cols)
    if n != m:
        raise ValueError(f"The number of diagonal elements should be {m}, got {n} (num_rows={rows}, "
                         f"num_cols={cols}).")
    square = torch.diag_embed(d)
    out = torch.nn.functional.pad(square, (0, cols - m, 0, rows - m))
    if padding_value != 0:
        mask = torch.eye(rows, cols, dtype=torch.bool, device=d.device)
        out = torch.where(mask, out, torch.full((), padding_value, dtype=d.dtype, device=d.device))
    return out


@register_op("MatrixDiagPartV3", grad=DIFFERENTIABLE, inputs=("input",), types={"input": Arg("T")})
def _matrix_diag_part(x):
    return torch.diagonal(x, dim1=-2, dim2=-1)


@register_op("Diag", grad=DIFFERENTIABLE, inputs=("diagonal",), types={"diagonal": Arg("T", FLOAT_INT_COMPLEX)})
def _diag(d):
    return torch.diag(d.reshape(-1)).reshape(tuple(d.shape) * 2)


@register_op("DiagPart", grad=DIFFERENTIABLE, inputs=("input",), types={"input": Arg("T", FLOAT_INT_COMPLEX)})
def _diag_part(x):
    k = x.dim() // 2
    n = 1
    for d in x.shape[:k]:
        n *= d
    return torch.diagonal(x.reshape(n, n)).reshape(x.shape[:k])


@register_op("Einsum", grad=DIFFERENTIABLE, inputs=("inputs",), list_input=True, types={"inputs": Arg("T")})
def _einsum(*xs, N, equation):
    return torch.einsum(equation, *xs)


# ------------------------------------------------------------------------------------------------
# public functions
# ------------------------------------------------------------------------------------------------
def matrix_diag(diagonal, name: str = "diag", k: int = 0, num_rows: int = -1, num_cols: int = -1,
                padding_value=0, align: str = "RIGHT_LEFT"):
    """Mirrors ``tf.linalg.diag`` (op ``MatrixDiagV3``): a batch of diagonal matrices.

    Only the main diagonal (``k=0``) is supported; other ``k`` raise NotImplementedError."""
    if k != 0:
        raise NotImplementedError("tf.linalg.diag with k != 0 is not supported by tfcompat yet.")
    d = to_tensor(diagonal)
    return apply_op("MatrixDiagV3", [d], {"num_rows": int(num_rows), "num_cols": int(num_cols),
                                          "padding_value": padding_value}, name=name)


@add_dispatch_support
def matrix_diag_part(input, name: str = "diag_part", k: int = 0, padding_value=0,  # noqa: A002
                     align: str = "RIGHT_LEFT"):
    """Mirrors ``tf.linalg.diag_part`` (op ``MatrixDiagPartV3``); only ``k=0`` is supported."""
    if k != 0:
        raise NotImplementedError("tf.linalg.diag_part with k != 0 is not supported by tfcompat yet.")
    return apply_op("MatrixDiagPartV3", [to_tensor(input)], name=name)


def tensor_diag(diagonal, name=None):
    """Mirrors ``tf.linalg.tensor_diag`` / ``tf.compat.v1.diag`` (op ``Diag``): rank k -> rank 2k."""
    return apply_op("Diag", [to_tensor(diagonal)], name=name)


def tensor_diag_part(input, name=None):  # noqa: A002
    """Mirrors ``tf.linalg.tensor_diag_part`` / ``tf.compat.v1.diag_part`` (op ``DiagPart``): rank 2k -> k."""
    return apply_op("DiagPart", [to_tensor(input)], name=name)


@add_dispatch_support
def trace(x, name=None):
    """Mirrors ``tf.linalg.trace`` / ``tf.compat.v1.trace``: sum of the main diagonal of each inner matrix."""
    t = to_tensor(x)
    return reduction_ops.reduce_sum(matrix_diag_part(t), [-1], name=name)


def eye(num_rows, num_columns=None, batch_shape=None, dtype=dtypes.float32, name=None):
    """Mirrors ``tf.eye``: built as TF does, ``MatrixDiagV3`` of a ones vector (static sizes only)."""
    dtype = dtypes.as_dtype(dtype)
    for v in (num_rows, num_columns):
        if v is not None and not is_tensor_like(v) and (not isinstance(v, (int, np.integer)) or isinstance(v, bool)):
            raise TypeError(f"Arguments `num_rows` and `num_columns` must be positive integer values. Received: "
                            f"num_rows={num_rows}, num_columns={num_rows if num_columns is None else num_columns}")
    rows = int(num_rows)
    cols = rows if num_columns is None else int(num_columns)
    if is_tensor_like(batch_shape):
        # A batch-shape tensor: the ones' shape is built at run time (known in a graph as far as TF knows it).
        dims = array_ops.concat([math_ops.cast(batch_shape, dtypes.int32), [builtins.min(rows, cols)]], 0)
        ones = array_ops.ones(dims, dtype=dtype)
    else:
        batch = [] if batch_shape is None else [int(b) for b in batch_shape]
        ones = array_ops.ones(batch + [builtins.min(rows, cols)], dtype=dtype)
    if rows == cols:
        return matrix_diag(ones, name=name or "eye")
    return matrix_diag(ones, name=name or "eye", num_rows=rows, num_cols=cols)


def einsum(equation: str, *inputs, **kwargs):
    """Mirrors ``tf.einsum`` (op ``Einsum``); all inputs must share one dtype, as in TF."""
    name = kwargs.pop("name", None)
    if kwargs:
        raise TypeError(f"Invalid keyword arguments for this function: {', '.join(sorted(kwargs))}. "
                        "Expected: name")
    xs = [to_tensor(x) for x in inputs]
    return apply_op("Einsum", xs, {"N": len(xs), "equation": equation.replace(" ", "")}, name=name)


# ------------------------------------------------------------------------------------------------
# norm (composite, as TF's linalg_ops.norm_v2)
# ------------------------------------------------------------------------------------------------
def _is_ord(ord, *vals):  # noqa: A002
    return not isinstance(ord, str) and builtins.any(ord == v for v in vals)


def norm_v2(tensor, ord="euclidean", axis=None, keepdims=None, name=None):  # noqa: A002
    """Mirrors ``tf.norm`` / ``tf.linalg.norm``: vector norms (any ord >= 1) and matrix norms ('fro',
    'euclidean', 1, 2, inf) built from registered ops as TF builds them, so gradients match TF (at 0 the
    euclidean norm's gradient is NaN, as in TF)."""
    return norm(tensor, ord=ord, axis=axis, keepdims=keepdims, name=name)


def norm(tensor, ord="euclidean", axis=None, keepdims=None, name=None, keep_dims=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.norm`` (``keep_dims`` alias accepted); see ``norm_v2``."""
    keepdims = bool(resolve_legacy("keepdims", keepdims, keep_dims=keep_dims))
    ax = static_axis(axis)
    if ax is not None and not isinstance(ax, (int, tuple)):
        raise NotImplementedError("tf.norm needs a constant axis in tfcompat.")
    is_matrix_norm = isinstance(ax, tuple) and len(ax) == 2
    if isinstance(ax, tuple) and not is_matrix_norm:
        if len(ax) != 1:
            raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, got {axis}")
        ax = ax[0]
    if is_matrix_norm:
        if ax[0] == ax[1]:
            raise ValueError(f"'axis' must be None, an integer, or a tuple of 2 unique integers, got {axis}")
        supported = ["euclidean", "fro", 1, 2, np.inf]
        if not (ord in ("euclidean", "fro") or _is_ord(ord, 1, 2, np.inf)):
            raise ValueError(f"'ord' must be a supported matrix norm in {supported}, got {ord}")
    elif not (ord in ("euclidean", "fro") if isinstance(ord, str) else (ord > 0)):
        raise ValueError(f"'ord' must be a supported vector norm, got {ord}")
    if isinstance(ord, str) and ord == "fro" and not is_matrix_norm:
        raise ValueError(f"'ord' must be a supported vector norm, got {ord}")
    with name_scope(name or "norm"):
        x = to_tensor(tensor, name="tensor")
        if is_matrix_norm and _is_ord(ord, 2):
            result = _spectral_norm(x, ax)
        elif ord in ("euclidean", "fro") or _is_ord(ord, 2):
            result = math_ops.sqrt(reduction_ops.reduce_sum(x * complex_ops.conj(x), ax, keepdims=True))
        else:
            result = math_ops.abs(x)
            if _is_ord(ord, 1):
                if is_matrix_norm:
                    result = reduction_ops.reduce_max(reduction_ops.reduce_sum(result, ax[0], keepdims=True),
                                                      ax[1], keepdims=True)
                else:
                    result = reduction_ops.reduce_sum(result, ax, keepdims=True)
            elif _is_ord(ord, np.inf):
                if is_matrix_norm:
                    result = reduction_ops.reduce_max(reduction_ops.reduce_sum(result, ax[1], keepdims=True),
                                                      ax[0], keepdims=True)
                else:
                    result = reduction_ops.reduce_max(result, ax, keepdims=True)
            else:
                result = math_ops.pow(reduction_ops.reduce_sum(math_ops.pow(result, ord), ax, keepdims=True),
                                      1.0 / ord)
        if not keepdims:
            result = array_ops.squeeze(result, ax)
        return result


@register_op("Svd", grad=DIFFERENTIABLE, inputs=("input",), num_outputs=3,
             types={"input": Arg("T", ("double", "float", "half", "complex64", "complex128"))})
def _svd(x, *, compute_uv=True, full_matrices=False):
    if not compute_uv:
        s = torch.linalg.svdvals(x)
        empty = x.new_zeros((0,))
        return s, empty, empty
    u, s, vh = torch.linalg.svd(x, full_matrices=full_matrices)
    return s, u, vh.transpose(-2, -1).conj()


def _spectral_norm(x, ax):
    rank = x.shape.rank
    if rank is None:
        raise NotImplementedError("tf.norm(ord=2) on a matrix needs a known rank in tfcompat.")
    pos = [a % rank for a in ax]
    perm = [d for d in builtins.range(rank) if d not in pos] + pos
    s = apply_op("Svd", [array_ops.transpose(x, perm)], {"compute_uv": False, "full_matrices": False})[0]
    result = reduction_ops.reduce_max(s, -1, keepdims=True)
    # Put the two reduced (size-1) dims back where the input had them.
    result = array_ops.expand_dims(result, -1)
    inverse = list(np.argsort(perm))
    return array_ops.transpose(result, [int(i) for i in inverse])
