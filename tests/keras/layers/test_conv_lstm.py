"""tf.keras ConvLSTM1D/2D/3D (tfcompat._src.keras.layers.conv_lstm) against tf-keras 2.21: forward values,
gradients (inputs and weights, fixed weights copied into both), weight names/shapes, return_sequences /
return_state, strides/padding/dilation, channels_first, go_backwards, masking, initial states, stateful layers,
get_config/from_config. Expected values: real TF."""
from __future__ import annotations

import numpy as np
import pytest

from tests.keras.layers.programs import config_program, fixed_weights, layer_program

CASES = {
    "1d": (lambda tf: tf.keras.layers.ConvLSTM1D(2, 3), (2, 3, 6, 2)),
    "1d_same_sequences_state": (lambda tf: tf.keras.layers.ConvLSTM1D(
        3, 2, padding="same", return_sequences=True, return_state=True), (2, 3, 5, 2)),
    "2d": (lambda tf: tf.keras.layers.ConvLSTM2D(2, (2, 3)), (2, 3, 4, 5, 2)),
    "2d_strides_backwards_no_bias": (lambda tf: tf.keras.layers.ConvLSTM2D(
        2, 2, strides=2, go_backwards=True, use_bias=False, return_sequences=True), (1, 3, 5, 5, 3)),
    "2d_dilation_relu_sigmoid": (lambda tf: tf.keras.layers.ConvLSTM2D(
        2, 2, dilation_rate=2, activation="relu", recurrent_activation="sigmoid", unit_forget_bias=False),
        (2, 2, 5, 5, 1)),
    "2d_channels_first": (lambda tf: tf.keras.layers.ConvLSTM2D(
        2, 3, padding="same", data_format="channels_first", return_state=True), (1, 2, 3, 4, 4)),
    "3d": (lambda tf: tf.keras.layers.ConvLSTM3D(2, 2, return_sequences=True), (1, 2, 3, 3, 3, 2)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_layer_matches_tf(name, oracle):
    make, shape = CASES[name]
    oracle.check(layer_program(make, shape), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", ["1d_same_sequences_state", "2d_channels_first", "3d"])
def test_config_round_trip(name, oracle):
    make, shape = CASES[name]
    oracle.check(config_program(make, shape))


def test_model_shapes_mask_initial_state_and_training(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        inputs = tf.keras.Input((None, 4, 4, 1))
        hidden = tf.keras.layers.ConvLSTM2D(2, 3, padding="same", return_sequences=True)(inputs)
        out = tf.keras.layers.ConvLSTM2D(1, 2, return_state=True)(hidden)
        model = tf.keras.Model(inputs, out)
        x = np.linspace(-1, 1, 2 * 3 * 4 * 4).astype(np.float32).reshape(2, 3, 4, 4, 1)
        model.set_weights(fixed_weights(model.weights, scale=0.3))
        layer = tf.keras.layers.ConvLSTM1D(2, 2, return_sequences=True)
        seq = tf.constant(np.arange(2 * 3 * 4 * 1, dtype=np.float32).reshape(2, 3, 4, 1) / 10)
        mask = tf.constant([[True, False, True], [True, True, False]])
        state = [tf.ones((2, 3, 2)) * 0.5, tf.zeros((2, 3, 2))]
        masked = layer(seq, mask=mask, initial_state=state)
        layer.set_weights(fixed_weights(layer.weights))
        masked = layer(seq, mask=mask, initial_state=state)
        model.compile(tf.keras.optimizers.SGD(0.1), "mse")
        target = [np.zeros((2, 3, 3, 1), np.float32)] * 3
        history = model.fit(x, target, epochs=2, batch_size=2, verbose=0)
        return (model.output_shape, [w.name for w in model.weights], model.predict(x, verbose=0), masked,
                history.history, layer.compute_output_shape((2, 3, 4, 1)))
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_stateful(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        layer = tf.keras.layers.ConvLSTM1D(2, 2, stateful=True, padding="same")
        model = tf.keras.Sequential([tf.keras.Input(batch_shape=(2, 2, 3, 1)), layer])
        model.set_weights(fixed_weights(model.weights))
        x = np.arange(12, dtype=np.float32).reshape(2, 2, 3, 1) / 12
        first, second = model(x), model(x)
        layer.reset_states()
        third = model(x)
        return first, second, third, [s.numpy() for s in layer.states]
    oracle.check(prog, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("case", ["unroll", "rank", "no_channels"])
def test_errors(case, oracle):
    def prog(tf):
        layers = tf.keras.layers
        if case == "unroll":
            return layers.ConvLSTM2D(2, 2, unroll=True)
        if case == "rank":
            return layers.ConvLSTM2D(2, 2)(tf.zeros((1, 2, 3, 3)))
        layer = layers.ConvLSTM1D(2, 2)
        layer.build((1, 2, 3, None))
    oracle.check(prog, match_message="")
