"""tf.keras LocallyConnected1D/2D (tfcompat._src.keras.layers.locally_connected) against tf-keras 2.21, for each
of the three implementations (their weight layouts differ; the same fixed weights are copied into both sides):
forward values, gradients, weight names/shapes, padding/strides/data formats, get_config/from_config, errors.
Expected values: real TF."""
from __future__ import annotations

import pytest

from tests.keras.layers.programs import config_program, layer_program

CASES = {
    "1d_impl1": (lambda tf: tf.keras.layers.LocallyConnected1D(2, 3), (2, 6, 3)),
    "1d_impl1_strides_relu": (lambda tf: tf.keras.layers.LocallyConnected1D(3, 2, strides=2, activation="relu"),
                              (2, 7, 2)),
    "1d_impl2_same": (lambda tf: tf.keras.layers.LocallyConnected1D(2, 3, padding="same", implementation=2),
                      (2, 5, 2)),
    "1d_impl3_channels_first": (lambda tf: tf.keras.layers.LocallyConnected1D(
        2, 2, data_format="channels_first", implementation=3, strides=2), (2, 3, 6)),
    "2d_impl1": (lambda tf: tf.keras.layers.LocallyConnected2D(2, (2, 3)), (2, 4, 5, 2)),
    "2d_impl1_channels_first_no_bias": (lambda tf: tf.keras.layers.LocallyConnected2D(
        2, 2, data_format="channels_first", use_bias=False), (1, 2, 4, 3)),
    "2d_impl2_same_strides": (lambda tf: tf.keras.layers.LocallyConnected2D(
        3, 3, strides=2, padding="same", implementation=2), (2, 5, 4, 2)),
    "2d_impl2_channels_first": (lambda tf: tf.keras.layers.LocallyConnected2D(
        2, 2, data_format="channels_first", implementation=2), (1, 3, 3, 4)),
    "2d_impl3_same": (lambda tf: tf.keras.layers.LocallyConnected2D(2, 3, padding="same", implementation=3),
                      (2, 4, 4, 2)),
    "2d_impl3_channels_first": (lambda tf: tf.keras.layers.LocallyConnected2D(
        2, (1, 2), data_format="channels_first", implementation=3, strides=(1, 2)), (1, 2, 3, 5)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_layer_matches_tf(name, oracle):
    make, shape = CASES[name]
    oracle.check(layer_program(make, shape), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", ["1d_impl2_same", "2d_impl3_channels_first", "2d_impl1"])
def test_config_round_trip(name, oracle):
    make, shape = CASES[name]
    oracle.check(config_program(make, shape))


def test_in_sequential_model(oracle):
    def prog(tf):
        import numpy as np
        tf.keras.backend.clear_session()
        model = tf.keras.Sequential([tf.keras.Input((5, 5, 1)), tf.keras.layers.LocallyConnected2D(2, 2),
                                     tf.keras.layers.Flatten(), tf.keras.layers.Dense(1)])
        model.set_weights([np.linspace(-0.3, 0.3, w.shape.num_elements(), dtype=np.float32).reshape(w.shape)
                           for w in model.weights])
        x = np.linspace(0, 1, 50, dtype=np.float32).reshape(2, 5, 5, 1)
        model.compile(tf.keras.optimizers.SGD(0.1), "mse")
        history = model.fit(x, np.array([[1.0], [0.0]], np.float32), epochs=2, verbose=0)
        return model.output_shape, history.history, model.get_weights()
    oracle.check(prog, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("case", ["same_impl1", "bad_impl", "too_small", "unknown_spatial"])
def test_errors(case, oracle):
    def prog(tf):
        layers = tf.keras.layers
        if case == "same_impl1":
            return layers.LocallyConnected2D(2, 2, padding="same")
        if case == "bad_impl":
            return layers.LocallyConnected1D(2, 2, implementation=4)(tf.zeros((1, 4, 2)))
        if case == "too_small":
            return layers.LocallyConnected1D(2, 5)(tf.zeros((1, 3, 2)))
        return layers.LocallyConnected2D(2, 2)(tf.keras.Input((None, 4, 1)))
    oracle.check(prog, match_message="")
