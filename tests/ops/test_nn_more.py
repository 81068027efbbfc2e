"""tf.nn breadth against real TF (the oracle): 1-D/3-D/depthwise/separable/transposed/atrous convolutions and their
backprop ops, N-D pooling, max_pool_with_argmax, dilation/erosion, LRN, moments helpers, crelu, log_poisson_loss,
isotonic regression, CTC loss and greedy decoding, collapse_repeated, ctc_unique_labels, space_to_batch,
with_space_to_batch, fractional pooling, the RNN cell wrapper aliases and the tf.compat.v1.nn spellings.

Each program returns values and GradientTape gradients (eager) or Session results (graph mode); expected values
are TF's. Fractional pooling is random: only its deterministic parts are compared (integer ratios with random
row/column sequences give fixed sequences)."""
from __future__ import annotations

import numpy as np
import pytest

RS = np.random.RandomState(7)
X1 = RS.randn(2, 7, 3).astype(np.float32)             # NWC
W1 = RS.randn(3, 3, 4).astype(np.float32)             # [w, in, out]
X2 = RS.randn(2, 6, 5, 3).astype(np.float32)          # NHWC
W2 = RS.randn(3, 3, 3, 2).astype(np.float32)          # [h, w, in, out] / depthwise [h, w, in, mult]
PW = RS.randn(1, 1, 6, 4).astype(np.float32)          # pointwise [1, 1, in * mult, out]
X3 = RS.randn(2, 5, 4, 6, 2).astype(np.float32)       # NDHWC
W3 = RS.randn(2, 3, 2, 2, 3).astype(np.float32)       # [d, h, w, in, out]
XP = RS.randn(2, 5, 6, 2).astype(np.float32)          # for pooling (distinct values)
DF = RS.randn(2, 3, 2).astype(np.float32)             # dilation filter [h, w, c]
LOGITS = RS.randn(6, 2, 5).astype(np.float32)         # CTC [time, batch, classes]


def _grads(tf, fn, *arrays):
    """fn's output and the gradients of sum(output * cos-weights) with respect to each input array."""
    xs = [tf.constant(a) for a in arrays]
    with tf.GradientTape(persistent=True) as tape:
        for x in xs:
            tape.watch(x)
        out = fn(tf, *xs)
        first = out[0] if isinstance(out, (tuple, list)) else out
        weights = tf.cos(tf.cast(tf.reshape(tf.range(tf.size(first)), tf.shape(first)), tf.float32))
        loss = tf.reduce_sum(first * tf.cast(weights, first.dtype))
    return out, [tape.gradient(loss, x) for x in xs]


# (id, function of (tf, *inputs), inputs) -- values and gradients compared in eager mode.
DIFF_CASES = [
    ("conv1d_same", lambda tf, x, w: tf.nn.conv1d(x, w, 2, "SAME"), (X1, W1)),
    ("conv3d_same", lambda tf, x, w: tf.nn.conv3d(x, w, [1, 2, 1, 2, 1], "SAME"), (X3, W3)),
    ("convolution_3d_dilated", lambda tf, x, w: tf.nn.convolution(x, w, padding="SAME", dilations=[2, 1, 2],
                                                                  data_format="NDHWC"), (X3, W3)),
    ("convolution_1d", lambda tf, x, w: tf.nn.convolution(x, w, strides=2, padding="SAME"), (X1, W1)),
    ("convolution_2d_dilated", lambda tf, x, w: tf.nn.convolution(x, w, padding="SAME", dilations=2), (X2, W2)),
    ("convolution_3d", lambda tf, x, w: tf.nn.convolution(x, w, padding="VALID", data_format="NDHWC"), (X3, W3)),
    ("depthwise_same_s2", lambda tf, x, w: tf.nn.depthwise_conv2d(x, w, [1, 2, 2, 1], "SAME"), (X2, W2)),
    ("depthwise_valid_dilated", lambda tf, x, w: tf.nn.depthwise_conv2d(x, w, [1, 1, 1, 1], "VALID",
                                                                        dilations=[2, 1]), (X2, W2)),
    ("separable", lambda tf, x, w, p: tf.nn.separable_conv2d(x, w, p, [1, 1, 1, 1], "SAME"), (X2, W2, PW)),
    ("atrous_same", lambda tf, x, w: tf.nn.atrous_conv2d(x, w, 2, "SAME"), (X2, W2)),
    ("atrous_valid", lambda tf, x, w: tf.nn.atrous_conv2d(x, w, 2, "VALID"), (X2, W2)),
    ("conv1d_transpose", lambda tf, y, w: tf.nn.conv1d_transpose(y, w, [2, 8, 4], 2, "SAME"),
     (RS.randn(2, 4, 3).astype(np.float32), RS.randn(3, 4, 3).astype(np.float32))),
    ("conv3d_transpose", lambda tf, y, w: tf.nn.conv3d_transpose(y, w, [2, 5, 4, 6, 2], [1, 2, 1, 2, 1], "SAME"),
     (RS.randn(2, 3, 4, 3, 3).astype(np.float32), W3)),
    ("conv3d_transpose_valid", lambda tf, y, w: tf.nn.conv3d_transpose(y, w, [1, 4, 5, 4, 2], 1, "VALID"),
     (RS.randn(1, 3, 3, 3, 3).astype(np.float32), W3)),
    ("conv_transpose_2d", lambda tf, y, w: tf.nn.conv_transpose(y, w, [2, 6, 5, 3], [1, 2, 2, 1], "SAME"),
     (RS.randn(2, 3, 3, 2).astype(np.float32), W2)),
    ("atrous_transpose", lambda tf, y, w: tf.nn.atrous_conv2d_transpose(y, w, [2, 6, 5, 3], 2, "SAME"),
     (RS.randn(2, 6, 5, 2).astype(np.float32), W2)),
    ("depthwise_backprop_input", lambda tf, w, dy: tf.nn.depthwise_conv2d_backprop_input(
        [2, 6, 5, 3], w, dy, [1, 2, 2, 1], "SAME"), (W2, RS.randn(2, 3, 3, 6).astype(np.float32))),
    ("depthwise_backprop_filter", lambda tf, x, dy: tf.nn.depthwise_conv2d_backprop_filter(
        x, [3, 3, 3, 2], dy, [1, 1, 1, 1], "VALID"), (X2, RS.randn(2, 4, 3, 6).astype(np.float32))),
    ("max_pool1d", lambda tf, x: tf.nn.max_pool1d(x, 3, 2, "SAME"), (X1,)),
    ("avg_pool1d", lambda tf, x: tf.nn.avg_pool1d(x, 3, 2, "SAME"), (X1,)),
    ("max_pool3d", lambda tf, x: tf.nn.max_pool3d(x, 2, 2, "SAME"), (X3,)),
    ("avg_pool3d", lambda tf, x: tf.nn.avg_pool3d(x, [2, 3, 2], [1, 2, 2], "SAME"), (X3,)),
    ("pool_max_2d", lambda tf, x: tf.nn.pool(x, [2, 2], "MAX", strides=[2, 2], padding="SAME"), (XP,)),
    ("pool_avg_1d", lambda tf, x: tf.nn.pool(x, [3], "AVG", padding="VALID"), (X1,)),
    ("max_pool_with_argmax_same", lambda tf, x: tf.nn.max_pool_with_argmax(x, 3, 2, "SAME"), (XP,)),
    ("max_pool_with_argmax_batch", lambda tf, x: tf.nn.max_pool_with_argmax(
        x, [1, 2, 2, 1], [1, 2, 2, 1], "VALID", include_batch_in_index=True), (XP,)),
    ("dilation2d_same", lambda tf, x, f: tf.nn.dilation2d(x, f, [1, 1, 1, 1], "SAME", "NHWC", [1, 1, 1, 1]),
     (XP, DF)),
    ("dilation2d_valid_rates", lambda tf, x, f: tf.nn.dilation2d(x, f, [1, 2, 1, 1], "VALID", "NHWC",
                                                                 [1, 1, 2, 1]), (XP, DF)),
    ("erosion2d_same", lambda tf, x, f: tf.nn.erosion2d(x, f, [1, 1, 2, 1], "SAME", "NHWC", [1, 1, 1, 1]),
     (XP, DF)),
    ("lrn", lambda tf, x: tf.nn.lrn(x, depth_radius=1, bias=0.5, alpha=0.3, beta=0.75), (XP,)),
    ("local_response_normalization_default", lambda tf, x: tf.nn.local_response_normalization(x), (X2,)),
    ("crelu", lambda tf, x: tf.nn.crelu(x), (X1,)),
    ("crelu_axis", lambda tf, x: tf.nn.crelu(x, axis=1), (X1,)),
    ("log_poisson_loss", lambda tf, t, x: tf.nn.log_poisson_loss(t, x),
     (np.array([0.0, 0.5, 1.0, 2.0, 5.0], np.float32), RS.randn(5).astype(np.float32))),
    ("log_poisson_loss_full", lambda tf, t, x: tf.nn.log_poisson_loss(t, x, compute_full_loss=True),
     (np.array([0.0, 0.5, 1.0, 2.0, 5.0], np.float32), RS.randn(5).astype(np.float32))),
    ("sufficient_statistics", lambda tf, x: tf.nn.sufficient_statistics(x, [0, 2])[1:3], (X1,)),
    ("sufficient_statistics_shift", lambda tf, x: tf.nn.sufficient_statistics(x, [1], shift=0.5, keepdims=True)[:3],
     (X1,)),
    ("normalize_moments", lambda tf, x: tf.nn.normalize_moments(*tf.nn.sufficient_statistics(x, [0, 1])), (X1,)),
    ("normalize_moments_shift", lambda tf, x: tf.nn.normalize_moments(
        *tf.nn.sufficient_statistics(x, [0], shift=tf.constant([0.1, 0.2, 0.3]))), (X1[0],)),
    ("weighted_moments", lambda tf, x, w: tf.nn.weighted_moments(x, [0, 1], w),
     (X1, np.abs(RS.randn(2, 7, 1)).astype(np.float32))),
    ("weighted_moments_keepdims", lambda tf, x, w: tf.nn.weighted_moments(x, [1], w, keepdims=True),
     (X1, np.abs(RS.randn(7, 3)).astype(np.float32))),
    ("batch_norm_global", lambda tf, x, m, v, b, g: tf.nn.batch_norm_with_global_normalization(
        x, m, v, b, g, 1e-3, True), (X2, *(np.abs(RS.randn(4, 3)).astype(np.float32)))),
    ("batch_norm_global_noscale", lambda tf, x, m, v, b, g: tf.nn.batch_norm_with_global_normalization(
        x, m, v, b, g, 1e-3, False), (X2, *(np.abs(RS.randn(4, 3)).astype(np.float32)))),
    ("isotonic_regression", lambda tf, x: tf.nn.isotonic_regression(x), (RS.randn(3, 6).astype(np.float32),)),
    ("isotonic_regression_increasing_axis0", lambda tf, x: tf.nn.isotonic_regression(x, decreasing=False, axis=0),
     (RS.randn(5, 3),)),
    ("approx_max_k", lambda tf, x: tf.nn.approx_max_k(x, 2), (RS.randn(3, 6).astype(np.float32),)),
    ("ctc_loss_dense", lambda tf, lg: tf.nn.ctc_loss(tf.constant([[1, 2, 2], [3, 1, 0]]), lg, [3, 2], [6, 5]),
     (LOGITS,)),
    ("ctc_loss_dense_blank_last_batch_major", lambda tf, lg: tf.nn.ctc_loss(
        tf.constant([[0, 1, 1], [2, 3, 0]]), tf.transpose(lg, [1, 0, 2]), [3, 2], [6, 4], logits_time_major=False,
        blank_index=-1), (LOGITS,)),
    ("ctc_loss_sparse_blank_2", lambda tf, lg: tf.nn.ctc_loss(
        tf.SparseTensor([[0, 0], [0, 1], [1, 0]], [1, 4, 3], [2, 2]), lg, None, [6, 6], blank_index=2), (LOGITS,)),
    ("ctc_loss_v1", lambda tf, lg: tf.compat.v1.nn.ctc_loss(
        tf.SparseTensor([[0, 0], [0, 1], [0, 2], [1, 0]], [1, 1, 0, 2], [2, 3]), lg, [6, 5]), (LOGITS,)),
    ("ctc_loss_v1_unalignable", lambda tf, lg: tf.compat.v1.nn.ctc_loss(
        tf.SparseTensor([[0, 0], [0, 1], [0, 2], [1, 0]], [1, 1, 1, 2], [2, 3]), lg, [3, 6]), (LOGITS,)),
    ("ctc_loss_v1_collapse_ignore", lambda tf, lg: tf.compat.v1.nn.ctc_loss(
        tf.SparseTensor([[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]], [1, 1, 0, 2, 2, 2], [2, 3]), lg, [6, 2],
        preprocess_collapse_repeated=True, ignore_longer_outputs_than_inputs=True), (LOGITS,)),
]


@pytest.mark.parametrize("case", DIFF_CASES, ids=[c[0] for c in DIFF_CASES])
def test_values_and_gradients(oracle, case):
    _, fn, arrays = case
    oracle.check(lambda tf: _grads(tf, fn, *arrays), rtol=2e-4, atol=2e-5)


# (id, program) -- values, dtypes and errors, eager.
VALUE_CASES = [
    # forward only: TF's CPU kernels cannot differentiate it (known deviation nn-dilated-conv-cpu-gradient)
    ("conv1d_dilated", lambda tf: tf.nn.conv1d(tf.constant(X1), tf.constant(W1), 1, "VALID", dilations=2)),
    ("conv3d_dilated_rejected_on_cpu", lambda tf: tf.nn.conv3d(tf.constant(X3), tf.constant(W3), [1, 1, 1, 1, 1],
                                                               "VALID", dilations=[1, 2, 1, 2, 1])),
    ("max_pool_with_argmax_int32_batch", lambda tf: tf.nn.max_pool_with_argmax(
        tf.constant(XP), 2, 2, "VALID", output_dtype=tf.int32, include_batch_in_index=True)),
    ("conv1d_transpose_dilated", lambda tf: tf.nn.conv1d_transpose(
        tf.constant(X1[:, :5, :2]), tf.constant(W1[:, :2, :2]), [2, 9, 2], 1, "VALID", dilations=2)),
    ("conv_transpose_1d", lambda tf: tf.nn.conv_transpose(tf.constant(X1), tf.constant(W1[:, :, :3]), [2, 14, 3], 2)),
    ("conv3d_transpose_bad_out_backprop", lambda tf: tf.nn.conv3d_transpose(
        tf.constant(X3), tf.constant(W3[..., :2]), [2, 5, 4, 6, 3], 2, "SAME")),
    ("max_pool_with_argmax_ties", lambda tf: tf.nn.max_pool_with_argmax(
        tf.constant([[[[1.0], [3.0], [3.0]], [[3.0], [2.0], [0.0]]]]), 2, 1, "VALID")),
    ("max_pool_with_argmax_nchw", lambda tf: tf.nn.max_pool_with_argmax(tf.constant(XP), 2, 2, "SAME",
                                                                        data_format="NCHW")),
    ("dilation2d_nchw", lambda tf: tf.nn.dilation2d(tf.constant(XP), tf.constant(DF), [1, 1, 1, 1], "SAME",
                                                    "NCHW", [1, 1, 1, 1])),
    ("lrn_float64_rejected", lambda tf: tf.nn.lrn(tf.constant(XP, tf.float64))),
    ("lrn_rank3_rejected", lambda tf: tf.nn.lrn(tf.constant(X1))),
    ("crelu_int", lambda tf: tf.nn.crelu(tf.constant([[1, -2, 3]]))),
    ("sufficient_statistics_counts", lambda tf: tf.nn.sufficient_statistics(tf.constant(X1), [0, 1])),
    ("isotonic_int", lambda tf: tf.nn.isotonic_regression(tf.constant([[3, 1, 2, 5, 4]]), decreasing=False)),
    ("isotonic_ties", lambda tf: tf.nn.isotonic_regression(tf.constant([[1.0, 1.0, 2.0, 0.0, 2.0]]))),
    ("collapse_repeated", lambda tf: tf.nn.collapse_repeated(
        tf.constant([[1, 1, 2, 2, 2, 3], [4, 4, 4, 4, 0, 0], [5, 6, 6, 7, 7, 7]]), tf.constant([6, 3, 4]))),
    ("ctc_unique_labels", lambda tf: tf.nn.ctc_unique_labels(tf.constant([[3, 4, 4, 3], [1, 1, 1, 2]]))),
    ("ctc_greedy_decoder", lambda tf: _decoded(tf, tf.nn.ctc_greedy_decoder(tf.constant(LOGITS), [6, 4]))),
    ("ctc_greedy_decoder_no_merge", lambda tf: _decoded(tf, tf.nn.ctc_greedy_decoder(
        tf.constant(np.repeat(LOGITS, 2, axis=0)), [12, 7], merge_repeated=False))),
    ("ctc_greedy_decoder_blank0", lambda tf: _decoded(tf, tf.nn.ctc_greedy_decoder(
        tf.constant(LOGITS), [6, 6], blank_index=0))),
    ("ctc_beam_search_decoder", lambda tf: _decoded_paths(tf, tf.nn.ctc_beam_search_decoder(
        tf.constant(np.repeat(LOGITS, 2, axis=0)), [12, 9], beam_width=4, top_paths=3))),
    ("ctc_beam_search_decoder_v1_merge", lambda tf: _decoded_paths(tf, tf.compat.v1.nn.ctc_beam_search_decoder(
        tf.constant(np.repeat(LOGITS, 2, axis=0)), [12, 0], beam_width=3, top_paths=2))),
    ("ctc_beam_search_decoder_v2_name", lambda tf: _decoded_paths(tf, tf.compat.v1.nn.ctc_beam_search_decoder_v2(
        tf.constant(LOGITS), [6, 5], beam_width=2, top_paths=2))),
    ("ctc_beam_search_decoder_top_paths_too_many", lambda tf: tf.nn.ctc_beam_search_decoder(
        tf.constant(LOGITS), [6, 5], beam_width=2, top_paths=3)),
    ("ctc_loss_too_long", lambda tf: tf.compat.v1.nn.ctc_loss(
        tf.SparseTensor([[0, 0], [0, 1], [0, 2]], [1, 2, 3], [1, 3]), tf.constant(LOGITS[:, :1]), [2])),
    ("ctc_loss_sparse_needs_blank", lambda tf: tf.nn.ctc_loss(
        tf.SparseTensor([[0, 0]], [1], [2, 1]), tf.constant(LOGITS), None, [6, 6])),
    ("space_to_batch", lambda tf: tf.nn.space_to_batch(tf.reshape(tf.range(48.0), [2, 4, 3, 2]), [2, 2],
                                                        [[0, 0], [1, 0]])),
    ("space_to_batch_v1", lambda tf: tf.compat.v1.nn.space_to_batch(tf.reshape(tf.range(32.0), [2, 4, 4, 1]),
                                                                     [[0, 0], [0, 0]], 2)),
    ("with_space_to_batch_same", lambda tf: tf.nn.with_space_to_batch(
        tf.constant(X2), [2, 2], "SAME",
        lambda x, n, p: tf.nn.conv2d(x, tf.constant(W2), [1, 1, 1, 1], p), filter_shape=[3, 3])),
    ("with_space_to_batch_valid", lambda tf: tf.nn.with_space_to_batch(
        tf.constant(X2), [2, 1], "VALID", lambda x, n, p: tf.nn.max_pool2d(x, 2, 1, p))),
    ("with_space_to_batch_rate1", lambda tf: tf.nn.with_space_to_batch(
        tf.constant(X2), [1, 1], "SAME", lambda x, n, p: (n, p, tf.nn.avg_pool2d(x, 2, 2, p)))),
    ("fractional_max_pool_integer_ratio", lambda tf: tf.nn.fractional_max_pool(tf.constant(XP[:, :4, :6]),
                                                                               [1.0, 2.0, 2.0, 1.0])),
    ("fractional_avg_pool_integer_ratio", lambda tf: tf.nn.fractional_avg_pool(tf.constant(XP[:, :4, :6]),
                                                                               [1.0, 2.0, 3.0, 1.0])),
    ("fractional_max_pool_overlapping", lambda tf: tf.nn.fractional_max_pool(tf.constant(XP[:, :4, :6]),
                                                                             [1.0, 2.0, 2.0, 1.0], overlapping=True)),
    ("fractional_pool_batch_ratio", lambda tf: tf.nn.fractional_max_pool(tf.constant(XP), [2.0, 1.5, 1.5, 1.0])),
    ("general_dropout", lambda tf: tf.nn.experimental.general_dropout(
        tf.constant(X1), 0.5, lambda shape, dtype: tf.cast(tf.reshape(tf.range(tf.reduce_prod(shape)) % 4, shape),
                                                           dtype) / 4.0)),
    ("depthwise_backprop_input_bad_strides", lambda tf: tf.nn.depthwise_conv2d_backprop_input(
        [2, 6, 5, 3], tf.constant(W2), tf.zeros([2, 3, 3, 6]), [1, 2], "SAME")),
]


def _decoded_paths(tf, result):
    paths, log_prob = result
    return [(sp.indices, sp.values, sp.dense_shape) for sp in paths], log_prob


def _decoded(tf, result):
    (sp,), log_prob = result
    return sp.indices, sp.values, sp.dense_shape, log_prob


@pytest.mark.parametrize("case", VALUE_CASES, ids=[c[0] for c in VALUE_CASES])
def test_values(oracle, case):
    oracle.check(case[1], rtol=2e-5, atol=2e-5)


def test_fractional_pool_random_sequences(oracle):
    """Random sequences: TF's and ours differ draw by draw (known deviation nn-fractional-pool-sequences), so
    compare shapes and the sequence rules (start 0, end at the input size, steps of floor(ratio) or +1)."""
    def prog(tf):
        results = []
        for pseudo in (False, True):
            out, rows, cols = tf.nn.fractional_max_pool(tf.constant(RS.randn(1, 11, 10, 2).astype(np.float32)),
                                                        [1.0, 1.44, 1.73, 1.0], pseudo_random=pseudo, seed=3)
            r, c = rows.numpy(), cols.numpy()
            results.append((out.shape.as_list(), rows.dtype.name, r[0], r[-1], c[0], c[-1],
                            sorted(set(np.diff(r).tolist()) | {1, 2}), sorted(set(np.diff(c).tolist()) | {1, 2})))
        return results
    oracle.check(prog)


def test_rnn_cell_wrapper_aliases():
    """TF2's tf.nn.RNNCell*Wrapper names are the rnn_cell wrappers (checked by identity, no oracle needed)."""
    import tfcompat as tf
    assert tf.nn.RNNCellDropoutWrapper is tf.compat.v1.nn.rnn_cell.DropoutWrapper
    assert tf.nn.RNNCellResidualWrapper is tf.compat.v1.nn.rnn_cell.ResidualWrapper
    assert tf.nn.RNNCellDeviceWrapper is tf.compat.v1.nn.rnn_cell.DeviceWrapper


def test_residual_wrapper_runs(oracle):
    def prog(tf):
        cell = tf.compat.v1.nn.rnn_cell.BasicRNNCell(3, kernel_initializer=tf.compat.v1.constant_initializer(0.1))
        wrapped = tf.nn.RNNCellResidualWrapper(cell)
        out, state = wrapped(tf.constant(X1[:, 0]), tf.zeros([2, 3]))
        return out, state
    oracle.check(prog, rtol=1e-5, atol=1e-6)


# ------------------------------------------------------------------------------------------------
# graph mode (tf.compat.v1), TF1 spellings
# ------------------------------------------------------------------------------------------------
def _ctc_v1_grad(v1):
    logits = v1.constant(LOGITS)
    loss = v1.nn.ctc_loss(v1.SparseTensor([[0, 0], [1, 0]], [1, 2], [2, 1]), logits, [6, 5])
    return [loss] + v1.gradients(v1.reduce_sum(loss * v1.constant([1.0, 2.0])), [logits])


def _run(v1, fetches, *inputs):
    with v1.Session() as sess:
        return sess.run(fetches)


GRAPH_CASES = [
    ("conv1d_value", lambda v1: v1.nn.conv1d(value=v1.constant(X1), filters=v1.constant(W1), stride=1,
                                             padding="SAME")),
    ("conv3d_filter", lambda v1: v1.nn.conv3d(v1.constant(X3), filter=v1.constant(W3), strides=[1, 1, 2, 1, 1],
                                              padding="VALID")),
    ("convolution_dilation_rate", lambda v1: v1.nn.convolution(v1.constant(X2), v1.constant(W2), "SAME",
                                                               dilation_rate=[2, 2])),
    ("depthwise_rate", lambda v1: v1.nn.depthwise_conv2d(v1.constant(X2), v1.constant(W2), [1, 1, 1, 1], "SAME",
                                                         rate=[2, 2])),
    ("depthwise_native", lambda v1: v1.nn.depthwise_conv2d_native(v1.constant(X2), v1.constant(W2), [1, 2, 2, 1],
                                                                  "VALID")),
    ("depthwise_native_backprop_input", lambda v1: v1.nn.depthwise_conv2d_native_backprop_input(
        [2, 6, 5, 3], v1.constant(W2), v1.constant(np.ones([2, 3, 3, 6], np.float32)), [1, 2, 2, 1], "SAME")),
    ("depthwise_native_backprop_filter", lambda v1: v1.nn.depthwise_conv2d_native_backprop_filter(
        v1.constant(X2), [3, 3, 3, 2], v1.constant(np.ones([2, 4, 3, 6], np.float32)), [1, 1, 1, 1], "VALID")),
    ("separable_rate", lambda v1: v1.nn.separable_conv2d(v1.constant(X2), v1.constant(W2), v1.constant(PW),
                                                         [1, 1, 1, 1], "VALID", rate=[2, 1])),
    ("conv2d_backprop_filter", lambda v1: v1.nn.conv2d_backprop_filter(
        v1.constant(X2), [3, 3, 3, 2], v1.constant(np.ones([2, 3, 3, 2], np.float32)), [1, 2, 2, 1], "SAME")),
    ("conv2d_backprop_input", lambda v1: v1.nn.conv2d_backprop_input(
        [2, 6, 5, 3], v1.constant(W2), v1.constant(np.ones([2, 3, 3, 2], np.float32)), [1, 2, 2, 1], "SAME")),
    ("conv3d_backprop_filter", lambda v1: v1.nn.conv3d_backprop_filter(
        v1.constant(X3), [2, 3, 2, 2, 3], v1.constant(np.ones([2, 4, 2, 5, 3], np.float32)), [1, 1, 1, 1, 1],
        "VALID")),
    ("conv3d_backprop_filter_v2", lambda v1: v1.nn.conv3d_backprop_filter_v2(
        v1.constant(X3), [2, 3, 2, 2, 3], v1.constant(np.ones([2, 5, 2, 3, 3], np.float32)), [1, 1, 2, 2, 1],
        "SAME")),
    ("conv3d_transpose_value", lambda v1: v1.nn.conv3d_transpose(
        v1.constant(np.ones([2, 3, 4, 3, 3], np.float32)), v1.constant(W3), [2, 5, 4, 6, 2], [1, 2, 1, 2, 1])),
    ("conv1d_transpose", lambda v1: v1.nn.conv1d_transpose(v1.constant(X1), v1.constant(W1[:, :2, :3]), [2, 7, 2],
                                                           1)),
    ("pool_v1", lambda v1: v1.nn.pool(v1.constant(XP), [2, 2], "AVG", "SAME", strides=[2, 2])),
    ("max_pool_v2_3d", lambda v1: v1.nn.max_pool_v2(v1.constant(X3), 2, 2, "VALID")),
    ("avg_pool_v2_1d", lambda v1: v1.nn.avg_pool_v2(v1.constant(X1), 2, 1, "SAME")),
    ("max_pool1d", lambda v1: v1.nn.max_pool1d(v1.constant(X1), 2, 2, "VALID")),
    ("avg_pool3d", lambda v1: v1.nn.avg_pool3d(v1.constant(X3), 2, 1, "VALID")),
    ("max_pool_with_argmax_targmax", lambda v1: v1.nn.max_pool_with_argmax(v1.constant(XP), [1, 2, 2, 1],
                                                                           [1, 2, 2, 1], "SAME", Targmax=v1.int32)),
    ("dilation2d_rates", lambda v1: v1.nn.dilation2d(v1.constant(XP), v1.constant(DF), [1, 1, 1, 1], [1, 2, 1, 1],
                                                     "SAME")),
    ("erosion2d_kernel", lambda v1: v1.nn.erosion2d(v1.constant(XP), v1.constant(DF), [1, 1, 1, 1], [1, 1, 1, 1],
                                                    "VALID")),
    ("lrn", lambda v1: v1.nn.lrn(v1.constant(XP), 2)),
    ("crelu_name_first", lambda v1: v1.nn.crelu(v1.constant(X1), None, 1)),
    ("sufficient_statistics_keep_dims", lambda v1: v1.nn.sufficient_statistics(v1.constant(X1), [0], keep_dims=True)
     [:3]),
    ("weighted_moments_keep_dims", lambda v1: v1.nn.weighted_moments(v1.constant(X1), [1],
                                                                     v1.constant(np.ones([7, 1], np.float32)),
                                                                     keep_dims=True)),
    ("batch_norm_global_t_m_v", lambda v1: v1.nn.batch_norm_with_global_normalization(
        t=v1.constant(X2), m=v1.constant([0.1, 0.2, 0.3]), v=v1.constant([1.0, 2.0, 3.0]),
        beta=v1.constant([0.0, 1.0, 2.0]), gamma=v1.constant([2.0, 2.0, 2.0]), variance_epsilon=1e-3,
        scale_after_normalization=True)),
    ("log_poisson_loss", lambda v1: v1.nn.log_poisson_loss(v1.constant([1.0, 3.0]), v1.constant([0.5, -0.5]), True)),
    ("atrous", lambda v1: v1.nn.atrous_conv2d(v1.constant(X2), v1.constant(W2), 2, "SAME")),
    ("atrous_transpose", lambda v1: v1.nn.atrous_conv2d_transpose(v1.constant(X2[..., :2]), v1.constant(W2),
                                                                  [2, 6, 5, 3], 2, "VALID")),
    ("ctc_loss_v2_dense", lambda v1: v1.nn.ctc_loss_v2(v1.constant([[1, 2, 2], [3, 1, 0]]), v1.constant(LOGITS),
                                                       [3, 2], [6, 5])),
    ("ctc_loss_v1_grad", lambda v1: _ctc_v1_grad(v1)),
    ("ctc_greedy_decoder", lambda v1: _decoded(v1, v1.nn.ctc_greedy_decoder(v1.constant(LOGITS), [6, 3]))),
    ("ctc_beam_search_decoder", lambda v1: _decoded_paths(v1, v1.nn.ctc_beam_search_decoder(
        v1.constant(LOGITS), [6, 4], beam_width=5, top_paths=2))),
    ("collapse_repeated", lambda v1: v1.nn.collapse_repeated(v1.constant([[1, 1, 2], [3, 3, 3]]), [3, 2])),
    ("ctc_unique_labels", lambda v1: v1.nn.ctc_unique_labels(v1.constant([[3, 4, 4, 3]]))),
    ("space_to_batch_block_size", lambda v1: v1.nn.space_to_batch(v1.reshape(v1.range(16.0), [1, 4, 4, 1]),
                                                                   [[0, 0], [0, 0]], block_size=2)),
    ("with_space_to_batch", lambda v1: v1.nn.with_space_to_batch(
        v1.constant(X2), [2, 2], "VALID", lambda x, n, p: v1.nn.conv2d(x, v1.constant(W2), [1, 1, 1, 1], p))),
    ("fractional_avg_pool_deterministic", lambda v1: v1.nn.fractional_avg_pool(
        v1.constant(XP[:, :4, :6]), [1.0, 2.0, 2.0, 1.0], deterministic=True, seed=1, seed2=2)),
]


@pytest.mark.parametrize("case", GRAPH_CASES, ids=[c[0] for c in GRAPH_CASES])
def test_graph_mode(oracle, case):
    def prog(v1):
        return _run(v1, case[1](v1))
    oracle.check_v1(prog, rtol=2e-5, atol=2e-5)


# ------------------------------------------------------------------------------------------------
# candidate samplers
# ------------------------------------------------------------------------------------------------
def test_all_candidate_sampler(oracle):
    def prog(tf):
        tc = tf.constant([[1, 2], [0, 3]], tf.int64)
        return (tf.nn.all_candidate_sampler(tc, 2, 4, True), tf.nn.all_candidate_sampler(tc, 2, 5, False),
                tf.nn.all_candidate_sampler(tf.constant([[4]], tf.int64), 1, 4, True))
    oracle.check(prog)


def test_learned_unigram_candidate_sampler_learns_between_calls(oracle):
    """Draws are random (compared by shape, dtype and range); the expected counts are deterministic: uniform on
    the first call, then weighted by 1 + the true classes seen (kept per argument set, as TF's kernel cache;
    known deviation nn-learned-unigram-counts)."""
    def prog(tf):
        tc = tf.constant([[1, 2], [0, 3]], tf.int64)
        results = []
        for _ in range(2):
            sampled, true_expected, sampled_expected = tf.nn.learned_unigram_candidate_sampler(
                tc, 2, 3, False, 6, seed=4321)
            results.append((sampled.shape.as_list(), sampled.dtype.name, bool(tf.reduce_all(sampled < 6)),
                            true_expected))
        bad = tf.nn.learned_unigram_candidate_sampler(tf.constant([[7]], tf.int64), 1, 2, False, 6, seed=99)
        return results, bad
    oracle.check(prog)


# ------------------------------------------------------------------------------------------------
# sparse embedding lookups
# ------------------------------------------------------------------------------------------------
EMB = RS.randn(6, 3).astype(np.float32)


def _embedding_program(combiner, weighted, safe=False, default_id=None, max_norm=None):
    def prog(tf):
        params = tf.constant(EMB)
        ids = tf.SparseTensor([[0, 0], [0, 1], [2, 0], [2, 1], [2, 2]],
                              tf.constant([1, 3, 3, -1 if safe else 0, 5], tf.int64), [4, 3])
        weights = tf.SparseTensor(ids.indices, [2.0, 0.5, 1.0, 3.0, -1.0 if safe else 1.5],
                                  ids.dense_shape) if weighted else None
        with tf.GradientTape() as tape:
            tape.watch(params)
            if safe:
                out = tf.nn.safe_embedding_lookup_sparse(params, ids, weights, combiner=combiner,
                                                         default_id=default_id, max_norm=max_norm)
            else:
                out = tf.nn.embedding_lookup_sparse(params, ids, weights, combiner=combiner, max_norm=max_norm)
            loss = tf.reduce_sum(out * out)
        return out, tf.convert_to_tensor(tape.gradient(loss, params))
    return prog


EMBEDDING_CASES = [(c, w, s, d, m) for c in ("mean", "sqrtn", "sum") for w in (False, True)
                   for s, d in ((False, None), (True, None), (True, 2)) for m in (None, 1.0)]


@pytest.mark.parametrize("case", EMBEDDING_CASES, ids=["-".join(map(str, c)) for c in EMBEDDING_CASES])
def test_embedding_lookup_sparse(oracle, case):
    oracle.check(_embedding_program(*case), rtol=1e-5, atol=1e-6)


def test_embedding_lookup_sparse_graph_v1(oracle):
    def prog(v1):
        ids = v1.SparseTensor([[0, 0], [1, 0], [1, 1]], v1.constant([0, 2, 2], v1.int64), [3, 2])
        out = v1.nn.embedding_lookup_sparse(v1.constant(EMB), ids, None, combiner="sum")
        safe = v1.nn.safe_embedding_lookup_sparse([v1.constant(EMB)], ids, None, default_id=1)
        with v1.Session() as sess:
            return sess.run([out, safe])
    oracle.check_v1(prog, rtol=1e-5, atol=1e-6)


def test_embedding_lookup_max_norm(oracle):
    oracle.check(lambda tf: tf.nn.embedding_lookup(tf.constant(EMB), [[1, 2], [0, 0]], max_norm=0.5), atol=1e-6)


def test_ctc_merge_repeated_false_is_unimplemented():
    """Known deviation nn-ctc-merge-repeated: TF computes it, tfcompat raises UnimplementedError (checked alone)."""
    import tfcompat as tf
    with pytest.raises(tf.errors.UnimplementedError):
        tf.compat.v1.nn.ctc_loss(tf.SparseTensor([[0, 0]], [1], [2, 1]), tf.constant(LOGITS), [6, 6],
                                 ctc_merge_repeated=False)


def test_with_space_to_batch_unknown_sizes_in_convolution(oracle):
    """A dilated tf.nn.convolution inside a tf.function with unknown spatial sizes (direct dilated convolution,
    known deviation nn-with-space-to-batch-static: same values)."""
    def prog(tf):
        conv = tf.function(lambda x: tf.nn.convolution(x, tf.constant(W2), padding="SAME", dilations=2),
                           input_signature=[tf.TensorSpec([None, None, None, 3], tf.float32)])
        return conv(tf.constant(X2))
    oracle.check(prog, rtol=1e-5, atol=1e-5)
