"""Small functions the exported modules call where one torch statement cannot say what TF does.

Each function here is copied verbatim (``inspect.getsource``) into a generated module that uses it, so it may use
only ``torch``, ``F`` (``torch.nn.functional``) and ``math``, never tfcompat. They spell out TF semantics that torch
lacks: SAME padding computed from the input size, NHWC convolutions and pooling, TF's integer division."""
from __future__ import annotations

import math

import torch
import torch.nn.functional as F

__all__ = ["HELPERS", "helper_source"]


def tf_same_padding(size, kernel, stride, dilation=1):
    """TF's SAME padding of one spatial dimension: (before, after); the odd pixel goes after."""
    out = -(-size // stride)
    total = max((out - 1) * stride + (kernel - 1) * dilation + 1 - size, 0)
    return total // 2, total - total // 2


def tf_conv2d_nhwc(x, filters, strides, padding, dilations=(1, 1)):
    """TF's Conv2D on NHWC input with an HWIO filter: permute to NCHW, pad SAME explicitly, conv2d, permute back."""
    x = x.permute(0, 3, 1, 2)
    w = filters.permute(3, 2, 0, 1)
    if padding == "SAME":
        top, bottom = tf_same_padding(x.shape[2], w.shape[2], strides[0], dilations[0])
        left, right = tf_same_padding(x.shape[3], w.shape[3], strides[1], dilations[1])
        x = F.pad(x, (left, right, top, bottom))
    y = F.conv2d(x, w, stride=tuple(strides), dilation=tuple(dilations))
    return y.permute(0, 2, 3, 1)


def tf_max_pool_nhwc(x, ksize, strides, padding):
    """TF's MaxPool on NHWC input; SAME pads with -inf (padding never wins the max)."""
    x = x.permute(0, 3, 1, 2)
    if padding == "SAME":
        top, bottom = tf_same_padding(x.shape[2], ksize[0], strides[0])
        left, right = tf_same_padding(x.shape[3], ksize[1], strides[1])
        x = F.pad(x, (left, right, top, bottom), value=-math.inf)
    return F.max_pool2d(x, tuple(ksize), tuple(strides)).permute(0, 2, 3, 1)


def tf_avg_pool_nhwc(x, ksize, strides, padding):
    """TF's AvgPool on NHWC input; SAME divides by the number of real (unpadded) pixels in each window."""
    x = x.permute(0, 3, 1, 2)
    if padding == "SAME":
        top, bottom = tf_same_padding(x.shape[2], ksize[0], strides[0])
        left, right = tf_same_padding(x.shape[3], ksize[1], strides[1])
        pads = (left, right, top, bottom)
        y = F.avg_pool2d(F.pad(x, pads), tuple(ksize), tuple(strides))
        counts = F.avg_pool2d(F.pad(torch.ones_like(x[:1, :1]), pads), tuple(ksize), tuple(strides))
        y = y / counts
    else:
        y = F.avg_pool2d(x, tuple(ksize), tuple(strides))
    return y.permute(0, 2, 3, 1)


def tf_div(x, y):
    """TF's Div/RealDiv: true division for floats, truncation toward zero for integers."""
    if x.dtype.is_floating_point or x.dtype.is_complex:
        return x / y
    return torch.div(x, y, rounding_mode="trunc")


def tf_floor_div(x, y):
    """TF's FloorDiv: floor(x / y) for floats and integers alike."""
    if x.dtype.is_floating_point:
        return torch.floor(x / y)
    return torch.div(x, y, rounding_mode="floor")


HELPERS = {f.__name__: f for f in (tf_same_padding, tf_conv2d_nhwc, tf_max_pool_nhwc, tf_avg_pool_nhwc, tf_div,
                                   tf_floor_div)}
# Helpers that call other helpers.
_NEEDS = {"tf_conv2d_nhwc": ("tf_same_padding",), "tf_max_pool_nhwc": ("tf_same_padding",),
          "tf_avg_pool_nhwc": ("tf_same_padding",)}


def helper_source(names) -> str:
    """The source of the named helpers and the helpers they call, in a stable order."""
    import inspect
    wanted = set(names)
    for n in list(wanted):
        wanted.update(_NEEDS.get(n, ()))
    return "\n\n".join(inspect.getsource(HELPERS[n]) for n in HELPERS if n in wanted)
