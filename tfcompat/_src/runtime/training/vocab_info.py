"""``tf.compat.v1.train.VocabInfo``: the vocabulary description TF's warm-starting takes."""
from __future__ import annotations

import collections

__all__ = ["VocabInfo"]


class VocabInfo(collections.namedtuple("VocabInfo", ["new_vocab", "new_vocab_size", "num_oov_buckets", "old_vocab",
                                                     "old_vocab_size", "backup_initializer", "axis"])):
    """Mirrors ``tf.compat.v1.train.VocabInfo`` (a namedtuple; ``axis`` must be 0 or 1, TF's ValueError
    otherwise), as ``tf.compat.v1.train.warm_start`` takes it (``warm_starting.py`` remaps the vocabularies)."""

    __slots__ = ()

    def __new__(cls, new_vocab, new_vocab_size, num_oov_buckets, old_vocab, old_vocab_size=-1,
                backup_initializer=None, axis=0):
        if axis != 0 and axis != 1:
            raise ValueError("The only supported values for the axis argument are 0 and 1.  Provided axis: "
                             f"{axis}")
        return super().__new__(cls, new_vocab, new_vocab_size, num_oov_buckets, old_vocab, old_vocab_size,
                               backup_initializer, axis)
