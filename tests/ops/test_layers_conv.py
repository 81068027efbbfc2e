"""Oracle tests for ops/layers_conv.py (tf.compat.v1.layers 1-D/3-D convolutions, 3-D transposed convolution,
separable convolutions, 1-D/3-D pooling, functional forms and classes) in graph mode: variable names and shapes,
output names and static shapes, values and gradients with respect to the input and every variable (variables
set to fixed values). Every expected value is TF's (live or recorded)."""
from __future__ import annotations

import numpy as np
import pytest

X1 = np.arange(2 * 7 * 3, dtype=np.float32).reshape(2, 7, 3) / 10.0
X3 = np.arange(2 * 4 * 5 * 4 * 2, dtype=np.float32).reshape(2, 4, 5, 4, 2) / 50.0

CASES = {
    "conv1d": (lambda v1, x: v1.layers.conv1d(x, 4, 3, strides=2, padding="same", activation=v1.nn.relu), X1),
    "conv1d_valid_dilated": (lambda v1, x: v1.layers.conv1d(x, 2, 2, dilation_rate=2), X1),
    "conv3d": (lambda v1, x: v1.layers.conv3d(x, 3, (2, 3, 2), strides=(1, 2, 1), padding="same"), X3),
    "conv3d_transpose_valid": (lambda v1, x: v1.layers.conv3d_transpose(x, 2, (2, 2, 3), strides=(2, 1, 2)), X3),
    "conv3d_transpose_same": (lambda v1, x: v1.layers.conv3d_transpose(x, 2, 3, strides=2, padding="same"), X3),
    "separable_conv1d": (lambda v1, x: v1.layers.separable_conv1d(x, 5, 3, depth_multiplier=2, padding="same"), X1),
    "separable_conv2d": (lambda v1, x: v1.layers.separable_conv2d(v1.reshape(x, [-1, 7, 3, 1]), 2, (2, 2)), X1),
    "max_pooling1d": (lambda v1, x: v1.layers.max_pooling1d(x, 2, 2, padding="same"), X1),
    "average_pooling1d": (lambda v1, x: v1.layers.average_pooling1d(x, 3, 1), X1),
    "max_pooling3d": (lambda v1, x: v1.layers.max_pooling3d(x, 2, 2), X3),
    "average_pooling3d": (lambda v1, x: v1.layers.average_pooling3d(x, (2, 2, 1), (1, 2, 1), padding="same"), X3),
    "classes": (lambda v1, x: v1.layers.MaxPooling1D(2, 1)(v1.layers.Conv1D(2, 2, name="c")(x)), X1),
    "classes_3d": (lambda v1, x: v1.layers.AveragePooling3D(2, 1)(v1.layers.Conv3D(2, 1, name="c3")(x)), X3),
    "separable_classes": (lambda v1, x: v1.layers.SeparableConv1D(3, 2, activation=v1.nn.tanh)(x), X1),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_layer_graph(oracle, case):
    f, x_value = CASES[case]

    def prog(v1):
        x = v1.placeholder(v1.float32, [None] + list(x_value.shape[1:]))
        y = f(v1, x)
        variables = v1.global_variables()
        grads = v1.gradients(v1.reduce_sum(y * y), [x] + variables)
        with v1.Session() as sess:
            sess.run([v.assign(np.arange(int(np.prod(v.shape.as_list())), dtype=np.float32)
                               .reshape(v.shape.as_list()) / 17.0 - 0.3) for v in variables])
            values = sess.run([y, grads], {x: x_value})
        return [(v.name, v.shape.as_list()) for v in variables], y.name, y.shape.as_list(), values
    oracle.check_v1(prog, rtol=2e-5, atol=1e-4)


def test_input_spec(oracle):
    def prog(v1):
        spec = v1.layers.InputSpec(ndim=3, axes={-1: 4})
        return spec.ndim, spec.axes, spec.dtype
    oracle.check_v1(prog)
