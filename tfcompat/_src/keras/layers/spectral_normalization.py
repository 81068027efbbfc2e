"""SpectralNormalization (tf-keras 2.21 ``tf.keras.layers.SpectralNormalization``): a wrapper that, in training
calls, divides the wrapped layer's kernel (or embeddings) by its largest singular value estimated by power
iteration with the non-trainable ``vector_u``."""
from __future__ import annotations

from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, control_flow_ops, math_ops, nn_ops, reduction_ops
from tfcompat._src.keras import initializers
from tfcompat._src.keras.engine.input_spec import InputSpec
from tfcompat._src.keras.layers.wrappers import Wrapper

__all__ = ["SpectralNormalization"]


class SpectralNormalization(Wrapper):
    """Mirrors ``tf.keras.layers.SpectralNormalization``."""

    def __init__(self, layer, power_iterations=1, **kwargs):
        super().__init__(layer, **kwargs)
        if power_iterations <= 0:
            raise ValueError(f"`power_iterations` should be greater than zero. Received: "
                             f"`power_iterations={power_iterations}`")
        self.power_iterations = power_iterations

    def build(self, input_shape):
        Wrapper.build(self, input_shape)
        input_shape = TensorShape(input_shape)
        self.input_spec = InputSpec(shape=[None] + input_shape[1:].as_list())
        if hasattr(self.layer, "kernel"):
            self.kernel = self.layer.kernel
        elif hasattr(self.layer, "embeddings"):
            self.kernel = self.layer.embeddings
        else:
            raise ValueError(f"{type(self.layer).__name__} object has no attribute 'kernel' nor 'embeddings'")
        self.kernel_shape = self.kernel.shape.as_list()
        self.vector_u = self.add_weight(shape=(1, self.kernel_shape[-1]),
                                        initializer=initializers.TruncatedNormal(stddev=0.02), trainable=False,
                                        name="vector_u", dtype=self.kernel.dtype)

    def call(self, inputs, training=False):
        if training:
            self._update_weights()
        return self.layer(inputs)

    def compute_output_shape(self, input_shape):
        return TensorShape(self.layer.compute_output_shape(input_shape).as_list())

    def _update_weights(self):
        weights, vector_u = control_flow_ops.cond(
            reduction_ops.reduce_all(math_ops.equal(self.kernel, 0)),
            lambda: (array_ops.identity(self.kernel), array_ops.identity(self.vector_u)), self.normalize_weights)
        self.kernel.assign(weights)
        self.vector_u.assign(vector_u)

    def normalize_weights(self):
        """(kernel / sigma, updated vector_u) after ``power_iterations`` power-iteration steps."""
        vector_u = self.vector_u
        vector_v = self.vector_u
        weights = array_ops.reshape(self.kernel, [-1, self.kernel_shape[-1]])
        for _ in range(self.power_iterations):
            vector_v = nn_ops.l2_normalize(math_ops.matmul(vector_u, weights, transpose_b=True))
            vector_u = nn_ops.l2_normalize(math_ops.matmul(vector_v, weights))
        vector_u = array_ops.stop_gradient(vector_u)
        vector_v = array_ops.stop_gradient(vector_v)
        sigma = math_ops.matmul(math_ops.matmul(vector_v, weights), vector_u, transpose_b=True)
        return array_ops.reshape(weights / sigma, self.kernel_shape), vector_u

    def get_config(self):
        return {**super().get_config(), "power_iterations": self.power_iterations}
