"""tf.keras.layers.Normalization (tfcompat._src.keras.layers.preprocessing.normalization) against tf-keras 2.21:
given mean/variance, adapt on numpy / tensors / a tf.data Dataset (batch-wise merge), axis choices, invert,
weights, config, errors. Expected values: real TF."""
from __future__ import annotations

import numpy as np
import pytest

DATA = (np.arange(70 * 3, dtype=np.float32).reshape(70, 3) % 17) * np.array([1.0, 0.5, 3.0], np.float32)


def test_given_mean_variance(oracle):
    def prog(tf):
        layer = tf.keras.layers.Normalization(mean=[1.0, 2.0, 3.0], variance=[4.0, 0.25, 1.0])
        inverse = tf.keras.layers.Normalization(mean=[1.0, 2.0, 3.0], variance=[4.0, 0.25, 1.0], invert=True)
        x = DATA[:4]
        return layer(x), inverse(layer(x)), layer.weights
    oracle.check(prog, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("source", ["numpy", "numpy_batch_10", "dataset", "steps"])
def test_adapt(source, oracle):
    def prog(tf):
        layer = tf.keras.layers.Normalization()
        if source == "numpy":
            layer.adapt(DATA)
        elif source == "numpy_batch_10":
            layer.adapt(DATA, batch_size=10)
        elif source == "dataset":
            layer.adapt(tf.data.Dataset.from_tensor_slices(DATA).batch(16))
        else:
            layer.adapt(tf.data.Dataset.from_tensor_slices(DATA).batch(16), steps=2)
        return layer(DATA[:5]), [w.numpy() for w in layer.weights], [w.name for w in layer.weights], \
            layer.is_adapted
    oracle.check(prog, rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("axis", [None, (1, 2), -1, 1])
def test_axes(axis, oracle):
    def prog(tf):
        x = DATA[:60].reshape(5, 4, 9)
        layer = tf.keras.layers.Normalization(axis=axis)
        layer.adapt(x)
        return layer(x[:2]), layer.mean, layer.variance
    oracle.check(prog, rtol=1e-5, atol=1e-4)


def test_in_model_and_config(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        norm = tf.keras.layers.Normalization(mean=2.0, variance=9.0)
        model = tf.keras.Sequential([tf.keras.Input((3,)), norm, tf.keras.layers.Dense(1, kernel_initializer="ones")])
        config = norm.get_config()
        return model.predict(DATA[:3], verbose=0), config, type(norm).from_config(config).get_config()
    oracle.check(prog, rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("case,message", [("only_mean", "both `mean` and `variance`"),
                                          ("adapt_static", "Cannot `adapt`"), ("bad_axis", "must be in the range")])
def test_errors(case, message, oracle):
    def prog(tf):
        if case == "only_mean":
            return tf.keras.layers.Normalization(mean=1.0)
        if case == "adapt_static":
            return tf.keras.layers.Normalization(mean=1.0, variance=1.0).adapt(DATA)
        return tf.keras.layers.Normalization(axis=3)(DATA)
    oracle.check(prog, match_message=message)
