"""tf.keras.mixed_precision.LossScaleOptimizer (tfcompat._src.keras.loss_scale_optimizer) against tf-keras 2.21:
dynamic scaling (halve and skip on non-finite gradients, grow after dynamic_growth_steps), fixed scaling,
get_scaled_loss/get_unscaled_gradients, minimize, model.fit with a wrapped optimizer, legacy optimizers,
get_config/from_config and the constructor's errors. Expected values: real TF."""
from __future__ import annotations

import numpy as np
import pytest


@pytest.mark.parametrize("make_inner", ["SGD", "legacy.SGD"])
def test_dynamic_scale_steps(make_inner, oracle):
    def prog(tf):
        inner = tf.keras.optimizers.legacy.SGD(0.1) if make_inner.startswith("legacy") else \
            tf.keras.optimizers.SGD(0.1)
        v = tf.Variable([1.0, 2.0])
        opt = tf.keras.mixed_precision.LossScaleOptimizer(inner, initial_scale=8.0, dynamic_growth_steps=2)
        steps = []
        for k in [1.0, np.inf, 1.0, 1.0, np.nan, 1.0]:
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(v * v) * k
                scaled = opt.get_scaled_loss(loss)
            grads = opt.get_unscaled_gradients(tape.gradient(scaled, [v]))
            opt.apply_gradients(zip(grads, [v]))
            steps.append((v.numpy().copy(), opt.loss_scale, opt.dynamic_counter.numpy(), opt.iterations.numpy(),
                          scaled))
        return steps, opt.dynamic, opt.initial_scale, opt.dynamic_growth_steps
    oracle.check(prog)


def test_fixed_scale_minimize_and_config(oracle):
    def prog(tf):
        v = tf.Variable(3.0)
        opt = tf.keras.mixed_precision.LossScaleOptimizer(tf.keras.optimizers.Adam(0.5), dynamic=False,
                                                          initial_scale=4.0)
        opt.minimize(lambda: v * v, [v])
        with tf.GradientTape() as tape:
            loss = v * v * 2
        opt.minimize(loss, [v], tape=tape)
        config = opt.get_config()
        clone = type(opt).from_config(config)
        scaled_fn = opt.get_scaled_loss(lambda: tf.constant(1.5))
        return (v, opt.loss_scale, opt.dynamic_counter, opt.iterations, opt.learning_rate,
                {k: config[k] for k in ("dynamic", "initial_scale", "dynamic_growth_steps")},
                config["inner_optimizer"]["config"]["learning_rate"], clone.get_config()["initial_scale"],
                scaled_fn(), opt.inner_optimizer.get_config()["name"])
    oracle.check(prog)


def test_model_fit(oracle):
    def prog(tf):
        model = tf.keras.Sequential([tf.keras.layers.Dense(2, kernel_initializer="ones", activation="relu"),
                                     tf.keras.layers.Dense(1, kernel_initializer="ones")])
        opt = tf.keras.mixed_precision.LossScaleOptimizer(tf.keras.optimizers.Adam(0.01), dynamic_growth_steps=3)
        model.compile(opt, "mse")
        x = np.linspace(-1, 1, 16, dtype=np.float32).reshape(8, 2)
        history = model.fit(x, x[:, :1] * 3, epochs=2, batch_size=2, shuffle=False, verbose=0)
        return history.history, model.get_weights(), model.optimizer.loss_scale, model.optimizer.iterations
    oracle.check(prog, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("case", ["not_optimizer", "nested", "dynamic_type", "no_initial_scale", "growth_fixed",
                                  "wrapped_twice"])
def test_errors(case, oracle):
    def prog(tf):
        lso = tf.keras.mixed_precision.LossScaleOptimizer
        sgd = tf.keras.optimizers.SGD()
        calls = {"not_optimizer": lambda: lso("sgd"),
                 "nested": lambda: lso(lso(sgd)),
                 "dynamic_type": lambda: lso(sgd, dynamic=1),
                 "no_initial_scale": lambda: lso(sgd, dynamic=False),
                 "growth_fixed": lambda: lso(sgd, dynamic=False, initial_scale=2.0, dynamic_growth_steps=3),
                 "wrapped_twice": lambda: (lso(sgd), lso(sgd))}
        return calls[case]()
    oracle.check(prog, match_message="")
