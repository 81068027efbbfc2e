"""``tf.keras.preprocessing.text`` (tf-keras 2.21, deprecated there but used by legacy scripts): the
``Tokenizer`` word index, ``text_to_word_sequence``, ``one_hot`` and ``hashing_trick``. Pure Python/numpy, as in
tf-keras."""
from __future__ import annotations

import collections
import hashlib
import json
import warnings

import numpy as np

__all__ = ["text_to_word_sequence", "one_hot", "hashing_trick", "Tokenizer", "tokenizer_from_json"]

DEFAULT_FILTERS = '!"#$%&()*+,-./:;<=>?@[\\]^_`{|}~\t\n'


def text_to_word_sequence(input_text, filters=DEFAULT_FILTERS, lower=True, split=" "):
    """Mirrors ``text_to_word_sequence``: lowercases, turns every ``filters`` character into ``split``, splits and
    drops empty pieces."""
    if lower:
        input_text = input_text.lower()
    input_text = input_text.translate(str.maketrans({c: split for c in filters}))
    return [piece for piece in input_text.split(split) if piece]


def hashing_trick(text, n, hash_function=None, filters=DEFAULT_FILTERS, lower=True, split=" ", analyzer=None):
    """Mirrors ``hashing_trick``: each word to ``hash(word) % (n - 1) + 1`` (``hash_function``: a callable,
    ``'md5'``, or None for Python's salted ``hash``)."""
    if hash_function is None:
        hash_function = hash
    elif hash_function == "md5":
        def hash_function(word):
            return int(hashlib.md5(word.encode()).hexdigest(), 16)
    words = analyzer(text) if analyzer is not None else text_to_word_sequence(text, filters=filters, lower=lower,
                                                                               split=split)
    return [hash_function(word) % (n - 1) + 1 for word in words]


def one_hot(input_text, n, filters=DEFAULT_FILTERS, lower=True, split=" ", analyzer=None):
    """Mirrors ``one_hot``: ``hashing_trick`` with Python's ``hash`` (salted per process unless
    PYTHONHASHSEED is set, as in tf-keras)."""
    return hashing_trick(input_text, n, hash_function=hash, filters=filters, lower=lower, split=split,
                         analyzer=analyzer)


class Tokenizer:
    """Mirrors ``tf.keras.preprocessing.text.Tokenizer``: word counts and a frequency-ordered ``word_index``
    (index 1 = most frequent, ties in first-seen order; ``oov_token`` first when set)."""

    def __init__(self, num_words=None, filters=DEFAULT_FILTERS, lower=True, split=" ", char_level=False,
                 oov_token=None, analyzer=None, **kwargs):
        if "nb_words" in kwargs:
            warnings.warn("The `nb_words` argument in `Tokenizer` has been renamed `num_words`.")
            num_words = kwargs.pop("nb_words")
        document_count = kwargs.pop("document_count", 0)
        if kwargs:
            raise TypeError("Unrecognized keyword arguments: " + str(kwargs))
        self.word_counts = collections.OrderedDict()
        self.word_docs = collections.defaultdict(int)
        self.filters = filters
        self.split = split
        self.lower = lower
        self.num_words = num_words
        self.document_count = document_count
        self.char_level = char_level
        self.oov_token = oov_token
        self.index_docs = collections.defaultdict(int)
        self.word_index = {}
        self.index_word = {}
        self.analyzer = analyzer

    def _tokens(self, text):
        if self.char_level or isinstance(text, list):
            if self.lower:
                text = [t.lower() for t in text] if isinstance(text, list) else text.lower()
            return text
        if self.analyzer is not None:
            return self.analyzer(text)
        return text_to_word_sequence(text, filters=self.filters, lower=self.lower, split=self.split)

    def fit_on_texts(self, texts):
        """Counts words over ``texts`` (strings, or lists of tokens) and rebuilds ``word_index``."""
        for text in texts:
            self.document_count += 1
            tokens = self._tokens(text)
            for token in tokens:
                self.word_counts[token] = self.word_counts.get(token, 0) + 1
            for token in set(tokens):
                self.word_docs[token] += 1
        by_count = sorted(self.word_counts.items(), key=lambda item: item[1], reverse=True)  # stable
        vocabulary = ([] if self.oov_token is None else [self.oov_token]) + [word for word, _ in by_count]
        self.word_index = {word: i for i, word in enumerate(vocabulary, start=1)}
        self.index_word = {i: word for word, i in self.word_index.items()}
        for word, count in list(self.word_docs.items()):
            self.index_docs[self.word_index[word]] = count

    def fit_on_sequences(self, sequences):
        """Counts document frequencies of index sequences (for ``tfidf`` matrices)."""
        self.document_count += len(sequences)
        for seq in sequences:
            for i in set(seq):
                self.index_docs[i] += 1

    def texts_to_sequences(self, texts):
        """Word-index sequences of ``texts`` (words at or beyond ``num_words`` become the OOV index or vanish)."""
        return list(self.texts_to_sequences_generator(texts))

    def texts_to_sequences_generator(self, texts):
        """Generator form of :meth:`texts_to_sequences`."""
        oov_index = self.word_index.get(self.oov_token)
        for text in texts:
            sequence = []
            for token in self._tokens(text):
                i = self.word_index.get(token)
                if i is None:
                    if self.oov_token is not None:
                        sequence.append(oov_index)
                elif self.num_words and i >= self.num_words:
                    if oov_index is not None:
                        sequence.append(oov_index)
                else:
                    sequence.append(i)
            yield sequence

    def sequences_to_texts(self, sequences):
        """Space-joined words of index sequences."""
        return list(self.sequences_to_texts_generator(sequences))

    def sequences_to_texts_generator(self, sequences):
        """Generator form of :meth:`sequences_to_texts`."""
        oov_index = self.word_index.get(self.oov_token)
        for seq in sequences:
            words = []
            for num in seq:
                word = self.index_word.get(num)
                if word is None:
                    if self.oov_token is not None:
                        words.append(self.index_word[oov_index])
                elif self.num_words and num >= self.num_words:
                    if oov_index is not None:
                        words.append(self.index_word[oov_index])
                else:
                    words.append(word)
            yield " ".join(words)

    def texts_to_matrix(self, texts, mode="binary"):
        """``sequences_to_matrix(texts_to_sequences(texts), mode)``."""
        return self.sequences_to_matrix(self.texts_to_sequences(texts), mode=mode)

    def sequences_to_matrix(self, sequences, mode="binary"):
        """A float64 [len(sequences), num_words] matrix: ``binary`` / ``count`` / ``freq`` / ``tfidf``.

        Raises:
          ValueError: no ``num_words`` and nothing fitted, tfidf before fitting, or an unknown mode."""
        if self.num_words:
            num_words = self.num_words
        elif self.word_index:
            num_words = len(self.word_index) + 1
        else:
            raise ValueError("Specify a dimension (`num_words` argument), or fit on some text data first.")
        if mode == "tfidf" and not self.document_count:
            raise ValueError("Fit the Tokenizer on some data before using tfidf mode.")
        matrix = np.zeros((len(sequences), num_words))
        for row, seq in enumerate(sequences):
            if not seq:
                continue
            counts = collections.Counter(j for j in seq if j < num_words)
            for j, c in counts.items():
                if mode == "count":
                    matrix[row][j] = c
                elif mode == "freq":
                    matrix[row][j] = c / len(seq)
                elif mode == "binary":
                    matrix[row][j] = 1
                elif mode == "tfidf":
                    idf = np.log(1 + self.document_count / (1 + self.index_docs.get(j, 0)))
                    matrix[row][j] = (1 + np.log(c)) * idf
                else:
                    raise ValueError("Unknown vectorization mode:", mode)
        return matrix

    def get_config(self):
        """The tokenizer's settings and tables (tables as JSON strings, as tf-keras)."""
        return {
            "num_words": self.num_words, "filters": self.filters, "lower": self.lower, "split": self.split,
            "char_level": self.char_level, "oov_token": self.oov_token, "document_count": self.document_count,
            "word_counts": json.dumps(self.word_counts), "word_docs": json.dumps(self.word_docs),
            "index_docs": json.dumps(self.index_docs), "index_word": json.dumps(self.index_word),
            "word_index": json.dumps(self.word_index),
        }

    def to_json(self, **kwargs):
        """``{"class_name": "Tokenizer", "config": get_config()}`` as JSON (``tokenizer_from_json`` reads it)."""
        return json.dumps({"class_name": type(self).__name__, "config": self.get_config()}, **kwargs)


def tokenizer_from_json(json_string):
    """Mirrors ``tokenizer_from_json``: a Tokenizer from :meth:`Tokenizer.to_json` output."""
    config = dict(json.loads(json_string).get("config"))
    tables = {key: json.loads(config.pop(key)) for key in ("word_counts", "word_docs", "index_docs",
                                                             "index_word", "word_index")}
    tokenizer = Tokenizer(**config)
    tokenizer.word_counts = tables["word_counts"]
    tokenizer.word_docs = tables["word_docs"]
    tokenizer.index_docs = {int(k): v for k, v in tables["index_docs"].items()}
    tokenizer.index_word = {int(k): v for k, v in tables["index_word"].items()}
    tokenizer.word_index = tables["word_index"]
    return tokenizer
