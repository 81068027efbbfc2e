"""Neural-network ops (mirrors ``tf.nn``): activations, softmax and cross-entropies, dropout, conv, pooling."""
from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as F

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor, shape_error
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework import errors
from tfcompat._src.framework.api_dispatch import add_dispatch_support
from tfcompat._src.framework.kernel_errors import format_shape
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NOT_DIFFERENTIABLE, register_op, resolve_legacy
from tfcompat._src.framework.op_types import CONV, FLOAT, INT32_64, NUMBER, POOL_MAX, REAL_NUMBER, Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import logistic_loss  # noqa: F401 - registers SigmoidCrossEntropyWithLogits
from tfcompat._src.ops import (activation_grads, array_ops, clip_ops, conv_padding_grad, math_ops, max_pool_nan,
                               random_ops, reduction_ops, shape_checks, tf_grad_kernels)
from tfcompat._src.ops._helpers import is_tensor_like, match_dtypes, to_tensor

# ------------------------------------------------------------------------------------------------
# activations
# ------------------------------------------------------------------------------------------------


for _name, _fn, _allowed in [("Relu", tf_grad_kernels.relu, REAL_NUMBER), ("Relu6", activation_grads.relu6, REAL_NUMBER),
                             ("Elu", tf_grad_kernels.elu, FLOAT), ("Selu", tf_grad_kernels.selu, FLOAT),
                             ("Softplus", F.softplus, FLOAT), ("Softsign", tf_grad_kernels.softsign, FLOAT)]:
    register_op(_name, grad=DIFFERENTIABLE, inputs=("features",), types={"features": Arg("T", _allowed)})(_fn)


@register_op("LeakyRelu", grad=DIFFERENTIABLE, inputs=("features",), types={"features": Arg("T", FLOAT)})
def _leaky_relu(x, *, alpha=0.2):
    # torch's leaky_relu is TF's kernel and gradient: ``x > 0 ? x : x * alpha`` and ``x > 0 ? dy : dy * alpha``
    # (a product: NaN/inf upstream gradients and the sign of zero as in TF's LeakyReluGrad; a torch.where of
    # the two branches would add +0.0), natively, also as its double backward and jvp.
    return torch._C._nn.leaky_relu(x, alpha)


@register_op("Softmax", grad=DIFFERENTIABLE, inputs=("logits",), types={"logits": Arg("T", FLOAT)})
def _softmax(x, *, axis=-1):
    _check_logits_rank(x)
    return torch.softmax(x, dim=axis)


def _check_logits_rank(x):
    if x.dim() == 0:
        raise errors.InvalidArgumentError("logits must have >= 1 dimension, got []")


@register_op("LogSoftmax", grad=DIFFERENTIABLE, inputs=("logits",), types={"logits": Arg("T", FLOAT)})
def _log_softmax(x, *, axis=-1):
    _check_logits_rank(x)
    return torch.log_softmax(x, dim=axis)


@register_op("BiasAdd", grad=DIFFERENTIABLE, inputs=("value", "bias"),
             types={"value": Arg("T", NUMBER), "bias": Arg("T", NUMBER)}, shape_check=shape_checks.bias_add)
def _bias_add(x, b, *, data_format="NHWC"):
    if b.dim() != 1:
        raise errors.InvalidArgumentError(f"Biases must be 1D: {format_shape(b.shape)}")
    if x.dim() < 2:
        raise errors.InvalidArgumentError(f"Input tensor must be at least 2D: {format_shape(x.shape)}")
    channels = x.shape[1] if data_format.startswith("NC") else x.shape[-1]
    if channels != b.shape[0]:
        raise errors.InvalidArgumentError(f"Must provide as many biases as the last dimension of the input "
                                          f"tensor: {format_shape(b.shape)} vs. {format_shape(x.shape)}")
    if data_format.startswith("NC") and x.dim() > 2:
        return x + b.reshape([-1] + [1] * (x.dim() - 2))
    return x + b


@register_op("L2Loss", grad=DIFFERENTIABLE, inputs=("t",), types={"t": Arg("T", FLOAT)})
def _l2_loss(x):
    return torch.sum(x * x) / 2


def relu(features, name=None):
    """Mirrors ``tf.nn.relu``."""
    return apply_op("Relu", [to_tensor(features)], name=name)


def relu6(features, name=None):
    return apply_op("Relu6", [to_tensor(features)], name=name)


def elu(features, name=None):
    return apply_op("Elu", [to_tensor(features)], name=name)


def selu(features, name=None):
    return apply_op("Selu", [to_tensor(features)], name=name)


def softplus(features, name=None):
    return apply_op("Softplus", [to_tensor(features)], name=name)


def softsign(features, name=None):
    return apply_op("Softsign", [to_tensor(features)], name=name)


def leaky_relu(features, alpha=0.2, name=None):
    """Mirrors ``tf.nn.leaky_relu`` (integer features are cast to float32, as TF does)."""
    x = to_tensor(features)
    if x.dtype.is_integer:
        x = math_ops.cast(x, dtypes.float32)
    # TF's alpha is a float32 attribute, also for float64 features.
    return apply_op("LeakyRelu", [x], {"alpha": float(np.float32(alpha))}, name=name)


def swish(features, beta=1.0, name=None):
    x = to_tensor(features)
    return math_ops.multiply(x, math_ops.sigmoid(math_ops.multiply(x, beta) if beta != 1.0 else x), name=name)


silu = swish


def gelu(features, approximate=False, name=None):
    x = to_tensor(features)
    if approximate:
        inner = math_ops.multiply(0.7978845608028654, math_ops.add(x, math_ops.multiply(0.044715, math_ops.pow(x, 3.0))))
        return math_ops.multiply(math_ops.multiply(0.5, x), math_ops.add(1.0, math_ops.tanh(inner)), name=name)
    return math_ops.multiply(math_ops.multiply(0.5, x), math_ops.add(1.0, math_ops.erf(
        math_ops.multiply(x, 0.7071067811865476))), name=name)


def _softmax_axis(x, axis):
    """TF's check of a softmax ``axis`` (its wrapper's, raised as InvalidArgumentError in both modes)."""
    axis = -1 if axis is None else int(axis)
    rank = x.shape.rank
    if rank is not None and rank > 0 and not -rank <= axis < rank:
        raise errors.InvalidArgumentError(f"`dim` must be in the range [{-rank}, {rank}) where {rank} is the number "
                                          f"of dimensions in the input. Received: dim={axis}")
    return axis


def softmax(logits, axis=None, name=None, dim=None):
    """Mirrors ``tf.nn.softmax`` (TF1 ``dim`` alias accepted; default last axis)."""
    axis = resolve_legacy("axis", axis, dim=dim)
    x = to_tensor(logits)
    return apply_op("Softmax", [x], {"axis": _softmax_axis(x, axis)}, name=name)


def log_softmax(logits, axis=None, name=None, dim=None):
    """Mirrors ``tf.nn.log_softmax``."""
    axis = resolve_legacy("axis", axis, dim=dim)
    x = to_tensor(logits)
    return apply_op("LogSoftmax", [x], {"axis": _softmax_axis(x, axis)}, name=name)


def bias_add(value, bias, data_format=None, name=None):
    """Mirrors ``tf.nn.bias_add``."""
    v, b = match_dtypes(value, bias)
    return apply_op("BiasAdd", [v, b], {"data_format": data_format or "NHWC"}, name=name)


def l2_normalize(x, axis=None, epsilon=1e-12, name=None, dim=None):
    """Mirrors ``tf.math.l2_normalize`` / ``tf.nn.l2_normalize``: ``x * rsqrt(max(sum(x**2), epsilon))`` as TF
    builds it, in an ``l2_normalize`` name scope (a zero vector stays zero with a finite gradient); TF1's ``dim``
    alias accepted. Differs from TF: no complex ``x`` (TF normalizes real and imaginary parts)."""
    axis = resolve_legacy("axis", axis, dim=dim)
    with name_scope(name, "l2_normalize") as scope:
        x = convert_to_tensor(x, name="x")
        square_sum = reduction_ops.reduce_sum(math_ops.square(x), axis, keepdims=True)
        x_inv_norm = math_ops.rsqrt(math_ops.maximum(square_sum, epsilon))
        return math_ops.multiply(x, x_inv_norm, name=scope)


def l2_loss(t, name=None):
    """Mirrors ``tf.nn.l2_loss``: sum(t ** 2) / 2."""
    return apply_op("L2Loss", [to_tensor(t)], name=name)


def xw_plus_b(x, weights, biases, name=None):
    """Mirrors ``tf.compat.v1.nn.xw_plus_b``."""
    return bias_add(math_ops.matmul(x, weights), biases, name=name)


# ------------------------------------------------------------------------------------------------
# cross-entropies
# ------------------------------------------------------------------------------------------------
def _move_class_axis(x, axis):
    return x if axis in (-1, None) else x.movedim(axis, -1)


def _softmax_xent_shape(inputs, attrs):
    """The loss's static shape as TF gives it (its 2-D op's shape function, then ``tf.nn``'s reshape to the
    logits' outer dims): the logits' dims without the class axis, unknown ones filled in from the labels'."""
    logits, labels = inputs[0].shape, inputs[1].shape
    if logits.rank is None:
        return [(TensorShape(None), inputs[0].dtype)]
    axis = attrs.get("axis", -1) % max(logits.rank, 1)
    dims = [d for i, d in enumerate(logits.as_list()) if i != axis]
    if labels.rank == logits.rank:
        other = [d for i, d in enumerate(labels.as_list()) if i != axis]
        dims = [a if a is not None else b for a, b in zip(dims, other)]
    return [(TensorShape(dims), inputs[0].dtype)]


@register_op("SoftmaxCrossEntropyWithLogits", grad=DIFFERENTIABLE, inputs=("features", "labels"),
             types={"features": Arg("T", FLOAT), "labels": Arg("T", FLOAT)}, shape_fn=_softmax_xent_shape)
def _softmax_xent(logits, labels, *, axis=-1):
    logits, labels = _move_class_axis(logits, axis), _move_class_axis(labels, axis)
    if logits.shape != labels.shape:
        raise errors.InvalidArgumentError(f"logits and labels must be broadcastable: logits_size="
                                          f"{format_shape(logits.shape)} labels_size={format_shape(labels.shape)}")
    return -(labels * torch.log_softmax(logits, dim=-1)).sum(-1)


def _outside(labels, n_classes) -> bool:
    # One reduction and one host read (a device sync) for both bounds.
    lo, hi = torch.stack(torch.aminmax(labels)).tolist()
    return lo < 0 or hi >= n_classes


@register_op("SparseSoftmaxCrossEntropyWithLogits", grad=DIFFERENTIABLE, inputs=("features", "labels"),
             types={"features": Arg("T", FLOAT), "labels": Arg("Tlabels", INT32_64)})
def _sparse_softmax_xent(logits, labels):
    n_classes = logits.shape[-1]
    if torch.compiler.is_compiling():
        # Inside a compiled plan (runtime/compiled_plan.py) reading the labels on the host would break the graph:
        # a traced assertion fails the compiled call instead, which then re-runs as the Python plan and raises
        # TF's InvalidArgumentError below.
        torch._assert_async(((labels >= 0) & (labels < n_classes)).all(), "label value outside [0, n_classes)")
    elif labels.device.type != "meta" and labels.numel() and _outside(labels, n_classes):
        bad = labels[(labels < 0) | (labels >= n_classes)].reshape(-1)[0]
        raise errors.InvalidArgumentError(
            f"Received a label value of {int(bad)} which is outside the valid range of [0, {n_classes}).  Label "
            f"values: " + " ".join(str(int(v)) for v in labels.reshape(-1).tolist()))
    flat = logits.reshape(-1, n_classes)
    out = F.cross_entropy(flat, labels.reshape(-1).long(), reduction="none")
    return out.reshape(labels.shape)


def softmax_cross_entropy_with_logits_v2(labels, logits, axis=-1, name=None, dim=None):
    """Mirrors ``tf.nn.softmax_cross_entropy_with_logits`` (TF2): gradients flow into ``labels`` too."""
    axis = resolve_legacy("axis", axis if axis != -1 else None, dim=dim)
    lg = to_tensor(logits)
    lb = to_tensor(labels)
    if lb.dtype is not lg.dtype and lb.dtype.is_floating:
        lb = math_ops.cast(lb, lg.dtype)   # TF casts the labels to the logits' dtype
    return apply_op("SoftmaxCrossEntropyWithLogits", [lg, lb], {"axis": -1 if axis is None else int(axis)},
                    name=name)


def softmax_cross_entropy_with_logits(_sentinel=None, labels=None, logits=None, dim=-1, name=None, axis=None):
    """Mirrors ``tf.compat.v1.nn.softmax_cross_entropy_with_logits``: labels are wrapped in stop_gradient.

    Named arguments are required, as in TF1."""
    if _sentinel is not None:
        raise ValueError("Only call `softmax_cross_entropy_with_logits` with named arguments (labels=..., "
                         "logits=..., ...). Received unnamed argument: " + repr(_sentinel))
    if labels is None or logits is None:
        raise ValueError("Both labels and logits must be provided.")
    axis = resolve_legacy("axis", axis, dim=dim if dim != -1 else None)
    labels = array_ops.stop_gradient(to_tensor(labels))
    return softmax_cross_entropy_with_logits_v2(labels, logits, axis=-1 if axis is None else axis, name=name)


def sparse_softmax_cross_entropy_with_logits(_sentinel=None, labels=None, logits=None, name=None):
    """Mirrors ``tf.nn.sparse_softmax_cross_entropy_with_logits``; labels out of range raise."""
    if _sentinel is not None:
        raise ValueError("Only call `sparse_softmax_cross_entropy_with_logits` with named arguments "
                         "(labels=..., logits=..., ...). Received unnamed argument: " + repr(_sentinel))
    lg = to_tensor(logits)
    lb = to_tensor(labels)
    if lg.shape.rank is not None and lb.shape.rank is not None and lb.shape.rank != lg.shape.rank - 1:
        raise ValueError(f"Rank mismatch: Rank of labels (received {lb.shape.rank}) should equal rank of "
                         f"logits minus 1 (received {lg.shape.rank}).")
    return apply_op("SparseSoftmaxCrossEntropyWithLogits", [lg, lb], name=name)


def sigmoid_cross_entropy_with_logits(labels=None, logits=None, name=None):
    """Mirrors ``tf.nn.sigmoid_cross_entropy_with_logits``: max(x, 0) - x * z + log(1 + exp(-|x|)).

    Differs from TF: one op (``SigmoidCrossEntropyWithLogits``, ops/logistic_loss.py) where TF's graph has ten;
    its values and gradient are those of TF's ten ops, NaN and inf included.

    Raises:
      ValueError: ``labels`` or ``logits`` missing, or static shapes that differ."""
    if labels is None or logits is None:
        raise ValueError(f"Both `labels` and `logits` must be provided for sigmoid_cross_entropy_with_logits"
                         f"Received: labels={labels} and logits={logits}")
    lg, lb = match_dtypes(logits, labels)
    if lg.shape.rank is not None and lb.shape.rank is not None and not lg.shape.is_compatible_with(lb.shape):
        raise ValueError(f"logits and labels must have the same shape ({lg.shape} vs {lb.shape})")
    return apply_op("SigmoidCrossEntropyWithLogits", [lg, lb], {}, name=name or "logistic_loss")


def weighted_cross_entropy_with_logits(labels, logits, pos_weight, name=None):
    """Mirrors ``tf.nn.weighted_cross_entropy_with_logits`` (built from the same ops as TF)."""
    lg, lb = match_dtypes(logits, labels)
    pw = to_tensor(pos_weight, dtype=lg.dtype) if not is_tensor_like(pos_weight) else to_tensor(pos_weight)
    log_weight = math_ops.add(1.0, math_ops.multiply(math_ops.subtract(pw, 1.0), lb))
    softplus_neg_abs = math_ops.log1p(math_ops.exp(math_ops.negative(math_ops.abs(lg))))
    return math_ops.add(math_ops.multiply(math_ops.subtract(1.0, lb), lg),
                        math_ops.multiply(log_weight, math_ops.add(softplus_neg_abs, relu(math_ops.negative(lg)))),
                        name=name)


# ------------------------------------------------------------------------------------------------
# dropout
# ------------------------------------------------------------------------------------------------
def dropout_v2(x, rate, noise_shape=None, seed=None, name=None):
    """Mirrors ``tf.nn.dropout`` (TF2): keeps each element with probability 1 - rate, scaled by 1/(1-rate)."""
    x = to_tensor(x)
    if isinstance(rate, (int, float)):
        if not 0 <= rate < 1:
            raise ValueError(f"`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate={rate}")
        if rate == 0:
            random_ops.get_seed(seed)   # TF's dummy_rng_step: later unseeded ops get the same op seeds as TF's
            return array_ops.identity(x, name=name)
    shape = noise_shape if noise_shape is not None else x.shape
    if isinstance(shape, TensorShape) and not shape.is_fully_defined():
        shape = array_ops.shape(x)  # TF: the mask takes the run-time shape
    random = random_ops.random_uniform(shape, dtype=x.dtype, seed=seed)
    keep_prob = math_ops.subtract(1.0, rate) if isinstance(rate, (int, float)) else math_ops.subtract(
        array_ops.ones_like(to_tensor(rate)), rate)
    scale = math_ops.truediv(1.0, keep_prob) if isinstance(keep_prob, (int, float)) else math_ops.reciprocal(keep_prob)
    keep_mask = math_ops.greater_equal(random, rate)
    out = math_ops.multiply(math_ops.multiply(x, scale), math_ops.cast(keep_mask, x.dtype), name=name)
    if hasattr(out, "op"):
        out.set_shape(x.shape)  # TF: the result keeps x's static shape even when rate has unknown rank
    return out


def dropout(x, keep_prob=None, noise_shape=None, seed=None, name=None, rate=None):
    """Mirrors ``tf.compat.v1.nn.dropout``: the second positional argument is ``keep_prob``."""
    if keep_prob is not None and rate is not None:
        raise ValueError("You cannot specify both 'rate' and 'keep_prob'.")
    if keep_prob is not None:
        rate = (1 - keep_prob) if isinstance(keep_prob, (int, float)) else math_ops.subtract(1.0, keep_prob)
    if rate is None:
        raise ValueError("You must provide a rate to dropout.")
    return dropout_v2(x, rate, noise_shape=noise_shape, seed=seed, name=name)


# ------------------------------------------------------------------------------------------------
# convolution and pooling (NHWC by default, TF's asymmetric SAME padding)
# ------------------------------------------------------------------------------------------------
def _same_pads(size, k, s, d=1):
    out = -(-size // s)
    total = max((out - 1) * s + (k - 1) * d + 1 - size, 0)
    return total // 2, total - total // 2


def _to_nchw(x, data_format):
    return x if data_format.startswith("NC") else x.permute(0, 3, 1, 2)


def _from_nchw(x, data_format):
    return x if data_format.startswith("NC") else x.permute(0, 2, 3, 1)


def _hw(vals, data_format):
    vals = list(vals)
    if len(vals) == 4:
        return (vals[2], vals[3]) if data_format.startswith("NC") else (vals[1], vals[2])
    if len(vals) == 2:
        return tuple(vals)
    return (vals[0], vals[0])


def _conv2d_shape(inputs, attrs):
    x, w = inputs[0].shape, inputs[1].shape
    dt = inputs[0].dtype
    if x.rank != 4 or w.rank != 4:
        return [(TensorShape(None if x.rank is None else [None] * 4), dt)]
    nc = attrs.get("data_format", "NHWC").startswith("NC")
    depth = x[1] if nc else x[3]
    if depth is not None and w[2] is not None and depth % w[2]:
        raise ValueError(f"Depth of input ({depth}) is not a multiple of input depth of filter ({w[2]})")
    n, h, wd = x[0], (x[2] if nc else x[1]), (x[3] if nc else x[2])
    sh, sw = _hw(attrs["strides"], attrs.get("data_format", "NHWC"))
    dh, dw = _hw(attrs.get("dilations", (1, 1, 1, 1)), attrs.get("data_format", "NHWC"))
    padding = attrs["padding"]

    explicit = None if isinstance(padding, str) else [tuple(p) for p in padding]

    def out(size, k, s, d, axis):
        if size is None or (k is None and padding != "SAME"):
            return None
        if padding == "SAME":
            return -(-size // s)
        if explicit is not None:
            size += sum(explicit[axis])
        return -(-(size - (k - 1) * d) // s)

    oh = out(h, w[0], sh, dh, 2 if nc else 1)
    ow = out(wd, w[1], sw, dw, 3 if nc else 2)
    dims = [n, w[3], oh, ow] if nc else [n, oh, ow, w[3]]
    return [(TensorShape(dims), dt)]


@register_op("Conv2D", grad=DIFFERENTIABLE, inputs=("input", "filter"), shape_fn=_conv2d_shape,
             types={"input": Arg("T", CONV), "filter": Arg("T", CONV)})
def _conv2d(x, w, *, strides, padding, data_format="NHWC", dilations=(1, 1, 1, 1)):
    return _from_nchw(conv2d_channels_first(x, w, None, strides=strides, padding=padding, data_format=data_format,
                                            dilations=dilations), data_format)


def conv2d_channels_first(x, w, bias, *, strides, padding, data_format="NHWC", dilations=(1, 1, 1, 1)):
    """The ``Conv2D`` kernel's convolution as an NCHW-shaped tensor (a permuted view of an NHWC-contiguous result
    for NHWC input), plus ``bias`` (length out-channels, or None) added by the convolution itself: the fused
    Conv2D + BiasAdd of runtime/codegen_fusion.py, as grappler's ``_FusedConv2D``."""
    xs = _to_nchw(x, data_format)
    sh, sw = _hw(strides, data_format)
    dh, dw = _hw(dilations, data_format)
    kh, kw = w.shape[0], w.shape[1]
    if isinstance(padding, str) and padding == "SAME":
        ph, pw = _same_pads(xs.shape[2], kh, sh, dh), _same_pads(xs.shape[3], kw, sw, dw)
    elif not isinstance(padding, str):
        pads = [tuple(p) for p in padding]
        ph, pw = (pads[2], pads[3]) if data_format.startswith("NC") else (pads[1], pads[2])
    elif padding != "VALID":
        raise ValueError(f"padding must be 'SAME' or 'VALID', got {padding!r}")
    else:
        ph = pw = (0, 0)
    conv_pad = (0, 0)
    if ph[0] == ph[1] and pw[0] == pw[1]:
        # Symmetric zero padding (odd kernels, stride 1: the common case) is conv2d's own: no padded copy of
        # the input, about 8 % faster forward + backward on an MNIST-sized layer.
        conv_pad = (ph[0], pw[0])
    elif any(ph) or any(pw):
        xs = F.pad(xs, (pw[0], pw[1], ph[0], ph[1]))
    hp, wp = xs.shape[2] + 2 * conv_pad[0], xs.shape[3] + 2 * conv_pad[1]   # the padded input's size
    if hp < (kh - 1) * dh + 1 or wp < (kw - 1) * dw + 1:
        # TF gives an empty output where the (dilated) filter is larger than the padded input; torch raises.
        oh = max(0, -(-(hp - (kh - 1) * dh) // sh))
        ow = max(0, -(-(wp - (kw - 1) * dw) // sw))
        out = xs.new_zeros((xs.shape[0], w.shape[3], oh, ow)) + (xs.sum() + w.sum()) * 0
        return out if bias is None else out + bias.reshape(-1, 1, 1)
    # TF's Conv2D is grouped when the input depth is a multiple of the filter's (checked by _conv2d_shape).
    out = F.conv2d(xs, w.permute(3, 2, 0, 1), bias, stride=(sh, sw), dilation=(dh, dw), padding=conv_pad,
                   groups=xs.shape[1] // w.shape[2])
    if any(conv_pad):
        # torch skips its own padding in the filter gradient; TF multiplies it (inf * 0 = NaN).
        out = conv_padding_grad.tf_filter_grad_at_padding(
            out, w, ((xs.shape[2], xs.shape[3]), (kh, kw), (sh, sw), (dh, dw), conv_pad))
    return out


def pool_window(xs, ksize, strides, padding, data_format):
    """``((kh, kw), (sh, sw), pad)`` of a 2-D pool on the NCHW-shaped ``xs``; ``pad`` is ``F.pad``'s
    ``(left, right, top, bottom)`` for TF's (asymmetric) SAME padding, zeros for VALID."""
    kh, kw = _hw(ksize, data_format)
    sh, sw = _hw(strides, data_format)
    if padding == "SAME":
        ph, pw = _same_pads(xs.shape[2], kh, sh), _same_pads(xs.shape[3], kw, sw)
        return (kh, kw), (sh, sw), (pw[0], pw[1], ph[0], ph[1])
    return (kh, kw), (sh, sw), (0, 0, 0, 0)


def _pool(x, ksize, strides, padding, data_format, kind):
    xs = _to_nchw(x, data_format)
    (kh, kw), (sh, sw), pad = pool_window(xs, ksize, strides, padding, data_format)
    if kind == "max":
        xp = F.pad(xs, pad, value=float("-inf")) if any(pad) else xs
        out = F.max_pool2d(xp, (kh, kw), (sh, sw))
        if not max_pool_nan.torch_max_pool_is_tf(out):
            # TF: NaN never wins, a window of NaN / -inf gives the lowest float (ops/max_pool_nan.py).
            out = max_pool_nan.tf_max_pool2d(xs, (kh, kw), (sh, sw), pad)
    else:
        # TF's SAME average pooling divides by the number of valid (unpadded) elements.
        xp = F.pad(xs, pad) if any(pad) else xs
        out = F.avg_pool2d(xp, (kh, kw), (sh, sw))
        if any(pad):
            ones = F.pad(torch.ones_like(xs[:1, :1]), pad)
            out = out / F.avg_pool2d(ones, (kh, kw), (sh, sw))
    return _from_nchw(out, data_format)


@register_op("MaxPool", grad=DIFFERENTIABLE, inputs=("input",), types={"input": Arg("T", POOL_MAX)})
def _max_pool(x, *, ksize, strides, padding, data_format="NHWC"):
    return _pool(x, ksize, strides, padding, data_format, "max")


@register_op("AvgPool", grad=DIFFERENTIABLE, inputs=("value",), types={"value": Arg("T", FLOAT)})
def _avg_pool(x, *, ksize, strides, padding, data_format="NHWC"):
    return _pool(x, ksize, strides, padding, data_format, "avg")


def _norm_list(v, n=4):
    if isinstance(v, int):
        return [1, v, v, 1]
    v = list(v)
    if len(v) == 1:
        return [1, v[0], v[0], 1]
    if len(v) == 2:
        return [1, v[0], v[1], 1]
    return v


def conv2d(input, filters=None, strides=None, padding=None, use_cudnn_on_gpu=True, data_format="NHWC",
           dilations=None, name=None, filter=None):  # noqa: A002
    """Mirrors ``tf.nn.conv2d`` (TF1 ``filter=`` and ``use_cudnn_on_gpu`` accepted)."""
    filters = resolve_legacy("filters", filters, filter=filter)
    x, w = match_dtypes(input, filters)
    if isinstance(padding, str):
        padding = padding.upper()
        if padding not in ("SAME", "VALID", "EXPLICIT"):
            raise shape_error(f"Value for attr 'padding' of \"{padding}\" is not in the list of allowed values: "
                              f"\"SAME\", \"VALID\", \"EXPLICIT\"")
    return apply_op("Conv2D", [x, w], {"strides": tuple(_norm_list(strides)), "padding": padding,
                                       "data_format": data_format or "NHWC",
                                       "dilations": tuple(_norm_list(dilations or 1))}, name=name)


def max_pool(value, ksize, strides, padding, data_format="NHWC", name=None, input=None):  # noqa: A002
    """Mirrors ``tf.nn.max_pool``."""
    value = resolve_legacy("value", value, input=input)
    return apply_op("MaxPool", [to_tensor(value)], {"ksize": tuple(_norm_list(ksize)),
                                                    "strides": tuple(_norm_list(strides)),
                                                    "padding": padding.upper(), "data_format": data_format},
                    name=name)


def _pool_list(v, what):
    """TF2's ksize/strides for 2-D pooling: an int, or a list of length 1, 2 or 4."""
    if not isinstance(v, int) and len(list(v)) not in (1, 2, 4):
        raise ValueError(f"{what} should be of length 1, 2 or 4. Received: {what}={list(v)} of length {len(list(v))}")
    return tuple(_norm_list(v))


def max_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):  # noqa: A002
    """Mirrors ``tf.nn.max_pool2d``."""
    return apply_op("MaxPool", [to_tensor(input)], {"ksize": _pool_list(ksize, "ksize"),
                                                    "strides": _pool_list(strides, "strides"),
                                                    "padding": padding.upper(), "data_format": data_format},
                    name=name)


def avg_pool2d(input, ksize, strides, padding, data_format="NHWC", name=None):  # noqa: A002
    """Mirrors ``tf.nn.avg_pool2d``."""
    return apply_op("AvgPool", [to_tensor(input)], {"ksize": _pool_list(ksize, "ksize"),
                                                    "strides": _pool_list(strides, "strides"),
                                                    "padding": padding.upper(), "data_format": data_format},
                    name=name)


def avg_pool(value, ksize, strides, padding, data_format="NHWC", name=None, input=None):  # noqa: A002
    """Mirrors ``tf.nn.avg_pool``."""
    value = resolve_legacy("value", value, input=input)
    return apply_op("AvgPool", [to_tensor(value)], {"ksize": tuple(_norm_list(ksize)),
                                                    "strides": tuple(_norm_list(strides)),
                                                    "padding": padding.upper(), "data_format": data_format},
                    name=name)


def sequence_mask(lengths, maxlen=None, dtype=dtypes.bool_, name=None):
    """Mirrors ``tf.sequence_mask``: ``range(maxlen) < lengths[..., None]`` (maxlen defaults to max(lengths);
    computed in the lengths' dtype, as TF does)."""
    lengths = to_tensor(lengths)
    if maxlen is None:
        maxlen = math_ops.maximum(array_ops.constant(0, lengths.dtype), reduction_ops.reduce_max(lengths))
    else:
        maxlen = to_tensor(maxlen)
    if maxlen.shape.rank not in (None, 0):
        raise ValueError(f"Argument `maxlen` must be scalar for sequence_mask, received `maxlen` = {maxlen} with "
                         f"shape '{maxlen.shape}' instead")
    row = array_ops.range(array_ops.constant(0, maxlen.dtype), maxlen, array_ops.constant(1, maxlen.dtype))
    matrix = math_ops.cast(array_ops.expand_dims(lengths, -1), maxlen.dtype)
    result = math_ops.less(row, matrix)
    dtype = dtypes.as_dtype(dtype)
    return result if dtype is dtypes.bool_ else math_ops.cast(result, dtype)


def moments(x, axes, shift=None, name=None, keep_dims=None, keepdims=None):
    """Mirrors ``tf.nn.moments``: (mean, variance) over ``axes``."""
    keepdims = bool(resolve_legacy("keepdims", keepdims, keep_dims=keep_dims))
    x = to_tensor(x)
    mean = reduction_ops.reduce_mean(x, axes, keepdims=True)
    variance = reduction_ops.reduce_mean(math_ops.squared_difference(x, array_ops.stop_gradient(mean)), axes,
                                         keepdims=True)
    if not keepdims:
        mean = array_ops.squeeze(mean, axes)
        variance = array_ops.squeeze(variance, axes)
    return mean, variance


@add_dispatch_support   # RaggedTensor ids: ops/ragged/ragged_embedding_ops.py, by TF's fallback dispatch
def embedding_lookup(params, ids, partition_strategy="mod", name=None, validate_indices=True, max_norm=None):
    """Mirrors ``tf.compat.v1.nn.embedding_lookup`` for a single params tensor (or a one-element list); with
    ``max_norm``, each looked-up embedding is clipped to that L2 norm (``clip_by_norm``), as TF."""
    if isinstance(params, (list, tuple)):
        if len(params) != 1:
            raise NotImplementedError("embedding_lookup over sharded params is not supported yet")
        params = params[0]
    result = array_ops.gather(params, ids, name=name)
    if max_norm is None:
        return result
    ids_rank = to_tensor(ids).shape.rank
    params_rank = result.shape.rank
    return clip_ops.clip_by_norm(result, max_norm, axes=list(range(ids_rank, params_rank)))


def embedding_lookup_v2(params, ids, max_norm=None, name=None):
    """Mirrors ``tf.nn.embedding_lookup`` (TF2 argument order: params, ids, max_norm, name)."""
    return embedding_lookup(params, ids, name=name, max_norm=max_norm)


@register_op("InTopKV2", grad=NOT_DIFFERENTIABLE, inputs=("predictions", "targets", "k"),
             types={"predictions": Arg(None, ("float",)), "targets": Arg("T", INT32_64), "k": Arg("T", INT32_64)})
def _in_top_k(predictions, targets, k):
    n_classes = predictions.shape[1]
    if predictions.device.type != "meta" and targets.numel() and (
            int(targets.min()) < 0 or int(targets.max()) >= n_classes):
        raise errors.InvalidArgumentError(f"targets[0] is out of range")
    target_vals = predictions.gather(1, targets.long().unsqueeze(1))
    # TF: in the top k iff fewer than k predictions are strictly larger; a non-finite target is never in it.
    n_larger = (predictions > target_vals).sum(1)
    return (n_larger < k) & torch.isfinite(target_vals.squeeze(1))


def in_top_k(predictions, targets, k, name=None):
    """Mirrors ``tf.compat.v1.nn.in_top_k`` (argument order: predictions, targets, k)."""
    p = to_tensor(predictions)
    t = to_tensor(targets)
    kt = to_tensor(k, dtype=t.dtype)
    return apply_op("InTopKV2", [p, t, kt], name=name)


def in_top_k_v2(targets, predictions, k, name=None):
    """Mirrors ``tf.math.in_top_k`` (TF2 argument order: targets, predictions, k)."""
    return in_top_k(predictions, targets, k, name=name)


def compute_average_loss(per_example_loss, sample_weight=None, global_batch_size=None):
    """Mirrors ``tf.nn.compute_average_loss`` (one replica): sum(loss * sample_weight) / global_batch_size,
    0 when the batch size is 0. As in TF, sample weights are applied in float32 and cast back."""
    loss = to_tensor(per_example_loss)
    input_dtype = loss.dtype
    if loss.shape.rank == 0:
        raise ValueError(f"Invalid value passed for `per_example_loss`. Expected a tensor with at least rank 1. "
                         f"Received per_example_loss={loss} with rank 0")
    if sample_weight is not None:
        weight = math_ops.cast(to_tensor(sample_weight), dtypes.float32)
        loss = math_ops.multiply(math_ops.cast(loss, dtypes.float32), weight)
        loss = math_ops.cast(loss, input_dtype)
    if global_batch_size is None:
        global_batch_size = array_ops.shape(loss)[0]
    else:
        gbs = to_tensor(global_batch_size)
        if not gbs.dtype.is_integer:
            raise TypeError("global_batch_size must be an integer.")
        global_batch_size = gbs
    total = reduction_ops.reduce_sum(loss)
    return math_ops.divide_no_nan(total, math_ops.cast(global_batch_size, input_dtype))
