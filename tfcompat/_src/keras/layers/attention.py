"""Dense attention layers (tf-keras 2.21): ``Attention`` (Luong dot/concat scores) and ``AdditiveAttention``
(Bahdanau scores), both on ``[query, value(, key)]`` lists with Keras masks, ``use_causal_mask`` and
``return_attention_scores``."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor_shape import TensorShape, dimension_value
from tfcompat._src.ops import array_ops, math_ops, nn_ops, reduction_ops, scan_ops
from tfcompat._src.keras import backend
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.utils import control_flow_util

__all__ = ["BaseDenseAttention", "Attention", "AdditiveAttention"]


def _lower_triangular_mask(shape):
    """``row >= col`` over the last two axes of a tensor of ``shape`` (tf-keras's ``_lower_triangular_mask``)."""
    ones = array_ops.ones(shape, dtype=dtypes.int32)
    return math_ops.greater_equal(scan_ops.cumsum(ones, axis=-2), scan_ops.cumsum(ones, axis=-1))


def _merge_masks(x, y):
    if x is None:
        return y
    if y is None:
        return x
    return math_ops.logical_and(x, y)


class BaseDenseAttention(Layer):
    """Mirrors tf-keras's ``BaseDenseAttention``: softmax over scores (masked by the value mask and the causal
    mask), optional dropout on the weights, weights @ value, zeroed where the query is masked."""

    def __init__(self, dropout=0.0, **kwargs):
        self.causal = kwargs.pop("causal", False)
        super().__init__(**kwargs)
        self.dropout = dropout
        self.supports_masking = True

    def _calculate_scores(self, query, key):
        raise NotImplementedError

    def _apply_scores(self, scores, value, scores_mask=None, training=None):
        if scores_mask is not None:
            padding = math_ops.cast(math_ops.logical_not(scores_mask), scores.dtype)
            scores = scores - (65504.0 if scores.dtype is dtypes.float16 else 1.0e9) * padding
        if training is None:
            training = backend.learning_phase()
        weights = nn_ops.softmax(scores)
        if self.dropout > 0:
            def dropped():
                return nn_ops.dropout_v2(weights, rate=self.dropout)
            weights = control_flow_util.smart_cond(training, dropped, lambda: array_ops.identity(weights))
        return math_ops.matmul(weights, value), weights

    def call(self, inputs, mask=None, training=None, return_attention_scores=False, use_causal_mask=False):
        self._validate_call_args(inputs, mask)
        query, value = inputs[0], inputs[1]
        key = inputs[2] if len(inputs) > 2 else value
        query_mask = mask[0] if mask else None
        value_mask = mask[1] if mask else None
        scores = self._calculate_scores(query=query, key=key)
        if value_mask is not None:
            value_mask = array_ops.expand_dims(value_mask, axis=-2)
        causal_mask = None
        if self.causal or use_causal_mask:
            scores_shape = array_ops.shape(scores)
            causal_shape = array_ops.concat([array_ops.ones_like(scores_shape[:-2]), scores_shape[-2:]], axis=0)
            causal_mask = _lower_triangular_mask(causal_shape)
        result, attention_scores = self._apply_scores(scores, value, _merge_masks(value_mask, causal_mask),
                                                      training=training)
        if query_mask is not None:
            result = result * math_ops.cast(array_ops.expand_dims(query_mask, axis=-1), result.dtype)
        if return_attention_scores:
            return result, attention_scores
        return result

    def compute_mask(self, inputs, mask=None):
        self._validate_call_args(inputs, mask)
        if mask and mask[0] is not None:
            return convert_to_tensor(mask[0])
        return None

    def compute_output_shape(self, input_shape):
        return TensorShape(input_shape[0])

    def _validate_call_args(self, inputs, mask):
        name = type(self).__name__
        if not isinstance(inputs, list):
            raise ValueError(f"{name} layer must be called on a list of inputs, namely [query, value] or "
                             f"[query, value, key]. Received: {inputs}.")
        if len(inputs) < 2 or len(inputs) > 3:
            raise ValueError(f"{name} layer accepts inputs list of length 2 or 3, namely [query, value] or "
                             f"[query, value, key]. Received length: {len(inputs)}.")
        if mask:
            if not isinstance(mask, list):
                raise ValueError(f"{name} layer mask must be a list, namely [query_mask, value_mask]. "
                                 f"Received: {mask}.")
            if len(mask) < 2 or len(mask) > len(inputs):
                raise ValueError(f"{name} layer mask must be a list of length 2, namely [query_mask, value_mask]. "
                                 f"Received length: {len(mask)}.")

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("dropout", self.dropout)])


class Attention(BaseDenseAttention):
    """Mirrors ``tf.keras.layers.Attention`` (``score_mode`` ``"dot"``: ``query @ key^T``, times ``scale`` when
    ``use_scale``; ``"concat"``: ``concat_score_weight * sum(tanh(scale * (q + k)))``)."""

    def __init__(self, use_scale=False, score_mode="dot", **kwargs):
        super().__init__(**kwargs)
        self.use_scale = use_scale
        self.score_mode = score_mode
        if score_mode not in ("dot", "concat"):
            raise ValueError(f'Received: score_mode={score_mode}. Acceptable values are: ["dot", "concat"]')

    def build(self, input_shape):
        self.scale = (self.add_weight(name="scale", shape=(), initializer="ones", dtype=self.dtype, trainable=True)
                      if self.use_scale else None)
        self.concat_score_weight = (
            self.add_weight(name="concat_score_weight", shape=(), initializer="ones", dtype=self.dtype,
                            trainable=True) if self.score_mode == "concat" else None)
        Layer.build(self, input_shape)

    def _calculate_scores(self, query, key):
        if self.score_mode == "dot":
            scores = math_ops.matmul(query, key, transpose_b=True)
            if self.scale is not None:
                scores = scores * self.scale
            return scores
        summed = array_ops.expand_dims(query, axis=-2) + array_ops.expand_dims(key, axis=-3)
        if self.scale is not None:
            summed = self.scale * summed
        return self.concat_score_weight * reduction_ops.reduce_sum(math_ops.tanh(summed), axis=-1)

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("use_scale", self.use_scale), ("score_mode", self.score_mode)])


class AdditiveAttention(BaseDenseAttention):
    """Mirrors ``tf.keras.layers.AdditiveAttention``: scores ``sum(scale * tanh(q + k), -1)`` with a learned
    per-feature ``scale`` (glorot_uniform) when ``use_scale``."""

    def __init__(self, use_scale=True, **kwargs):
        super().__init__(**kwargs)
        self.use_scale = use_scale

    def build(self, input_shape):
        dim = dimension_value(TensorShape(input_shape[1])[-1])
        self.scale = (self.add_weight(name="scale", shape=[dim], initializer="glorot_uniform", dtype=self.dtype,
                                      trainable=True) if self.use_scale else None)
        Layer.build(self, input_shape)

    def _calculate_scores(self, query, key):
        summed = math_ops.tanh(array_ops.expand_dims(query, axis=-2) + array_ops.expand_dims(key, axis=-3))
        scale = self.scale if self.use_scale else 1.0
        return reduction_ops.reduce_sum(scale * summed, axis=-1)

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("use_scale", self.use_scale)])
