"""TF1 learning-rate decay functions (runtime/training/learning_rate.py and the cosine family) against real TF:
the result tensor's name and op type in a graph (TF's name scopes: ``ExponentialDecay:0``, a ``name``, a
second call, an outer scope) and its value over a few global steps."""
from __future__ import annotations

import pytest

_DECAYS = {
    "exponential": lambda T, g, **k: T.exponential_decay(0.1, g, 10, 0.5, **k),
    "exponential_staircase": lambda T, g, **k: T.exponential_decay(0.1, g, 10, 0.5, staircase=True, **k),
    "inverse_time": lambda T, g, **k: T.inverse_time_decay(0.1, g, 10, 0.5, **k),
    "natural_exp": lambda T, g, **k: T.natural_exp_decay(0.1, g, 10, 0.5, **k),
    "polynomial": lambda T, g, **k: T.polynomial_decay(0.1, g, 10, **k),
    "polynomial_cycle": lambda T, g, **k: T.polynomial_decay(0.1, g, 10, cycle=True, **k),
    "piecewise_constant": lambda T, g, **k: T.piecewise_constant(g, [5, 10], [0.1, 0.05, 0.01], **k),
    "piecewise_constant_decay": lambda T, g, **k: T.piecewise_constant_decay(g, [5, 10], [0.1, 0.05, 0.01], **k),
    "cosine": lambda T, g, **k: T.cosine_decay(0.1, g, 10, **k),
    "cosine_restarts": lambda T, g, **k: T.cosine_decay_restarts(0.1, g, 10, **k),
    "linear_cosine": lambda T, g, **k: T.linear_cosine_decay(0.1, g, 10, **k),
}


@pytest.mark.parametrize("decay", sorted(_DECAYS))
def test_decay_names_op_types_and_values(oracle, decay):
    def prog(v1):
        gs = v1.train.get_or_create_global_step()
        make = _DECAYS[decay]
        lr = make(v1.train, gs)
        again = make(v1.train, gs)
        named = make(v1.train, gs, name="my_lr")
        with v1.name_scope("outer"):
            scoped = make(v1.train, gs)
        values = []
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            for step in (0, 5, 7, 12):
                gs.load(step, s)
                values.append(s.run(lr))
        return ([t.name for t in (lr, again, named, scoped)], [t.op.type for t in (lr, named)], lr.dtype.name,
                values)
    oracle.check_v1(prog)


def test_noisy_linear_cosine_decay_name(oracle):
    """Its values are random (TF's stream): only the graph names are compared."""
    def prog(v1):
        gs = v1.train.get_or_create_global_step()
        lr = v1.train.noisy_linear_cosine_decay(0.1, gs, 10)
        named = v1.train.noisy_linear_cosine_decay(0.1, gs, 10, name="my_lr")
        return lr.name, named.name, lr.op.type
    oracle.check_v1(prog)


def test_piecewise_constant_eager_callable(oracle):
    def prog(tf):
        step = tf.Variable(0, dtype=tf.int64)
        lr = tf.compat.v1.train.piecewise_constant(step, [5, 10], [0.1, 0.05, 0.01])
        out = []
        for s in (0, 5, 6, 10, 11):
            step.assign(s)
            out.append(lr())
        return out
    oracle.check(prog)
