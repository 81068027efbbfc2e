"""``fit``/``evaluate`` with Python lists of scalars as ``x``/``y`` (``keras/engine/data_adapter.py``): tf-keras's
``ListsOfScalarsDataAdapter`` takes a (nested) list of scalars as one array, not as a structure of single values.
Expected values: tf-keras 2.21's, through the oracle."""
from __future__ import annotations


def test_lists_of_scalars_are_arrays(oracle):
    def prog(tf):
        dense = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="ones")])
        dense.compile("sgd", "mse")
        history = dense.fit([[1, 2], [3, 4]], [1.0, 2.0], verbose=0, epochs=2).history
        inp = tf.keras.Input([])
        scaled = tf.keras.Model(inp, tf.keras.layers.Lambda(lambda t: t * 2.0)(inp))
        scaled.compile("sgd", "mse")
        return history, scaled.evaluate([1, 2, 3], [0.0, 0.0, 1.0], verbose=0)
    oracle.check(prog)
