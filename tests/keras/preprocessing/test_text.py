"""tf.keras.preprocessing.text (tfcompat._src.keras.preprocessing.text) against tf-keras 2.21: Tokenizer word
index order, sequences, matrices in every mode, OOV/num_words, JSON round trip; text_to_word_sequence,
hashing_trick (md5). Expected values: real TF."""
from __future__ import annotations

import pytest

TEXTS = ["The cat sat on the mat.", "The dog ate my homework!", "Cat, dog: friends?", "the THE the"]


@pytest.mark.parametrize("kwargs", [{}, {"num_words": 4}, {"oov_token": "<OOV>", "num_words": 5},
                                    {"char_level": True}, {"lower": False, "filters": "!"}])
def test_tokenizer(kwargs, oracle):
    def prog(tf):
        tok = tf.keras.preprocessing.text.Tokenizer(**kwargs)
        tok.fit_on_texts(TEXTS)
        seqs = tok.texts_to_sequences(TEXTS + ["unknown words here cat"])
        return (dict(tok.word_index), dict(tok.word_counts), seqs, tok.sequences_to_texts(seqs),
                tok.document_count, dict(tok.index_docs))
    oracle.check(prog)


@pytest.mark.parametrize("mode", ["binary", "count", "freq", "tfidf"])
def test_texts_to_matrix(mode, oracle):
    def prog(tf):
        tok = tf.keras.preprocessing.text.Tokenizer(num_words=8)
        tok.fit_on_texts(TEXTS)
        return tok.texts_to_matrix(TEXTS, mode=mode)
    oracle.check(prog)


def test_json_round_trip(oracle):
    def prog(tf):
        tok = tf.keras.preprocessing.text.Tokenizer(oov_token="?")
        tok.fit_on_texts(TEXTS)
        clone = tf.keras.preprocessing.text.tokenizer_from_json(tok.to_json())
        return clone.texts_to_sequences(TEXTS), clone.get_config()["word_index"], dict(clone.index_word)
    oracle.check(prog)


def test_word_sequence_and_hashing(oracle):
    def prog(tf):
        text = tf.keras.preprocessing.text
        return (text.text_to_word_sequence("Hello, World!  It's\tme."),
                text.text_to_word_sequence("a-b-c", filters="", split="-"),
                text.hashing_trick("The quick brown fox", 50, hash_function="md5"),
                len(text.one_hot("one two three", 10)))
    oracle.check(prog)


def test_errors(oracle):
    def prog(tf):
        return tf.keras.preprocessing.text.Tokenizer().texts_to_matrix(["a"])
    oracle.check(prog, match_message="Specify a dimension")
