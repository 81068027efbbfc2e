"""More convolution and pooling ops: ``Conv3D``, ``DepthwiseConv2dNative``, ``MaxPool3D``, ``AvgPool3D``
(TF's raw-op names, NHWC/NDHWC by default, TF's asymmetric SAME padding) and the ``tf.nn`` functions built on
them or on ``Conv2D``/``MaxPool``/``AvgPool``: ``conv1d``, ``conv3d``, ``depthwise_conv2d``,
``separable_conv2d``, ``max_pool1d``/``avg_pool1d`` (an expanded 2-D op, as TF does), ``max_pool3d``,
``avg_pool3d``, ``convolution``, ``pool``."""
from __future__ import annotations

import torch
import torch.nn.functional as F

from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op
from tfcompat._src.ops import array_ops, nn_misc_ops, nn_ops
from tfcompat._src.ops._helpers import match_dtypes, to_tensor

__all__ = ["conv1d", "conv3d", "depthwise_conv2d", "separable_conv2d", "max_pool1d", "avg_pool1d", "max_pool3d",
           "avg_pool3d", "convolution", "pool"]


def _same_pads(size, k, s, d=1):
    out = -(-size // s)
    total = max((out - 1) * s + (k - 1) * d + 1 - size, 0)
    return total // 2, total - total // 2


def _spatial(vals, data_format, n):
    """The n spatial entries of a length-(n+2) strides/ksize/dilations list (or one int, or n values)."""
    vals = [vals] if isinstance(vals, int) else list(vals)
    if len(vals) == n + 2:
        return tuple(vals[2:]) if data_format.startswith("NC") else tuple(vals[1:-1])
    if len(vals) == 1:
        return tuple(vals) * n
    return tuple(vals)


def _to_channels_first(x, data_format):
    if data_format.startswith("NC"):
        return x
    return x.permute(0, x.dim() - 1, *range(1, x.dim() - 1))


def _from_channels_first(x, data_format):
    if data_format.startswith("NC"):
        return x
    return x.permute(0, *range(2, x.dim()), 1)


def _pad_same(xs, ksize, strides, dilations, value=0.0):
    pads = []
    for dim, (k, s, d) in reversed(list(enumerate(zip(ksize, strides, dilations)))):
        lo, hi = _same_pads(xs.shape[2 + dim], k, s, d)
        pads += [lo, hi]
    return F.pad(xs, pads, value=value) if any(pads) else xs, pads


@register_op("Conv3D", grad=DIFFERENTIABLE, inputs=("input", "filter"))
def _conv3d(x, w, *, strides, padding, data_format="NDHWC", dilations=(1, 1, 1, 1, 1)):
    xs = _to_channels_first(x, data_format)
    s = _spatial(strides, data_format, 3)
    d = _spatial(dilations, data_format, 3)
    if any(v != 1 for v in d):
        raise errors.InvalidArgumentError("CPU implementation of Conv3D currently only supports dilated rates of 1.")
    if padding == "SAME":
        xs, _ = _pad_same(xs, w.shape[:3], s, d)
    elif padding != "VALID":
        raise ValueError(f"padding must be 'SAME' or 'VALID', got {padding!r}")
    out = F.conv3d(xs, w.permute(4, 3, 0, 1, 2), stride=s, dilation=d)
    return _from_channels_first(out, data_format)


@register_op("DepthwiseConv2dNative", grad=DIFFERENTIABLE, inputs=("input", "filter"))
def _depthwise_conv2d(x, w, *, strides, padding, data_format="NHWC", dilations=(1, 1, 1, 1)):
    xs = _to_channels_first(x, data_format)
    s = _spatial(strides, data_format, 2)
    d = _spatial(dilations, data_format, 2)
    if s[0] != s[1] and x.device.type != "meta":   # TF's shape function accepts them; its CPU kernel does not
        raise errors.InvalidArgumentError("Current implementation only supports equal length strides in the row "
                                          "and column dimensions.")
    kh, kw, cin, mult = w.shape
    if padding == "SAME":
        xs, _ = _pad_same(xs, (kh, kw), s, d)
    elif not isinstance(padding, str):
        pads = [tuple(p) for p in padding]
        (t, b), (l, r) = (pads[2], pads[3]) if data_format.startswith("NC") else (pads[1], pads[2])
        xs = F.pad(xs, (l, r, t, b))
    elif padding != "VALID":
        raise ValueError(f"padding must be 'SAME' or 'VALID', got {padding!r}")
    # TF's output channel c * mult + m reads input channel c with filter[..., c, m].
    weight = w.permute(2, 3, 0, 1).reshape(cin * mult, 1, kh, kw)
    out = F.conv2d(xs, weight, stride=s, dilation=d, groups=cin)
    return _from_channels_first(out, data_format)


def _pool3d(x, ksize, strides, padding, data_format, kind):
    xs = _to_channels_first(x, data_format)
    k = _spatial(ksize, data_format, 3)
    s = _spatial(strides, data_format, 3)
    if padding == "SAME":
        if kind == "max":
            xp, pads = _pad_same(xs, k, s, (1, 1, 1), value=float("-inf"))
            out = F.max_pool3d(xp, k, s)
        else:
            xp, pads = _pad_same(xs, k, s, (1, 1, 1))
            out = F.avg_pool3d(xp, k, s)
            if any(pads):
                # TF's SAME average pooling divides by the number of valid (unpadded) elements.
                ones = F.pad(torch.ones_like(xs[:1, :1]), pads)
                out = out / F.avg_pool3d(ones, k, s)
    else:
        out = F.max_pool3d(xs, k, s) if kind == "max" else F.avg_pool3d(xs, k, s)
    return _from_channels_first(out, data_format)


@register_op("MaxPool3D", grad=DIFFERENTIABLE, inputs=("input",))
def _max_pool3d(x, *, ksize, strides, padding, data_format="NDHWC"):
    return _pool3d(x, ksize, strides, padding, data_format, "max")


@register_op("AvgPool3D", grad=DIFFERENTIABLE, inputs=("input",))
def _avg_pool3d(x, *, ksize, strides, padding, data_format="NDHWC"):
    return _pool3d(x, ksize, strides, padding, data_format, "avg")


def _list(v, n):
    """TF's stride/ksize normalisation: an int or n values become the full [1, ..., 1] list."""
    if isinstance(v, int):
        return [1] + [v] * n + [1]
    v = list(v)
    if len(v) == 1:
        return [1] + v * n + [1]
    if len(v) == n:
        return [1] + v + [1]
    return v


def _channels_first_list(v, n, data_format):
    full = _list(v, n)
    if data_format.startswith("NC") and len(v if not isinstance(v, int) else [v]) in (1, n):
        return [1, 1] + full[1:-1]
    return full


def conv1d(input, filters, stride, padding, data_format="NWC", dilations=None, name=None):  # noqa: A002
    """Mirrors ``tf.nn.conv1d``: an ExpandDims + Conv2D + Squeeze, as TF builds it."""
    channels_first = data_format in ("NCW", "NCHW")
    spatial_axis = 2 if channels_first else 1
    x = array_ops.expand_dims(to_tensor(input), spatial_axis)
    w = array_ops.expand_dims(to_tensor(filters), 0)
    s = stride if isinstance(stride, int) else list(stride)[spatial_axis if len(list(stride)) == 3 else 0]
    d = 1 if dilations is None else (dilations if isinstance(dilations, int) else
                                     list(dilations)[spatial_axis if len(list(dilations)) == 3 else 0])
    fmt = "NCHW" if channels_first else "NHWC"
    strides = [1, 1, 1, s] if channels_first else [1, 1, s, 1]
    dil = [1, 1, 1, d] if channels_first else [1, 1, d, 1]
    out = nn_ops.conv2d(x, w, strides=strides, padding=padding, data_format=fmt, dilations=dil, name=name)
    return array_ops.squeeze(out, [spatial_axis])


def conv3d(input, filters, strides, padding, data_format="NDHWC", dilations=None, name=None):  # noqa: A002
    """Mirrors ``tf.nn.conv3d``."""
    x, w = match_dtypes(input, filters)
    return apply_op("Conv3D", [x, w], {"strides": tuple(_channels_first_list(strides, 3, data_format)),
                                       "padding": padding.upper(), "data_format": data_format,
                                       "dilations": tuple(_channels_first_list(dilations or 1, 3, data_format))},
                    name=name)


def depthwise_conv2d(input, filter, strides, padding, data_format=None, dilations=None, name=None,  # noqa: A002
                     rate=None):
    """Mirrors ``tf.nn.depthwise_conv2d``."""
    data_format = data_format or "NHWC"
    if rate is not None and dilations is None:
        dilations = rate
    x, w = match_dtypes(input, filter)
    if isinstance(padding, str):
        padding = padding.upper()
    return apply_op("DepthwiseConv2dNative", [x, w], {
        "strides": tuple(_channels_first_list(strides, 2, data_format)), "padding": padding,
        "data_format": data_format, "dilations": tuple(_channels_first_list(dilations or 1, 2, data_format))},
        name=name)


def separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding, data_format=None,  # noqa: A002
                     dilations=None, name=None, rate=None):
    """Mirrors ``tf.nn.separable_conv2d``: a depthwise convolution, then a 1x1 (pointwise) Conv2D."""
    data_format = data_format or "NHWC"
    depthwise = depthwise_conv2d(input, depthwise_filter, strides, padding, data_format=data_format,
                                 dilations=dilations, rate=rate)
    return nn_ops.conv2d(depthwise, pointwise_filter, strides=[1, 1, 1, 1], padding="VALID",
                         data_format=data_format, name=name)


def _pool1d(op, x, ksize, strides, padding, data_format):
    channels_first = data_format in ("NCW", "NCHW")
    axis = 2 if channels_first else 1
    x = array_ops.expand_dims(to_tensor(x), axis)
    k = ksize if isinstance(ksize, int) else list(ksize)[-2 if len(list(ksize)) == 3 else 0]
    s = strides if isinstance(strides, int) else list(strides)[-2 if len(list(strides)) == 3 else 0]
    fmt = "NCHW" if channels_first else "NHWC"
    ks = [1, 1, 1, k] if channels_first else [1, 1, k, 1]
    ss = [1, 1, 1, s] if channels_first else [1, 1, s, 1]
    out = apply_op(op, [x], {"ksize": tuple(ks), "strides": tuple(ss), "padding": padding.upper(),
                             "data_format": fmt})
    return array_ops.squeeze(out, [axis])


def max_pool1d(input, ksize, strides, padding, data_format="NWC", name=None):  # noqa: A002
    """Mirrors ``tf.nn.max_pool1d``."""
    return _pool1d("MaxPool", input, ksize, strides, padding, data_format)


def avg_pool1d(input, ksize, strides, padding, data_format="NWC", name=None):  # noqa: A002
    """Mirrors ``tf.nn.avg_pool1d``."""
    return _pool1d("AvgPool", input, ksize, strides, padding, data_format)


def max_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None):  # noqa: A002
    """Mirrors ``tf.nn.max_pool3d``."""
    return apply_op("MaxPool3D", [to_tensor(input)], {
        "ksize": tuple(_channels_first_list(ksize, 3, data_format)),
        "strides": tuple(_channels_first_list(strides, 3, data_format)), "padding": padding.upper(),
        "data_format": data_format}, name=name)


def avg_pool3d(input, ksize, strides, padding, data_format="NDHWC", name=None):  # noqa: A002
    """Mirrors ``tf.nn.avg_pool3d``."""
    return apply_op("AvgPool3D", [to_tensor(input)], {
        "ksize": tuple(_channels_first_list(ksize, 3, data_format)),
        "strides": tuple(_channels_first_list(strides, 3, data_format)), "padding": padding.upper(),
        "data_format": data_format}, name=name)


def _direct_convolution(input, filters, rank, strides, padding, data_format, dilations, name):  # noqa: A002
    if rank == 1:
        return conv1d(input, filters, strides, padding, data_format=data_format, dilations=dilations, name=name)
    if rank == 2:
        return nn_ops.conv2d(input, filters, strides=_channels_first_list(strides, 2, data_format), padding=padding,
                             data_format=data_format, dilations=_channels_first_list(dilations, 2, data_format),
                             name=name)
    return conv3d(input, filters, strides, padding, data_format=data_format, dilations=dilations, name=name)


def _spatial_known(x, data_format, rank):
    shape = x.shape
    if shape.rank is None:
        return False
    dims = shape.as_list()[2:] if data_format.startswith("NC") else shape.as_list()[1:1 + rank]
    return all(d is not None for d in dims)


def convolution(input, filters, strides=None, padding="VALID", data_format=None, dilations=None,  # noqa: A002
                name=None):
    """Mirrors ``tf.nn.convolution`` (1-, 2- or 3-D by the filter's rank). As TF, a dilated convolution runs as
    the undilated op on the space-to-batch form of the input (``with_space_to_batch``) when the spatial sizes
    are known; strides and dilations above 1 together raise ValueError."""
    x = to_tensor(input)
    filters = to_tensor(filters)
    rank = filters.shape.rank - 2
    fmt = data_format or {1: "NWC", 2: "NHWC", 3: "NDHWC"}[rank]
    s = list(_spatial(strides or 1, fmt, rank))
    d = list(_spatial(dilations or 1, fmt, rank))
    if any(v != 1 for v in d):
        if any(v != 1 for v in s):
            raise ValueError(f"`strides` > 1 not supported in conjunction with `dilation_rate` > 1. Received: "
                             f"strides={s} and dilation_rate={d}")
        if not fmt.startswith("NC") and _spatial_known(x, fmt, rank) and isinstance(padding, str):
            ones = [1] * rank
            return nn_misc_ops.with_space_to_batch(
                x, d, padding, lambda inp, _, pad: _direct_convolution(inp, filters, rank, ones, pad, fmt, ones, name),
                filter_shape=filters.shape.as_list()[:rank])
    return _direct_convolution(x, filters, rank, s, padding, fmt, d, name)


def pool(input, window_shape, pooling_type, strides=None, padding="VALID", data_format=None,  # noqa: A002
         dilations=None, name=None):
    """Mirrors ``tf.nn.pool``; dilated pooling runs on the space-to-batch form of the input, as TF."""
    n = len(window_shape)
    strides = strides or [1] * n
    kind = pooling_type.upper()
    d = [1] * n if dilations is None else list(_spatial(dilations, data_format or "N" + "DHW"[3 - n:] + "C", n))
    if any(v != 1 for v in d):
        if any(v != 1 for v in _spatial(strides, data_format or "NHWC", n)):
            raise ValueError(f"`strides` > 1 not supported in conjunction with `dilation_rate` > 1. Received: "
                             f"strides={strides} and dilation_rate={d}")
        return nn_misc_ops.with_space_to_batch(
            input, d, padding, lambda inp, _, pad: pool(inp, window_shape, pooling_type, [1] * n, pad, data_format,
                                                        name=name), filter_shape=window_shape)
    if n == 1:
        fn = max_pool1d if kind == "MAX" else avg_pool1d
        return fn(input, window_shape, strides, padding, data_format or "NWC")
    if n == 2:
        fn = nn_ops.max_pool if kind == "MAX" else nn_ops.avg_pool
        return fn(input, list(window_shape), list(strides), padding, data_format or "NHWC")
    fn = max_pool3d if kind == "MAX" else avg_pool3d
    return fn(input, window_shape, strides, padding, data_format or "NDHWC")
