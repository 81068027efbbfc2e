"""``tf.keras.layers.Embedding`` (tf-keras 2.21)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import math_ops, nn_ops
from tfcompat._src.ops.ragged.ragged_tensor import is_ragged
from tfcompat._src.keras import constraints, initializers, regularizers
from tfcompat._src.keras.engine.base_layer import Layer

__all__ = ["Embedding"]


class Embedding(Layer):
    """Mirrors ``tf.keras.layers.Embedding``: rows of an (input_dim, output_dim) matrix gathered by index
    (``mask_zero``: index 0 is padding and masked).

    As in TF, the gradient with respect to the embeddings is an IndexedSlices (autodiff/sparse_grad.py)."""

    def __init__(self, input_dim, output_dim, embeddings_initializer="uniform", embeddings_regularizer=None,
                 activity_regularizer=None, embeddings_constraint=None, mask_zero=False, input_length=None,
                 sparse=False, **kwargs):
        if "input_shape" not in kwargs:
            kwargs["input_shape"] = (input_length,) if input_length else (None,)
        if input_dim <= 0 or output_dim <= 0:
            raise ValueError(f"Both `input_dim` and `output_dim` should be positive, Received input_dim = "
                             f"{input_dim} and output_dim = {output_dim}")
        kwargs["autocast"] = False
        super().__init__(activity_regularizer=activity_regularizer, **kwargs)
        self.input_dim = input_dim
        self.output_dim = output_dim
        self.embeddings_initializer = initializers.get(embeddings_initializer)
        self.embeddings_regularizer = regularizers.get(embeddings_regularizer)
        self.activity_regularizer = regularizers.get(activity_regularizer)
        self.embeddings_constraint = constraints.get(embeddings_constraint)
        self.mask_zero = mask_zero
        self.supports_masking = mask_zero
        self.input_length = input_length
        if sparse:
            raise NotImplementedError("tfcompat's Embedding does not support sparse=True.")
        self.sparse = sparse

    def build(self, input_shape=None):
        self.embeddings = self.add_weight(shape=(self.input_dim, self.output_dim),
                                          initializer=self.embeddings_initializer, name="embeddings",
                                          regularizer=self.embeddings_regularizer,
                                          constraint=self.embeddings_constraint, experimental_autocast=False)
        Layer.build(self, input_shape)

    def compute_mask(self, inputs, mask=None):
        if not self.mask_zero:
            return None
        return math_ops.not_equal(inputs, 0)

    def compute_output_shape(self, input_shape):
        dims = TensorShape(input_shape).as_list()
        if self.input_length is None:
            return TensorShape(dims + [self.output_dim])
        in_lens = list(self.input_length) if isinstance(self.input_length, (list, tuple)) else [self.input_length]
        if len(in_lens) != len(dims) - 1:
            raise ValueError(f'"input_length" is {self.input_length}, but received input has shape {input_shape}')
        return TensorShape([dims[0]] + in_lens + [self.output_dim])

    def call(self, inputs):
        if is_ragged(inputs):   # kinput hook: tf.nn.embedding_lookup's ragged dispatch (looks up the flat ids)
            return inputs.with_flat_values(self.call(inputs.flat_values))
        if inputs.dtype not in (dtypes.int32, dtypes.int64):
            inputs = math_ops.cast(inputs, dtypes.int32)
        out = nn_ops.embedding_lookup(self.embeddings, inputs)
        if self._dtype_policy.compute_dtype != self._dtype_policy.variable_dtype:
            out = math_ops.cast(out, self._dtype_policy.compute_dtype)
        return out

    def get_config(self):
        config = {"input_dim": self.input_dim, "output_dim": self.output_dim,
                  "embeddings_initializer": initializers.serialize(self.embeddings_initializer),
                  "embeddings_regularizer": regularizers.serialize(self.embeddings_regularizer),
                  "activity_regularizer": regularizers.serialize(self.activity_regularizer),
                  "embeddings_constraint": constraints.serialize(self.embeddings_constraint),
                  "mask_zero": self.mask_zero, "input_length": self.input_length}
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))


