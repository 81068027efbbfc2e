"""IndexLookup, StringLookup and IntegerLookup (tf-keras 2.21): vocabulary <-> index maps with mask and OOV
slots (``num_oov_indices > 1`` hashes OOV tokens as TF does), ``adapt`` (frequency order, ties by descending
token), ``invert``, and the int / one_hot / multi_hot / count / tf_idf outputs. The vocabulary lives in a
``tf.lookup.StaticHashTable``.

Differences: vocabulary files are not supported; TF-IDF weights are a constant tensor rather
than an ``idf_weights`` variable; adapt accumulates token counts in Python (eagerly), not in a MutableHashTable."""
from __future__ import annotations

import collections

import numpy as np

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, debugging_ops, lookup_ops, lookup_vocabulary, math_ops, reduction_ops
from tfcompat._src.ops.ragged import ragged_ops
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor
from tfcompat._src.keras import backend
from tfcompat._src.keras.engine.base_preprocessing_layer import PreprocessingLayer
from tfcompat._src.keras.layers.preprocessing import preprocessing_utils as utils
from tfcompat._src.keras.layers.preprocessing.preprocessing_utils import COUNT, INT, MULTI_HOT, ONE_HOT, TF_IDF

__all__ = ["IndexLookup", "StringLookup", "IntegerLookup"]


class IndexLookup(PreprocessingLayer):
    """Mirrors tf-keras's ``IndexLookup`` (the base of StringLookup and IntegerLookup)."""

    def __init__(self, max_tokens, num_oov_indices, mask_token, oov_token, vocabulary_dtype, vocabulary=None,
                 idf_weights=None, invert=False, output_mode="int", sparse=False, pad_to_max_tokens=False,
                 **kwargs):
        if max_tokens is not None and max_tokens <= 1:
            raise ValueError(f"If set, `max_tokens` must be greater than 1. Received: max_tokens={max_tokens}")
        if pad_to_max_tokens and max_tokens is None:
            raise ValueError(f"If pad_to_max_tokens is True, must set `max_tokens`. Received: max_tokens={max_tokens}")
        if num_oov_indices < 0:
            raise ValueError(f"`num_oov_indices` must be greater than or equal to 0. Received: "
                             f"num_oov_indices={num_oov_indices}")
        output_mode = {"binary": MULTI_HOT, "tf-idf": TF_IDF}.get(output_mode, output_mode)
        utils.validate_string_arg(output_mode, allowable_strings=(INT, ONE_HOT, MULTI_HOT, COUNT, TF_IDF),
                                  layer_name=type(self).__name__, arg_name="output_mode")
        if invert and output_mode != INT:
            raise ValueError(f"`output_mode` must be `'int'` when `invert` is true. Received: output_mode={output_mode}")
        if sparse and output_mode == INT:
            raise ValueError(f"`sparse` may only be true if `output_mode` is `'one_hot'`, `'multi_hot'`, `'count'` "
                             f"or `'tf_idf'`. Received: sparse={sparse} and output_mode={output_mode}")
        if idf_weights is not None and output_mode != TF_IDF:
            raise ValueError(f"`idf_weights` should only be set if `output_mode` is `'tf_idf'`. Received: "
                             f"idf_weights={idf_weights} and output_mode={output_mode}")
        self.invert = invert
        self.max_tokens = max_tokens
        self.num_oov_indices = num_oov_indices
        self.mask_token = mask_token
        self.oov_token = oov_token
        self.output_mode = output_mode
        self.sparse = sparse
        self.pad_to_max_tokens = pad_to_max_tokens
        self.vocabulary_dtype = vocabulary_dtype
        self._frozen_vocab_size = kwargs.pop("vocabulary_size", None)
        self.input_vocabulary = vocabulary
        self.input_idf_weights = idf_weights
        self._has_input_vocabulary = kwargs.pop("has_input_vocabulary", vocabulary is not None)
        kwargs.pop("has_static_table", None)
        if "dtype" not in kwargs:
            kwargs["dtype"] = dtypes.int64 if output_mode == INT else backend.floatx()
        super().__init__(**kwargs)
        if output_mode == INT and not self._compute_dtype_object.is_integer:
            raise ValueError(f"When `output_mode='int'`, `dtype` should be an integer type. Received: "
                             f"dtype={kwargs['dtype']}")
        vocab_dtype = dtypes.as_dtype(vocabulary_dtype)
        if invert:
            self._key_dtype = self._compute_dtype_object if output_mode == INT else dtypes.int64
            self._value_dtype = vocab_dtype
            mask_key, mask_value = 0, mask_token
            self._default_value = self.oov_token
        else:
            self._key_dtype = vocab_dtype
            self._value_dtype = self._compute_dtype_object if output_mode == INT else dtypes.int64
            mask_key = mask_token
            mask_value = 0 if output_mode == INT else self._value_dtype.max
            self._default_value = self._oov_start_index() if num_oov_indices == 1 else -1
        if mask_token is not None:
            self._mask_key = convert_to_tensor(mask_key, self._key_dtype)
            self._mask_value = convert_to_tensor(mask_value, self._value_dtype)
        self._tokens = self._as_vocab_array([])
        self.lookup_table = None
        self.idf_weights_const = None
        self._token_counts = collections.Counter()
        self._document_counts = collections.Counter()
        self._num_documents = 0
        if vocabulary is not None:
            self.set_vocabulary(vocabulary, idf_weights)

    # -- vocabulary ------------------------------------------------------------------------------------
    def _is_string(self):
        return dtypes.as_dtype(self.vocabulary_dtype) == dtypes.string

    def _as_vocab_array(self, values):
        if self._is_string():
            return np.array([v.decode("utf-8") if isinstance(v, bytes) else str(v) for v in values], dtype=object)
        return np.asarray(values, dtype=dtypes.as_dtype(self.vocabulary_dtype).as_numpy_dtype).reshape([-1])

    def _oov_start_index(self):
        return 1 if self.mask_token is not None and self.output_mode == INT else 0

    def _token_start_index(self):
        return self._oov_start_index() + self.num_oov_indices

    def vocabulary_size(self):
        """Mirrors ``vocabulary_size()``: the number of tokens including mask and OOV slots."""
        return len(self._tokens) + self._token_start_index()

    def get_vocabulary(self, include_special_tokens=True):
        """Mirrors ``get_vocabulary``: index order; OOV slots show ``oov_token``, index 0 the mask token."""
        vocab = ([self.oov_token] * self._token_start_index()) + list(self._tokens)
        if self.mask_token is not None and self.output_mode == INT:
            vocab[0] = self.mask_token
        if not include_special_tokens:
            vocab = vocab[self._token_start_index():]
        return vocab

    def set_vocabulary(self, vocabulary, idf_weights=None):
        """Mirrors ``set_vocabulary`` (lists, arrays or tensors; files are not supported)."""
        if self.output_mode == TF_IDF:
            if idf_weights is None:
                raise ValueError("`idf_weights` must be set if output_mode is TF_IDF")
        elif idf_weights is not None:
            raise ValueError(f"`idf_weights` should only be set if output_mode is `'tf_idf'`. Received: "
                             f"output_mode={self.output_mode} and idf_weights={idf_weights}")
        if isinstance(vocabulary, str):
            raise NotImplementedError("tfcompat's lookup layers take the vocabulary as a list or tensor; read the "
                                      "file's lines into a list first.")
        if isinstance(vocabulary, Tensor):
            vocabulary = vocabulary.numpy()
        vocabulary = self._as_vocab_array(list(np.asarray(vocabulary, dtype=object).reshape([-1])))
        if isinstance(idf_weights, Tensor):
            idf_weights = idf_weights.numpy()
        elif isinstance(idf_weights, (list, tuple)):
            idf_weights = np.array(idf_weights)
        if vocabulary.size == 0:
            raise ValueError(f"Cannot set an empty vocabulary, you passed {vocabulary}.")
        token_start = self._token_start_index()
        special = [self.mask_token] * self._oov_start_index() + [self.oov_token] * self.num_oov_indices
        found_special = len(vocabulary) >= token_start and list(vocabulary[:token_start]) == special
        tokens = vocabulary[token_start:] if found_special else vocabulary
        repeated = [t for t, c in collections.Counter(tokens.tolist()).items() if c > 1]
        if repeated:
            raise ValueError(f"The passed vocabulary has at least one repeated term. Please uniquify your dataset. "
                             f"The repeated terms are {repeated}")
        if self.mask_token is not None and self.mask_token in tokens.tolist():
            index = np.argwhere(vocabulary == self.mask_token)[-1]
            raise ValueError(f"Found reserved mask token at unexpected location in `vocabulary`. Note that passed "
                             "`vocabulary` does not need to include the OOV and mask tokens. Either remove all mask "
                             "and OOV tokens, or include them only at the start of the vocabulary in precisely this "
                             f"order: {special}. Received: mask_token={self.mask_token} at vocabulary index {index}")
        if self.oov_token is not None and self.invert and self.oov_token in tokens.tolist():
            index = np.argwhere(vocabulary == self.oov_token)[-1]
            raise ValueError(f"Found reserved OOV token at unexpected location in `vocabulary`. Note that passed "
                             "`vocabulary` does not need to include the OOV and mask tokens. Either remove all mask "
                             "and OOV tokens, or include them only at the start of the vocabulary in precisely this "
                             f"order: {special}. Received: oov_token={self.oov_token} at vocabulary index {index}")
        if self.max_tokens is not None and token_start + len(tokens) > self.max_tokens:
            raise ValueError(f"Attempted to set a vocabulary larger than the maximum vocab size. Passed vocab size is "
                             f"{token_start + len(tokens)}, max vocab size is {self.max_tokens}.")
        self._set_tokens(tokens)
        if self.output_mode == TF_IDF and idf_weights is not False:
            if len(vocabulary) != len(idf_weights):
                raise ValueError(f"`idf_weights` must be the same length as vocabulary. len(idf_weights) is "
                                 f"{len(idf_weights)}, len(vocabulary) is {len(vocabulary)}")
            idf_weights = np.asarray(idf_weights)
            if idf_weights.ndim != 1:
                raise ValueError(f"TF-IDF data must be a 1-index array, but received {type(idf_weights)}")
            front, front_value = (0, 0) if found_special else (token_start, np.average(idf_weights))
            back = (self.max_tokens - front - len(idf_weights)
                    if self.pad_to_max_tokens and self.max_tokens is not None else 0)
            weights = np.pad(idf_weights, (front, back), "constant", constant_values=(front_value, 0))
            self.idf_weights_const = convert_to_tensor(weights.astype(self._compute_dtype_object.as_numpy_dtype))

    def _set_tokens(self, tokens):
        self._tokens = self._as_vocab_array(list(tokens))
        self._ensure_vocab_size_unchanged()
        self._frozen_vocab_size = self.vocabulary_size()
        if len(self._tokens) == 0:
            self.lookup_table = None
            return
        with ctx_lib.init_scope():
            start = self._token_start_index()
            index_dtype = self._key_dtype if self.invert else self._value_dtype
            indices = np.arange(start, start + len(self._tokens)).astype(index_dtype.as_numpy_dtype)
            token_values = (np.array([t.encode("utf-8") for t in self._tokens], dtype=object)
                            if self._is_string() else self._tokens)
            keys, values = (indices, token_values) if self.invert else (token_values, indices)
            initializer = lookup_ops.KeyValueTensorInitializer(keys, values, self._key_dtype, self._value_dtype)
            self.lookup_table = lookup_ops.StaticHashTable(initializer, self._default_value)

    def _ensure_vocab_size_unchanged(self):
        if self.output_mode == INT or self.pad_to_max_tokens:
            return
        new_size = self.vocabulary_size()
        if self._frozen_vocab_size is not None and new_size != self._frozen_vocab_size:
            raise RuntimeError(f"When using `output_mode={self.output_mode}` and `pad_to_max_tokens=False`, the "
                               "vocabulary size cannot be changed after the layer is called. Old vocab size is "
                               f"{self._frozen_vocab_size}, new vocab size is {new_size}")

    # -- adapt -----------------------------------------------------------------------------------------
    def update_state(self, data):
        if self._has_input_vocabulary:
            raise ValueError(f"Cannot adapt {type(self).__name__} layer after setting a static vocabulary via init "
                             "argument or `set_vocabulary`.")
        if isinstance(data, RaggedTensor):
            rows = [np.asarray(row).reshape([-1]).tolist() for row in data.to_list()]
        else:
            data = utils.ensure_tensor(data, dtype=self.vocabulary_dtype)
            values = np.asarray(data.values.numpy() if isinstance(data, SparseTensor) else data.numpy())
            if values.ndim == 0:
                values = values.reshape([1, 1])
            elif values.ndim == 1:
                values = values.reshape([1, -1])
            rows = [row.reshape([-1]).tolist() for row in values]
        for row in rows:
            self._token_counts.update(row)
        if self.output_mode == TF_IDF:
            for row in rows:
                self._document_counts.update(set(row))
            self._num_documents += len(rows)

    def finalize_state(self):
        if self._has_input_vocabulary or not self._token_counts:
            self._frozen_vocab_size = self.vocabulary_size()
            return
        counts = dict(self._token_counts)
        for special in (self.mask_token, self.oov_token):
            if special is not None:
                key = special.encode("utf-8") if self._is_string() and isinstance(special, str) else special
                counts.pop(key, None)
        tokens = list(counts)
        # TF: np.lexsort((tokens, counts))[::-1] -- by count, ties by token, both descending.
        order = np.lexsort((np.array(tokens, dtype=object if self._is_string() else None),
                            np.array([counts[t] for t in tokens])))[::-1]
        if self.max_tokens:
            order = order[:self.max_tokens - self._token_start_index()]
        learned = [tokens[i] for i in order]
        self._set_tokens(learned)
        if self.output_mode == TF_IDF:
            doc_counts = np.array([self._document_counts[t] for t in learned], np.float64)
            idf = np.log(1 + self._num_documents / (1 + doc_counts)).astype(self._compute_dtype_object.as_numpy_dtype)
            idf = np.pad(idf, (self._token_start_index(), 0), constant_values=np.mean(idf) if len(idf) else 0)
            if self.pad_to_max_tokens and self.max_tokens is not None:
                idf = np.pad(idf, (0, self.max_tokens - idf.size), constant_values=0)
            self.idf_weights_const = convert_to_tensor(idf)
        self.reset_state()

    def reset_state(self):
        if self._has_input_vocabulary:
            return
        self._token_counts = collections.Counter()
        self._document_counts = collections.Counter()
        self._num_documents = 0

    # -- calling ---------------------------------------------------------------------------------------
    def call(self, inputs):
        if self.output_mode != INT and not self.pad_to_max_tokens and self._frozen_vocab_size is None:
            raise RuntimeError(f"When using `output_mode={self.output_mode}` and `pad_to_max_tokens=False`, you "
                               "must set the layer's vocabulary before calling it. Either pass a `vocabulary` "
                               "argument to the layer, or call `adapt` with some sample data.")
        if not isinstance(inputs, RaggedTensor):
            inputs = utils.ensure_tensor(inputs, dtype=self._key_dtype)
        original_rank = inputs.shape.rank
        if original_rank == 0:
            inputs = array_ops.expand_dims(inputs, -1)
        if isinstance(inputs, RaggedTensor):
            lookups = ragged_ops.map_flat_values(self._lookup_dense, inputs)
        elif isinstance(inputs, SparseTensor):
            lookups = SparseTensor(inputs.indices, self._lookup_dense(inputs.values), inputs.dense_shape)
        else:
            lookups = self._lookup_dense(inputs)
        if self.output_mode == INT:
            if original_rank == 0:
                lookups = array_ops.squeeze(lookups, [-1])
            return lookups
        depth = self.max_tokens if self.pad_to_max_tokens else self._frozen_vocab_size
        return utils.encode_categorical_inputs(lookups, output_mode=self.output_mode, depth=depth,
                                               dtype=self._compute_dtype_object, sparse=self.sparse,
                                               idf_weights=self.idf_weights_const if self.output_mode == TF_IDF
                                               else None)

    def _lookup_dense(self, inputs):
        if self.lookup_table is None:
            default = convert_to_tensor(self._default_value, self._value_dtype)
            lookups = array_ops.fill(array_ops.shape(inputs), default)
        else:
            lookups = self.lookup_table.lookup(inputs)
        if self.mask_token is not None:
            lookups = lookup_vocabulary.mask_ids(inputs, lookups, self._mask_key, self._mask_value)
        if self.invert:
            return lookups
        if self.num_oov_indices == 0:
            debugging_ops.Assert(math_ops.logical_not(reduction_ops.reduce_any(math_ops.equal(lookups, -1))),
                                 ["When `num_oov_indices=0` all inputs should be in vocabulary, found OOV values, "
                                  "consider setting `num_oov_indices=1`."])
        elif self.num_oov_indices > 1:
            # One OOV index is the table's default; several hash OOV keys (integers mod the count, as tf-keras).
            lookups = lookup_vocabulary.with_oov_ids(inputs, lookups, math_ops.not_equal(lookups, self._default_value),
                                                     self.num_oov_indices, self._oov_start_index(),
                                                     integer_keys=lookup_vocabulary.FLOORMOD)
        return array_ops.identity(lookups)

    def compute_output_shape(self, input_shape):
        if self.output_mode == INT:
            return input_shape
        depth = self.max_tokens if self.pad_to_max_tokens else self._frozen_vocab_size
        return TensorShape([TensorShape(input_shape)[0], depth])

    def get_config(self):
        config = {
            "invert": self.invert, "max_tokens": self.max_tokens, "num_oov_indices": self.num_oov_indices,
            "oov_token": self.oov_token, "mask_token": self.mask_token, "output_mode": self.output_mode,
            "sparse": self.sparse, "pad_to_max_tokens": self.pad_to_max_tokens,
            "vocabulary_dtype": self.vocabulary_dtype, "idf_weights": utils.listify_tensors(self.input_idf_weights),
            "vocabulary": utils.listify_tensors(self.input_vocabulary), "vocabulary_size": self._frozen_vocab_size,
        }
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))


class StringLookup(IndexLookup):
    """Mirrors ``tf.keras.layers.StringLookup``."""

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None, oov_token="[UNK]", vocabulary=None,
                 idf_weights=None, encoding="utf-8", invert=False, output_mode="int", sparse=False,
                 pad_to_max_tokens=False, **kwargs):
        if kwargs.get("dtype") in (dtypes.string, "string"):
            del kwargs["dtype"]
        self.encoding = encoding
        super().__init__(max_tokens=max_tokens, num_oov_indices=num_oov_indices, mask_token=mask_token,
                         oov_token=oov_token, vocabulary=vocabulary, vocabulary_dtype=dtypes.string,
                         idf_weights=idf_weights, invert=invert, output_mode=output_mode, sparse=sparse,
                         pad_to_max_tokens=pad_to_max_tokens, **kwargs)

    def get_config(self):
        base = super().get_config()
        del base["vocabulary_dtype"]
        return dict(list(base.items()) + [("encoding", self.encoding)])


class IntegerLookup(IndexLookup):
    """Mirrors ``tf.keras.layers.IntegerLookup``."""

    def __init__(self, max_tokens=None, num_oov_indices=1, mask_token=None, oov_token=-1, vocabulary=None,
                 vocabulary_dtype="int64", idf_weights=None, invert=False, output_mode="int", sparse=False,
                 pad_to_max_tokens=False, **kwargs):
        if not dtypes.as_dtype(vocabulary_dtype).is_integer:
            raise ValueError(f"`vocabulary_dtype` must be an integer dtype. Received: {vocabulary_dtype}")
        if output_mode != "int" and kwargs.get("dtype") in (dtypes.int64, "int64"):
            del kwargs["dtype"]
        max_tokens = kwargs.pop("max_values", max_tokens)
        mask_token = kwargs.pop("mask_value", mask_token)
        oov_token = kwargs.pop("oov_value", oov_token)
        if max_tokens is not None and max_tokens <= 1:
            raise ValueError(f"If `max_tokens` is set for `IntegerLookup`, it must be greater than 1. Received: "
                             f"max_tokens={max_tokens}.")
        if num_oov_indices < 0:
            raise ValueError(f"The value of `num_oov_indices` argument for `IntegerLookup` must >= 0. Received "
                             f"num_oov_indices={num_oov_indices}.")
        mask_token = None if mask_token is None else np.int64(mask_token)
        oov_token = None if oov_token is None else np.int64(oov_token)
        super().__init__(max_tokens=max_tokens, num_oov_indices=num_oov_indices, mask_token=mask_token,
                         oov_token=oov_token, vocabulary=vocabulary, vocabulary_dtype=vocabulary_dtype,
                         idf_weights=idf_weights, invert=invert, output_mode=output_mode, sparse=sparse,
                         pad_to_max_tokens=pad_to_max_tokens, **kwargs)
