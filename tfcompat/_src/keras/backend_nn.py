"""``tf.keras.backend`` convolution, pooling, padding, resizing, normalization, CTC and random helpers (tf-keras
2.21 ``backend.py``). ``channels_first`` inputs are transposed to channels_last around the op, as tf-keras does on
a CPU (it has no NCHW kernels there); the numbers are the same."""
from __future__ import annotations

import sys
import warnings

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.ops import (
    array_manip_ops, array_ops, functional_ops, image_resize, init_ops, logging_ops, math_ops, nn_conv_backprop_ops,
    nn_conv_ops, nn_ctc_ops, nn_extra_ops, nn_ops, normalization, random_ops, sparse_ops_api,
)
from tfcompat._src.keras import backend, backend_math

__all__ = ["bias_add", "conv1d", "conv2d", "conv2d_transpose", "conv3d", "depthwise_conv2d", "separable_conv2d",
           "pool2d", "pool3d", "resize_images", "resize_volumes", "spatial_2d_padding", "spatial_3d_padding",
           "temporal_padding", "in_top_k", "foldl", "foldr", "shape", "print_tensor", "batch_normalization",
           "random_bernoulli", "random_binomial", "random_normal_variable", "random_uniform_variable", "to_dense",
           "ctc_label_dense_to_sparse", "ctc_batch_cost", "ctc_decode"]

_TO_LAST = {3: (0, 2, 1), 4: (0, 2, 3, 1), 5: (0, 2, 3, 4, 1)}
_TO_FIRST = {3: (0, 2, 1), 4: (0, 3, 1, 2), 5: (0, 4, 1, 2, 3)}


def _data_format(data_format):
    data_format = data_format or backend.image_data_format()
    if data_format not in {"channels_first", "channels_last"}:
        raise ValueError("Unknown data_format: " + str(data_format))
    return data_format


def _padding(padding):
    if padding == "same":
        return "SAME"
    if padding == "valid":
        return "VALID"
    raise ValueError("Invalid padding: " + str(padding))


def _channels_last(x, data_format, rank):
    return array_ops.transpose(x, _TO_LAST[rank]) if data_format == "channels_first" else x


def _restore(x, data_format, rank):
    return array_ops.transpose(x, _TO_FIRST[rank]) if data_format == "channels_first" else x


def _full(values):
    return (1,) + tuple(values) + (1,)


def bias_add(x, bias, data_format=None):
    """Mirrors ``tf.keras.backend.bias_add`` (1-D biases, or biases of rank ``ndim(x) - 1``)."""
    data_format = _data_format(data_format)
    bias_shape = backend_math.int_shape(bias)
    if len(bias_shape) != 1 and len(bias_shape) != backend_math.ndim(x) - 1:
        raise ValueError(f"Unexpected bias dimensions {len(bias_shape)}, expect to be 1 or "
                         f"{backend_math.ndim(x) - 1} dimensions")
    if len(bias_shape) == 1:
        return nn_ops.bias_add(x, bias, data_format="NCHW" if data_format == "channels_first" else "NHWC")
    if backend_math.ndim(x) in (3, 4, 5):
        if data_format == "channels_first":
            return x + backend_math.reshape(bias, (1, bias_shape[-1]) + tuple(bias_shape[:-1]))
        return x + backend_math.reshape(bias, (1,) + tuple(bias_shape))
    return nn_ops.bias_add(x, bias)


def _convolution(x, kernel, strides, padding, data_format, dilation_rate, rank):
    data_format = _data_format(data_format)
    x = _channels_last(x, data_format, rank)
    out = nn_conv_ops.convolution(x, kernel, strides=strides, padding=_padding(padding), dilations=dilation_rate)
    return _restore(out, data_format, rank)


def conv1d(x, kernel, strides=1, padding="valid", data_format=None, dilation_rate=1):
    """Mirrors ``tf.keras.backend.conv1d`` (``padding='causal'`` pads on the left)."""
    _data_format(data_format)
    kernel_shape = kernel.shape.as_list()
    if padding == "causal":
        x = temporal_padding(x, (dilation_rate * (kernel_shape[0] - 1), 0))
        padding = "valid"
    return _convolution(x, kernel, strides, padding, data_format, dilation_rate, 3)


def conv2d(x, kernel, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1)):
    """Mirrors ``tf.keras.backend.conv2d``."""
    return _convolution(x, kernel, strides, padding, data_format, dilation_rate, 4)


def conv3d(x, kernel, strides=(1, 1, 1), padding="valid", data_format=None, dilation_rate=(1, 1, 1)):
    """Mirrors ``tf.keras.backend.conv3d``."""
    return _convolution(x, kernel, strides, padding, data_format, dilation_rate, 5)


def conv2d_transpose(x, kernel, output_shape, strides=(1, 1), padding="valid", data_format=None,
                     dilation_rate=(1, 1)):
    """Mirrors ``tf.keras.backend.conv2d_transpose`` (``output_shape`` in ``data_format`` order; equal dilation
    rates use ``atrous_conv2d_transpose``)."""
    data_format = _data_format(data_format)
    x = _channels_last(x, data_format, 4)
    if data_format == "channels_first":
        output_shape = (output_shape[0], output_shape[2], output_shape[3], output_shape[1])
    if output_shape[0] is None:
        output_shape = (array_ops.shape(x)[0],) + tuple(output_shape[1:])
    if isinstance(output_shape, (tuple, list)):
        output_shape = array_ops.stack(list(output_shape))
    if tuple(dilation_rate) == (1, 1):
        out = nn_extra_ops.conv2d_transpose(x, kernel, output_shape, _full(strides), padding=_padding(padding))
    else:
        if dilation_rate[0] != dilation_rate[1]:
            raise ValueError(f"Expected the 2 dimensions of the `dilation_rate` argument to be equal to each other. "
                             f"Received: dilation_rate={dilation_rate}")
        out = nn_conv_backprop_ops.atrous_conv2d_transpose(x, kernel, output_shape, rate=dilation_rate[0],
                                                           padding=_padding(padding))
    return _restore(out, data_format, 4)


def depthwise_conv2d(x, depthwise_kernel, strides=(1, 1), padding="valid", data_format=None, dilation_rate=(1, 1)):
    """Mirrors ``tf.keras.backend.depthwise_conv2d``."""
    data_format = _data_format(data_format)
    x = _channels_last(x, data_format, 4)
    out = nn_conv_ops.depthwise_conv2d(x, depthwise_kernel, strides=_full(strides), padding=_padding(padding),
                                       dilations=dilation_rate, data_format="NHWC")
    return _restore(out, data_format, 4)


def separable_conv2d(x, depthwise_kernel, pointwise_kernel, strides=(1, 1), padding="valid", data_format=None,
                     dilation_rate=(1, 1)):
    """Mirrors ``tf.keras.backend.separable_conv2d``."""
    data_format = _data_format(data_format)
    if len(strides) != 2:
        raise ValueError("`strides` must be a tuple of 2 integers.")
    x = _channels_last(x, data_format, 4)
    out = nn_conv_ops.separable_conv2d(x, depthwise_kernel, pointwise_kernel, strides=_full(strides),
                                       padding=_padding(padding), dilations=dilation_rate, data_format="NHWC")
    return _restore(out, data_format, 4)


def _pool(x, pool_size, strides, padding, data_format, pool_mode, max_op, avg_op, ndim):
    """pool2d/pool3d's body: ``max_op`` or ``avg_op`` (by ``pool_mode``) on the channels-last ``x`` of rank
    ``ndim``, the result back in ``data_format``."""
    x = _channels_last(x, data_format, ndim)
    if pool_mode == "max":
        out = max_op(x, _full(pool_size), _full(strides), padding=_padding(padding))
    elif pool_mode == "avg":
        out = avg_op(x, _full(pool_size), _full(strides), padding=_padding(padding))
    else:
        raise ValueError("Invalid pooling mode: " + str(pool_mode))
    return _restore(out, data_format, ndim)


def pool2d(x, pool_size, strides=(1, 1), padding="valid", data_format=None, pool_mode="max"):
    """Mirrors ``tf.keras.backend.pool2d`` (``pool_mode`` 'max' or 'avg')."""
    data_format = _data_format(data_format)
    if len(pool_size) != 2:
        raise ValueError("`pool_size` must be a tuple of 2 integers.")
    if len(strides) != 2:
        raise ValueError("`strides` must be a tuple of 2 integers.")
    return _pool(x, pool_size, strides, padding, data_format, pool_mode, nn_ops.max_pool, nn_ops.avg_pool, 4)


def pool3d(x, pool_size, strides=(1, 1, 1), padding="valid", data_format=None, pool_mode="max"):
    """Mirrors ``tf.keras.backend.pool3d``."""
    data_format = _data_format(data_format)
    return _pool(x, pool_size, strides, padding, data_format, pool_mode, nn_conv_ops.max_pool3d,
                 nn_conv_ops.avg_pool3d, 5)


_RESIZE_METHODS = {"area": "area", "bicubic": "bicubic", "bilinear": "bilinear", "gaussian": "gaussian",
                   "lanczos3": "lanczos3", "lanczos5": "lanczos5", "mitchellcubic": "mitchellcubic",
                   "nearest": "nearest"}


def resize_images(x, height_factor, width_factor, data_format, interpolation="nearest"):
    """Mirrors ``tf.keras.backend.resize_images``: ``tf.image.resize`` to the size times the factors."""
    if data_format == "channels_first":
        rows, cols = 2, 3
    elif data_format == "channels_last":
        rows, cols = 1, 2
    else:
        raise ValueError(f"Invalid `data_format` argument: {data_format}")
    static = x.shape[rows:cols + 1]
    size = (convert_to_tensor(static.as_list(), dtypes.int32) if static.is_fully_defined()
            else array_ops.shape(x)[rows:cols + 1])
    size = size * convert_to_tensor(np.array([height_factor, width_factor], dtype="int32"))
    if interpolation not in _RESIZE_METHODS:
        names = '"' + '", "'.join(_RESIZE_METHODS) + '"'
        raise ValueError(f'`interpolation` argument should be one of: {names}. Received: "{interpolation}".')
    x = _channels_last(x, data_format, 4)
    x = image_resize.resize(x, size, method=_RESIZE_METHODS[interpolation])
    return _restore(x, data_format, 4)


def resize_volumes(x, depth_factor, height_factor, width_factor, data_format):
    """Mirrors ``tf.keras.backend.resize_volumes`` (repeats along the three spatial axes)."""
    if data_format == "channels_first":
        axes = (2, 3, 4)
    elif data_format == "channels_last":
        axes = (1, 2, 3)
    else:
        raise ValueError("Invalid data_format: " + str(data_format))
    for factor, axis in zip((depth_factor, height_factor, width_factor), axes):
        x = backend_math.repeat_elements(x, factor, axis=axis)
    return x


def temporal_padding(x, padding=(1, 1)):
    """Mirrors ``tf.keras.backend.temporal_padding`` (pads axis 1 of a 3-D tensor)."""
    assert len(padding) == 2
    return array_manip_ops.pad(x, [[0, 0], [padding[0], padding[1]], [0, 0]])


def spatial_2d_padding(x, padding=((1, 1), (1, 1)), data_format=None):
    """Mirrors ``tf.keras.backend.spatial_2d_padding``."""
    assert len(padding) == 2 and len(padding[0]) == 2 and len(padding[1]) == 2
    data_format = _data_format(data_format)
    spatial = [list(padding[0]), list(padding[1])]
    pattern = [[0, 0], [0, 0]] + spatial if data_format == "channels_first" else [[0, 0]] + spatial + [[0, 0]]
    return array_manip_ops.pad(x, pattern)


def spatial_3d_padding(x, padding=((1, 1), (1, 1), (1, 1)), data_format=None):
    """Mirrors ``tf.keras.backend.spatial_3d_padding``."""
    assert len(padding) == 3 and all(len(p) == 2 for p in padding)
    data_format = _data_format(data_format)
    spatial = [list(p) for p in padding]
    pattern = [[0, 0], [0, 0]] + spatial if data_format == "channels_first" else [[0, 0]] + spatial + [[0, 0]]
    return array_manip_ops.pad(x, pattern)


def in_top_k(predictions, targets, k):
    """Mirrors ``tf.keras.backend.in_top_k``."""
    return nn_ops.in_top_k(predictions, targets, k)


def foldl(fn, elems, initializer=None, name=None):
    """Mirrors ``tf.keras.backend.foldl``."""
    return functional_ops.foldl(fn, elems, initializer=initializer, name=name)


def foldr(fn, elems, initializer=None, name=None):
    """Mirrors ``tf.keras.backend.foldr``."""
    return functional_ops.foldr(fn, elems, initializer=initializer, name=name)


def shape(x):
    """Mirrors ``tf.keras.backend.shape``: ``tf.shape(x)``."""
    return array_ops.shape(x)


def print_tensor(x, message="", summarize=3):
    """Mirrors ``tf.keras.backend.print_tensor``: prints ``message`` and ``x`` to stdout and returns ``x``."""
    logging_ops.print_v2(message, x, output_stream=sys.stdout, summarize=summarize)
    return x


def batch_normalization(x, mean, var, beta, gamma, axis=-1, epsilon=1e-3):
    """Mirrors ``tf.keras.backend.batch_normalization``: ``(x - mean) / sqrt(var + epsilon) * gamma + beta``
    (the fused kernel for 4-D channels-last inputs, as tf-keras on a CPU)."""
    if backend_math.ndim(x) == 4 and axis in (3, -1):
        flat = [None if t is None else (array_ops.reshape(t, [-1]) if backend_math.ndim(t) > 1 else t)
                for t in (mean, var, beta, gamma)]
        mean, var, beta, gamma = flat
        beta = array_ops.zeros_like(mean) if beta is None else beta
        gamma = array_ops.ones_like(mean) if gamma is None else gamma
        y, _, _ = normalization.fused_batch_norm(x, gamma, beta, epsilon=epsilon, mean=mean, variance=var,
                                                 data_format="NHWC", is_training=False)
        return y
    return normalization.batch_normalization(x, mean, var, beta, gamma, epsilon)


def random_bernoulli(shape, p=0.0, dtype=None, seed=None):
    """Mirrors ``tf.keras.backend.random_bernoulli``: ones where ``uniform <= p``."""
    dtype = dtype or backend.floatx()
    if seed is None:
        seed = np.random.randint(10e6)
    return array_ops.where(random_ops.random_uniform(shape, dtype=dtype, seed=seed) <= p,
                           array_ops.ones(shape, dtype=dtype), array_ops.zeros(shape, dtype=dtype))


def random_binomial(shape, p=0.0, dtype=None, seed=None):
    """Mirrors the deprecated ``tf.keras.backend.random_binomial`` (= ``random_bernoulli``)."""
    warnings.warn("`tf.keras.backend.random_binomial` is deprecated, and will be removed in a future version."
                  "Please use `tf.keras.backend.random_bernoulli` instead.", stacklevel=2)
    return random_bernoulli(shape, p, dtype, seed)


def random_uniform_variable(shape, low, high, dtype=None, name=None, seed=None):
    """Mirrors ``tf.keras.backend.random_uniform_variable`` (a variable from the v1 uniform initializer)."""
    dtype = dtypes.as_dtype(dtype or backend.floatx())
    if seed is None:
        seed = np.random.randint(10e8)
    value = init_ops.random_uniform_initializer(low, high, dtype=dtype, seed=seed)(shape)
    return backend_math.variable(value, dtype=dtype, name=name)


def random_normal_variable(shape, mean, scale, dtype=None, name=None, seed=None):
    """Mirrors ``tf.keras.backend.random_normal_variable`` (a variable from the v1 normal initializer)."""
    dtype = dtypes.as_dtype(dtype or backend.floatx())
    if seed is None:
        seed = np.random.randint(10e8)
    value = init_ops.random_normal_initializer(mean, scale, dtype=dtype, seed=seed)(shape)
    return backend_math.variable(value, dtype=dtype, name=name)


def to_dense(tensor):
    """Mirrors ``tf.keras.backend.to_dense``: a SparseTensor densified, anything else unchanged."""
    if isinstance(tensor, SparseTensor):
        return sparse_ops_api.to_dense(tensor)
    return tensor


def ctc_label_dense_to_sparse(labels, label_lengths):
    """Mirrors ``tf.keras.backend.ctc_label_dense_to_sparse``: the first ``label_lengths[b]`` entries of each
    row of ``labels`` as a SparseTensor (int64 indices, dense shape = ``labels``' shape)."""
    labels = convert_to_tensor(labels)
    label_shape = array_ops.shape(labels)
    keep = nn_ops.sequence_mask(label_lengths, maxlen=label_shape[1])
    indices = array_ops.where(keep)
    values = array_ops.gather_nd(labels, indices)
    return SparseTensor(math_ops.cast(indices, dtypes.int64), values, math_ops.cast(label_shape, dtypes.int64))


def ctc_batch_cost(y_true, y_pred, input_length, label_length):
    """Mirrors ``tf.keras.backend.ctc_batch_cost``: per-sample CTC loss [batch, 1] of softmax outputs
    ``y_pred`` [batch, time, classes] (blank = last class)."""
    label_length = math_ops.cast(array_ops.squeeze(label_length, axis=[-1]), dtypes.int32)
    input_length = math_ops.cast(array_ops.squeeze(input_length, axis=[-1]), dtypes.int32)
    sparse = ctc_label_dense_to_sparse(y_true, label_length)
    sparse = SparseTensor(sparse.indices, math_ops.cast(sparse.values, dtypes.int32), sparse.dense_shape)
    logits = math_ops.log(array_ops.transpose(y_pred, perm=[1, 0, 2]) + backend.epsilon())
    return array_ops.expand_dims(nn_ctc_ops.ctc_loss(labels=sparse, inputs=logits, sequence_length=input_length),
                                 1)


def ctc_decode(y_pred, input_length, greedy=True, beam_width=100, top_paths=1):
    """Mirrors ``tf.keras.backend.ctc_decode``: ([dense decoded paths padded with -1], log probabilities)."""
    dims = array_ops.shape(y_pred)
    num_samples, num_steps = dims[0], dims[1]
    logits = math_ops.log(array_ops.transpose(y_pred, perm=[1, 0, 2]) + backend.epsilon())
    input_length = math_ops.cast(input_length, dtypes.int32)
    if greedy:
        decoded, log_prob = nn_ctc_ops.ctc_greedy_decoder(logits, input_length)
    else:
        decoded, log_prob = nn_ctc_ops.ctc_beam_search_decoder_v1(logits, input_length, beam_width=beam_width,
                                                                  top_paths=top_paths)
    dense = []
    for st in decoded:
        shape = math_ops.cast(array_ops.stack([num_samples, num_steps]), dtypes.int64)
        dense.append(sparse_ops_api.to_dense(SparseTensor(st.indices, st.values, shape), default_value=-1))
    return dense, log_prob
