"""2-D float32 CPU ``MatMul`` with a narrow result (2-10 columns) computed as the transposed product.

``a @ b`` with ``b`` [K, N], N in 2..10, runs as ``(b^T @ a^T)^T``: torch's CPU GEMM (MKL) is 3-5x slower on an
[M, K] x [K, N] product with so few columns than on the same product transposed, for either operand layout
(measured, 1 thread, min of 15 interleaved runs: 128x512x10 forward 92 -> 32 us, its weight gradient
512x128 @ 128x10 115 -> 37 us; the logits layer of an MLP; N = 1 and N >= 12 lose or gain little and keep
``torch.mm``). The result is made contiguous (a few microseconds) so that consumers see ``torch.mm``'s layout.
TF's MatMul on these shapes is Eigen's contraction; the values differ from ``torch.mm``'s by float rounding
only (another summation order).

The MatMul kernel takes it through ops/cpu_gemm.py, which differentiates it with TF's MatMul gradient:
``grad_a = g @ b^T`` (inner dimension N: ``torch.mm``), ``grad_b = a^T @ g`` (N columns again: this path).
``torch.mm`` stays inside torch.compile and under forward-mode AD."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dispatch

__all__ = ["transposed_mm", "prefers_transposed"]

_ACCUMULATORS = dispatch.FORWARD_ACCUMULATORS


def prefers_transposed(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Whether the 2-D float32 CPU product ``a @ b`` should run as the transposed product (see the module
    docstring). The caller has checked ``a``'s dtype and device."""
    m, k = a.shape
    n = b.shape[1]
    return (2 <= n <= 10 and m >= 32 and k >= 64 and b.shape[0] == k and b.dtype is torch.float32
            and b.device.type == "cpu" and not _ACCUMULATORS and not torch.compiler.is_compiling())


def transposed_mm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """``a @ b`` as ``(b^T @ a^T)^T``, contiguous (no gradient of its own: ops/cpu_gemm.py wraps it)."""
    return torch.mm(b.t(), a.t()).t().contiguous()
