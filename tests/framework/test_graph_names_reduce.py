"""Graph op names around reductions over all axes (``ops/reduction_ops.py``) against TF 2.21: TF's
``_ReductionDims`` builds the axes before the op (a Const ``Const`` of a known rank, ``Rank`` and ``range`` ops of
an unknown one); tfcompat's op holds the axes as an attribute (known deviation
"graph-static-arguments-as-attributes") but takes the same names, so every later op is named as in TF. The axes
ops TF builds are left out of the comparison. Expected values: TF's, through the oracle."""
from __future__ import annotations

from tests.known_deviations import DEVIATIONS

_REDUCTIONS = ("Sum", "Mean", "Prod", "Max", "Min", "All", "Any")


def _ops_without_axes(graph):
    axes = set()
    for op in graph.get_operations():
        if op.type in _REDUCTIONS and len(op.inputs) > 1:
            axis_op = op.inputs[1].op
            axes.add(axis_op.name)
            if axis_op.type == "Range":
                axes.update(i.op.name for i in axis_op.inputs)
    return [(op.name, op.type) for op in graph.get_operations() if op.name not in axes]


def test_reductions_over_all_axes_take_tf_names(oracle):
    assert "reduction axes" in DEVIATIONS["graph-static-arguments-as-attributes"]

    def prog(v1):
        x = v1.placeholder(v1.float32, [2, 3])
        u = v1.placeholder(v1.float32, None)
        b = v1.placeholder(v1.bool, [4])
        v1.reduce_sum(x)
        v1.constant(1.0)
        v1.reduce_mean(x, name="m")
        v1.constant(2.0)
        with v1.name_scope("sc"):
            v1.reduce_max(x)
            v1.constant(3.0)
        v1.reduce_sum(u)
        v1.constant(4.0)
        v1.reduce_prod(x, keepdims=True)
        v1.reduce_min(u, keepdims=True)
        v1.reduce_all(b)
        v1.reduce_any(b)
        v1.reduce_sum(x, reduction_indices=None)
        v1.reduce_sum(x, axis=1)
        v1.constant(5.0)
        y = v1.reduce_mean(x * 2.0)
        v1.constant(6.0)
        return _ops_without_axes(v1.get_default_graph()), str(y.shape)
    oracle.check_v1(prog)
