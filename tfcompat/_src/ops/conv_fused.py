"""Fused ``Conv2D`` + bias (+ activation, + max pool) kernels, as grappler's remapper runs ``_FusedConv2D``.

runtime/codegen_fusion.py picks the groups from a plan's graph (each intermediate used only by the next op of the
group, never fetched, fed or differentiated against); the graph itself is unchanged. What the fused kernel saves
over the ops one by one (batch-64 MNIST-sized layers, 1 thread):

* the bias is added by the convolution itself (torch's ``conv2d`` bias: oneDNN's epilogue on the CPU): no
  separate pass over the output, and the bias gradient comes out of ``convolution_backward``;
* ``Relu`` runs in place on the convolution's own fresh output: no second activation buffer;
* ``Relu`` whose only use is a ``MaxPool`` without padding: TF's ReluGrad mask is applied to the pooled gradient
  (a quarter of the elements for 2x2 windows) before MaxPoolGrad scatters it. MaxPoolGrad is non-zero only at
  each window's first maximum of the ReLU output, where that output equals the pooled value, so
  ``MaxPoolGrad(dy * (pooled > 0))`` is ``ReluGrad(MaxPoolGrad(dy))`` element for element -- also for a NaN or inf
  upstream value over a window whose maximum is <= 0 (NaN at the same position) and for overlapping windows
  (the mask is 0 or 1, so the sum of masked terms is the masked sum). The ReLU output is not kept for the
  backward pass: the pooled values and the argmax indices are.

Values and gradients are the unfused kernels' up to float rounding (the bias is added to the convolution's
accumulator). Where the fused form does not apply at run time (a ``ForwardAccumulator`` recording tangents,
tracing under torch.compile, meta tensors; a NaN in the pooled ReLU output, which TF's MaxPool skips) the kernel
runs the unfused kernels it was built with."""
from __future__ import annotations

from typing import Callable

import torch
import torch.nn.functional as F

from tfcompat._src.framework import dispatch
from tfcompat._src.ops import max_pool_nan, nn_ops
from tfcompat._src.ops.tf_grad_kernels import positive_mask

__all__ = ["fused_conv2d"]

_aten = torch.ops.aten
_ACCUMULATORS = dispatch.FORWARD_ACCUMULATORS


class _ReluInPlace(torch.autograd.Function):
    """``Relu`` written over its input (a convolution's fresh output that nothing else reads); TF's ReluGrad."""

    @staticmethod
    def forward(ctx, z):
        z.relu_()
        ctx.mark_dirty(z)
        ctx.save_for_backward(z)
        return z

    @staticmethod
    def backward(ctx, dy):
        y, = ctx.saved_tensors
        return positive_mask(y, dy.dtype).mul_(dy)


class _ReluMaxPool(torch.autograd.Function):
    """``MaxPool(Relu(z))`` for an unpadded pool on NCHW-shaped ``z``, ReLU in place (see the module docstring)."""

    @staticmethod
    def forward(ctx, z, kernel, stride):
        z.relu_()
        ctx.mark_dirty(z)
        pooled, argmax = _aten.max_pool2d_with_indices(z, kernel, stride)
        ctx.save_for_backward(pooled, argmax)
        ctx.geometry = (z.shape, z.stride(), kernel, stride)
        ctx.mark_non_differentiable(z)
        ctx.set_materialize_grads(False)   # no zero-filled gradient for the (unused) ReLU output
        return pooled, z

    @staticmethod
    def backward(ctx, d_pooled, _):
        pooled, argmax = ctx.saved_tensors
        shape, strides, kernel, stride = ctx.geometry
        if d_pooled is None:
            return None, None, None
        masked = positive_mask(pooled, d_pooled.dtype).mul_(d_pooled)
        # MaxPoolGrad reads only the input's shape and memory layout: an uninitialised buffer stands in for it.
        like = torch.empty_strided(shape, strides, dtype=d_pooled.dtype, device=d_pooled.device)
        dz = _aten.max_pool2d_with_indices_backward(masked, like, kernel, stride, [0, 0], [1, 1], False, argmax)
        return dz, None, None


def _recording(*xs) -> bool:
    return torch.is_grad_enabled() and any(x.requires_grad for x in xs)


def _relu_in_place(z):
    return _ReluInPlace.apply(z) if _recording(z) else z.relu_()


def _relu_max_pool(z, pool_attrs):
    (kernel, stride, pad) = nn_ops.pool_window(z, pool_attrs["ksize"], pool_attrs["strides"],
                                               pool_attrs["padding"], pool_attrs.get("data_format", "NHWC"))
    if any(pad):
        return None
    kernel, stride = list(kernel), list(stride)
    if _recording(z):
        return _ReluMaxPool.apply(z, kernel, stride)[0]
    return F.max_pool2d(z.relu_(), kernel, stride)


def fused_conv2d(conv_attrs: dict, activation: str | None, activation_kernel: Callable | None,
                 pool: tuple[dict, Callable] | None, unfused: Callable) -> Callable:
    """The kernel ``(input, filter, bias) -> output`` of a fused group: ``Conv2D`` with ``conv_attrs``, the bias
    add, then ``activation`` (``"Relu"``; another op type, run by ``activation_kernel`` on the data-format result;
    or None), then, only after ``"Relu"``, ``MaxPool`` (``pool``: its attributes and its kernel, or None).
    ``unfused``: the same computation by the separate kernels, run where the fused form does not apply (see the
    module docstring)."""
    channels_last = not conv_attrs.get("data_format", "NHWC").startswith("NC")
    conv = nn_ops.conv2d_channels_first
    is_compiling = torch.compiler.is_compiling

    def to_format(t):
        return t.permute(0, 2, 3, 1) if channels_last else t

    def conv2d_bias_activation(x, w, b):
        if _ACCUMULATORS or is_compiling() or x.device.type == "meta":
            return unfused(x, w, b)
        z = conv(x, w, b, **conv_attrs)   # NCHW-shaped; a fresh buffer, so the activation may write over it
        if activation == "Relu":
            if pool is not None:
                pooled = _relu_max_pool(z, pool[0])
                if pooled is not None:
                    if max_pool_nan.torch_max_pool_is_tf(pooled):
                        return to_format(pooled)
                    # A NaN reached the pool: TF's MaxPool skips it (ops/max_pool_nan.py); the separate kernels.
                    return unfused(x, w, b)
            y = to_format(_relu_in_place(z))
            return y if pool is None else pool[1](y)   # a padded pool (TF's SAME on odd sizes): MaxPool's kernel
        return to_format(z) if activation_kernel is None else activation_kernel(to_format(z))
    return conv2d_bias_activation
