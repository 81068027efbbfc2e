"""``tf.ones`` / ``tf.zeros`` / ``tf.ones_like`` with a string dtype (``ops/array_creation_ops.py``) against TF:
zeros are empty strings; ones raise TF's conversion TypeError (eager and traced messages differ, as TF's); ones_like
of strings is OnesLike's InvalidArgumentError."""
from __future__ import annotations

import pytest


MESSAGES = {"ones_eager": "Cannot convert 1 to EagerTensor of dtype string",
            "ones_traced": "Expected string, but got 1 of type 'int'.",
            "ones_like": "Value for attr 'T' of string is not in the list of allowed values"}


@pytest.mark.parametrize("case", ["ones_eager", "ones_traced", "zeros_eager", "zeros_traced", "ones_like"])
def test_string_ones_and_zeros(oracle, case):
    def prog(tf):
        build = {"ones": lambda: tf.ones([2], tf.string), "zeros": lambda: tf.zeros([2], tf.string)}
        kind, mode = case.split("_") if case != "ones_like" else ("ones_like", "eager")
        if kind == "ones_like":
            return tf.ones_like(tf.constant(["a"]))
        return build[kind]() if mode == "eager" else tf.function(build[kind])()
    oracle.check(prog, match_message=MESSAGES.get(case))
