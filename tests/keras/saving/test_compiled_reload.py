"""A compiled model reloaded from .keras / .h5 (saving/keras_v3_format, saving/hdf5_format) against tf-keras 2.21:
evaluate after load_model gives the same metric names and values as before saving."""
from __future__ import annotations

import numpy as np

_X = np.array([[1.0, 2.0], [3.0, 4.0], [0.5, -1.0], [2.0, 0.0]], np.float32)
_Y = np.array([[1.0], [0.0], [0.0], [1.0]], np.float32)


def test_evaluate_after_load_model(oracle):
    def prog(tf):
        import os
        import tempfile
        tf.keras.backend.clear_session()
        folder = tempfile.mkdtemp()
        inputs = tf.keras.Input((2,))
        outputs = tf.keras.layers.Dense(1, activation="sigmoid", kernel_initializer="ones")(inputs)
        model = tf.keras.Model(inputs, outputs)
        model.compile(optimizer="adam", loss="binary_crossentropy",
                      metrics=["mae", "accuracy", tf.keras.metrics.AUC(name="auc")])
        model.fit(_X, _Y, epochs=1, verbose=0)
        results = [model.evaluate(_X, _Y, verbose=0, return_dict=True)]
        for name in ("m.keras", "m.h5"):
            path = os.path.join(folder, name)
            model.save(path)
            loaded = tf.keras.models.load_model(path)
            results.append((loaded.evaluate(_X, _Y, verbose=0, return_dict=True), loaded.metrics_names,
                            type(loaded.optimizer).__name__))
        return results
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_concatenate_of_dict_values(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        inputs = {"a": tf.keras.Input((2,), name="a"), "b": tf.keras.Input((1,), name="b")}
        merged = tf.keras.layers.Concatenate()(inputs.values())
        model = tf.keras.Model(inputs, tf.keras.layers.Dense(1, kernel_initializer="ones")(merged))
        eager = tf.keras.layers.Concatenate()({"x": tf.ones((1, 2)), "y": tf.zeros((1, 1))}.values())
        return merged.shape, model({"a": np.ones((1, 2), np.float32), "b": np.ones((1, 1), np.float32)}), eager
    oracle.check(prog)
