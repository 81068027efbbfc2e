"""TF's activation gradient kernels (``ReluGrad``, ``Relu6Grad``, ``EluGrad``, ``SeluGrad``) and ``Relu6``, with
TF's second-order gradients.

TF's kernels (tensorflow/core/kernels/relu_op_functor.h) *multiply* by a 0/1 mask in ReluGrad and Relu6Grad (a
NaN or inf upstream gradient where the mask is 0 gives NaN; a negative one -0.0) and *select* in EluGrad and
SeluGrad (decided on the output: ``y < 0``, so -0.0 and NaN outputs take the positive branch). Their gradients
are TF's ``_ReluGradGrad``/``_Relu6GradGrad`` (nothing to the features) and ``_EluGradGrad``/``_SeluGradGrad``
(``where(y < 0, grad * gradients, 0)`` to the outputs: a NaN upstream gradient where ``y >= 0`` gives 0, which
autograd's derivative of the forward formula would turn into NaN)."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dispatch
from tfcompat._src.ops.grad_function import TFGradFunction, output_function

__all__ = ["relu_grad", "relu6", "relu6_grad", "elu_grad", "selu_grad", "elu_grad_value", "selu_grad_value"]

_SELU_SCALE = 1.0507009873554804934193349852946
_SELU_SCALE_ALPHA = 1.7580993408473768599402175208123
_ACCUMULATORS = dispatch.FORWARD_ACCUMULATORS


def _recording(*xs) -> bool:
    return torch.is_grad_enabled() and any(x.requires_grad for x in xs)


def _relu_mask(f, dtype):
    return (f > 0).to(dtype)


def _relu6_mask(f, dtype):
    return ((f > 0) & (f < 6)).to(dtype)


def _masked_grad_fn(mask_fn):
    """A ``(gradients, features) -> gradients * mask(features)`` kernel whose gradient is TF's: the kernel
    again on the incoming gradient for ``gradients``, zeros for ``features``."""

    class _MaskedGrad(TFGradFunction):
        @staticmethod
        def forward(ctx, g, f):
            ctx.save_for_backward(f)
            return g * mask_fn(f, g.dtype)

        @staticmethod
        def backward(ctx, gg):
            f, = ctx.saved_tensors
            return kernel(gg, f), torch.zeros_like(f)

    def kernel(g, f):
        if _recording(g, f) or _ACCUMULATORS:
            return _MaskedGrad.apply(g, f)
        return g * mask_fn(f, g.dtype)

    return kernel


relu_grad = _masked_grad_fn(_relu_mask)
relu_grad.__doc__ = "``ReluGrad``: TF's ``gradients * (features > 0)``; gradient TF's ``_ReluGradGrad``."
relu6_grad = _masked_grad_fn(_relu6_mask)
relu6_grad.__doc__ = "``Relu6Grad``: TF's ``gradients * (0 < features < 6)``; gradient TF's ``_Relu6GradGrad``."


def elu_grad_value(g, y):
    return torch.where(y < 0, g * (y + 1), g)


def selu_grad_value(g, y):
    return torch.where(y < 0, g * (y + _SELU_SCALE_ALPHA), g * _SELU_SCALE)


def _selected_grad_fn(value_fn):
    """An EluGrad/SeluGrad-like ``(gradients, outputs)`` kernel whose gradient is TF's: the kernel again on the
    incoming gradient for ``gradients``, ``where(outputs < 0, grad * gradients, 0)`` for ``outputs``."""

    class _SelectedGrad(TFGradFunction):
        @staticmethod
        def forward(ctx, g, y):
            ctx.save_for_backward(g, y)
            return value_fn(g, y)

        @staticmethod
        def backward(ctx, gg):
            g, y = ctx.saved_tensors
            return kernel(gg, y), torch.where(y < 0, gg * g, torch.zeros_like(y))

    def kernel(g, y):
        if _recording(g, y):
            return _SelectedGrad.apply(g, y)
        return value_fn(g, y)

    return kernel


elu_grad = _selected_grad_fn(elu_grad_value)
elu_grad.__doc__ = "``EluGrad``: TF's ``y < 0 ? g * (y + 1) : g``; gradient TF's ``_EluGradGrad``."
selu_grad = _selected_grad_fn(selu_grad_value)
selu_grad.__doc__ = "``SeluGrad``: TF's ``y < 0 ? g * (y + scale * alpha) : g * scale``; gradient TF's " \
                    "``_SeluGradGrad``."


def _relu6_value(x):
    # -0.0 -> +0.0 as TF's vectorised kernel (its scalar tail, used for tensors smaller than a packet, keeps -0.0;
    # torch.clamp keeps -0.0 everywhere); NaN stays NaN.
    return torch.threshold(x, 0, 0).clamp_max_(6)


_Relu6 = output_function("_Relu6", _relu6_value, relu6_grad, lambda t, y: t * _relu6_mask(y, t.dtype))


def relu6(x: torch.Tensor) -> torch.Tensor:
    """``Relu6``: ``min(max(x, 0), 6)``; gradient TF's ``Relu6Grad`` on the *output* (as TF's ``_Relu6Grad``): a
    product with the mask, so NaN upstream gradients stay NaN where the mask is 0 and a NaN input gives 0."""
    return _Relu6.apply(x) if (_recording(x) or _ACCUMULATORS) else _relu6_value(x)
