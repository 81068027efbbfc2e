"""``tf.contrib.learn.preprocessing`` (TF 1.15): the text vocabulary. Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.text_preprocessing import CategoricalVocabulary, VocabularyProcessor, tokenizer

__all__ = ["CategoricalVocabulary", "VocabularyProcessor", "tokenizer"]
