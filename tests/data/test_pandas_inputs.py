"""pandas objects where TF 2.21 takes array-likes, as the pandas-fed tutorials use them (tests/real_scripts:
``tfdocs_tutorial_keras_regression``, ``..._load_data_pandas_dataframe``, ``..._structured_data_preprocessing_layers``):
``tf.convert_to_tensor``/``tf.constant`` of a DataFrame or Series (the NumPy array protocol: a DataFrame of int and
float columns is float64, a Series keeps its dtype, a str Series is tf.string), ``Dataset.from_tensor_slices`` of a
DataFrame and of ``dict(df)``, and Keras ``fit`` on a DataFrame and a Series with ``validation_split`` (tf-keras makes
a Series one feature column, ``[n, 1]``). Expected values: real TF's (the oracle). Skipped without pandas (a test
dependency only; tfcompat never imports it)."""
from __future__ import annotations

import numpy as np
import pytest

pd = pytest.importorskip("pandas")

from tests.data.helpers import elements  # noqa: E402


def _frame():
    return pd.DataFrame({"a": [1, 2, 3, 4], "b": [3.5, 4.0, 0.5, 1.0], "s": ["x", "y", "x", "z"]})


def test_convert_dataframe_and_series(oracle):
    def prog(tf):
        df = _frame()
        return (tf.convert_to_tensor(df[["a", "b"]]), tf.convert_to_tensor(df["a"]), tf.constant(df["b"]),
                tf.convert_to_tensor(df["s"]), tf.convert_to_tensor(df["a"], dtype=tf.float32))
    oracle.check(prog)


def test_dataset_from_dataframe_and_dict_of_columns(oracle):
    def prog(tf):
        df = _frame()
        whole = tf.data.Dataset.from_tensor_slices(df[["a", "b"]])
        columns = tf.data.Dataset.from_tensor_slices((dict(df), df.pop("a"))).batch(3)
        return repr(whole.element_spec), elements(whole), repr(columns.element_spec), elements(columns)
    oracle.check(prog)


def test_keras_fit_on_dataframe_with_series_labels_and_validation_split(oracle):
    def prog(tf):
        df = _frame()
        labels = df.pop("b")
        model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="ones")])
        model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="mean_absolute_error")
        history = model.fit(df[["a"]], labels, validation_split=0.25, epochs=2, verbose=0, shuffle=False)
        return {k: np.round(v, 5) for k, v in history.history.items()}, model.get_weights()
    oracle.check(prog)
