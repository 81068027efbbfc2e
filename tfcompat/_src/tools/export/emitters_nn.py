"""Export emitters of neural-network ops: softmax, cross entropies, BiasAdd, 2-D convolution and pooling.

TF's NHWC layout is spelled out as ``permute`` + the NCHW torch function + ``permute``; SAME padding is computed
at export time when the spatial size is static (the numbers appear in the code), else by the copied helper
``tf_same_padding`` at run time."""
from __future__ import annotations

from tfcompat._src.tools.export.emitters_math import raise_unsupported
from tfcompat._src.tools.export.helpers import tf_same_padding
from tfcompat._src.tools.export.lowering import block_emitter, emitter

__all__: list = []


@emitter("Softmax")
def _softmax(op, ins, lw):
    return f"torch.softmax({ins[0]}, dim={int(op.attrs.get('axis', -1))})"


@emitter("LogSoftmax")
def _log_softmax(op, ins, lw):
    return f"torch.log_softmax({ins[0]}, dim={int(op.attrs.get('axis', -1))})"


@emitter("SoftmaxCrossEntropyWithLogits")
def _softmax_xent(op, ins, lw):
    axis = int(op.attrs.get("axis", -1))
    # TF's softmax_cross_entropy_with_logits: -sum(labels * log_softmax(logits)) over the class axis; gradients
    # flow to the labels too (v2), as here.
    return f"-({ins[1]} * torch.log_softmax({ins[0]}, dim={axis})).sum(dim={axis})"


@emitter("SparseSoftmaxCrossEntropyWithLogits")
def _sparse_softmax_xent(op, ins, lw):
    logits, labels = ins
    return (f"F.cross_entropy({logits}.reshape(-1, {logits}.shape[-1]), {labels}.reshape(-1).long(), "
            f"reduction='none').reshape({labels}.shape)")


@emitter("SigmoidCrossEntropyWithLogits")
def _sigmoid_xent(op, ins, lw):
    return f"F.binary_cross_entropy_with_logits({ins[0]}, {ins[1]}, reduction='none')"


@emitter("BiasAdd")
def _bias_add(op, ins, lw):
    if op.attrs.get("data_format", "NHWC").startswith("NC") and op.inputs[0].shape.rank != 2:
        return f"{ins[0]} + {ins[1]}.reshape([-1] + [1] * ({ins[0]}.dim() - 2))  # NCHW: bias on axis 1"
    return f"{ins[0]} + {ins[1]}"


@emitter("L2Loss")
def _l2_loss(op, ins, lw):
    return f"torch.sum(torch.square({ins[0]})) / 2"


def _spatial(op, name, default=(1, 1, 1, 1)):
    """The H, W entries of an NHWC 4-vector attribute (``strides``, ``ksize``, ``dilations``)."""
    vals = list(op.attrs.get(name, default))
    if len(vals) == 4:
        return vals[1], vals[2]
    if len(vals) == 2:
        return vals[0], vals[1]
    return vals[0], vals[0]


def _static_same_pads(op, kernel_hw, strides, dilations=(1, 1)):
    """(left, right, top, bottom) for SAME padding when the input's H and W are static, else None."""
    shape = op.inputs[0].shape
    if shape.rank != 4 or shape[1] is None or shape[2] is None:
        return None
    top, bottom = tf_same_padding(shape[1], kernel_hw[0], strides[0], dilations[0])
    left, right = tf_same_padding(shape[2], kernel_hw[1], strides[1], dilations[1])
    return left, right, top, bottom


def _check_nhwc(op):
    if op.attrs.get("data_format", "NHWC") != "NHWC":
        raise_unsupported(op, f"data_format {op.attrs.get('data_format')}")
    padding = op.attrs.get("padding")
    if padding not in ("SAME", "VALID"):
        raise_unsupported(op, "explicit padding")
    for name in ("ksize", "strides"):
        vals = list(op.attrs.get(name, ()))
        if len(vals) == 4 and (vals[0] != 1 or vals[3] != 1):
            raise_unsupported(op, f"{name} over the batch or channel axis")


@emitter("Conv2D")
def _conv2d(op, ins, lw):
    _check_nhwc(op)
    x, w = ins
    strides, dilations = _spatial(op, "strides"), _spatial(op, "dilations")
    kernel_shape = op.inputs[1].shape
    padding = op.attrs["padding"]
    if padding == "SAME":
        kernel_hw = (kernel_shape[0], kernel_shape[1])
        pads = None if None in kernel_hw else _static_same_pads(op, kernel_hw, strides, dilations)
        if pads is None:
            return f"{lw.helper('tf_conv2d_nhwc')}({x}, {w}, {strides!r}, 'SAME', {dilations!r})"
        x_nchw = f"F.pad({x}.permute(0, 3, 1, 2), {pads!r})" if any(pads) else f"{x}.permute(0, 3, 1, 2)"
    else:
        x_nchw = f"{x}.permute(0, 3, 1, 2)"
    dil = f", dilation={dilations!r}" if dilations != (1, 1) else ""
    # TF: NHWC input, HWIO filter; torch: NCHW input, OIHW filter.
    return f"F.conv2d({x_nchw}, {w}.permute(3, 2, 0, 1), stride={strides!r}{dil}).permute(0, 2, 3, 1)"


@emitter("MaxPool")
def _max_pool(op, ins, lw):
    _check_nhwc(op)
    ksize, strides = _spatial(op, "ksize"), _spatial(op, "strides")
    x = f"{ins[0]}.permute(0, 3, 1, 2)"
    if op.attrs["padding"] == "SAME":
        pads = _static_same_pads(op, ksize, strides)
        if pads is None:
            return f"{lw.helper('tf_max_pool_nhwc')}({ins[0]}, {ksize!r}, {strides!r}, 'SAME')"
        if any(pads):
            x = f"F.pad({x}, {pads!r}, value=-math.inf)"
    return f"F.max_pool2d({x}, {ksize!r}, {strides!r}).permute(0, 2, 3, 1)"


@emitter("AvgPool")
def _avg_pool(op, ins, lw):
    _check_nhwc(op)
    ksize, strides = _spatial(op, "ksize"), _spatial(op, "strides")
    if op.attrs["padding"] == "SAME":
        # TF divides by the number of real pixels in each window: the helper spells that out.
        return f"{lw.helper('tf_avg_pool_nhwc')}({ins[0]}, {ksize!r}, {strides!r}, 'SAME')"
    return f"F.avg_pool2d({ins[0]}.permute(0, 3, 1, 2), {ksize!r}, {strides!r}).permute(0, 2, 3, 1)"


@block_emitter("KerasLSTMSequence")
def _keras_lstm_sequence(op, ins, lw, outs):
    # The Keras LSTM layer's fused op (keras/layers/recurrent_fused.py): torch's LSTM with w_ih = kernel^T,
    # w_hh = recurrent_kernel^T, b_ih = bias, b_hh = 0 (Keras's gate order i, f, c, o is torch's).
    x = f"{ins[0]}.flip(1)" if op.attrs.get("go_backwards") else ins[0]
    seq, h, c = outs
    return [f"{seq}, {h}, {c} = torch.lstm({x}, ({ins[1]}.unsqueeze(0), {ins[2]}.unsqueeze(0)), "
            f"[{ins[3]}.t(), {ins[4]}.t(), {ins[5]}, torch.zeros_like({ins[5]})], True, 1, 0.0, "
            f"torch.is_grad_enabled(), False, True)",
            f"{h}, {c} = {h}[0], {c}[0]"]
