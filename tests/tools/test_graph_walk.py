"""tools/compare/graph_walk.py: the ops one Session.run executes, as both sides of a traced compare list them.
Expected orders: by hand, on a small graph of stand-in ops (the walk reads only names, inputs, control inputs
and tensors' ops); the TF and tfcompat sides are exercised end to end in test_compare_trace.py."""
from __future__ import annotations

from types import SimpleNamespace

from tfcompat._src.tools.compare.graph_walk import executed_ops


def _op(name, inputs=(), control_inputs=()):
    op = SimpleNamespace(name=name, inputs=[], control_inputs=list(control_inputs))
    op.inputs = [SimpleNamespace(name=f"{t.name}:0", op=t) for t in inputs]
    return op


def _names(ops):
    return [op.name for op in ops]


def test_inputs_before_users_each_op_once():
    a, b = _op("a"), _op("b")
    c = _op("c", [a, b])
    d = _op("d", [c, a])
    assert _names(executed_ops([d], set())) == ["a", "b", "c", "d"]


def test_control_inputs_run_before_the_op_after_its_data_inputs():
    init = _op("init")
    x = _op("x")
    y = _op("y", [x], control_inputs=[init])
    assert _names(executed_ops([y], set())) == ["x", "init", "y"]


def test_fed_tensors_stop_the_walk():
    p = _op("placeholder")
    sq = _op("square", [p])
    out = _op("out", [sq])
    assert _names(executed_ops([out], {"square:0"})) == ["out"]
    assert _names(executed_ops([out], {"placeholder:0"})) == ["square", "out"]


def test_several_fetches_in_their_order():
    a, b = _op("a"), _op("b")
    assert _names(executed_ops([b, a, b], set())) == ["b", "a"]
