"""``tf.keras.preprocessing.text``: re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.preprocessing.text import (
    Tokenizer, hashing_trick, one_hot, text_to_word_sequence, tokenizer_from_json,
)

__all__ = ["Tokenizer", "hashing_trick", "one_hot", "text_to_word_sequence", "tokenizer_from_json"]
