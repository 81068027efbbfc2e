"""``tf.keras.layers.DenseFeatures`` (feature_column/dense_features.py) against TF 2.21 with tf-keras: the layer
alone (output, variable names, cols_to_output_tensors, errors), inside Sequential and functional models (predict,
one epoch of fit from a dict of numpy arrays and from a tf.data dataset of dicts), and inside ``tf.function``.
Expected values: TF's, through the oracle."""
from __future__ import annotations

import numpy as np


def _columns(tf):
    fc = tf.feature_column
    kind = fc.categorical_column_with_vocabulary_list("kind", ["cat", "dog", "bird"], num_oov_buckets=1)
    return [fc.numeric_column("age"), fc.bucketized_column(fc.numeric_column("size"), [1.0, 5.0]),
            fc.embedding_column(kind, 2, initializer=tf.constant_initializer([[0.1, 0.2], [0.3, 0.4], [0.5, 0.6],
                                                                              [0.7, 0.8]])),
            fc.indicator_column(fc.categorical_column_with_identity("legs", 5))]


def _features():
    return {"age": np.array([[1.0], [2.0], [3.0], [4.0]], np.float32),
            "size": np.array([[0.5], [2.0], [6.0], [1.0]], np.float32),
            "kind": np.array([["cat"], ["dog"], ["fish"], ["bird"]]),
            "legs": np.array([[4], [4], [0], [2]], np.int64)}


def test_layer_outputs_and_variables(oracle):
    def prog(tf):
        layer = tf.keras.layers.DenseFeatures(_columns(tf), name="features")
        outputs = {}
        out = layer(_features(), cols_to_output_tensors=outputs)
        return out, [v.name for v in layer.weights], sorted((c.name, t) for c, t in outputs.items())
    oracle.check(prog)


def test_layer_in_tf_function(oracle):
    def prog(tf):
        layer = tf.keras.layers.DenseFeatures(_columns(tf), name="features")

        @tf.function
        def f(feats):
            return layer(feats)
        return f({k: tf.constant(v) for k, v in _features().items()})
    oracle.check(prog)


def test_layer_errors(oracle):
    def prog(tf):
        fc = tf.feature_column
        out = []
        for columns in ([], [fc.categorical_column_with_identity("a", 2)], [fc.numeric_column("a")] * 2):
            try:
                tf.keras.layers.DenseFeatures(columns)
                out.append(None)
            except ValueError as e:
                out.append(type(e).__name__)
        try:
            tf.keras.layers.DenseFeatures([fc.numeric_column("a")])(tf.constant([[1.0]]))
        except ValueError as e:
            out.append(type(e).__name__)
        return out
    oracle.check(prog)


def test_sequential_predict_and_fit(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()   # the default model name 'sequential' must not depend on earlier tests
        model = tf.keras.Sequential([tf.keras.layers.DenseFeatures(_columns(tf), name="features"),
                                     tf.keras.layers.Dense(1, kernel_initializer="ones", name="out")])
        model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
        before = model.predict(_features(), verbose=0)
        history = model.fit(_features(), np.array([[1.0], [0.0], [1.0], [0.0]], np.float32), batch_size=2,
                            epochs=1, shuffle=False, verbose=0)
        return (before, history.history["loss"], model.predict(_features(), verbose=0),
                [v.name for v in model.trainable_variables])
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def _functional_model(tf, columns, keys):
    dtypes = {"kind": tf.string, "legs": tf.int64}
    inputs = {k: tf.keras.Input(shape=(1,), name=k, dtype=dtypes.get(k, tf.float32)) for k in keys}
    x = tf.keras.layers.DenseFeatures(columns, name="features")(inputs)
    out = tf.keras.layers.Dense(1, kernel_initializer="ones", name="out")(x)
    model = tf.keras.Model(inputs, out)
    model.compile(optimizer=tf.keras.optimizers.SGD(0.05), loss="mse")
    return model


def test_functional_model_predict_and_fit(oracle):
    def prog(tf):
        model = _functional_model(tf, _columns(tf), ["age", "size", "kind", "legs"])
        history = model.fit(_features(), np.array([1.0, 0.0, 1.0, 0.0], np.float32), batch_size=2, epochs=2,
                            shuffle=False, verbose=0)
        return history.history["loss"], model.predict(_features(), verbose=0)
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_functional_model_from_dataset(oracle):
    """A tf.data dataset of feature dicts (numeric and integer features: string batches from a dataset are not
    accepted by tfcompat's Keras data adapter yet)."""
    def prog(tf):
        columns = [c for c in _columns(tf) if "kind" not in c.name]
        model = _functional_model(tf, columns, ["age", "size", "legs"])
        feats = {k: v for k, v in _features().items() if k != "kind"}
        ds = tf.data.Dataset.from_tensor_slices((feats, np.array([1.0, 0.0, 1.0, 0.0], np.float32))).batch(2)
        history = model.fit(ds, epochs=2, verbose=0)
        return history.history["loss"], model.predict(ds, verbose=0)
    oracle.check(prog, rtol=1e-5, atol=1e-5)
