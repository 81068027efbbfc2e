"""tf.compat.v1.nn.rnn_cell, dynamic_rnn, static_rnn, bidirectional_dynamic_rnn, reverse_sequence.

Oracle: real TF 2.21. With Keras 3 installed ``tf.compat.v1.nn.rnn_cell`` is unavailable, so the TF side uses
the same legacy classes from ``tensorflow.python.ops.rnn_cell_impl`` / ``tensorflow.python.ops.rnn`` (what
``tf.compat.v1.nn.rnn_cell`` resolves to with tf_keras). Each test builds the same program in TF's graph mode and in
tfcompat, copies TF's initial weights into tfcompat by variable name (so the names must match), and compares
outputs, final states and ``tf.gradients`` of a loss w.r.t. every variable and the inputs."""
from __future__ import annotations

import types
import warnings

import numpy as np
import pytest

B, T, D = 3, 4, 2  # small sizes keep the TF graphs quick to build
_rng = np.random.RandomState(7)
X = _rng.uniform(-1, 1, size=(B, T, D)).astype(np.float32)
W_OUT = _rng.uniform(-1, 1, size=(B, T, 6)).astype(np.float32)
LENGTHS = np.array([4, 1, 2], np.int32)


def _tf_rnn(v1):
    """The TF side: compat.v1 plus the legacy rnn modules."""
    from tensorflow.python.ops import rnn, rnn_cell_impl
    nn = types.SimpleNamespace(rnn_cell=rnn_cell_impl, dynamic_rnn=rnn.dynamic_rnn, static_rnn=rnn.static_rnn,
                               bidirectional_dynamic_rnn=rnn.bidirectional_dynamic_rnn)
    return v1, nn


def _tfc_rnn(v1):
    return v1, v1.nn


CELLS = {
    "basic_rnn": lambda rc: rc.BasicRNNCell(5),
    "gru": lambda rc: rc.GRUCell(4),
    "basic_lstm": lambda rc: rc.BasicLSTMCell(3, forget_bias=0.5),
    "basic_lstm_concat_state": lambda rc: rc.BasicLSTMCell(3, state_is_tuple=False),
    "lstm_peep_proj_clip": lambda rc: rc.LSTMCell(4, use_peepholes=True, num_proj=3, cell_clip=0.3, proj_clip=0.2),
    "multi_lstm": lambda rc: rc.MultiRNNCell([rc.BasicLSTMCell(3), rc.LSTMCell(2)]),
    "multi_gru_rnn": lambda rc: rc.MultiRNNCell([rc.GRUCell(3), rc.BasicRNNCell(2)]),
}


def _loss(outputs, state, tf):
    flat = [outputs] + list(_flatten(state))
    terms = []
    for t in flat:
        shape = [B if d is None else d for d in t.shape.as_list()]  # None: the fed batch
        w = np.resize(W_OUT.ravel(), shape)  # fixed weights of the tensor's shape
        terms.append(tf.reduce_sum(t * w))
    return tf.add_n(terms)


def _flatten(s):
    if isinstance(s, (tuple, list)):
        for x in s:
            yield from _flatten(x)
    else:
        yield s


def _run(tf, build, feed_x, weights=None, batch=None):
    """Builds ``build(tf, x) -> (outputs, state)``, runs it, and returns names, values and gradients.

    ``weights``: name -> value to load before running (TF's initial weights, copied into tfcompat).
    ``batch``: the placeholder's batch dimension (default: the fed array's)."""
    x = tf.placeholder(tf.float32, (batch or feed_x.shape[0],) + feed_x.shape[1:] if batch != -1 else
                       (None,) + feed_x.shape[1:])
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        outputs, state = build(x)
    variables = tf.global_variables()
    loss = _loss(outputs, state, tf)
    grads = tf.gradients(loss, variables + [x])
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        if weights is not None:
            for v in variables:
                v.load(weights[v.name], sess)
        vals = sess.run({"out": outputs, "state": list(_flatten(state)), "grads": grads,
                         "vars": variables}, {x: feed_x})
    return {"names": [v.name for v in variables], "shapes": [v.shape.as_list() for v in variables],
            "out_shape": outputs.shape.as_list(), "state_types": _types(state), **vals}


def _types(s):
    if isinstance(s, (tuple, list)):
        return (type(s).__name__, [_types(x) for x in s])
    return "tensor"


def _compare(ref, got):
    assert got["names"] == ref["names"]
    assert got["shapes"] == ref["shapes"]
    assert got["out_shape"] == ref["out_shape"]
    assert got["state_types"] == ref["state_types"]
    np.testing.assert_allclose(got["out"], ref["out"], rtol=1e-5, atol=1e-6)
    for a, b in zip(got["state"], ref["state"]):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)
    assert len(got["grads"]) == len(ref["grads"])
    for a, b in zip(got["grads"], ref["grads"]):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-5)


def _oracle(tf1, tfc1, program, feed_x=X, batch=None):
    tf, nn = _tf_rnn(tf1)
    ref = _run(tf, lambda x: program(tf, nn, x), feed_x, batch=batch)
    weights = dict(zip(ref["names"], ref["vars"]))
    tf, nn = _tfc_rnn(tfc1)
    got = _run(tf, lambda x: program(tf, nn, x), feed_x, weights, batch=batch)
    _compare(ref, got)
    return ref, got


@pytest.mark.parametrize("kind", sorted(CELLS))
def test_dynamic_rnn_matches_tf(tf1, tfc1, kind):
    def program(tf, nn, x):
        return nn.dynamic_rnn(CELLS[kind](nn.rnn_cell), x, dtype=tf.float32)
    _oracle(tf1, tfc1, program)


@pytest.mark.parametrize("kind", ["basic_lstm", "multi_lstm", "gru"])
def test_dynamic_rnn_sequence_length_matches_tf(tf1, tfc1, kind):
    def program(tf, nn, x):
        return nn.dynamic_rnn(CELLS[kind](nn.rnn_cell), x, sequence_length=LENGTHS, dtype=tf.float32)
    ref, got = _oracle(tf1, tfc1, program)
    assert np.all(got["out"][1, 1:] == 0) and np.all(got["out"][2, 2:] == 0)  # zeroed past each length


def test_dynamic_rnn_names_from_scope(tf1, tfc1):
    def program(tf, nn, x):
        rc = nn.rnn_cell
        with tf.variable_scope("enc"):
            out1, _ = nn.dynamic_rnn(rc.BasicLSTMCell(3), x, dtype=tf.float32)
        cell = rc.GRUCell(2, name="my_gru")
        out2, state = nn.dynamic_rnn(cell, out1, dtype=tf.float32, scope="dec")
        return out2, state
    ref, got = _oracle(tf1, tfc1, program)
    assert got["names"][0] == "enc/rnn/basic_lstm_cell/kernel:0"
    assert got["names"][2] == "dec/my_gru/gates/kernel:0"


def test_dynamic_batch_zero_state_and_unknown_rank_keep_prob(tf1, tfc1):
    """The common TF1 script shape: [None, T, D] inputs, zero_state(tf.shape(x)[0]), keep_prob placeholder."""
    def program(tf, nn, x):
        rc = nn.rnn_cell
        keep = tf.placeholder_with_default(1.0, shape=None)  # unknown rank, as tf.placeholder(tf.float32)
        cell = rc.MultiRNNCell([rc.DropoutWrapper(rc.BasicLSTMCell(3), output_keep_prob=keep) for _ in range(2)])
        init = cell.zero_state(tf.shape(x)[0], tf.float32)
        assert [s.shape.as_list() for s in _flatten(init)] == [[None, 3]] * 4
        lengths = tf.placeholder_with_default(LENGTHS, [None])
        return nn.dynamic_rnn(cell, x, sequence_length=lengths, initial_state=init)
    _oracle(tf1, tfc1, program, batch=-1)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_reuse_shares_weights_like_tf(tf1, tfc1):
    """The train/eval pattern: a second model built under variable_scope(..., reuse=True) with new cells."""
    def program(tf, nn):
        x = tf.placeholder(tf.float32, [B, T, D])
        outs = []
        for reuse in (None, True, tf.AUTO_REUSE):
            with tf.variable_scope("model", reuse=reuse):
                cell = nn.rnn_cell.MultiRNNCell([nn.rnn_cell.BasicLSTMCell(3), nn.rnn_cell.GRUCell(2)])
                outs.append(nn.dynamic_rnn(cell, x, dtype=tf.float32)[0])
        with pytest.raises(ValueError, match="already exists"), tf.variable_scope("model"):
            nn.dynamic_rnn(nn.rnn_cell.MultiRNNCell([nn.rnn_cell.BasicLSTMCell(3)]), x, dtype=tf.float32)
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            vals = sess.run(outs, {x: X})
        np.testing.assert_allclose(vals[0], vals[1], rtol=1e-6)
        np.testing.assert_allclose(vals[0], vals[2], rtol=1e-6)
        return [v.name for v in tf.global_variables()]
    assert program(*_tfc_rnn(tfc1)) == program(*_tf_rnn(tf1))


def test_dynamic_rnn_time_major_and_initial_state(tf1, tfc1):
    def program(tf, nn, x):
        cell = nn.rnn_cell.BasicLSTMCell(3)
        c0 = tf.fill([T, 3], 0.5)  # the time-major batch axis is axis 1 (here T of the fed [B, T, D] array)
        init = nn.rnn_cell.LSTMStateTuple(c0, tf.zeros([T, 3]))
        return nn.dynamic_rnn(cell, x, initial_state=init, time_major=True)
    _oracle(tf1, tfc1, program)


def test_static_rnn_sequence_length_matches_tf(tf1, tfc1):
    def program(tf, nn, x):
        cell = nn.rnn_cell.MultiRNNCell([nn.rnn_cell.BasicLSTMCell(3), nn.rnn_cell.BasicLSTMCell(3)])
        outs, state = nn.static_rnn(cell, tf.unstack(x, axis=1), dtype=tf.float32, sequence_length=LENGTHS)
        return tf.stack(outs, axis=1), state
    _oracle(tf1, tfc1, program)


@pytest.mark.parametrize("with_lengths", [False, True])
def test_bidirectional_dynamic_rnn_matches_tf(tf1, tfc1, with_lengths):
    def program(tf, nn, x):
        rc = nn.rnn_cell
        (fw, bw), states = nn.bidirectional_dynamic_rnn(
            rc.BasicLSTMCell(3), rc.GRUCell(2), x, dtype=tf.float32,
            sequence_length=LENGTHS if with_lengths else None)
        return tf.concat([fw, bw], axis=2), states
    ref, got = _oracle(tf1, tfc1, program)
    assert got["names"][0] == "bidirectional_rnn/fw/basic_lstm_cell/kernel:0"
    assert got["names"][2] == "bidirectional_rnn/bw/gru_cell/gates/kernel:0"


def test_graph_static_specs_used_by_rnns(tf1, tfc1):
    """zero_state(tf.shape(x)[0]) builds Fill from a run-time shape, sequence_length masking builds Select with
    a vector condition: their static dtype and shape must be TF's (used by the cells' shape checks)."""
    def program(tf):
        x = tf.placeholder(tf.float32, [None, 3])
        n = tf.shape(x)[0]
        cond, scalar, full = (tf.placeholder(tf.bool, s) for s in ([4], [], [4, 3]))
        outs = [tf.zeros(tf.stack([n, 3])), tf.fill(tf.shape(x), 1.5), tf.ones([n, 2], tf.int64),
                tf.where(cond, tf.zeros([4, 3]), tf.ones([4, 3])), tf.where(cond, x, x), tf.where(scalar, x, x),
                tf.where(full, x, x)]
        return [(t.dtype.name, t.shape.as_list()) for t in outs]
    assert program(tfc1) == program(tf1)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_cell_call_names_sizes_and_zero_state(tf1, tfc1):
    def program(tf, nn):
        rc = nn.rnn_cell
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            a, b, multi = rc.BasicLSTMCell(3), rc.BasicLSTMCell(2), rc.MultiRNNCell([rc.GRUCell(2), rc.LSTMCell(2)])
        x = tf.constant(X[:, 0])
        z = a.zero_state(B, tf.float32)
        out_a, s_a = a(x, z)
        out_a2, _ = a(x, s_a)  # second call reuses the weights
        out_b, _ = b(x, b.zero_state(B, tf.float32))
        zm = multi.zero_state(tf.constant(B), tf.float64)
        out_m, _ = multi(x, multi.zero_state(B, tf.float32))
        names = [v.name for v in tf.global_variables()]
        info = (a.state_size, a.output_size, multi.state_size, multi.output_size,
                [t.shape.as_list() for t in _flatten(zm)], [t.dtype.name for t in _flatten(zm)],
                [v.name for v in multi.trainable_weights], type(s_a).__name__)
        return names, info, out_a2.shape.as_list()
    ref = program(*_tf_rnn(tf1))
    got = program(*_tfc_rnn(tfc1))
    assert got[0] == ref[0]
    assert got[0][:4] == ["basic_lstm_cell/kernel:0", "basic_lstm_cell/bias:0", "basic_lstm_cell_1/kernel:0",
                          "basic_lstm_cell_1/bias:0"]
    assert got[1] == ref[1]
    assert got[2] == ref[2]


def test_dropout_wrapper(tf1, tfc1):
    def program(tf, nn, x):
        keep = tf.placeholder_with_default(1.0, [])
        cell = nn.rnn_cell.DropoutWrapper(nn.rnn_cell.BasicLSTMCell(3), input_keep_prob=keep,
                                          output_keep_prob=1.0, state_keep_prob=keep)
        return nn.dynamic_rnn(cell, x, dtype=tf.float32)
    ref, _ = _oracle(tf1, tfc1, program)   # keep_prob fed 1.0: no dropout, names of the wrapped cell
    assert ref["names"][0] == "rnn/basic_lstm_cell/kernel:0"

    # output dropout only: every output is either 0 or the undropped output / keep_prob
    tf, nn = _tfc_rnn(tfc1)
    with tf.Graph().as_default():
        x = tf.constant(X)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            cell = nn.rnn_cell.DropoutWrapper(nn.rnn_cell.BasicLSTMCell(3), output_keep_prob=0.5)
        out, state = nn.dynamic_rnn(cell, x, dtype=tf.float32)
        plain, _ = nn.dynamic_rnn(cell.wrapped_cell, x, dtype=tf.float32, scope="rnn")  # built: reuses weights
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            o, p = sess.run([out, plain])
        assert len(tf.global_variables()) == 2
    # `plain` runs as one torch.lstm call (fused) and the wrapped cell step by step (DropoutWrapper is not fused):
    # the two differ by float32 rounding, which depends on the CPU's oneDNN kernels (AVX2 vs AVX-512)
    assert np.all((o == 0) | np.isclose(o, p / 0.5, rtol=1e-4, atol=1e-6))
    assert (o == 0).any() and (o != 0).any()


def test_eager_dynamic_rnn_matches_tf_graph(tf1, tfc):
    """Eager tfcompat (GradientTape) against TF's graph results with the same weights."""
    def program(tf, nn, x):
        return nn.dynamic_rnn(CELLS["multi_lstm"](nn.rnn_cell), x, sequence_length=LENGTHS, dtype=tf.float32)
    tf, nn = _tf_rnn(tf1)
    ref = _run(tf, lambda x: program(tf, nn, x), X)
    v1 = tfc.compat.v1
    x = tfc.constant(X)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cell = CELLS["multi_lstm"](v1.nn.rnn_cell)
    init = cell.zero_state(B, tfc.float32)
    cell(x[:, 0], init)  # builds the weights
    for v, value in zip(cell.weights, ref["vars"]):
        v.assign(value)
    with tfc.GradientTape() as tape:
        tape.watch(x)
        out, state = v1.nn.dynamic_rnn(cell, x, sequence_length=LENGTHS, dtype=tfc.float32)
        loss = _loss(out, state, tfc)
    grads = tape.gradient(loss, cell.weights + [x])
    np.testing.assert_allclose(out.numpy(), ref["out"], rtol=1e-5, atol=1e-6)
    for a, b in zip(_flatten(state), ref["state"]):
        np.testing.assert_allclose(a.numpy(), b, rtol=1e-5, atol=1e-6)
    for a, b in zip(grads, ref["grads"]):
        np.testing.assert_allclose(a.numpy(), b, rtol=1e-4, atol=1e-5)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_errors(tf1, tfc1):
    for tf, nn in (_tf_rnn(tf1), _tfc_rnn(tfc1)):
        cell = nn.rnn_cell.BasicRNNCell(2)
        x = tf.placeholder(tf.float32, [B, T, D])
        with pytest.raises(ValueError, match="argument `dtype` must be specified"):
            nn.dynamic_rnn(cell, x)
        with pytest.raises(ValueError, match="must be specified|must not be empty"):
            nn.static_rnn(cell, [])
        with pytest.raises(TypeError, match="is not an RNNCell"):
            nn.dynamic_rnn(object(), x, dtype=tf.float32)
        with pytest.raises(ValueError, match="Input size"):
            nn.dynamic_rnn(cell, tf.placeholder(tf.float32, [B, T, None]), dtype=tf.float32)
        with pytest.raises(ValueError, match="only supports floating point"):
            nn.rnn_cell.BasicRNNCell(2, dtype=tf.int32)


class _SineInit:
    """A deterministic initializer (TF's and tfcompat's random initializers draw different numbers)."""

    def __init__(self, scale=0.4):
        self.scale = scale

    def __call__(self, shape, dtype=None, partition_info=None):
        n = int(np.prod(shape))
        return (np.sin(np.arange(1, n + 1) * 0.7) * self.scale).reshape(shape).astype(np.float32)


def _lstm_model(tf, x, lengths, units=4):
    with tf.variable_scope("model", initializer=_SineInit()):
        cell = tf.nn.rnn_cell.LSTMCell(units)
        outputs, state = tf.nn.dynamic_rnn(cell, x, sequence_length=lengths, dtype=tf.float32)
        # the output at each row's last valid step, as sequence models read it
        batch = tf.shape(outputs)[0]
        last = tf.gather_nd(outputs, tf.stack([tf.range(batch), lengths - 1], axis=1))
        w = tf.get_variable("w_out", [units, 1])
        b = tf.get_variable("b_out", [1], initializer=tf.zeros_initializer())
        return outputs, state, tf.matmul(last, w) + b


def _sequences(rng, batch, max_len):
    lengths = rng.randint(1, max_len + 1, size=batch).astype(np.int32)
    x = np.zeros((batch, lengths.max(), 1), np.float32)
    for i, n in enumerate(lengths):
        x[i, :n, 0] = rng.uniform(-1, 1, n)
    y = np.array([[x[i, :n, 0].sum() * 0.5] for i, n in enumerate(lengths)], np.float32)
    return x, y, lengths


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_dynamic_rnn_unknown_time_steps_and_lengths(oracle):
    """[None, None, 1] inputs: the loop runs as many steps as each fed batch has (up to its longest length)."""
    def prog(tf):
        x = tf.placeholder(tf.float32, [None, None, 1])
        lengths = tf.placeholder(tf.int32, [None])
        outputs, state, pred = _lstm_model(tf, x, lengths)
        grads = tf.gradients(tf.reduce_sum(pred) + tf.reduce_sum(outputs), tf.trainable_variables() + [x])
        rng = np.random.RandomState(3)
        runs = []
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            for batch, max_len in ((3, 5), (2, 2), (4, 7)):
                xv, _, lv = _sequences(rng, batch, max_len)
                runs.append(s.run([outputs, state, pred, grads], {x: xv, lengths: lv}))
        names = [v.name for v in tf.global_variables()]
        return runs, names, outputs.shape.as_list(), [t.shape.as_list() for t in state]
    oracle.check_v1(prog, rtol=1e-5, atol=1e-6)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_lstm_regression_on_unknown_length_sequences_trains_as_in_tf(oracle):
    """A TF1 training script: sequences of random lengths (a new padded length every batch) through
    dynamic_rnn, Adam on the squared error of the last valid output; the loss trajectory is TF's."""
    def prog(tf):
        x = tf.placeholder(tf.float32, [None, None, 1])
        y = tf.placeholder(tf.float32, [None, 1])
        lengths = tf.placeholder(tf.int32, [None])
        _, _, pred = _lstm_model(tf, x, lengths, units=6)
        loss = tf.reduce_mean(tf.square(pred - y))
        step = tf.train.AdamOptimizer(0.05).minimize(loss)
        rng = np.random.RandomState(11)
        losses = []
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            for _ in range(40):
                xv, yv, lv = _sequences(rng, 8, 6)
                losses.append(s.run([step, loss], {x: xv, y: yv, lengths: lv})[1])
            xv, yv, lv = _sequences(rng, 5, 9)
            final = s.run(pred, {x: xv, lengths: lv})
        return losses, final
    got = oracle.check_v1(prog, rtol=2e-4, atol=1e-5)
    losses = got[0]
    assert np.mean(losses[-5:]) < 0.5 * np.mean(losses[:5])  # it trains


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_raw_rnn_matches_tf(oracle):
    def prog(tf):
        x = tf.placeholder(tf.float32, [None, B, D])   # time-major, unknown number of steps
        lengths = tf.placeholder(tf.int32, [B])
        max_time = tf.shape(x)[0]
        inputs_ta = tf.TensorArray(tf.float32, size=max_time).unstack(x)
        with tf.variable_scope("raw", initializer=_SineInit()):
            cell = tf.nn.rnn_cell.LSTMCell(3)

            def loop_fn(time, cell_output, cell_state, loop_state):
                emit = cell_output
                state = cell.zero_state(B, tf.float32) if cell_output is None else cell_state
                finished = time >= lengths
                all_done = tf.reduce_all(finished)
                nxt = tf.cond(all_done, lambda: tf.zeros([B, D]), lambda: inputs_ta.read(time))
                return finished, nxt, state, emit, None
            emit_ta, final_state, final_loop_state = tf.nn.raw_rnn(cell, loop_fn)
        out = emit_ta.stack()
        grads = tf.gradients(tf.reduce_sum(out * out), [x] + tf.trainable_variables())
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            return s.run([out, final_state, grads], {x: np.transpose(X, (1, 0, 2)), lengths: LENGTHS}), \
                final_loop_state, [v.name for v in tf.global_variables()]
    oracle.check_v1(prog, rtol=1e-5, atol=1e-6)


@pytest.mark.filterwarnings("ignore::UserWarning")
def test_bidirectional_dynamic_rnn_unknown_time_steps(oracle):
    def prog(tf):
        x = tf.placeholder(tf.float32, [B, None, D])
        with tf.variable_scope("bi", initializer=_SineInit()):
            (fw, bw), (sf, sb) = tf.nn.bidirectional_dynamic_rnn(tf.nn.rnn_cell.GRUCell(3),
                                                                  tf.nn.rnn_cell.LSTMCell(2), x,
                                                                  sequence_length=LENGTHS, dtype=tf.float32)
        grads = tf.gradients(tf.reduce_sum(fw) + tf.reduce_sum(bw * bw), [x])
        with tf.Session() as s:
            s.run(tf.global_variables_initializer())
            return s.run([fw, bw, sf, sb, grads], {x: X}), fw.shape.as_list(), bw.shape.as_list()
    oracle.check_v1(prog, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("seq_axis,batch_axis", [(1, 0), (0, 1), (2, 0)])
def test_reverse_sequence_matches_tf(tf, tfc, seq_axis, batch_axis):
    x = np.arange(2 * 3 * 4, dtype=np.float32).reshape(2, 3, 4)
    n = x.shape[seq_axis]
    lengths = np.array([n, 1, 2, 0][:x.shape[batch_axis]], np.int64)
    ref = tf.reverse_sequence(x, lengths, seq_axis=seq_axis, batch_axis=batch_axis)
    xt = tfc.constant(x)
    with tfc.GradientTape() as tape:
        tape.watch(xt)
        got = tfc.reverse_sequence(xt, lengths, seq_axis=seq_axis, batch_axis=batch_axis)
        loss = tfc.reduce_sum(got * np.arange(got.shape.num_elements(), dtype=np.float32).reshape(x.shape))
    np.testing.assert_array_equal(got.numpy(), ref.numpy())
    xr = tf.constant(x)
    with tf.GradientTape() as tape_ref:
        tape_ref.watch(xr)
        ref2 = tf.reverse_sequence(xr, lengths, seq_axis=seq_axis, batch_axis=batch_axis)
        loss_ref = tf.reduce_sum(ref2 * np.arange(x.size, dtype=np.float32).reshape(x.shape))
    np.testing.assert_array_equal(tape.gradient(loss, xt).numpy(), tape_ref.gradient(loss_ref, xr).numpy())
    with pytest.raises(tf.errors.InvalidArgumentError):
        tf.reverse_sequence(x, lengths + 5, seq_axis=seq_axis, batch_axis=batch_axis)
    with pytest.raises(tfc.errors.InvalidArgumentError):
        tfc.reverse_sequence(x, lengths + 5, seq_axis=seq_axis, batch_axis=batch_axis)


def test_residual_and_device_wrappers_eager(tfc):
    """ResidualWrapper adds the inputs to the cell's output; DeviceWrapper changes nothing else (TF's
    definitions, checked by hand against the wrapped cell)."""
    v1 = tfc.compat.v1
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        cell = v1.nn.rnn_cell.BasicRNNCell(D)
    x = tfc.constant(X[:, 0])
    state = cell.zero_state(B, tfc.float32)
    out, new_state = cell(x, state)
    res_out, res_state = v1.nn.rnn_cell.ResidualWrapper(cell)(x, state)
    dev_out, _ = v1.nn.rnn_cell.DeviceWrapper(cell, "/cpu:0")(x, state)
    np.testing.assert_allclose(res_out.numpy(), x.numpy() + out.numpy(), rtol=1e-6)
    np.testing.assert_allclose(res_state.numpy(), new_state.numpy(), rtol=1e-6)
    np.testing.assert_allclose(dev_out.numpy(), out.numpy(), rtol=1e-6)
    assert len(cell.weights) == 2  # the wrappers reuse the wrapped cell's weights
