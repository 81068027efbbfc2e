"""Names of the ops ``tf.compat.v1.train.Optimizer.minimize`` returns (scripts and tools fetch them by name:
``sess.run("train")``, ``graph.get_operation_by_name``). Expected names: real TF 2.21 via the oracle."""
from __future__ import annotations

import pytest


@pytest.mark.parametrize("optimizer", ["GradientDescentOptimizer", "AdamOptimizer", "MomentumOptimizer"])
def test_minimize_returns_the_scope_named_op(oracle, optimizer):
    def prog(v1):
        v = v1.Variable(1.0, name="v")
        loss = v * v
        kwargs = {"momentum": 0.9} if optimizer == "MomentumOptimizer" else {}
        make = getattr(v1.train, optimizer)
        gs = v1.train.get_or_create_global_step()
        names = [make(0.1, **kwargs).minimize(loss, name="train").name,
                 make(0.1, **kwargs).minimize(loss).name,
                 make(0.1, **kwargs).minimize(loss).name,
                 make(0.1, **kwargs).minimize(loss, global_step=gs, name="step").name,
                 make(0.1, **kwargs).minimize(loss, global_step=gs).name]
        return names + [v1.get_default_graph().get_operation_by_name("train").type]
    oracle.check_v1(prog)
