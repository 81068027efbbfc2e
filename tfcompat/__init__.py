"""tfcompat: legacy TensorFlow gradient code on PyTorch. ``import tfcompat as tf`` gives the TF2 API."""
from __future__ import annotations

# Importing the op modules fills the op registry and attaches the Tensor operators.
from tfcompat._src.ops import operators as _operators  # noqa: F401
from tfcompat._src.autodiff import tape as _tape  # noqa: F401
# Process-wide settings (glibc malloc thresholds), applied once on import: see runtime/process_setup.py.
from tfcompat._src.runtime import process_setup as _process_setup  # noqa: F401

from tfcompat._src.framework.context import executing_eagerly, init_scope
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.dtypes import (
    DType, as_dtype, bfloat16, bool_ as bool, complex64, complex128, double, float16, float32, float64, half,
    int8, int16, int32, int64, resource, string, uint8, uint16, uint32, uint64, variant,
)
from tfcompat._src.framework.graph import Graph, Operation
from tfcompat._src.framework.name_scope import control_dependencies, device, name_scope
from tfcompat._src.framework.device import DeviceSpec
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops.array_ops import (
    broadcast_to, concat, constant, expand_dims, fill, gather, gather_nd, identity, identity_n, linspace,
    one_hot, ones, ones_like, pad, range, rank, reshape, reverse, shape, shape_n, size, slice, split, squeeze,
    stack, stop_gradient, tile, transpose, unique, unstack, where, zeros, zeros_like,
)
from tfcompat._src.ops.control_flow_ops import cond_for_tf_v2 as cond, group, no_op, tuple_ as tuple
from tfcompat._src.ops.control_flow_case import case_v2 as case, switch_case
from tfcompat._src.ops.while_loop import while_loop_v2 as while_loop
from tfcompat._src.ops.math_ops import (
    abs, acos, add, add_n, asin, atan, atan2, cast, ceil, cos, cosh, divide, equal, exp, floor,
    floordiv, greater, greater_equal, less, less_equal, log, logical_and, logical_not, logical_or, matmul,
    maximum, minimum, multiply, negative, not_equal, pow, realdiv, reciprocal, round, rsqrt, saturate_cast,
    sigmoid, sign, sin, sinh, sqrt, square, squared_difference, subtract, tan, tanh, truediv, truncatediv,
)
from tfcompat._src.ops.reduction_ops import (
    argmax, argmin, reduce_all, reduce_any, reduce_logsumexp, reduce_max, reduce_mean, reduce_min, reduce_prod,
    reduce_sum,
)
from tfcompat._src.ops.variables import Variable
from tfcompat._src.autodiff.gradients import gradients, hessians
from tfcompat._src.autodiff.unconnected import AggregationMethod, UnconnectedGradients
from tfcompat._src.autodiff.tape import GradientTape
from tfcompat._src.runtime.function import TensorSpec, function
from tfcompat._src.runtime.install import install

newaxis = None
__version__ = "2.21.0"
VERSION = __version__
GIT_VERSION = "tfcompat"

__all__ = [
    "AggregationMethod", "DType", "DeviceSpec", "GradientTape", "Graph", "Operation", "Tensor", "TensorShape",
    "TensorSpec", "UnconnectedGradients", "Variable", "abs", "acos", "add", "add_n", "argmax", "argmin", "as_dtype",
    "asin", "atan", "atan2", "autodiff", "bfloat16", "bool", "broadcast_to", "case", "cast", "ceil",
    "clip_by_value", "compat", "complex128", "complex64", "concat", "cond", "constant", "control_dependencies",
    "convert_to_tensor", "cos", "cosh", "device", "divide", "double", "dtypes", "equal", "errors",
    "executing_eagerly", "exp", "expand_dims", "fill", "float16", "float32", "float64", "floor", "floordiv",
    "function", "gather", "gather_nd", "gradients", "greater", "greater_equal", "group", "half", "hessians",
    "identity", "identity_n", "init_scope", "install", "int16", "int32", "int64", "int8", "less", "less_equal",
    "linalg", "linspace", "log", "logical_and", "logical_not", "logical_or", "math", "matmul", "maximum",
    "minimum", "multiply", "name_scope", "negative", "newaxis", "nn", "no_op", "not_equal", "one_hot", "ones",
    "ones_like", "pad", "pow", "random", "range", "rank", "realdiv", "reciprocal", "reduce_all", "reduce_any",
    "reduce_logsumexp", "reduce_max", "reduce_mean", "reduce_min", "reduce_prod", "reduce_sum", "reshape",
    "resource", "reverse", "round", "rsqrt", "saturate_cast", "shape", "shape_n", "sigmoid", "sign", "sin",
    "sinh", "size", "slice", "split", "sqrt", "square", "squared_difference", "squeeze", "stack",
    "stop_gradient", "string", "subtract", "tan", "tanh", "tile", "transpose", "truediv", "truncatediv",
    "tuple", "uint16", "uint32", "uint64", "uint8", "unique", "unstack", "variant", "where", "while_loop",
    "zeros", "zeros_like",
]

from tfcompat import autodiff, compat, dtypes, errors, keras, linalg, math, nn, optimizers, random, train  # noqa: E402

__all__ += ["keras", "optimizers", "train", "VERSION", "GIT_VERSION", "__version__"]

# --- ops (issue 2): more top-level op re-exports go here -------------------------------------------------
from tfcompat._src.ops.functional_ops import map_fn
from tfcompat._src.ops.logging_ops import print_v2 as print  # noqa: A001
from tfcompat import bitwise, image, nest  # noqa: E402

__all__ += ["bitwise", "image", "map_fn", "nest", "print"]
from tfcompat._src.ops.functional_ops import foldl, foldr, scan  # noqa: E402

__all__ += ["foldl", "foldr", "scan", "switch_case"]
from tfcompat._src.ops.linalg_ops import einsum, eye, norm_v2 as norm  # noqa: E402
from tfcompat._src.ops.scatter_ops import scatter_nd, tensor_scatter_nd_add, tensor_scatter_nd_update  # noqa: E402
from tfcompat._src.ops.sort_ops import argsort, sort  # noqa: E402

__all__ += ["argsort", "einsum", "eye", "norm", "scatter_nd", "sort", "tensor_scatter_nd_add",
            "tensor_scatter_nd_update"]

# --- gradients and tapes (issues 3, 4): ForwardAccumulator, Module, ... -----------------------------------
# TF2 signatures (no colocate_gradients_with_ops; hessians' name last), replacing the TF1 ones imported above.
from tfcompat._src.autodiff.gradients import gradients_v2 as gradients, hessians_v2 as hessians  # noqa: E402
from tfcompat._src.runtime.module import Module  # noqa: E402

__all__ += ["Module"]

# --- custom gradients (issue 5): custom_gradient, RegisterGradient, no_gradient, ... -----------------------
from tfcompat._src.autodiff.custom_gradient import custom_gradient
from tfcompat._src.autodiff.registry import RegisterGradient, no_gradient
from tfcompat import raw_ops  # noqa: E402

__all__ += ["custom_gradient", "RegisterGradient", "no_gradient", "raw_ops"]

# --- optimizers and training utilities (issue 6): clip_by_global_norm, clip_by_norm, global_norm, ... -------
from tfcompat._src.ops.clip_ops import clip_by_global_norm, clip_by_norm, clip_by_value

__all__ += ["clip_by_global_norm", "clip_by_norm"]

# --- rnn: TensorArray, rnn cells, dynamic_rnn ------------------------------------------------------------
from tfcompat._src.ops.rnn import reverse_sequence_v2 as reverse_sequence  # noqa: E402

from tfcompat._src.ops.tensor_array import TensorArray  # noqa: E402

__all__ += ["TensorArray", "reverse_sequence"]

# --- layers, normalization, sampled losses, distributions, initializer classes ---------------------------
from tfcompat._src.ops.init_ops_v2 import (  # noqa: E402
    ConstantV2 as constant_initializer, Ones as ones_initializer, RandomNormal as random_normal_initializer,
    RandomUniform as random_uniform_initializer, Zeros as zeros_initializer,
)
from tfcompat import initializers  # noqa: E402

__all__ += ["constant_initializer", "initializers", "ones_initializer", "random_normal_initializer",
            "random_uniform_initializer", "zeros_initializer"]

# --- summary, flags, config, gfile, tf.python aliases ----------------------------------------------------
from tfcompat import config, io, python, summary  # noqa: E402

__all__ += ["config", "io", "python", "summary"]

# py_function / numpy_function, get_logger, tf.debugging, tf.test, variable enums
from tfcompat._src.ops.debugging_ops import (  # noqa: E402
    Assert, assert_equal_v2 as assert_equal, assert_greater_v2 as assert_greater, assert_less_v2 as assert_less,
    assert_rank,
)
from tfcompat._src.ops.script_ops import numpy_function, py_function  # noqa: E402
from tfcompat._src.ops.variable_enums import (  # noqa: E402
    VariableAggregationV2 as VariableAggregation, VariableSynchronization,
)
from tfcompat._src.runtime.tf_logging import get_logger  # noqa: E402
from tfcompat import debugging, test  # noqa: E402

__all__ += ["Assert", "VariableAggregation", "VariableSynchronization", "assert_equal", "assert_greater",
            "assert_less", "assert_rank", "debugging", "get_logger", "numpy_function", "py_function", "test"]

# --- checkpoints, moving averages, metrics ---------------------------------------------------------------
from tfcompat._src.runtime.graph_import import import_graph_def  # noqa: E402
from tfcompat._src.framework.tensor_util import make_ndarray, make_tensor_proto  # noqa: E402
from tfcompat import graph_util  # noqa: E402

__all__ += ["graph_util", "import_graph_def", "make_ndarray", "make_tensor_proto"]
from tfcompat import losses, metrics  # noqa: E402  (TF 2.21: tf.keras.losses / tf.keras.metrics)

__all__ += ["losses", "metrics"]

# --- tf.queue, tf.SparseTensor (INPUT) -----------------------------------------------------------------------
from tfcompat._src.framework.sparse_tensor import SparseTensor  # noqa: E402
from tfcompat import queue  # noqa: E402

__all__ += ["SparseTensor", "queue"]

# --- tf.saved_model (FILES) ----------------------------------------------------------------------------------
from tfcompat import saved_model  # noqa: E402

__all__ += ["saved_model"]

# --- tf.data (DATA) -------------------------------------------------------------------------------------------
from tfcompat import data  # noqa: E402

__all__ += ["data"]

# --- tf.autograph (AUTOGRAPH) ---------------------------------------------------------------------------------
from tfcompat import autograph, types  # noqa: E402

__all__ += ["autograph", "types"]

# --- scans (FIDELITY) ---------------------------------------------------------------------------------------
from tfcompat._src.ops.scan_ops import cumsum  # noqa: E402

__all__ += ["cumsum"]

# --- sequence_mask (FIDELITY) -------------------------------------------------------------------------------
from tfcompat._src.ops.nn_ops import sequence_mask  # noqa: E402

__all__ += ["sequence_mask"]

# --- numeric namespaces (BREADTH-NUMERIC) ----------------------------------------------------------------------
from tfcompat._src.ops.math_more_ops import complex, truncatemod  # noqa: E402,A004
from tfcompat._src.ops.special_math_ops import acosh, asinh, atanh  # noqa: E402
from tfcompat._src.ops.math_ops import scalar_mul  # noqa: E402

from tfcompat._src.framework.dtypes import qint8, qint16, qint32, quint8, quint16  # noqa: E402
from tfcompat._src.ops.linalg_decomp_ops import eig, eigvals, sqrtm as matrix_square_root  # noqa: E402
from tfcompat._src.ops.linalg_more_ops import tensordot  # noqa: E402
from tfcompat import sysconfig, version  # noqa: E402

__all__ += ["eig", "eigvals", "matrix_square_root", "tensordot"]
__all__ += ["acosh", "asinh", "atanh", "complex", "qint16", "qint32", "qint8", "quint16", "quint8", "scalar_mul",
            "sysconfig", "truncatemod", "version"]

# --- string tensors (STRINGS2) ---------------------------------------------------------------------------------
from tfcompat._src.ops.string_ops import as_string  # noqa: E402
from tfcompat import strings  # noqa: E402

__all__ += ["as_string", "strings"]

# --- tf.RaggedTensor, tf.ragged (RAGGED) -------------------------------------------------------------------------
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor  # noqa: E402
from tfcompat import ragged  # noqa: E402

__all__ += ["RaggedTensor", "ragged"]

# --- tf.profiler (KGUIDE; no TF profiler behind it) -----------------------------------------------------------
from tfcompat import profiler  # noqa: E402

__all__ += ["profiler"]

# --- top-level array breadth (CORE, wave 3) ------------------------------------------------------------------
from tfcompat._src.ops.array_more_ops import (  # noqa: E402
    bitcast, boolean_mask, broadcast_dynamic_shape, broadcast_static_shape, dynamic_partition, dynamic_stitch,
    ensure_shape, get_static_value, guarantee_const, histogram_fixed_width, histogram_fixed_width_bins, is_tensor,
    is_symbolic_tensor, meshgrid, parallel_stack, repeat, roll, searchsorted, strided_slice, timestamp,
    unique_with_counts, unravel_index, vectorized_map,
)
from tfcompat._src.ops.scatter_ops import (  # noqa: E402
    tensor_scatter_nd_max, tensor_scatter_nd_min, tensor_scatter_nd_sub,
)
from tfcompat._src.ops.space_batch_ops import (  # noqa: E402
    batch_to_space, extract_volume_patches, required_space_to_batch_paddings, space_to_batch, space_to_batch_nd,
)
from tfcompat._src.autodiff.pass_through import grad_pass_through, recompute_grad  # noqa: E402
from tfcompat._src.ops.fingerprint_ops import fingerprint  # noqa: E402
from tfcompat._src.ops.edit_distance_ops import edit_distance  # noqa: E402
from tfcompat._src.framework.scope_queries import get_current_name_scope, inside_function  # noqa: E402

__all__ += ["batch_to_space", "bitcast", "boolean_mask", "broadcast_dynamic_shape", "broadcast_static_shape",
            "dynamic_partition", "dynamic_stitch", "edit_distance", "ensure_shape", "extract_volume_patches", "fingerprint",
            "get_current_name_scope", "get_static_value", "grad_pass_through", "guarantee_const",
            "histogram_fixed_width", "histogram_fixed_width_bins", "inside_function", "is_symbolic_tensor", "is_tensor", "meshgrid",
            "parallel_stack", "recompute_grad", "repeat", "required_space_to_batch_paddings", "roll",
            "searchsorted", "space_to_batch", "space_to_batch_nd", "strided_slice", "tensor_scatter_nd_max",
            "tensor_scatter_nd_min", "tensor_scatter_nd_sub", "timestamp", "unique_with_counts", "unravel_index",
            "vectorized_map"]

# --- tf.sparse, tf.IndexedSlices (SPARSE) ---------------------------------------------------------------------
from tfcompat._src.framework.indexed_slices import IndexedSlices  # noqa: E402
from tfcompat import sparse  # noqa: E402

__all__ += ["IndexedSlices", "sparse"]

# --- tf.signal, tf.fftnd … (RANDSIG) ----------------------------------------------------------------------------
from tfcompat import signal  # noqa: E402
from tfcompat._src.ops.signal.fft_ops import fftnd, ifftnd, irfftnd, rfftnd  # noqa: E402

__all__ += ["fftnd", "ifftnd", "irfftnd", "rfftnd", "signal"]

# --- tf.sets, tf.lookup (SETSLOOKUP) -------------------------------------------------------------------------
from tfcompat import lookup, sets  # noqa: E402

__all__ += ["lookup", "sets"]

# --- tf.estimator (ESTIMATOR) -----------------------------------------------------------------------------------
from tfcompat import estimator  # noqa: E402

__all__ += ["estimator"]

# --- tf.feature_column (FEATCOL) -------------------------------------------------------------------------------
from tfcompat import feature_column  # noqa: E402

__all__ += ["feature_column"]

# --- tf.distribute (DISTRIBUTE) -------------------------------------------------------------------------------
from tfcompat import distribute  # noqa: E402

__all__ += ["distribute"]

# --- top-level raw-op names and TypeSpecs (V1NAMES) ------------------------------------------------------------
from tfcompat._src.ops.compat_v1_ops import approx_top_k  # noqa: E402
from tfcompat._src.data.optional_spec import OptionalSpec  # noqa: E402
from tfcompat._src.runtime.type_spec import (  # noqa: E402
    IndexedSlicesSpec, NoneTensorSpec, RaggedTensorSpec, SparseTensorSpec, TensorArraySpec, TypeSpec,
    type_spec_from_value,
)

__all__ += ["IndexedSlicesSpec", "NoneTensorSpec", "OptionalSpec", "RaggedTensorSpec", "SparseTensorSpec",
            "TensorArraySpec", "TypeSpec", "approx_top_k", "type_spec_from_value"]
from tfcompat._src.ops.toplevel_raw_ops import (  # noqa: E402
    conv, conv2d_backprop_filter_v2, conv2d_backprop_input_v2, ragged_fill_empty_rows, ragged_fill_empty_rows_grad,
)
from tfcompat._src.runtime.batch_function import nondifferentiable_batch_function  # noqa: E402
from tfcompat._src.ops.compat_v1_ops import CriticalSection  # noqa: E402
from tfcompat import quantization  # noqa: E402

__all__ += ["CriticalSection", "quantization"]

__all__ += ["conv", "conv2d_backprop_filter_v2", "conv2d_backprop_input_v2", "nondifferentiable_batch_function",
            "ragged_fill_empty_rows", "ragged_fill_empty_rows_grad"]

# --- variable creator scopes, user tensor conversions (B15 wave 6) ---------------------------------------------
from tfcompat._src.framework.tensor_conversion_registry import register_tensor_conversion_function  # noqa: E402
from tfcompat._src.ops.variable_creator import variable_creator_scope  # noqa: E402

__all__ += ["register_tensor_conversion_function", "variable_creator_scope"]

# --- tf.experimental: TF NumPy, ExtensionType (TNP wave 6) ---------------------------------------------------
from tfcompat import experimental  # noqa: E402

__all__ += ["experimental"]

# --- tf.audio (B15 wave 7) ---------------------------------------------------------------------------------------
from tfcompat import audio  # noqa: E402

__all__ += ["audio"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf", __name__)
