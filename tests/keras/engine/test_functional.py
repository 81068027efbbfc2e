"""Functional models (tfcompat._src.keras.engine.functional) against tf-keras 2.21: several inputs and outputs,
shared layers, raw TF ops on Keras tensors, nested models, summaries, configs and errors."""
from __future__ import annotations

import numpy as np

from tests.keras.layers.programs import fixed_weights


def _two_tower(tf):
    a = tf.keras.Input((4,), name="a")
    b = tf.keras.Input((3,), name="b")
    shared = tf.keras.layers.Dense(5, activation="tanh", name="shared")
    h = tf.keras.layers.Concatenate()([shared(tf.keras.layers.Dense(4)(a)), tf.keras.layers.Dense(5)(b)])
    out1 = tf.keras.layers.Dense(2, name="out1")(h)
    out2 = tf.keras.layers.Dense(1, activation="sigmoid", name="out2")(h * 2.0)
    model = tf.keras.Model([a, b], [out1, out2])
    model.set_weights(fixed_weights(model.weights, 0.3))
    return model


def _data():
    rng = np.random.RandomState(0)
    return (rng.randn(10, 4).astype(np.float32), rng.randn(10, 3).astype(np.float32),
            rng.randn(10, 2).astype(np.float32), (rng.rand(10, 1) > 0.5).astype(np.float32))


def test_two_inputs_two_outputs_fit(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        model = _two_tower(tf)
        xa, xb, y1, y2 = _data()
        model.compile(tf.keras.optimizers.Adam(0.01), loss=["mse", "binary_crossentropy"], loss_weights=[1.0, 0.5],
                      metrics={"out2": ["accuracy"]})
        history = model.fit([xa, xb], [y1, y2], batch_size=4, epochs=2, verbose=0, shuffle=False,
                            validation_split=0.2)
        return (history.history, model.evaluate([xa, xb], [y1, y2], verbose=0, return_dict=True),
                model.predict([xa, xb], verbose=0), model.output_names, model.metrics_names)
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_summary_with_connections_and_op_layers(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        lines = []
        _two_tower(tf).summary(print_fn=lines.append)
        return "\n".join(lines)
    oracle.check(prog)


def test_weights_names_and_layers(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        model = _two_tower(tf)
        return ([w.name for w in model.weights], [layer.name for layer in model.layers],
                [type(layer).__name__ for layer in model.layers], model.input_names, model.input_shape,
                model.output_shape, model.get_layer("shared").name, model.get_layer(index=1).name)
    oracle.check(prog)


def test_dict_inputs_and_outputs(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        x = tf.keras.Input((3,), name="x")
        y = tf.keras.Input((2,), name="y")
        h = tf.keras.layers.Dense(4, name="h")(tf.keras.layers.concatenate([x, y]))
        model = tf.keras.Model({"x": x, "y": y}, {"sum": tf.keras.layers.Dense(1, name="s")(h), "h": h})
        model.set_weights(fixed_weights(model.weights))
        rng = np.random.RandomState(1)
        return model({"x": rng.randn(2, 3).astype(np.float32), "y": rng.randn(2, 2).astype(np.float32)})
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_nested_model_as_layer(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        inner_in = tf.keras.Input((3,))
        inner = tf.keras.Model(inner_in, tf.keras.layers.Dense(2, activation="relu")(inner_in), name="inner")
        outer_in = tf.keras.Input((3,))
        outer = tf.keras.Model(outer_in, tf.keras.layers.Dense(1)(inner(outer_in)))
        outer.set_weights(fixed_weights(outer.weights))
        lines = []
        outer.summary(print_fn=lines.append)
        x = np.ones((2, 3), np.float32)
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(outer(x))
        return outer(x), tape.gradient(loss, outer.trainable_variables), "\n".join(lines), \
            [w.name for w in outer.weights]
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_get_config_and_from_config(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        model = _two_tower(tf)
        config = model.get_config()
        layers_config = [(layer["class_name"], layer["name"], layer["inbound_nodes"]) for layer in config["layers"]
                         if layer["class_name"] != "TFOpLambda"]
        return layers_config, config["input_layers"], config["output_layers"]
    oracle.check(prog)


def test_json_round_trip_predictions(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        x = tf.keras.Input((4,))
        h = tf.keras.layers.Dense(3, activation="relu")(x)
        out = tf.keras.layers.Dense(2, activation="softmax")(tf.keras.layers.Dropout(0.2)(h))
        model = tf.keras.Model(x, out)
        model.set_weights(fixed_weights(model.weights))
        clone = tf.keras.models.model_from_json(model.to_json())
        clone.set_weights(model.get_weights())
        data = np.random.RandomState(2).randn(3, 4).astype(np.float32)
        return clone(data), [type(layer).__name__ for layer in clone.layers]
    oracle.check(prog, rtol=1e-6, atol=1e-6)


def test_functional_errors(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        out = []
        a, b = tf.keras.Input((2,)), tf.keras.Input((2,))
        h = tf.keras.layers.Dense(2)(b)
        for make in (lambda: tf.keras.Model(a, h), lambda: tf.keras.Model([a, a], a),
                     lambda: tf.keras.Model(a, tf.keras.layers.Dense(2)(a)).get_layer("nope")):
            try:
                make()
                out.append("ok")
            except Exception as e:  # noqa: BLE001 - the error is the result
                out.append(type(e).__name__)
        return out
    oracle.check(prog)


def test_model_called_on_a_dict_config_and_save(oracle, tmp_path):
    # a nested model whose first argument is a dict of tensors: tf-keras serializes that node as a dict
    # ({key: [layer, node, tensor, kwargs]}), rebuilt by from_config and a .keras save/load
    def prog(tf):
        tf.keras.backend.clear_session()
        pre_in = {"n": tf.keras.Input((), dtype="int64", name="n_in"), "w": tf.keras.Input((), name="w_in")}
        pre = tf.keras.Model(pre_in, {"n": tf.keras.layers.CategoryEncoding(3, output_mode="one_hot", name="enc")(
            pre_in["n"]), "w": tf.keras.layers.Reshape((1,), name="col")(pre_in["w"])}, name="pre")
        head_in = {"n": tf.keras.Input((3,), name="hn"), "w": tf.keras.Input((1,), name="hw")}
        dense = tf.keras.layers.Dense(1, kernel_initializer="ones", bias_initializer="ones", name="dense")
        head = tf.keras.Model(head_in, dense(tf.keras.layers.Concatenate(name="cat")([head_in["n"], head_in["w"]])),
                              name="head")
        model = tf.keras.Model(pre.input, head(pre(pre.input)), name="outer")
        config = model.get_config()
        data = {"n": np.array([0, 2], dtype=np.int64), "w": np.array([0.5, -1.0], dtype=np.float32)}
        clone = tf.keras.Model.from_config(config)
        path = str(tmp_path / f"{tf.__name__}.keras")
        model.save(path)
        loaded = tf.keras.models.load_model(path)
        return ([(layer["name"], layer["inbound_nodes"]) for layer in config["layers"]], config["input_layers"],
                config["output_layers"], clone(data), loaded(data))
    oracle.check(prog)
