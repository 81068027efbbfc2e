"""The ``serving_default`` signature ``tf.saved_model.save`` writes for a Keras model
(tfcompat._src.keras.saving.serving_signature): input keywords named after the model's inputs (``Input`` names,
'dense_input' for a Sequential, 'input_1' or dict keys for a subclassed model), outputs keyed by the output layers'
names (functional) or pseudo names ('output_1', dict keys), and the loaded signature gives the model's numbers.
Expected values: tf-keras 2.21 through the oracle."""
from __future__ import annotations

import tempfile

import numpy as np
import pytest

_X = np.arange(6, dtype=np.float32).reshape(2, 3) / 5.0


def _functional(tf):
    inp = tf.keras.Input((3,), name="feat")
    out = tf.keras.layers.Dense(2, kernel_initializer="ones", bias_initializer="ones", name="dd")(inp)
    return tf.keras.Model(inp, out), {"feat": _X}


def _two_in_two_out(tf):
    a, b = tf.keras.Input((3,), name="a"), tf.keras.Input((3,), name="b")
    o1 = tf.keras.layers.Dense(1, kernel_initializer="ones", name="o1")(a)
    o2 = tf.keras.layers.Dense(1, kernel_initializer="ones", name="o2")(tf.keras.layers.Add()([a, b]))
    return tf.keras.Model([a, b], [o1, o2]), {"a": _X, "b": 2 * _X}


def _sequential(tf):
    model = tf.keras.Sequential([tf.keras.layers.Dense(2, kernel_initializer="ones", name="d1"),
                                 tf.keras.layers.Dense(1, kernel_initializer="ones", name="d2")])
    model(tf.constant(_X))
    return model, {"d1_input": _X}


def _subclassed(tf, returns_dict):
    class Sub(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.d = tf.keras.layers.Dense(2, kernel_initializer="ones")

        def call(self, x, training=None):
            y = self.d(x)
            return {"y": y, "z": 2 * y} if returns_dict else y

    model = Sub()
    model(tf.constant(_X))
    return model, {"input_1": _X}


def _subclassed_list_inputs(tf):
    class Sub(tf.keras.Model):
        def call(self, inputs):
            return inputs[0] * 3.0 + inputs[1], inputs[0]

    model = Sub()
    model([tf.constant(_X), tf.constant(_X)])
    return model, {"input_1": _X, "input_2": 2 * _X}


_MODELS = {
    "functional": _functional,
    "two_in_two_out": _two_in_two_out,
    "sequential": _sequential,
    "subclassed": lambda tf: _subclassed(tf, False),
    "subclassed_dict_out": lambda tf: _subclassed(tf, True),
    "subclassed_list_in": _subclassed_list_inputs,
}


@pytest.mark.parametrize("kind", sorted(_MODELS))
def test_serving_default_signature(oracle, kind):
    def prog(tf):
        tf.keras.backend.clear_session()
        model, feed = _MODELS[kind](tf)
        with tempfile.TemporaryDirectory() as path:
            tf.saved_model.save(model, path)
            loaded = tf.saved_model.load(path)
            sig = loaded.signatures["serving_default"]
            args, kwargs = sig.structured_input_signature
            inputs = {k: (s.name, s.shape.as_list(), s.dtype.name) for k, s in kwargs.items()}
            outputs = {k: (s.name, s.shape.as_list(), s.dtype.name) for k, s in sig.structured_outputs.items()}
            result = sig(**{k: tf.constant(v) for k, v in feed.items()})
            return list(loaded.signatures.keys()), args, inputs, outputs, result
    oracle.check(prog)


def test_save_spec(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        model, _ = _functional(tf)
        sub, _ = _subclassed(tf, False)
        fresh = tf.keras.Sequential([tf.keras.layers.Dense(1)])

        def described(spec):
            if spec is None:
                return None
            args, kwargs = spec
            return [[(s.name, s.shape.as_list(), s.dtype.name) for s in tf.nest.flatten(args)], kwargs]
        return (described(model.save_spec()), described(model.save_spec(dynamic_batch=False)),
                described(sub.save_spec()), described(fresh.save_spec()))
    oracle.check(prog)
