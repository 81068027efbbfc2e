"""More ``tf.nn`` / ``tf.image`` ops: conv2d_transpose, depth_to_space, space_to_depth, zero_fraction,
rgb_to_grayscale."""
from __future__ import annotations

import torch.nn.functional as F

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op, constant_value
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op, resolve_legacy
from tfcompat._src.framework.op_types import CONV, INT32, Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, image_ops, math_ops, reduction_ops
from tfcompat._src.ops._helpers import match_dtypes, static_int_list, to_tensor
from tfcompat._src.ops.nn_ops import _from_nchw, _hw, _norm_list, _same_pads, _to_nchw


# ------------------------------------------------------------------------------------------------
# conv2d_transpose (the gradient of Conv2D with respect to its input, as in TF)
# ------------------------------------------------------------------------------------------------
def _backprop_input_shape(inputs, attrs):
    sizes = attrs.get("input_sizes")
    if sizes is None:  # TF's shape inference reads the constant entries of a stacked output_shape
        sizes = [None] * 4
        op = getattr(inputs[0], "op", None)
        if op is not None and op.type == "Pack" and len(op.inputs) == 4:
            for i, t in enumerate(op.inputs):
                cv = constant_value(t)
                sizes[i] = int(cv) if cv is not None else None
        channel = 1 if attrs.get("data_format", "NHWC").startswith("NC") else 3
        if sizes[channel] is None and inputs[1].shape.rank == 4:
            sizes[channel] = inputs[1].shape[2]
    return [(TensorShape(sizes), inputs[1].dtype)]


@register_op("Conv2DBackpropInput", grad=DIFFERENTIABLE, inputs=("input_sizes", "filter", "out_backprop"),
             shape_fn=_backprop_input_shape,
             types={"input_sizes": Arg(None, INT32), "filter": Arg("T", CONV), "out_backprop": Arg("T", CONV)})
def _conv2d_backprop_input(sizes_t, w, dy, *, strides, padding, data_format="NHWC", dilations=(1, 1, 1, 1),
                           input_sizes=None):
    sizes = input_sizes if input_sizes is not None else [int(v) for v in sizes_t.tolist()]
    nc = data_format.startswith("NC")
    h, wd = (sizes[2], sizes[3]) if nc else (sizes[1], sizes[2])
    sh, sw = _hw(strides, data_format)
    dh, dw = _hw(dilations, data_format)
    if dh != 1 or dw != 1:
        # TF's CPU kernel; tf.nn.atrous_conv2d_transpose goes through SpaceToBatch instead, as in TF.
        raise errors.InvalidArgumentError("Current CPU implementations do not yet support dilation rates larger "
                                          "than 1.")
    kh, kw = w.shape[0], w.shape[1]
    if padding == "SAME":
        (pt, _), (pl, _) = _same_pads(h, kh, sh, dh), _same_pads(wd, kw, sw, dw)
    elif padding == "VALID":
        pt = pl = 0
    else:
        raise ValueError(f"padding must be 'SAME' or 'VALID', got {padding!r}")
    ys = _to_nchw(dy, data_format)
    expected_h = -(-h // sh) if padding == "SAME" else -(-(h - (kh - 1) * dh) // sh)
    expected_w = -(-wd // sw) if padding == "SAME" else -(-(wd - (kw - 1) * dw) // sw)
    if (ys.shape[2], ys.shape[3]) != (expected_h, expected_w):
        raise errors.InvalidArgumentError(
            f"Conv2DBackpropInput: Size of out_backprop doesn't match computed: actual = "
            f"{[ys.shape[2], ys.shape[3]]}, computed = {[expected_h, expected_w]} for output_shape {sizes}")
    full = F.conv_transpose2d(ys, w.permute(3, 2, 0, 1), stride=(sh, sw), dilation=(dh, dw))
    # Crop the padding TF's forward conv added (negative pads crop), or pad rows the conv never read.
    out = F.pad(full, (-pl, wd + pl - full.shape[3], -pt, h + pt - full.shape[2]))
    return _from_nchw(out, data_format)


def conv2d_transpose_v2(input, filters, output_shape, strides, padding="SAME", data_format="NHWC",  # noqa: A002
                        dilations=None, name=None):
    """Mirrors ``tf.nn.conv2d_transpose`` (TF2; op ``Conv2DBackpropInput``). ``filters`` is
    [height, width, output_channels, in_channels]; SAME and VALID padding."""
    with name_scope(name or "conv2d_transpose"):
        w, x = match_dtypes(filters, input)
        if isinstance(padding, str):
            padding = padding.upper()
        fmt = data_format or "NHWC"
        nc = fmt.startswith("NC")
        attrs = {"strides": _norm4(strides, nc), "padding": padding, "data_format": fmt,
                 "dilations": _norm4(dilations or 1, nc)}
        sizes = static_int_list(output_shape)
        sizes_t = to_tensor(output_shape, dtype=dtypes.int32, name="output_shape")
        if sizes is not None and -1 not in sizes:
            attrs["input_sizes"] = sizes
        return apply_op("Conv2DBackpropInput", [sizes_t, w, x], attrs, name="conv2d_transpose")


def _norm4(v, nc):
    """strides/dilations as 4 entries in the data format's order (an int or 1 or 2 entries are spatial)."""
    if len(_norm_list(v)) == 4 and not isinstance(v, int) and len(list(v)) == 4:
        return tuple(int(e) for e in v)
    _, h, w, _ = _norm_list(v)
    return (1, 1, h, w) if nc else (1, h, w, 1)


def conv2d_transpose(value=None, filter=None, output_shape=None, strides=None, padding="SAME",  # noqa: A002
                     data_format="NHWC", name=None, input=None, filters=None, dilations=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.nn.conv2d_transpose`` (``value``/``filter``, or TF2's ``input``/``filters``)."""
    value = resolve_legacy("value", value, input=input)
    filter = resolve_legacy("filter", filter, filters=filters)  # noqa: A001
    return conv2d_transpose_v2(value, filter, output_shape, strides, padding=padding, data_format=data_format,
                               dilations=dilations, name=name)


# ------------------------------------------------------------------------------------------------
# depth_to_space / space_to_depth (TF's DCR order: depth index = (row * block + col) * C + channel)
# ------------------------------------------------------------------------------------------------
@register_op("DepthToSpace", grad=DIFFERENTIABLE, inputs=("input",))
def _depth_to_space(x, *, block_size, data_format="NHWC"):
    xs = x if not data_format.startswith("NC") else x.permute(0, 2, 3, 1)
    n, h, w, c = xs.shape
    b = block_size
    out = xs.reshape(n, h, w, b, b, c // (b * b)).permute(0, 1, 3, 2, 4, 5).reshape(n, h * b, w * b, c // (b * b))
    return out if not data_format.startswith("NC") else out.permute(0, 3, 1, 2)


@register_op("SpaceToDepth", grad=DIFFERENTIABLE, inputs=("input",))
def _space_to_depth(x, *, block_size, data_format="NHWC"):
    xs = x if not data_format.startswith("NC") else x.permute(0, 2, 3, 1)
    n, h, w, c = xs.shape
    b = block_size
    if h % b or w % b:
        raise errors.InvalidArgumentError(f"Image width {w} and height {h} should be divisible by block_size: {b}")
    out = xs.reshape(n, h // b, b, w // b, b, c).permute(0, 1, 3, 2, 4, 5).reshape(n, h // b, w // b, b * b * c)
    return out if not data_format.startswith("NC") else out.permute(0, 3, 1, 2)


def depth_to_space(input, block_size, data_format="NHWC", name=None):  # noqa: A002
    """Mirrors ``tf.nn.depth_to_space`` (and ``tf.compat.v1.depth_to_space``)."""
    return apply_op("DepthToSpace", [to_tensor(input)], {"block_size": int(block_size),
                                                          "data_format": data_format}, name=name)


def space_to_depth(input, block_size, data_format="NHWC", name=None):  # noqa: A002
    """Mirrors ``tf.nn.space_to_depth`` (and ``tf.compat.v1.space_to_depth``)."""
    return apply_op("SpaceToDepth", [to_tensor(input)], {"block_size": int(block_size),
                                                          "data_format": data_format}, name=name)


def depth_to_space_v1(input, block_size, name=None, data_format="NHWC"):  # noqa: A002
    """Mirrors ``tf.compat.v1.depth_to_space`` (argument order: name before data_format)."""
    return depth_to_space(input, block_size, data_format=data_format, name=name)


def space_to_depth_v1(input, block_size, name=None, data_format="NHWC"):  # noqa: A002
    """Mirrors ``tf.compat.v1.space_to_depth``."""
    return space_to_depth(input, block_size, data_format=data_format, name=name)


# ------------------------------------------------------------------------------------------------
# composites
# ------------------------------------------------------------------------------------------------
def zero_fraction(value, name=None):
    """Mirrors ``tf.math.zero_fraction`` / ``tf.nn.zero_fraction``: the float32 fraction of zeros."""
    with name_scope(name or "zero_fraction"):
        v = to_tensor(value, name="value")
        zero = array_ops.zeros([], dtype=v.dtype)
        return reduction_ops.reduce_mean(math_ops.cast(math_ops.equal(v, zero), dtypes.float32))


def rgb_to_grayscale(images, name=None):
    """Mirrors ``tf.image.rgb_to_grayscale``: weights (0.2989, 0.5870, 0.1140) in float32, converted back to
    the input dtype; the last dimension becomes 1."""
    with name_scope(name or "rgb_to_grayscale"):
        images = to_tensor(images, name="images")
        orig_dtype = images.dtype
        flt = image_ops.convert_image_dtype(images, dtypes.float32)
        weights = array_ops.constant([0.2989, 0.5870, 0.1140], dtype=dtypes.float32)
        gray = reduction_ops.reduce_sum(math_ops.multiply(flt, weights), -1, keepdims=True)
        return image_ops.convert_image_dtype(gray, orig_dtype)
