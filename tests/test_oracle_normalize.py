"""The oracle harness's normalisation of list and tuple subclasses (tests/oracle.py ``normalize``): tracked
``ListWrapper`` attributes of ``tf.Module`` (TF's cannot be rebuilt from a generator) and ``torch.Size``-like
tuples become plain lists and tuples. Expected values by hand (the harness's contract) and TF's (live or
recorded)."""
from __future__ import annotations

import numpy as np

from tests.oracle import normalize


class _Items(list):
    def __init__(self, items):   # like TF's ListWrapper: not constructible from a generator
        super().__init__(list(items))
        self[0]  # noqa: B018 - an empty list raises, as a generator argument would


def test_list_and_tuple_subclasses_become_plain():
    got = normalize((_Items([np.float32(1.0), (1, 2)]), {"k": _Items([3])}))
    assert type(got[0]) is list and type(got[0][1]) is tuple and type(got[1]["k"]) is list
    assert got[0][0].dtype == np.float32 and got[1]["k"] == [3]


def test_module_list_attributes(oracle):
    def prog(tf):
        m = tf.Module()
        m.layers = [tf.constant(1.0), [2, 3], {"a": tf.constant([1, 2])}]
        return m.layers, type(m.layers).__name__
    oracle.check(prog)
