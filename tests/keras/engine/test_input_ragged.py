"""``tf.keras.Input(ragged=True)`` / ``InputLayer(ragged=True)`` (tfcompat._src.keras.engine.input_layer and
composite_inputs) against tf-keras 2.21: the ragged Keras tensor's shape, dtype and ragged rank; Embedding, Dense,
pooling and Lambda layers of tf.ragged ops on it; functional and Sequential models called eagerly, in a
tf.function, under a GradientTape, in ``fit``/``predict``/``evaluate`` on ragged batches; configs; errors."""
from __future__ import annotations

import numpy as np

from tests.keras.layers.programs import fixed_weights

_IDS = [[1, 2, 3], [4], [5, 6], [0], [7, 8, 9, 1]]
_VALUES = [[1.0, 2.0, 3.0], [4.0], [5.0, 6.0], [0.5], [-1.0, 2.0, 0.25, 1.0]]
_Y = np.array([[1.0], [0.0], [-1.0], [0.5], [2.0]], np.float32)


def _ids(tf):
    return tf.ragged.constant(_IDS, dtype=tf.int64)


def _embedding_model(tf):
    tf.keras.backend.clear_session()
    inp = tf.keras.Input(shape=(None,), ragged=True, dtype="int64", name="ids")
    emb = tf.keras.layers.Embedding(10, 3, name="emb")(inp)
    pooled = tf.keras.layers.GlobalAveragePooling1D(name="pool")(emb)
    out = tf.keras.layers.Dense(1, name="head")(pooled)
    model = tf.keras.Model(inp, out)
    model.set_weights(fixed_weights(model.weights))
    return model


def _lambda_model(tf):
    tf.keras.backend.clear_session()
    inp = tf.keras.Input(shape=(None,), ragged=True, name="v")
    scaled = tf.keras.layers.Lambda(lambda x: x * 2.0 + 1.0, name="scale")(inp)
    total = tf.keras.layers.Lambda(lambda x: tf.reduce_sum(x, axis=1, keepdims=True), name="total")(scaled)
    padded = tf.keras.layers.Lambda(lambda x: x.to_tensor(shape=[None, 4]), name="pad")(inp)
    merged = tf.keras.layers.Concatenate(name="cat")([total, padded])
    model = tf.keras.Model(inp, tf.keras.layers.Dense(2, name="head")(merged))
    model.set_weights(fixed_weights(model.weights))
    return model


def test_ragged_input_tensor(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        inp = tf.keras.Input(shape=(None,), ragged=True, dtype="int64", name="ids")
        inp2 = tf.keras.Input(shape=(None, None), ragged=True)
        inp3 = tf.keras.Input(shape=(None, 3), batch_size=4, ragged=True)
        inp4 = tf.keras.Input(shape=(3, None), ragged=True)
        dense = tf.keras.Input(shape=(3,), ragged=True)
        layer = tf.keras.layers.InputLayer(input_shape=(None,), ragged=True, name="il")
        model = tf.keras.Model(inp, tf.keras.layers.Embedding(10, 2)(inp))
        # (isinstance(inp, tf.RaggedTensor) differs: known deviation `keras-ragged-input`.)
        return (inp.shape.as_list(), inp.dtype.name, inp.ragged_rank,
                inp2.shape.as_list(), inp2.ragged_rank, inp3.shape.as_list(), inp3.ragged_rank,
                inp4.shape.as_list(), inp4.ragged_rank, dense.shape.as_list(), layer.ragged, layer.get_config(),
                model.layers[0].get_config(), model.input_shape, model.output_shape)
    oracle.check(prog)


def test_ragged_layers_symbolic_shapes(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        ids = tf.keras.Input(shape=(None,), ragged=True, dtype="int64")
        feats = tf.keras.Input(shape=(None, 2), ragged=True)
        emb = tf.keras.layers.Embedding(10, 3)(ids)
        dense = tf.keras.layers.Dense(4)(feats)
        return (emb.shape.as_list(), emb.ragged_rank, dense.shape.as_list(), dense.ragged_rank,
                tf.keras.layers.GlobalAveragePooling1D()(feats).shape.as_list(),
                tf.keras.layers.GlobalMaxPooling1D()(emb).shape.as_list(),
                tf.keras.layers.Lambda(lambda x: x.to_tensor())(emb).shape.as_list())
    oracle.check(prog)


def test_embedding_model_outputs_and_gradients(oracle):
    def prog(tf):
        model = _embedding_model(tf)
        with tf.GradientTape() as tape:
            out = model(_ids(tf))
            loss = tf.reduce_sum(out * out)
        grads = tape.gradient(loss, model.trainable_weights)
        return out, [tf.convert_to_tensor(g) for g in grads], [layer.name for layer in model.layers]
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_lambda_model_eager_and_tf_function(oracle):
    def prog(tf):
        model = _lambda_model(tf)
        x = tf.ragged.constant(_VALUES)

        @tf.function
        def run(v):
            return model(v) * 2.0
        return model(x), run(x), run(tf.ragged.constant(_VALUES[:2]))
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_dense_on_ragged_values(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        x = tf.ragged.constant([[[1.0, 2.0], [3.0, 4.0]], [[5.0, 6.0]], []], ragged_rank=1, inner_shape=(2,))
        layer = tf.keras.layers.Dense(3)
        layer.build((None, 2))
        layer.set_weights(fixed_weights(layer.weights))
        out = layer(x)
        emb = tf.keras.layers.Embedding(5, 2, embeddings_initializer="ones")
        looked_up = emb(tf.ragged.constant([[1, 2], [], [4]]))
        return out.to_tensor(), out.row_splits, looked_up.to_tensor(), looked_up.row_splits
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_fit_predict_evaluate_ragged_batches(oracle):
    def prog(tf):
        model = _embedding_model(tf)
        model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
        history = model.fit(_ids(tf), _Y, batch_size=2, epochs=2, verbose=0, shuffle=False)
        predicted = model.predict(_ids(tf), batch_size=3, verbose=0)
        evaluated = model.evaluate(_ids(tf), _Y, batch_size=2, verbose=0)
        return history.history["loss"], predicted, evaluated, model.get_weights()
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_step_functions_trace_once_over_ragged_batches(oracle):
    """One trace of each step function serves ragged batches of every row count and length (tf-keras traces on the
    dataset's element spec; the train step traces twice: once creating the optimizer's variables)."""
    def prog(tf):
        model = _embedding_model(tf)
        model.compile(optimizer=tf.keras.optimizers.SGD(0.1), loss="mse")
        model.fit(_ids(tf), _Y, batch_size=2, epochs=2, verbose=0, shuffle=False)
        model.predict(_ids(tf), batch_size=3, verbose=0)
        model.evaluate(_ids(tf), _Y, batch_size=2, verbose=0)
        return [f.experimental_get_tracing_count()
                for f in (model.train_function, model.predict_function, model.test_function)]
    oracle.check(prog)


def test_predict_returns_ragged(oracle):
    def prog(tf):
        model = _embedding_model(tf)
        ragged = tf.keras.Model(model.input, tf.keras.layers.Lambda(lambda x: x * 2.0)(model.layers[1].output))
        out = ragged.predict(_ids(tf), batch_size=2, verbose=0)
        return (type(out).__name__, out.shape.as_list(), out.row_splits, out.flat_values,
                ragged.predict_function.experimental_get_tracing_count())
    oracle.check(prog, rtol=1e-6, atol=1e-6)


def test_fit_lambda_model_on_ragged_floats(oracle):
    def prog(tf):
        model = _lambda_model(tf)
        model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="mse")
        y = np.concatenate([_Y, -_Y], axis=1)
        history = model.fit(tf.ragged.constant(_VALUES), y, batch_size=3, epochs=2, verbose=0, shuffle=False)
        return history.history["loss"], model.predict(tf.ragged.constant(_VALUES), verbose=0)
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_sequential_and_identity_layers(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        model = tf.keras.Sequential([
            tf.keras.layers.InputLayer(input_shape=(None,), ragged=True, dtype="int64"),
            tf.keras.layers.Embedding(10, 2, embeddings_initializer="ones"),
            tf.keras.layers.Lambda(lambda x: tf.reduce_sum(x, axis=1))])
        inp = tf.keras.Input(shape=(None,), ragged=True)
        same = tf.keras.Model(inp, tf.keras.layers.Lambda(lambda x: x)(inp))
        x = tf.ragged.constant([[1.0, 2.0], [3.0]])
        return model(_ids(tf)), same(x).to_list()
    oracle.check(prog)


def test_summary(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        inp = tf.keras.Input(shape=(None,), ragged=True, dtype="int64", name="ids")
        emb = tf.keras.layers.Embedding(10, 2, name="emb")(inp)
        model = tf.keras.Model(inp, tf.keras.layers.GlobalAveragePooling1D(name="pool")(emb))
        model.set_weights(fixed_weights(model.weights))
        lines = []
        model.summary(print_fn=lines.append)
        return model(tf.ragged.constant([[1, 0, 3], [4], [0, 6]], dtype=tf.int64)), "\n".join(lines)
    oracle.check(prog, rtol=1e-6, atol=1e-6)


def test_config_round_trip(oracle):
    def prog(tf):
        model = _embedding_model(tf)
        clone = tf.keras.Model.from_config(model.get_config())
        clone.set_weights(model.get_weights())
        return (model.get_config()["layers"][0], clone.layers[0].ragged, clone.inputs[0].shape.as_list(),
                clone.inputs[0].ragged_rank, clone(_ids(tf)))
    oracle.check(prog, rtol=1e-6, atol=1e-6)


def test_errors(oracle):
    def dense_on_ragged_rows(tf):
        tf.keras.backend.clear_session()
        return tf.keras.layers.Dense(2)(tf.keras.Input(shape=(None,), ragged=True))
    oracle.check(dense_on_ragged_rows, match_message="The last dimension of the inputs to a Dense layer should be "
                                                     "defined. Found None. Full input shape received: (None, None)")
    oracle.check(lambda tf: tf.keras.Input(shape=(None,), ragged=True, sparse=True),
                 match_message="Cannot set both `sparse` and `ragged` to `True` in a Keras `Input`.")
    oracle.check(lambda tf: tf.keras.layers.InputLayer(input_shape=(None,), ragged=True, sparse=True),
                 match_message="Cannot set both sparse and ragged to True in a TF-Keras input.")


def test_raw_ops_on_ragged_input(oracle):
    """Raw TF ops on a ragged Input are recorded as op layers and replayed on ragged values (tf-keras:
    TFOpLambda layers): dense and ragged results, eagerly, in predict and in fit."""
    def prog(tf):
        tf.keras.backend.clear_session()
        inp = tf.keras.Input(shape=(None,), ragged=True)
        total = tf.keras.Model(inp, tf.reduce_sum(inp * 2.0, axis=1))
        mean = tf.keras.Model(inp, tf.reduce_mean(inp, axis=1))
        scaled = tf.keras.Model(inp, inp * 3.0 + 1.0)
        x = tf.ragged.constant(_VALUES)
        out = scaled(x)
        predicted = scaled.predict(x, batch_size=2, verbose=0)
        return (total(x), mean(x), mean.output_shape, type(out).__name__, out.to_list(),
                type(predicted).__name__, predicted.to_list(), total.predict(x, batch_size=3, verbose=0))
    oracle.check(prog, rtol=1e-6, atol=1e-6)


def test_fit_on_raw_ops_over_ragged_input(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        inp = tf.keras.Input(shape=(None,), ragged=True)
        features = tf.stack([tf.reduce_max(inp, axis=1), tf.reduce_mean(inp * inp, axis=1)], axis=1)
        model = tf.keras.Model(inp, tf.keras.layers.Dense(1, name="head")(features))
        model.set_weights(fixed_weights(model.weights))
        model.compile(optimizer=tf.keras.optimizers.SGD(0.01), loss="mse")
        history = model.fit(tf.ragged.constant(_VALUES), _Y, batch_size=2, epochs=2, verbose=0, shuffle=False)
        return history.history["loss"], model.get_weights(), model.train_function.experimental_get_tracing_count()
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_take_ragged_rows_by_hand():
    """The row batches fit takes from a RaggedTensor (shuffled order and ragged rank 2), values worked out by
    hand."""
    import tfcompat as tf
    from tfcompat._src.keras.engine.composite_inputs import take_rows as take_ragged_rows
    rt = tf.ragged.constant([[1.0, 2.0], [], [3.0], [4.0, 5.0, 6.0]])
    taken = take_ragged_rows(rt, tf.constant([3, 0, 1], tf.int64)._t)
    assert taken.to_list() == [[4.0, 5.0, 6.0], [1.0, 2.0], []]
    assert take_ragged_rows(rt, slice(1, 3)).to_list() == [[], [3.0]]
    nested = tf.ragged.constant([[[1, 2], [3]], [], [[4], [], [5, 6]]])
    assert take_ragged_rows(nested, tf.constant([2, 0], tf.int64)._t).to_list() == [[[4], [], [5, 6]], [[1, 2], [3]]]
    assert take_ragged_rows(nested, slice(1, 1)).to_list() == []


def test_masked_embedding_pooling_on_ragged_ids(oracle):
    # Embedding(mask_zero=True) on a ragged input expands the mask's dims (tf.expand_dims on a RaggedTensor);
    # the row [0] is fully masked: its average is 0/0 = NaN in tf-keras.
    def prog(tf):
        tf.keras.backend.clear_session()
        inp = tf.keras.Input(shape=(None,), ragged=True, dtype="int64")
        emb = tf.keras.layers.Embedding(10, 3, mask_zero=True)(inp)
        pooled = tf.keras.layers.GlobalAveragePooling1D()(emb)
        model = tf.keras.Model(inp, pooled)
        model.set_weights(fixed_weights(model.weights))
        x = _ids(tf)
        return model(x), tf.expand_dims(x, 1).to_tensor(), tf.expand_dims(x, 2).flat_values
    oracle.check(prog, rtol=1e-5, atol=1e-6)
