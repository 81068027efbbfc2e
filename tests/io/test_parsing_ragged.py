"""``tf.io.RaggedFeature`` in ``tf.io.parse_example`` / ``parse_single_example`` (``ops/parsing_ragged.py`` and
the ragged outputs of ``ops/parsing_ops.py``) against real TF: no partitions, each keyed partition kind and
``UniformRowLength``, batched and single, float/int/bytes values. The features ask for int64 row splits: with
TF's int32 default tfcompat's splits are int64 (known deviation "ragged-int64-splits"). Expected values come
from TF."""
from __future__ import annotations

import pytest


def _examples(tf):
    def ex(vals, lengths, splits, ids, words):
        return tf.train.Example(features=tf.train.Features(feature={
            "v": tf.train.Feature(float_list=tf.train.FloatList(value=vals)),
            "lens": tf.train.Feature(int64_list=tf.train.Int64List(value=lengths)),
            "splits": tf.train.Feature(int64_list=tf.train.Int64List(value=splits)),
            "ids": tf.train.Feature(int64_list=tf.train.Int64List(value=ids)),
            "w": tf.train.Feature(bytes_list=tf.train.BytesList(value=words)),
        })).SerializeToString()
    return [ex([1.0, 2.0, 3.0, 4.0], [1, 3], [0, 1, 4], [0, 1, 1, 1], [b"a", b"b"]),
            ex([], [], [0], [], []),
            ex([5.0, 6.0], [2], [0, 2], [0, 0], [b"c"])]


def _features(tf):
    def rf(dtype, **kwargs):
        return tf.io.RaggedFeature(dtype, row_splits_dtype=tf.int64, **kwargs)
    part = tf.io.RaggedFeature
    return {
        "plain": {"v": rf(tf.float32)},
        "bytes": {"w": rf(tf.string)},
        "row_lengths": {"r": rf(tf.float32, value_key="v", partitions=[part.RowLengths("lens")])},
        "row_splits": {"r": rf(tf.float32, value_key="v", partitions=[part.RowSplits("splits")])},
        "row_limits": {"r": rf(tf.float32, value_key="v", partitions=[part.RowLimits("splits")])},
        "value_rowids": {"r": rf(tf.float32, value_key="v", partitions=[part.ValueRowIds("ids")])},
        "uniform": {"r": rf(tf.float32, value_key="v", partitions=[part.UniformRowLength(2)])},
    }


def _show(value):
    if hasattr(value, "to_list"):
        return ["ragged", value.to_list(), value.row_splits.dtype]
    return value


@pytest.mark.parametrize("case", ["plain", "bytes", "row_lengths", "row_splits", "row_limits",
                                  "value_rowids", "uniform"])
def test_parse_example_ragged(oracle, case):
    def prog(tf):
        parsed = tf.io.parse_example(_examples(tf), _features(tf)[case])
        return {k: _show(v) for k, v in parsed.items()}
    oracle.check(prog)


@pytest.mark.parametrize("case", ["plain", "row_lengths", "uniform"])
def test_parse_single_example_ragged(oracle, case):
    def prog(tf):
        parsed = tf.io.parse_single_example(_examples(tf)[0], _features(tf)[case])
        return {k: _show(v) for k, v in parsed.items()}
    oracle.check(prog)


def test_ragged_feature_argument_errors(oracle):
    def prog(tf):
        return tf.io.RaggedFeature(tf.int32)
    oracle.check(prog, match_message="must be int64, float32, or bytes")
