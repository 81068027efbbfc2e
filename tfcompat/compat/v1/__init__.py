"""``tf.compat.v1``: the TF1 API surface. Re-exports only."""
from __future__ import annotations

from tfcompat import (
    AggregationMethod, DType, DeviceSpec, GradientTape, Graph, Operation, Tensor, TensorShape, TensorSpec,
    UnconnectedGradients, Variable, abs, acos, add, add_n, argmax, argmin, as_dtype, asin, atan, atan2,
    bfloat16, bool, broadcast_to, case, cast, ceil, complex64, complex128, concat, constant,
    control_dependencies, convert_to_tensor, cos, cosh, device, divide, double, equal, executing_eagerly, exp,
    expand_dims, fill, float16, float32, float64, floor, floordiv, function, gather, gather_nd, gradients, greater,
    greater_equal, group, half, hessians, identity, identity_n, init_scope, int8, int16, int32, int64, less,
    less_equal, linspace, log, logical_and, logical_not, logical_or, matmul, maximum, minimum, multiply,
    name_scope, negative, newaxis, no_op, not_equal, one_hot, ones, ones_like, pad, pow, range, rank, realdiv,
    reciprocal, reduce_all, reduce_any, reduce_logsumexp, reduce_max, reduce_mean, reduce_min, reduce_prod,
    reduce_sum, reshape, resource, reverse, round, rsqrt, saturate_cast, shape, shape_n, size, slice, split,
    sqrt, square, squared_difference, squeeze, stack, stop_gradient, string, subtract, tan, tanh, tile,
    transpose, truediv, truncatediv, tuple, uint8, uint16, uint32, uint64, unique, unstack, variant,
    zeros, zeros_like, sigmoid, sign, sin, sinh,
)
from tfcompat._src.ops.while_loop import while_loop  # TF1 signature (return_same_structure)
from tfcompat._src.ops.control_flow_ops import cond  # TF1 signature (strict=False, fn1/fn2)
from tfcompat import dtypes, errors, linalg
from tfcompat._src.framework.context import disable_eager_execution, enable_eager_execution
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.framework.tensor_shape import Dimension
from tfcompat._src.ops.array_ops import pack, placeholder, placeholder_with_default, unpack, where_v1 as where
from tfcompat._src.ops.math_ops import (
    div, floormod as mod, log1p, to_double, to_float, to_int32, to_int64, erf, expm1, is_finite, is_inf, is_nan,
    logical_xor, floormod, reciprocal as inv, scalar_mul,
)
from tfcompat._src.ops.nn_ops import in_top_k
from tfcompat._src.ops.random_ops import (
    multinomial, random_normal, random_shuffle, random_uniform, set_random_seed, truncated_normal,
)
from tfcompat._src.ops.reduction_ops import arg_max, arg_min, count_nonzero
from tfcompat._src.ops.state_ops import (
    ConfigProto, GPUOptions, RunMetadata, RunOptions, add_to_collection, add_to_collections, all_variables,
    assign, assign_add, assign_sub, disable_tensor_equality, disable_v2_behavior, enable_tensor_equality,
    enable_v2_behavior, get_collection, get_collection_ref,
    get_default_graph, global_variables, global_variables_initializer, initialize_all_variables,
    initialize_local_variables, is_variable_initialized, local_variables, local_variables_initializer,
    model_variables, reset_default_graph, trainable_variables, variables_initializer,
)
from tfcompat._src.runtime.session import InteractiveSession, Session, get_default_session
from tfcompat.compat.v1 import initializers, layers, losses, math, nn, random, train
from tfcompat import optimizers
from tfcompat.compat.v1 import keras  # tf.compat.v1.keras: its own module, as in TF
import tfcompat.compat as compat  # TF1's tf.compat.v1 has `compat` too (import tensorflow.compat.v1 as tf)

__all__ = [
    "AggregationMethod", "ConfigProto", "DType", "DeviceSpec", "Dimension", "GPUOptions", "GradientTape", "Graph",
    "GraphKeys", "InteractiveSession", "Operation", "RunMetadata", "RunOptions", "Session", "Tensor",
    "TensorShape", "TensorSpec", "UnconnectedGradients", "Variable", "abs", "acos", "add", "add_n",
    "add_to_collection", "add_to_collections", "all_variables", "arg_max", "arg_min", "argmax", "argmin",
    "as_dtype", "asin", "assign",
    "assign_add", "assign_sub", "atan", "atan2", "bfloat16", "bool", "broadcast_to", "case", "cast", "ceil",
    "clip_by_value", "complex128", "complex64", "concat", "cond", "constant", "control_dependencies",
    "convert_to_tensor", "cos", "cosh", "count_nonzero", "device", "disable_eager_execution",
    "disable_tensor_equality", "disable_v2_behavior", "div", "divide", "double", "dtypes", "enable_eager_execution",
    "enable_tensor_equality", "enable_v2_behavior",
    "equal", "erf", "errors", "executing_eagerly", "exp", "expand_dims", "expm1", "fill", "float16", "float32",
    "float64", "floor", "floordiv", "floormod", "function", "gather", "gather_nd", "get_collection",
    "get_collection_ref", "get_default_graph", "get_default_session", "global_variables",
    "global_variables_initializer", "gradients", "greater", "greater_equal", "group", "half", "hessians",
    "identity", "identity_n", "in_top_k", "init_scope", "initialize_all_variables", "initialize_local_variables",
    "int16", "int32", "int64", "int8", "inv", "is_finite", "is_inf", "is_nan", "is_variable_initialized", "less",
    "less_equal", "linalg", "linspace", "local_variables", "local_variables_initializer", "log", "log1p",
    "logical_and", "logical_not", "logical_or", "logical_xor", "math", "matmul", "maximum", "minimum", "mod",
    "model_variables", "multinomial", "multiply", "name_scope", "negative", "newaxis", "nn", "no_op",
    "not_equal", "one_hot", "ones", "ones_like", "pack", "pad", "placeholder", "placeholder_with_default", "pow",
    "random", "random_normal", "random_shuffle", "random_uniform", "range", "rank", "realdiv", "reciprocal",
    "reduce_all", "reduce_any", "reduce_logsumexp", "reduce_max", "reduce_mean", "reduce_min", "reduce_prod",
    "reduce_sum", "reset_default_graph", "reshape", "resource", "reverse", "round", "rsqrt", "saturate_cast",
    "scalar_mul", "set_random_seed", "shape", "shape_n", "sigmoid", "sign", "sin", "sinh", "size", "slice",
    "split", "sqrt", "square", "squared_difference", "squeeze", "stack", "stop_gradient", "string", "subtract",
    "tan", "tanh", "tile", "to_double", "to_float", "to_int32", "to_int64", "trainable_variables", "transpose",
    "truediv", "truncated_normal", "truncatediv", "tuple", "uint16", "uint32", "uint64", "uint8", "unique",
    "unpack", "unstack", "variables_initializer", "variant", "where", "while_loop", "zeros", "zeros_like",
]
__all__ += ["compat", "initializers", "keras", "layers", "losses", "optimizers", "train"]

# --- ops (issue 2): more TF1 top-level op re-exports go here ----------------------------------------------
from tfcompat._src.ops.array_ops import linspace as lin_space
from tfcompat._src.ops.functional_ops import map_fn
from tfcompat._src.ops.logging_ops import print_v2 as print  # noqa: A001
from tfcompat.compat.v1 import image  # noqa: E402
from tfcompat import bitwise, nest  # noqa: E402

__all__ += ["bitwise", "image", "lin_space", "map_fn", "nest", "print"]
from tfcompat._src.ops.functional_ops import foldl, foldr, scan  # noqa: E402
from tfcompat import switch_case  # noqa: E402

__all__ += ["foldl", "foldr", "scan", "switch_case"]
from tfcompat._src.ops.linalg_ops import (  # noqa: E402
    einsum, eye, matrix_diag, matrix_diag_part, norm, tensor_diag as diag, tensor_diag_part as diag_part, trace,
)
from tfcompat._src.ops.nn_extra_ops import depth_to_space_v1 as depth_to_space  # noqa: E402
from tfcompat._src.ops.nn_extra_ops import space_to_depth_v1 as space_to_depth  # noqa: E402
from tfcompat._src.ops.scatter_ops import (  # noqa: E402
    scatter_nd, segment_mean, segment_sum, sparse_to_dense, tensor_scatter_nd_add, tensor_scatter_nd_update,
    unsorted_segment_sum,
)
from tfcompat._src.ops.sort_ops import argsort, sort  # noqa: E402

__all__ += ["argsort", "depth_to_space", "diag", "diag_part", "einsum", "eye", "matrix_diag",
            "matrix_diag_part", "norm", "scatter_nd", "segment_mean", "segment_sum", "sort", "space_to_depth",
            "sparse_to_dense", "tensor_scatter_nd_add", "tensor_scatter_nd_update", "trace",
            "unsorted_segment_sum"]

# --- TF1 graph surface: variable_scope, get_variable, initializers, layers, losses, summary, ... -----------
from tfcompat._src.ops.init_ops import (
    constant_initializer, glorot_normal_initializer, glorot_uniform_initializer, ones_initializer,
    random_normal_initializer, random_uniform_initializer, truncated_normal_initializer,
    variance_scaling_initializer, zeros_initializer,
)
from tfcompat._src.ops.variable_scope import (
    AUTO_REUSE, VariableScope, get_local_variable, get_variable, get_variable_scope, variable_scope,
)

__all__ += [
    "AUTO_REUSE", "VariableScope", "constant_initializer", "get_local_variable", "get_variable",
    "get_variable_scope", "glorot_normal_initializer", "glorot_uniform_initializer", "ones_initializer",
    "random_normal_initializer", "random_uniform_initializer", "truncated_normal_initializer",
    "variable_scope", "variance_scaling_initializer", "zeros_initializer",
]

# --- gradients and tapes (issues 3, 4) --------------------------------------------------------------------
from tfcompat._src.autodiff.gradients import gradients, hessians  # noqa: E402  (TF1 signatures)
from tfcompat._src.runtime.module import Module  # noqa: E402

__all__ += ["Module"]
from tfcompat._src.ops.state_ops import GraphOptions, OptimizerOptions  # noqa: E402 - jit_compile (COMPILE)
__all__ += ["GraphOptions", "OptimizerOptions"]

# --- custom gradients (issue 5): custom_gradient, RegisterGradient, NotDifferentiable, ... -----------------
from tfcompat._src.autodiff.custom_gradient import custom_gradient
from tfcompat._src.autodiff.registry import NotDifferentiable, RegisterGradient, no_gradient
from tfcompat import raw_ops

__all__ += ["custom_gradient", "RegisterGradient", "NotDifferentiable", "no_gradient", "raw_ops"]

# --- optimizers and training utilities (issue 6): clip_by_global_norm, Saver helpers, ... ------------------
from tfcompat._src.ops.clip_ops import (clip_by_average_norm, clip_by_global_norm, clip_by_norm, clip_by_value,
                                         global_norm)

__all__ += ["clip_by_average_norm", "clip_by_global_norm", "clip_by_norm", "global_norm"]

# --- rnn: TensorArray, rnn cells, dynamic_rnn ------------------------------------------------------------
from tfcompat._src.ops.rnn import reverse_sequence  # noqa: E402

from tfcompat._src.ops.tensor_array import TensorArray  # noqa: E402

__all__ += ["TensorArray", "reverse_sequence"]

# --- layers, normalization, sampled losses, distributions, initializer classes ---------------------------
from tfcompat._src.ops.image_random import random_crop  # noqa: E402
from tfcompat.compat.v1 import distributions  # noqa: E402

__all__ += ["distributions", "random_crop"]

# --- summary, flags, config, gfile, tf.python aliases ----------------------------------------------------
from tfcompat._src.runtime.gfile import read_file, write_file
from tfcompat._src.runtime.summary.ops_v1 import (  # TF 0.x names, kept for old scripts
    histogram_summary, image_summary, merge_all_summaries, merge_summary, scalar_summary,
)
from tfcompat._src.protos.summary import (
    Event, HistogramProto, LogMessage, SessionLog, Summary, SummaryMetadata,
)
from tfcompat import config, io, python  # noqa: E402
from tfcompat.compat.v1 import app, flags, gfile, summary  # noqa: E402

__all__ += [
    "Event", "HistogramProto", "LogMessage", "SessionLog", "Summary", "SummaryMetadata", "app", "config", "flags",
    "gfile", "histogram_summary", "image_summary", "io", "merge_all_summaries", "merge_summary", "python",
    "read_file", "scalar_summary", "summary", "write_file",
]

# py_func, tf.Print, asserts, check_numerics, logging, tf.test, tf.debugging, tf.compat, variable enums
from tfcompat._src.ops.debugging_ops import (  # noqa: E402
    Assert, Print, assert_equal, assert_greater, assert_greater_equal, assert_less, assert_less_equal,
    assert_rank_v1 as assert_rank, check_numerics, verify_tensor_all_finite,
)
from tfcompat._src.ops.script_ops import numpy_function, py_func, py_function  # noqa: E402
from tfcompat._src.ops.variable_enums import VariableAggregation, VariableSynchronization  # noqa: E402
from tfcompat._src.runtime.tf_logging import get_logger  # noqa: E402
from tfcompat import compat  # noqa: E402
from tfcompat.compat.v1 import debugging, logging, test  # noqa: E402

__all__ += [
    "Assert", "Print", "VariableAggregation", "VariableSynchronization", "assert_equal", "assert_greater",
    "assert_greater_equal", "assert_less", "assert_less_equal", "assert_rank", "check_numerics", "compat",
    "debugging", "get_logger", "logging", "numpy_function", "py_func", "py_function", "test",
    "verify_tensor_all_finite",
]

# --- checkpoints, moving averages, metrics ---------------------------------------------------------------
from tfcompat._src.framework.graph_def import GraphDef, NodeDef  # noqa: E402
from tfcompat._src.runtime.graph_import import import_graph_def  # noqa: E402
from tfcompat._src.runtime.training.moving_averages import moving_average_variables  # noqa: E402
from tfcompat.compat.v1 import metrics  # noqa: E402
from tfcompat._src.framework.tensor_util import make_ndarray, make_tensor_proto  # noqa: E402
from tfcompat._src.protos.graph import AttrValue, NameAttrList  # noqa: E402
from tfcompat._src.protos.saved_model import MetaGraphDef  # noqa: E402
from tfcompat._src.protos.tensor import TensorProto  # noqa: E402
from tfcompat.compat.v1 import graph_util  # noqa: E402
from tfcompat.compat.v1 import saved_model  # noqa: E402

__all__ += ["GraphDef", "NodeDef", "import_graph_def", "metrics", "moving_average_variables"]
__all__ += ["AttrValue", "MetaGraphDef", "NameAttrList", "TensorProto", "graph_util", "make_ndarray",
            "make_tensor_proto", "saved_model"]

# --- TF1 input pipelines: queues, readers, Example parsing, decoding (INPUT) ---------------------------------
from tfcompat._src.framework.sparse_tensor import SparseTensor, SparseTensorValue  # noqa: E402
from tfcompat._src.ops.data_flow_ops import (  # noqa: E402
    FIFOQueue, PaddingFIFOQueue, PriorityQueue, QueueBase, RandomShuffleQueue, count_up_to,
)
from tfcompat._src.ops.decode_ops import (  # noqa: E402
    decode_base64, decode_compressed, decode_csv_v1 as decode_csv, decode_raw_v1 as decode_raw, encode_base64,
    parse_tensor, serialize_tensor,
)
from tfcompat._src.ops.io_ops import (  # noqa: E402
    FixedLengthRecordReader, IdentityReader, ReaderBase, TextLineReader, TFRecordReader, WholeFileReader,
)
from tfcompat._src.ops.parsing_ops import (  # noqa: E402
    FixedLenFeature, FixedLenSequenceFeature, SparseFeature, VarLenFeature, parse_example_v1 as parse_example,
    parse_single_example_v1 as parse_single_example, parse_single_sequence_example,
)
import tfcompat.compat.v1.io as io  # noqa: E402 - TF1's tf.compat.v1.io replaces TF2's tf.io imported above
from tfcompat.compat.v1 import python_io  # noqa: E402
from tfcompat import queue  # noqa: E402

__all__ += [
    "FIFOQueue", "FixedLenFeature", "FixedLenSequenceFeature", "FixedLengthRecordReader", "IdentityReader",
    "PaddingFIFOQueue", "PriorityQueue", "QueueBase", "RandomShuffleQueue", "ReaderBase", "SparseFeature",
    "SparseTensor", "SparseTensorValue", "TFRecordReader", "TextLineReader", "VarLenFeature", "WholeFileReader",
    "count_up_to", "decode_base64", "decode_compressed", "decode_csv", "decode_raw", "encode_base64",
    "parse_example", "parse_single_example", "parse_single_sequence_example", "parse_tensor", "python_io",
    "queue", "serialize_tensor",
]

# --- tf.compat.v1.data (DATA) ---------------------------------------------------------------------------------
from tfcompat.compat.v1 import data  # noqa: E402

__all__ += ["data"]

# --- tf.compat.v1.autograph (AUTOGRAPH) -----------------------------------------------------------------------
from tfcompat import autograph  # noqa: E402

__all__ += ["autograph"]

# --- scans and complex parts (FIDELITY) -------------------------------------------------------------------------
from tfcompat._src.ops.complex_ops import conj, imag, real  # noqa: E402
from tfcompat._src.ops.scan_ops import cumprod, cumsum  # noqa: E402

__all__ += ["conj", "cumprod", "cumsum", "imag", "real"]

# --- sequence_mask, where_v2, sign assertions (FIDELITY) --------------------------------------------------------
from tfcompat._src.ops.array_ops import where as where_v2  # noqa: E402
from tfcompat._src.ops.debugging_ops import (  # noqa: E402
    assert_negative, assert_non_negative, assert_non_positive, assert_positive,
)
from tfcompat._src.framework.tensor_shape import disable_v2_tensorshape, enable_v2_tensorshape  # noqa: E402
from tfcompat._src.ops.nn_ops import sequence_mask  # noqa: E402

__all__ += ["assert_negative", "assert_non_negative", "assert_non_positive", "assert_positive",
            "disable_v2_tensorshape", "enable_v2_tensorshape", "sequence_mask", "where_v2"]

# --- string tensors (STRINGS2) ---------------------------------------------------------------------------------
from tfcompat._src.ops.string_ops import (  # noqa: E402
    as_string, join as string_join, to_number_v1 as string_to_number,
)
from tfcompat.compat.v1 import strings  # noqa: E402

__all__ += ["as_string", "string_join", "string_to_number", "strings"]

# --- tf.contrib of TF 1.15: layers, rnn (CONTRIB) ------------------------------------------------------------
from tfcompat.compat.v1 import contrib  # noqa: E402

__all__ += ["contrib"]

# --- top-level array breadth (CORE, wave 3) ------------------------------------------------------------------
from tfcompat._src.ops.array_more_ops import (  # noqa: E402
    bitcast, boolean_mask_v1 as boolean_mask, broadcast_dynamic_shape, broadcast_static_shape, dynamic_partition,
    dynamic_stitch, ensure_shape, get_static_value, guarantee_const, histogram_fixed_width,
    histogram_fixed_width_bins, is_tensor, is_symbolic_tensor, meshgrid, parallel_stack, repeat, roll,
    searchsorted, strided_slice, timestamp, unique_with_counts, unravel_index, vectorized_map,
)
from tfcompat._src.ops.scatter_ops import (  # noqa: E402
    tensor_scatter_nd_add as tensor_scatter_add, tensor_scatter_nd_max, tensor_scatter_nd_min,
    tensor_scatter_nd_sub, tensor_scatter_nd_sub as tensor_scatter_sub,
    tensor_scatter_nd_update as tensor_scatter_update,
)
from tfcompat._src.ops.space_batch_ops import (  # noqa: E402
    batch_to_space_nd, batch_to_space_v1 as batch_to_space, extract_volume_patches,
    required_space_to_batch_paddings, space_to_batch_nd, space_to_batch_v1 as space_to_batch,
)
from tfcompat._src.autodiff.pass_through import grad_pass_through, recompute_grad  # noqa: E402
from tfcompat._src.ops.fingerprint_ops import fingerprint  # noqa: E402
from tfcompat._src.ops.edit_distance_ops import edit_distance  # noqa: E402

__all__ += ["batch_to_space", "batch_to_space_nd", "bitcast", "boolean_mask", "broadcast_dynamic_shape",
            "broadcast_static_shape", "dynamic_partition", "dynamic_stitch", "edit_distance", "ensure_shape", "extract_volume_patches",
            "fingerprint", "get_static_value", "grad_pass_through", "guarantee_const", "histogram_fixed_width",
            "histogram_fixed_width_bins", "is_symbolic_tensor", "is_tensor", "meshgrid", "parallel_stack",
            "recompute_grad", "repeat", "required_space_to_batch_paddings", "roll", "searchsorted",
            "space_to_batch", "space_to_batch_nd", "strided_slice", "tensor_scatter_add", "tensor_scatter_nd_max",
            "tensor_scatter_nd_min", "tensor_scatter_nd_sub", "tensor_scatter_sub", "tensor_scatter_update",
            "timestamp", "unique_with_counts", "unravel_index", "vectorized_map"]

# --- tf.compat.v1.sparse and the TF1 sparse_* functions (SPARSE) ----------------------------------------------
from tfcompat._src.framework.indexed_slices import IndexedSlices  # noqa: E402
from tfcompat._src.framework.sparse_tensor import convert_to_tensor_or_sparse_tensor  # noqa: E402
from tfcompat._src.ops.sparse_ops_api import (  # noqa: E402
    merge as sparse_merge,
    add_v1 as sparse_add, concat_v1 as sparse_concat, fill_empty_rows as sparse_fill_empty_rows,
    mask as sparse_mask, maximum as sparse_maximum, minimum as sparse_minimum, reduce_max_sparse as
    sparse_reduce_max_sparse, reduce_max_v1 as sparse_reduce_max, reduce_sum_sparse as sparse_reduce_sum_sparse,
    reduce_sum_v1 as sparse_reduce_sum, reorder as sparse_reorder, reset_shape as sparse_reset_shape,
    reshape as sparse_reshape, retain as sparse_retain, segment_mean_v1 as sparse_segment_mean,
    segment_sqrt_n_v1 as sparse_segment_sqrt_n, segment_sum_v1 as sparse_segment_sum, slice as sparse_slice,
    softmax as sparse_softmax, sparse_dense_matmul as sparse_tensor_dense_matmul, sparse_placeholder,
    to_dense as sparse_tensor_to_dense, split_v1 as sparse_split, to_indicator as sparse_to_indicator,
    transpose as sparse_transpose,
)
from tfcompat.compat.v1 import sparse  # noqa: E402
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor  # noqa: E402  (RAGGED)
from tfcompat.compat.v1 import ragged  # noqa: E402

__all__ += ["RaggedTensor", "ragged"]
from tfcompat._src.ops.string_hash_ops import (  # noqa: E402  (RAGGED: TF1 string aliases)
    to_hash_bucket_fast as string_to_hash_bucket_fast, to_hash_bucket_strong as string_to_hash_bucket_strong,
    to_hash_bucket_v1 as string_to_hash_bucket,
)
from tfcompat._src.ops.string_split_ops import string_split_v1 as string_split  # noqa: E402
from tfcompat._src.ops.string_transform_ops import (  # noqa: E402
    reduce_join_v1 as reduce_join, regex_replace, strip as string_strip, substr_v1 as substr,
)

__all__ += ["reduce_join", "regex_replace", "string_split", "string_strip", "string_to_hash_bucket",
            "string_to_hash_bucket_fast", "string_to_hash_bucket_strong", "substr"]

__all__ += ["IndexedSlices", "convert_to_tensor_or_sparse_tensor", "sparse", "sparse_add", "sparse_concat",
            "sparse_merge", "sparse_fill_empty_rows", "sparse_mask", "sparse_maximum", "sparse_minimum", "sparse_placeholder",
            "sparse_reduce_max", "sparse_reduce_max_sparse", "sparse_reduce_sum", "sparse_reduce_sum_sparse",
            "sparse_reorder", "sparse_reset_shape", "sparse_reshape", "sparse_retain", "sparse_segment_mean",
            "sparse_segment_sqrt_n", "sparse_segment_sum", "sparse_slice", "sparse_softmax", "sparse_split",
            "sparse_tensor_dense_matmul", "sparse_tensor_to_dense", "sparse_to_indicator", "sparse_transpose"]

# --- tf.compat.v1.signal, spectral (RANDSIG) ---------------------------------------------------------------------
from tfcompat import signal  # noqa: E402
from tfcompat import signal as spectral  # noqa: E402

from tfcompat._src.ops.random_ops import random_gamma, random_poisson  # noqa: E402
from tfcompat._src.ops.signal.fft_ops import (  # noqa: E402
    fft, fft2d, fft3d, fftnd, ifft, ifft2d, ifft3d, ifftnd, irfftnd, rfftnd,
)

__all__ += ["fft", "fft2d", "fft3d", "fftnd", "ifft", "ifft2d", "ifft3d", "ifftnd", "irfftnd", "random_gamma",
            "random_poisson", "rfftnd", "signal", "spectral"]

# --- tf.compat.v1.sets, lookup, tables_initializer (SETSLOOKUP) ------------------------------------------------
from tfcompat.compat.v1 import lookup, sets  # noqa: E402
from tfcompat._src.ops.lookup_ops import tables_initializer  # noqa: E402
from tfcompat._src.ops.lookup_ops import tables_initializer as initialize_all_tables  # noqa: E402

__all__ += ["initialize_all_tables", "lookup", "sets", "tables_initializer"]

# --- tf.compat.v1.estimator (ESTIMATOR) -------------------------------------------------------------------------
from tfcompat.compat.v1 import estimator  # noqa: E402

__all__ += ["estimator"]

# --- tf.compat.v1.feature_column (FEATCOL) ---------------------------------------------------------------------
from tfcompat.compat.v1 import feature_column  # noqa: E402

__all__ += ["feature_column"]

# --- tf.compat.v1.distribute (DISTRIBUTE) ------------------------------------------------------------------------
from tfcompat.compat.v1 import distribute  # noqa: E402

__all__ += ["distribute"]

# --- TF1 top-level aliases: in TF 2.21 each is the same function object as the TF2 name noted (V1NAMES) --------
from tfcompat._src.autodiff.registry import no_gradient as NoGradient  # noqa: E402,N812
from tfcompat._src.framework.errors import OpError  # noqa: E402
from tfcompat._src.framework.tensor_shape import dimension_value  # noqa: E402  (tf.compat.dimension_value)
from tfcompat._src.ops.array_manip_ops import reverse as reverse_v2  # noqa: E402  (tf.reverse)
from tfcompat._src.ops.array_ops import matrix_transpose  # noqa: E402
from tfcompat._src.ops.debugging_more_ops import (  # noqa: E402  (tf.compat.v1.debugging.*)
    assert_integer, assert_near, assert_none_equal, assert_proper_iterable, assert_rank_at_least, assert_rank_in,
    assert_same_float_dtype, assert_scalar, assert_type, is_numeric_tensor,
)
from tfcompat._src.ops.image_ops import extract_image_patches  # noqa: E402
from tfcompat._src.ops.linalg_decomp_ops import (  # noqa: E402  (tf.linalg.*)
    cholesky, det as matrix_determinant, eigh as self_adjoint_eig, eigvalsh as self_adjoint_eigvals,
    inv as matrix_inverse, lstsq as matrix_solve_ls, qr, solve as matrix_solve, sqrtm as matrix_square_root,
    triangular_solve as matrix_triangular_solve,
)
from tfcompat._src.ops.linalg_more_ops import (  # noqa: E402  (tf.linalg.*)
    band_part as matrix_band_part, cholesky_solve, cross, set_diag as matrix_set_diag, svd, tensordot,
)
from tfcompat._src.ops.math_more_ops import (  # noqa: E402  (tf.math.*)
    accumulate_n, angle, bincount_v1 as bincount, complex, invert_permutation, is_non_decreasing,  # noqa: A004
    is_strictly_increasing, truncatemod,
)
from tfcompat._src.ops.math_ops import (  # noqa: E402  (tf.math.*)
    digamma, divide_no_nan as div_no_nan, erfc, lgamma, log_sigmoid, rint,
)
from tfcompat._src.ops.random_ops import get_seed  # noqa: E402
from tfcompat._src.ops.segment_ops import (  # noqa: E402  (tf.math.*)
    segment_max, segment_min, segment_prod, unsorted_segment_max, unsorted_segment_mean, unsorted_segment_min,
    unsorted_segment_prod, unsorted_segment_sqrt_n,
)
from tfcompat._src.ops.special_math_ops import (  # noqa: E402  (tf.math.*)
    acosh, asinh, atanh, betainc, igamma, igammac, lbeta, polygamma, zeta,
)
from tfcompat._src.ops.confusion_matrix import confusion_matrix_v1 as confusion_matrix  # noqa: E402
from tfcompat._src.runtime.gfile import matching_files  # noqa: E402  (tf.io.matching_files)

__all__ += [
    "NoGradient", "OpError", "accumulate_n", "acosh", "angle", "asinh", "assert_integer", "assert_near",
    "assert_none_equal", "assert_proper_iterable", "assert_rank_at_least", "assert_rank_in",
    "assert_same_float_dtype", "assert_scalar", "assert_type", "atanh", "betainc", "bincount", "cholesky",
    "cholesky_solve", "complex", "confusion_matrix", "cross", "digamma", "dimension_value", "div_no_nan", "erfc",
    "extract_image_patches", "get_seed", "igamma", "igammac", "invert_permutation", "is_non_decreasing",
    "is_numeric_tensor", "is_strictly_increasing", "lbeta", "lgamma", "log_sigmoid", "matching_files",
    "matrix_band_part", "matrix_determinant", "matrix_inverse", "matrix_set_diag", "matrix_solve",
    "matrix_solve_ls", "matrix_square_root", "matrix_transpose", "matrix_triangular_solve", "polygamma", "qr",
    "reverse_v2", "rint", "segment_max", "segment_min", "segment_prod", "self_adjoint_eig", "self_adjoint_eigvals",
    "svd", "tensordot", "truncatemod", "unsorted_segment_max", "unsorted_segment_mean", "unsorted_segment_min",
    "unsorted_segment_prod", "unsorted_segment_sqrt_n", "zeta",
]

# --- TF1 top-level functions without a TF2 name (V1NAMES) -------------------------------------------------------
from tfcompat._src.ops.compat_v1_ops import (  # noqa: E402
    approx_top_k, batch_gather, colocate_with, container, control_flow_v2_enabled,
    convert_to_tensor_or_indexed_slices, dimension_at_index, disable_control_flow_v2, disable_resource_variables,
    enable_control_flow_v2, enable_resource_variables, executing_eagerly_outside_functions, floor_div,
    no_regularizer, op_scope, resource_variables_enabled, setdiff1d, sparse_matmul, to_bfloat16, to_complex128,
    to_complex64,
)

__all__ += [
    "approx_top_k", "batch_gather", "colocate_with", "container", "control_flow_v2_enabled",
    "convert_to_tensor_or_indexed_slices", "dimension_at_index", "disable_control_flow_v2",
    "disable_resource_variables", "enable_control_flow_v2", "enable_resource_variables",
    "executing_eagerly_outside_functions", "floor_div", "no_regularizer", "op_scope", "resource_variables_enabled",
    "setdiff1d", "sparse_matmul", "to_bfloat16", "to_complex128", "to_complex64",
]

from tfcompat._src.ops.compat_v1_variables import (  # noqa: E402
    assert_variables_initialized, batch_scatter_update, create_partitioned_variables, fixed_size_partitioner,
    initialize_variables, make_template, min_max_variable_partitioner, scatter_add, scatter_div, scatter_max,
    scatter_min, scatter_mul, scatter_nd_add, scatter_nd_sub, scatter_nd_update, scatter_sub, scatter_update,
    variable_axis_size_partitioner, variable_op_scope,
)

__all__ += [
    "assert_variables_initialized", "batch_scatter_update", "create_partitioned_variables", "fixed_size_partitioner",
    "initialize_variables", "make_template", "min_max_variable_partitioner", "scatter_add", "scatter_div",
    "scatter_max", "scatter_min", "scatter_mul", "scatter_nd_add", "scatter_nd_sub", "scatter_nd_update",
    "scatter_sub", "scatter_update", "variable_axis_size_partitioner", "variable_op_scope",
]

from tfcompat._src.data.optional_spec import OptionalSpec  # noqa: E402  (TypeSpecs: the same classes as tf.*)
from tfcompat._src.runtime.type_spec import (  # noqa: E402
    IndexedSlicesSpec, NoneTensorSpec, RaggedTensorSpec, SparseTensorSpec, TensorArraySpec, TypeSpec,
    type_spec_from_value,
)

__all__ += ["IndexedSlicesSpec", "NoneTensorSpec", "OptionalSpec", "RaggedTensorSpec", "SparseTensorSpec",
            "TensorArraySpec", "TypeSpec", "type_spec_from_value"]

from tfcompat._src.ops.toplevel_raw_ops import (  # noqa: E402  (the same functions as tf.*)
    conv, conv2d_backprop_filter_v2, conv2d_backprop_input_v2, ragged_fill_empty_rows, ragged_fill_empty_rows_grad,
)
from tfcompat._src.runtime.batch_function import nondifferentiable_batch_function  # noqa: E402

__all__ += ["conv", "conv2d_backprop_filter_v2", "conv2d_backprop_input_v2", "nondifferentiable_batch_function",
            "ragged_fill_empty_rows", "ragged_fill_empty_rows_grad"]

from tfcompat._src.ops.compat_v1_ops import CriticalSection, add_check_numerics_ops  # noqa: E402
from tfcompat._src.ops.compat_v1_variables import report_uninitialized_variables  # noqa: E402
from tfcompat._src.runtime.wrap_function import wrap_function  # noqa: E402

__all__ += ["CriticalSection", "add_check_numerics_ops", "report_uninitialized_variables", "wrap_function"]

from tfcompat._src.ops.init_ops_v1_more import (  # noqa: E402
    Orthogonal as orthogonal_initializer, UniformUnitScaling as uniform_unit_scaling_initializer,
)

__all__ += ["orthogonal_initializer", "uniform_unit_scaling_initializer"]

from tfcompat._src.ops.fake_quant_ops import (  # noqa: E402
    fake_quant_with_min_max_args, fake_quant_with_min_max_args_gradient, fake_quant_with_min_max_vars,
    fake_quant_with_min_max_vars_gradient, fake_quant_with_min_max_vars_per_channel,
    fake_quant_with_min_max_vars_per_channel_gradient,
)
from tfcompat import quantization  # noqa: E402  (the same module as tf.quantization in TF 2.21)

__all__ += ["fake_quant_with_min_max_args", "fake_quant_with_min_max_args_gradient", "fake_quant_with_min_max_vars",
            "fake_quant_with_min_max_vars_gradient", "fake_quant_with_min_max_vars_per_channel",
            "fake_quant_with_min_max_vars_per_channel_gradient", "quantization"]

# --- version constants, quantized dtypes, namespaces that are TF2's own (V1NAMES) --------------------------------
from tfcompat._src.framework.dtypes import QUANTIZED_DTYPES, qint8, qint16, qint32, quint8, quint16  # noqa: E402
from tfcompat._src.framework.versions import (  # noqa: E402
    COMPILER_VERSION, GIT_VERSION, GRAPH_DEF_VERSION, GRAPH_DEF_VERSION_MIN_CONSUMER, GRAPH_DEF_VERSION_MIN_PRODUCER,
    VERSION,
)
from tfcompat import sysconfig, types, version  # noqa: E402  (the same modules as TF2's in TF 2.21)

__version__ = VERSION  # TF 1.x notebooks print tf.__version__ (module attribute only, as TF's __all__ omits it)

__all__ += ["COMPILER_VERSION", "GIT_VERSION", "GRAPH_DEF_VERSION", "GRAPH_DEF_VERSION_MIN_CONSUMER",
            "GRAPH_DEF_VERSION_MIN_PRODUCER", "QUANTIZED_DTYPES", "VERSION", "qint16", "qint32", "qint8", "quint16",
            "quint8", "sysconfig", "types", "version"]

# --- variable creator scopes, user tensor conversions, SparseTensor serialization (B15 wave 6) ------------------
from tfcompat._src.framework.tensor_conversion_registry import register_tensor_conversion_function  # noqa: E402
from tfcompat._src.ops.variable_creator import variable_creator_scope_v1 as variable_creator_scope  # noqa: E402
from tfcompat._src.ops.sparse_serialize_ops import (  # noqa: E402
    deserialize_many_sparse, serialize_many_sparse_v1 as serialize_many_sparse, serialize_sparse_v1 as serialize_sparse,
)

__all__ += ["deserialize_many_sparse", "register_tensor_conversion_function", "serialize_many_sparse",
            "serialize_sparse", "variable_creator_scope"]

# --- tf.compat.v1.audio, ConditionalAccumulator (B15 wave 7) ------------------------------------------------------
from tfcompat import audio  # noqa: E402
from tfcompat._src.ops.conditional_accumulator import (  # noqa: E402
    ConditionalAccumulator, ConditionalAccumulatorBase,
)

__all__ += ["ConditionalAccumulator", "ConditionalAccumulatorBase", "audio"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1", __name__)
