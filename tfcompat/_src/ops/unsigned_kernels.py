"""uint16/uint32/uint64 arithmetic, which TF's CPU kernels have and torch's mostly lack.

torch stores these dtypes but has no CPU kernels for add, compare, min/max, mod, reductions or scans on them
(``"add_stub" not implemented for 'UInt16'``). :func:`wide_unsigned` wraps an op's kernel so that for these dtypes
it runs on the values' numpy arrays instead (numpy's unsigned arithmetic wraps modulo 2**bits, as TF's does, and is
exact over the whole uint64 range); every other dtype goes to the torch kernel unchanged. On the meta device (static
shape inference) the torch kernel runs on int64 stand-ins and the result takes the unsigned dtype back. Integer
tensors are constants for autodiff, so no gradient is lost."""
from __future__ import annotations

import functools
from typing import Callable

import numpy as np
import torch

from tfcompat._src.framework import errors

__all__ = ["WIDE_UNSIGNED", "wide_unsigned", "numpy_binary", "numpy_reduction", "numpy_scan"]

WIDE_UNSIGNED = (torch.uint16, torch.uint32, torch.uint64)


def _is_unsigned(value) -> bool:
    return isinstance(value, torch.Tensor) and value.dtype in WIDE_UNSIGNED


def wide_unsigned(kernel: Callable, numpy_fn: Callable, bool_output: bool = False) -> Callable:
    """``kernel`` for every dtype but uint16/32/64, whose values ``numpy_fn(*arrays, **attrs)`` computes."""
    @functools.wraps(kernel)
    def run(*args, **attrs):
        first = args[0]
        if first.dtype not in WIDE_UNSIGNED:
            return kernel(*args, **attrs)
        if first.device.type == "meta":
            out = kernel(*(a.to(torch.int64) if _is_unsigned(a) else a for a in args), **attrs)
            return out if bool_output else out.to(first.dtype)
        with np.errstate(over="ignore"):
            value = numpy_fn(*(a.numpy() if isinstance(a, torch.Tensor) else a for a in args), **attrs)
        return torch.from_numpy(np.array(value, order="C"))   # a fresh C-ordered copy (0-d stays 0-d)
    return run


def _checked_division(fn):
    def divide(x, y):
        if not np.all(y):
            raise errors.InvalidArgumentError("Integer division by zero")
        return fn(x, y)
    return divide


def _same_dtype(fn):
    def apply(x, y):
        return fn(x, y).astype(x.dtype, copy=False)
    return apply


# TF op type -> numpy function, for the binary ops TF registers uint16/32/64 CPU kernels for.
numpy_binary = {
    "AddV2": _same_dtype(np.add),
    "Sub": _same_dtype(np.subtract),
    "Mul": _same_dtype(np.multiply),
    "FloorDiv": _checked_division(np.floor_divide),
    "TruncateDiv": _checked_division(np.floor_divide),   # unsigned: truncation is flooring
    "Div": _checked_division(np.floor_divide),
    "FloorMod": _checked_division(np.remainder),
    "Maximum": np.maximum,
    "Minimum": np.minimum,
    "Less": np.less,
    "LessEqual": np.less_equal,
    "Greater": np.greater,
    "GreaterEqual": np.greater_equal,
}


def numpy_reduction(fn: Callable) -> Callable:
    """A reducer ``(array, dims, keep)`` for Sum/Prod/Max/Min that keeps the unsigned dtype (wrapping)."""
    def reduce(x, dims, keep):
        axes = tuple(int(d) for d in dims)
        if fn in (np.max, np.min) and any(x.shape[d] == 0 for d in axes):
            info = np.iinfo(x.dtype)   # TF: the reduction's identity over an empty axis
            out = np.sum(x, axis=axes, keepdims=keep, dtype=x.dtype)
            return np.full_like(out, info.min if fn is np.max else info.max)
        kwargs = {"dtype": x.dtype} if fn in (np.sum, np.prod) else {}
        return np.asarray(fn(x, axis=axes, keepdims=keep, **kwargs), dtype=x.dtype)
    return reduce


def numpy_scan(x, axis, exclusive, reverse, product=False):
    """``Cumsum`` (``Cumprod``) of an unsigned array along ``axis`` (wrapping), with TF's exclusive/reverse."""
    if reverse:
        x = np.flip(x, axis)
    out = (np.cumprod if product else np.cumsum)(x, axis=axis, dtype=x.dtype)
    if exclusive:   # shifted by one along the axis, starting from the identity
        first = np.ones_like(np.take(out, [0], axis)) if product else np.zeros_like(np.take(out, [0], axis))
        out = np.concatenate([first, np.take(out, range(out.shape[axis] - 1), axis)], axis)
    return np.flip(out, axis) if reverse else out
