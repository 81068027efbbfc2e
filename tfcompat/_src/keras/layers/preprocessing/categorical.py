"""Categorical preprocessing layers (tf-keras 2.21): CategoryEncoding (integer ids to one_hot / multi_hot /
count), Hashing (TF's farmhash / siphash buckets) and Discretization (bucketize by boundaries given or adapted
from quantile summaries)."""
from __future__ import annotations

import logging

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.ops import array_ops, debugging_ops, math_ops, reduction_ops, string_hash_ops, string_ops
from tfcompat._src.keras import backend
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.engine.base_preprocessing_layer import PreprocessingLayer
from tfcompat._src.keras.layers.preprocessing import preprocessing_utils as utils
from tfcompat._src.keras.layers.preprocessing.preprocessing_utils import COUNT, INT, MULTI_HOT, ONE_HOT

__all__ = ["CategoryEncoding", "Hashing", "Discretization"]

_log = logging.getLogger("tfcompat")


def _output_dtype_kwargs(kwargs, output_mode):
    """tf-keras's dtype rule for int-or-float output layers: int64 for ``output_mode='int'``, else floatx."""
    if kwargs.get("dtype") is None:
        kwargs["dtype"] = dtypes.int64 if output_mode == INT else backend.floatx()
    elif output_mode == "int" and not dtypes.as_dtype(kwargs["dtype"]).is_integer:
        kwargs["dtype"] = dtypes.int64
    return kwargs


def _check_output_mode(layer, output_mode, sparse, requested_dtype, quote) -> None:
    """The ``output_mode``/``sparse``/``dtype`` checks Hashing and Discretization share, after the layer's
    ``__init__``; ``quote`` is the quote mark each one's tf-keras messages put around the mode names."""
    q = quote
    if output_mode == INT and not layer._compute_dtype_object.is_integer:
        raise ValueError(f"When `output_mode={q}int{q}`, `dtype` should be an integer type. Received: "
                         f"dtype={requested_dtype}")
    utils.validate_string_arg(output_mode, allowable_strings=(INT, ONE_HOT, MULTI_HOT, COUNT),
                              layer_name=type(layer).__name__, arg_name="output_mode")
    if sparse and output_mode == INT:
        raise ValueError(f"`sparse` may only be true if `output_mode` is `{q}one_hot{q}`, `{q}multi_hot{q}`, or "
                         f"`{q}count{q}`. Received: sparse={sparse} and output_mode={output_mode}")


class CategoryEncoding(Layer):
    """Mirrors ``tf.keras.layers.CategoryEncoding``: ids in ``[0, num_tokens)`` to one_hot / multi_hot / count
    vectors (``count_weights`` for count); out-of-range ids raise InvalidArgumentError."""

    def __init__(self, num_tokens=None, output_mode="multi_hot", sparse=False, **kwargs):
        if "max_tokens" in kwargs:
            _log.warning("max_tokens is deprecated, please use num_tokens instead.")
            num_tokens = kwargs.pop("max_tokens")
        kwargs.setdefault("dtype", backend.floatx())
        super().__init__(**kwargs)
        if output_mode == "binary":
            output_mode = MULTI_HOT
        utils.validate_string_arg(output_mode, allowable_strings=(COUNT, ONE_HOT, MULTI_HOT),
                                  layer_name="CategoryEncoding", arg_name="output_mode")
        if num_tokens is None:
            raise ValueError("num_tokens must be set to use this layer. If the number of tokens is not known "
                             "beforehand, use the IntegerLookup layer instead.")
        if num_tokens < 1:
            raise ValueError(f"`num_tokens` must be >= 1. Received: num_tokens={num_tokens}.")
        self.num_tokens = num_tokens
        self.output_mode = output_mode
        self.sparse = sparse

    def compute_output_shape(self, input_shape):
        return utils.compute_shape_for_encode_categorical(list(input_shape), ONE_HOT if self.output_mode == ONE_HOT
                                                          else MULTI_HOT, self.num_tokens)

    def get_config(self):
        base = super().get_config()
        return dict(list(base.items()) + [("num_tokens", self.num_tokens), ("output_mode", self.output_mode),
                                          ("sparse", self.sparse)])

    def call(self, inputs, count_weights=None):
        inputs = utils.ensure_tensor(inputs)
        if count_weights is not None:
            if self.output_mode != COUNT:
                raise ValueError("`count_weights` is not used when `output_mode` is not `'count'`. Received "
                                 "`count_weights={count_weights}`.")
            count_weights = utils.ensure_tensor(count_weights, self._compute_dtype_object)
        values = inputs.values if isinstance(inputs, SparseTensor) else inputs
        max_value, min_value = reduction_ops.reduce_max(values), reduction_ops.reduce_min(values)
        condition = math_ops.logical_and(math_ops.greater(math_ops.cast(self.num_tokens, max_value.dtype), max_value),
                                         math_ops.greater_equal(min_value, math_ops.cast(0, min_value.dtype)))
        debugging_ops.Assert(condition, ["Input values must be in the range 0 <= values < num_tokens with "
                                         f"num_tokens={self.num_tokens}"])
        return utils.encode_categorical_inputs(inputs, output_mode=self.output_mode, depth=self.num_tokens,
                                               dtype=self._compute_dtype_object, sparse=self.sparse,
                                               count_weights=count_weights)


class Hashing(Layer):
    """Mirrors ``tf.keras.layers.Hashing``: ``to_hash_bucket_fast`` (or ``_strong`` with ``salt``) of the values
    (integers hashed as their decimal strings); ``mask_value`` goes to bin 0."""

    def __init__(self, num_bins, mask_value=None, salt=None, output_mode="int", sparse=False, **kwargs):
        if num_bins is None or num_bins <= 0:
            raise ValueError(f"The `num_bins` for `Hashing` cannot be `None` or non-positive values. Received: "
                             f"num_bins={num_bins}.")
        requested = kwargs.get("dtype")
        super().__init__(**_output_dtype_kwargs(kwargs, output_mode))
        _check_output_mode(self, output_mode, sparse, requested, quote='"')
        self.num_bins = num_bins
        self.mask_value = mask_value
        self.strong_hash = salt is not None
        self.output_mode = output_mode
        self.sparse = sparse
        self.salt = None
        if salt is not None:
            if isinstance(salt, (tuple, list)) and len(salt) == 2:
                self.salt = salt
            elif isinstance(salt, int):
                self.salt = [salt, salt]
            else:
                raise ValueError(f"The `salt` argument for `Hashing` can only be a tuple of size 2 integers, or a "
                                 f"single integer. Received: salt={salt}.")

    def call(self, inputs):
        inputs = utils.ensure_tensor(inputs)
        if isinstance(inputs, SparseTensor):
            indices = SparseTensor(inputs.indices, self._hash_values_to_bins(inputs.values), inputs.dense_shape)
        else:
            indices = self._hash_values_to_bins(inputs)
        return utils.encode_categorical_inputs(indices, output_mode=self.output_mode, depth=self.num_bins,
                                               sparse=self.sparse, dtype=self._compute_dtype_object)

    def _hash_values_to_bins(self, values):
        bins = self.num_bins
        mask = None
        if self.mask_value is not None and bins > 1:
            bins -= 1
            mask = math_ops.equal(values, self.mask_value)
        if values.dtype.is_integer:
            values = string_ops.as_string(values)
        if self.strong_hash:
            values = string_hash_ops.to_hash_bucket_strong(values, bins, name="hash", key=self.salt)
        else:
            values = string_hash_ops.to_hash_bucket_fast(values, bins, name="hash")
        if mask is not None:
            values = values + array_ops.ones_like(values)
            values = array_ops.where(mask, array_ops.zeros_like(values), values)
        return values

    def compute_output_shape(self, input_shape):
        return input_shape

    def get_config(self):
        config = super().get_config()
        config.update({"num_bins": self.num_bins, "salt": self.salt, "mask_value": self.mask_value,
                       "output_mode": self.output_mode, "sparse": self.sparse})
        return config


# -- Discretization's quantile summaries (tf-keras's summarize / compress / merge_summaries) ------------------
def _summarize(values, epsilon):
    values = np.sort(np.reshape(values, [-1]))
    increment = int(np.float32(values.size) / np.float32(1.0 / epsilon))
    step = max(increment, 1)
    boundaries = values[increment::step]
    return np.stack([boundaries, np.ones_like(boundaries) * np.float32(step)]).astype(np.float32)


def _compress(summary, epsilon):
    if summary.shape[1] * epsilon < 1:
        return summary
    percents = epsilon + np.arange(0.0, 1.0, epsilon)
    cum_weights = summary[1].cumsum()
    cum_weight_percents = cum_weights / cum_weights[-1]
    new_bins = np.interp(percents, cum_weight_percents, summary[0])
    cum_weights = np.interp(percents, cum_weight_percents, cum_weights)
    new_weights = cum_weights - np.concatenate((np.array([0]), cum_weights[:-1]))
    return np.stack((new_bins, new_weights)).astype(np.float32)


def _merge_summaries(prev, new, epsilon):
    merged = np.concatenate((prev, new), axis=1)
    merged = merged[:, np.argsort(merged[0], kind="stable")]
    return _compress(merged, epsilon)


class Discretization(PreprocessingLayer):
    """Mirrors ``tf.keras.layers.Discretization``: bucket ids (``Bucketize``) by ``bin_boundaries``, or by
    ``num_bins`` quantile boundaries from ``adapt``. Difference: the adapt summary is kept as a numpy array, not
    as a ``summary`` weight."""

    def __init__(self, bin_boundaries=None, num_bins=None, epsilon=0.01, output_mode="int", sparse=False,
                 **kwargs):
        if "bins" in kwargs:
            _log.warning("bins is deprecated, please use bin_boundaries or num_bins instead.")
            bins = kwargs.pop("bins")
            if isinstance(bins, int) and num_bins is None:
                num_bins = bins
            elif bin_boundaries is None:
                bin_boundaries = bins
        requested = kwargs.get("dtype")
        super().__init__(**_output_dtype_kwargs(kwargs, output_mode))
        _check_output_mode(self, output_mode, sparse, requested, quote="'")
        if num_bins is not None and num_bins < 0:
            raise ValueError(f"`num_bins` must be greater than or equal to 0. You passed `num_bins={num_bins}`")
        if num_bins is not None and bin_boundaries is not None:
            raise ValueError(f"Both `num_bins` and `bin_boundaries` should not be set. You passed "
                             f"`num_bins={num_bins}` and `bin_boundaries={bin_boundaries}`")
        bin_boundaries = utils.listify_tensors(bin_boundaries)
        self.input_bin_boundaries = bin_boundaries
        self.bin_boundaries = bin_boundaries if bin_boundaries is not None else []
        self.num_bins = num_bins
        self.epsilon = epsilon
        self.output_mode = output_mode
        self.sparse = sparse
        self._summary = np.zeros((2, 0), np.float32)

    def update_state(self, data):
        if self.input_bin_boundaries is not None:
            raise ValueError(f"Cannot adapt a Discretization layer that has been initialized with `bin_boundaries`, "
                             f"use `num_bins` instead. You passed `bin_boundaries={self.input_bin_boundaries}`.")
        if not self.built:
            raise RuntimeError("`build` must be called before `update_state`.")
        data = convert_to_tensor(data)
        values = np.asarray(math_ops.cast(data, dtypes.float32).numpy())
        self._summary = _merge_summaries(_summarize(values, self.epsilon), self._summary, self.epsilon)

    def finalize_state(self):
        if self.input_bin_boundaries is not None or not self.built:
            return
        self.bin_boundaries = _compress(self._summary, 1.0 / self.num_bins)[0, :-1].tolist()

    def reset_state(self):
        if self.input_bin_boundaries is not None or not self.built:
            return
        self._summary = np.zeros((2, 0), np.float32)

    def get_config(self):
        config = super().get_config()
        config.update({"bin_boundaries": self.input_bin_boundaries, "num_bins": self.num_bins,
                       "epsilon": self.epsilon, "output_mode": self.output_mode, "sparse": self.sparse})
        return config

    def compute_output_shape(self, input_shape):
        return input_shape

    def call(self, inputs):
        if isinstance(inputs, SparseTensor):
            indices = SparseTensor(array_ops.identity(inputs.indices),
                                   utils.bucketize(inputs.values, self.bin_boundaries),
                                   array_ops.identity(inputs.dense_shape))
        else:
            indices = utils.bucketize(inputs, self.bin_boundaries)
        return utils.encode_categorical_inputs(indices, output_mode=self.output_mode,
                                               depth=len(self.bin_boundaries) + 1, sparse=self.sparse,
                                               dtype=self._compute_dtype_object)
