"""tf.keras.layers.SpectralNormalization (tfcompat._src.keras.layers.spectral_normalization) against tf-keras
2.21: the power-iteration update of the wrapped kernel and vector_u in training calls (weights copied from a fixed
program), inference leaves them, config. Expected values: real TF."""
from __future__ import annotations

import numpy as np
import pytest

from tests.keras.layers.programs import fixed_weights


@pytest.mark.parametrize("make,shape", [
    (lambda tf: tf.keras.layers.Dense(3), (2, 4)),
    (lambda tf: tf.keras.layers.Conv2D(2, 2), (1, 4, 4, 3)),
    (lambda tf: tf.keras.layers.Embedding(5, 3), None)])
def test_power_iteration(make, shape, oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        layer = tf.keras.layers.SpectralNormalization(make(tf), power_iterations=2)
        x = (tf.constant(np.array([[1, 4], [0, 2]])) if shape is None
             else tf.constant(np.linspace(-1, 1, int(np.prod(shape)), dtype=np.float32).reshape(shape)))
        layer(x)
        layer.set_weights(fixed_weights(layer.weights))
        inference = layer(x)
        trained = layer(x, training=True)
        return inference, trained, [w.numpy() for w in layer.weights], [w.name for w in layer.weights]
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_config_and_errors(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        layer = tf.keras.layers.SpectralNormalization(tf.keras.layers.Dense(2), power_iterations=3)
        layer(tf.zeros((1, 2)))
        config = layer.get_config()
        return config["power_iterations"], config["layer"]["class_name"], \
            type(layer).from_config(config).power_iterations
    oracle.check(prog)
    oracle.check(lambda tf: tf.keras.layers.SpectralNormalization(tf.keras.layers.Dense(2), power_iterations=0),
                 match_message="should be greater than zero", name="zero_iterations")
