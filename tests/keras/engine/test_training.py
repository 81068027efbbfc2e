"""Model training APIs (tfcompat._src.keras.engine.training / training_loops / data_adapter / compile_utils)
against tf-keras 2.21: compile/fit/evaluate/predict, *_on_batch, validation, class and sample weights,
datasets and generators, tf.function vs run_eagerly, subclassed models, custom train_step, the progress bar."""
from __future__ import annotations

import contextlib
import io
import re

import numpy as np
import pytest

from tests.keras.layers.programs import fixed_weights


def _mlp(tf, n_out=3, activation=None):
    model = tf.keras.Sequential([tf.keras.layers.Dense(6, activation="relu", input_shape=(4,)),
                                 tf.keras.layers.Dense(n_out, activation=activation)])
    model.set_weights(fixed_weights(model.weights, 0.4))
    return model


def _data(n=20, classes=3):
    rng = np.random.RandomState(0)
    return rng.randn(n, 4).astype(np.float32), rng.randint(0, classes, n)


CONFIGS = {
    "sgd_mse": dict(optimizer=("SGD", 0.1), loss="mse", metrics=["mae"], onehot=True),
    "adam_categorical": dict(optimizer=("Adam", 0.01), loss="categorical_crossentropy", metrics=["accuracy"],
                             onehot=True, activation="softmax"),
    "rmsprop_categorical_logits": dict(optimizer=("RMSprop", 0.01),
                                       loss="cce_logits", metrics=["accuracy", "mse"], onehot=True),
    "adagrad_sparse": dict(optimizer=("Adagrad", 0.1), loss="sparse_categorical_crossentropy",
                           metrics=["sparse_categorical_accuracy"], onehot=False, activation="softmax"),
}


@pytest.mark.parametrize("run_eagerly", [False, True])
@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_fit_evaluate_predict(name, run_eagerly, oracle):
    cfg = CONFIGS[name]

    def prog(tf):
        tf.keras.backend.clear_session()
        x, y = _data()
        if cfg["onehot"]:
            y = np.eye(3, dtype=np.float32)[y]
        model = _mlp(tf, activation=cfg.get("activation"))
        loss = tf.keras.losses.CategoricalCrossentropy(from_logits=True) if cfg["loss"] == "cce_logits" \
            else cfg["loss"]
        opt_name, lr = cfg["optimizer"]
        model.compile(getattr(tf.keras.optimizers, opt_name)(lr), loss, metrics=cfg["metrics"],
                      run_eagerly=run_eagerly)
        history = model.fit(x, y, batch_size=6, epochs=3, verbose=0, shuffle=False, validation_data=(x[:5], y[:5]))
        return (history.history, history.params, model.evaluate(x, y, batch_size=7, verbose=0),
                model.predict(x, batch_size=8, verbose=0), model.metrics_names, model.get_weights())
    oracle.check(prog, rtol=2e-5, atol=2e-5)


def test_on_batch_methods(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        x, y = _data()
        model = _mlp(tf)
        model.compile(tf.keras.optimizers.SGD(0.05, momentum=0.9), "mse", metrics=["mae"])
        y = np.eye(3, dtype=np.float32)[y]
        out = [model.train_on_batch(x[:8], y[:8]), model.train_on_batch(x[8:], y[8:], return_dict=True),
               model.test_on_batch(x[:5], y[:5]), model.predict_on_batch(x[:3]),
               model.train_on_batch(x[:8], y[:8], reset_metrics=False),
               model.train_on_batch(x[:8], y[:8], reset_metrics=False)]
        return out, model.get_weights(), int(model.optimizer.iterations.numpy())
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_class_and_sample_weights(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        x, y = _data()
        model = _mlp(tf, activation="softmax")
        model.compile(tf.keras.optimizers.SGD(0.1), "sparse_categorical_crossentropy", metrics=["accuracy"],
                      weighted_metrics=["accuracy"])
        h1 = model.fit(x, y, batch_size=8, epochs=2, verbose=0, shuffle=False, class_weight={0: 1.0, 1: 2.0, 2: 0.5})
        sw = np.linspace(0.1, 2.0, 20).astype(np.float32)
        h2 = model.fit(x, y, batch_size=8, epochs=2, verbose=0, shuffle=False, sample_weight=sw)
        return h1.history, h2.history, model.evaluate(x, y, sample_weight=sw, verbose=0)
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_validation_split_and_freq(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        x, y = _data()
        model = _mlp(tf)
        model.compile(tf.keras.optimizers.Adam(0.01), "mse")
        y = np.eye(3, dtype=np.float32)[y]
        history = model.fit(x, y, batch_size=4, epochs=4, verbose=0, shuffle=False, validation_split=0.25,
                            validation_freq=2, initial_epoch=1)
        return history.history, history.epoch
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_fit_on_dataset_and_generator(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        x, y = _data()
        y = np.eye(3, dtype=np.float32)[y]
        model = _mlp(tf)
        model.compile(tf.keras.optimizers.SGD(0.1), "mse")

        def batches():
            for i in range(0, 20, 5):
                yield x[i:i + 5], y[i:i + 5]
        h1 = model.fit(batches(), epochs=1, verbose=0)
        h2 = model.fit(batches(), steps_per_epoch=2, epochs=2, verbose=0)
        return h1.history, h2.history, model.evaluate(batches(), verbose=0), model.predict(
            (x[i:i + 5] for i in range(0, 20, 5)), verbose=0)
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_subclassed_model_fit_and_summary(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()

        class Net(tf.keras.Model):
            def __init__(self):
                super().__init__()
                self.d1 = tf.keras.layers.Dense(8, activation="relu")
                self.bn = tf.keras.layers.BatchNormalization()
                self.d2 = tf.keras.layers.Dense(3)

            def call(self, x, training=False):
                return self.d2(self.bn(self.d1(x), training=training))
        model = Net()
        x, y = _data(16)
        model(x)
        model.set_weights(fixed_weights(model.weights, 0.3))
        model.compile("sgd", tf.keras.losses.CategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
        history = model.fit(x, np.eye(3, dtype=np.float32)[y], batch_size=8, epochs=3, verbose=0, shuffle=False)
        lines = []
        model.summary(print_fn=lines.append)
        return history.history, [w.name for w in model.weights], "\n".join(lines), model.get_weights()
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_custom_train_step(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()

        class Custom(tf.keras.Model):
            def train_step(self, data):
                x, y = data
                with tf.GradientTape() as tape:
                    pred = self(x, training=True)
                    loss = tf.reduce_mean(tf.abs(pred - y)) * 2.0
                grads = tape.gradient(loss, self.trainable_variables)
                self.optimizer.apply_gradients(zip(grads, self.trainable_variables))
                return {"my_loss": loss}
        inputs = tf.keras.Input((4,))
        model = Custom(inputs, tf.keras.layers.Dense(2)(inputs))
        model.set_weights(fixed_weights(model.weights))
        model.compile(tf.keras.optimizers.SGD(0.1))
        x, _ = _data()
        history = model.fit(x, np.ones((20, 2), np.float32), batch_size=10, epochs=2, verbose=0, shuffle=False)
        return history.history, model.get_weights(), type(model).__name__
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_regularization_losses_in_fit(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        model = tf.keras.Sequential([
            tf.keras.layers.Dense(4, input_shape=(4,), kernel_regularizer=tf.keras.regularizers.l2(0.1),
                                  activity_regularizer="l1"),
            tf.keras.layers.Dense(1, bias_regularizer=tf.keras.regularizers.l1_l2(0.01, 0.02))])
        model.set_weights(fixed_weights(model.weights))
        model.compile(tf.keras.optimizers.SGD(0.05), "mse")
        x, _ = _data()
        history = model.fit(x, np.ones((20, 1), np.float32), batch_size=10, epochs=2, verbose=0, shuffle=False)
        return history.history, model.losses, len(model.losses)
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_compile_errors(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        out = []
        model = _mlp(tf)
        for make in (lambda: model.fit(np.ones((2, 4)), np.ones((2, 3)), verbose=0),
                     lambda: model.compile("sgd", "mse", bogus=1),
                     lambda: (model.compile("sgd"), model.fit(np.ones((2, 4)), np.ones((2, 3)), verbose=0)),
                     lambda: (model.compile("sgd", "mse"), model.fit(np.ones((2, 4)), verbose=0))):
            try:
                make()
                out.append("ok")
            except Exception as e:  # noqa: BLE001 - the error is the result
                out.append(type(e).__name__)
        return out
    oracle.check(prog)


_TIMES = re.compile(r"\s*(- )?\d+(ms|us|s)\b(/(step|epoch))?|ETA: \S+")


def _final_frames(text):
    """Each line as last drawn: verbose=1 redraws the bar (after '\\r', erasing with '\\b') at most every 0.05 s,
    so which intermediate frames appear depends on speed; the final frame of each bar does not."""
    return "\n".join(line.split("\r")[-1].replace("\b", "").rstrip() for line in text.split("\n"))


def _progress_text(tf, verbose, epochs=2):
    tf.keras.backend.clear_session()
    x, y = _data()
    model = _mlp(tf)
    model.compile(tf.keras.optimizers.SGD(0.1), "mse", metrics=["mae"])
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        model.fit(x, np.eye(3, dtype=np.float32)[y], batch_size=8, epochs=epochs, verbose=verbose, shuffle=False)
        model.evaluate(x, np.eye(3, dtype=np.float32)[y], verbose=verbose)
    return _TIMES.sub("<t>", _final_frames(buf.getvalue()))


@pytest.mark.parametrize("verbose", [0, 1, 2])
def test_progress_bar_text(verbose, oracle):
    """The printed text, with times and ETAs masked (they vary run to run)."""
    oracle.check(lambda tf: _progress_text(tf, verbose))


def test_string_features_into_functional_model(oracle):
    """An eager string tensor as predict data, and a tf.data dataset of dicts with a string feature through
    StringLookup in a functional model."""
    def prog(tf):
        tf.keras.backend.clear_session()
        lookup = tf.keras.layers.StringLookup(vocabulary=["foo", "bar"])
        inputs = tf.keras.Input((), dtype=tf.string)
        predicted = tf.keras.Model(inputs, lookup(inputs)).predict(tf.constant(["foo", "baz", "bar"]), verbose=0)
        features = {"s": tf.keras.Input((1,), dtype=tf.string, name="s"), "n": tf.keras.Input((1,), name="n")}
        ids = tf.cast(lookup(features["s"]), tf.float32)
        merged = tf.keras.layers.Concatenate()([ids, features["n"]])
        model = tf.keras.Model(features, tf.keras.layers.Dense(1, kernel_initializer="ones")(merged))
        model.compile(tf.keras.optimizers.SGD(0.01), "mse")
        data = tf.data.Dataset.from_tensor_slices(
            ({"s": [["foo"], ["bar"], ["x"]], "n": [[1.0], [2.0], [3.0]]}, [[0.0], [1.0], [1.0]])).batch(2)
        return predicted, model.fit(data, epochs=2, verbose=0).history["loss"], model.get_weights()
    oracle.check(prog)


def test_step_functions_trace_once_over_batch_sizes(oracle):
    """fit/predict/evaluate trace their step on the batches' spec with the batch dimension unknown (tf-keras: the
    dataset's element spec), so a short last batch does not retrace; the train step traces twice (once creating
    the optimizer's variables)."""
    def prog(tf):
        tf.keras.backend.clear_session()
        x = np.arange(10, dtype=np.float32).reshape(5, 2)
        y = np.ones((5, 1), np.float32)
        model = tf.keras.Sequential([tf.keras.layers.Dense(1, input_shape=(2,), kernel_initializer="ones")])
        model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="mse")
        history = model.fit(x, y, batch_size=2, epochs=2, verbose=0, shuffle=False)
        predicted = model.predict(x, batch_size=3, verbose=0)
        evaluated = model.evaluate(x, y, batch_size=4, verbose=0)
        counts = [f.experimental_get_tracing_count()
                  for f in (model.train_function, model.predict_function, model.test_function)]
        return history.history["loss"], predicted, evaluated, counts
    oracle.check(prog, rtol=1e-5, atol=1e-6)
