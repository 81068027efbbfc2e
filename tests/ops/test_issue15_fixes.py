"""Issue 15 leftovers against TF 2.21 (expected values: TF's, through the oracle): static shapes TF's shape
functions know in graph mode (LogicalAnd/LogicalOr, MatrixBandPart with tensor bounds, Reshape with -1, Fill of a
partly known shape via ``tf.eye(batch_shape=<Tensor>)``, SparseFillEmptyRows), DepthwiseConv2dNative's unequal
strides, graph-only ``set_random_seed``, ``tf.gather`` with ``batch_dims`` (values, shapes, errors, gradient),
``tf.constant`` of uint64 values of 2**63 and above, and the eager kernel-error prefix."""
from __future__ import annotations

import io

import numpy as np
import pytest


def _graph(build):
    """A program building ``build(tf, v1)`` in a fresh graph and returning its static shape(s) as lists."""
    def prog(tf):
        with tf.Graph().as_default():
            out = build(tf, tf.compat.v1)
            shapes = out if isinstance(out, (list, tuple)) else [out]
            return [None if s.rank is None else s.as_list() for s in (getattr(x, "shape", x) for x in shapes)]
    return prog


STATIC_SHAPES = {
    "logical_and_broadcast": lambda tf, v1: tf.logical_and(v1.placeholder(tf.bool, [None, 3]),
                                                           v1.placeholder(tf.bool, [2, None])),
    "logical_or_unknown_dim": lambda tf, v1: tf.math.logical_or(v1.placeholder(tf.bool, [None, 2]),
                                                                v1.placeholder(tf.bool, [None, 2])),
    "logical_xor": lambda tf, v1: tf.math.logical_xor(v1.placeholder(tf.bool, [None, 2]),
                                                      v1.placeholder(tf.bool, [3, 1])),
    "band_part_int64_tensor_bounds": lambda tf, v1: tf.linalg.band_part(
        v1.placeholder(tf.float32, [None, 3, 4]), v1.placeholder(tf.int64, []), v1.placeholder(tf.int64, [])),
    "band_part_int32_tensor_bounds": lambda tf, v1: tf.linalg.band_part(
        v1.placeholder(tf.float32, [2, 3, 4]), v1.placeholder(tf.int32, []), v1.placeholder(tf.int32, [])),
    "band_part_python_bounds": lambda tf, v1: tf.linalg.band_part(v1.placeholder(tf.float32, [None, None]), -1, 0),
    "reshape_flatten": lambda tf, v1: tf.reshape(v1.placeholder(tf.float32, [2, 3]), [-1]),
    "reshape_flatten_unknown": lambda tf, v1: tf.reshape(v1.placeholder(tf.float32, [None, 3]), [-1]),
    "reshape_known_then_minus_one": lambda tf, v1: tf.reshape(v1.placeholder(tf.float32, [None, 3]), [2, -1]),
    "reshape_minus_one_middle": lambda tf, v1: tf.reshape(v1.placeholder(tf.float32, [None, 4]), [2, -1, 2]),
    "reshape_unknown_rank_input": lambda tf, v1: tf.reshape(v1.placeholder(tf.float32, None), [2, -1]),
    "reshape_solved": lambda tf, v1: tf.reshape(v1.placeholder(tf.float32, [2, 3, 4]), [-1, 4]),
    "eye_constant_batch_shape": lambda tf, v1: tf.eye(2, batch_shape=tf.constant([3])),
    "eye_placeholder_batch_shape": lambda tf, v1: tf.eye(2, batch_shape=v1.placeholder(tf.int32, [2])),
    "fill_empty_rows_placeholders": lambda tf, v1: _fill_empty_rows(tf, tf.sparse.SparseTensor(
        v1.placeholder(tf.int64, [None, 2]), v1.placeholder(tf.float32, [None]), v1.placeholder(tf.int64, [2]))),
    "fill_empty_rows_constant_shape": lambda tf, v1: _fill_empty_rows(tf, tf.sparse.SparseTensor(
        [[0, 0], [2, 1]], [1.0, 2.0], [3, 2])),
    "separable_conv2d_unequal_strides_builds": lambda tf, v1: tf.nn.separable_conv2d(
        tf.ones([1, 5, 5, 2]), tf.ones([3, 3, 2, 1]), tf.ones([1, 1, 2, 4]), strides=[1, 2, 1, 1], padding="SAME"),
    "gather_batch_dims": lambda tf, v1: tf.gather(v1.placeholder(tf.float32, [2, None, 4]),
                                                  v1.placeholder(tf.int32, [None, 5]), axis=2, batch_dims=1),
    "gather_negative_batch_dims": lambda tf, v1: tf.gather(v1.placeholder(tf.float32, [2, 3, 4]),
                                                           v1.placeholder(tf.int32, [2, 5]), axis=-1, batch_dims=-1),
    "gather_unknown_rank": lambda tf, v1: tf.gather(v1.placeholder(tf.float32, None),
                                                    v1.placeholder(tf.int32, [2, 5]), axis=1, batch_dims=1),
}


def _fill_empty_rows(tf, sp):
    out, empty = tf.sparse.fill_empty_rows(sp, 0.0)
    return [out.indices, out.values, out.dense_shape, empty]


@pytest.mark.parametrize("name", sorted(STATIC_SHAPES))
def test_graph_static_shapes(oracle, name):
    oracle.check(_graph(STATIC_SHAPES[name]))


def _eye_batch(tf):
    return tf.eye(2, 3, batch_shape=tf.constant([2, 1]), dtype=tf.int32)


P = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]


def _p3(tf):
    return tf.reshape(tf.range(24.0), [2, 3, 4])


def _gather_gradient(tf):
    x = tf.Variable(_p3(tf))
    with tf.GradientTape() as tape:
        y = tf.gather(x, [[3, 0, 0], [1, 1, 2]], axis=2, batch_dims=1)
        loss = tf.reduce_sum(y * tf.reshape(tf.range(18.0), [2, 3, 3]))
    return tape.gradient(loss, x)


EAGER = {
    "eye_tensor_batch_shape": _eye_batch,
    "separable_conv2d_unequal_strides": lambda tf: tf.nn.separable_conv2d(
        tf.ones([1, 5, 5, 2]), tf.ones([3, 3, 2, 1]), tf.ones([1, 1, 2, 4]), strides=[1, 2, 1, 1], padding="SAME"),
    "depthwise_unequal_strides": lambda tf: tf.nn.depthwise_conv2d(
        tf.ones([1, 5, 5, 2]), tf.ones([3, 3, 2, 1]), strides=[1, 1, 2, 1], padding="VALID"),
    "gather_batch_dims_1": lambda tf: tf.gather(tf.constant(P), [[2, 0], [1, 1]], batch_dims=1),
    "gather_batch_dims_negative": lambda tf: tf.gather(tf.constant(P), [[2, 0], [1, 1]], batch_dims=-1),
    "gather_axis_after_batch_dims": lambda tf: tf.gather(_p3(tf), [[3, 0], [1, 1]], axis=2, batch_dims=1),
    "gather_negative_axis_and_batch_dims": lambda tf: tf.gather(_p3(tf), [[3, 0], [1, 1]], axis=-1, batch_dims=-1),
    "gather_batch_dims_2": lambda tf: tf.gather(_p3(tf), [[[1], [0], [3]], [[2], [2], [2]]], axis=2, batch_dims=2),
    "gather_middle_axis": lambda tf: tf.gather(tf.reshape(tf.range(24), [2, 3, 4]), [[1], [2]], axis=1,
                                               batch_dims=1),
    "gather_axis_0_drops_batch_dims": lambda tf: tf.gather(tf.constant(P), [[1, 0], [1, 1]], axis=0, batch_dims=1),
    "gather_batch_dims_1_vector_indices": lambda tf: tf.gather(tf.constant(P), [1, 0], batch_dims=1),
    "gather_batch_dims_gradient": _gather_gradient,
    "gather_batch_dims_too_large": lambda tf: tf.gather(tf.constant(P), [[1, 0], [1, 1]], batch_dims=2),
    "gather_batch_dims_above_axis": lambda tf: tf.gather(_p3(tf), [[[1]], [[2]]], axis=1, batch_dims=2),
    "gather_batch_dims_mismatch": lambda tf: tf.gather(tf.constant(P), [[1, 0], [1, 1], [0, 0]], batch_dims=1),
    "gather_out_of_range_2d_index": lambda tf: tf.gather(tf.constant(P), [[1, 0], [1, 5]]),
    "gather_out_of_range_batch_dims": lambda tf: tf.gather(tf.constant(P), [[2, 0], [1, 1]], axis=0,
                                                           batch_dims=1),
    "constant_uint64_2_63": lambda tf: tf.constant(2 ** 63, tf.uint64),
    "constant_uint64_max_list": lambda tf: tf.constant([2 ** 64 - 1, 3], tf.uint64),
}


@pytest.mark.parametrize("name", sorted(EAGER))
def test_eager(oracle, name):
    oracle.check(EAGER[name])


def test_set_random_seed_in_graph_keeps_eager_seed(oracle):
    def prog(tf):
        tf.random.set_seed(5)
        a = tf.random.uniform([2])
        tf.random.set_seed(5)
        with tf.Graph().as_default() as g:
            tf.compat.v1.set_random_seed(7)
            graph_seed = g.seed
        b = tf.random.uniform([2])
        return a, b, graph_seed
    oracle.check(prog)


def _png(pixels, mode):
    from PIL import Image
    buf = io.BytesIO()
    Image.fromarray(pixels, mode).save(buf, format="PNG")
    return buf.getvalue()


PNG = {
    "rgb_to_gray": (lambda: _png(np.arange(18, dtype=np.uint8).reshape(2, 3, 3) * 10, "RGB"), 1),
    "rgba_to_gray": (lambda: _png(np.arange(24, dtype=np.uint8).reshape(2, 3, 4) * 10, "RGBA"), 1),
    "gray_to_rgb": (lambda: _png(np.arange(6, dtype=np.uint8).reshape(2, 3) * 40, "L"), 3),
    "rgba_to_rgb": (lambda: _png(np.arange(24, dtype=np.uint8).reshape(2, 3, 4) * 10, "RGBA"), 3),
}


@pytest.mark.parametrize("name", sorted(PNG))
def test_decode_png_channels(oracle, name):
    pytest.importorskip("PIL")
    data, channels = PNG[name]
    contents = data()
    oracle.check(lambda tf: tf.io.decode_png(contents, channels=channels))


ERROR_TEXT = {
    "reshape": lambda tf: tf.reshape(tf.range(6), [4]),
    "gather": lambda tf: tf.gather([1, 2], [5]),
    "concat": lambda tf: tf.concat([tf.ones([2]), tf.ones([2, 2])], 0),
    "add_n": lambda tf: tf.add_n([tf.ones([2]), tf.ones([3])]),
    "split": lambda tf: tf.split(tf.ones([5]), 2),
    "slice": lambda tf: tf.slice(tf.ones([3]), [2], [3]),
    "tile": lambda tf: tf.tile(tf.ones([2, 3]), [1]),
}


@pytest.mark.parametrize("name", sorted(ERROR_TEXT))
def test_eager_kernel_error_prefix(oracle, name):
    """TF 2.21's eager kernel errors start with the wrapping function's node (op name, list-size attributes and
    device) and end with ``[Op:Type]``; both are in ``str(e)`` and ``e.message``."""
    want = oracle.tf_result(ERROR_TEXT[name])
    got = oracle.tfc_result(ERROR_TEXT[name])
    assert got.type == want.type
    prefix = want.message.split("}} ")[0] + "}} "
    assert prefix.startswith("{{function_node __wrapped__") and got.message.startswith(prefix), (got, want)
    op_suffix = want.message[want.message.index(" [Op:"):].split(" name:")[0]
    assert op_suffix in got.message, (got, want)
