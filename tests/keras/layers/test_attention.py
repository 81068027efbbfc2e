"""tf.keras.layers.Attention and AdditiveAttention (tfcompat._src.keras.layers.attention) against tf-keras 2.21:
dot/concat scores, scale weights, query/value masks, causal masks, attention scores, gradients, config, errors.
Expected values: real TF."""
from __future__ import annotations

import numpy as np
import pytest

from tests.keras.layers.programs import config_program, multi_input_program

VALUE_MASK = np.array([[True, True, False], [True, False, False]])
QUERY_MASK = np.array([[True, False, True, True], [True, True, True, False]])


def _call(return_scores=False, causal=False, key=False):
    def call(layer, xs, masks):
        inputs = xs if key else xs[:2]
        kwargs = {}
        if masks is not None:
            kwargs["mask"] = masks
        return layer(inputs, return_attention_scores=return_scores, use_causal_mask=causal, **kwargs)
    return call


QV = [(2, 4, 5), (2, 3, 5)]
QVK = [(2, 4, 5), (2, 3, 5), (2, 3, 5)]
CASES = {
    "dot": (lambda tf: tf.keras.layers.Attention(), QV, _call()),
    "dot_scaled_scores": (lambda tf: tf.keras.layers.Attention(use_scale=True), QV, _call(return_scores=True)),
    "dot_with_key": (lambda tf: tf.keras.layers.Attention(), QVK, _call(key=True)),
    "concat": (lambda tf: tf.keras.layers.Attention(score_mode="concat"), QV, _call(return_scores=True)),
    "concat_scaled": (lambda tf: tf.keras.layers.Attention(score_mode="concat", use_scale=True), QV, _call()),
    "dot_causal": (lambda tf: tf.keras.layers.Attention(), [(2, 4, 5), (2, 4, 5)],
                   _call(return_scores=True, causal=True)),
    "additive": (lambda tf: tf.keras.layers.AdditiveAttention(), QV, _call(return_scores=True)),
    "additive_no_scale": (lambda tf: tf.keras.layers.AdditiveAttention(use_scale=False), QVK, _call(key=True)),
    "additive_causal": (lambda tf: tf.keras.layers.AdditiveAttention(), [(2, 3, 5), (2, 3, 5)],
                        _call(causal=True)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_layer_matches_tf(name, oracle):
    make, shapes, call = CASES[name]
    oracle.check(multi_input_program(make, shapes, call), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("layer", ["Attention", "AdditiveAttention"])
def test_masks(layer, oracle):
    make = lambda tf: getattr(tf.keras.layers, layer)()  # noqa: E731
    oracle.check(multi_input_program(make, QV, _call(return_scores=True), masks=[QUERY_MASK, VALUE_MASK]),
                 rtol=1e-5, atol=1e-5)


def test_keras_masks_through_functional_model(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        q_in = tf.keras.Input((4,), dtype="int32")
        v_in = tf.keras.Input((3,), dtype="int32")
        emb = tf.keras.layers.Embedding(6, 5, mask_zero=True)
        out = tf.keras.layers.Attention()([emb(q_in), emb(v_in)])
        model = tf.keras.Model([q_in, v_in], out)
        model.set_weights([np.linspace(-1, 1, 30, dtype=np.float32).reshape(6, 5)])
        return model([np.array([[1, 2, 0, 0], [3, 4, 5, 1]]), np.array([[1, 0, 0], [2, 3, 0]])])
    oracle.check(prog, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", ["concat_scaled", "additive"])
def test_config_round_trip(name, oracle):
    make, shapes, _ = CASES[name]

    def prog(tf):
        tf.keras.backend.clear_session()
        layer = make(tf)
        layer([tf.zeros(shapes[0]), tf.zeros(shapes[1])])
        config = layer.get_config()
        return config, type(layer).from_config(config).get_config()
    oracle.check(prog)


@pytest.mark.parametrize("bad", ["not_list", "one_input", "bad_score_mode"])
def test_errors(bad, oracle):
    def prog(tf):
        x = tf.zeros((1, 2, 3))
        if bad == "not_list":
            return tf.keras.layers.Attention()(x)
        if bad == "one_input":
            return tf.keras.layers.Attention()([x])
        return tf.keras.layers.Attention(score_mode="add")
    oracle.check(prog, match_message={"not_list": "must be called on a list", "one_input": "length 2 or 3",
                                      "bad_score_mode": "score_mode=add"}[bad])
