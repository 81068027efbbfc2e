"""``tf.nn`` (TF2 signatures): re-exports only."""
from tfcompat._src.ops.math_ops import sigmoid, tanh
from tfcompat._src.ops.nn_ops import (
    avg_pool, bias_add, compute_average_loss, conv2d, dropout_v2 as dropout, elu,
    embedding_lookup_v2 as embedding_lookup, gelu, in_top_k_v2 as in_top_k, l2_loss, leaky_relu, log_softmax, max_pool, moments, relu, relu6, selu, sigmoid_cross_entropy_with_logits, silu, softmax,
    softmax_cross_entropy_with_logits_v2 as softmax_cross_entropy_with_logits, softplus, softsign,
    sparse_softmax_cross_entropy_with_logits, swish, weighted_cross_entropy_with_logits,
)

__all__ = [
    "avg_pool", "bias_add", "compute_average_loss", "conv2d", "dropout", "elu", "embedding_lookup", "gelu", "in_top_k", "l2_loss",
    "leaky_relu", "log_softmax", "max_pool", "moments", "relu", "relu6", "selu", "sigmoid",
    "sigmoid_cross_entropy_with_logits", "silu", "softmax", "softmax_cross_entropy_with_logits", "softplus",
    "softsign", "sparse_softmax_cross_entropy_with_logits", "swish", "tanh", "weighted_cross_entropy_with_logits",
]

# layers, normalization, sampled losses
from tfcompat._src.ops.candidate_sampling import (  # noqa: E402
    compute_accidental_hits, fixed_unigram_candidate_sampler, nce_loss_v2 as nce_loss,
    sampled_softmax_loss_v2 as sampled_softmax_loss,
)
from tfcompat._src.ops.loss_scaling import scale_regularization_loss  # noqa: E402
from tfcompat._src.ops.normalization import batch_normalization  # noqa: E402

__all__ += ["batch_normalization", "compute_accidental_hits", "fixed_unigram_candidate_sampler", "nce_loss",
            "sampled_softmax_loss", "scale_regularization_loss"]

# more ops: conv2d_transpose, depth_to_space, space_to_depth, top_k, zero_fraction
from tfcompat._src.ops.nn_extra_ops import (  # noqa: E402
    conv2d_transpose_v2 as conv2d_transpose, depth_to_space, space_to_depth, zero_fraction,
)
from tfcompat._src.ops.sort_ops import top_k  # noqa: E402

__all__ += ["conv2d_transpose", "depth_to_space", "space_to_depth", "top_k", "zero_fraction"]

# l2_normalize
from tfcompat._src.ops.nn_ops import l2_normalize  # noqa: E402

__all__ += ["l2_normalize"]

# 2-D pooling with TF2 names
from tfcompat._src.ops.nn_ops import avg_pool2d, max_pool2d  # noqa: E402

__all__ += ["avg_pool2d", "max_pool2d"]

# convolution and pooling breadth: 1-D/3-D, depthwise, separable, transposed, atrous, N-D dispatch
from tfcompat._src.ops.nn_conv_backprop_ops import (  # noqa: E402
    atrous_conv2d, atrous_conv2d_transpose, conv1d_transpose, conv3d_transpose, conv_transpose,
    depthwise_conv2d_backprop_filter, depthwise_conv2d_backprop_input,
)
from tfcompat._src.ops.nn_conv_ops import (  # noqa: E402
    avg_pool1d, avg_pool3d, conv1d, conv3d, convolution, depthwise_conv2d, max_pool1d, max_pool3d, pool,
    separable_conv2d,
)
from tfcompat._src.ops.nn_pool_ops import (  # noqa: E402
    dilation2d, erosion2d, fractional_avg_pool, fractional_max_pool, max_pool_with_argmax,
)

__all__ += ["atrous_conv2d", "atrous_conv2d_transpose", "avg_pool1d", "avg_pool3d", "conv1d", "conv1d_transpose",
            "conv3d", "conv3d_transpose", "conv_transpose", "convolution", "depthwise_conv2d",
            "depthwise_conv2d_backprop_filter", "depthwise_conv2d_backprop_input", "dilation2d", "erosion2d",
            "fractional_avg_pool", "fractional_max_pool", "max_pool1d", "max_pool3d", "max_pool_with_argmax", "pool",
            "separable_conv2d"]

# moments, normalisation, losses, CTC and the rest
from tfcompat._src.ops.nn_ctc_ops import (  # noqa: E402
    ctc_beam_search_decoder, ctc_greedy_decoder, ctc_loss_v3 as ctc_loss,
)
from tfcompat._src.ops.math_more_ops import approx_max_k, approx_min_k  # noqa: E402
from tfcompat._src.ops.nn_misc_ops import (  # noqa: E402
    collapse_repeated, crelu, ctc_unique_labels, isotonic_regression, log_poisson_loss, with_space_to_batch,
)
from tfcompat._src.ops.space_batch_ops import space_to_batch  # noqa: E402
from tfcompat._src.ops.nn_moments_ops import (  # noqa: E402
    batch_norm_with_global_normalization, local_response_normalization, normalize_moments, sufficient_statistics,
    weighted_moments,
)
from tfcompat._src.ops.nn_moments_ops import local_response_normalization as lrn  # noqa: E402
from tfcompat._src.ops.rnn_cells import (  # noqa: E402
    DeviceWrapper as RNNCellDeviceWrapper, DropoutWrapper as RNNCellDropoutWrapper,
    ResidualWrapper as RNNCellResidualWrapper,
)
from tfcompat.nn import experimental  # noqa: E402

__all__ += ["RNNCellDeviceWrapper", "RNNCellDropoutWrapper", "RNNCellResidualWrapper", "approx_max_k",
            "approx_min_k", "batch_norm_with_global_normalization", "collapse_repeated", "crelu",
            "ctc_beam_search_decoder", "ctc_greedy_decoder", "ctc_loss", "ctc_unique_labels", "experimental",
            "isotonic_regression", "local_response_normalization", "log_poisson_loss", "lrn", "normalize_moments",
            "space_to_batch", "sufficient_statistics", "weighted_moments", "with_space_to_batch"]

# candidate samplers
from tfcompat._src.ops.candidate_sampling import (  # noqa: E402
    all_candidate_sampler, learned_unigram_candidate_sampler,
)

__all__ += ["all_candidate_sampler", "learned_unigram_candidate_sampler"]

# sparse embedding lookups
from tfcompat._src.ops.nn_embedding_ops import embedding_lookup_sparse, safe_embedding_lookup_sparse  # noqa: E402

__all__ += ["embedding_lookup_sparse", "safe_embedding_lookup_sparse"]
from tfcompat._src.distribute.loss_scaling import compute_average_loss, scale_regularization_loss  # noqa: E402,F811

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402  CONTRIB: tf.nn.seq2seq/rnn

__getattr__ = _module_getattr("tf.nn", __name__)
