"""TF's CPU max pooling where torch's differs: at NaN and at windows of -inf.

TF's CPU ``MaxPool`` (Eigen's SpatialMaxPool) starts each window at the dtype's lowest finite value and keeps
``max(acc, v)`` with ``std::max`` semantics, so a NaN never wins and a window of only NaN / -inf gives the lowest
finite value (-3.4028235e38 for float32). Its ``MaxPoolGrad`` and ``MaxPoolWithArgmax`` recompute the argmax with
another rule (SpatialMaxPoolWithArgMaxHelper): the window's first (top-left unpadded) element is always taken,
then a later element only where ``current < element``: so the position is the first element when that element is
NaN or nothing exceeds it, else the first maximum of the non-NaN elements. Its ``MaxPoolGradGrad`` uses a third
rule: the window's first element equal to the pooled output, none (zero gradient) for a window of NaN / -inf.
torch's ``max_pool2d`` propagates NaN (the value and the gradient go to a NaN) and keeps -inf.

The kernels here run only when torch's pooled output shows that they can differ (it has a NaN or a -inf:
:func:`torch_max_pool_is_tf`), so the usual path costs one reduction over the pooled output."""
from __future__ import annotations

import torch
import torch.nn.functional as F

__all__ = ["torch_max_pool_is_tf", "tf_max_pool2d", "tf_max_pool2d_argmax"]

_aten = torch.ops.aten
_NEG_INF = float("-inf")


def torch_max_pool_is_tf(out: torch.Tensor) -> bool:
    """Whether ``out``, torch's ``max_pool2d`` of some input (padded with -inf), is also TF's ``MaxPool`` of it
    (and torch's argmax TF's): true unless a pooled value is NaN or -inf. Not decided while tracing under
    torch.compile or on meta tensors (true there: torch's result stands, a known difference under jit)."""
    if not out.is_floating_point() or out.numel() == 0 or out.device.type == "meta" or \
            torch.compiler.is_compiling():
        return True
    low = float(out.detach().amin())   # amin propagates NaN
    return low == low and low != _NEG_INF


def tf_max_pool2d_argmax(xs: torch.Tensor, kernel, stride, pad):
    """``(max, index)`` of each window of the NCHW-shaped ``xs`` with ``F.pad``'s ``pad`` (-inf), by TF's
    MaxPoolGrad rule (module docstring): ``max`` is the largest non-NaN value (-inf where there is none) and
    ``index`` the flat position in the padded plane (torch's ``max_pool2d_with_indices`` convention)."""
    key = torch.where(torch.isnan(xs), _NEG_INF, xs)
    kp = F.pad(key, pad, value=_NEG_INF) if any(pad) else key
    kmax, idx = _aten.max_pool2d_with_indices(kp, list(kernel), list(stride))
    (kh, kw), (sh, sw) = kernel, stride
    pl, _, pt, _ = pad
    hp, wp = kp.shape[2], kp.shape[3]
    oh, ow = kmax.shape[2], kmax.shape[3]
    # The window's first unpadded element, in padded coordinates (every TF window holds one).
    rows = torch.clamp(torch.arange(oh, device=xs.device) * sh, min=pt)
    cols = torch.clamp(torch.arange(ow, device=xs.device) * sw, min=pl)
    first = (rows.reshape(oh, 1) * wp + cols).expand(kmax.shape[0], kmax.shape[1], oh, ow)
    xp = F.pad(xs, pad, value=_NEG_INF) if any(pad) else xs
    first_val = xp.reshape(xp.shape[0], xp.shape[1], hp * wp).gather(2, first.reshape(*first.shape[:2], -1))
    take_first = torch.isnan(first_val.reshape(kmax.shape)) | (kmax == _NEG_INF)
    return kmax, torch.where(take_first, first, idx)


class _TfMaxPool2d(torch.autograd.Function):
    """TF's ``MaxPool`` value with its ``MaxPoolGrad`` (gradient to the TF argmax of each window)."""

    @staticmethod
    def forward(ctx, xs, kernel, stride, pad):
        kmax, idx = tf_max_pool2d_argmax(xs, kernel, stride, pad)
        out = kmax.clamp_min(torch.finfo(xs.dtype).min)
        ctx.save_for_backward(xs, out, idx)
        ctx.geometry = (kernel, stride, pad)
        return out

    @staticmethod
    def backward(ctx, dy):
        xs, out, idx = ctx.saved_tensors
        return _TfMaxPoolGrad.apply(xs, out, idx, dy, ctx.geometry), None, None, None


class _TfMaxPoolGrad(torch.autograd.Function):
    """TF's ``MaxPoolGrad`` (``dy`` scattered to ``idx``) whose own gradient is TF's ``MaxPoolGradGrad``: that
    kernel does not reuse MaxPoolGrad's argmax but takes each window's first element EQUAL to the pooled output
    (none for a window of NaN / -inf, whose output is the lowest float: zero there)."""

    @staticmethod
    def forward(ctx, xs, out, idx, dy, geometry):
        ctx.save_for_backward(xs, out)
        ctx.geometry = geometry
        n, c, h, w = xs.shape
        (pl, pr, pt, pb) = geometry[2]
        hp, wp = h + pt + pb, w + pl + pr
        dx = dy.new_zeros((n, c, hp * wp)).scatter_add(2, idx.reshape(n, c, -1), dy.reshape(n, c, -1))
        return dx.reshape(n, c, hp, wp)[:, :, pt:pt + h, pl:pl + w]

    @staticmethod
    def backward(ctx, ddx):
        xs, out = ctx.saved_tensors
        (kh, kw), (sh, sw), pad = ctx.geometry
        n, c, oh, ow = out.shape
        # Each window's elements, padding as NaN (never equal to anything), by window offset: (n, c, kh*kw, L).
        xp = F.pad(xs, pad, value=float("nan")) if any(pad) else xs
        taps = F.unfold(xp.detach(), (kh, kw), stride=(sh, sw)).reshape(n, c, kh * kw, oh * ow)
        eq = taps == out.detach().reshape(n, c, 1, oh * ow)
        first = eq.to(torch.uint8).argmax(dim=2)   # the first equal element (argmax keeps the first of ties)
        found = eq.any(dim=2)
        wp = xp.shape[3]
        loc = torch.arange(oh * ow, device=xs.device)
        base = (loc // ow) * sh * wp + (loc % ow) * sw
        flat = base + (first // kw) * wp + first % kw
        ddxp = F.pad(ddx, pad) if any(pad) else ddx
        picked = ddxp.reshape(n, c, -1).gather(2, flat.reshape(n, c, -1))
        ddy = torch.where(found, picked, torch.zeros_like(picked)).reshape(n, c, oh, ow)
        # TF's MaxPoolGrad gradient with respect to the pooling input and output: zeros.
        return torch.zeros_like(xs), torch.zeros_like(out), None, ddy, None


def tf_max_pool2d(xs: torch.Tensor, kernel, stride, pad) -> torch.Tensor:
    """TF's CPU ``MaxPool`` (value and gradient) of the NCHW-shaped float ``xs`` (module docstring); ``pad`` is
    ``F.pad``'s ``(left, right, top, bottom)`` for TF's SAME padding."""
    return _TfMaxPool2d.apply(xs, tuple(kernel), tuple(stride), tuple(pad))
