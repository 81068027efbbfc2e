"""The fused whole-sequence LSTM run of ``dynamic_rnn``'s loop (tfcompat/_src/ops/rnn_fused_lstm.py).

Oracle: real TF 2.21 (``oracle.check_v1``), which runs the loop step by step; tfcompat runs the same graph with
the loop lowered to one ``torch.lstm`` call where it applies (a spy below checks which path ran). Gradients are
also checked by central finite differences on tfcompat alone (float64)."""
from __future__ import annotations

import numpy as np
import pytest

from tests.oracle import assert_same
from tfcompat._src.ops import rnn_fused_lstm

B, T, D = 3, 4, 2
_rng = np.random.RandomState(5)
X = _rng.uniform(-1, 1, size=(B, T, D)).astype(np.float32)
C0 = _rng.uniform(-1, 1, size=(B, 3)).astype(np.float32)
_VALUES = _rng.uniform(-0.6, 0.6, size=997)


def _fill(shape):
    """Fixed weights of any shape (the same on both sides)."""
    return np.resize(_VALUES, shape)


def _flatten(s):
    if isinstance(s, (tuple, list)):
        for x in s:
            yield from _flatten(x)
    else:
        yield s


CELLS = {
    "basic_lstm": lambda rc: rc.BasicLSTMCell(3, forget_bias=0.5),
    "lstm": lambda rc: rc.LSTMCell(3),
    "lstm_no_forget_bias": lambda rc: rc.LSTMCell(3, forget_bias=0.0),
    "multi_lstm": lambda rc: rc.MultiRNNCell([rc.LSTMCell(4), rc.BasicLSTMCell(3)]),
    "lstm_projection": lambda rc: rc.MultiRNNCell([rc.LSTMCell(4, num_proj=2), rc.LSTMCell(3, num_proj=5)]),
}


def _model(tf, make_cell, x, time_major=False, initial=False):
    cell = make_cell(tf.nn.rnn_cell)
    init = None
    if initial:
        c0 = tf.constant(C0.astype(x.dtype.as_numpy_dtype))
        init = tf.nn.rnn_cell.LSTMStateTuple(c0, tf.tanh(c0) * 0.5)
    outputs, state = tf.nn.dynamic_rnn(cell, x, initial_state=init, dtype=x.dtype, time_major=time_major)
    return outputs, state, init


def _program(make_cell, time_major=False, initial=False, dtype="float32", feeds=(X,)):
    def prog(tf):
        dt = getattr(tf, dtype)
        x = tf.placeholder(dt, [None, None, D])
        outputs, state, init = _model(tf, make_cell, x, time_major, initial)
        loss = tf.reduce_sum(outputs * outputs * 0.7) + tf.add_n(
            [tf.reduce_sum(t * (t + 0.5 * i)) for i, t in enumerate(_flatten(state))])
        variables = tf.trainable_variables()
        sources = variables + [x] + ([init.c] if initial else [])
        grads = tf.gradients(loss, sources)
        runs = []
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            for v in variables:
                v.load(_fill(v.shape.as_list()).astype(dtype), s)
            for feed in feeds:
                runs.append(s.run([outputs, state, grads], {x: feed.astype(dtype)}))
        return runs, [v.name for v in variables], outputs.shape.as_list()
    return prog


@pytest.fixture
def fused_runs(monkeypatch):
    """How many loops ran fused (``FusedLSTMSequence.run`` returned a result) and how many fell back."""
    counts = {"fused": 0, "fallback": 0}
    original = rnn_fused_lstm.FusedLSTMSequence.run

    def spy(self, *args):
        result = original(self, *args)
        counts["fused" if result is not None else "fallback"] += 1
        return result
    monkeypatch.setattr(rnn_fused_lstm.FusedLSTMSequence, "run", spy)
    return counts


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("kind", sorted(CELLS))
def test_fused_dynamic_rnn_matches_tf(oracle, fused_runs, kind):
    """Outputs, final state and gradients (variables, inputs) of a fused loop are TF's; feeds of other batch and
    time sizes run fused too."""
    feeds = (X, X[:2, :3], X[:1, :1])
    oracle.check_v1(_program(CELLS[kind], feeds=feeds), rtol=1e-5, atol=1e-6)
    assert fused_runs == {"fused": 3, "fallback": 0}


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_fused_time_major_initial_state_float64(oracle, fused_runs):
    """time_major inputs, a given initial state (its gradient too), float64."""
    got = oracle.check_v1(_program(CELLS["lstm"], time_major=True, initial=True, dtype="float64",
                                   feeds=(X.transpose(1, 0, 2),)), rtol=1e-9, atol=1e-10)
    assert got[0][0][0].shape == (T, B, 3)
    assert fused_runs == {"fused": 1, "fallback": 0}


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_fused_training_steps_with_clipping_match_tf(oracle, fused_runs):
    """The benchmark's shape in small: LSTMCell + dense head, clip_by_global_norm, Adam; the losses are TF's."""
    def prog(tf):
        x = tf.placeholder(tf.float32, [B, T, D])
        y = tf.constant([1, 0, 2])
        cell = tf.nn.rnn_cell.LSTMCell(4, initializer=tf.constant_initializer(_fill((D + 4, 16))))
        outputs, _ = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32)
        w = tf.Variable(_fill((4, 3)).astype(np.float32))
        logits = tf.matmul(outputs[:, -1], w)
        loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=y, logits=logits))
        opt = tf.train.AdamOptimizer(0.1)
        grads, tvars = zip(*opt.compute_gradients(loss))
        clipped, norm = tf.clip_by_global_norm(grads, 0.5)
        train = opt.apply_gradients(zip(clipped, tvars))
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            losses = [s.run([train, loss, norm], {x: X})[1:] for _ in range(4)]
        return losses
    oracle.check_v1(prog, rtol=1e-5, atol=1e-6)
    assert fused_runs == {"fused": 4, "fallback": 0}


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_fused_sequence_length_matches_tf(oracle, fused_runs):
    """sequence_length: zeros past each row's length, the state of its last step, the loop's step count; a length
    past the input's end runs every step; a row of length 0 (initial state kept) runs the loop as written."""
    def prog(tf):
        x = tf.placeholder(tf.float32, [None, None, D])
        lengths = tf.placeholder(tf.int32, [None])
        rc = tf.nn.rnn_cell
        cell = rc.MultiRNNCell([rc.BasicLSTMCell(3), rc.LSTMCell(2)])
        c0 = tf.constant(C0)
        init = (rc.LSTMStateTuple(c0, c0 * 0.5), rc.LSTMStateTuple(c0[:, :2], c0[:, 1:]))
        outputs, state = tf.nn.dynamic_rnn(cell, x, sequence_length=lengths, initial_state=init)
        loss = tf.reduce_sum(outputs * outputs) + tf.reduce_sum(state[0].c * 1.3) + tf.reduce_sum(state[1].h) + \
            tf.reduce_sum(state[0].h * state[1].c[:, :1])
        grads = tf.gradients(loss, tf.trainable_variables() + [x, c0])
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            for v in tf.trainable_variables():
                v.load(_fill(v.shape.as_list()), s)
            return [s.run([outputs, state, grads], {x: X, lengths: n})
                    for n in ([4, 1, 2], [2, 2, 1], [9, 3, 1], [0, 2, 3])]
    oracle.check_v1(prog, rtol=1e-5, atol=1e-6)
    assert fused_runs == {"fused": 3, "fallback": 1}


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_fused_bidirectional_dynamic_rnn_matches_tf(oracle, fused_runs):
    """bidirectional_dynamic_rnn with LSTM cells both ways and sequence_length: both loops run fused."""
    def prog(tf):
        x = tf.placeholder(tf.float32, [B, T, D])
        rc = tf.nn.rnn_cell
        (fw, bw), (sfw, sbw) = tf.nn.bidirectional_dynamic_rnn(rc.LSTMCell(3), rc.BasicLSTMCell(2), x,
                                                                 sequence_length=[4, 1, 3], dtype=tf.float32)
        loss = tf.reduce_sum(fw * fw) + tf.reduce_sum(bw) + tf.reduce_sum(sfw.c * sbw.h[:, :1])
        grads = tf.gradients(loss, tf.trainable_variables() + [x])
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            for v in tf.trainable_variables():
                v.load(_fill(v.shape.as_list()), s)
            return s.run([fw, bw, sfw, sbw, grads], {x: X}), [v.name for v in tf.trainable_variables()]
    oracle.check_v1(prog, rtol=1e-5, atol=1e-6)
    assert fused_runs == {"fused": 2, "fallback": 0}


def _first_state(tf, cell, c0):
    """The initial state: ``c0`` (and h from it) for the first layer, zeros for the others."""
    zeros = cell.zero_state(B, c0.dtype)
    if isinstance(cell, tf.nn.rnn_cell.MultiRNNCell):
        first = zeros[0]
        return (tf.nn.rnn_cell.LSTMStateTuple(c0, tf.tanh(c0[:, :first.h.shape.as_list()[1]]) * 0.5),) + zeros[1:]
    return tf.nn.rnn_cell.LSTMStateTuple(c0, tf.tanh(c0) * 0.5)


# kind, dtype, sequence_length, units of the first layer's c
SECOND_ORDER = {
    "basic_lstm": ("basic_lstm", "float32", None, 3),
    "basic_lstm_float64": ("basic_lstm", "float64", None, 3),
    "projection_lengths_float64": ("lstm_projection", "float64", [4, 1, 3], 4),
}


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize("name", sorted(SECOND_ORDER))
def test_second_order_gradients_match_tf_and_the_loop(oracle, fused_runs, monkeypatch, name):
    """A gradient of a gradient through the fused loop (its backward, when recorded, differentiates the step
    formula): TF's numbers, and those of the same plan with the loop run as written."""
    kind, dtype, lengths, units = SECOND_ORDER[name]

    def prog(tf):
        x = tf.placeholder(getattr(tf, dtype), [B, T, D])
        cell = CELLS[kind](tf.nn.rnn_cell)
        c0 = tf.constant(_fill((B, units)).astype(dtype))
        outputs, state = tf.nn.dynamic_rnn(cell, x, initial_state=_first_state(tf, cell, c0),
                                           sequence_length=lengths)
        loss = tf.reduce_sum(outputs * outputs * 0.7) + tf.add_n(
            [tf.reduce_sum(t * (t + 0.5 * i)) for i, t in enumerate(_flatten(state))])
        variables = tf.trainable_variables()
        g = tf.gradients(loss, [x] + variables)
        gg = tf.gradients(tf.add_n([tf.reduce_sum(t * t) for t in g]), variables + [x, c0])
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            for v in variables:
                v.load(_fill(v.shape.as_list()).astype(dtype), s)
            return s.run([outputs, g, gg], {x: X.astype(dtype)})
    tol = 1e-9 if dtype == "float64" else 1e-4
    got = oracle.check_v1(prog, rtol=tol, atol=tol / 100)
    assert fused_runs == {"fused": 1, "fallback": 0}
    monkeypatch.setattr(rnn_fused_lstm.FusedLSTMSequence, "run", lambda self, *args: None)
    loop = oracle.tfc_result(prog, v1=True)
    tol = 1e-12 if dtype == "float64" else 1e-5
    assert_same(got, loop, rtol=tol, atol=tol / 10)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_state_batch_mismatch_raises_tf_error(oracle, fused_runs):
    """An initial state of another batch size: the loop runs as written and raises TF's error."""
    def prog(tf):
        x = tf.placeholder(tf.float32, [None, None, D])
        c0 = tf.placeholder(tf.float32, [None, 3])
        cell = tf.nn.rnn_cell.BasicLSTMCell(3)
        outputs, _ = tf.nn.dynamic_rnn(cell, x, initial_state=tf.nn.rnn_cell.LSTMStateTuple(c0, c0))
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            return s.run(outputs, {x: X, c0: C0[:2]})
    oracle.check_v1(prog)
    assert fused_runs == {"fused": 0, "fallback": 1}


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_not_offered_for_peepholes_clipping_or_wrappers(tfc1, fused_runs):
    """Only plain cells (a projection is fine) are fused (the others are covered against TF in test_rnn.py)."""
    tf = tfc1
    x = tf.placeholder(tf.float32, [B, T, D])
    rc = tf.nn.rnn_cell
    with tf.variable_scope("a"):
        tf.nn.dynamic_rnn(rc.LSTMCell(3, use_peepholes=True), x, dtype=tf.float32)
    with tf.variable_scope("b"):
        tf.nn.dynamic_rnn(rc.LSTMCell(3, num_proj=2, proj_clip=0.5), x, dtype=tf.float32)
    with tf.variable_scope("c"):
        tf.nn.dynamic_rnn(rc.DropoutWrapper(rc.LSTMCell(3)), x, dtype=tf.float32)
    with tf.variable_scope("d"):
        tf.nn.dynamic_rnn(rc.BasicLSTMCell(3, state_is_tuple=False), x, dtype=tf.float32)
    with tf.variable_scope("e"):
        tf.nn.dynamic_rnn(rc.MultiRNNCell([rc.LSTMCell(3), rc.GRUCell(3)]), x, dtype=tf.float32)
    with tf.variable_scope("f"):
        tf.nn.dynamic_rnn(rc.BasicLSTMCell(3), x, dtype=tf.float32)
    loops = [op for op in tf.get_default_graph().get_operations() if op.type in ("While", "StatelessWhile")]
    assert [("_fused_lstm" in op.attrs) for op in loops] == [False, False, False, False, False, True]


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_fused_gradients_match_finite_differences(tfc1, fused_runs):
    """Central differences of the loss w.r.t. some kernel, bias, input and initial-state entries (float64)."""
    tf = tfc1
    x = tf.placeholder(tf.float64, [B, T, D])
    outputs, state, init = _model(tf, CELLS["basic_lstm"], x, initial=True)
    loss = tf.reduce_sum(outputs * outputs) + tf.reduce_sum(state.c * 0.3)
    kernel, bias = tf.trainable_variables()
    grads = tf.gradients(loss, [kernel, bias, x, init.c])
    eps = 1e-6
    with tf.Session() as s:
        s.run(tf.global_variables_initializer())
        base = {kernel: _fill(kernel.shape.as_list()), bias: _fill(bias.shape.as_list()) * 0.5}
        for v, val in base.items():
            v.load(val, s)
        feed_x = X.astype(np.float64)
        analytic = s.run(grads, {x: feed_x})

        def loss_at(var=None, index=None, delta=0.0, feed=feed_x, c0=None):
            if var is not None:
                val = base[var].copy()
                val[index] += delta
                var.load(val, s)
            fd = {x: feed} if c0 is None else {x: feed, init.c: c0}
            out = s.run(loss, fd)
            if var is not None:
                var.load(base[var], s)
            return out
        for which, var, index in ((0, kernel, (1, 5)), (0, kernel, (4, 10)), (1, bias, (7,)), (1, bias, (2,))):
            numeric = (loss_at(var, index, eps) - loss_at(var, index, -eps)) / (2 * eps)
            np.testing.assert_allclose(analytic[which][index], numeric, rtol=1e-6, atol=1e-8)
        for index in ((0, 1, 0), (2, 3, 1)):
            up, down = feed_x.copy(), feed_x.copy()
            up[index] += eps
            down[index] -= eps
            numeric = (loss_at(feed=up) - loss_at(feed=down)) / (2 * eps)
            np.testing.assert_allclose(analytic[2][index], numeric, rtol=1e-6, atol=1e-8)
        c0 = C0.astype(np.float64)
        up, down = c0.copy(), c0.copy()
        up[1, 2] += eps
        down[1, 2] -= eps
        numeric = (loss_at(c0=up) - loss_at(c0=down)) / (2 * eps)
        np.testing.assert_allclose(analytic[3][1, 2], numeric, rtol=1e-6, atol=1e-8)
    assert fused_runs["fused"] > 0 and fused_runs["fallback"] == 0
