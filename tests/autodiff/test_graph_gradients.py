"""Gradient nodes in a plan (autodiff/graph_gradients.py): with several ``tf.gradients`` in one run, the last one
frees the forward graph and the fetched values drop their history, so the run's optimizer updates write the
variables in place; values fetched in the same run keep TF's numbers (oracle: real TF 2.21, recorded)."""
from __future__ import annotations

import numpy as np

X = np.array([[1.0, -2.0, 0.5], [0.25, 3.0, -1.0]], np.float32)
Z = np.array([[0.3, -0.7], [1.1, 0.2]], np.float32)


def _gan(v1, read_first=False):
    """Two losses sharing a discriminator, each with its own Adam, both trained in one Session.run; with
    ``read_first``, also a read of the discriminator's variable that the updates wait for (else TF's order of
    that read and the update is not fixed)."""
    x, z = v1.constant(X), v1.constant(Z)
    g = v1.Variable(np.full((2, 3), 0.1, np.float32), name="g")
    d = v1.Variable(np.array([[0.2], [-0.1], [0.3]], np.float32), name="d")
    fake = v1.sigmoid(v1.matmul(z, g))

    def disc(t):
        return v1.matmul(v1.nn.relu(t), d)
    xent = v1.nn.sigmoid_cross_entropy_with_logits
    real_logits, fake_logits = disc(x), disc(fake)
    d_loss = v1.reduce_mean(xent(labels=v1.ones_like(real_logits), logits=real_logits)) + \
        v1.reduce_mean(xent(labels=v1.zeros_like(fake_logits), logits=fake_logits))
    g_loss = v1.reduce_mean(xent(labels=v1.ones_like(fake_logits), logits=fake_logits))
    read = v1.identity(d.read_value())
    with v1.control_dependencies([read] if read_first else []):
        d_train = v1.train.AdamOptimizer(0.1).minimize(d_loss, var_list=[d])
        g_train = v1.train.AdamOptimizer(0.1).minimize(g_loss, var_list=[g])
    return g, d, d_loss, (read if read_first else fake_logits), [d_train, g_train]


def test_two_train_ops_in_one_run_match_tf(oracle):
    def prog(v1):
        g, d, d_loss, fake_logits, trains = _gan(v1)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            runs = [sess.run([trains, d_loss, fake_logits])[1:] for _ in range(4)]
            return runs, sess.run([g, d])
    oracle.check_v1(prog, rtol=1e-5)


def test_two_train_ops_in_one_run_write_in_place(tfc1):
    g, d, d_loss, _, trains = _gan(tfc1)
    with tfc1.Session() as sess:
        sess.run(tfc1.global_variables_initializer())
        sess.run([trains, d_loss])
        ptrs = [sess._resource_store[v].data_ptr() for v in (g, d)]
        before = sess.run([g, d])
        loss = sess.run([trains, d_loss])[1]
        assert [sess._resource_store[v].data_ptr() for v in (g, d)] == ptrs
        assert all(not np.array_equal(sess.run(v), b) for v, b in zip((g, d), before))
        assert np.isfinite(loss)


def test_fetched_variable_value_is_the_value_before_the_update(oracle):
    # A fetched read of a variable the run also updates: TF returns the value read before the update.
    def prog(v1):
        g, d, d_loss, read, trains = _gan(v1, read_first=True)
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            out = [sess.run([trains, read, d_loss])[1:] for _ in range(2)]
            return out, sess.run(d)
    oracle.check_v1(prog, rtol=1e-5)


def test_gradient_of_a_gradient_after_another_gradient(oracle):
    # Three gradient nodes, one differentiating another's result: the earlier ones keep the graph.
    def prog(v1):
        x = v1.constant([0.5, -1.5, 2.0])
        y = v1.reduce_sum(v1.sin(x) * x)
        other = v1.gradients(v1.reduce_sum(v1.exp(x)), x)[0]
        first = v1.gradients(y, x)[0]
        second = v1.gradients(v1.reduce_sum(first), x)[0]
        with v1.Session() as sess:
            return sess.run([y, other, first, second])
    oracle.check_v1(prog)
