"""``tf.compat.v1.nn`` (TF1 signatures: ``dropout(x, keep_prob)``, labels stop-gradient in softmax xent)."""
from tfcompat._src.ops.math_ops import sigmoid, tanh
from tfcompat._src.ops.nn_ops import (
    avg_pool, bias_add, compute_average_loss, conv2d, dropout, elu, embedding_lookup, in_top_k, l2_loss, leaky_relu, log_softmax,
    max_pool, moments, relu, relu6, selu, sigmoid_cross_entropy_with_logits, softmax,
    softmax_cross_entropy_with_logits, softmax_cross_entropy_with_logits_v2, softplus, softsign,
    sparse_softmax_cross_entropy_with_logits, swish, xw_plus_b,
)
from tfcompat._src.ops.compat_v1_ops import (  # TF1 signature: targets= is an alias of labels
    weighted_cross_entropy_with_logits_v1 as weighted_cross_entropy_with_logits,
)

__all__ = [
    "avg_pool", "bias_add", "compute_average_loss", "conv2d", "dropout", "elu", "embedding_lookup", "in_top_k", "l2_loss", "leaky_relu",
    "log_softmax", "max_pool", "moments", "relu", "relu6", "selu", "sigmoid", "sigmoid_cross_entropy_with_logits",
    "softmax", "softmax_cross_entropy_with_logits", "softmax_cross_entropy_with_logits_v2", "softplus",
    "softsign", "sparse_softmax_cross_entropy_with_logits", "swish", "tanh", "weighted_cross_entropy_with_logits",
    "xw_plus_b",
]

# rnn: legacy cells and dynamic_rnn
from tfcompat._src.ops.rnn import (  # noqa: E402
    bidirectional_dynamic_rnn, dynamic_rnn, raw_rnn, static_bidirectional_rnn, static_rnn,
)
from tfcompat.compat.v1 import rnn_cell  # noqa: E402

__all__ += ["bidirectional_dynamic_rnn", "dynamic_rnn", "raw_rnn", "rnn_cell", "static_bidirectional_rnn",
            "static_rnn"]

# layers, normalization, sampled losses
from tfcompat._src.ops.candidate_sampling import (  # noqa: E402
    compute_accidental_hits, fixed_unigram_candidate_sampler, log_uniform_candidate_sampler, nce_loss,
    sampled_softmax_loss, uniform_candidate_sampler,
)
from tfcompat._src.ops.loss_scaling import scale_regularization_loss  # noqa: E402
from tfcompat._src.ops.normalization import batch_normalization, fused_batch_norm  # noqa: E402

__all__ += ["batch_normalization", "compute_accidental_hits", "fixed_unigram_candidate_sampler",
            "fused_batch_norm", "log_uniform_candidate_sampler", "nce_loss", "sampled_softmax_loss",
            "scale_regularization_loss", "uniform_candidate_sampler"]

# more ops: conv2d_transpose (TF1 signature), depth_to_space, space_to_depth, top_k, zero_fraction
from tfcompat._src.ops.nn_extra_ops import (  # noqa: E402
    conv2d_transpose, depth_to_space_v1 as depth_to_space, space_to_depth_v1 as space_to_depth, zero_fraction,
)
from tfcompat._src.ops.sort_ops import top_k  # noqa: E402

__all__ += ["conv2d_transpose", "depth_to_space", "space_to_depth", "top_k", "zero_fraction"]

# l2_normalize
from tfcompat._src.ops.nn_ops import l2_normalize  # noqa: E402

__all__ += ["l2_normalize"]

# 2-D pooling with TF2 names
from tfcompat._src.ops.nn_ops import avg_pool2d, max_pool2d  # noqa: E402

__all__ += ["avg_pool2d", "max_pool2d"]

# convolution and pooling breadth (TF1 spellings: value=/filter=/rate=/dilation_rate=, pool's padding order)
from tfcompat._src.ops.nn_conv_backprop_ops import (  # noqa: E402
    atrous_conv2d, atrous_conv2d_transpose, conv1d_transpose, conv1d_v1 as conv1d, conv2d_backprop_filter,
    conv2d_backprop_input, conv3d_backprop_filter, conv3d_transpose_v1 as conv3d_transpose, conv3d_v1 as conv3d,
    conv_transpose, convolution_v1 as convolution, depthwise_conv2d_backprop_filter, depthwise_conv2d_backprop_input,
    depthwise_conv2d_native, depthwise_conv2d_v1 as depthwise_conv2d, separable_conv2d_v1 as separable_conv2d,
)
from tfcompat._src.ops.nn_conv_backprop_ops import conv3d_backprop_filter as conv3d_backprop_filter_v2  # noqa: E402
from tfcompat._src.ops.nn_conv_backprop_ops import (  # noqa: E402
    depthwise_conv2d_backprop_filter as depthwise_conv2d_native_backprop_filter,
    depthwise_conv2d_backprop_input as depthwise_conv2d_native_backprop_input,
)
from tfcompat._src.ops.nn_conv_ops import avg_pool1d, avg_pool3d, max_pool1d, max_pool3d  # noqa: E402
from tfcompat._src.ops.nn_pool_ops import (  # noqa: E402
    avg_pool_v2, dilation2d_v1 as dilation2d, erosion2d_v1 as erosion2d, fractional_avg_pool_v1 as fractional_avg_pool,
    fractional_max_pool_v1 as fractional_max_pool, max_pool_v2, max_pool_with_argmax_v1 as max_pool_with_argmax,
    pool_v1 as pool,
)

__all__ += ["atrous_conv2d", "atrous_conv2d_transpose", "avg_pool1d", "avg_pool3d", "avg_pool_v2", "conv1d",
            "conv1d_transpose", "conv2d_backprop_filter", "conv2d_backprop_input", "conv3d",
            "conv3d_backprop_filter", "conv3d_backprop_filter_v2", "conv3d_transpose", "conv_transpose",
            "convolution", "depthwise_conv2d", "depthwise_conv2d_backprop_filter", "depthwise_conv2d_backprop_input",
            "depthwise_conv2d_native", "depthwise_conv2d_native_backprop_filter",
            "depthwise_conv2d_native_backprop_input", "dilation2d", "erosion2d", "fractional_avg_pool",
            "fractional_max_pool", "max_pool1d", "max_pool3d", "max_pool_v2", "max_pool_with_argmax", "pool",
            "separable_conv2d"]

# moments, normalisation, losses, CTC and the rest
from tfcompat._src.ops.math_more_ops import approx_max_k, approx_min_k  # noqa: E402
from tfcompat._src.ops.nn_ctc_ops import (  # noqa: E402
    ctc_beam_search_decoder as ctc_beam_search_decoder_v2, ctc_beam_search_decoder_v1 as ctc_beam_search_decoder,
    ctc_greedy_decoder, ctc_loss, ctc_loss_v2,
)
from tfcompat._src.ops.nn_misc_ops import (  # noqa: E402
    collapse_repeated, crelu_v1 as crelu, ctc_unique_labels, log_poisson_loss, relu_layer, with_space_to_batch,
)
from tfcompat._src.ops.space_batch_ops import space_to_batch_v1 as space_to_batch  # noqa: E402
from tfcompat._src.ops.nn_moments_ops import (  # noqa: E402
    batch_norm_with_global_normalization_v1 as batch_norm_with_global_normalization, local_response_normalization,
    normalize_moments, sufficient_statistics_v1 as sufficient_statistics, weighted_moments_v1 as weighted_moments,
)
from tfcompat._src.ops.nn_moments_ops import local_response_normalization as lrn  # noqa: E402
from tfcompat._src.ops.nn_ops import silu  # noqa: E402
from tfcompat.nn import experimental  # noqa: E402

__all__ += ["approx_max_k", "approx_min_k", "batch_norm_with_global_normalization", "collapse_repeated", "crelu",
            "ctc_beam_search_decoder", "ctc_beam_search_decoder_v2", "ctc_greedy_decoder", "ctc_loss", "ctc_loss_v2",
            "ctc_unique_labels", "experimental", "local_response_normalization", "log_poisson_loss", "lrn",
            "normalize_moments", "relu_layer", "silu", "space_to_batch", "sufficient_statistics", "weighted_moments",
            "with_space_to_batch"]

# candidate samplers
from tfcompat._src.ops.candidate_sampling import (  # noqa: E402
    all_candidate_sampler, learned_unigram_candidate_sampler,
)

__all__ += ["all_candidate_sampler", "learned_unigram_candidate_sampler"]

# sparse embedding lookups
from tfcompat._src.ops.nn_embedding_ops import (  # noqa: E402
    embedding_lookup_sparse_v1 as embedding_lookup_sparse,
    safe_embedding_lookup_sparse_v1 as safe_embedding_lookup_sparse,
)

__all__ += ["embedding_lookup_sparse", "safe_embedding_lookup_sparse"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402  CONTRIB: tf.nn.seq2seq/rnn

__getattr__ = _module_getattr("tf.compat.v1.nn", __name__)
