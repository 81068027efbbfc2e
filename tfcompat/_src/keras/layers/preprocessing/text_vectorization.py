"""TextVectorization (tf-keras 2.21 ``tf.keras.layers.TextVectorization``): standardize (lowercase / strip
punctuation / callable), split (whitespace / character / callable), ngrams, then a StringLookup with mask token
``''`` for the int / multi_hot / count / tf_idf outputs; ``output_sequence_length`` pads or truncates."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, array_manip_ops, string_split_ops, string_transform_ops
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor
from tfcompat._src.keras.engine.base_preprocessing_layer import PreprocessingLayer
from tfcompat._src.keras.layers.preprocessing import preprocessing_utils as utils
from tfcompat._src.keras.layers.preprocessing.index_lookup import StringLookup
from tfcompat._src.keras.layers.preprocessing.preprocessing_utils import COUNT, INT, MULTI_HOT, TF_IDF

__all__ = ["TextVectorization", "DEFAULT_STRIP_REGEX"]

LOWER_AND_STRIP_PUNCTUATION = "lower_and_strip_punctuation"
STRIP_PUNCTUATION = "strip_punctuation"
LOWER = "lower"
WHITESPACE = "whitespace"
CHARACTER = "character"
DEFAULT_STRIP_REGEX = r'[!"#$%&()\*\+,-\./:;<=>?@\[\\\]^_`{|}~\']'


class TextVectorization(PreprocessingLayer):
    """Mirrors ``tf.keras.layers.TextVectorization`` (its vocabulary layer is a StringLookup, as in tf-keras)."""

    def __init__(self, max_tokens=None, standardize=LOWER_AND_STRIP_PUNCTUATION, split=WHITESPACE, ngrams=None,
                 output_mode="int", output_sequence_length=None, pad_to_max_tokens=False, vocabulary=None,
                 idf_weights=None, sparse=False, ragged=False, encoding="utf-8", **kwargs):
        if "dtype" in kwargs and kwargs["dtype"] not in (dtypes.string, "string"):
            raise ValueError(f"`TextVectorization` may only have a dtype of string. Received dtype: "
                             f"{kwargs['dtype']}.")
        kwargs.setdefault("dtype", dtypes.string)
        utils.validate_string_arg(standardize, allowable_strings=(LOWER_AND_STRIP_PUNCTUATION, LOWER,
                                                                  STRIP_PUNCTUATION),
                                  layer_name="TextVectorization", arg_name="standardize", allow_none=True,
                                  allow_callables=True)
        utils.validate_string_arg(split, allowable_strings=(WHITESPACE, CHARACTER), layer_name="TextVectorization",
                                  arg_name="split", allow_none=True, allow_callables=True)
        output_mode = {"binary": MULTI_HOT, "tf-idf": TF_IDF}.get(output_mode, output_mode)
        utils.validate_string_arg(output_mode, allowable_strings=(INT, COUNT, MULTI_HOT, TF_IDF),
                                  layer_name="TextVectorization", arg_name="output_mode", allow_none=True)
        if not (ngrams is None or isinstance(ngrams, int)
                or (isinstance(ngrams, tuple) and all(isinstance(i, int) for i in ngrams))):
            raise ValueError(f"`ngrams` must be None, an integer, or a tuple of integers. Received: ngrams={ngrams}")
        if output_mode == INT and not (isinstance(output_sequence_length, int) or output_sequence_length is None):
            raise ValueError(f"`output_sequence_length` must be either None or an integer when `output_mode` is "
                             f"'int'. Received: output_sequence_length={output_sequence_length}")
        if output_mode != INT and output_sequence_length is not None:
            raise ValueError(f"`output_sequence_length` must not be set if `output_mode` is not 'int'. Received "
                             f"output_sequence_length={output_sequence_length}.")
        if ragged and output_mode != INT:
            raise ValueError(f"`ragged` must not be true if `output_mode` is `'int'`. Received: ragged={ragged} and "
                             f"output_mode={output_mode}")
        if ragged and output_sequence_length is not None:
            raise ValueError(f"`output_sequence_length` must not be set if ragged is True. Received: ragged={ragged} "
                             f"and output_sequence_length={output_sequence_length}")
        self._max_tokens = max_tokens
        self._standardize = standardize
        self._split = split
        self._ngrams_arg = ngrams
        self._ngrams = tuple(range(1, ngrams + 1)) if isinstance(ngrams, int) else ngrams
        self._ragged = ragged
        self._output_mode = output_mode
        self._output_sequence_length = output_sequence_length
        self._encoding = encoding
        self._has_input_vocabulary = kwargs.pop("has_input_vocabulary", vocabulary is not None)
        vocabulary_size = kwargs.pop("vocabulary_size", None)
        super().__init__(**kwargs)
        self._lookup_layer = StringLookup(
            max_tokens=max_tokens, vocabulary=vocabulary, idf_weights=idf_weights,
            pad_to_max_tokens=pad_to_max_tokens, mask_token="", output_mode=output_mode or INT, sparse=sparse,
            has_input_vocabulary=self._has_input_vocabulary, encoding=encoding, vocabulary_size=vocabulary_size)

    def compute_output_shape(self, input_shape):
        if self._output_mode == INT:
            return TensorShape([TensorShape(input_shape)[0], self._output_sequence_length])
        input_shape = tuple(TensorShape(input_shape).as_list())
        if self._split is None:
            if len(input_shape) <= 1:
                input_shape = input_shape + (1,)
        else:
            input_shape = input_shape + (None,)
        return self._lookup_layer.compute_output_shape(input_shape)

    def update_state(self, data):
        self._lookup_layer.update_state(self._preprocess(data))

    def finalize_state(self):
        self._lookup_layer.finalize_state()

    def reset_state(self):
        self._lookup_layer.reset_state()

    def get_vocabulary(self, include_special_tokens=True):
        """Mirrors ``get_vocabulary`` (index 0 is the mask token ``''``, index 1 ``[UNK]``)."""
        return self._lookup_layer.get_vocabulary(include_special_tokens)

    def vocabulary_size(self):
        """Mirrors ``vocabulary_size``."""
        return self._lookup_layer.vocabulary_size()

    def set_vocabulary(self, vocabulary, idf_weights=None):
        """Mirrors ``set_vocabulary``."""
        self._lookup_layer.set_vocabulary(vocabulary, idf_weights=idf_weights)

    def get_config(self):
        config = {
            "max_tokens": self._lookup_layer.max_tokens, "standardize": self._standardize, "split": self._split,
            "ngrams": self._ngrams_arg, "output_mode": self._output_mode,
            "output_sequence_length": self._output_sequence_length,
            "pad_to_max_tokens": self._lookup_layer.pad_to_max_tokens, "sparse": self._lookup_layer.sparse,
            "ragged": self._ragged, "vocabulary": utils.listify_tensors(self._lookup_layer.input_vocabulary),
            "idf_weights": utils.listify_tensors(self._lookup_layer.input_idf_weights), "encoding": self._encoding,
            "vocabulary_size": self.vocabulary_size(),
        }
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))

    def _preprocess(self, inputs):
        inputs = utils.ensure_tensor(inputs, dtype=dtypes.string)
        if self._standardize in (LOWER, LOWER_AND_STRIP_PUNCTUATION):
            inputs = string_transform_ops.lower(inputs)
        if self._standardize in (STRIP_PUNCTUATION, LOWER_AND_STRIP_PUNCTUATION):
            inputs = string_transform_ops.regex_replace(inputs, DEFAULT_STRIP_REGEX, "")
        if callable(self._standardize):
            inputs = self._standardize(inputs)
        if self._split is not None:
            if inputs.shape.rank > 1:
                if inputs.shape[-1] != 1:
                    raise ValueError("When using `TextVectorization` to tokenize strings, the input rank must be 1 "
                                     "or the last shape dimension must be 1. Received: inputs.shape="
                                     f"{inputs.shape} with rank={inputs.shape.rank}")
                inputs = array_ops.squeeze(inputs, axis=[-1])
            if self._split == WHITESPACE:
                inputs = string_split_ops.split(inputs)
            elif self._split == CHARACTER:
                inputs = string_split_ops.unicode_split(inputs, "UTF-8")
            else:
                inputs = self._split(inputs)
        if self._ngrams is not None:
            inputs = string_split_ops.ngrams(inputs, ngram_width=self._ngrams, separator=" ")
        return inputs

    def call(self, inputs):
        if isinstance(inputs, (list, tuple, np.ndarray)):
            inputs = convert_to_tensor(inputs)
        outputs = self._vectorize(inputs)
        if self._output_mode == INT and not self._ragged and getattr(outputs, "shape", None) is not None and \
                outputs.shape.rank is None and inputs.shape.rank is not None:
            outputs.set_shape(self.compute_output_shape(inputs.shape))  # TF's static [batch, length]
        return outputs

    def _vectorize(self, inputs):
        inputs = self._preprocess(inputs)
        if self._output_mode is None:
            return inputs
        lookup = self._lookup_layer(inputs)
        if self._output_mode != INT or self._ragged:
            return lookup
        if isinstance(lookup, RaggedTensor):
            shape = lookup.shape.as_list()
            shape[-1] = self._output_sequence_length
            return lookup.to_tensor(default_value=0, shape=shape)
        if self._output_sequence_length is not None:
            lookup = lookup[..., :self._output_sequence_length]
            shape = array_ops.shape(lookup)
            pad = self._output_sequence_length - shape[-1]
            paddings = array_ops.concat([array_ops.zeros(array_ops.stack([array_ops.rank(lookup) - 1, 2]),
                                                         dtypes.int32),
                                         array_ops.reshape(array_ops.stack([0, pad]), [1, 2])], 0)
            return array_manip_ops.pad(lookup, paddings)
        return lookup
