"""TFOpLambda (a raw TF op applied to a Keras tensor) whose constant argument is a string tensor: get_config
encodes it as tf-keras does (``np.asarray(value).tolist()``; bytes kept as latin-1 text so the config is JSON),
and the config round trip (from_config, to_json / model_from_json) rebuilds a layer giving the same strings."""
from __future__ import annotations

import json

import numpy as np


def _string_model(tf, suffix):
    inp = tf.keras.Input(shape=(), dtype=tf.string)
    out = tf.strings.join([inp, suffix], separator="-")
    return tf.keras.Model(inp, out)


def test_vector_string_constant_round_trip(oracle):
    def prog(tf):
        model = _string_model(tf, tf.constant(["!"]))
        rebuilt = tf.keras.models.model_from_json(model.to_json())
        x = tf.constant(["ab", "c"])
        return model(x), rebuilt(x)
    oracle.check(prog)


def test_scalar_string_constant_round_trip():
    """TF 2.21's tf-keras raises AttributeError here; tfcompat serializes it (expected values by hand)."""
    from tests.known_deviations import DEVIATIONS
    assert "AttributeError" in DEVIATIONS["scalar-string-tfoplambda-config"]
    import tfcompat as tf
    model = _string_model(tf, tf.constant("\xe9!"))
    config = model.get_config()
    json.dumps(config)
    x = tf.constant(["ab", "c"])
    for rebuilt in (tf.keras.Model.from_config(config), tf.keras.models.model_from_json(model.to_json())):
        got = rebuilt(x).numpy()
        assert got.tolist() == ["ab-\xe9!".encode(), "c-\xe9!".encode()], got
    assert isinstance(model(x).numpy(), np.ndarray)
