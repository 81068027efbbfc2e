"""TF's Conv2D filter gradient where the upstream gradient is not finite at the padded border.

TF's CPU Conv2DBackpropFilter multiplies the upstream gradient by the zero-padded input, so an inf or NaN upstream
value at an output whose window overlaps SAME/explicit padding makes those filter taps NaN (inf * 0). torch's
convolution with its own (symmetric) padding skips the padding (oneDNN), giving inf or a finite value there.
:func:`tf_filter_grad_at_padding` wraps such a convolution's output: its backward looks at the upstream gradient
of the border outputs only (the ones whose windows reach the padding) and, when one is not finite, adds NaN to
the filter gradient at the taps TF makes NaN. Convolutions with an explicitly padded input (F.pad) need nothing:
they multiply the zeros as TF does."""
from __future__ import annotations

import torch
import torch.nn.functional as F

__all__ = ["tf_filter_grad_at_padding"]


def _border(size, out, k, s, d, pad):
    """How many leading and trailing outputs of one spatial axis have windows reaching the padding."""
    lead = min(out, -(-pad // s))
    last_inside = (size - 1 + pad - (k - 1) * d) // s   # the last output whose window ends inside the input
    return lead, max(0, min(out, out - (last_inside + 1)))


class _FilterGradAtPadding(torch.autograd.Function):
    """Identity on an NCHW-shaped convolution output (marked dirty, so in-place users keep working)."""

    @staticmethod
    def forward(ctx, out, w, geometry):
        ctx.mark_dirty(out)
        ctx.geometry = geometry
        ctx.w_shape = w.shape
        return out

    @staticmethod
    def backward(ctx, dy):
        if dy is None or not ctx.needs_input_grad[1]:
            return dy, None, None
        (h, wd), (kh, kw), (sh, sw), (dh, dw), (ph, pw) = ctx.geometry
        oh, ow = dy.shape[2], dy.shape[3]
        top, bottom = _border(h, oh, kh, sh, dh, ph)
        left, right = _border(wd, ow, kw, sw, dw, pw)
        bands = [dy[:, :, :top], dy[:, :, oh - bottom:], dy[:, :, :, :left], dy[:, :, :, ow - right:]]
        if all(bool(torch.isfinite(b.sum())) for b in bands if b.numel()):
            return dy, None, None
        bad = (~torch.isfinite(dy)).to(dy.dtype).sum(0, keepdim=True)
        padding_mask = F.pad(dy.new_zeros((1, 1, h, wd)), (pw, pw, ph, ph), value=1.0)
        hits = torch.nn.grad.conv2d_weight(padding_mask, (dy.shape[1], 1, kh, kw), bad, stride=(sh, sw),
                                           dilation=(dh, dw))
        nan_taps = torch.where(hits.permute(2, 3, 1, 0) > 0, float("nan"), 0.0).to(dy.dtype)
        return dy, nan_taps.expand(ctx.w_shape), None


def tf_filter_grad_at_padding(out: torch.Tensor, w: torch.Tensor, geometry) -> torch.Tensor:
    """``out`` (a convolution's fresh NCHW-shaped output, computed with torch's own symmetric padding) with TF's
    NaN filter-gradient taps at non-finite upstream values (module docstring). ``geometry``: ``((H, W), (kh, kw),
    (sh, sw), (dh, dw), (ph, pw))``; ``w`` is the filter (HWIO) the gradient goes to. Not applied while tracing
    under torch.compile (jit_compile plans, where TF runs XLA's convolution), whose backward cannot branch on
    values."""
    if not (torch.is_grad_enabled() and w.requires_grad) or torch.compiler.is_compiling():
        return out
    return _FilterGradAtPadding.apply(out, w, geometry)
