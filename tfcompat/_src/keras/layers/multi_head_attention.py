"""MultiHeadAttention (tf-keras 2.21 ``tf.keras.layers.MultiHeadAttention``): EinsumDense projections named
``query``/``key``/``value``/``attention_output`` with TF's kernel layouts, scaled dot-product attention over
``attention_axes`` by einsum, Keras-mask and causal-mask merging, dropout on the scores."""
from __future__ import annotations

import collections.abc
import logging
import math
import string

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, linalg_ops, linalg_more_ops, math_ops
from tfcompat._src.keras import constraints, initializers, regularizers
from tfcompat._src.keras.engine import node as node_lib
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.layers.activation_layers import Softmax
from tfcompat._src.keras.layers.core import Dropout
from tfcompat._src.keras.layers.einsum_dense import EinsumDense

__all__ = ["MultiHeadAttention"]

_LETTERS = string.ascii_lowercase
_log = logging.getLogger("tfcompat")


def _attention_equations(rank, attn_axes):
    """Einsum equations ``(key, query) -> scores`` and ``(scores, value) -> output`` for projected tensors of
    ``rank`` laid out ``(batch, <non-attention dims>, <attention dims>, heads, channels)``, and the scores' rank."""
    target = _LETTERS[:rank]
    batch_dims = [i for i in range(rank) if i not in attn_axes and i != rank - 1]
    source = ""
    next_letter = rank
    for i in range(rank):
        if i in batch_dims or i == rank - 1:
            source += target[i]
        else:
            source += _LETTERS[next_letter]
            next_letter += 1
    product = "".join([target[i] for i in batch_dims] + [target[i] for i in attn_axes]
                      + [source[i] for i in attn_axes])
    return f"{source},{target}->{product}", f"{product},{source}->{target}", len(product)


def _projection_equation(free_dims, bound_dims, output_dims):
    """``(equation, bias_axes, output rank)`` of a projection keeping ``free_dims`` leading axes, contracting
    ``bound_dims`` and producing ``output_dims`` new ones (tf-keras's ``_build_proj_equation``)."""
    free = _LETTERS[:free_dims]
    bound = _LETTERS[free_dims:free_dims + bound_dims]
    out = _LETTERS[free_dims + bound_dims:free_dims + bound_dims + output_dims]
    return f"{free}{bound},{bound}{out}->{free}{out}", out, free_dims + output_dims


def _partial_shape(output_rank, known_last_dims):
    return [None] * (output_rank - len(known_last_dims)) + list(known_last_dims)


def _mask_and(a, b):
    """``a & b`` keeping the broadcast rank when symbolic shape inference loses it (None vs known dims)."""
    out = math_ops.logical_and(a, b)
    if out.shape.rank is None and a.shape.rank is not None and b.shape.rank is not None:
        out.set_shape([None] * max(a.shape.rank, b.shape.rank))
    return out


def _as_shape(value):
    return TensorShape(value.shape) if hasattr(value, "shape") else TensorShape(value)


class MultiHeadAttention(Layer):
    """Mirrors ``tf.keras.layers.MultiHeadAttention`` (same sub-layers, weight names, shapes and order, so
    weights copy across with ``set_weights``). Ragged inputs are not supported."""

    def __init__(self, num_heads, key_dim, value_dim=None, dropout=0.0, use_bias=True, output_shape=None,
                 attention_axes=None, kernel_initializer="glorot_uniform", bias_initializer="zeros",
                 kernel_regularizer=None, bias_regularizer=None, activity_regularizer=None, kernel_constraint=None,
                 bias_constraint=None, softmax_robust_masking=False, **kwargs):
        super().__init__(**kwargs)
        self.supports_masking = True
        self._num_heads = num_heads
        self._key_dim = key_dim
        self._value_dim = value_dim if value_dim else key_dim
        self._dropout = dropout
        self._use_bias = use_bias
        self._output_shape = output_shape
        self._kernel_initializer = initializers.get(kernel_initializer)
        self._bias_initializer = initializers.get(bias_initializer)
        self._kernel_regularizer = regularizers.get(kernel_regularizer)
        self._bias_regularizer = regularizers.get(bias_regularizer)
        self._activity_regularizer = regularizers.get(activity_regularizer)
        self._kernel_constraint = constraints.get(kernel_constraint)
        self._bias_constraint = constraints.get(bias_constraint)
        self._softmax_robust_masking = softmax_robust_masking
        if attention_axes is not None and not isinstance(attention_axes, collections.abc.Sized):
            attention_axes = (attention_axes,)
        self._attention_axes = attention_axes
        self._built_from_signature = False
        self._query_shape = self._key_shape = self._value_shape = None

    def get_config(self):
        config = {
            "num_heads": self._num_heads, "key_dim": self._key_dim, "value_dim": self._value_dim,
            "dropout": self._dropout, "use_bias": self._use_bias, "output_shape": self._output_shape,
            "attention_axes": self._attention_axes,
            "kernel_initializer": initializers.serialize(self._kernel_initializer),
            "bias_initializer": initializers.serialize(self._bias_initializer),
            "kernel_regularizer": regularizers.serialize(self._kernel_regularizer),
            "bias_regularizer": regularizers.serialize(self._bias_regularizer),
            "activity_regularizer": regularizers.serialize(self._activity_regularizer),
            "kernel_constraint": constraints.serialize(self._kernel_constraint),
            "bias_constraint": constraints.serialize(self._bias_constraint),
            "query_shape": self._query_shape, "key_shape": self._key_shape, "value_shape": self._value_shape,
            "softmax_robust_masking": self._softmax_robust_masking,
        }
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))

    @classmethod
    def from_config(cls, config):
        # As tf-keras, the shapes are popped from the caller's dict (it is left without them).
        query_shape, key_shape, value_shape = (config.pop("query_shape"), config.pop("key_shape"),
                                               config.pop("value_shape"))
        layer = cls(**config)
        if None in (query_shape, key_shape, value_shape):
            _log.warning("One of dimensions of the input shape is missing. It should have been memorized when the "
                         "layer was serialized. %s is created without weights.", cls)
        else:
            layer._build_from_signature(query_shape, value_shape, key_shape)
        return layer

    def _sublayer_kwargs(self):
        # Each projection gets its own initializer instance (tf-keras clones them from their configs).
        return dict(
            kernel_regularizer=self._kernel_regularizer, bias_regularizer=self._bias_regularizer,
            activity_regularizer=self._activity_regularizer, kernel_constraint=self._kernel_constraint,
            bias_constraint=self._bias_constraint, dtype=self._dtype_policy,
            kernel_initializer=type(self._kernel_initializer).from_config(self._kernel_initializer.get_config()),
            bias_initializer=type(self._bias_initializer).from_config(self._bias_initializer.get_config()))

    def _projection(self, input_rank, last_dims, name, bound_dims=1):
        equation, bias_axes, output_rank = _projection_equation(input_rank - 1, bound_dims, len(last_dims))
        return EinsumDense(equation, output_shape=_partial_shape(output_rank - 1, last_dims),
                           bias_axes=bias_axes if self._use_bias else None, name=name, **self._sublayer_kwargs())

    def _build_from_signature(self, query, value, key=None):
        """Creates the projection, softmax and dropout sub-layers for these input shapes (tf-keras's
        ``_build_from_signature``; a custom layer wrapping MultiHeadAttention calls it from its ``build``)."""
        self._built_from_signature = True
        self._query_shape = _as_shape(query)
        self._value_shape = _as_shape(value)
        self._key_shape = self._value_shape if key is None else _as_shape(key)
        self._query_dense = self._projection(self._query_shape.rank, [self._num_heads, self._key_dim], "query")
        self._key_dense = self._projection(self._key_shape.rank, [self._num_heads, self._key_dim], "key")
        self._value_dense = self._projection(self._value_shape.rank, [self._num_heads, self._value_dim], "value")
        self._build_attention(self._query_shape.rank + 1)
        if self._output_shape:
            output_shape = (self._output_shape if isinstance(self._output_shape, collections.abc.Sized)
                            else [self._output_shape])
        else:
            output_shape = [self._query_shape[-1]]
        self._output_dense = self._projection(self._query_shape.rank, list(output_shape), "attention_output",
                                              bound_dims=2)

    def _build_attention(self, rank):
        if self._attention_axes is None:
            self._attention_axes = tuple(range(1, rank - 2))
        else:
            self._attention_axes = tuple(self._attention_axes)
        self._dot_product_equation, self._combine_equation, scores_rank = _attention_equations(
            rank, self._attention_axes)
        norm_axes = tuple(range(scores_rank - len(self._attention_axes), scores_rank))
        self._softmax = Softmax(axis=norm_axes, robust_masking=self._softmax_robust_masking, dtype=self._dtype_policy)
        self._dropout_layer = Dropout(rate=self._dropout, dtype=self._dtype_policy)

    def _masked_softmax(self, scores, attention_mask=None):
        if attention_mask is not None:
            axis = -len(self._attention_axes) * 2 - 1
            for _ in range(len(scores.shape) - len(attention_mask.shape)):
                attention_mask = array_ops.expand_dims(attention_mask, axis=axis)
        return self._softmax(scores, attention_mask)

    def _compute_attention(self, query, key, value, attention_mask=None, training=None):
        query = math_ops.multiply(query, 1.0 / math.sqrt(float(self._key_dim)))
        scores = linalg_ops.einsum(self._dot_product_equation, key, query)
        scores = self._masked_softmax(scores, attention_mask)
        dropped = self._dropout_layer(scores, training=training)
        return linalg_ops.einsum(self._combine_equation, dropped, value), scores

    def call(self, query, value, key=None, attention_mask=None, return_attention_scores=False, training=None,
             use_causal_mask=False):
        if not self._built_from_signature:
            self._build_from_signature(query=query, value=value, key=key)
        if key is None:
            key = value
        attention_mask = self._compute_attention_mask(query, value, key=key, attention_mask=attention_mask,
                                                      use_causal_mask=use_causal_mask)
        query = self._query_dense(query)
        key = self._key_dense(key)
        value = self._value_dense(value)
        output, scores = self._compute_attention(query, key, value, attention_mask, training)
        output = self._output_dense(output)
        if return_attention_scores:
            return output, scores
        return output

    def _compute_attention_mask(self, query, value, key=None, attention_mask=None, use_causal_mask=False):
        """The query mask as ``[B, T, 1]``, value and key masks as ``[B, 1, S]`` (the key's only when it is not
        ``value``), the causal mask ``[1, T, S]`` and ``attention_mask``, and-ed together."""
        auto_mask = None
        for tensor, position in ((query, "query"), (value, "value"), (key, "key")):
            keras_mask = node_lib.get_mask(tensor)
            if keras_mask is None:
                continue
            keras_mask = math_ops.cast(keras_mask, dtypes.bool_)
            mask = (array_ops.expand_dims(keras_mask, -1) if position == "query"
                    else array_ops.expand_dims(keras_mask, 1))
            auto_mask = mask if auto_mask is None else _mask_and(auto_mask, mask)
        if use_causal_mask:
            mask = self._compute_causal_mask(query, value)
            auto_mask = mask if auto_mask is None else _mask_and(auto_mask, mask)
        if auto_mask is not None:
            attention_mask = (auto_mask if attention_mask is None
                              else _mask_and(math_ops.cast(attention_mask, dtypes.bool_), auto_mask))
        return attention_mask

    def _compute_causal_mask(self, query, value=None):
        q_len = array_ops.shape(query)[1]
        v_len = q_len if value is None else array_ops.shape(value)[1]
        # tf.ones(shape, tf.bool) as a fill of True (tfcompat's ones rejects bool with a tensor shape).
        ones = array_ops.fill(array_ops.stack([1, q_len, v_len]), True)
        mask = linalg_more_ops.band_part(ones, -1, 0)
        if mask.shape.rank is None:  # symbolic: keep TF's static rank [1, T, S]
            mask.set_shape([1, None, None])
        return mask

    def compute_output_shape(self, query_shape, value_shape, key_shape=None):
        if key_shape is None:
            key_shape = value_shape
        query_shape, value_shape, key_shape = TensorShape(query_shape), TensorShape(value_shape), TensorShape(key_shape)
        if query_shape[-1] != value_shape[-1]:
            raise ValueError(f"The last dimension of `query_shape` and `value_shape` must be equal, but are "
                             f"{query_shape[-1]}, {value_shape[-1]}. Received: query_shape={query_shape}, "
                             f"value_shape={value_shape}")
        if value_shape[1:-1] != key_shape[1:-1]:
            raise ValueError(f"All dimensions of `value` and `key`, except the last one, must be equal. Received "
                             f"{value_shape} and {key_shape}")
        if self._output_shape:
            return query_shape[:-1].concatenate(self._output_shape)
        return query_shape
