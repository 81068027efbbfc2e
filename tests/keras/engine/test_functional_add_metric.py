"""``model.add_metric(symbolic_tensor, name=...)`` on a Functional model (``keras/engine/functional.py``'s
``AddMetric`` layer) against tf-keras 2.21: the metric names before and after compile, the ``AddMetric`` layer in
``model.layers`` and in the config, the values ``fit``/``evaluate`` report, and the errors (no name, an eager
value, an unknown keyword). Expected values: TF's, through the oracle."""
from __future__ import annotations

import numpy as np


def _model(tf):
    inp = tf.keras.Input([3])
    h = tf.keras.layers.Dense(2, kernel_initializer=tf.keras.initializers.Constant(0.1))(inp)
    out = tf.keras.layers.Dense(1, kernel_initializer=tf.keras.initializers.Constant(0.2))(h)
    model = tf.keras.Model(inp, out)
    model.add_metric(tf.reduce_mean(h), name="mean_h")
    model.add_metric(tf.reduce_sum(out), name="sum_out", aggregation="mean")
    return model


def _data():
    return np.arange(12, dtype=np.float32).reshape(4, 3) / 10, np.ones([4, 1], np.float32)


def test_add_metric_structure(oracle):
    def prog(tf):
        model = _model(tf)
        layers = [l for l in model.get_config()["layers"] if l["class_name"] == "AddMetric"]
        rebuilt = type(model).from_config(model.get_config())
        via_model = tf.keras.Model.from_config(model.get_config())   # Model.from_config of a functional config
        return ([m.name for m in model.metrics], model.metrics_names, [type(l).__name__ for l in model.layers],
                [m.name for m in rebuilt.metrics], [type(l).__name__ for l in rebuilt.layers],
                [m.name for m in via_model.metrics], [type(l).__name__ for l in via_model.layers],
                [(l["name"], l["config"]["aggregation"], l["config"]["metric_name"], l["inbound_nodes"])
                 for l in layers])
    oracle.check(prog)


def test_add_metric_values_in_fit_and_evaluate(oracle):
    def prog(tf):
        model = _model(tf)
        model.compile(tf.keras.optimizers.SGD(0.01), "mse")
        x, y = _data()
        hist = model.fit(x, y, batch_size=2, epochs=2, verbose=0, shuffle=False)
        return (hist.history, model.metrics_names, model.evaluate(x, y, batch_size=2, verbose=0, return_dict=True),
                model.predict(x, verbose=0))
    oracle.check(prog, rtol=1e-5)


def test_add_metric_errors(oracle):
    def prog(tf):
        inp = tf.keras.Input([3])
        h = tf.keras.layers.Dense(2)(inp)
        model = tf.keras.Model(inp, h)
        errors = []
        for value, kwargs in ((tf.reduce_mean(h), {}), (tf.constant(1.0), {"name": "c"}),
                              (tf.reduce_mean(h), {"foo": 1})):
            try:
                model.add_metric(value, **kwargs)
                errors.append(None)
            except (ValueError, TypeError) as e:
                errors.append((type(e).__name__, str(e)))
        return errors, [m.name for m in model.metrics]
    oracle.check(prog)
