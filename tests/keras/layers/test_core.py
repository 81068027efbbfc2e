"""tf.keras core layers (tfcompat._src.keras.layers.core) against tf-keras 2.21: outputs, input and weight
gradients, weight names, configs, errors."""
from __future__ import annotations

import numpy as np
import pytest

from tests.keras.layers.programs import config_program, layer_program

CASES = {
    "dense": (lambda tf: tf.keras.layers.Dense(3), (4, 5)),
    "dense_relu": (lambda tf: tf.keras.layers.Dense(3, activation="relu"), (4, 5)),
    "dense_no_bias_tanh": (lambda tf: tf.keras.layers.Dense(2, activation="tanh", use_bias=False), (3, 4)),
    "dense_rank3": (lambda tf: tf.keras.layers.Dense(3), (2, 4, 5)),
    "dense_float64_input": (lambda tf: tf.keras.layers.Dense(2), (3, 4), None, "float64"),
    "activation_softmax": (lambda tf: tf.keras.layers.Activation("softmax"), (3, 4)),
    "activation_sigmoid": (lambda tf: tf.keras.layers.Activation(tf.nn.sigmoid), (3, 4)),
    "dropout_inference": (lambda tf: tf.keras.layers.Dropout(0.5), (3, 4), False),
    "dropout_rate0_training": (lambda tf: tf.keras.layers.Dropout(0.0), (3, 4), True),
    "flatten": (lambda tf: tf.keras.layers.Flatten(), (2, 3, 4)),
    "flatten_channels_first": (lambda tf: tf.keras.layers.Flatten(data_format="channels_first"), (2, 3, 4)),
    "reshape": (lambda tf: tf.keras.layers.Reshape((3, 4)), (2, 12)),
    "reshape_infer": (lambda tf: tf.keras.layers.Reshape((-1, 2)), (2, 3, 4)),
    "permute": (lambda tf: tf.keras.layers.Permute((2, 1)), (2, 3, 4)),
    "permute_3d": (lambda tf: tf.keras.layers.Permute((3, 1, 2)), (2, 3, 4, 5)),
    "repeat_vector": (lambda tf: tf.keras.layers.RepeatVector(3), (2, 4)),
    "lambda": (lambda tf: tf.keras.layers.Lambda(lambda x: x * 2.0 + 1.0), (2, 3)),
    "masking": (lambda tf: tf.keras.layers.Masking(0.0), (2, 3, 4)),
    "activity_regularization": (lambda tf: tf.keras.layers.ActivityRegularization(l1=0.1, l2=0.2), (2, 3)),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_layer_matches_tf(name, oracle):
    case = CASES[name]
    make, shape = case[0], case[1]
    training = case[2] if len(case) > 2 else None
    dtype = case[3] if len(case) > 3 else "float32"
    oracle.check(layer_program(make, shape, training=training, dtype=dtype), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("name", ["dense", "dense_relu", "flatten", "reshape", "permute", "repeat_vector",
                                  "masking"])
def test_config_round_trip(name, oracle):
    make, shape = CASES[name][0], CASES[name][1]
    oracle.check(config_program(make, shape))


def test_dense_errors(oracle):
    def prog(tf):
        out = []
        for make in (lambda: tf.keras.layers.Dense(-1),
                     lambda: tf.keras.layers.Dense(2)(tf.keras.Input((None,))),
                     lambda: tf.keras.layers.Dense(2)(tf.zeros((3,))),
                     lambda: tf.keras.layers.Dense(2, bogus=1)):
            try:
                make()
                out.append("ok")
            except Exception as e:  # noqa: BLE001 - the error is the result
                out.append(type(e).__name__)
        return out
    oracle.check(prog)


def test_dense_input_spec_after_build(oracle):
    def prog(tf):
        d = tf.keras.layers.Dense(2)
        d(tf.zeros((1, 3)))
        return d(tf.zeros((1, 4)))
    oracle.check(prog, match_message="expected axis -1 of input shape to have value 3")


def test_activity_regularization_losses(oracle):
    def prog(tf):
        layer = tf.keras.layers.ActivityRegularization(l1=0.1, l2=0.2)
        x = tf.constant(np.arange(6, dtype=np.float32).reshape(2, 3) - 2.0)
        layer(x)
        return layer.losses
    oracle.check(prog)


def test_masking_propagates_mask_to_lstm(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        x = np.array([[[1.0, 2.0], [0.0, 0.0], [3.0, 1.0]], [[0.0, 0.0], [2.0, 1.0], [0.0, 0.0]]], np.float32)
        model = tf.keras.Sequential([tf.keras.layers.Masking(0.0, input_shape=(3, 2)),
                                     tf.keras.layers.SimpleRNN(2, return_sequences=True,
                                                               kernel_initializer="ones",
                                                               recurrent_initializer="ones")])
        return model(x), model.layers[0].compute_mask(tf.constant(x))
    oracle.check(prog)


def test_dense_on_sparse_tensor(oracle):
    """tf-keras's Dense multiplies a rank-2 SparseTensor through embedding_lookup_sparse (IndexedSlices gradient)."""
    def prog(tf):
        tf.keras.backend.clear_session()
        sp = tf.SparseTensor(indices=[[0, 1], [0, 2], [2, 0]], values=[2.0, 3.0, -1.0], dense_shape=[3, 4])
        dense = tf.keras.layers.Dense(2, kernel_initializer=tf.keras.initializers.Constant(
            [[1.0, 2.0], [3.0, 4.0], [5.0, 6.0], [7.0, 8.0]]), bias_initializer="ones")
        with tf.GradientTape() as tape:
            y = dense(sp)
            loss = tf.reduce_sum(y ** 2)
        grad = tape.gradient(loss, dense.kernel)
        counts = tf.keras.layers.CategoryEncoding(num_tokens=4, output_mode="count", sparse=True)(
            tf.constant([[1, 1], [2, 3], [0, 0]]))
        return y, type(grad).__name__, tf.convert_to_tensor(grad), dense(counts)
    oracle.check(prog)
