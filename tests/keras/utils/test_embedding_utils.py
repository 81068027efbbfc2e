"""tf.keras.utils.warmstart_embedding_matrix (tfcompat._src.keras.utils.embedding_utils) against tf-keras 2.21:
shared tokens keep their rows, new tokens get the initializer's values, vocabulary files and errors. Expected
values: real TF."""
from __future__ import annotations

import numpy as np
import pytest


def test_warmstart_copies_shared_rows(oracle):
    def prog(tf):
        base = np.arange(12, dtype="float32").reshape(4, 3)
        new = tf.keras.utils.warmstart_embedding_matrix(["a", "b", "c", "d"], ["d", "x", "b", "y", "a"], base,
                                                        new_embeddings_initializer="zeros")
        ones = tf.keras.utils.warmstart_embedding_matrix(np.array([1, 2]), tf.constant([2, 5]),
                                                         tf.constant(base[:2]), new_embeddings_initializer="ones")
        return new, ones
    oracle.check(prog)


def test_vocabulary_file_and_default_initializer(oracle, tmp_path):
    path = tmp_path / "vocab.txt"
    path.write_text("a\nb\nc\n")

    def prog(tf):
        base = np.arange(6, dtype="float64").reshape(3, 2)
        new = tf.keras.utils.warmstart_embedding_matrix(str(path), ["q", "c", "a"], base)
        # The new row is drawn from 'uniform' (-0.05, 0.05): compare its dtype, shape and range only.
        return new.dtype, new.shape, new[1:], bool(np.all(np.abs(new[0]) <= 0.05))
    oracle.check(prog)


@pytest.mark.parametrize("base_vocabulary", [[], "/no/such/vocab.txt", 3], ids=["empty", "missing_file", "int"])
def test_vocabulary_errors(oracle, base_vocabulary):
    def prog(tf):
        return tf.keras.utils.warmstart_embedding_matrix(base_vocabulary, ["a"], np.zeros((1, 2), "float32"))
    oracle.check(prog, match_message="Vocabulary")
