"""``tf.contrib.learn.preprocessing.VocabularyProcessor`` (TF 1.15).

TF 2.21 has nothing equivalent to run (its TextVectorization tokenizes, orders and pads differently), so every
expected value here is by hand, worked from TF 1.15's ``text.py`` / ``categorical_vocabulary.py``: the token
regex, ids in order of first appearance (0 = '<UNK>'), ``min_frequency`` keeping counts > min renumbered by
decreasing count then alphabetically, int64 rows truncated/zero-padded to ``max_document_length``."""
from __future__ import annotations

import numpy as np
import pytest

DOCS = ["I like NLP a lot", "i like it", "NLP is fun, isn't it?", "XMLHttpRequest rocks"]


def _vp():
    import tfcompat.compat.v1 as tf
    return tf.contrib.learn.preprocessing


def test_tokenizer_regex():
    toks = list(_vp().tokenizer(["XMLHttpRequest rocks", "isn't it?", "e-mail me_2 NOW", "CamelCase"]))
    assert toks == [["XML", "Http", "Request", "rocks"], ["isn't", "it"], ["e-mail", "me_2", "NOW"],
                    ["Camel", "Case"]]


def test_fit_transform_ids_padding_and_truncation():
    vp = _vp().VocabularyProcessor(4)
    rows = list(vp.fit_transform(DOCS))
    assert all(r.dtype == np.int64 and r.shape == (4,) for r in rows)
    # ids by first appearance: I=1 like=2 NLP=3 a=4 lot=5 i=6 it=7 is=8 fun=9 isn't=10 XML=11 Http=12
    # Request=13 rocks=14 (the first document's 5th token is cut by max_document_length=4)
    np.testing.assert_array_equal(np.array(rows), [[1, 2, 3, 4], [6, 2, 7, 0], [3, 8, 9, 10], [11, 12, 13, 14]])
    assert len(vp.vocabulary_) == 15 and vp.vocabulary_.get("lot") == 5   # fitted although cut from its row
    assert list(vp.transform(["like unseen NLP"]))[0].tolist() == [2, 0, 3, 0]   # frozen: unknown -> 0
    assert list(vp.reverse([[1, 2, 0]])) == ["I like <UNK>"]


def test_min_frequency_trims_and_renumbers():
    vp = _vp().VocabularyProcessor(3, min_frequency=1)
    vp.fit(["b a c", "a b d", "a e"])
    # counts a=3, b=2, c=d=e=1: keep counts > 1, by decreasing count: a=1, b=2
    assert vp.vocabulary_._mapping == {"<UNK>": 0, "a": 1, "b": 2}
    assert [r.tolist() for r in vp.transform(["c b a", "a"])] == [[0, 2, 1], [1, 0, 0]]


def test_frequency_ties_are_alphabetical():
    vocab = _vp().CategoricalVocabulary()
    for token in ["z", "y", "x", "y", "z", "x", "w"]:
        vocab.add(token)
    vocab.trim(0)
    assert [vocab.reverse(i) for i in range(len(vocab))] == ["<UNK>", "x", "y", "z", "w"]


def _bar_tokenizer(docs):
    # module level: save() pickles the processor with its tokenizer (a lambda would not pickle, as in TF)
    return (d.split("|") for d in docs)


def test_custom_tokenizer_and_vocabulary(tmp_path):
    vocab = _vp().CategoricalVocabulary(unknown_token="?")
    vp = _vp().VocabularyProcessor(3, vocabulary=vocab, tokenizer_fn=_bar_tokenizer)
    assert [r.tolist() for r in vp.fit_transform(["a|b", "b|c|a|d"])] == [[1, 2, 0], [2, 3, 1]]
    path = str(tmp_path / "vocab")
    vp.save(path)
    back = _vp().VocabularyProcessor.restore(path)
    assert back.vocabulary_._mapping == {"?": 0, "a": 1, "b": 2, "c": 3, "d": 4}
    assert list(back.reverse([[3, 0]])) == ["c ?"]


def test_reverse_needs_support_reverse():
    vocab = _vp().CategoricalVocabulary(support_reverse=False)
    vocab.get("a")
    with pytest.raises(ValueError, match="support_reverse"):
        vocab.reverse(1)
