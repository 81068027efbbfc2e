"""``tf.keras.Input`` / ``InputLayer`` (tfcompat._src.keras.engine.input_layer) against tf-keras 2.21: sparse inputs
(``Input(sparse=True)``) through Dense's sparse matmul, Lambda layers of tf.sparse ops and raw sparse ops, in
functional models called eagerly, in a tf.function, in ``fit``/``predict``/``evaluate``; and the inputs still
refused (ragged)."""
from __future__ import annotations

import numpy as np

from tests.keras.layers.programs import fixed_weights

# A 5 x 4 sparse batch (row 3 empty), indices in row-major order.
_INDICES = [[0, 0], [0, 3], [1, 1], [2, 0], [2, 2], [4, 3]]
_VALUES = [1.0, -2.0, 0.5, 3.0, -1.0, 2.0]
_Y = np.array([[1.0], [0.0], [-1.0], [0.5], [2.0]], np.float32)


def _sparse(tf):
    return tf.sparse.SparseTensor(_INDICES, _VALUES, [5, 4])


def _linear_model(tf, units=1):
    tf.keras.backend.clear_session()
    inp = tf.keras.Input(shape=(4,), sparse=True)
    out = tf.keras.layers.Dense(units, name="dense")(inp)
    model = tf.keras.Model(inp, out)
    model.set_weights(fixed_weights(model.weights, 0.5))
    return model


def test_sparse_input_tensor(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        inp = tf.keras.Input(shape=(4,), sparse=True, name="ids")
        model = tf.keras.Model(inp, tf.keras.layers.Dense(1)(inp))
        return (inp.shape.as_list(), inp.dtype.name, isinstance(inp, tf.Tensor), model.layers[0].get_config(),
                model.input_names, model.input_shape)
    oracle.check(prog)


def test_sparse_dense_model_outputs_and_gradients(oracle):
    def prog(tf):
        model = _linear_model(tf, units=2)
        x = _sparse(tf)
        with tf.GradientTape() as tape:
            out = model(x)
            loss = tf.reduce_sum(out * out)
        grads = tape.gradient(loss, model.trainable_weights)
        return out, grads, model.input_shape, model.output_shape, [layer.name for layer in model.layers]
    oracle.check(prog, rtol=1e-6, atol=1e-6)


def test_sparse_model_in_tf_function(oracle):
    def prog(tf):
        model = _linear_model(tf, units=2)

        @tf.function
        def run(x):
            return model(x) * 2.0
        return run(_sparse(tf)), run(_sparse(tf))
    oracle.check(prog, rtol=1e-6, atol=1e-6)


def test_sparse_model_fit_predict_evaluate(oracle):
    def prog(tf):
        model = _linear_model(tf)
        model.compile(tf.keras.optimizers.SGD(0.1), loss="mse")
        history = model.fit(_sparse(tf), _Y, batch_size=2, epochs=3, shuffle=False, verbose=0)
        return (history.history, model.get_weights(), model.predict(_sparse(tf), batch_size=2, verbose=0),
                model.evaluate(_sparse(tf), _Y, batch_size=3, verbose=0))
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_sparse_model_train_on_batch(oracle):
    def prog(tf):
        model = _linear_model(tf)
        model.compile(tf.keras.optimizers.Adam(0.05), loss="mse")
        losses = [model.train_on_batch(_sparse(tf), _Y) for _ in range(3)]
        return losses, model.get_weights()
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_lambda_of_sparse_ops(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        inp = tf.keras.Input(shape=(4,), sparse=True)
        dense = tf.keras.layers.Lambda(lambda s: tf.sparse.to_dense(s))(inp)
        total = tf.keras.layers.Lambda(lambda s: tf.sparse.reduce_sum(s, axis=1, keepdims=True))(inp)
        out = tf.keras.layers.Concatenate()([dense, total])
        model = tf.keras.Model(inp, out)
        return model(_sparse(tf)), model.output_shape
    oracle.check(prog)


def test_raw_sparse_ops_on_sparse_input(oracle):
    """tf-keras refuses raw tf.sparse calls on a sparse Input (TypeError 'Input must be a SparseTensor.', known
    deviation `keras-sparse-input-raw-ops`): tfcompat's replay of the raw ops is compared with tf-keras's Lambda
    layers doing the same."""
    def lambdas(tf):
        tf.keras.backend.clear_session()
        inp = tf.keras.Input(shape=(4,), sparse=True)
        total = tf.keras.layers.Lambda(lambda s: tf.sparse.reduce_sum(s, axis=1))(inp)
        reordered = tf.keras.layers.Lambda(lambda s: tf.sparse.to_dense(tf.sparse.reorder(s)) * 2.0)(inp)
        via_layer = tf.keras.layers.Lambda(lambda s: tf.sparse.to_dense(tf.sparse.reorder(s)))(inp)
        return tf.keras.Model(inp, [total, reordered, via_layer])(_sparse(tf))

    def raw_ops(tf):
        tf.keras.backend.clear_session()
        inp = tf.keras.Input(shape=(4,), sparse=True)
        total = tf.sparse.reduce_sum(inp, axis=1)
        reordered = tf.sparse.to_dense(tf.sparse.reorder(inp)) * 2.0
        via_layer = tf.keras.layers.Lambda(lambda s: tf.sparse.to_dense(s))(tf.sparse.reorder(inp))
        return tf.keras.Model(inp, [total, reordered, via_layer])(_sparse(tf))
    assert oracle.tf_result(raw_ops).type == "TypeError"
    oracle.check(lambdas, raw_ops)


def test_sparse_input_summary(oracle):
    def prog(tf):
        lines = []
        _linear_model(tf).summary(print_fn=lines.append)
        return "\n".join(lines)
    oracle.check(prog)


def test_sparse_and_ragged_together_rejected(oracle):
    def prog(tf):
        return tf.keras.Input(shape=(4,), sparse=True, ragged=True)
    oracle.check(prog)


def test_sparse_model_config_round_trip_and_sequential(oracle):
    def prog(tf):
        model = _linear_model(tf, units=2)
        config = model.get_config()
        clone = tf.keras.Model.from_config(config)
        clone.set_weights(model.get_weights())
        seq = tf.keras.Sequential([tf.keras.Input(shape=(4,), sparse=True), tf.keras.layers.Dense(2, name="d")])
        seq.set_weights(model.get_weights())
        return config["layers"][0], clone(_sparse(tf)), seq(_sparse(tf)), seq.input_shape
    oracle.check(prog, rtol=1e-6, atol=1e-6)


def test_sparse_model_dict_input_and_validation_split_error(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        inp = tf.keras.Input(shape=(4,), sparse=True, name="feat")
        model = tf.keras.Model(inp, tf.keras.layers.Dense(1, kernel_initializer="ones")(inp))
        model.compile("sgd", "mse")
        predicted = model.predict({"feat": _sparse(tf)}, verbose=0)
        try:
            model.fit(_sparse(tf), _Y, validation_split=0.2, verbose=0)
        except ValueError as e:
            return predicted, str(e).split(" found")[0]
        return predicted, None
    oracle.check(prog)


def test_sparse_model_fit_shuffled_runs(oracle):
    """Shuffled batch orders differ from TF's (known deviation `random-values`): only the history's shape and
    the loss decreasing are compared."""
    def prog(tf):
        model = _linear_model(tf)
        model.compile(tf.keras.optimizers.SGD(0.1), loss="mse")
        losses = model.fit(_sparse(tf), _Y, batch_size=5, epochs=4, verbose=0).history["loss"]
        return len(losses), bool(losses[-1] < losses[0])
    oracle.check(prog)


def test_sparse_input_fed_in_tf1_session(oracle):
    def prog(v1):
        inp = v1.keras.Input(shape=(4,), sparse=True)
        out = v1.keras.layers.Dense(1, kernel_initializer="ones")(inp)
        value = v1.SparseTensorValue([[0, 0], [1, 3]], [1.0, 2.0], [2, 4])
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            return sess.run(out, {inp: value})
    oracle.check_v1(prog)
