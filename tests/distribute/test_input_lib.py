"""Distributed datasets and iterators against TF 2.21 with one replica (elements, specs, iterator protocol,
end-of-sequence errors). Expected values: TF's."""
from __future__ import annotations

import pytest

DATASETS = {
    "batched": lambda tf: tf.data.Dataset.range(5).batch(2),
    "unbatched": lambda tf: tf.data.Dataset.range(3),
    "tuple": lambda tf: tf.data.Dataset.from_tensor_slices(([[1.0], [2.0], [3.0]], [0, 1, 0])).batch(2),
    "dict": lambda tf: tf.data.Dataset.from_tensor_slices({"a": [1.0, 2.0], "b": ["x", "y"]}).batch(1),
}


@pytest.mark.parametrize("case", sorted(DATASETS))
@pytest.mark.parametrize("strategy", ["mirrored", "one_device"])
def test_distribute_dataset_elements(oracle, case, strategy):
    def prog(tf):
        s = tf.distribute.MirroredStrategy() if strategy == "mirrored" else tf.distribute.OneDeviceStrategy("/cpu:0")
        d = s.experimental_distribute_dataset(DATASETS[case](tf))
        return type(d).__name__, [x for x in d], str(d.element_spec), isinstance(d, tf.distribute.DistributedDataset)
    oracle.check(prog)


def test_distributed_iterator(oracle):
    def prog(tf):
        s = tf.distribute.MirroredStrategy()
        it = iter(s.experimental_distribute_dataset(tf.data.Dataset.range(5).batch(2)))
        a = next(it)
        b = it.get_next()
        c = it.get_next_as_optional()
        d = it.get_next_as_optional()
        return (type(it).__name__, isinstance(it, tf.distribute.DistributedIterator), a, b, c.has_value(),
                c.get_value(), d.has_value(), str(it.element_spec))
    oracle.check(prog)


def test_distributed_iterator_end_of_sequence(oracle):
    def prog(tf):
        it = iter(tf.distribute.MirroredStrategy().experimental_distribute_dataset(tf.data.Dataset.range(1)))
        it.get_next()
        return it.get_next()
    oracle.check(prog)


def test_distributed_iterator_stop_iteration(oracle):
    def prog(tf):
        it = iter(tf.distribute.MirroredStrategy().experimental_distribute_dataset(tf.data.Dataset.range(1)))
        next(it)
        return next(it, "exhausted")
    oracle.check(prog)


def test_datasets_from_function(oracle):
    def prog(tf):
        s = tf.distribute.MirroredStrategy()
        seen = []

        def dataset_fn(ctx):
            seen.append((ctx.num_input_pipelines, ctx.input_pipeline_id, ctx.num_replicas_in_sync,
                         ctx.get_per_replica_batch_size(4)))
            return tf.data.Dataset.range(6).batch(ctx.get_per_replica_batch_size(4))
        d = s.distribute_datasets_from_function(dataset_fn, options=tf.distribute.InputOptions())
        called = list(seen)  # dataset_fn runs when the distributed dataset is made, as in TF
        return type(d).__name__, called, [x for x in d], str(d.element_spec)
    oracle.check(prog)


def test_distributed_loop_with_run(oracle):
    def prog(tf):
        s = tf.distribute.MirroredStrategy()
        d = s.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0, 4.0, 5.0]).batch(2))

        @tf.function
        def step(x):
            return s.reduce("SUM", s.run(lambda v: tf.reduce_sum(v * v), args=(x,)), axis=None)
        total = 0.0
        for batch in d:
            total += step(batch)
        return total
    oracle.check(prog)


def test_distributed_dataset_reduce(oracle):
    def prog(tf):
        d = tf.distribute.MirroredStrategy().experimental_distribute_dataset(tf.data.Dataset.range(4).batch(2))
        return d.reduce(tf.constant(0, tf.int64), lambda state, x: state + tf.reduce_sum(x))
    oracle.check(prog)


def test_bad_options_type(oracle):
    oracle.check(lambda tf: tf.distribute.MirroredStrategy().experimental_distribute_dataset(
        tf.data.Dataset.range(2), options={"fetch": True}))


def test_per_replica_mode_only_from_function(oracle):
    def prog(tf):
        s = tf.distribute.MirroredStrategy()
        per_replica = tf.distribute.InputReplicationMode.PER_REPLICA
        options = tf.distribute.InputOptions(experimental_replication_mode=per_replica,
                                             experimental_fetch_to_device=False)
        from_fn = [x for x in s.distribute_datasets_from_function(lambda ctx: tf.data.Dataset.range(2), options)]
        try:
            s.experimental_distribute_dataset(tf.data.Dataset.range(2), options)
        except NotImplementedError as e:
            return from_fn, str(e)
        return from_fn, "no error"
    oracle.check(prog)


def test_for_loop_over_distributed_dataset_in_tf_function(oracle):
    """AutoGraph turns ``for x in dist_dataset`` inside a tf.function into a dataset loop (the TF tutorial's
    ``distributed_train_epoch``)."""
    def prog(tf):
        s = tf.distribute.MirroredStrategy()
        with s.scope():
            w = tf.Variable(1.0)
        d = s.experimental_distribute_dataset(tf.data.Dataset.from_tensor_slices([1.0, 2.0, 3.0, 4.0]).batch(2))

        @tf.function
        def epoch(dataset):
            total = 0.0
            n = 0
            for x in dataset:
                w.assign_add(0.5)
                total += s.reduce("SUM", s.run(lambda v: tf.reduce_sum(v * w), args=(x,)), axis=None)
                n += 1
            return total / tf.cast(n, tf.float32)
        return epoch(d), w, d.reduce(tf.constant(0.0), lambda a, b: a + tf.reduce_sum(b))
    oracle.check(prog)
