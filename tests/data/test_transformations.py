"""Transformations without user functions against TF 2.21: repeat, take, skip, shard, concatenate, enumerate,
prefetch, cache, snapshot, unique, assert_cardinality, with_options, apply (elements, order, specs, cardinality,
errors)."""
from __future__ import annotations

import os

import numpy as np
import pytest

from tests.data.helpers import card, elements, summary


def _r(tf, *a):
    return tf.data.Dataset.range(*a)


def _unknown(tf, n):
    return tf.data.Dataset.range(n).filter(lambda x: x >= 0)  # same elements, cardinality unknown


CASES = {
    "repeat_twice": lambda tf: _r(tf, 3).repeat(2),
    "repeat_zero": lambda tf: _r(tf, 3).repeat(0),
    "repeat_forever_take": lambda tf: _r(tf, 2).repeat().take(5),
    "repeat_negative_take": lambda tf: _r(tf, 2).repeat(-3).take(5),
    "repeat_empty_forever": lambda tf: _r(tf, 0).repeat(),
    "repeat_unknown_forever_take": lambda tf: _unknown(tf, 2).repeat().take(3),
    "repeat_tensor_count": lambda tf: _r(tf, 2).repeat(tf.constant(2, tf.int64)),
    "take": lambda tf: _r(tf, 5).take(2),
    "take_all": lambda tf: _r(tf, 3).take(-1),
    "take_more": lambda tf: _r(tf, 3).take(10),
    "take_unknown": lambda tf: _unknown(tf, 5).take(2),
    "take_tensor": lambda tf: _r(tf, 5).take(tf.constant(2, tf.int64)),
    "skip": lambda tf: _r(tf, 5).skip(2),
    "skip_all": lambda tf: _r(tf, 5).skip(-1),
    "skip_more": lambda tf: _r(tf, 3).skip(5),
    "skip_infinite_take": lambda tf: _r(tf, 3).repeat().skip(2).take(4),
    "shard": lambda tf: _r(tf, 10).shard(3, 1),
    "shard_last": lambda tf: _r(tf, 10).shard(3, 2),
    "concatenate": lambda tf: _r(tf, 3).concatenate(_r(tf, 10, 12)),
    "concatenate_relaxes_shape": lambda tf: tf.data.Dataset.from_tensors([1, 2]).concatenate(
        tf.data.Dataset.from_tensors([3])),
    "concatenate_unknown": lambda tf: _r(tf, 3).concatenate(_unknown(tf, 2)),
    "concatenate_infinite": lambda tf: _r(tf, 3).concatenate(_r(tf, 1).repeat()).take(5),
    "enumerate": lambda tf: tf.data.Dataset.from_tensor_slices([5, 6]).enumerate(start=3),
    "enumerate_tuple": lambda tf: tf.data.Dataset.zip((_r(tf, 2), _r(tf, 2))).enumerate(),
    "zip_shortest": lambda tf: tf.data.Dataset.zip((_r(tf, 3), _r(tf, 5).repeat())),
    "zip_unknown": lambda tf: tf.data.Dataset.zip((_r(tf, 3), _unknown(tf, 5))),
    "prefetch": lambda tf: _r(tf, 5).prefetch(2),
    "prefetch_autotune": lambda tf: _r(tf, 5).prefetch(tf.data.AUTOTUNE),
    "prefetch_zero": lambda tf: _r(tf, 5).prefetch(0),
    "cache_memory": lambda tf: _r(tf, 4).cache(),
    "unique_int": lambda tf: tf.data.Dataset.from_tensor_slices([1, 2, 1, 3, 2]).unique(),
    "unique_string": lambda tf: tf.data.Dataset.from_tensor_slices(["a", "b", "a"]).unique(),
    "assert_cardinality": lambda tf: _unknown(tf, 3).apply(tf.data.experimental.assert_cardinality(3)),
    "with_options": lambda tf: _r(tf, 3).with_options(tf.data.Options()),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_transformation(oracle, name):
    oracle.check(lambda tf: summary(CASES[name](tf)))


def test_reprs(oracle):
    names = ["repeat_twice", "take", "skip", "shard", "concatenate", "prefetch", "cache_memory", "unique_int",
             "zip_shortest"]
    oracle.check(lambda tf: [repr(CASES[n](tf)).split(" ")[0] for n in names])


ERRORS = {
    "shard_index": lambda tf: _r(tf, 3).shard(2, 2),
    "shard_zero": lambda tf: _r(tf, 3).shard(0, 0),
    "concatenate_dtypes": lambda tf: _r(tf, 3).concatenate(tf.data.Dataset.from_tensors(1.0)),
    "concatenate_structure": lambda tf: _r(tf, 3).concatenate(tf.data.Dataset.from_tensors((1, 2))),
    "prefetch_negative": lambda tf: _r(tf, 3).prefetch(-5),
    "unique_float": lambda tf: tf.data.Dataset.from_tensor_slices([1.0, 2.0]).unique(),
    "assert_cardinality_short": lambda tf: elements(_r(tf, 3).apply(tf.data.experimental.assert_cardinality(5))),
    "assert_cardinality_long": lambda tf: elements(_r(tf, 7).apply(tf.data.experimental.assert_cardinality(5))),
    "assert_cardinality_one": lambda tf: elements(_r(tf, 3).apply(tf.data.experimental.assert_cardinality(1))),
    "apply_not_dataset": lambda tf: _r(tf, 3).apply(lambda ds: 3),
}


@pytest.mark.parametrize("name", sorted(ERRORS))
def test_transformation_errors(oracle, name):
    oracle.check(lambda tf: ERRORS[name](tf))


def test_error_messages(oracle):
    oracle.check(ERRORS["shard_index"], match_message="Index must be between 0 and 1 (currently index = 2).")
    oracle.check(ERRORS["concatenate_dtypes"], match_message="Incompatible dataset elements")
    oracle.check(ERRORS["assert_cardinality_short"],
                 match_message="Input dataset was expected to contain 5 elements but contained only 3 elements.")
    oracle.check(ERRORS["assert_cardinality_long"],
                 match_message="Input dataset was expected to contain 5 elements but contained at least 6 "
                               "elements.")
    oracle.check(ERRORS["unique_float"], match_message="`tf.data.Dataset.unique` does not support type")


def test_take_does_not_pull_more_than_it_needs(oracle):
    def prog(tf):
        pulled = []

        def gen():
            for i in range(10):
                pulled.append(i)
                yield i
        ds = tf.data.Dataset.from_generator(gen, output_types=tf.int64).take(3)
        return elements(ds), len(pulled)
    oracle.check(prog)


def test_cache_memory_keeps_first_complete_pass(oracle):
    def prog(tf):
        calls = []

        def gen():
            calls.append(1)
            yield from range(3)
        ds = tf.data.Dataset.from_generator(gen, output_types=tf.int64).cache()
        partial = elements(ds.take(2))
        return partial, elements(ds), elements(ds), len(calls)
    oracle.check(prog)


def test_cache_file_round_trip(oracle, tmp_path):
    def prog(tf):
        path = os.path.join(str(tmp_path), f"cache_{tf.__name__}")
        calls = []

        def gen():
            calls.append(1)
            yield from ([1.0, 2.0], [3.0, 4.0])
        ds = tf.data.Dataset.from_generator(gen, output_types=tf.float32, output_shapes=[2]).cache(path)
        first = elements(ds)
        again = elements(tf.data.Dataset.from_generator(gen, output_types=tf.float32,
                                                        output_shapes=[2]).cache(path))
        return first, again, len(calls)
    oracle.check(prog)


def test_options(oracle):
    def prog(tf):
        opts = tf.data.Options()
        opts.deterministic = False
        opts.threading.private_threadpool_size = 4
        ds = tf.data.Dataset.range(3).with_options(opts).map(lambda x: x)
        got = ds.options()
        merged = tf.data.Options().merge(opts)
        return (got.deterministic, got.threading.private_threadpool_size, got == opts, merged.deterministic,
                tf.data.Options() == tf.data.Options(), tf.data.Options().deterministic,
                opts.experimental_deterministic)
    oracle.check(prog)


def test_options_reject_unknown_attribute(oracle):
    def prog(tf):
        opts = tf.data.Options()
        opts.no_such_option = 1
    oracle.check(prog)


def test_len_and_cardinality_rules(oracle):
    def prog(tf):
        ds = tf.data.Dataset.range(10)
        out = [len(ds.batch(3)), card(ds.repeat()), card(_unknown(tf, 3)), card(ds.take(3).repeat(2))]
        for bad in (ds.repeat(), _unknown(tf, 3)):
            try:
                len(bad)
            except TypeError as e:
                out.append(str(e))
        return out, tf.data.INFINITE_CARDINALITY, tf.data.UNKNOWN_CARDINALITY, tf.data.AUTOTUNE, \
            tf.data.experimental.INFINITE_CARDINALITY, tf.data.experimental.UNKNOWN_CARDINALITY
    oracle.check(prog)


def test_len_inside_function(oracle):
    def prog(tf):
        return tf.function(lambda: len(tf.data.Dataset.range(3)))()
    oracle.check(prog, match_message="only supports `len` in eager mode")


def test_repeat_reiterates_sources(oracle):
    def prog(tf):
        x = np.arange(6).reshape(3, 2)
        ds = tf.data.Dataset.from_tensor_slices(x).repeat(2)
        return elements(ds), elements(ds.batch(4))
    oracle.check(prog)


def test_snapshot_replays_its_first_complete_pass(oracle, tmp_path):
    """A generator counts its runs: TF runs the input once and replays the snapshot (a shuffle before it is not
    redrawn), then a new snapshot dataset on the same path in the same process. (The files themselves differ:
    known deviation data-snapshot-files.)"""
    def prog(tf):
        path = os.path.join(str(tmp_path), f"snap_{tf.__name__}")
        calls = []

        def gen():
            calls.append(1)
            yield from range(5)
        ds = tf.data.Dataset.from_generator(gen, output_types=tf.int64).shuffle(5).snapshot(path)
        first, second = elements(ds), elements(ds)
        return sorted(first), first == second, len(calls), os.path.isdir(path)
    oracle.check(prog)


ARG_ERRORS = {
    "take_int32_tensor": lambda tf: tf.data.Dataset.range(5).take(tf.constant(2)),
    "batch_int32_tensor": lambda tf: tf.data.Dataset.range(5).batch(tf.constant(2)),
    "range_int32_tensor": lambda tf: tf.data.Dataset.range(tf.constant(3)),
    "take_float": lambda tf: tf.data.Dataset.range(5).take(2.0),
    "shuffle_float": lambda tf: tf.data.Dataset.range(5).shuffle(2.5),
}


@pytest.mark.parametrize("name", sorted(ARG_ERRORS))
def test_int64_argument_errors(oracle, name):
    oracle.check(lambda tf: ARG_ERRORS[name](tf))


def test_int64_argument_conversions(oracle):
    oracle.check(lambda tf: (elements(tf.data.Dataset.range(5).take(np.int32(2))),
                             elements(tf.data.Dataset.range(3).batch(True)),
                             elements(tf.data.Dataset.range(5).skip(tf.constant(3, tf.int64)))))
