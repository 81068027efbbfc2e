"""TF's gradient kernels as ops (``ReluGrad``, ``BiasAddGrad``, ``Conv2DBackpropFilter``, ``MaxPoolGrad``,
``BroadcastGradientArgs``, ...), with TF's names, inputs and attributes.

tfcompat differentiates with torch autograd and never builds these itself; they appear in graphs TF built
(``tf.gradients`` in a TF1 training graph read by ``tf.import_graph_def``/``import_meta_graph``) and in
``tf.raw_ops``. Each kernel computes TF's formula (tensorflow/core/kernels/*_op.cc) with differentiable torch
ops, so a gradient of an imported gradient (second order) still flows. The convolution and pooling gradients are
the vector-Jacobian products of tfcompat's own forward kernels, so their padding rules are the forward's."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import constant_value
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NOT_DIFFERENTIABLE, REGISTRY, register_op
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import activation_grads
from tfcompat._src.ops import nn_ops  # noqa: F401 - registers Conv2D/MaxPool/AvgPool used below

__all__ = []


_GRADIENTS_FEATURES = dict(grad=DIFFERENTIABLE, inputs=("gradients", "features"))


@register_op("ReluGrad", **_GRADIENTS_FEATURES)
def _relu_grad(g, features):
    return activation_grads.relu_grad(g, features)


@register_op("Relu6Grad", **_GRADIENTS_FEATURES)
def _relu6_grad(g, features):
    return activation_grads.relu6_grad(g, features)


@register_op("LeakyReluGrad", **_GRADIENTS_FEATURES)
def _leaky_relu_grad(g, features, *, alpha=0.2):
    return torch.where(features > 0, g, g * alpha)


@register_op("EluGrad", grad=DIFFERENTIABLE, inputs=("gradients", "outputs"))
def _elu_grad(g, outputs):
    return activation_grads.elu_grad(g, outputs)


@register_op("SeluGrad", grad=DIFFERENTIABLE, inputs=("gradients", "outputs"))
def _selu_grad(g, outputs):
    return activation_grads.selu_grad(g, outputs)


@register_op("SoftplusGrad", **_GRADIENTS_FEATURES)
def _softplus_grad(g, features):
    return g * torch.sigmoid(features)


@register_op("SoftsignGrad", **_GRADIENTS_FEATURES)
def _softsign_grad(g, features):
    return g / (1 + features.abs()) ** 2


# y-based gradients: (y, dy) with y the op's output.
@register_op("SigmoidGrad", grad=DIFFERENTIABLE, inputs=("y", "dy"))
def _sigmoid_grad(y, dy):
    return dy * y * (1 - y)


@register_op("TanhGrad", grad=DIFFERENTIABLE, inputs=("y", "dy"))
def _tanh_grad(y, dy):
    return dy * (1 - y * y)


@register_op("SqrtGrad", grad=DIFFERENTIABLE, inputs=("y", "dy"))
def _sqrt_grad(y, dy):
    return dy * 0.5 / y


@register_op("RsqrtGrad", grad=DIFFERENTIABLE, inputs=("y", "dy"))
def _rsqrt_grad(y, dy):
    return dy * (y * y * y) * -0.5


@register_op("ReciprocalGrad", grad=DIFFERENTIABLE, inputs=("y", "dy"))
def _reciprocal_grad(y, dy):
    return -dy * y * y


@register_op("BiasAddGrad", grad=DIFFERENTIABLE, inputs=("out_backprop",))
def _bias_add_grad(g, *, data_format="NHWC"):
    channel = 1 if data_format.startswith("NC") and g.dim() > 2 else g.dim() - 1
    return g.sum(dim=[d for d in range(g.dim()) if d != channel])


def _vjp(forward, x, g):
    with torch.enable_grad():
        x = x.detach().requires_grad_(True) if not x.requires_grad else x
        y = forward(x)
        return torch.autograd.grad(y, x, g, create_graph=torch.is_grad_enabled() and g.requires_grad)[0]


def _shape_from_input(index: int, dtype_index: int):
    """Static spec of an op whose output shape is the value of input ``index`` (when constant)."""
    def shape_fn(inputs, attrs):
        value = constant_value(inputs[index])
        shape = TensorShape([int(d) for d in value.tolist()]) if value is not None else TensorShape(None)
        return [(shape, inputs[dtype_index].dtype)]
    return shape_fn


@register_op("Conv2DBackpropFilter", grad=DIFFERENTIABLE, inputs=("input", "filter_sizes", "out_backprop"),
             same_type=((0, 2),), shape_fn=_shape_from_input(1, 0))
def _conv2d_backprop_filter(x, filter_sizes, g, *, strides, padding, data_format="NHWC",
                            dilations=(1, 1, 1, 1), explicit_paddings=(), use_cudnn_on_gpu=True):
    conv = REGISTRY["Conv2D"].kernel
    w0 = torch.zeros([int(d) for d in filter_sizes.tolist()], dtype=x.dtype, device=x.device)
    return _vjp(lambda w: conv(x, w, strides=strides, padding=padding, data_format=data_format,
                               dilations=dilations), w0, g)


@register_op("MaxPoolGrad", grad=DIFFERENTIABLE, inputs=("orig_input", "orig_output", "grad"))
def _max_pool_grad(x, _y, g, *, ksize, strides, padding, data_format="NHWC", explicit_paddings=()):
    pool = REGISTRY["MaxPool"].kernel
    return _vjp(lambda t: pool(t, ksize=ksize, strides=strides, padding=padding, data_format=data_format), x, g)


@register_op("AvgPoolGrad", grad=DIFFERENTIABLE, inputs=("orig_input_shape", "grad"), same_type=(),
             shape_fn=_shape_from_input(0, 1))
def _avg_pool_grad(shape, g, *, ksize, strides, padding, data_format="NHWC"):
    pool = REGISTRY["AvgPool"].kernel
    x0 = torch.zeros([int(d) for d in shape.tolist()], dtype=g.dtype, device=g.device)
    return _vjp(lambda t: pool(t, ksize=ksize, strides=strides, padding=padding, data_format=data_format), x0, g)


# -- shape arithmetic of TF's symbolic gradients --------------------------------------------------------------
def _broadcast_args_shapes(inputs, attrs):
    dt = inputs[0].dtype
    return [(TensorShape([None]), dt), (TensorShape([None]), dt)]


@register_op("BroadcastGradientArgs", grad=NOT_DIFFERENTIABLE, inputs=("s0", "s1"), num_outputs=2,
             shape_fn=_broadcast_args_shapes)
def _broadcast_gradient_args(s0, s1):
    a, b = [int(d) for d in s0.tolist()], [int(d) for d in s1.tolist()]
    n = max(len(a), len(b))
    a, b = [1] * (n - len(a)) + a, [1] * (n - len(b)) + b
    r0, r1 = [], []
    for i, (x, y) in enumerate(zip(a, b)):
        if x == y:
            continue
        if x == 1:
            r0.append(i)
        elif y == 1:
            r1.append(i)
        else:
            raise ValueError(f"Incompatible shapes: [{','.join(map(str, s0.tolist()))}] vs. "
                             f"[{','.join(map(str, s1.tolist()))}]")
    # TF also reduces dimensions where both are 1.
    r0 = sorted(set(r0) | {i for i, (x, y) in enumerate(zip(a, b)) if x == y == 1})
    r1 = sorted(set(r1) | {i for i, (x, y) in enumerate(zip(a, b)) if x == y == 1})
    return (torch.tensor(r0, dtype=s0.dtype, device=s0.device), torch.tensor(r1, dtype=s0.dtype, device=s0.device))


def _shape_n_specs(inputs, attrs):
    dt = attrs.get("out_type", dtypes.int32)
    return [(TensorShape([x.shape.rank]), dt) for x in inputs]


@register_op("ShapeN", grad=NOT_DIFFERENTIABLE, inputs=("input",), list_input=True, same_type=(),
             num_outputs=lambda attrs: attrs["N"], shape_fn=_shape_n_specs)
def _shape_n(*xs, N, out_type=dtypes.int32):
    return tuple(torch.tensor(list(x.shape), dtype=out_type.torch_dtype) for x in xs[:N])


@register_op("InvertPermutation", grad=NOT_DIFFERENTIABLE, inputs=("x",))
def _invert_permutation(p):
    out = torch.empty_like(p)
    out[p.long()] = torch.arange(p.numel(), dtype=p.dtype, device=p.device)
    return out


def _stitch_specs(inputs, attrs):
    return [(TensorShape(None), inputs[attrs["N"]].dtype)]


@register_op("DynamicStitch", grad=DIFFERENTIABLE, inputs=("indices",), list_input=True, same_type=(),
             shape_fn=_stitch_specs)
def _dynamic_stitch(*args, N):
    indices, data = args[:N], args[N:]
    flat_idx = torch.cat([i.reshape(-1).long() for i in indices])
    inner = data[0].shape[indices[0].dim():]
    flat_data = torch.cat([d.reshape((-1,) + tuple(inner)) for d in data])
    size = int(flat_idx.max()) + 1 if flat_idx.numel() else 0
    out = torch.zeros((size,) + tuple(inner), dtype=flat_data.dtype, device=flat_data.device)
    # Later entries win for repeated indices, as TF's kernel.
    return out.index_put((flat_idx,), flat_data)
