"""``tf.keras.utils.FeatureSpace`` (tfcompat._src.keras.utils.feature_space) against tf-keras 2.21: every built-in
feature type, crosses, ``adapt``, calls on batched and unbatched dicts, ``concat``/``dict`` output, functional models
from ``get_inputs()``/``get_encoded_features()`` (called, fitted, in tf.data ``map``), configs and errors."""
from __future__ import annotations

import numpy as np

from tests.keras.layers.programs import fixed_weights

_RAW = {"float_values": [0.0, 0.1, 0.2, 0.3, 0.7], "string_values": ["zero", "one", "two", "three", "one"],
        "int_values": [0, 1, 2, 3, 1]}
_RAW2 = {"a": [0.1, 0.5, 0.9, 0.3], "b": ["x", "y", "z", "x"], "c": [1, 2, 3, 4], "d": [1.0, 2.0, 3.0, 4.0],
         "e": [5.0, 6.0, 7.0, 8.0]}


def _concat_space(tf):
    fs = tf.keras.utils.FeatureSpace(
        features={"float_values": "float_normalized", "string_values": "string_categorical",
                  "int_values": "integer_categorical"},
        crosses=[("string_values", "int_values")], output_mode="concat")
    fs.adapt(tf.data.Dataset.from_tensor_slices(_RAW))
    return fs


def _dict_space(tf):
    fs_cls = tf.keras.utils.FeatureSpace
    fs = fs_cls(features={"a": fs_cls.float_discretized(num_bins=3),
                          "b": fs_cls.string_hashed(num_bins=4, output_mode="int"),
                          "c": fs_cls.integer_hashed(num_bins=5),
                          "d": fs_cls.float_rescaled(scale=2.0, offset=1.0), "e": "float"},
                crosses=[fs_cls.cross(("b", "c"), crossing_dim=6, output_mode="int")], output_mode="dict")
    fs.adapt(tf.data.Dataset.from_tensor_slices(_RAW2).batch(2))
    return fs


def test_concat_batched_and_unbatched(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        fs = _concat_space(tf)
        single = fs({"float_values": 0.5, "string_values": "two", "int_values": 2})
        return (fs(_RAW), single, fs.preprocessors["string_values"].get_vocabulary(),
                sorted(fs.crossers), sorted(fs.one_hot_encoders))
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_dict_mode_feature_types(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        fs = _dict_space(tf)
        out = fs(_RAW2)
        single = fs({"a": 0.6, "b": "y", "c": 2, "d": 1.5, "e": 0.0})
        return out, single, list(fs.preprocessors["a"].bin_boundaries)
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_functional_model_from_feature_space(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        fs = _concat_space(tf)
        inputs = fs.get_inputs()
        encoded = fs.get_encoded_features()
        head = tf.keras.layers.Dense(1, name="head")
        model = tf.keras.Model(inputs, head(encoded))
        head.set_weights(fixed_weights(head.weights))
        x = {k: np.array(v).reshape(-1, 1) for k, v in _RAW.items()}
        x["int_values"] = x["int_values"].astype(np.int64)
        y = np.arange(5, dtype=np.float32).reshape(-1, 1)
        before = model.predict(x, verbose=0)
        model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
        history = model.fit(x, y, batch_size=5, epochs=2, verbose=0, shuffle=False)
        return ({k: (v.shape.as_list(), v.dtype.name) for k, v in inputs.items()}, encoded.shape.as_list(),
                before, history.history["loss"], head.get_weights())
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_feature_space_in_dataset_map(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        fs = _concat_space(tf)
        labels = [0, 1, 0, 1, 1]
        ds = tf.data.Dataset.from_tensor_slices((_RAW, labels)).batch(2)
        return [(x, y) for x, y in ds.map(lambda x, y: (fs(x), y))]
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_config_round_trip(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        fs_cls = tf.keras.utils.FeatureSpace
        fs = fs_cls({"a": "float", "b": fs_cls.string_hashed(num_bins=4, output_mode="int", name="bb")},
                    crosses=[("a", "b")], output_mode="dict")
        config = fs.get_config()
        clone = fs_cls.from_config(config)
        b = clone.features["b"]
        return (config, type(b.preprocessor).__name__, b.preprocessor.num_bins, b.dtype, b.output_mode,
                clone.crosses[0].feature_names, clone.crosses[0].crossing_dim, isinstance(fs, tf.keras.layers.Layer))
    oracle.check(prog)


def _errors(tf):
    fs_cls = tf.keras.utils.FeatureSpace
    identity = tf.keras.layers.Identity
    return [lambda: fs_cls({}), lambda: fs_cls({"a": "nope"}), lambda: fs_cls({"a": "float"}, output_mode="x"),
            lambda: fs_cls({"a": "float"}, crosses=[("a", "q")]),
            lambda: fs_cls({"a": "float"}, crosses=[("a", "a")], crossing_dim=0),
            lambda: fs_cls.cross(("a",), 3, output_mode="float"),
            lambda: fs_cls.feature("float32", identity(), "multi_hot"),
            lambda: fs_cls({"a": "float_normalized"}).get_inputs(),
            lambda: fs_cls({"a": "float"})([1.0]),
            lambda: fs_cls({"a": "float"}).adapt([1.0]),
            lambda: fs_cls({"a": fs_cls.feature("float32", identity(), "one_hot")})({"a": [1.0]}),
            lambda: fs_cls({"a": fs_cls.feature("int64", identity(), "one_hot")})({"a": [1]}),
            lambda: fs_cls({"a": fs_cls.integer_hashed(3, output_mode="int")})({"a": [1]})]


def test_errors(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        out = []
        for make in _errors(tf):
            try:
                make()
                out.append("no error")
            except ValueError as e:
                out.append(("ValueError", str(e)))
        return out
    oracle.check(prog)


def test_feature_type_names_with_custom_dims(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        fs = tf.keras.utils.FeatureSpace(
            features={"a": "float_discretized", "b": "string_hashed", "c": "integer_hashed", "d": "float_rescaled",
                      "e": "float"},
            crosses=[("b", "c")], crossing_dim=5, hashing_dim=6, num_discretization_bins=3, output_mode="concat")
        fs.adapt(tf.data.Dataset.from_tensor_slices(_RAW2).batch(3))
        out = fs(_RAW2)
        return (out, fs.get_encoded_features().shape.as_list(), fs.preprocessors["b"].num_bins,
                fs.crossers["b_X_c"].num_bins, sorted(fs.one_hot_encoders))
    oracle.check(prog, rtol=1e-5, atol=1e-6)
