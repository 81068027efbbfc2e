"""The fused eager entry (framework/fused_eager.py): the wrappers' common case (float eager tensors, variables,
python scalars) gives what TF gives (values, dtypes, errors, the tape's recording scope, variable snapshots),
and it is taken: the general path (``dispatch._eager_apply``) is not reached."""
from __future__ import annotations

import numpy as np
import pytest

from tfcompat._src.framework import dispatch
from tfcompat._src.framework.fused_eager import fused_entry


def _linreg_step(tf):
    X = tf.constant([[0.5], [-1.5]])
    Y = tf.constant([[1.0], [2.0]])
    W = tf.Variable([[0.25]])
    b = tf.Variable([0.5])
    with tf.GradientTape() as tape:
        loss = tf.reduce_mean(tf.square(tf.matmul(X, W) + b - Y))
    gw, gb = tape.gradient(loss, [W, b])
    W.assign_sub(0.1 * gw)
    b.assign_sub(0.1 * gb)
    return loss, gw, gb, W, b


def test_linreg_tape_step(oracle):
    oracle.check(_linreg_step)


def test_operators_and_scalars(oracle):
    """Python operators and wrappers with python float/int scalars on either side (converted to the tensor's
    dtype), variables on either side, float64, and the unary/reduction wrappers."""
    def prog(tf):
        x = tf.constant([1.5, -2.0, 4.0])
        v = tf.Variable([2.0, 3.0, -1.0])
        d = tf.constant([1.0, 2.0], tf.float64)
        m = tf.constant([[1.0, 2.0], [3.0, 4.0]])
        with tf.GradientTape(persistent=True) as t:
            t.watch(x)
            outs = [x * 1.001 + 0.1, 1.0 - x, 2 * x, x / 2, v / x, x ** 2, x % 3.0, -x, abs(x), v - x, x + v,
                    tf.add(x, 1), tf.subtract(3, v), tf.multiply(v, v), tf.maximum(x, v), tf.minimum(x, 0.0),
                    tf.sqrt(v * v), tf.exp(x), tf.tanh(v), tf.sigmoid(x), tf.math.squared_difference(x, v),
                    tf.reduce_sum(x), tf.reduce_max(v), tf.reduce_min(x), tf.reduce_prod(v), d * 2, d + d,
                    m @ m, tf.matmul(m, tf.Variable(m)), tf.math.truediv(x, v), tf.pow(v, 2.0)]
            total = tf.add_n([tf.reduce_sum(o) for o in outs[:-6]])
        return outs, t.gradient(total, [x, v]), t.gradient(outs[-2], m)
    oracle.check(prog)


@pytest.mark.parametrize("case", ["dtype_mismatch", "matmul_dtype", "shape_mismatch", "int_scalar_float",
                                  "float_tensor_int_scalar_mul", "matmul_rank"])
def test_errors_keep_tf_wording(oracle, case):
    """Cases the fused entry hands to the general path: TF's exception type and message."""
    def prog(tf):
        x = tf.constant([1.0, 2.0])
        if case == "dtype_mismatch":
            return x + tf.constant([1.0, 2.0], tf.float64)
        if case == "matmul_dtype":
            return tf.matmul(tf.ones([2, 2]), tf.Variable(tf.ones([2, 2], tf.float64)))
        if case == "shape_mismatch":
            return tf.subtract(x, tf.Variable([1.0, 2.0, 3.0]))
        if case == "int_scalar_float":
            return tf.constant([1, 2]) * 1.5
        if case == "float_tensor_int_scalar_mul":
            return x * 2 ** 40
        return tf.matmul(tf.ones([2, 2, 2]), tf.ones([2, 2]))
    messages = {"dtype_mismatch": "cannot compute AddV2 as input #1(zero-based) was expected to be a float tensor "
                                  "but is a double tensor",
                "matmul_dtype": "cannot compute MatMul as input #1(zero-based) was expected to be a float tensor",
                "shape_mismatch": "Incompatible shapes: [2] vs. [3]"}
    oracle.check(prog, match_message=messages.get(case))


@pytest.mark.parametrize("case", ["unwatched_constant", "untrainable_variable", "stop_recording",
                                  "no_accessed_watch", "second_order", "read_before_tape"])
def test_tape_recording_scope(oracle, case):
    """What a tape records through fused ops: None where TF gives None, higher order through nested tapes."""
    def prog(tf):
        c = tf.constant([1.0, 2.0])
        v = tf.Variable([3.0, -1.0])
        frozen = tf.Variable([2.0, 2.0], trainable=False)
        if case == "read_before_tape":
            early = v * 1.0
        with tf.GradientTape(watch_accessed_variables=case != "no_accessed_watch") as outer:
            with tf.GradientTape() as tape:
                if case == "stop_recording":
                    with tape.stop_recording():
                        y = v * c
                elif case == "read_before_tape":
                    y = early * c
                else:
                    y = v * v * c * frozen
                loss = tf.reduce_sum(y)
            g = tape.gradient(loss, [c, v, frozen])
            gsum = tf.reduce_sum(g[1]) if g[1] is not None else None
        second = outer.gradient(gsum, v) if gsum is not None else None
        return g, second
    oracle.check(prog)


def test_read_is_a_snapshot(oracle):
    """A read taken before an update keeps its value through the fused ops (copy-on-write)."""
    def prog(tf):
        v = tf.Variable([1.0, 2.0])
        r = v * 1.0
        before = v.read_value()
        v.assign_sub([0.5, 0.5])
        with tf.GradientTape() as tape:
            y = tf.reduce_sum(v * before + r)
        v.assign_add([1.0, 1.0])
        return y, r, before, v, tape.gradient(y, v)
    oracle.check(prog)


def test_nan_passes_through(oracle):
    oracle.check(lambda tf: (tf.constant([np.nan, 1.0]) * 2.0, tf.reduce_mean(tf.constant([np.nan, np.inf]))))


def test_inside_tf_function(oracle):
    """Tracing builds graph ops (the fused entry steps aside); the traced step equals the eager one."""
    def prog(tf):
        return tf.function(_linreg_step)()
    oracle.check(prog)


def test_graph_mode(oracle):
    def prog(v1):
        x = v1.placeholder(v1.float32, [2])
        w = v1.Variable([1.0, 2.0])
        y = v1.reduce_mean(v1.square(x * w + 1.0))
        g = v1.gradients(y, [w])[0]
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            return s.run([y, g], {x: [3.0, 4.0]}), y.op.type
    oracle.check_v1(prog)


def test_common_case_skips_the_general_path(monkeypatch):
    """Counted by hand: the linreg tape step's five ops, the two updates' arithmetic and operators with scalars
    run no general-path eager op; integer operands do."""
    import tfcompat as tf
    calls = []
    general = dispatch._eager_apply

    def counting(op_def, inputs, attrs, name):
        calls.append(op_def.name)
        return general(op_def, inputs, attrs, name)
    monkeypatch.setattr(dispatch, "_eager_apply", counting)
    _linreg_step(tf)   # the first call fills the dtype-check caches
    calls.clear()
    _linreg_step(tf)
    x = tf.constant([1.0, 2.0])
    _ = (x * 1.5 - 1, 2.0 / x, tf.constant([[1.0, 2.0]]) @ tf.constant([[1.0], [2.0]]), tf.reduce_mean(x))
    assert calls == []
    _ = tf.constant([1, 2]) + 1
    assert calls == ["AddV2"]


def test_entry_declines():
    """The entry returns None (the caller's general path runs) outside the common case."""
    import tfcompat as tf
    add = fused_entry("AddV2")
    assert add(tf.constant([1, 2]), tf.constant([1, 2])) is None           # integers
    assert add(tf.constant([1.0]), np.float32(1.0)) is None                 # numpy scalar
    assert add(tf.constant([1.0]), float("nan")) is None                    # NaN scalar: not cached
    assert add(tf.constant([1.0]), tf.constant([1.0], tf.float64)) is None  # mixed dtypes: TF's error there
    assert add(1.0, 2.0) is None                                            # no tensor
    g = tf.Graph()
    with g.as_default():
        assert add(tf.constant([1.0]), 1.0) is None                          # building a graph
    assert float(add(tf.constant(1.0), 2)) == 3.0
    with pytest.raises(ValueError):
        fused_entry("Floor")   # not differentiable: its eager result needs the gradient status applied
