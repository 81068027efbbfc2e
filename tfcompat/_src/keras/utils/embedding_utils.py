"""``tf.keras.utils.warmstart_embedding_matrix`` (tf-keras 2.21): an embedding matrix for a new vocabulary that
keeps the rows of the tokens it shares with the old one."""
from __future__ import annotations

import numpy as np

from tfcompat._src.keras import initializers
from tfcompat._src.ops import array_ops, scatter_ops
from tfcompat._src.ops.array_more_ops import is_tensor
from tfcompat._src.runtime import gfile

__all__ = ["warmstart_embedding_matrix", "convert_vocab_to_list"]


def convert_vocab_to_list(vocab) -> list:
    """tf-keras's ``layer_utils.convert_vocab_to_list``: a vocabulary (1D tensor, array, list, tuple or the path of
    a one-token-per-line text file) as a list.

    Raises:
      ValueError: another type, a missing file, or an empty vocabulary."""
    if is_tensor(vocab):
        vocab_list = list(vocab.numpy())
    elif isinstance(vocab, (np.ndarray, tuple, list)):
        vocab_list = list(vocab)
    elif isinstance(vocab, str):
        if not gfile.exists(vocab):
            raise ValueError(f"Vocabulary file {vocab} does not exist.")
        with gfile.GFile(vocab, "r") as vocabulary_file:
            vocab_list = vocabulary_file.read().splitlines()
    else:
        raise ValueError("Vocabulary is expected to be either a NumPy array, list, 1D tensor or a vocabulary text "
                         f"file. Instead type {type(vocab)} was received.")
    if len(vocab_list) == 0:
        raise ValueError("Vocabulary is expected to be either a NumPy array, list, 1D tensor or a vocabulary text "
                         "file with at least one token. Received 0 instead.")
    return vocab_list


def warmstart_embedding_matrix(base_vocabulary, new_vocabulary, base_embeddings,
                               new_embeddings_initializer="uniform"):
    """Mirrors ``tf.keras.utils.warmstart_embedding_matrix``: a ``(len(new_vocabulary), dim)`` tensor drawn from
    ``new_embeddings_initializer`` (base_embeddings' dtype), whose rows for tokens also in ``base_vocabulary``
    are copied from ``base_embeddings``.

    Raises:
      ValueError: a vocabulary that ``convert_vocab_to_list`` rejects."""
    base_vocabulary = convert_vocab_to_list(base_vocabulary)
    new_vocabulary = convert_vocab_to_list(new_vocabulary)
    initializer = initializers.get(new_embeddings_initializer)
    new_embedding = initializer(shape=(len(new_vocabulary), base_embeddings.shape[1]), dtype=base_embeddings.dtype)
    base_index = {token: i for i, token in enumerate(base_vocabulary)}
    shared = [(base_index[token], i) for i, token in enumerate(new_vocabulary) if token in base_index]
    if shared:
        values = array_ops.gather(base_embeddings, [base for base, _ in shared])
        new_embedding = scatter_ops.tensor_scatter_nd_update(
            new_embedding, array_ops.expand_dims([new for _, new in shared], axis=1), values)
    return new_embedding
