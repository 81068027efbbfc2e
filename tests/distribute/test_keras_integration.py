"""Keras under a strategy against TF 2.21 (tf-keras) with one replica: compile/fit/evaluate/predict in
``strategy.scope()``, distributed datasets in fit, and a custom training loop with ``strategy.run`` in a
tf.function. Deterministic initialisers ('ones') so both sides start from the same weights."""
from __future__ import annotations

import numpy as np
import pytest

X = (np.arange(24, dtype=np.float32).reshape(8, 3) / 10.0)
Y = (np.arange(8) % 2).astype(np.float32).reshape(8, 1)


def _model(tf):
    return tf.keras.Sequential([tf.keras.layers.Dense(4, activation="relu", kernel_initializer="ones"),
                                tf.keras.layers.Dense(1, kernel_initializer="ones")])


@pytest.mark.parametrize("strategy", ["mirrored", "one_device", "multi_worker"])
def test_fit_evaluate_predict_in_scope(oracle, strategy, monkeypatch):
    monkeypatch.delenv("TF_CONFIG", raising=False)

    def prog(tf):
        s = {"mirrored": lambda: tf.distribute.MirroredStrategy(),
             "one_device": lambda: tf.distribute.OneDeviceStrategy("/cpu:0"),
             "multi_worker": lambda: tf.distribute.MultiWorkerMirroredStrategy()}[strategy]()
        with s.scope():
            model = _model(tf)
            model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="mse", metrics=["mae"])
        history = model.fit(X, Y, batch_size=4, epochs=2, verbose=0, shuffle=False)
        ds = tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)
        more = model.fit(ds, epochs=1, verbose=0)
        return (history.history, more.history, model.evaluate(X, Y, verbose=0),
                model.predict(X[:2], verbose=0), model.distribute_strategy is s, model.get_weights())
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_distribute_strategy_outside_scope(oracle):
    def prog(tf):
        model = _model(tf)
        return type(model.distribute_strategy).__name__, model.distribute_strategy is tf.distribute.get_strategy()
    oracle.check(prog)


def test_fit_distributed_dataset_with_steps(oracle):
    def prog(tf):
        s = tf.distribute.MirroredStrategy()
        with s.scope():
            model = _model(tf)
            model.compile(optimizer="sgd", loss="mse")
        dist = s.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices((X, Y)).batch(4).repeat())
        history = model.fit(dist, epochs=2, steps_per_epoch=2, verbose=0)
        return history.history, model.evaluate(dist, steps=2, verbose=0), model.get_weights()
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_fit_distributed_dataset_needs_steps(oracle):
    def prog(tf):
        s = tf.distribute.MirroredStrategy()
        with s.scope():
            model = _model(tf)
            model.compile(optimizer="sgd", loss="mse")
        return model.fit(s.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices((X, Y)).batch(4)),
                         verbose=0)
    oracle.check(prog, match_message="you must specify the number of steps")


def test_custom_training_loop(oracle):
    def prog(tf):
        s = tf.distribute.MirroredStrategy()
        with s.scope():
            model = tf.keras.Sequential([tf.keras.layers.Dense(1, kernel_initializer="ones")])
            model.build((None, 3))
            optimizer = tf.keras.optimizers.SGD(0.1)
            loss_object = tf.keras.losses.MeanSquaredError(reduction=tf.keras.losses.Reduction.NONE)
            train_loss = tf.keras.metrics.Mean(name="train_loss")
        dist = s.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices((X, Y)).batch(4))

        def train_step(inputs):
            x, y = inputs
            with tf.GradientTape() as tape:
                per_example = loss_object(y, model(x, training=True))
                loss = tf.nn.compute_average_loss(per_example, global_batch_size=4)
                loss += tf.nn.scale_regularization_loss(tf.reduce_sum(model.trainable_variables[0]) * 0.01)
            grads = tape.gradient(loss, model.trainable_variables)
            optimizer.apply_gradients(zip(grads, model.trainable_variables))
            train_loss.update_state(loss)
            return loss

        @tf.function
        def distributed_train_step(inputs):
            per_replica = s.run(train_step, args=(inputs,))
            return s.reduce(tf.distribute.ReduceOp.SUM, per_replica, axis=None)

        totals = []
        for _ in range(2):
            total, batches = 0.0, 0
            for batch in dist:
                total += distributed_train_step(batch)
                batches += 1
            totals.append(total / batches)
        return totals, train_loss.result(), model.get_weights(), optimizer.iterations
    oracle.check(prog, rtol=1e-5, atol=1e-5)
