"""tf.keras.backend convolution/pooling/padding/resizing/normalization/CTC/random helpers
(tfcompat._src.keras.backend_nn) against tf-keras 2.21: values and gradients, both data formats. Expected values:
real TF."""
from __future__ import annotations

import numpy as np
import pytest

RNG = np.random.RandomState(0)
X4 = RNG.randn(2, 5, 6, 3).astype(np.float32)
X3 = RNG.randn(2, 7, 3).astype(np.float32)
X5 = RNG.randn(1, 4, 4, 4, 2).astype(np.float32)
K2 = RNG.randn(3, 3, 3, 4).astype(np.float32)
K1 = RNG.randn(3, 3, 2).astype(np.float32)
K3 = RNG.randn(2, 2, 2, 2, 3).astype(np.float32)
DW = RNG.randn(2, 2, 3, 2).astype(np.float32)
PW = RNG.randn(1, 1, 6, 4).astype(np.float32)
FIRST = np.transpose(X4, (0, 3, 1, 2))

CASES = {
    "conv1d_same": lambda K, x: K.conv1d(x, K.constant(K1), padding="same"),
    "conv1d_causal_dilated": lambda K, x: K.conv1d(x, K.constant(K1), padding="causal", dilation_rate=2),
    "conv2d_strides": lambda K, x: K.conv2d(x, K2, strides=(2, 1)),
    "conv2d_first": lambda K, x: K.conv2d(K.permute_dimensions(x, (0, 3, 1, 2)), K2, padding="same",
                                          data_format="channels_first"),
    "conv3d": lambda K, x: K.conv3d(x, K3, padding="same"),
    "conv2d_transpose": lambda K, x: K.conv2d_transpose(x, np.transpose(K2, (0, 1, 3, 2)), (2, 10, 12, 4),
                                                        strides=(2, 2), padding="same"),
    "depthwise": lambda K, x: K.depthwise_conv2d(x, DW, padding="same"),
    "separable": lambda K, x: K.separable_conv2d(x, DW, PW, strides=(2, 2)),
    "pool2d_max": lambda K, x: K.pool2d(x, (2, 2), strides=(2, 2), padding="same"),
    "pool2d_avg_first": lambda K, x: K.pool2d(K.permute_dimensions(x, (0, 3, 1, 2)), (2, 3), pool_mode="avg",
                                              data_format="channels_first"),
    "pool3d_avg": lambda K, x: K.pool3d(x, (2, 2, 2), strides=(2, 2, 2), pool_mode="avg"),
    "bias_add": lambda K, x: K.bias_add(x, np.arange(3, dtype=np.float32)),
    "bias_add_full": lambda K, x: K.bias_add(x, np.ones((5, 6, 3), np.float32)),
    "resize_nearest": lambda K, x: K.resize_images(x, 2, 3, "channels_last"),
    "resize_bilinear": lambda K, x: K.resize_images(x, 2, 2, "channels_last", interpolation="bilinear"),
    "resize_volumes": lambda K, x: K.resize_volumes(x, 2, 1, 2, "channels_last"),
    "spatial_2d_padding": lambda K, x: K.spatial_2d_padding(x, ((1, 0), (2, 1))),
    "spatial_3d_padding": lambda K, x: K.spatial_3d_padding(x, ((1, 0), (0, 1), (1, 1))),
    "temporal_padding": lambda K, x: K.temporal_padding(x, (2, 1)),
    "batch_norm_4d": lambda K, x: K.batch_normalization(x, K.constant([0.1, 0.2, 0.3]), K.constant([1.0, 2.0, 0.5]),
                                                        K.constant([0.0, 1.0, -1.0]), K.constant([1.0, 0.5, 2.0])),
    "batch_norm_3d": lambda K, x: K.batch_normalization(x, np.float32([0.1, 0.2, 0.3]), np.float32([1.0, 2.0, 0.5]),
                                                        None, None, epsilon=0.01),
}
INPUTS = {"conv1d_same": X3, "conv1d_causal_dilated": X3, "conv3d": X5, "pool3d_avg": X5, "resize_volumes": X5,
          "spatial_3d_padding": X5, "temporal_padding": X3, "batch_norm_3d": X3}


@pytest.mark.parametrize("name", sorted(CASES))
def test_backend_function(name, oracle):
    x_value = INPUTS.get(name, X4)

    def prog(tf):
        x = tf.constant(x_value)
        with tf.GradientTape() as tape:
            tape.watch(x)
            y = CASES[name](tf.keras.backend, x)
            loss = tf.reduce_sum(y * y)
        return y, tape.gradient(loss, x)
    oracle.check(prog, rtol=1e-4, atol=1e-4)


def test_small_helpers(oracle):
    def prog(tf):
        K = tf.keras.backend
        x = tf.constant([[0.1, 0.7, 0.2], [0.5, 0.3, 0.2]])
        return (K.in_top_k(x, tf.constant([1, 2]), 1), K.shape(x), K.foldl(lambda a, b: a + b, tf.range(5)),
                K.foldr(lambda a, b: a * 2 + b, tf.constant([1, 2, 3])), K.to_dense(tf.sparse.eye(2)),
                K.print_tensor(x, message="x="))
    oracle.check(prog)


def test_ctc(oracle):
    def prog(tf):
        K = tf.keras.backend
        y_pred = tf.nn.softmax(tf.constant(np.random.RandomState(1).randn(2, 6, 4).astype(np.float32)))
        labels = tf.constant([[1, 2, 0], [2, 2, 1]])
        cost = K.ctc_batch_cost(labels, y_pred, tf.constant([[6], [5]]), tf.constant([[2], [3]]))
        greedy, greedy_lp = K.ctc_decode(y_pred, tf.constant([6, 5]))
        beam, beam_lp = K.ctc_decode(y_pred, tf.constant([6, 5]), greedy=False, beam_width=4, top_paths=2)
        sparse = K.ctc_label_dense_to_sparse(labels, tf.constant([2, 3]))
        return cost, greedy, greedy_lp, beam, beam_lp, sparse.indices, sparse.values, sparse.dense_shape
    oracle.check(prog, rtol=1e-5, atol=1e-5)


def test_random_helpers_shapes(oracle):
    def prog(tf):
        K = tf.keras.backend
        b = K.random_bernoulli((3, 4), p=0.5, seed=1)
        u = K.random_uniform_variable((2, 3), -1.0, 1.0, seed=2)
        n = K.random_normal_variable((2, 2), 0.0, 1.0, seed=3)
        return b.shape, b.dtype, set(np.unique(b.numpy())) <= {0.0, 1.0}, u.shape, bool(np.all(np.abs(u.numpy()) <= 1)), \
            n.dtype
    oracle.check(prog)
