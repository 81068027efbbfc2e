"""tf.keras.layers.TextVectorization (tfcompat._src.keras.layers.preprocessing.text_vectorization) against
tf-keras 2.21: standardize/split/ngrams, adapt vocabulary order, output modes int (with output_sequence_length
padding and truncation) / multi_hot / count / tf_idf, string Input models, config. Expected values: real TF."""
from __future__ import annotations

import numpy as np
import pytest

from tests.keras.layers.programs import plain_config

TEXTS = np.array(["The cat sat on the mat.", "The dog ate my homework!", "Cat & dog: friends?"])

CASES = {
    "default_int": lambda tf: tf.keras.layers.TextVectorization(),
    "max_tokens_seq4": lambda tf: tf.keras.layers.TextVectorization(max_tokens=6, output_sequence_length=4),
    "seq8_padding": lambda tf: tf.keras.layers.TextVectorization(output_sequence_length=8),
    "bigrams_multi_hot": lambda tf: tf.keras.layers.TextVectorization(ngrams=2, output_mode="multi_hot"),
    "characters_count_lower": lambda tf: tf.keras.layers.TextVectorization(output_mode="count", split="character",
                                                                          standardize="lower"),
    "tf_idf": lambda tf: tf.keras.layers.TextVectorization(output_mode="tf_idf"),
    "strip_only_ngram_tuple": lambda tf: tf.keras.layers.TextVectorization(standardize="strip_punctuation",
                                                                          ngrams=(1, 3)),
    "count_padded": lambda tf: tf.keras.layers.TextVectorization(output_mode="count", max_tokens=8,
                                                                pad_to_max_tokens=True),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_adapt_and_vectorize(name, oracle):
    def prog(tf):
        layer = CASES[name](tf)
        layer.adapt(TEXTS)
        return [str(v) for v in layer.get_vocabulary()], layer(TEXTS), layer(TEXTS[:1])
    oracle.check(prog, rtol=1e-6, atol=1e-6)


def test_given_vocabulary_in_model(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        layer = tf.keras.layers.TextVectorization(vocabulary=["cat", "dog", "the"], standardize=None)
        model = tf.keras.Sequential([tf.keras.Input((1,), dtype="string"), layer])
        return layer(np.array([["The cat"], ["dog dog x"]])), model.predict(np.array([["cat dog"], ["the"]]),
                                                                            verbose=0)
    oracle.check(prog)


def test_adapt_dataset(oracle):
    def prog(tf):
        layer = tf.keras.layers.TextVectorization(max_tokens=5)
        layer.adapt(tf.data.Dataset.from_tensor_slices(TEXTS).batch(2))
        return [str(v) for v in layer.get_vocabulary()], layer(TEXTS)
    oracle.check(prog)


def test_config_round_trip(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        return plain_config(tf.keras.layers.TextVectorization(vocabulary=["a", "b"], output_sequence_length=3))
    oracle.check(prog)


@pytest.mark.parametrize("kwargs,message", [({"standardize": "upper"}, "Unkown value for `standardize`"),
                                            ({"output_mode": "multi_hot", "output_sequence_length": 3},
                                             "must not be set"),
                                            ({"ngrams": "2"}, "`ngrams` must be None")])
def test_bad_arguments(kwargs, message, oracle):
    oracle.check(lambda tf: tf.keras.layers.TextVectorization(**kwargs), match_message=message)
