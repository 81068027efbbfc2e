"""StringLookup and IntegerLookup (tfcompat._src.keras.layers.preprocessing.index_lookup) against tf-keras 2.21:
adapt order (frequency, ties by descending token), given vocabularies, mask/OOV slots, hashed OOV buckets,
invert, output modes incl. tf_idf, max_tokens/pad_to_max_tokens, functional models, config, errors.
Expected values: real TF."""
from __future__ import annotations

import numpy as np
import pytest

from tests.keras.layers.programs import plain_config

WORDS = np.array([["a", "b", "c", "a"], ["d", "a", "b", "e"]])
DOCS = np.array([["a", "b", "c"], ["d", "a", "b"], ["a", "e", "f"]])
INTS = np.array([5, 5, 7, 9, 9, 9, 0])


def _vocab(layer):
    return [v.item() if isinstance(v, np.generic) else v for v in layer.get_vocabulary()]


CASES = {
    "string_adapt": lambda tf: (tf.keras.layers.StringLookup(), WORDS, np.array([["zz", "a"]])),
    "string_mask_hashed_oov": lambda tf: (tf.keras.layers.StringLookup(mask_token="", num_oov_indices=2,
                                                                       vocabulary=["a", "b", "c"]), None,
                                          np.array([["", "a", "q", "r", "c"]])),
    "string_invert": lambda tf: (tf.keras.layers.StringLookup(vocabulary=["a", "b", "c"], invert=True), None,
                                 np.array([[0, 1, 3, 4]])),
    "string_multi_hot": lambda tf: (tf.keras.layers.StringLookup(vocabulary=["a", "b", "c"],
                                                                 output_mode="multi_hot"), None,
                                    np.array([["a", "q", "c"], ["b", "b", "b"]])),
    "string_one_hot": lambda tf: (tf.keras.layers.StringLookup(vocabulary=["a", "b"], output_mode="one_hot"), None,
                                  np.array(["a", "q", "b"])),
    "string_tf_idf_adapt": lambda tf: (tf.keras.layers.StringLookup(output_mode="tf_idf"), DOCS, DOCS),
    "string_tf_idf_given": lambda tf: (tf.keras.layers.StringLookup(output_mode="tf_idf", vocabulary=["a", "b"],
                                                                    idf_weights=[0.5, 2.0]), None, DOCS),
    "string_count_padded": lambda tf: (tf.keras.layers.StringLookup(output_mode="count", max_tokens=4,
                                                                    pad_to_max_tokens=True), WORDS, WORDS),
    "string_specials_in_vocab": lambda tf: (tf.keras.layers.StringLookup(vocabulary=["[UNK]", "x", "y"]), None,
                                            np.array(["y", "z"])),
    "int_adapt": lambda tf: (tf.keras.layers.IntegerLookup(), INTS, np.array([5, 7, 9, 1])),
    "int_mask_oov3": lambda tf: (tf.keras.layers.IntegerLookup(mask_token=0, vocabulary=[3, 4], num_oov_indices=3),
                                 None, np.array([0, 3, 4, 5, 6, 7, 8])),
    "int_invert": lambda tf: (tf.keras.layers.IntegerLookup(vocabulary=[3, 4], invert=True), None,
                              np.array([0, 1, 2])),
    "int_max_tokens_adapt": lambda tf: (tf.keras.layers.IntegerLookup(max_tokens=3), INTS, INTS),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_lookup_matches_tf(name, oracle):
    def prog(tf):
        layer, adapt_data, x = CASES[name](tf)
        if adapt_data is not None:
            layer.adapt(adapt_data)
        return _vocab(layer), layer.vocabulary_size(), layer(x)
    oracle.check(prog, rtol=1e-6, atol=1e-6)


def test_adapt_dataset_and_functional_model(oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        layer = tf.keras.layers.StringLookup(output_mode="multi_hot")
        layer.adapt(tf.data.Dataset.from_tensor_slices(WORDS.reshape(-1)).batch(3))
        inp = tf.keras.Input((2,), dtype="string")
        model = tf.keras.Model(inp, layer(inp))
        return _vocab(layer), model.predict(np.array([["a", "e"], ["q", "c"]]), verbose=0)
    oracle.check(prog)


@pytest.mark.parametrize("name", ["string_mask_hashed_oov", "int_invert"])
def test_config_round_trip(name, oracle):
    def prog(tf):
        tf.keras.backend.clear_session()
        return plain_config(CASES[name](tf)[0])
    oracle.check(prog)


@pytest.mark.parametrize("case,message", [
    ("repeated", "repeated term"), ("mask_inside", "reserved mask token"), ("adapt_static", "Cannot adapt"),
    ("invert_multi_hot", "must be `'int'` when `invert`"), ("max_tokens", "larger than the maximum vocab size"),
    ("int_dtype", "must be an integer dtype")])
def test_errors(case, message, oracle):
    def prog(tf):
        L = tf.keras.layers
        if case == "repeated":
            return L.StringLookup(vocabulary=["a", "a"])
        if case == "mask_inside":
            return L.StringLookup(mask_token="m", vocabulary=["a", "m"])
        if case == "adapt_static":
            return L.StringLookup(vocabulary=["a"]).adapt(WORDS)
        if case == "invert_multi_hot":
            return L.StringLookup(invert=True, output_mode="multi_hot")
        if case == "max_tokens":
            return L.IntegerLookup(max_tokens=2, vocabulary=[1, 2])
        return L.IntegerLookup(vocabulary_dtype="float32")
    oracle.check(prog, match_message=message)
