"""Iteration against TF 2.21: the eager iterator (next / get_next / OutOfRangeError / optional), TF1 iterators
in Session.run (one-shot, initializable with fed placeholders, reinitializable, feedable; one element per run;
OutOfRangeError timing), and datasets inside tf.function (reduce, iter/next, an eager iterator argument)."""
from __future__ import annotations

import numpy as np
import pytest

from tests.data.helpers import elements


# ------------------------------------------------------------------------------------------------
# eager
# ------------------------------------------------------------------------------------------------
def test_next_and_stop_iteration(oracle):
    def prog(tf):
        it = iter(tf.data.Dataset.range(2))
        out = [next(it).numpy(), next(it).numpy()]
        try:
            next(it)
        except StopIteration:
            out.append("StopIteration")
        return out
    oracle.check(prog)


def test_get_next_raises_out_of_range(oracle):
    def prog(tf):
        it = iter(tf.data.Dataset.range(1))
        return it.get_next(), it.get_next()
    oracle.check(prog, match_message="End of sequence")


def test_get_next_as_optional(oracle):
    def prog(tf):
        it = iter(tf.data.Dataset.range(1))
        a, b = it.get_next_as_optional(), it.get_next_as_optional()
        return a.has_value(), a.get_value(), b.has_value()
    oracle.check(prog)


def test_iterator_element_spec_and_legacy_properties(oracle):
    def prog(tf):
        it = iter(tf.data.Dataset.from_tensor_slices({"a": [1, 2], "b": [[1.0], [2.0]]}))
        return repr(it.element_spec)
    oracle.check(prog)


def test_two_iterators_are_independent(oracle):
    def prog(tf):
        ds = tf.data.Dataset.range(3)
        a, b = iter(ds), iter(ds)
        return next(a), next(a), next(b), [x.numpy() for x in a], [x.numpy() for x in b]
    oracle.check(prog)


def test_for_loop_and_compat_one_shot_eager(oracle):
    def prog(tf):
        ds = tf.data.Dataset.from_tensor_slices(([1, 2], [3.0, 4.0]))
        total = 0.0
        for a, b in ds:
            total += float(a) * float(b)
        it = tf.compat.v1.data.make_one_shot_iterator(ds)
        return total, next(it)
    oracle.check(prog)


def test_initializable_iterator_refused_eagerly(oracle):
    oracle.check(lambda tf: tf.compat.v1.data.make_initializable_iterator(tf.data.Dataset.range(3)),
                 match_message="is not supported in eager mode")


def test_v2_dataset_has_no_tf1_iterator_methods(oracle):
    oracle.check(lambda tf: tf.data.Dataset.range(3).make_one_shot_iterator())


def test_which_v1_transformations_keep_v1_datasets(oracle):
    def prog(tf):
        ds = tf.compat.v1.data.Dataset.range(6)
        made = {"map": ds.map(lambda x: x), "batch": ds.batch(2), "shuffle": ds.shuffle(2), "take": ds.take(2),
                "enumerate": ds.enumerate(), "scan": ds.scan(tf.constant(0, tf.int64), lambda s, x: (s, x)),
                "unique": ds.unique(), "zip": tf.compat.v1.data.Dataset.zip((ds, ds)),
                "concatenate": ds.concatenate(ds), "window": ds.window(2), "apply": ds.apply(lambda d: d)}
        return {k: hasattr(v, "make_one_shot_iterator") for k, v in made.items()}
    oracle.check(prog)


# ------------------------------------------------------------------------------------------------
# TF1 graphs
# ------------------------------------------------------------------------------------------------
def _drain(v1, sess, x, limit=100):
    out = []
    for _ in range(limit):
        try:
            out.append(sess.run(x))
        except v1.errors.OutOfRangeError:
            out.append("OutOfRangeError")
            break
    return out


def test_one_shot_iterator(oracle):
    def prog(v1):
        ds = v1.data.Dataset.range(3).map(lambda x: x * 2)
        it = ds.make_one_shot_iterator()
        x = it.get_next()
        with v1.Session() as sess:
            out = _drain(v1, sess, x)
            out.append(_drain(v1, sess, x, 2))   # stays at the end
        return out, repr(x), x.op.type, it.output_types, it.output_shapes
    oracle.check_v1(prog)


def test_all_outputs_of_one_run_share_one_element(oracle):
    def prog(v1):
        ds = v1.data.Dataset.from_tensor_slices(({"a": [1, 2, 3]}, [10, 20, 30]))
        feats, label = v1.data.make_one_shot_iterator(ds).get_next()
        with v1.Session() as sess:
            return [sess.run([feats["a"], label]) for _ in range(3)]
    oracle.check_v1(prog)


def test_initializable_iterator_with_fed_placeholders(oracle):
    def prog(v1):
        p = v1.placeholder(v1.int64, [None])
        bs = v1.placeholder(v1.int64, [])
        ds = v1.data.Dataset.from_tensor_slices(p).map(lambda x: x * 2).batch(bs)
        it = ds.make_initializable_iterator()
        x = it.get_next()
        out = [repr(x), it.initializer.type]
        with v1.Session() as sess:
            try:
                sess.run(x)
            except v1.errors.FailedPreconditionError as e:
                out.append("GetNext() failed because the iterator has not been initialized" in str(e))
            sess.run(it.initializer, {p: [1, 2, 3], bs: 2})
            out.append(_drain(v1, sess, x))
            sess.run(it.initializer, {p: [5], bs: 4})
            out.append(_drain(v1, sess, x))
        return out
    oracle.check_v1(prog)


def test_training_loop_pattern(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 2])
        ds = v1.data.Dataset.from_tensor_slices(x).batch(2)
        it = v1.data.make_initializable_iterator(ds)
        batch = it.get_next()
        total = v1.reduce_sum(batch)
        sums = []
        with v1.Session() as sess:
            for epoch in range(2):
                sess.run(it.initializer, feed_dict={x: np.arange(10.0, dtype=np.float32).reshape(5, 2) * (epoch + 1)})
                while True:
                    try:
                        sums.append(sess.run(total))
                    except v1.errors.OutOfRangeError:
                        break
        return sums
    oracle.check_v1(prog)


def test_reinitializable_iterator(oracle):
    def prog(v1):
        it = v1.data.Iterator.from_structure(v1.int64, v1.TensorShape([]))
        x = it.get_next()
        i1 = it.make_initializer(v1.data.Dataset.range(2))
        i2 = it.make_initializer(v1.data.Dataset.range(10, 12))
        with v1.Session() as sess:
            sess.run(i1)
            a = [sess.run(x), sess.run(x)]
            sess.run(i2)
            b = _drain(v1, sess, x)
        return a, b, i1.type
    oracle.check_v1(prog)


def test_reinitializable_iterator_errors(oracle):
    def prog(v1):
        it = v1.data.Iterator.from_structure(v1.int64, v1.TensorShape([]))
        it.make_initializer(v1.data.Dataset.range(2).map(lambda x: v1.cast(x, v1.int32)))
    oracle.check_v1(prog, match_message="Expected output types tf.int64 but got dataset with output types tf.int32.")

    def no_initializer(v1):
        return v1.data.Iterator.from_structure(v1.int64).initializer
    oracle.check_v1(no_initializer, match_message="The iterator does not have an initializer.")


def test_feedable_iterator(oracle):
    def prog(v1):
        h = v1.placeholder(v1.string, [])
        it = v1.data.Iterator.from_string_handle(h, v1.int64, v1.TensorShape([]))
        x = it.get_next()
        train = v1.data.Dataset.range(5).make_one_shot_iterator()
        val = v1.data.Dataset.range(100, 103).make_initializable_iterator()
        with v1.Session() as sess:
            th, vh = sess.run(train.string_handle()), sess.run(val.string_handle())
            sess.run(val.initializer)
            out = [sess.run(x, {h: th}), sess.run(x, {h: vh}), sess.run(x, {h: th}), sess.run(x, {h: vh})]
        return type(th).__name__, out
    oracle.check_v1(prog)


def test_graph_structures_and_legacy_accessors(oracle):
    def prog(v1):
        ds = v1.data.Dataset.from_tensor_slices({"a": [1, 2], "b": [[1.0], [2.0]]}).batch(2)
        x = v1.data.make_one_shot_iterator(ds).get_next()
        return (sorted(x), repr(x["a"]), repr(x["b"]), v1.data.get_output_types(ds), v1.data.get_output_shapes(ds),
                ds.output_types, ds.output_shapes)
    oracle.check_v1(prog)


def test_graph_reduce_cardinality_single_element(oracle):
    def prog(v1):
        ds = v1.data.Dataset.range(5)
        c = ds.cardinality()
        r = ds.reduce(np.int64(0), lambda a, b: a + b)
        s = v1.data.Dataset.from_tensors((np.int64(3), 1.5)).get_single_element()
        with v1.Session() as sess:
            return sess.run([c, r, s]), c.dtype, r.shape
    oracle.check_v1(prog)


def test_graph_shuffle_restarts_with_each_initializer(oracle):
    def prog(v1):
        ds = v1.data.Dataset.range(6).shuffle(6, seed=1)
        it = ds.make_initializable_iterator()
        x = it.get_next()
        rep = v1.data.Dataset.range(10).shuffle(10, seed=1).repeat(2)
        y = rep.make_one_shot_iterator().get_next()
        with v1.Session() as sess:
            out = []
            for _ in range(2):
                sess.run(it.initializer)
                out.append([sess.run(x) for _ in range(6)])
            out.append([sess.run(y) for _ in range(20)])
        return out
    oracle.check_v1(prog)


def test_python_iteration_refused_in_graph(oracle):
    def prog(v1):
        return iter(v1.data.Dataset.range(3))
    oracle.check_v1(prog, match_message="only supports Python-style iteration in eager mode or within tf.function")


def test_two_sessions_have_their_own_iterators(oracle):
    def prog(v1):
        x = v1.data.Dataset.range(3).make_one_shot_iterator().get_next()
        s1, s2 = v1.Session(), v1.Session()
        out = [s1.run(x), s1.run(x), s2.run(x), s1.run(x), s2.run(x)]
        s1.close()
        s2.close()
        return out
    oracle.check_v1(prog)


def test_strings_through_graph_iterator(oracle):
    def prog(v1):
        ds = v1.data.Dataset.from_tensor_slices(["a", "bc"]).batch(2)
        x = ds.make_one_shot_iterator().get_next()
        y = v1.data.Dataset.from_tensor_slices(["z"]).make_one_shot_iterator().get_next()
        with v1.Session() as sess:
            return sess.run(x), sess.run(y), repr(x)
    oracle.check_v1(prog)


# ------------------------------------------------------------------------------------------------
# tf.function
# ------------------------------------------------------------------------------------------------
def test_reduce_inside_function(oracle):
    def prog(tf):
        @tf.function
        def total(n):
            return tf.data.Dataset.range(n).map(lambda x: x * 2).reduce(np.int64(0), lambda s, x: s + x)
        return total(tf.constant(4, tf.int64)), total(tf.constant(6, tf.int64))
    oracle.check(prog)


def test_dataset_argument_reduced_in_function(oracle):
    def prog(tf):
        @tf.function
        def total(ds):
            return ds.reduce(0.0, lambda s, x: s + x)
        ds = tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.5])
        return total(ds), total(ds)
    oracle.check(prog)


def test_iter_next_inside_function_is_fresh_each_call(oracle):
    def prog(tf):
        ds = tf.data.Dataset.range(10, 20)

        @tf.function
        def first_two():
            it = iter(ds)
            return next(it), next(it)
        return first_two(), first_two()
    oracle.check(prog)


def test_eager_iterator_passed_to_function(oracle):
    def prog(tf):
        it = iter(tf.data.Dataset.range(5).batch(2))

        @tf.function
        def step(iterator):
            return tf.reduce_sum(next(iterator))
        out = [step(it), step(it), step(it)]
        try:
            step(it)
        except tf.errors.OutOfRangeError:
            out.append("OutOfRangeError")
        return out
    oracle.check(prog)


def test_scan_and_take_while_built_inside_function(oracle):
    def prog(tf):
        @tf.function
        def f():
            ds = tf.data.Dataset.range(10).scan(np.int64(0), lambda s, x: (s + x, s + x)).take_while(lambda x: x < 20)
            return ds.reduce(np.int64(0), lambda s, x: s + 1), ds.cardinality()
        return f()
    oracle.check(prog)


def test_for_loop_over_dataset_in_function(oracle):
    def prog(tf):
        @tf.function
        def total(ds):
            s = tf.constant(0.0)
            for x, y in ds:
                s += tf.reduce_sum(x) * y
            return s

        @tf.function
        def until(ds):
            s = tf.constant(0, tf.int64)
            for x in ds:
                if x > 4:
                    break
                s += x
            return s
        ds = tf.data.Dataset.from_tensor_slices(([[1.0, 2.0], [3.0, 4.0]], [1.0, 2.0]))
        return total(ds), until(tf.data.Dataset.range(10)), until(tf.data.Dataset.range(3))
    oracle.check(prog)


GRAPH_PIPELINES = {
    "map_filter": lambda v1, src: src.map(lambda x: x * 3).filter(lambda x: v1.equal(x % 2, 0)),
    "batch_tensor_size": lambda v1, src: src.batch(v1.constant(2, v1.int64)),
    "shuffle_batch": lambda v1, src: src.shuffle(4, seed=5).batch(3, drop_remainder=True),
    "repeat_take_skip": lambda v1, src: src.repeat(2).skip(3).take(6),
    "window_flat_map": lambda v1, src: src.window(3, shift=2).flat_map(lambda w: w.batch(3)),
    "zip_enumerate": lambda v1, src: v1.data.Dataset.zip((src, src.map(lambda x: -x))).enumerate(1),
    "scan": lambda v1, src: src.scan(v1.constant(0, v1.int64), lambda s, x: (s + x, s)),
    "padded_batch": lambda v1, src: src.map(lambda x: v1.fill(v1.reshape(x % 3 + 1, [1]), x)).padded_batch(2),
    "interleave": lambda v1, src: src.interleave(lambda x: v1.data.Dataset.from_tensors(x).repeat(2),
                                                 cycle_length=2),
    "unbatch_rebatch": lambda v1, src: src.batch(4).unbatch().batch(3),
    "cache_prefetch": lambda v1, src: src.cache().prefetch(2),
    "group_by_window": lambda v1, src: src.group_by_window(lambda x: x % 2, lambda k, d: d.batch(2), 2),
}


@pytest.mark.parametrize("name", sorted(GRAPH_PIPELINES))
def test_graph_pipelines_with_fed_source(oracle, name):
    def prog(v1):
        p = v1.placeholder(v1.int64, [None])
        ds = GRAPH_PIPELINES[name](v1, v1.data.Dataset.from_tensor_slices(p))
        it = v1.data.make_initializable_iterator(ds)
        x = it.get_next()
        with v1.Session() as sess:
            sess.run(it.initializer, {p: np.arange(7)})
            first = _drain(v1, sess, x)
            sess.run(it.initializer, {p: np.arange(10, 13)})
            return first, _drain(v1, sess, x), repr(ds.element_spec)
    oracle.check_v1(prog)


def test_graph_functions_capture_graph_tensors(oracle):
    def prog(v1):
        x_ph = v1.placeholder(v1.float32, [None])
        scale = v1.placeholder(v1.float32, [])
        offset = v1.constant(100.0)
        ds = v1.data.Dataset.from_tensor_slices(x_ph).map(lambda x: x * scale + offset).filter(
            lambda x: x > offset + scale)
        it = v1.data.make_initializable_iterator(ds)
        nxt = it.get_next()
        total = ds.reduce(0.0, lambda s, x: s + x * scale)
        with v1.Session() as sess:
            sess.run(it.initializer, {x_ph: [1.0, 2.0, 3.0], scale: 2.0})
            first = _drain(v1, sess, nxt)
            sess.run(it.initializer, {x_ph: [5.0], scale: -1.0})
            return first, _drain(v1, sess, nxt), sess.run(total, {x_ph: [1.0, 2.0], scale: 3.0})
    oracle.check_v1(prog)


def test_function_arguments_captured_by_dataset_functions(oracle):
    def prog(tf):
        @tf.function
        def scaled_sum(scale):
            ds = tf.data.Dataset.range(4).map(lambda x: tf.cast(x, tf.float32) * scale)
            return ds.reduce(0.0, lambda s, x: s + x + scale)
        nested = tf.data.Dataset.range(1, 4).flat_map(
            lambda n: tf.data.Dataset.range(n).map(lambda i: i * 10 + n))
        return scaled_sum(tf.constant(2.0)), scaled_sum(tf.constant(-1.0)), elements(nested)
    oracle.check(prog)


def test_map_reads_variables_when_it_runs(oracle):
    def prog(tf):
        w = tf.Variable(3.0)
        ds = tf.data.Dataset.range(3).map(lambda x: tf.cast(x, tf.float32) * w)
        before = elements(ds)
        w.assign(10.0)
        return before, elements(ds)
    oracle.check(prog)


def test_datasets_returned_by_graph_functions_capture_outer_tensors(oracle):
    def prog(v1):
        p = v1.placeholder(v1.int64, [None])
        ds = v1.data.Dataset.range(3).flat_map(
            lambda i: v1.data.Dataset.from_tensor_slices(p).map(lambda v: v * (i + 1)))
        it = v1.data.make_initializable_iterator(ds)
        nxt = it.get_next()
        with v1.Session() as sess:
            sess.run(it.initializer, {p: [1, 2]})
            return _drain(v1, sess, nxt)
    oracle.check_v1(prog)


def test_initializer_checks_slice_sizes(oracle):
    # TF's TensorSliceDataset checks the fed components when the initializer runs, not at the first element.
    def prog(v1):
        a, b = v1.placeholder(v1.int32, [None]), v1.placeholder(v1.int32, [None])
        it = v1.data.make_initializable_iterator(v1.data.Dataset.from_tensor_slices((a, b)).map(lambda x, y: x + y))
        with v1.Session() as sess:
            try:
                sess.run(it.initializer, {a: [1, 2], b: [1]})
            except v1.errors.InvalidArgumentError as e:
                return "initializer", "All components must have the same size in the 0th dimension" in str(e)
            return "initialized"
    oracle.check_v1(prog)
