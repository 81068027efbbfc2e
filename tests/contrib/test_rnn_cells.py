"""``tf.contrib.rnn``'s ``NASCell`` and legacy wrappers (TF 1.15) against hand-written TF 2.21 programs.

TF 2.21 has no contrib, so the oracle is TF 1.15's cell code written in TF 2.21 ``tf.compat.v1`` ops with the same
weights (assigned from fixed values in creation order): NASCell's eight-branch formula (rnn_cell.py) and the
wrappers' ``embedding_lookup`` / ``linear`` (core_rnn_cell.py) around a ``GRUCell``. Compared: outputs, states,
gradients and the variables' shapes."""
from __future__ import annotations

import numpy as np
import pytest

X = (np.sin(np.arange(3 * 2 * 4) * 0.8) * 0.9).astype(np.float32).reshape(3, 2, 4)
IDS = np.array([[1, 3], [0, 2], [4, 4]], np.int32)


def _weights_value(shape, i):
    n = int(np.prod(shape))
    return (np.cos(np.arange(n) * 0.61 + 0.3 * i) * 0.5).astype(np.float32).reshape(shape)


def _run(tf, outputs, state):
    loss = tf.add_n([tf.reduce_sum(tf.square(o)) for o in outputs]) + tf.reduce_sum(tf.nest.flatten(state)[0])
    grads = [tf.convert_to_tensor(g) for g in tf.gradients(loss, tf.trainable_variables())]
    with tf.Session() as sess:
        sess.run(tf.global_variables_initializer())
        sess.run([v.assign(_weights_value(v.shape.as_list(), i)) for i, v in enumerate(tf.trainable_variables())])
        return [v.shape.as_list() for v in tf.trainable_variables()], sess.run([outputs, state, grads])


def _ref_nas(tf, num_proj, use_bias):
    units = 3
    c = tf.zeros([2, units])
    m = tf.zeros([2, num_proj or units])
    outs = []
    for t in range(3):
        with tf.variable_scope("nas", reuse=tf.AUTO_REUSE):
            rk = tf.get_variable("rk", [num_proj or units, 8 * units])
            k = tf.get_variable("k", [4, 8 * units])
            mm = tf.matmul(m, rk)
            if use_bias:
                mm = mm + tf.get_variable("b", [8 * units])
            pw = tf.get_variable("pw", [units, num_proj]) if num_proj else None
        xm = tf.split(tf.matmul(X[t], k), 8, axis=1)
        ms = tf.split(mm, 8, axis=1)
        s, th, r = tf.sigmoid, tf.tanh, tf.nn.relu
        l1 = [s(xm[0] + ms[0]), r(xm[1] + ms[1]), s(xm[2] + ms[2]), r(xm[3] * ms[3]), th(xm[4] + ms[4]),
              s(xm[5] + ms[5]), th(xm[6] + ms[6]), s(xm[7] + ms[7])]
        l2_0 = th(th(l1[0] * l1[1]) + c)
        c = l2_0 * th(l1[2] + l1[3])
        m = th(c * th(th(l1[4] * l1[5]) + s(l1[6] + l1[7])))
        if num_proj:
            m = tf.matmul(m, pw)
        outs.append(m)
    return outs, (c, m)


@pytest.mark.parametrize("num_proj,use_bias", [(None, False), (2, True)])
def test_nas_cell(oracle, num_proj, use_bias):
    def ref(tf):
        return _run(tf, *_ref_nas(tf, num_proj, use_bias))

    def tfc(tf):
        cell = tf.contrib.rnn.NASCell(3, num_proj=num_proj, use_bias=use_bias)
        outputs, state = tf.nn.static_rnn(cell, [tf.constant(x) for x in X], dtype=tf.float32)
        return _run(tf, outputs, tuple(state))

    oracle.check(ref, tfc, v1=True, rtol=2e-5, atol=1e-6)


def _ref_wrapped(tf):
    """EmbeddingWrapper(OutputProjectionWrapper(InputProjectionWrapper(GRUCell(3), 5), 6), 5 classes, 4 dims)."""
    cell = tf.nn.rnn_cell.GRUCell(3)
    state = tf.zeros([2, 3])
    outs = []
    for t in range(3):
        with tf.variable_scope("w", reuse=tf.AUTO_REUSE):
            emb = tf.nn.embedding_lookup(tf.get_variable("emb", [5, 4]), IDS[t])
            x = tf.matmul(emb, tf.get_variable("in_k", [4, 5])) + tf.get_variable("in_b", [5])
            out, state = cell(x, state)
            out = tf.matmul(out, tf.get_variable("out_k", [3, 6])) + tf.get_variable("out_b", [6])
        outs.append(out)
    return outs, state


def test_wrappers(oracle):
    def ref(tf):
        return _run(tf, *_ref_wrapped(tf))

    def tfc(tf):
        rnn = tf.contrib.rnn
        cell = rnn.EmbeddingWrapper(rnn.OutputProjectionWrapper(rnn.InputProjectionWrapper(
            tf.nn.rnn_cell.GRUCell(3), 5), 6), embedding_classes=5, embedding_size=4)
        outputs, state = tf.nn.static_rnn(cell, [tf.constant(i) for i in IDS], dtype=tf.float32)
        return _run(tf, outputs, state)

    oracle.check(ref, tfc, v1=True, rtol=2e-5, atol=1e-6)


def test_wrapper_names_and_errors_by_hand():
    """Expected by hand from TF 1.15's core_rnn_cell.py: variables inside each wrapper's scope; sizes < 1 are
    ValueErrors."""
    import tfcompat.compat.v1 as tf
    with tf.Graph().as_default():
        cell = tf.contrib.rnn.OutputProjectionWrapper(tf.nn.rnn_cell.BasicRNNCell(2), 3)
        tf.nn.static_rnn(cell, [tf.zeros([1, 4])], dtype=tf.float32)
        names = [v.name for v in tf.trainable_variables()]
        with pytest.raises(ValueError, match="output_size must be > 0"):
            tf.contrib.rnn.OutputProjectionWrapper(tf.nn.rnn_cell.BasicRNNCell(2), 0)
        with pytest.raises(ValueError, match="must be > 0"):
            tf.contrib.rnn.EmbeddingWrapper(tf.nn.rnn_cell.BasicRNNCell(2), 0, 3)
    assert names == ["rnn/output_projection_wrapper/basic_rnn_cell/kernel:0",
                     "rnn/output_projection_wrapper/basic_rnn_cell/bias:0",
                     "rnn/output_projection_wrapper/kernel:0", "rnn/output_projection_wrapper/bias:0"]
