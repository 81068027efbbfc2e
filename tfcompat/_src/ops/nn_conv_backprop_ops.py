"""Convolution gradients as ops and the transposed convolutions built on them: ``Conv3DBackpropInputV2``,
``Conv3DBackpropFilterV2``, ``DepthwiseConv2dNativeBackpropInput`` /
``DepthwiseConv2dNativeBackpropFilter`` (TF's raw-op names), and ``tf.nn.conv1d_transpose``,
``conv3d_transpose``, ``conv_transpose``, ``atrous_conv2d``, ``atrous_conv2d_transpose`` plus the
``tf.compat.v1.nn`` spellings of the convolution functions.

Each backprop kernel is the vector-Jacobian product of the matching forward kernel, taken with
``torch.autograd.grad(create_graph=True)``: the padding and stride rules are the forward op's by construction, and
the result stays differentiable in its inputs (TF's gradients of these ops are again convolutions)."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, nn_conv_ops, nn_extra_ops, nn_ops, space_batch_ops
from tfcompat._src.ops._nn_args import either
from tfcompat._src.ops._helpers import match_dtypes, static_int_list, to_tensor

__all__ = ["conv1d_transpose", "conv3d_transpose", "conv_transpose", "atrous_conv2d", "atrous_conv2d_transpose",
           "depthwise_conv2d_backprop_input", "depthwise_conv2d_backprop_filter", "conv2d_backprop_filter",
           "conv2d_backprop_input", "conv3d_backprop_filter", "conv3d_v1", "conv1d_v1", "convolution_v1",
           "depthwise_conv2d_v1", "separable_conv2d_v1", "conv3d_transpose_v1", "depthwise_conv2d_native",
           "conv3d_backprop_input_v2"]


def _sizes(sizes_t):
    return [int(v) for v in sizes_t.tolist()]


def _input_vjp(forward, sizes, like, dy, op_name):
    """d(sum(forward(x) * dy)) / dx for an x of shape ``sizes``."""
    with torch.enable_grad():
        x0 = torch.zeros(sizes, dtype=like.dtype, device=like.device, requires_grad=True)
        y = forward(x0)
        _check_out_backprop(y, dy, op_name, sizes)
        (g,) = torch.autograd.grad(y, x0, dy, create_graph=True)
    return g


def _filter_vjp(forward, x, sizes, dy, op_name):
    """d(sum(forward(w) * dy)) / dw for a filter of shape ``sizes``."""
    with torch.enable_grad():
        w0 = torch.zeros(sizes, dtype=x.dtype, device=x.device, requires_grad=True)
        y = forward(w0)
        _check_out_backprop(y, dy, op_name, sizes)
        (g,) = torch.autograd.grad(y, w0, dy, create_graph=True)
    return g


def _check_out_backprop(y, dy, op_name, sizes):
    if tuple(y.shape) != tuple(dy.shape):
        raise errors.InvalidArgumentError(
            f"{op_name}: Size of out_backprop doesn't match computed: actual = {list(dy.shape)}, computed = "
            f"{list(y.shape)} for sizes {list(sizes)}")


# ------------------------------------------------------------------------------------------------
# raw backprop ops
# ------------------------------------------------------------------------------------------------
def _backprop_input_3d_shape(inputs, attrs):
    # The output has the filter's dtype (not input_sizes' int32) and rank 5; sizes are known only at run time.
    return [(TensorShape([None] * 5), inputs[1].dtype)]


@register_op("Conv3DBackpropInputV2", grad=DIFFERENTIABLE, inputs=("input_sizes", "filter", "out_backprop"),
             same_type=((1, 2),), shape_fn=_backprop_input_3d_shape)
def _conv3d_backprop_input(sizes_t, w, dy, *, strides, padding, data_format="NDHWC", dilations=(1, 1, 1, 1, 1)):
    return _input_vjp(lambda x: nn_conv_ops._conv3d(x, w, strides=strides, padding=padding,
                                                    data_format=data_format, dilations=dilations),
                      _sizes(sizes_t), w, dy, "Conv3DBackpropInputV2")


@register_op("Conv3DBackpropFilterV2", grad=DIFFERENTIABLE, inputs=("input", "filter_sizes", "out_backprop"),
             same_type=((0, 2),))
def _conv3d_backprop_filter(x, sizes_t, dy, *, strides, padding, data_format="NDHWC", dilations=(1, 1, 1, 1, 1)):
    return _filter_vjp(lambda w: nn_conv_ops._conv3d(x, w, strides=strides, padding=padding,
                                                     data_format=data_format, dilations=dilations),
                       x, _sizes(sizes_t), dy, "Conv3DBackpropFilterV2")


@register_op("DepthwiseConv2dNativeBackpropInput", grad=DIFFERENTIABLE,
             inputs=("input_sizes", "filter", "out_backprop"), same_type=((1, 2),))
def _depthwise_backprop_input(sizes_t, w, dy, *, strides, padding, data_format="NHWC", dilations=(1, 1, 1, 1)):
    return _input_vjp(lambda x: nn_conv_ops._depthwise_conv2d(x, w, strides=strides, padding=padding,
                                                              data_format=data_format, dilations=dilations),
                      _sizes(sizes_t), w, dy, "DepthwiseConv2dNativeBackpropInput")


@register_op("DepthwiseConv2dNativeBackpropFilter", grad=DIFFERENTIABLE,
             inputs=("input", "filter_sizes", "out_backprop"), same_type=((0, 2),))
def _depthwise_backprop_filter(x, sizes_t, dy, *, strides, padding, data_format="NHWC", dilations=(1, 1, 1, 1)):
    return _filter_vjp(lambda w: nn_conv_ops._depthwise_conv2d(x, w, strides=strides, padding=padding,
                                                               data_format=data_format, dilations=dilations),
                       x, _sizes(sizes_t), dy, "DepthwiseConv2dNativeBackpropFilter")


def _attrs(strides, padding, data_format, dilations, n):
    if isinstance(padding, str):
        padding = padding.upper()
    return {"strides": tuple(int(v) for v in strides), "padding": padding, "data_format": data_format,
            "dilations": tuple(int(v) for v in (dilations if dilations is not None else [1] * (n + 2)))}


def _check_len(name, value, n):
    if len(list(value)) != n:
        raise errors.InvalidArgumentError(f"Sliding window {name} field must specify {n} dimensions")


def _sizes_tensor(sizes):
    return to_tensor(sizes, dtype=dtypes.int32)


def depthwise_conv2d_backprop_input(input_sizes, filter, out_backprop, strides, padding,  # noqa: A002
                                    data_format="NHWC", dilations=(1, 1, 1, 1), name=None):
    """Mirrors ``tf.nn.depthwise_conv2d_backprop_input`` (op ``DepthwiseConv2dNativeBackpropInput``)."""
    _check_len("strides", strides, 4)
    w, dy = match_dtypes(filter, out_backprop)
    return apply_op("DepthwiseConv2dNativeBackpropInput", [_sizes_tensor(input_sizes), w, dy],
                    _attrs(strides, padding, data_format, dilations, 2), name=name)


def depthwise_conv2d_backprop_filter(input, filter_sizes, out_backprop, strides, padding,  # noqa: A002
                                     data_format="NHWC", dilations=(1, 1, 1, 1), name=None):
    """Mirrors ``tf.nn.depthwise_conv2d_backprop_filter`` (op ``DepthwiseConv2dNativeBackpropFilter``)."""
    _check_len("strides", strides, 4)
    x, dy = match_dtypes(input, out_backprop)
    return apply_op("DepthwiseConv2dNativeBackpropFilter", [x, _sizes_tensor(filter_sizes), dy],
                    _attrs(strides, padding, data_format, dilations, 2), name=name)


def depthwise_conv2d_native(input, filter, strides, padding, data_format="NHWC",  # noqa: A002
                            dilations=(1, 1, 1, 1), name=None):
    """Mirrors ``tf.compat.v1.nn.depthwise_conv2d_native`` (the raw ``DepthwiseConv2dNative`` op)."""
    _check_len("strides", strides, 4)
    x, w = match_dtypes(input, filter)
    return apply_op("DepthwiseConv2dNative", [x, w], _attrs(strides, padding, data_format, dilations, 2),
                    name=name)


def conv2d_backprop_filter(input, filter_sizes, out_backprop, strides, padding, use_cudnn_on_gpu=True,  # noqa: A002
                           data_format="NHWC", dilations=(1, 1, 1, 1), name=None):
    """Mirrors ``tf.compat.v1.nn.conv2d_backprop_filter`` (op ``Conv2DBackpropFilter``, in raw_grad_ops)."""
    x, dy = match_dtypes(input, out_backprop)
    return apply_op("Conv2DBackpropFilter", [x, _sizes_tensor(filter_sizes), dy],
                    _attrs(strides, padding, data_format, dilations, 2), name=name)


def conv2d_backprop_input(input_sizes, filter=None, out_backprop=None, strides=None, padding=None,  # noqa: A002
                          use_cudnn_on_gpu=True, data_format="NHWC", dilations=(1, 1, 1, 1), name=None,
                          filters=None):
    """Mirrors ``tf.compat.v1.nn.conv2d_backprop_input`` (op ``Conv2DBackpropInput``)."""
    filter = either("filter", filter, "filters", filters)  # noqa: A001
    w, dy = match_dtypes(filter, out_backprop)
    attrs = _attrs(strides, padding, data_format, dilations, 2)
    sizes = static_int_list(input_sizes)
    if sizes is not None and -1 not in sizes:
        attrs["input_sizes"] = sizes
    return apply_op("Conv2DBackpropInput", [_sizes_tensor(input_sizes), w, dy], attrs, name=name)


def conv3d_backprop_filter(input, filter_sizes, out_backprop, strides, padding, data_format="NDHWC",  # noqa: A002
                           dilations=(1, 1, 1, 1, 1), name=None):
    """Mirrors ``tf.compat.v1.nn.conv3d_backprop_filter`` / ``conv3d_backprop_filter_v2``."""
    x, dy = match_dtypes(input, out_backprop)
    return apply_op("Conv3DBackpropFilterV2", [x, _sizes_tensor(filter_sizes), dy],
                    _attrs(strides, padding, data_format, dilations, 3), name=name)


def conv3d_backprop_input_v2(input_sizes, filter, out_backprop, strides, padding, data_format="NDHWC",  # noqa: A002
                             dilations=(1, 1, 1, 1, 1), name=None):
    """Mirrors ``tf.raw_ops.Conv3DBackpropInputV2``."""
    w, dy = match_dtypes(filter, out_backprop)
    return apply_op("Conv3DBackpropInputV2", [_sizes_tensor(input_sizes), w, dy],
                    _attrs(strides, padding, data_format, dilations, 3), name=name)


# ------------------------------------------------------------------------------------------------
# transposed convolutions
# ------------------------------------------------------------------------------------------------
def _full_list(v, n, data_format, what):
    """TF's ``_get_sequence``: an int, or 1, n or n + 2 values, as n + 2 values in the data format's order."""
    if v is None:
        v = 1
    vals = [v] if isinstance(v, int) else [int(e) for e in v]
    if len(vals) == 1:
        vals = vals * n
    elif len(vals) == n + 2:
        return vals
    elif len(vals) != n:
        raise ValueError(f"{what} should be of length 1, {n} or {n + 2}. Received: {what}={v} of length "
                         f"{len(vals)}")
    return [1, 1] + vals if data_format.startswith("NC") else [1] + vals + [1]


def conv1d_transpose(input, filters, output_shape, strides, padding="SAME", data_format="NWC",  # noqa: A002
                     dilations=None, name=None):
    """Mirrors ``tf.nn.conv1d_transpose``: an ExpandDims + Conv2DBackpropInput + Squeeze, as TF builds it.
    ``filters`` is [width, output_channels, in_channels]."""
    with name_scope(name or "conv1d_transpose"):
        if data_format not in ("NWC", "NCW"):
            raise ValueError(f"`data_format` must be 'NWC' or 'NCW'. Received: data_format={data_format}")
        channels_first = data_format == "NCW"
        axis = 2 if channels_first else 1
        s = _full_list(strides, 1, data_format, "strides")
        d = _full_list(dilations, 1, data_format, "dilations")
        s2 = [1, 1, 1, s[2]] if channels_first else [1, 1, s[1], 1]
        d2 = [1, 1, 1, d[2]] if channels_first else [1, 1, d[1], 1]
        x = array_ops.expand_dims(to_tensor(input), axis)
        w = array_ops.expand_dims(to_tensor(filters), 0)
        sizes = static_int_list(output_shape)
        if sizes is not None:
            out_shape = sizes[:axis] + [1] + sizes[axis:]
        else:
            shape_t = to_tensor(output_shape, dtype=dtypes.int32)
            out_shape = array_ops.concat([shape_t[:axis], [1], shape_t[axis:]], 0)
        out = nn_extra_ops.conv2d_transpose_v2(x, w, out_shape, s2, padding=padding,
                                               data_format="NCHW" if channels_first else "NHWC", dilations=d2)
        return array_ops.squeeze(out, [axis])


def conv3d_transpose(input, filters, output_shape, strides, padding="SAME", data_format="NDHWC",  # noqa: A002
                     dilations=None, name=None):
    """Mirrors ``tf.nn.conv3d_transpose`` (op ``Conv3DBackpropInputV2``). ``filters`` is
    [depth, height, width, output_channels, in_channels]."""
    with name_scope(name or "conv3d_transpose"):
        fmt = data_format or "NDHWC"
        return conv3d_backprop_input_v2(output_shape, filters, input, _full_list(strides, 3, fmt, "strides"),
                                        padding, data_format=fmt,
                                        dilations=_full_list(dilations, 3, fmt, "dilations"), name="conv3d_transpose")


def conv3d_transpose_v1(value, filter=None, output_shape=None, strides=None, padding="SAME",  # noqa: A002
                        data_format="NDHWC", name=None, input=None, filters=None, dilations=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.nn.conv3d_transpose`` (``value``/``filter``, or ``input``/``filters``)."""
    value = either("value", value, "input", input)
    filter = either("filter", filter, "filters", filters)  # noqa: A001
    return conv3d_transpose(value, filter, output_shape, strides, padding=padding, data_format=data_format,
                            dilations=dilations, name=name)


def conv_transpose(input, filters, output_shape, strides, padding="SAME", data_format=None,  # noqa: A002
                   dilations=None, name=None):
    """Mirrors ``tf.nn.conv_transpose``: 1-, 2- or 3-D by the length of ``output_shape``."""
    sizes = static_int_list(output_shape)
    if sizes is None:
        shape = to_tensor(output_shape).shape
        n = shape[0] - 2 if shape.rank == 1 and shape[0] is not None else None
    else:
        n = len(sizes) - 2
    if n not in (1, 2, 3):
        raise ValueError(f"`output_shape` must be of length 3, 4 or 5. Received: output_shape={output_shape}")
    with name_scope(name or "conv_transpose"):
        if n == 1:
            return conv1d_transpose(input, filters, output_shape, strides, padding=padding,
                                    data_format=data_format or "NWC", dilations=dilations)
        if n == 2:
            return nn_extra_ops.conv2d_transpose_v2(input, filters, output_shape, strides, padding=padding,
                                                    data_format=data_format or "NHWC", dilations=dilations)
        return conv3d_transpose(input, filters, output_shape, strides, padding=padding,
                                data_format=data_format or "NDHWC", dilations=dilations)


def atrous_conv2d(value, filters, rate, padding, name=None):
    """Mirrors ``tf.nn.atrous_conv2d``: a Conv2D with dilation ``rate`` (TF reaches the same numbers through
    SpaceToBatchND / BatchToSpaceND)."""
    if int(rate) < 1:
        raise ValueError(f"rate {rate} cannot be less than one")
    return nn_ops.conv2d(value, filters, strides=[1, 1, 1, 1], padding=padding,
                         dilations=[1, int(rate), int(rate), 1], name=name)


def atrous_conv2d_transpose(value, filters, output_shape, rate, padding, name=None):
    """Mirrors ``tf.nn.atrous_conv2d_transpose``: the transpose (gradient) of ``atrous_conv2d``, built as TF
    builds it: SpaceToBatch, an undilated Conv2DBackpropInput with VALID padding, BatchToSpace. ``output_shape``
    must be known statically."""
    rate = int(rate)
    if rate < 1:
        raise ValueError(f"rate {rate} cannot be less than one")
    if isinstance(padding, str):
        padding = padding.upper()
    if padding not in ("SAME", "VALID"):
        raise ValueError(f"padding must be either VALID or SAME: {padding}")
    with name_scope(name or "atrous_conv2d_transpose"):
        value = to_tensor(value, name="value")
        filters = to_tensor(filters, name="filters")
        if rate == 1:
            return nn_extra_ops.conv2d_transpose_v2(value, filters, output_shape, [1, 1, 1, 1], padding=padding)
        out_shape = static_int_list(output_shape)
        if out_shape is None or filters.shape.rank != 4 or not filters.shape.is_fully_defined():
            raise ValueError("atrous_conv2d_transpose: output_shape and the filter shape must be known statically")
        fh, fw = filters.shape.as_list()[:2]
        if padding == "SAME":
            pad_h, pad_w = (fh - 1) * rate, (fw - 1) * rate
            top, left = pad_h // 2, pad_w // 2
            bottom, right = pad_h - top, pad_w - left
        else:
            top = bottom = left = right = 0
        in_h, in_w = out_shape[1] + top + bottom, out_shape[2] + left + right
        extra_h, extra_w = (rate - in_h % rate) % rate, (rate - in_w % rate) % rate
        value = space_batch_ops.space_to_batch_nd(value, [rate, rate], [[0, extra_h], [0, extra_w]])
        sizes = [rate * rate * out_shape[0], (in_h + extra_h) // rate, (in_w + extra_w) // rate, out_shape[3]]
        value = conv2d_backprop_input(sizes, filters, value, [1, 1, 1, 1], "VALID")
        return space_batch_ops.batch_to_space_nd(value, [rate, rate],
                                                 [[top, bottom + extra_h], [left, right + extra_w]])


# ------------------------------------------------------------------------------------------------
# tf.compat.v1.nn spellings
# ------------------------------------------------------------------------------------------------
def conv1d_v1(value=None, filters=None, stride=None, padding=None, use_cudnn_on_gpu=None, data_format=None,
              name=None, input=None, dilations=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.nn.conv1d`` (``value=``, or ``input=``)."""
    value = either("value", value, "input", input)
    return nn_conv_ops.conv1d(value, filters, stride, padding, data_format=data_format or "NWC",
                              dilations=dilations, name=name)


def conv3d_v1(input, filter=None, strides=None, padding=None, data_format="NDHWC",  # noqa: A002
              dilations=(1, 1, 1, 1, 1), name=None, filters=None):
    """Mirrors ``tf.compat.v1.nn.conv3d`` (``filter=``, or ``filters=``)."""
    filter = either("filter", filter, "filters", filters)  # noqa: A001
    return nn_conv_ops.conv3d(input, filter, strides, padding, data_format=data_format, dilations=dilations,
                              name=name)


def convolution_v1(input, filter, padding, strides=None, dilation_rate=None, name=None,  # noqa: A002
                   data_format=None, filters=None, dilations=None):
    """Mirrors ``tf.compat.v1.nn.convolution`` (``dilation_rate``/``filter``, or ``dilations``/``filters``)."""
    filter = either("filter", filter, "filters", filters)  # noqa: A001
    dilation_rate = either("dilation_rate", dilation_rate, "dilations", dilations)
    return nn_conv_ops.convolution(input, filter, strides=strides, padding=padding, data_format=data_format,
                                   dilations=dilation_rate, name=name)


def depthwise_conv2d_v1(input, filter, strides, padding, rate=None, name=None, data_format=None,  # noqa: A002
                        dilations=None):
    """Mirrors ``tf.compat.v1.nn.depthwise_conv2d`` (``rate``, or ``dilations``)."""
    return nn_conv_ops.depthwise_conv2d(input, filter, strides, padding, data_format=data_format,
                                        dilations=dilations, name=name, rate=rate)


def separable_conv2d_v1(input, depthwise_filter, pointwise_filter, strides, padding, rate=None,  # noqa: A002
                        name=None, data_format=None, dilations=None):
    """Mirrors ``tf.compat.v1.nn.separable_conv2d`` (``rate``, or ``dilations``)."""
    return nn_conv_ops.separable_conv2d(input, depthwise_filter, pointwise_filter, strides, padding,
                                        data_format=data_format, dilations=dilations, name=name, rate=rate)
