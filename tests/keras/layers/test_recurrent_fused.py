"""The Keras LSTM layer's fused whole-sequence path (tfcompat._src.keras.layers.recurrent_fused) against tf-keras
2.21: outputs, states and gradients in eager mode and in a tf.function, second-order gradients and forward-mode
tangents, a fit step, and which configurations take the fused op (``KerasLSTMSequence``) or the step loop."""
from __future__ import annotations

import numpy as np
import pytest
import torch
from torch.utils._python_dispatch import TorchDispatchMode

from tests.keras.layers.programs import fixed_weights

FUSED_OP = "KerasLSTMSequence"

# name: (LSTM kwargs, input shape, dtype, pass an initial state)
CASES = {
    "last": ({}, (2, 4, 3), "float32", False),
    "sequences": ({"return_sequences": True}, (2, 4, 3), "float32", False),
    "state": ({"return_state": True}, (2, 4, 3), "float32", False),
    "sequences_state": ({"return_sequences": True, "return_state": True}, (2, 4, 3), "float32", False),
    "backwards": ({"go_backwards": True, "return_sequences": True, "return_state": True}, (2, 4, 3), "float32",
                  False),
    "initial_state": ({"return_sequences": True, "return_state": True}, (2, 4, 3), "float32", True),
    "float64": ({"return_sequences": True, "dtype": "float64"}, (2, 3, 2), "float64", True),
    "one_step": ({"return_state": True}, (3, 1, 2), "float32", False),
}


def _program(kwargs, shape, dtype, with_state, function):
    def prog(tf):
        tf.keras.backend.clear_session()
        rng = np.random.RandomState(0)
        x = tf.constant(rng.randn(*shape).astype(dtype))
        units = 3
        states = [tf.constant(rng.randn(shape[0], units).astype(dtype)) for _ in range(2)] if with_state else None
        layer = tf.keras.layers.LSTM(units, **kwargs)
        layer(x, initial_state=states)
        layer.set_weights(fixed_weights(layer.weights))

        def run(x, states):
            with tf.GradientTape() as tape:
                tape.watch(x)
                if states is not None:
                    tape.watch(states)
                outputs = tf.nest.flatten(layer(x, initial_state=states))
                loss = tf.add_n([tf.reduce_sum(tf.square(v) * (i + 1.0)) for i, v in enumerate(outputs)])
            sources = [x] + ([] if states is None else list(states)) + layer.trainable_weights
            return outputs, tape.gradient(loss, sources)
        if function:
            run = tf.function(run)
        outputs, grads = run(x, states)
        return outputs, grads, [w.name for w in layer.weights]
    return prog


@pytest.mark.parametrize("function", [False, True], ids=["eager", "function"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_outputs_states_gradients_match_tf(name, function, oracle):
    kwargs, shape, dtype, with_state = CASES[name]
    tol = 1e-10 if dtype == "float64" else 2e-5
    oracle.check(_program(kwargs, shape, dtype, with_state, function), rtol=tol, atol=tol)


def test_stateful_layer_carries_state(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        layer = tf.keras.layers.LSTM(2, stateful=True, return_sequences=True)
        model = tf.keras.Sequential([tf.keras.Input(batch_shape=(2, 3, 1)), layer])
        model.set_weights(fixed_weights(model.weights))
        x = np.arange(6, dtype=np.float32).reshape(2, 3, 1) / 6.0
        first, second = model(x), model(x)
        states = [s.numpy() for s in layer.states]
        layer.reset_states()
        return first, second, states, model(x)
    oracle.check(prog, rtol=2e-5, atol=2e-5)


@pytest.mark.parametrize("function", [False, True], ids=["eager", "function"])
def test_second_order_gradient(function, oracle):
    """A gradient of a gradient through the layer (nested tapes): the fused op's backward is recorded."""
    def prog(tf):
        tf.keras.backend.clear_session()
        x = tf.constant(np.random.RandomState(1).randn(2, 3, 2).astype(np.float32))
        layer = tf.keras.layers.LSTM(2, return_sequences=True)
        layer(x)
        layer.set_weights(fixed_weights(layer.weights))

        def run(x):
            with tf.GradientTape() as outer:
                outer.watch(x)
                with tf.GradientTape() as inner:
                    inner.watch(x)
                    y = tf.reduce_sum(tf.square(layer(x)))
                gx = inner.gradient(y, x)
                z = tf.reduce_sum(gx * gx)
            return gx, outer.gradient(z, [x] + layer.trainable_weights)
        return (tf.function(run) if function else run)(x)
    oracle.check(prog, rtol=1e-4, atol=1e-5)


def test_persistent_tape_two_gradients(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        x = tf.constant(np.random.RandomState(6).randn(2, 3, 2).astype(np.float32))
        layer = tf.keras.layers.LSTM(2)
        layer(x)
        layer.set_weights(fixed_weights(layer.weights))
        with tf.GradientTape(persistent=True) as tape:
            tape.watch(x)
            y = tf.reduce_sum(tf.square(layer(x)))
        return tape.gradient(y, x), tape.gradient(y, layer.trainable_weights), tape.gradient(y, x)
    oracle.check(prog, rtol=2e-5, atol=2e-5)


def test_forward_accumulator(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        x = tf.constant(np.random.RandomState(3).randn(2, 3, 2).astype(np.float32))
        layer = tf.keras.layers.LSTM(2, return_sequences=True)
        layer(x)
        layer.set_weights(fixed_weights(layer.weights))
        with tf.autodiff.ForwardAccumulator(x, tf.ones_like(x)) as acc:
            y = layer(x)
        return y, acc.jvp(y)
    oracle.check(prog, rtol=2e-5, atol=2e-5)


def test_masked_input_matches_tf(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        x = np.array([[[1.0], [2.0], [0.0]], [[3.0], [0.0], [0.0]]], np.float32)
        model = tf.keras.Sequential([tf.keras.layers.Masking(0.0, input_shape=(3, 1)),
                                     tf.keras.layers.LSTM(2, return_sequences=True, return_state=True)])
        model.set_weights(fixed_weights(model.weights))
        return model(x)
    oracle.check(prog, rtol=2e-5, atol=2e-5)


def test_fit_step(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        rng = np.random.RandomState(4)
        x, y = rng.randn(4, 3, 2).astype(np.float32), rng.randn(4, 1).astype(np.float32)
        model = tf.keras.Sequential([tf.keras.Input((3, 2)), tf.keras.layers.LSTM(3), tf.keras.layers.Dense(1)])
        model.set_weights(fixed_weights(model.weights))
        model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
        history = model.fit(x, y, batch_size=4, epochs=2, verbose=0, shuffle=False)
        return history.history["loss"], [w.numpy() for w in model.weights]
    oracle.check(prog, rtol=2e-5, atol=2e-5)


# -- which path each configuration takes (tfcompat only) -------------------------------------------------------
PATHS = {
    "standard": ({}, None, True),
    "sequences_state_backwards": ({"return_sequences": True, "return_state": True, "go_backwards": True}, None,
                                  True),
    "stateful": ({"stateful": True}, None, True),
    "masked": ({}, "mask", False),
    "dropout": ({"dropout": 0.5}, None, False),
    "relu": ({"activation": "relu"}, None, False),
    "hard_sigmoid": ({"recurrent_activation": "hard_sigmoid"}, None, False),
    "no_bias": ({"use_bias": False}, None, False),
    "unroll": ({"unroll": True}, None, False),
}


@pytest.mark.parametrize("name", sorted(PATHS))
def test_configuration_takes_intended_path(name):
    import tfcompat as tf
    kwargs, mask, fused = PATHS[name]
    tf.keras.backend.clear_session()
    x = tf.constant(np.ones((2, 3, 2), np.float32))
    layer = tf.keras.layers.LSTM(2, **kwargs)
    layer.build((2, 3, 2))
    m = tf.constant([[True, True, False], [True, False, False]]) if mask else None
    graph = tf.function(lambda x: layer(x, mask=m, training=True)).get_concrete_function(x).graph
    types = [op.type for op in graph.get_operations()]
    assert (FUSED_OP in types) == fused, types
    assert ("MatMul" in types) == (not fused), types


class _AtenNames(TorchDispatchMode):
    def __init__(self):
        super().__init__()
        self.names = []

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        self.names.append(func.__name__)
        return func(*args, **(kwargs or {}))


def test_eager_float32_runs_one_fused_kernel():
    """Forward and backward each run torch's fused LSTM kernel once (oneDNN on the CPU), not a per-step loop."""
    import tfcompat as tf
    tf.keras.backend.clear_session()
    x = tf.constant(np.ones((2, 5, 2), np.float32))
    layer = tf.keras.layers.LSTM(3, return_sequences=True)
    layer(x)
    with _AtenNames() as mode:
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(layer(x))
        tape.gradient(y, layer.trainable_weights)
    names = mode.names
    if not torch.backends.mkldnn.is_available():
        pytest.skip("torch built without oneDNN")
    assert sum(n.startswith("mkldnn_rnn_layer") for n in names) == 2, names
    assert sum(n.startswith("sigmoid") for n in names) == 0, names


def test_compile_tracing_takes_step_formula():
    """Under torch.compile tracing the kernel runs the step-by-step formula (same numbers as the fused call)."""
    from tfcompat._src.keras.layers import recurrent_fused
    from tfcompat._src.ops import lstm_sequence
    rng = np.random.RandomState(5)
    args = [torch.tensor(rng.randn(*s).astype(np.float32)) for s in ((2, 3, 2), (2, 2), (2, 2), (2, 8), (2, 8),
                                                                      (8,))]
    fused = recurrent_fused._keras_lstm_sequence(*args)
    stepwise = lstm_sequence.stepwise(*args[:3], recurrent_fused.keras_torch_params(*args[3:]), batch_first=True)
    for a, b in zip(fused, stepwise):
        torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-6)
    compiled = torch.compile(recurrent_fused._keras_lstm_sequence, backend="eager", fullgraph=True)
    for a, b in zip(compiled(*args), stepwise):
        torch.testing.assert_close(a, b, rtol=1e-5, atol=1e-6)
