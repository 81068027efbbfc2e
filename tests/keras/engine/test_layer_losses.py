"""Layer losses/updates (keras/engine/layer_losses.py) against tf-keras 2.21: tf.compat.v1.layers kept as
attributes of a Keras layer are sublayers for ``updates`` too (TF's v1 layers are Keras layers)."""
from __future__ import annotations

import warnings

import numpy as np


def _v1_bn_updates_program(v1):
    class Outer(v1.keras.layers.Layer):
        def __init__(self):
            super().__init__()
            self.bn = v1.layers.BatchNormalization(name="bn", momentum=0.5)
            self.d = v1.layers.Dense(3, name="d")

        def call(self, inputs, training=None):
            return self.d(self.bn(inputs, training=training))

    x = v1.placeholder(v1.float32, [None, 3])
    outer = Outer()
    outer(x, training=True)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        updates = outer.updates
    with v1.Session() as s:
        s.run(v1.global_variables_initializer())
        s.run(updates, {x: np.arange(6, dtype=np.float32).reshape(2, 3)})
        moving = s.run([outer.bn.moving_mean, outer.bn.moving_variance])
    return len(updates), sorted(u.name for u in updates), moving


def test_v1_layer_attribute_updates_in_graph_mode(oracle):
    oracle.check_v1(_v1_bn_updates_program)


def _endpoint_layer(tf):
    """keras-io's "endpoint layer" pattern: a layer given the targets adds a loss, a Metric's result and a named
    tensor mean with ``add_metric``."""
    class LogisticEndpoint(tf.keras.layers.Layer):
        def __init__(self, name=None):
            super().__init__(name=name)
            self.loss_fn = tf.keras.losses.BinaryCrossentropy(from_logits=True)
            self.accuracy_fn = tf.keras.metrics.BinaryAccuracy(name="accuracy")

        def call(self, logits, targets=None, sample_weight=None):
            if targets is not None:
                self.add_loss(self.loss_fn(targets, logits, sample_weight))
                self.add_metric(self.accuracy_fn(targets, logits, sample_weight))
                self.add_metric(tf.reduce_mean(logits), name="mean_logit")
            return tf.nn.sigmoid(logits)
    return LogisticEndpoint


def _endpoint_data():
    rng = np.random.RandomState(0)
    return {"inputs": rng.rand(16, 4).astype("float32") - 0.5,
            "targets": (rng.rand(16, 1) > 0.5).astype("float32"),
            "sample_weight": rng.rand(16, 1).astype("float32")}


def _endpoint_functional_program(tf):
    endpoint = _endpoint_layer(tf)
    inputs = tf.keras.Input((4,), name="inputs")
    logits = tf.keras.layers.Dense(1, kernel_initializer="ones")(inputs)
    targets = tf.keras.Input((1,), name="targets")
    sample_weight = tf.keras.Input((1,), name="sample_weight")
    layer = endpoint()
    model = tf.keras.Model([inputs, targets, sample_weight], layer(logits, targets, sample_weight))
    model.compile(tf.keras.optimizers.SGD(0.1))
    history = model.fit(_endpoint_data(), epochs=2, batch_size=4, verbose=0, shuffle=False)
    evaluated = model.evaluate(_endpoint_data(), batch_size=8, verbose=0, return_dict=True)
    return (model.metrics_names, [m.name for m in layer.metrics], layer.metrics[0] is layer.accuracy_fn,
            history.history, evaluated)


def _endpoint_subclassed_program(tf):
    endpoint = _endpoint_layer(tf)

    class LogReg(tf.keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = tf.keras.layers.Dense(1, kernel_initializer="ones")
            self.logistic_endpoint = endpoint()

        def call(self, inputs):
            return self.logistic_endpoint(self.dense(inputs["inputs"]), targets=inputs["targets"],
                                          sample_weight=inputs["sample_weight"])

    model = LogReg()
    model.compile(tf.keras.optimizers.SGD(0.1))
    history = model.fit(_endpoint_data(), epochs=2, batch_size=4, verbose=0, shuffle=False)
    return model.metrics_names, history.history


def test_add_metric_of_a_metric_result_tracks_that_metric(oracle):
    """``add_metric(metric(y, p))`` tracks ``metric`` itself (keyed by its name, updated once per call) and
    ``add_metric(t, name=...)`` one Mean per name, in Functional and subclassed models trained by ``fit``."""
    oracle.check(_endpoint_functional_program)
    oracle.check(_endpoint_subclassed_program)


def _add_metric_errors_program(tf):
    class Unnamed(tf.keras.layers.Layer):
        def call(self, x):
            self.add_metric(tf.reduce_sum(x))
            return x

    errors = []
    for attempt in (lambda: Unnamed()(tf.ones((2, 2))),
                    lambda: tf.keras.layers.Dense(1).add_metric(tf.ones(()), name="outside"),
                    lambda: tf.keras.layers.Dense(1).add_metric(tf.ones(()), name="m", bad=1)):
        try:
            attempt()
            errors.append(None)
        except (ValueError, TypeError) as e:
            message = str(e)
            if message.startswith("Exception encountered when calling layer"):
                # tf-keras's Layer.__call__ wraps errors raised in `call` (a separate matter): its middle paragraph
                message = message.split("\n\n")[1]
            errors.append((type(e).__name__, message))
    return errors


def test_add_metric_errors(oracle):
    """tf-keras's errors: no name for a plain tensor (compared without tf-keras's wrapping of errors raised in
    ``call``), an eager value outside ``call``, unknown keywords."""
    oracle.check(_add_metric_errors_program)
