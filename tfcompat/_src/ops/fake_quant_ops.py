"""``tf.quantization.fake_quant_with_min_max_{args,vars,vars_per_channel}`` and their ``*_gradient`` ops.

As TF's kernels (``fake_quant_ops_functor.h``): the range ``[min, max]`` is nudged so that zero is exactly
representable (``scale = (max - min) / (quant_max - quant_min)``, zero point rounded half away from zero), the
input is clamped to the nudged range and rounded to the grid (``floor(x / scale + 0.5)``), all in float32. The
gradient is TF's straight-through estimator: ``dy`` where the input is inside the nudged range, 0 outside; for
the ``vars`` forms the outside parts go to ``min`` (below) and ``max`` (above), summed (per channel)."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NOT_DIFFERENTIABLE, register_op

__all__ = [
    "fake_quant_with_min_max_args", "fake_quant_with_min_max_args_gradient", "fake_quant_with_min_max_vars",
    "fake_quant_with_min_max_vars_gradient", "fake_quant_with_min_max_vars_per_channel",
    "fake_quant_with_min_max_vars_per_channel_gradient",
]


def _nudge(min_v: torch.Tensor, max_v: torch.Tensor, num_bits: int, narrow_range: bool):
    """(nudged_min, nudged_max, scale) as float32 tensors (elementwise over per-channel ranges)."""
    quant_min = 1.0 if narrow_range else 0.0
    quant_max = float((1 << num_bits) - 1)
    min_v, max_v = min_v.to(torch.float32), max_v.to(torch.float32)
    scale = (max_v - min_v) / (quant_max - quant_min)
    zero_point = quant_min - min_v / scale
    # std::round: half away from zero (zero_point >= quant_min here, so floor(x + 0.5)).
    nudged_zero = torch.where(zero_point < quant_min, torch.full_like(zero_point, quant_min),
                              torch.where(zero_point > quant_max, torch.full_like(zero_point, quant_max),
                                          torch.floor(zero_point + 0.5)))
    return (quant_min - nudged_zero) * scale, (quant_max - nudged_zero) * scale, scale


def _quantize(x, nudged_min, nudged_max, scale):
    clamped = torch.minimum(torch.maximum(x, nudged_min), nudged_max)
    inv_scale = 1.0 / scale
    return torch.floor((clamped - nudged_min) * inv_scale + 0.5) * scale + nudged_min


def _check_bits(num_bits, narrow_range):
    if not 2 <= num_bits <= 16:
        raise errors.InvalidArgumentError(f"num_bits is out of range, expected between 2 and 16, was: {num_bits}")


class _FakeQuant(torch.autograd.Function):
    """TF's fake quantization with its straight-through gradient (to the input, and to min/max when those
    are tensors: ``vars``)."""

    @staticmethod
    def forward(ctx, x, min_v, max_v, num_bits, narrow_range, per_channel):
        nudged_min, nudged_max, scale = _nudge(min_v, max_v, num_bits, narrow_range)
        ctx.save_for_backward(x, nudged_min, nudged_max)
        ctx.per_channel = per_channel
        return _quantize(x, nudged_min, nudged_max, scale)

    @staticmethod
    def backward(ctx, dy):
        x, nudged_min, nudged_max = ctx.saved_tensors
        return _backprops(dy, x, nudged_min, nudged_max, ctx.per_channel) + (None, None, None)


def _backprops(dy, x, nudged_min, nudged_max, per_channel):
    below, above = x < nudged_min, x > nudged_max
    zero = torch.zeros_like(dy)
    d_x = torch.where(below | above, zero, dy)
    dims = tuple(range(x.dim() - 1)) if per_channel else tuple(range(x.dim()))
    d_min = torch.where(below, dy, zero).sum(dim=dims) if dims else torch.where(below, dy, zero)
    d_max = torch.where(above, dy, zero).sum(dim=dims) if dims else torch.where(above, dy, zero)
    return d_x, d_min, d_max


@register_op("FakeQuantWithMinMaxArgs", grad=DIFFERENTIABLE, inputs=("inputs",), same_type=())
def _fake_quant_args(x, *, min=-6.0, max=6.0, num_bits=8, narrow_range=False):  # noqa: A002 - TF's names
    bounds = torch.tensor([min, max], dtype=torch.float32)
    return _FakeQuant.apply(x, bounds[0], bounds[1], num_bits, narrow_range, False)


@register_op("FakeQuantWithMinMaxArgsGradient", grad=NOT_DIFFERENTIABLE, inputs=("gradients", "inputs"))
def _fake_quant_args_gradient(dy, x, *, min=-6.0, max=6.0, num_bits=8, narrow_range=False):  # noqa: A002
    bounds = torch.tensor([min, max], dtype=torch.float32)
    nudged_min, nudged_max, _ = _nudge(bounds[0], bounds[1], num_bits, narrow_range)
    return _backprops(dy, x, nudged_min, nudged_max, False)[0]


def _vars_kernel(per_channel):
    def kernel(x, min_v, max_v, *, num_bits=8, narrow_range=False):
        return _FakeQuant.apply(x, min_v, max_v, num_bits, narrow_range, per_channel)
    return kernel


def _vars_gradient_kernel(per_channel):
    def kernel(dy, x, min_v, max_v, *, num_bits=8, narrow_range=False):
        nudged_min, nudged_max, _ = _nudge(min_v, max_v, num_bits, narrow_range)
        return _backprops(dy, x, nudged_min, nudged_max, per_channel)
    return kernel


register_op("FakeQuantWithMinMaxVars", grad=DIFFERENTIABLE, inputs=("inputs", "min", "max"))(_vars_kernel(False))
register_op("FakeQuantWithMinMaxVarsPerChannel", grad=DIFFERENTIABLE,
            inputs=("inputs", "min", "max"))(_vars_kernel(True))
register_op("FakeQuantWithMinMaxVarsGradient", grad=NOT_DIFFERENTIABLE, num_outputs=3,
            inputs=("gradients", "inputs", "min", "max"))(_vars_gradient_kernel(False))
register_op("FakeQuantWithMinMaxVarsPerChannelGradient", grad=NOT_DIFFERENTIABLE, num_outputs=3,
            inputs=("gradients", "inputs", "min", "max"))(_vars_gradient_kernel(True))


def _float(x):
    t = convert_to_tensor(x, dtype=dtypes.float32) if not hasattr(x, "dtype") else convert_to_tensor(x)
    if t.dtype is not dtypes.float32:
        raise TypeError(f"Value passed to parameter 'inputs' has DataType {t.dtype.name} not in list of allowed "
                        f"values: float32")
    return t


def _args_attrs(min, max, num_bits, narrow_range):  # noqa: A002 - TF's names
    if not min < max:
        raise errors.InvalidArgumentError(f"min has to be smaller than max, was: {float(min):g} >= {float(max):g}")
    _check_bits(num_bits, narrow_range)
    return {"min": float(min), "max": float(max), "num_bits": int(num_bits), "narrow_range": bool(narrow_range)}


def fake_quant_with_min_max_args(inputs, min=-6, max=6, num_bits=8, narrow_range=False, name=None):  # noqa: A002
    """Mirrors ``tf.quantization.fake_quant_with_min_max_args`` (op ``FakeQuantWithMinMaxArgs``): ``inputs``
    (float32) clamped to the nudged ``[min, max]`` and rounded to its ``2**num_bits`` levels; the gradient
    passes ``dy`` inside the range, 0 outside.

    Raises:
      InvalidArgumentError: ``min >= max`` or ``num_bits`` outside [2, 16]."""
    return apply_op("FakeQuantWithMinMaxArgs", [_float(inputs)], _args_attrs(min, max, num_bits, narrow_range),
                    name=name)


def fake_quant_with_min_max_args_gradient(gradients, inputs, min=-6, max=6, num_bits=8,  # noqa: A002
                                          narrow_range=False, name=None):
    """Mirrors ``tf.quantization.fake_quant_with_min_max_args_gradient``: ``gradients`` where ``inputs`` is
    inside the nudged range, 0 elsewhere."""
    return apply_op("FakeQuantWithMinMaxArgsGradient", [_float(gradients), _float(inputs)],
                    _args_attrs(min, max, num_bits, narrow_range), name=name)


def _vars(op_type, tensors, num_bits, narrow_range, name):
    _check_bits(num_bits, narrow_range)
    return apply_op(op_type, [_float(t) for t in tensors], {"num_bits": int(num_bits),
                                                            "narrow_range": bool(narrow_range)}, name=name)


def fake_quant_with_min_max_vars(inputs, min, max, num_bits=8, narrow_range=False, name=None):  # noqa: A002
    """Mirrors ``tf.quantization.fake_quant_with_min_max_vars`` (op ``FakeQuantWithMinMaxVars``): as ``_args``
    with scalar tensors ``min``/``max`` (typically variables), which get the gradient of the clamped parts."""
    return _vars("FakeQuantWithMinMaxVars", [inputs, min, max], num_bits, narrow_range, name)


def fake_quant_with_min_max_vars_gradient(gradients, inputs, min, max, num_bits=8, narrow_range=False,  # noqa: A002
                                          name=None):
    """Mirrors ``tf.quantization.fake_quant_with_min_max_vars_gradient``: (backprops wrt inputs, wrt min,
    wrt max)."""
    return tuple(_vars("FakeQuantWithMinMaxVarsGradient", [gradients, inputs, min, max], num_bits, narrow_range,
                       name))


def fake_quant_with_min_max_vars_per_channel(inputs, min, max, num_bits=8, narrow_range=False,  # noqa: A002
                                             name=None):
    """Mirrors ``tf.quantization.fake_quant_with_min_max_vars_per_channel``: one ``[min, max]`` per entry of
    the last dimension."""
    return _vars("FakeQuantWithMinMaxVarsPerChannel", [inputs, min, max], num_bits, narrow_range, name)


def fake_quant_with_min_max_vars_per_channel_gradient(gradients, inputs, min, max, num_bits=8,  # noqa: A002
                                                      narrow_range=False, name=None):
    """Mirrors ``tf.quantization.fake_quant_with_min_max_vars_per_channel_gradient``: (backprops wrt inputs,
    wrt min, wrt max), the last two per channel."""
    return tuple(_vars("FakeQuantWithMinMaxVarsPerChannelGradient", [gradients, inputs, min, max], num_bits,
                       narrow_range, name))
