"""``tf.contrib.learn.preprocessing`` text helpers of TF 1.15 (``contrib/learn/python/learn/preprocessing/
text.py`` and ``categorical_vocabulary.py``): pure Python + NumPy, no TF ops (as in TF).

``VocabularyProcessor`` tokenizes with TF's regex, gives each new token the next id (0 is '<UNK>'), and maps each
document to an int64 row of ``max_document_length`` ids (truncated, zero-padded). ``min_frequency`` trims to the
tokens seen *more* than that many times, renumbered by decreasing frequency (ties alphabetical), as TF's ``trim``.
``save``/``restore`` pickle the processor (files written by real TF name TF's classes and do not load here)."""
from __future__ import annotations

import collections
import pickle
import re
from typing import Iterable, Iterator

import numpy as np

__all__ = ["CategoricalVocabulary", "VocabularyProcessor", "tokenizer"]

TOKENIZER_RE = re.compile(r"[A-Z]{2,}(?![a-z])|[A-Z][a-z]+(?=[A-Z])|[\'\w\-]+", re.UNICODE)


def tokenizer(iterator: Iterable[str]) -> Iterator[list]:
    """Mirrors ``tf.contrib.learn.preprocessing.tokenizer``: TF's token regex applied to each string."""
    for value in iterator:
        yield TOKENIZER_RE.findall(value)


class CategoricalVocabulary:
    """Mirrors ``tf.contrib.learn.preprocessing.CategoricalVocabulary``: category -> id, 0 for the unknown token
    (and for every new category once frozen)."""

    def __init__(self, unknown_token="<UNK>", support_reverse=True):
        self._unknown_token = unknown_token
        self._mapping = {unknown_token: 0}
        self._support_reverse = support_reverse
        if support_reverse:
            self._reverse_mapping = [unknown_token]
        self._freq = collections.defaultdict(int)
        self._freeze = False

    def __len__(self) -> int:
        return len(self._mapping)

    def freeze(self, freeze=True) -> None:
        self._freeze = freeze

    def get(self, category) -> int:
        """The category's id; a new category gets the next id unless frozen (then 0)."""
        if category not in self._mapping:
            if self._freeze:
                return 0
            self._mapping[category] = len(self._mapping)
            if self._support_reverse:
                self._reverse_mapping.append(category)
        return self._mapping[category]

    def add(self, category, count=1) -> None:
        """Counts ``category`` (creating its id); the unknown token is not counted."""
        if self.get(category) <= 0:
            return
        self._freq[category] += count

    def trim(self, min_frequency, max_frequency=-1) -> None:
        """Keeps the categories counted more than ``min_frequency`` times (and fewer than ``max_frequency`` when
        it is > 0), renumbered 1..n by decreasing count, ties in sort order (strings after non-strings)."""
        ordered = sorted(sorted(self._freq.items(), key=lambda x: (isinstance(x[0], str), x[0])),
                         key=lambda x: x[1], reverse=True)
        self._mapping = {self._unknown_token: 0}
        if self._support_reverse:
            self._reverse_mapping = [self._unknown_token]
        idx = 1
        for category, count in ordered:
            if max_frequency > 0 and count >= max_frequency:
                continue
            if count <= min_frequency:
                break
            self._mapping[category] = idx
            idx += 1
            if self._support_reverse:
                self._reverse_mapping.append(category)
        # TF keeps the first idx - 1 sorted entries, including any skipped by max_frequency.
        self._freq = dict(ordered[:idx - 1])

    def reverse(self, class_id):
        """The category of ``class_id``.

        Raises:
          ValueError: built with ``support_reverse=False``."""
        if not self._support_reverse:
            raise ValueError("This vocabulary wasn't initalized with support_reverse to support reverse() function.")
        return self._reverse_mapping[class_id]


class VocabularyProcessor:
    """Mirrors ``tf.contrib.learn.preprocessing.VocabularyProcessor(max_document_length, min_frequency=0,
    vocabulary=None, tokenizer_fn=None)``; ``tokenizer_fn`` maps an iterable of documents to token lists."""

    def __init__(self, max_document_length, min_frequency=0, vocabulary=None, tokenizer_fn=None):
        self.max_document_length = max_document_length
        self.min_frequency = min_frequency
        self.vocabulary_ = vocabulary if vocabulary else CategoricalVocabulary()
        self._tokenizer = tokenizer_fn if tokenizer_fn else tokenizer

    def fit(self, raw_documents, unused_y=None) -> "VocabularyProcessor":
        """Adds every token of ``raw_documents`` to the vocabulary, trims it (``min_frequency`` > 0), freezes it."""
        for tokens in self._tokenizer(raw_documents):
            for token in tokens:
                self.vocabulary_.add(token)
        if self.min_frequency > 0:
            self.vocabulary_.trim(self.min_frequency)
        self.vocabulary_.freeze()
        return self

    def fit_transform(self, raw_documents, unused_y=None) -> Iterator[np.ndarray]:
        """``fit`` then ``transform`` (a generator: ``raw_documents`` must be iterable twice)."""
        self.fit(raw_documents)
        return self.transform(raw_documents)

    def transform(self, raw_documents) -> Iterator[np.ndarray]:
        """Yields one int64 ``[max_document_length]`` id row per document (unknown tokens 0, zero-padded)."""
        for tokens in self._tokenizer(raw_documents):
            word_ids = np.zeros(self.max_document_length, np.int64)
            for idx, token in enumerate(tokens):
                if idx >= self.max_document_length:
                    break
                word_ids[idx] = self.vocabulary_.get(token)
            yield word_ids

    def reverse(self, documents) -> Iterator[str]:
        """Yields each id row mapped back to its tokens, joined by spaces (padding shows as '<UNK>')."""
        for item in documents:
            yield " ".join(self.vocabulary_.reverse(class_id) for class_id in item)

    def save(self, filename) -> None:
        """Pickles the processor to ``filename``."""
        with open(filename, "wb") as f:
            f.write(pickle.dumps(self))

    @classmethod
    def restore(cls, filename) -> "VocabularyProcessor":
        """Unpickles a processor written by ``save``."""
        with open(filename, "rb") as f:
            return pickle.loads(f.read())
