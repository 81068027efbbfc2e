"""tf.distribute contexts, Strategy.run/reduce/gather/local results, ReplicaContext and the input helpers
against TF 2.21 on this one-device (CPU) machine, where every strategy has one replica. Expected values: TF's."""
from __future__ import annotations

import pytest


def _mirrored(tf):
    return tf.distribute.MirroredStrategy()


def _one_device(tf):
    return tf.distribute.OneDeviceStrategy("/cpu:0")


def _default(tf):
    return tf.distribute.get_strategy()


STRATEGIES = {"mirrored": _mirrored, "one_device": _one_device, "default": _default}


def test_default_context(oracle):
    def prog(tf):
        s = tf.distribute.get_strategy()
        ctx = tf.distribute.get_replica_context()
        return (type(s).__name__, s.num_replicas_in_sync, tf.distribute.has_strategy(),
                tf.distribute.in_cross_replica_context(), ctx is not None, ctx.replica_id_in_sync_group,
                ctx.num_replicas_in_sync, ctx.strategy is s, isinstance(s, tf.distribute.Strategy))
    oracle.check(prog)


@pytest.mark.parametrize("make", [_mirrored, _one_device], ids=["mirrored", "one_device"])
def test_scope_contexts(oracle, make):
    def prog(tf):
        s = make(tf)
        with s.scope() as entered:
            inside = (entered is s, tf.distribute.get_strategy() is s, tf.distribute.has_strategy(),
                      tf.distribute.in_cross_replica_context(), tf.distribute.get_replica_context())
            with s.scope():  # re-entering the same strategy's scope is allowed
                nested = tf.distribute.get_strategy() is s
        after = (tf.distribute.has_strategy(), tf.distribute.get_strategy() is s)
        return inside, nested, after, s.num_replicas_in_sync, isinstance(s.extended, tf.distribute.StrategyExtended)
    oracle.check(prog)


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_run_replica_context(oracle, name):
    make = STRATEGIES[name]

    def prog(tf):
        s = make(tf)

        def fn(x, y=1.0):
            ctx = tf.distribute.get_replica_context()
            return {"out": (x * y, x + 1), "rid": ctx.replica_id_in_sync_group,
                    "n": ctx.num_replicas_in_sync, "same": ctx.strategy is s,
                    "strategy": tf.distribute.get_strategy() is s,
                    "cross": tf.distribute.in_cross_replica_context(), "has": tf.distribute.has_strategy()}
        return s.run(fn, args=(tf.constant([1.0, 2.0]),), kwargs={"y": tf.constant(3.0)})
    oracle.check(prog)


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_run_returns_python_values_unchanged(oracle, name):
    make = STRATEGIES[name]
    oracle.check(lambda tf: (make(tf).run(lambda: 3), make(tf).run(lambda: None),
                             make(tf).run(lambda a: a, args=("text",))))


@pytest.mark.parametrize("name", sorted(STRATEGIES))
def test_all_reduce_and_merge_call(oracle, name):
    make = STRATEGIES[name]

    def prog(tf):
        s = make(tf)

        def fn():
            ctx = tf.distribute.get_replica_context()
            a = ctx.all_reduce(tf.distribute.ReduceOp.SUM, tf.constant([1.0, 2.0]))
            b = ctx.all_reduce("MEAN", {"x": tf.constant(3.0), "y": tf.constant([4.0, 6.0])})
            merged = ctx.merge_call(lambda strategy, v: (strategy is s, v * 10.0,
                                                         tf.distribute.in_cross_replica_context(),
                                                         tf.distribute.get_replica_context()),
                                    args=(tf.constant(1.0),))
            return a, b, merged, tf.distribute.in_cross_replica_context()
        return s.run(fn)
    oracle.check(prog)


REDUCE_CASES = {
    "sum_none": lambda tf: ("SUM", tf.constant([[1.0, 2.0], [3.0, 5.0]]), None),
    "mean_none": lambda tf: (tf.distribute.ReduceOp.MEAN, tf.constant([1.0, 2.0]), None),
    "sum_axis0": lambda tf: (tf.distribute.ReduceOp.SUM, tf.constant([[1.0, 2.0], [3.0, 5.0]]), 0),
    "sum_axis1": lambda tf: ("SUM", tf.constant([[1.0, 2.0], [3.0, 5.0]]), 1),
    "mean_axis0": lambda tf: ("MEAN", tf.constant([[1.0, 2.0], [3.0, 5.0]]), 0),
    "mean_axis1": lambda tf: (tf.distribute.ReduceOp.MEAN, tf.constant([[1.0, 2.0], [3.0, 5.0]]), 1),
    "mean_neg_axis": lambda tf: ("MEAN", tf.constant([[1.0, 2.0]]), -1),
    "mean_tuple_axis": lambda tf: ("MEAN", tf.constant([[1.0, 2.0], [3.0, 6.0]]), (0, 1)),
    "lowercase_op": lambda tf: ("sum", tf.constant([1.0, 2.0]), 0),
    "sum_int_axis0": lambda tf: ("SUM", tf.constant([1, 2]), 0),
    "mean_int_axis0_float64": lambda tf: ("MEAN", tf.constant([1, 2]), 0),
    "mean_int_none": lambda tf: ("MEAN", tf.constant(3), None),
    "python_scalar": lambda tf: ("SUM", 3.0, None),
    "python_list_axis0": lambda tf: ("SUM", [1.0, 2.0], 0),
    "mean_empty_nan": lambda tf: ("MEAN", tf.zeros([0]), 0),
    "mean_int64": lambda tf: ("MEAN", tf.constant([2, 3], tf.int64), 0),
    "bad_op": lambda tf: ("PROD", tf.constant(1.0), None),
    "axis_out_of_range": lambda tf: ("SUM", tf.constant([1.0]), 2),
    "mean_axis_out_of_range": lambda tf: ("MEAN", tf.constant([1.0]), 1),
    "mean_bad_axis_type": lambda tf: ("MEAN", tf.constant([3.0]), "a"),
}


@pytest.mark.parametrize("name", sorted(STRATEGIES))
@pytest.mark.parametrize("case", sorted(REDUCE_CASES))
def test_reduce(oracle, name, case):
    make = STRATEGIES[name]

    def prog(tf):
        op, value, axis = REDUCE_CASES[case](tf)
        return make(tf).reduce(op, value, axis=axis)
    oracle.check(prog)


def test_reduce_of_run_result_in_tf_function(oracle):
    def prog(tf):
        s = tf.distribute.MirroredStrategy()

        @tf.function
        def step(x):
            per_replica = s.run(lambda v: v * v, args=(x,))
            return (s.reduce("SUM", per_replica, axis=None), s.reduce("SUM", per_replica, axis=0),
                    s.reduce("MEAN", per_replica, axis=0))
        return step(tf.constant([1.0, 2.0, 4.0]))
    oracle.check(prog)


def test_run_context_inside_tf_function(oracle):
    def prog(tf):
        s = tf.distribute.OneDeviceStrategy("/cpu:0")

        @tf.function
        def step(x):
            def replica_fn(v):
                ctx = tf.distribute.get_replica_context()
                if tf.reduce_sum(v) > 0:   # autograph converts the replica function, as TF does
                    v = v * 2.0
                return v + tf.cast(ctx.replica_id_in_sync_group, tf.float32)
            return s.run(replica_fn, args=(x,))
        return step(tf.constant([1.0, 2.0])), step(tf.constant([-1.0, -2.0]))
    oracle.check(prog)


def test_local_results_gather_unwrap(oracle):
    def prog(tf):
        s = tf.distribute.MirroredStrategy()
        r = s.run(lambda: tf.constant([[1.0], [2.0]]))
        return (s.experimental_local_results(r), s.experimental_local_results(3.0),
                s.experimental_local_results({"a": tf.constant(1.0)}), s.gather(r, axis=0), s.gather(r, axis=1),
                s.gather(tf.constant(1.0), axis=0))
    oracle.check(prog)


ERROR_CASES = {
    "mix_scopes": lambda tf, m, o: _enter_both(m, o),
    "reduce_in_replica_context": lambda tf, m, o: m.run(lambda: m.reduce("SUM", tf.constant(1.0), axis=None)),
    "run_in_replica_context": lambda tf, m, o: m.run(lambda: m.run(lambda: 1)),
    "reduce_other_strategy_in_run": lambda tf, m, o: o.run(lambda: m.reduce("SUM", tf.constant(1.0), axis=None)),
    "reduce_other_strategy_in_scope": lambda tf, m, o: _in_scope(m, lambda: o.reduce("SUM", tf.constant(1.0),
                                                                                     axis=None)),
    "run_other_strategy_in_scope": lambda tf, m, o: _in_scope(m, lambda: o.run(lambda: 1)),
    "default_scope_inside_strategy": lambda tf, m, o: _default_scope_inside(tf, m),
    "set_strategy_in_scope": lambda tf, m, o: _in_scope(m, lambda: tf.distribute.experimental_set_strategy(o)),
}


def _enter_both(a, b):
    with a.scope():
        with b.scope():
            return "entered"


def _default_scope_inside(tf, strategy):
    default = tf.distribute.get_strategy()
    with strategy.scope():
        with default.scope():
            return "entered"


def _in_scope(strategy, fn):
    with strategy.scope():
        return fn()


@pytest.mark.parametrize("case", sorted(ERROR_CASES))
def test_context_errors(oracle, case):
    def prog(tf):
        m = tf.distribute.MirroredStrategy()
        o = tf.distribute.OneDeviceStrategy("/cpu:0")
        return ERROR_CASES[case](tf, m, o)
    # The messages name the strategies' reprs (module paths differ), so only the leading words are compared.
    result = oracle.check(prog)
    assert "RuntimeError" in repr(result)


def test_experimental_set_strategy(oracle):
    def prog(tf):
        s = tf.distribute.MirroredStrategy()
        tf.distribute.experimental_set_strategy(s)
        during = (tf.distribute.get_strategy() is s, tf.distribute.has_strategy(),
                  tf.distribute.in_cross_replica_context())
        tf.distribute.experimental_set_strategy(None)
        return during, tf.distribute.has_strategy()
    oracle.check(prog)


def test_variables_in_scope_and_replica_updates(oracle):
    def prog(tf):
        s = tf.distribute.MirroredStrategy()
        with s.scope():
            v = tf.Variable(2.0, aggregation=tf.VariableAggregation.MEAN)
            w = tf.Variable([1, 2])

        def fn():
            v.assign_add(1.0)
            return v.read_value()
        r = s.run(fn)
        updated = s.extended.update(v, lambda var, d: var.assign_add(d), args=(tf.constant(2.0),))
        return (r, v, w, isinstance(v, tf.Variable), v.name, v.dtype, v.shape, v.trainable, updated,
                s.experimental_local_results(v))
    oracle.check(prog)


def test_extended_basics(oracle):
    def prog(tf):
        s = tf.distribute.MirroredStrategy()
        v = tf.Variable(0.0)
        e = s.extended
        return (e.worker_devices, e.parameter_devices, e.experimental_require_static_shapes, e.should_checkpoint,
                e.should_save_summary, e.reduce_to("SUM", tf.constant(2.0), destinations=tf.constant(1.0)),
                e.reduce_to("MEAN", [1.0, 2.0], destinations="/cpu:0"),
                e.batch_reduce_to("MEAN", [(tf.constant(1.0), tf.constant(0.0)), (tf.constant([2.0]), v)]))
    oracle.check(prog)


@pytest.mark.parametrize("destinations", [None, "", 3])
def test_reduce_to_bad_destinations(oracle, destinations):
    oracle.check(lambda tf: tf.distribute.MirroredStrategy().extended.reduce_to("SUM", tf.constant(2.0),
                                                                                  destinations=destinations))


def test_reduce_op(oracle):
    def prog(tf):
        op = tf.distribute.ReduceOp
        return ([m.value for m in op], op("SUM").value, op.SUM.name, str(op.MEAN), repr(op.MEAN),
                op.from_variable_aggregation(tf.VariableAggregation.SUM).value,
                op.from_variable_aggregation(tf.VariableAggregation.MEAN).value)
    oracle.check(prog)


def test_reduce_op_from_none_aggregation_raises(oracle):
    oracle.check(lambda tf: tf.distribute.ReduceOp.from_variable_aggregation(tf.VariableAggregation.NONE))


def test_input_context_and_options(oracle):
    def prog(tf):
        c = tf.distribute.InputContext()
        c3 = tf.distribute.InputContext(num_input_pipelines=2, input_pipeline_id=1, num_replicas_in_sync=4)
        o = tf.distribute.InputOptions()
        return (c.num_input_pipelines, c.input_pipeline_id, c.num_replicas_in_sync, c.get_per_replica_batch_size(8),
                str(c3), c3.get_per_replica_batch_size(8), tuple(o), o.experimental_fetch_to_device,
                o.experimental_replication_mode.value, tf.distribute.InputOptions(experimental_fetch_to_device=False)
                .experimental_fetch_to_device, [m.value for m in tf.distribute.InputReplicationMode],
                tuple(tf.distribute.RunOptions()))
    oracle.check(prog)


def test_input_context_batch_not_divisible(oracle):
    oracle.check(lambda tf: tf.distribute.InputContext(num_replicas_in_sync=3).get_per_replica_batch_size(8),
                 match_message="is not divisible by `num_replicas_in_sync` 3")


def test_distribute_values_from_function(oracle):
    def prog(tf):
        s = tf.distribute.MirroredStrategy()
        seen = []

        def value_fn(ctx):
            seen.append((ctx.replica_id_in_sync_group, ctx.num_replicas_in_sync))
            return tf.constant(5.0)
        v = s.experimental_distribute_values_from_function(value_fn)
        return (type(v).__name__, isinstance(v, tf.distribute.DistributedValues), seen,
                s.experimental_local_results(v), s.run(lambda x: x * 2.0, args=(v,)), s.reduce("SUM", v, axis=None),
                s.gather(v, axis=0))
    oracle.check(prog)
