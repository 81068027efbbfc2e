"""Example parsing (``ops/parsing_ops.py``): ``parse_single_example``, ``parse_example``,
``parse_single_sequence_example``, ``parse_sequence_example`` with FixedLen, VarLen and FixedLenSequence
features, eager and in a graph; values, dtypes, shapes and errors from real TF."""
from __future__ import annotations

import pytest


def _serialized(tf, **features):
    def feature(v):
        if isinstance(v, float) or (isinstance(v, list) and v and isinstance(v[0], float)):
            return tf.train.Feature(float_list=tf.train.FloatList(value=v if isinstance(v, list) else [v]))
        if isinstance(v, bytes) or (isinstance(v, list) and v and isinstance(v[0], bytes)):
            return tf.train.Feature(bytes_list=tf.train.BytesList(value=v if isinstance(v, list) else [v]))
        return tf.train.Feature(int64_list=tf.train.Int64List(value=v if isinstance(v, list) else [v]))
    ex = tf.train.Example(features=tf.train.Features(feature={k: feature(v) for k, v in features.items()}))
    return ex.SerializeToString()


def _plain(result):
    """SparseTensors as (indices, values, dense_shape); dicts sorted."""
    if isinstance(result, dict):
        return {k: _plain(v) for k, v in result.items()}
    if isinstance(result, (list, tuple)) and not hasattr(result, "indices"):
        return type(result)(_plain(v) for v in result)
    if hasattr(result, "indices") and hasattr(result, "dense_shape"):
        return (result.indices, result.values, result.dense_shape)
    return result


def _ex1(tf):
    return _serialized(tf, f=[1.0, 2.0, 3.0], i=7, s=[b"a", b"bc"], m=[[1, 2, 3, 4, 5, 6]][0])


def _ex2(tf):
    return _serialized(tf, f=[5.0], i=[8], s=[b"z"])


SINGLE_CASES = {
    "fixed": lambda tf: {"f": tf.io.FixedLenFeature([3], tf.float32), "i": tf.io.FixedLenFeature([], tf.int64),
                         "s": tf.io.FixedLenFeature([2], tf.string)},
    "fixed-2d": lambda tf: {"m": tf.io.FixedLenFeature([2, 3], tf.int64)},
    "default": lambda tf: {"x": tf.io.FixedLenFeature([2], tf.float32, default_value=[0.5, 1.0]),
                           "y": tf.io.FixedLenFeature([], tf.string, default_value="none")},
    "varlen": lambda tf: {"s": tf.io.VarLenFeature(tf.string), "x": tf.io.VarLenFeature(tf.int64),
                          "f": tf.io.VarLenFeature(tf.float32)},
    "sequence": lambda tf: {"f": tf.io.FixedLenSequenceFeature([], tf.float32, allow_missing=True),
                            "m": tf.io.FixedLenSequenceFeature([2], tf.int64, allow_missing=True),
                            "x": tf.io.FixedLenSequenceFeature([], tf.float32, allow_missing=True)},
    "missing-required": lambda tf: {"x": tf.io.FixedLenFeature([3], tf.float32)},
    "wrong-type": lambda tf: {"f": tf.io.FixedLenFeature([3], tf.int64)},
    "wrong-size": lambda tf: {"f": tf.io.FixedLenFeature([2], tf.float32)},
    "bad-default-size": lambda tf: {"x": tf.io.FixedLenFeature([3], tf.float32, default_value=0.5)},
    "unsupported-dtype": lambda tf: {"f": tf.io.FixedLenFeature([3], tf.int32)},
    "sequence-needs-allow-missing": lambda tf: {"f": tf.io.FixedLenSequenceFeature([], tf.float32)},
    "empty": lambda tf: {},
}


@pytest.mark.parametrize("case", sorted(SINGLE_CASES))
def test_parse_single_example_eager(oracle, case):
    oracle.check(lambda tf: _plain(tf.io.parse_single_example(_ex1(tf), SINGLE_CASES[case](tf))))


@pytest.mark.parametrize("case", ["fixed", "default", "varlen", "sequence", "missing-required"])
def test_parse_single_example_graph(oracle, case):
    def prog(v1):
        tf = v1
        ser = v1.placeholder(v1.string, [])
        parsed = v1.parse_single_example(ser, SINGLE_CASES[case](tf))
        shapes = {k: (v.shape.as_list() if not hasattr(v, "indices") else None) for k, v in parsed.items()}
        with v1.Session() as sess:
            return shapes, _plain(sess.run(parsed, {ser: _ex1(tf)}))
    oracle.check_v1(prog)


BATCH_CASES = {
    "fixed-default": lambda tf: {"i": tf.io.FixedLenFeature([], tf.int64, default_value=-1),
                                 "f": tf.io.FixedLenFeature([1], tf.float32, default_value=[0.0])},
    "varlen": lambda tf: {"s": tf.io.VarLenFeature(tf.string), "f": tf.io.VarLenFeature(tf.float32)},
    "sequence": lambda tf: {"f": tf.io.FixedLenSequenceFeature([], tf.float32, allow_missing=True),
                            "g": tf.io.FixedLenSequenceFeature([], tf.float32, allow_missing=True,
                                                               default_value=-1.0)},
    "missing-required": lambda tf: {"m": tf.io.FixedLenFeature([6], tf.int64)},
}


@pytest.mark.parametrize("case", sorted(BATCH_CASES))
def test_parse_example_eager(oracle, case):
    def prog(tf):
        ser = [_ex1(tf), _ex2(tf)]
        return _plain(tf.io.parse_example(ser, BATCH_CASES[case](tf)))
    oracle.check(prog)


def test_parse_example_graph_static_shapes(oracle):
    def prog(v1):
        tf = v1
        ser = v1.placeholder(v1.string, [None])
        feats = {"i": tf.io.FixedLenFeature([], tf.int64, default_value=-1),
                 "f": tf.io.FixedLenSequenceFeature([], tf.float32, allow_missing=True),
                 "s": tf.io.VarLenFeature(tf.string)}
        parsed = v1.parse_example(ser, feats)
        shapes = [parsed["i"].shape.as_list(), parsed["f"].shape.as_list(), parsed["s"].indices.shape.as_list(),
                  parsed["s"].dense_shape.shape.as_list()]
        with v1.Session() as sess:
            return shapes, _plain(sess.run(parsed, {ser: [_ex1(tf), _ex2(tf)]}))
    oracle.check_v1(prog)


def test_garbage_input(oracle):
    oracle.check(lambda tf: tf.io.parse_single_example(b"garbage", {"f": tf.io.FixedLenFeature([3], tf.float32)}),
                 match_message="Could not parse example input")


def _sequence(tf):
    f = tf.train.Feature
    return tf.train.SequenceExample(
        context=tf.train.Features(feature={"len": f(int64_list=tf.train.Int64List(value=[2])),
                                           "id": f(bytes_list=tf.train.BytesList(value=[b"q1"]))}),
        feature_lists=tf.train.FeatureLists(feature_list={
            "tok": tf.train.FeatureList(feature=[f(int64_list=tf.train.Int64List(value=[4, 5])),
                                                 f(int64_list=tf.train.Int64List(value=[6, 7]))]),
            "var": tf.train.FeatureList(feature=[f(float_list=tf.train.FloatList(value=[1.0])),
                                                 f(float_list=tf.train.FloatList(value=[2.0, 3.0]))]),
        })).SerializeToString()


def test_parse_single_sequence_example(oracle):
    def prog(tf):
        ctx, seq = tf.io.parse_single_sequence_example(
            _sequence(tf),
            context_features={"len": tf.io.FixedLenFeature([], tf.int64),
                              "id": tf.io.FixedLenFeature([], tf.string)},
            sequence_features={"tok": tf.io.FixedLenSequenceFeature([2], tf.int64),
                               "var": tf.io.VarLenFeature(tf.float32)})
        return _plain(ctx), _plain(seq)
    oracle.check(prog)


def test_parse_sequence_example_batch(oracle):
    def prog(tf):
        ctx, seq, lengths = tf.io.parse_sequence_example(
            [_sequence(tf), _sequence(tf)],
            context_features={"len": tf.io.FixedLenFeature([], tf.int64)},
            sequence_features={"tok": tf.io.FixedLenSequenceFeature([2], tf.int64)})
        return _plain(ctx), _plain(seq), lengths
    oracle.check(prog)


def test_sequence_missing_feature_list(oracle):
    def prog(tf):
        return tf.io.parse_single_sequence_example(
            _sequence(tf), sequence_features={"nope": tf.io.FixedLenSequenceFeature([], tf.int64)})
    oracle.check(prog)


def test_scalar_string_is_bytes(oracle):
    # a scalar string feature (given or defaulted, single or in a dataset map) reads back as bytes, printed b'...'
    def prog(tf):
        spec = {"s": tf.io.FixedLenFeature([], tf.string, default_value=""),
                "d": tf.io.FixedLenFeature([], tf.string, default_value="dflt"),
                "v": tf.io.FixedLenFeature([2], tf.string)}
        data = _serialized(tf, s=b"goat", v=[b"a", b"b"])
        eager = tf.io.parse_single_example(data, spec)
        mapped = next(iter(tf.data.Dataset.from_tensors(data).map(lambda x: tf.io.parse_single_example(x, spec))))
        batch = tf.io.parse_example([data], spec)
        return [(type(r[k].numpy()).__name__, repr(r[k]), type(r["v"].numpy()[0]).__name__)
                for r in (eager, mapped) for k in ("s", "d")] + [type(batch["s"].numpy()[0]).__name__]
    oracle.check(prog)
