"""tf.keras.layers.MultiHeadAttention (tfcompat._src.keras.layers.multi_head_attention) against tf-keras 2.21:
TF's EinsumDense weight names/shapes/order, self/cross attention, key_dim/value_dim/output_shape, attention_axes,
attention masks, Keras masks, causal masks, returned scores, gradients, config round trip. Expected: real TF."""
from __future__ import annotations

import numpy as np
import pytest

from tests.keras.layers.programs import multi_input_program

MASK = np.array([[[1, 1, 0], [1, 0, 0], [1, 1, 1], [0, 1, 1]],
                 [[1, 1, 1], [1, 1, 0], [0, 0, 1], [1, 0, 1]]], dtype=bool)


def _call(return_scores=False, causal=False, key=False, mask=False):
    def call(layer, xs, _):
        kwargs = {"return_attention_scores": return_scores, "use_causal_mask": causal}
        if key:
            kwargs["key"] = xs[2]
        if mask:
            kwargs["attention_mask"] = MASK
        return layer(xs[0], xs[1], **kwargs)
    return call


MHA = lambda **kw: (lambda tf: tf.keras.layers.MultiHeadAttention(**kw))  # noqa: E731
CASES = {
    "self_attention": (MHA(num_heads=2, key_dim=3), [(2, 4, 6), (2, 4, 6)], _call(return_scores=True)),
    "cross_key": (MHA(num_heads=2, key_dim=3, value_dim=4), [(2, 4, 6), (2, 3, 6), (2, 3, 5)], _call(key=True)),
    "no_bias_output_shape": (MHA(num_heads=3, key_dim=2, use_bias=False, output_shape=7), [(2, 4, 6), (2, 3, 6)],
                             _call()),
    "attention_mask": (MHA(num_heads=2, key_dim=3), [(2, 4, 6), (2, 3, 6)], _call(return_scores=True, mask=True)),
    "causal": (MHA(num_heads=2, key_dim=2), [(2, 4, 6), (2, 4, 6)], _call(return_scores=True, causal=True)),
    "causal_and_mask": (MHA(num_heads=1, key_dim=4), [(2, 4, 6), (2, 3, 6)], _call(causal=True, mask=True)),
    "2d_attention_axes": (MHA(num_heads=2, key_dim=2, attention_axes=(2, 3)), [(2, 2, 3, 2, 4), (2, 2, 3, 2, 4)],
                          _call(return_scores=True)),
    "axis_1": (MHA(num_heads=2, key_dim=2, attention_axes=1), [(2, 3, 2, 4), (2, 3, 2, 4)], _call()),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_layer_matches_tf(name, oracle):
    make, shapes, call = CASES[name]
    # atol 5e-5: the key bias's gradient is zero analytically (softmax ignores a per-query constant); both
    # frameworks give float32 rounding noise of ~1e-5 there.
    oracle.check(multi_input_program(make, shapes, call), rtol=1e-5, atol=5e-5)


def test_keras_masks_and_functional_model(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        tokens = tf.keras.Input((5,), dtype="int32")
        x = tf.keras.layers.Embedding(7, 4, mask_zero=True)(tokens)
        y, scores = tf.keras.layers.MultiHeadAttention(2, 2, name="mha")(x, x, return_attention_scores=True)
        model = tf.keras.Model(tokens, [y, scores])
        model.set_weights([np.linspace(-1, 1, w.shape.num_elements(), dtype=np.float32).reshape(w.shape)
                           for w in model.weights])
        return model(np.array([[1, 2, 3, 0, 0], [4, 5, 6, 1, 0]])), [w.name for w in model.weights]
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_training_step(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        inp = tf.keras.Input((4, 6))
        out = tf.keras.layers.GlobalAveragePooling1D()(tf.keras.layers.MultiHeadAttention(2, 3)(inp, inp))
        model = tf.keras.Model(inp, tf.keras.layers.Dense(1)(out))
        model.set_weights([np.linspace(-0.5, 0.5, w.shape.num_elements(), dtype=np.float32).reshape(w.shape)
                           for w in model.weights])
        model.compile(tf.keras.optimizers.SGD(0.1), "mse")
        x = np.linspace(-1, 1, 48, dtype=np.float32).reshape(2, 4, 6)
        history = model.fit(x, np.array([[1.0], [-1.0]], np.float32), epochs=2, verbose=0, shuffle=False)
        return history.history["loss"], model.predict(x, verbose=0)
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_config_round_trip_builds_sublayers(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        layer = tf.keras.layers.MultiHeadAttention(2, 3, value_dim=4, output_shape=(5,), attention_axes=(1,))
        layer(tf.zeros((1, 4, 6)), tf.zeros((1, 3, 6)))
        config = layer.get_config()
        clone = tf.keras.layers.MultiHeadAttention.from_config(config)
        clone_out = clone(tf.ones((1, 4, 6)), tf.ones((1, 3, 6)))
        plain = {k: (v.as_list() if hasattr(v, "as_list") else v) for k, v in config.items()}
        return plain, clone_out.shape, [w.shape for w in clone.weights]
    oracle.check(prog)


def test_output_shape_mismatch_error(oracle):
    def prog(tf):
        return tf.keras.layers.MultiHeadAttention(2, 3).compute_output_shape((None, 4, 6), (None, 3, 5))
    oracle.check(prog, match_message="must be equal")
