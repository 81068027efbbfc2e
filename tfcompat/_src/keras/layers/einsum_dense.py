"""EinsumDense (tf-keras 2.21 ``tf.keras.layers.EinsumDense``, also ``layers.experimental.EinsumDense``): a dense
layer whose contraction is an einsum equation; the projection layer behind MultiHeadAttention."""
from __future__ import annotations

import re

from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import linalg_ops
from tfcompat._src.keras import activations
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.layers.kernel_bias import add_kernel_and_bias, kernel_bias_config, set_kernel_bias_args

__all__ = ["EinsumDense", "analyze_einsum_equation"]

# The three equation forms tf-keras accepts, with "..." replaced by "0": plain, left-elided, right-elided.
_PLAIN = re.compile("([a-zA-Z]+),([a-zA-Z]+)->([a-zA-Z]+)")
_LEFT_ELIDED = re.compile("0([a-zA-Z]+),([a-zA-Z]+)->0([a-zA-Z]+)")
_RIGHT_ELIDED = re.compile("([a-zA-Z]{2,})0,([a-zA-Z]+)->([a-zA-Z]+)0")


def analyze_einsum_equation(equation: str, bias_axes, input_shape, output_shape):
    """``(kernel_shape, bias_shape or None, full_output_shape)`` for an EinsumDense equation, as tf-keras's
    ``_analyze_einsum_string`` derives them (same errors)."""
    text = re.sub(r"\.\.\.", "0", equation)
    for pattern, left_elided in ((_PLAIN, False), (_LEFT_ELIDED, True), (_RIGHT_ELIDED, False)):
        match = pattern.match(text)
        if match:
            return _analyze_specs(match.group(1), match.group(2), match.group(3), bias_axes,
                                  TensorShape(input_shape).as_list(), output_shape, left_elided)
    raise ValueError(f"Invalid einsum equation '{equation}'. Equations must be in the form [X],[Y]->[Z], "
                     "...[X],[Y]->...[Z], or [X]...,[Y]->[Z]....")


def _analyze_specs(input_spec, weight_spec, output_spec, bias_axes, input_shape, output_shape, left_elided):
    elided = len(input_shape) - len(input_spec)
    output_shape = [output_shape] if isinstance(output_shape, int) else list(output_shape)
    output_shape.insert(0, input_shape[0])
    if elided > 0 and left_elided:
        for i in range(1, elided):
            output_shape.insert(1, input_shape[i])
    elif elided > 0:
        output_shape.extend(input_shape[len(input_shape) - elided:])

    if left_elided:
        # Input letters index from the end of the input; the output shape above is already complete.
        input_dims = {dim: i + elided - len(input_shape) for i, dim in enumerate(input_spec)}
        output_dims = {dim: i + elided for i, dim in enumerate(output_spec)}
    else:
        input_dims = {dim: i for i, dim in enumerate(input_spec)}
        output_dims = {dim: i for i, dim in enumerate(output_spec)}

    for dim in input_spec:
        in_size = input_shape[input_dims[dim]]
        if dim in output_dims:
            out_size = output_shape[output_dims[dim]]
            if out_size is not None and out_size != in_size:
                raise ValueError(f"Input shape and output shape do not match at shared dimension '{dim}'. Input "
                                 f"shape is {in_size}, and output shape is {out_size}.")
    for dim in output_spec:
        if dim not in input_spec and dim not in weight_spec:
            raise ValueError(f"Dimension '{dim}' was specified in the output '{output_spec}' but has no "
                             f"corresponding dim in the input spec '{input_spec}' or weight spec '{output_spec}'")

    kernel_shape = []
    for dim in weight_spec:
        if dim in input_dims:
            kernel_shape.append(input_shape[input_dims[dim]])
        elif dim in output_dims:
            kernel_shape.append(output_shape[output_dims[dim]])
        else:
            raise ValueError(f"Weight dimension '{dim}' did not have a match in either the input spec "
                             f"'{input_spec}' or the output spec '{output_spec}'. For this layer, the weight must "
                             "be fully specified.")

    bias_shape = None
    if bias_axes is not None:
        sizes = {char: output_shape[output_dims[char]] for char in output_spec}
        for char in bias_axes:
            if char not in output_spec:
                raise ValueError(f"Bias dimension '{char}' was requested, but is not part of the output spec "
                                 f"'{output_spec}'")
        first = min(output_spec.find(char) for char in bias_axes)
        bias_shape = [sizes[char] if char in bias_axes else 1 for char in output_spec[first:]]
        if not left_elided:
            bias_shape.extend([1] * elided)
    return kernel_shape, bias_shape, output_shape


class EinsumDense(Layer):
    """Mirrors ``tf.keras.layers.EinsumDense``: ``activation(einsum(equation, inputs, kernel) + bias)``; the
    kernel and bias shapes follow from the equation, ``output_shape`` and ``bias_axes`` as in tf-keras."""

    def __init__(self, equation, output_shape, activation=None, bias_axes=None, kernel_initializer="glorot_uniform",
                 bias_initializer="zeros", kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None,
                 kernel_constraint=None, bias_constraint=None, **kwargs):
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.equation = equation
        self.partial_output_shape = [output_shape] if isinstance(output_shape, int) else list(output_shape)
        self.bias_axes = bias_axes
        self.activation = activations.get(activation)
        set_kernel_bias_args(self, kernel_initializer, bias_initializer, kernel_regularizer, bias_regularizer,
                             kernel_constraint, bias_constraint)

    def build(self, input_shape):
        input_shape = TensorShape(input_shape)
        kernel_shape, bias_shape, self.full_output_shape = analyze_einsum_equation(
            self.equation, self.bias_axes, input_shape, self.partial_output_shape)
        add_kernel_and_bias(self, kernel_shape, bias_shape)
        Layer.build(self, input_shape)

    def compute_output_shape(self, _):
        return TensorShape(self.full_output_shape)

    def call(self, inputs):
        out = linalg_ops.einsum(self.equation, inputs, self.kernel)
        if self.bias is not None:
            out = out + self.bias
        if self.activation is not None:
            out = self.activation(out)
        return out

    def get_config(self):
        config = {
            "output_shape": self.partial_output_shape, "equation": self.equation,
            "activation": activations.serialize(self.activation), "bias_axes": self.bias_axes,
            **kernel_bias_config(self),
        }
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))
