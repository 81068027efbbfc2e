"""The 2-D float32 CPU product of the ``MatMul`` kernel: ``torch.mm``, or a GEMM of its own where one was measured
faster (1 thread, min of interleaved runs): oneDNN's linear for large products (ops/onednn_matmul.py) and the
transposed product for results with 2-10 columns (ops/matmul_skinny.py).

:func:`mm` is differentiable with TF's MatMul gradient (``grad_a = g @ b^T``, ``grad_b = a^T @ g``), each gradient
product making the same choice again (so a second derivative flows, and ``grad_b`` of a narrow product is narrow
too). Values differ from ``torch.mm``'s by float rounding only. ``torch.mm`` stays inside torch.compile and under
forward-mode AD (the predicates say no there)."""
from __future__ import annotations

import torch

from tfcompat._src.ops import matmul_skinny, onednn_matmul

__all__ = ["mm", "uses_own_gemm"]


class _OwnGemm(torch.autograd.Function):
    @staticmethod
    def forward(ctx, a, b, kernel):
        ctx.save_for_backward(a, b)
        return kernel(a, b)

    @staticmethod
    def backward(ctx, g):
        a, b = ctx.saved_tensors
        ga = mm(g, b.t()) if ctx.needs_input_grad[0] else None
        gb = mm(a.t(), g) if ctx.needs_input_grad[1] else None
        return ga, gb, None


def mm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """``a @ b`` for 2-D float32 CPU ``a`` (the caller checked) on the GEMM measured fastest for its shape."""
    if matmul_skinny.prefers_transposed(a, b):
        kernel = matmul_skinny.transposed_mm
    elif onednn_matmul.prefers_linear(a, b):
        kernel = onednn_matmul.linear_mm
    else:
        return torch.mm(a, b)
    if torch.is_grad_enabled() and (a.requires_grad or b.requires_grad):
        return _OwnGemm.apply(a, b, kernel)
    return kernel(a, b)


def uses_own_gemm(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Whether :func:`mm` runs the 2-D float32 CPU product ``a @ b`` on a GEMM of its own rather than
    ``torch.mm``. The plans' MatMul + bias fusion asks it and keeps ``addmm`` only where it is false. The caller
    has checked dtype and device."""
    return matmul_skinny.prefers_transposed(a, b) or onednn_matmul.prefers_linear(a, b)
