"""``tf.keras.backend`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.backend import (
    backend, batch_get_value, batch_set_value, clear_session, epsilon, floatx, get_graph, get_session, get_uid,
    get_value, image_data_format, is_keras_tensor, learning_phase, learning_phase_scope, name_scope, reset_uids,
    set_epsilon, set_floatx, set_image_data_format, set_learning_phase, set_session, set_value,
)
from tfcompat._src.keras.backend_math import (
    abs, all, any, arange, argmax, argmin, batch_dot, batch_flatten, binary_crossentropy, cast, cast_to_floatx,
    categorical_crossentropy, clip, concatenate, constant, cos, count_params, cumprod, cumsum, dot, dropout, dtype,
    elu, equal, eval, exp, expand_dims, eye, flatten, function, gather, gradients, greater, greater_equal,
    hard_sigmoid, identity, in_test_phase, in_train_phase, int_shape, is_sparse, is_tensor, l2_normalize, less,
    less_equal, log, logsumexp, map_fn, max, maximum, mean, min, minimum, moving_average_update, ndim, not_equal,
    one_hot, ones, ones_like, permute_dimensions, placeholder, pow, prod, random_normal, random_uniform, relu,
    repeat, repeat_elements, reshape, reverse, round, sigmoid, sign, sin, softmax, softplus, softsign,
    sparse_categorical_crossentropy, sqrt, square, squeeze, stack, std, stop_gradient, sum, switch, tanh, tile,
    transpose, truncated_normal, update, update_add, update_sub, var, variable, zeros, zeros_like,
)
from tfcompat._src.keras.backend_nn import (
    batch_normalization, bias_add, conv1d, conv2d, conv2d_transpose, conv3d, ctc_batch_cost, ctc_decode,
    ctc_label_dense_to_sparse, depthwise_conv2d, foldl, foldr, in_top_k, pool2d, pool3d, print_tensor,
    random_bernoulli, random_binomial, random_normal_variable, random_uniform_variable, resize_images,
    resize_volumes, separable_conv2d, shape, spatial_2d_padding, spatial_3d_padding, temporal_padding, to_dense,
)
from tfcompat._src.keras.layers.recurrent import rnn

__all__ = [
    "abs", "all", "any", "arange", "argmax", "argmin", "backend", "batch_dot", "batch_flatten", "batch_get_value",
    "batch_set_value", "binary_crossentropy", "cast", "cast_to_floatx", "categorical_crossentropy",
    "clear_session", "clip", "concatenate", "constant", "cos", "count_params", "cumprod", "cumsum", "dot",
    "dropout", "dtype", "elu", "epsilon", "equal", "eval", "exp", "expand_dims", "eye", "flatten", "floatx",
    "function", "gather", "get_graph", "get_session", "get_uid", "get_value", "gradients", "greater",
    "greater_equal", "hard_sigmoid", "identity", "image_data_format", "in_test_phase", "in_train_phase",
    "int_shape", "is_keras_tensor", "is_sparse", "is_tensor", "l2_normalize", "learning_phase",
    "learning_phase_scope", "less", "less_equal", "log", "logsumexp", "map_fn", "max", "maximum", "mean", "min",
    "minimum", "moving_average_update", "name_scope", "ndim", "not_equal", "one_hot", "ones", "ones_like",
    "permute_dimensions", "placeholder", "pow", "prod", "random_normal", "random_uniform", "relu", "repeat",
    "repeat_elements", "reset_uids", "reshape", "reverse", "round", "set_epsilon", "set_floatx",
    "set_image_data_format", "set_learning_phase", "set_session", "set_value", "sigmoid", "sign", "sin", "softmax",
    "softplus", "softsign", "sparse_categorical_crossentropy", "sqrt", "square", "squeeze", "stack", "std",
    "stop_gradient", "sum", "switch", "tanh", "tile", "transpose", "truncated_normal", "update", "update_add",
    "update_sub", "var", "variable", "zeros", "zeros_like",
    "batch_normalization", "bias_add", "conv1d", "conv2d", "conv2d_transpose", "conv3d", "ctc_batch_cost",
    "ctc_decode", "ctc_label_dense_to_sparse", "depthwise_conv2d", "foldl", "foldr", "in_top_k", "pool2d", "pool3d",
    "print_tensor", "random_bernoulli", "random_binomial", "random_normal_variable", "random_uniform_variable",
    "resize_images", "resize_volumes", "rnn", "separable_conv2d", "shape", "spatial_2d_padding",
    "spatial_3d_padding", "temporal_padding", "to_dense",
]

from tfcompat.keras.backend import experimental  # noqa: E402 - the subpackage, after the names it re-exports

__all__ += ["experimental"]
