"""2-D float32 ``MatMul`` on the CPU through oneDNN's linear primitive (``torch.ops.mkldnn._linear_pointwise``).

Measured on the build machine (1 thread, min of many; /tmp/lead/w6/gemm_decision.md): the forward product and
both gradient products of a matmul run ~5-10% faster through oneDNN's linear than through ``torch.mm`` for the
shapes of MLP training (128x784x512: 2.90 vs 3.07 ms per triple; 2048^3: 106 vs 96 GF/s), with strided views as
operands (no copies). TF's own CPU MatMul also runs on oneDNN.

The MatMul kernel's GEMM choice (``ops/cpu_gemm.py``) asks :func:`prefers_linear` (large products only: below
``_MIN_WORK`` multiply-adds the gain is small and mid-sized products lose) and then runs :func:`linear_mm`, with
TF's MatMul gradient whose products choose again (they have the forward's multiply-add count). Results differ from
``torch.mm`` by float rounding only. ``torch.mm`` stays inside torch.compile (inductor chooses its own GEMM), under
forward-mode AD (no ``jvp`` here), and with ``TFCOMPAT_ONEDNN_MATMUL=0``."""
from __future__ import annotations

import os

import torch

from tfcompat._src.framework import dispatch

__all__ = ["linear_mm", "prefers_linear", "ENV_SWITCH"]

ENV_SWITCH = "TFCOMPAT_ONEDNN_MATMUL"
# M*K*N multiply-adds (~13 ms on one core). Measured (1 thread, CPU time, min of many): below it oneDNN's linear
# gains little (MLP 128x784x512: ~3%) and loses on mid-sized products (the GAN workload's step: 3.0 -> 3.9 ms).
_MIN_WORK = 1 << 27
_ACCUMULATORS = dispatch.FORWARD_ACCUMULATORS


def _linear_op():
    if os.environ.get(ENV_SWITCH, "1") == "0" or not torch.backends.mkldnn.is_available():
        return None
    return getattr(torch.ops.mkldnn, "_linear_pointwise", None)


_LINEAR = _linear_op()


def linear_mm(a: torch.Tensor, b: torch.Tensor) -> torch.Tensor:
    """``a @ b`` on oneDNN's linear (no gradient of its own: ops/cpu_gemm.py wraps it)."""
    # linear(x, w) == x @ w^T with w [out, in]: b^T as a view is that weight.
    return _LINEAR(a, b.t(), None, "none", [], "")


def prefers_linear(a: torch.Tensor, b: torch.Tensor) -> bool:
    """Whether the 2-D float32 CPU product ``a @ b`` should run on oneDNN's linear (see the module docstring).
    The caller has checked dtype and device."""
    sa, sb = a.shape, b.shape
    return (_LINEAR is not None and sa[1] == sb[0] and sa[0] * sa[1] * sb[1] >= _MIN_WORK
            and b.device.type == "cpu" and b.dtype is torch.float32 and not _ACCUMULATORS
            and not torch.compiler.is_compiling())
