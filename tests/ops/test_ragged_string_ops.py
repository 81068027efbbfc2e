"""``tf.strings`` elementwise wrappers on ``tf.RaggedTensor`` inputs (tfcompat/_src/ops/ragged/ragged_string_ops.py,
TF's ragged dispatch of string ops), and ``+`` of string RaggedTensors. Every expected value is TF's (oracle)."""
from __future__ import annotations

import pytest


def _parts(rt):
    """A RaggedTensor as plain data for the oracle: type, flat values, row splits, dtype, shape."""
    return [type(rt).__name__, rt.flat_values, list(rt.nested_row_splits), rt.dtype, rt.shape]


def _words(tf):
    return tf.ragged.constant([["So", "long"], ["thanks", "for", "ALL", " the "], []])


UNARY = [
    ("substr", lambda tf, w: tf.strings.substr(w, 0, 2)),
    ("substr_kwargs", lambda tf, w: tf.strings.substr(input=w, pos=1, len=2, unit="UTF8_CHAR")),
    ("substr_v1", lambda tf, w: tf.compat.v1.strings.substr(w, 1, 3)),
    ("lower", lambda tf, w: tf.strings.lower(w)),
    ("upper", lambda tf, w: tf.strings.upper(w)),
    ("strip", lambda tf, w: tf.strings.strip(w)),
    ("regex_full_match", lambda tf, w: tf.strings.regex_full_match(w, "[a-z]+")),
    ("regex_replace", lambda tf, w: tf.strings.regex_replace(w, "o", "0")),
    ("length", lambda tf, w: tf.strings.length(w)),
    ("length_utf8", lambda tf, w: tf.strings.length(w, unit="UTF8_CHAR")),
    ("to_hash_bucket_fast", lambda tf, w: tf.strings.to_hash_bucket_fast(w, 1024)),
    ("to_hash_bucket_strong", lambda tf, w: tf.strings.to_hash_bucket_strong(w, 10, [1, 2])),
    ("to_hash_bucket", lambda tf, w: tf.strings.to_hash_bucket(w, 10)),
    ("join", lambda tf, w: tf.strings.join([w, "-", w], separator="+")),
    ("add", lambda tf, w: w + w),
    ("add_scalar", lambda tf, w: w + "!"),
]


@pytest.mark.parametrize("op", [c[1] for c in UNARY], ids=[c[0] for c in UNARY])
def test_string_op_on_ragged(oracle, op):
    oracle.check(lambda tf: _parts(op(tf, _words(tf))))


def test_to_number_and_as_string(oracle):
    def prog(tf):
        nums = tf.strings.to_number(tf.ragged.constant([["1", "2.5"], [], ["-3"]]), out_type=tf.float64)
        text = tf.strings.as_string(tf.ragged.constant([[1.5, 2.0], [3.25]]), precision=2)
        return _parts(nums) + _parts(text)
    oracle.check(prog)


def test_nested_ragged(oracle):
    oracle.check(lambda tf: _parts(tf.strings.upper(tf.ragged.constant([[["a", "b"]], [["c"], []]]))))


def test_in_tf_function(oracle):
    def prog(tf):
        f = tf.function(lambda rt: tf.strings.length(tf.strings.substr(rt, 0, 3)))
        return _parts(f(_words(tf)))
    oracle.check(prog)


def test_errors(oracle):
    # a join of different row partitions, and a non-ragged wrapper error that dispatch must not swallow
    oracle.check(lambda tf: tf.strings.join([tf.ragged.constant([["a"], ["b", "c"]]),
                                             tf.ragged.constant([["a", "b"], ["c"]])]))
    oracle.check(lambda tf: tf.strings.to_hash_bucket_fast(_words(tf), 0))
    oracle.check(lambda tf: tf.strings.substr(tf.constant(["ab"]), [0, 1], [1]))
