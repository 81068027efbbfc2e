"""``tf.keras.layers.HashedCrossing`` (tf-keras 2.21): the hashed feature cross of two or more scalar
categorical features (TF's ``SparseCross`` hashing: FingerprintCat64 chained from the default hash key)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.ops import array_ops, sparse_ops_api
from tfcompat._src.feature_column.sparse_cross import sparse_cross_hashed
from tfcompat._src.keras import backend
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.layers.preprocessing import preprocessing_utils as utils
from tfcompat._src.keras.layers.preprocessing.preprocessing_utils import INT, ONE_HOT

__all__ = ["HashedCrossing"]


class HashedCrossing(Layer):
    """Mirrors ``tf.keras.layers.HashedCrossing``: inputs of shape ``[]``, ``[batch]`` or ``[batch, 1]``
    (integers or strings, equal shapes) crossed into ``num_bins`` bins; ``output_mode`` ``"int"`` (int64) or
    ``"one_hot"`` (floatx, optionally ``sparse``).

    Raises:
      ValueError: a non-integer dtype with ``output_mode="int"``, a bad ``output_mode``, fewer than two inputs,
        or inputs of other shapes/dtypes or sparse/ragged."""

    def __init__(self, num_bins, output_mode="int", sparse=False, **kwargs):
        if kwargs.get("dtype") is None:
            kwargs["dtype"] = dtypes.int64 if output_mode == INT else backend.floatx()
        super().__init__(**kwargs)
        if output_mode == INT and not self._compute_dtype_object.is_integer:
            raise ValueError(f"When `output_mode='int'`, `dtype` should be an integer type. Received: "
                             f"dtype={kwargs['dtype']}")
        utils.validate_string_arg(output_mode, allowable_strings=(INT, ONE_HOT), layer_name=type(self).__name__,
                                  arg_name="output_mode")
        self.num_bins = num_bins
        self.output_mode = output_mode
        self.sparse = sparse

    def call(self, inputs):
        self._check_at_least_two_inputs(inputs)
        inputs = [utils.ensure_tensor(x) for x in inputs]
        self._check_input_shape_and_type(inputs)
        rank = inputs[0].shape.rank
        if rank < 2:
            inputs = [array_ops.expand_dims(x, -1) for x in inputs]
        if rank < 1:
            inputs = [array_ops.expand_dims(x, -1) for x in inputs]
        outputs = sparse_ops_api.to_dense(sparse_cross_hashed(inputs, self.num_bins))
        outputs = array_ops.reshape(outputs, {2: [-1, 1], 1: [-1], 0: []}[rank])
        return utils.encode_categorical_inputs(outputs, output_mode=self.output_mode, depth=self.num_bins,
                                               sparse=self.sparse, dtype=self.compute_dtype)

    def compute_output_shape(self, input_shapes):
        self._check_at_least_two_inputs(input_shapes)
        return utils.compute_shape_for_encode_categorical(list(input_shapes[0]), self.output_mode, self.num_bins)

    def get_config(self):
        config = super().get_config()
        config.update({"num_bins": self.num_bins, "output_mode": self.output_mode, "sparse": self.sparse})
        return config

    @staticmethod
    def _check_at_least_two_inputs(inputs):
        if not isinstance(inputs, (list, tuple)):
            raise ValueError(f"`HashedCrossing` should be called on a list or tuple of inputs. Received: "
                             f"inputs={inputs}")
        if len(inputs) < 2:
            raise ValueError(f"`HashedCrossing` should be called on at least two inputs. Received: inputs={inputs}")

    @staticmethod
    def _check_input_shape_and_type(inputs):
        first_shape = inputs[0].shape.as_list()
        rank = len(first_shape)
        if rank > 2 or (rank == 2 and first_shape[-1] != 1):
            raise ValueError(f"All `HashedCrossing` inputs should have shape `[]`, `[batch_size]` or "
                             f"`[batch_size, 1]`. Received: inputs={inputs}")
        if not all(x.shape.as_list() == first_shape for x in inputs[1:]):
            raise ValueError(f"All `HashedCrossing` inputs should have equal shape. Received: inputs={inputs}")
        if any(isinstance(x, (RaggedTensor, SparseTensor)) for x in inputs):
            raise ValueError(f"All `HashedCrossing` inputs should be dense tensors. Received: inputs={inputs}")
        if not all(x.dtype.is_integer or x.dtype == dtypes.string for x in inputs):
            raise ValueError(f"All `HashedCrossing` inputs should have an integer or string dtype. Received: "
                             f"inputs={inputs}")
