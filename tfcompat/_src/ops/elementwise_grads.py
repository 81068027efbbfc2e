"""Elementwise kernels whose gradient is TF's registered formula (``math_grad.py``), as torch autograd Functions.

Torch either has no derivative for these functions (``bessel_j0``, ``zeta`` in ``q``, ``gammainc`` in ``a``) or a
different one at some point (TF imputes ``bessel_i1'(0) = 1``, gives no gradient for ``polygamma``'s order).
``unary(forward, derivative)`` and ``binary(forward, dx, dy)`` build a kernel that runs ``forward`` and, when a
gradient is being recorded, a Function whose backward multiplies by TF's partial derivative. A partial given as
``None`` is TF's ``None`` gradient for that input. Derivatives are written with differentiable torch code (often
other kernels built here), so second derivatives flow and forward mode (``jvp``) works."""
from __future__ import annotations

from typing import Callable

import torch

from tfcompat._src.ops.grad_function import TFGradFunction

__all__ = ["unary", "binary", "sum_to"]


def sum_to(g, shape):
    """A broadcast operand's gradient summed back to its shape."""
    return g if g.shape == shape else g.sum_to_size(shape)


def _recording(*xs) -> bool:
    return torch.is_grad_enabled() and any(x.requires_grad for x in xs)


def unary(forward: Callable, derivative: Callable, name: str) -> Callable:
    """A kernel ``x -> forward(x)`` whose gradient is ``dy * derivative(x, y)``."""
    class _Fn(TFGradFunction):
        @staticmethod
        def forward(ctx, x):
            y = forward(x)
            ctx.save_for_backward(x, y)
            ctx.save_for_forward(x, y)
            return y

        @staticmethod
        def backward(ctx, dy):
            x, y = ctx.saved_tensors
            return dy * derivative(x, y)

        @staticmethod
        def jvp(ctx, t):
            x, y = ctx.saved_tensors
            return t * derivative(x, y)

    _Fn.__name__ = _Fn.__qualname__ = name

    def kernel(x):
        if x.device.type == "meta":
            return torch.empty_like(x)
        return _Fn.apply(x) if _recording(x) else forward(x)

    kernel.__name__ = name
    return kernel


def binary(forward: Callable, dx: Callable | None, dy: Callable | None, name: str) -> Callable:
    """A kernel ``(x, y) -> forward(x, y)`` (broadcasting) whose gradients are ``dz * dx(x, y, z)`` and
    ``dz * dy(x, y, z)`` summed to each input's shape; a ``None`` partial gives TF's None gradient."""
    class _Fn(TFGradFunction):
        @staticmethod
        def forward(ctx, x, y):
            z = forward(x, y)
            ctx.save_for_backward(x, y, z)
            ctx.save_for_forward(x, y, z)
            return z

        @staticmethod
        def backward(ctx, dz):
            x, y, z = ctx.saved_tensors
            gx = sum_to(dz * dx(x, y, z), x.shape) if dx is not None and ctx.needs_input_grad[0] else None
            gy = sum_to(dz * dy(x, y, z), y.shape) if dy is not None and ctx.needs_input_grad[1] else None
            return gx, gy

        @staticmethod
        def jvp(ctx, tx, ty):
            x, y, z = ctx.saved_tensors
            out = torch.zeros_like(z)
            if tx is not None and dx is not None:
                out = out + tx * dx(x, y, z)
            if ty is not None and dy is not None:
                out = out + ty * dy(x, y, z)
            return out

    _Fn.__name__ = _Fn.__qualname__ = name

    def kernel(x, y, _grad_input_indices=None):
        # ``_grad_input_indices`` (an op attribute) tells graph-mode tf.gradients which inputs get a gradient.
        if x.device.type == "meta":
            return torch.empty(torch.broadcast_shapes(x.shape, y.shape), dtype=x.dtype, device="meta")
        return _Fn.apply(x, y) if _recording(x, y) else forward(x, y)

    kernel.__name__ = name
    return kernel
