"""Helpers shared by the Keras preprocessing layers (tf-keras 2.21 ``preprocessing_utils`` and
``layer_utils.validate_string_arg``): argument checks, tensor conversion, bucketizing and the categorical
encodings (one_hot / multi_hot / count / tf_idf) built on ``tf.math.bincount``."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_more_ops, array_ops, math_more_ops, math_ops, sparse_ops_api
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor

__all__ = ["INT", "ONE_HOT", "MULTI_HOT", "COUNT", "TF_IDF", "validate_string_arg", "ensure_tensor",
           "listify_tensors", "bucketize", "encode_categorical_inputs", "compute_shape_for_encode_categorical"]

INT, ONE_HOT, MULTI_HOT, COUNT, TF_IDF = "int", "one_hot", "multi_hot", "count", "tf_idf"


def validate_string_arg(input_data, allowable_strings, layer_name, arg_name, allow_none=False,
                        allow_callables=False) -> None:
    """Raises tf-keras's ValueError unless ``input_data`` is one of ``allowable_strings`` (or None/callable when
    allowed)."""
    if allow_none and input_data is None:
        return
    if allow_callables and callable(input_data):
        return
    if isinstance(input_data, str) and input_data in allowable_strings:
        return
    allowed = "`None`, " if allow_none else ""
    allowed += "a `Callable`, " if allow_callables else ""
    allowed += f"or one of the following values: {allowable_strings}"
    note = ""
    if allow_callables:
        note = (f"If restoring a model and `{arg_name}` is a custom callable, please ensure the callable is "
                "registered as a custom object. See https://www.tensorflow.org/guide/keras/save_and_serialize"
                "#registering_the_custom_object for details. ")
    # "Unkown" is tf-keras's spelling.
    raise ValueError(f"Unkown value for `{arg_name}` argument of layer {layer_name}. {note}Allowed values are: "
                     f"{allowed}. Received: {input_data}")


def ensure_tensor(inputs, dtype=None):
    """``inputs`` as a tensor (sparse tensors kept), cast to ``dtype`` when given."""
    if not isinstance(inputs, (Tensor, SparseTensor)):
        inputs = convert_to_tensor(inputs, dtype=dtype)
    if dtype is not None and inputs.dtype != dtypes.as_dtype(dtype):
        inputs = math_ops.cast(inputs, dtype)
    return inputs


def listify_tensors(x):
    """Tensors and arrays as nested Python lists (for configs)."""
    if isinstance(x, Tensor):
        x = x.numpy()
    if isinstance(x, np.ndarray):
        x = x.tolist()
    return x


def bucketize(inputs, boundaries):
    """``tf.raw_ops.Bucketize``: the index of the bucket ``[b[i-1], b[i])`` holding each value (int32)."""
    inputs = convert_to_tensor(inputs)
    flat = array_ops.reshape(inputs, [-1])
    edges = convert_to_tensor(np.asarray(list(boundaries), dtype=np.float32).reshape([-1]))
    indices = array_more_ops.searchsorted(edges, math_ops.cast(flat, dtypes.float32), side="right")
    return array_ops.reshape(indices, array_ops.shape(inputs))


def _expand(inputs, axis):
    if isinstance(inputs, SparseTensor):
        return sparse_ops_api.expand_dims(inputs, axis)
    return array_ops.expand_dims(inputs, axis)


def encode_categorical_inputs(inputs, output_mode, depth, dtype="float32", sparse=False, count_weights=None,
                              idf_weights=None):
    """tf-keras's ``encode_categorical_inputs``: integer indices to int / one_hot / multi_hot / count / tf_idf
    outputs of width ``depth`` (inputs of rank <= 2)."""
    if output_mode == INT:
        return array_ops.identity(math_ops.cast(inputs, dtype))
    original_shape = inputs.shape
    if inputs.shape.rank == 0:
        inputs = _expand(inputs, -1)
    if output_mode == ONE_HOT and inputs.shape[-1] != 1:
        inputs = _expand(inputs, -1)
    if inputs.shape.rank > 2:
        raise ValueError(f"When output_mode is not `'int'`, maximum supported output rank is 2. Received "
                         f"output_mode {output_mode} and input shape {original_shape}, which would result in output "
                         f"rank {inputs.shape.rank}.")
    binary = output_mode in (MULTI_HOT, ONE_HOT)
    if isinstance(inputs, RaggedTensor):
        # Rows padded with `depth`, which bincount's maxlength drops: per-row counts of the ragged values.
        inputs = inputs.to_tensor(default_value=math_ops.cast(depth, inputs.dtype))
    if sparse:
        counts = sparse_ops_api.bincount(inputs, weights=count_weights, minlength=depth, maxlength=depth, axis=-1,
                                         binary_output=binary)
        counts = SparseTensor(counts.indices, math_ops.cast(counts.values, dtype),
                              [depth] if inputs.shape.rank == 1 else array_ops.stack(
                                  [array_ops.shape(inputs, out_type=dtypes.int64)[0],
                                   math_ops.cast(depth, dtypes.int64)]))
    else:
        counts = math_more_ops.bincount(inputs, weights=count_weights, minlength=depth, maxlength=depth,
                                        dtype=dtype, axis=-1, binary_output=binary)
        counts.set_shape(TensorShape((depth,)) if inputs.shape.rank == 1
                         else TensorShape((inputs.shape.as_list()[0], depth)))
    if output_mode != TF_IDF:
        return counts
    if idf_weights is None:
        raise ValueError(f"When output mode is `'tf_idf'`, idf_weights must be provided. Received: "
                         f"output_mode={output_mode} and idf_weights={idf_weights}")
    if sparse:
        weights = array_ops.gather(idf_weights, counts.indices[:, -1])
        return SparseTensor(counts.indices, weights * counts.values, counts.dense_shape)
    return math_ops.multiply(counts, idf_weights)


def compute_shape_for_encode_categorical(shape, output_mode, depth):
    """The output shape of :func:`encode_categorical_inputs` for an input shape (a list)."""
    if output_mode == INT:
        return TensorShape(shape)
    if not shape:
        return TensorShape([depth])
    if output_mode == ONE_HOT and shape[-1] != 1:
        return TensorShape(shape + [depth])
    return TensorShape(shape[:-1] + [depth])
