"""Plan-level kernel choices (runtime/codegen_fusion.py): MatMul + bias add as one addmm, idle kernel wrappers
skipped. The graph is unchanged; values and gradients are TF's (float tolerance where the GEMM adds the bias)."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from tfcompat._src.runtime.executor import compile_plan

_X = np.arange(12, dtype=np.float32).reshape(3, 4) / 7.0 - 0.5
_W = (np.arange(20, dtype=np.float32).reshape(4, 5) % 7) / 5.0 - 0.4
_B = np.array([0.5, -1.0, 0.25, 2.0, -0.125], np.float32)


def _dense(v1, form, x, w, b):
    if form == "add":
        return v1.matmul(x, w) + b
    if form == "radd":
        return b + v1.matmul(x, w)
    return v1.nn.bias_add(v1.matmul(x, w), b)


@pytest.mark.parametrize("form", ["add", "radd", "bias_add"])
def test_matmul_bias_values_and_gradients_are_tfs(oracle, form):
    def prog(v1):
        x = v1.placeholder(v1.float32, [None, 4])
        w, b = v1.Variable(_W), v1.Variable(_B)
        y = v1.nn.relu(_dense(v1, form, x, w, b))
        loss = v1.reduce_sum(y * y)
        grads = v1.gradients(loss, [x, w, b])
        with v1.Session() as s:
            s.run(v1.global_variables_initializer())
            return s.run([y, loss] + grads, {x: _X})
    oracle.check_v1(prog, rtol=1e-5, atol=1e-5)


def _plan_source(v1, fetches, feeds):
    return compile_plan(fetches[0].graph, fetches, [], feeds).source


def test_pair_is_fused_only_when_the_product_has_no_other_use(tfc1):
    v1 = tfc1
    x = v1.placeholder(v1.float32, [None, 4])
    w, b = v1.constant(_W), v1.constant(_B)
    y = v1.matmul(x, w) + b
    assert "mmb" in _plan_source(v1, [y], [x])
    prod = v1.matmul(x, w)
    z = prod + b
    assert "mmb" not in _plan_source(v1, [z, prod], [x])          # the product is fetched too
    (gx,) = v1.gradients(v1.reduce_sum(z), [prod])
    assert "mmb" not in _plan_source(v1, [gx], [x])               # the product is a gradient x
    m = v1.matmul(x, w)
    not_bias = m + v1.constant(np.ones((3, 5), np.float32))       # a matrix, not a bias vector
    assert "mmb" not in _plan_source(v1, [not_bias], [x])
    t = v1.matmul(x, v1.transpose(w), transpose_b=True) + b
    assert "mmb" not in _plan_source(v1, [t], [x])                # transposed operands stay MatMul's


def test_fused_pair_runs_by_hand_values_and_keeps_the_graph(tfc1):
    v1 = tfc1
    x = v1.placeholder(v1.float32, [None, 4])
    y = v1.nn.bias_add(v1.matmul(x, v1.constant(_W)), v1.constant(_B))
    n_ops = len(x.graph.get_operations())
    with v1.Session() as s:
        got = s.run(y, {x: _X})
    np.testing.assert_allclose(got, _X @ _W + _B, rtol=1e-6, atol=1e-6)   # by hand (numpy)
    assert len(x.graph.get_operations()) == n_ops
    assert [op.type for op in x.graph.get_operations()].count("MatMul") == 1


def test_wide_unsigned_and_string_ops_keep_their_wrappers(tfc1):
    v1 = tfc1
    a = v1.placeholder(v1.uint32, [2])
    s = v1.placeholder(v1.string, [2])
    f = v1.placeholder(v1.float32, [2])
    total = a + a
    joined = v1.concat([s, s], 0)
    flt = v1.concat([f, f], 0) + 1.0
    plan = compile_plan(a.graph, [total, joined, flt], [], [a, s, f])
    out = plan.run([torch.tensor([4000000000, 1], dtype=torch.uint32), np.array([b"x", b"y"], dtype=object),
                    torch.tensor([1.0, 2.0])])
    assert out[0].tolist() == [3705032704, 2]        # by hand: 8e9 mod 2**32 (TF's uint32 add wraps)
    assert list(out[1]) == [b"x", b"y", b"x", b"y"]
    assert out[2].tolist() == [2.0, 3.0, 2.0, 3.0]


# -- Conv2D + bias (+ activation, + max pool): ops/conv_fused.py --------------------------------------------------
_CX = ((np.arange(2 * 5 * 5 * 2).reshape(2, 5, 5, 2) * 7 % 11) / 5.0 - 1.0).astype(np.float32)
_CW = ((np.arange(3 * 3 * 2 * 3).reshape(3, 3, 2, 3) * 5 % 13) / 10.0 - 0.55).astype(np.float32)
_CB = np.array([0.25, -0.5, 0.125], np.float32)


def _conv_relu_pool(v1, data_format="NHWC"):
    x = v1.placeholder(v1.float32, [2, 5, 5, 2] if data_format == "NHWC" else [2, 2, 5, 5])
    conv = v1.nn.conv2d(x, v1.constant(_CW), [1, 1, 1, 1], "SAME", data_format=data_format)
    pre = v1.nn.bias_add(conv, v1.constant(_CB), data_format=data_format)
    act = v1.nn.relu(pre)
    return x, conv, pre, act, v1.nn.max_pool2d(act, 2, 2, "VALID", data_format=data_format)


def _fused_ops(plan_source):
    """How many fused convolution groups, and how many other kernel calls, the plan makes."""
    return plan_source.count("= fconv"), plan_source.count("= k")


def test_conv_group_takes_bias_relu_and_pool_only_when_they_are_its_sole_uses(tfc1):
    v1 = tfc1
    x, conv, pre, act, out = _conv_relu_pool(v1)
    src = _plan_source(v1, [out], [x])
    assert _fused_ops(src) == (1, 0)                                     # conv, bias, ReLU and pool in one
    assert _fused_ops(_plan_source(v1, [out, conv], [x])) == (0, 4)      # the convolution is fetched
    assert _fused_ops(_plan_source(v1, [out, pre], [x])) == (1, 2)       # Conv2D + BiasAdd only
    assert _fused_ops(_plan_source(v1, [out, act], [x])) == (1, 1)       # the ReLU is fetched: no pool
    (g,) = v1.gradients(v1.reduce_sum(out), [pre])
    fused, others = _fused_ops(_plan_source(v1, [g], [x]))               # the bias add's output is a gradient x:
    assert fused == 1 and others >= 2                                    # it ends the group; ReLU, pool apart
    y = v1.nn.conv2d(x, v1.constant(_CW), [1, 1, 1, 1], "SAME") + v1.constant(np.ones((5, 5, 3), np.float32))
    assert _fused_ops(_plan_source(v1, [y], [x]))[0] == 0               # not a bias vector
    with v1.control_dependencies([conv.op]):
        marker = v1.identity(x)
    assert _fused_ops(_plan_source(v1, [out, marker], [x]))[0] == 0     # the convolution is a control input


def test_conv_group_by_data_format(tfc1):
    v1 = tfc1
    x, _, _, _, out = _conv_relu_pool(v1, "NCHW")
    assert _fused_ops(_plan_source(v1, [out], [x])) == (1, 0)            # BiasAdd in the convolution's format
    conv = v1.nn.conv2d(x, v1.constant(_CW), [1, 1, 1, 1], "SAME", data_format="NCHW")
    y = conv + v1.constant(np.ones(5, np.float32))                       # adds along W, not a channel bias
    assert _fused_ops(_plan_source(v1, [y], [x]))[0] == 0


def test_no_conv_group_in_second_order_plans(tfc1):
    v1 = tfc1
    x, _, _, _, out = _conv_relu_pool(v1)
    (gx,) = v1.gradients(v1.reduce_sum(out * out), [x])
    (ggx,) = v1.gradients(v1.reduce_sum(gx * gx), [x])
    assert _fused_ops(_plan_source(v1, [ggx], [x]))[0] == 0
    assert _fused_ops(_plan_source(v1, [gx], [x]))[0] == 1


def _below_a_stop(v1):
    """A conv group fed by ``x``, a stop tensor after it, and a second conv group below the stop."""
    x, _, _, _, out = _conv_relu_pool(v1)
    stop = out * 2.0
    w2 = v1.constant(np.full((1, 1, 3, 3), 0.5, np.float32))
    below = v1.nn.relu(v1.nn.bias_add(v1.nn.conv2d(stop, w2, [1, 1, 1, 1], "VALID"), v1.constant(_CB)))
    (gx,) = v1.gradients(v1.reduce_sum(below) + v1.reduce_sum(out * out), [x], stop_gradients=[stop])
    return x, gx, below


def test_conv_group_below_a_stop_gradient_runs_op_by_op(tfc1, oracle):
    x, gx, below = _below_a_stop(tfc1)
    src = _plan_source(tfc1, [gx, below], [x])
    assert _fused_ops(src)[0] == 1   # the group above the stop tensor; the one below is recomputed op by op

    def prog(v1):
        xp, g, b = _below_a_stop(v1)
        with v1.Session() as s:
            return s.run([g, b], {xp: _CX})
    oracle.check_v1(prog, rtol=1e-5, atol=1e-5)


def test_fused_conv_group_by_hand_values_and_unchanged_graph(tfc1):
    v1 = tfc1
    x, _, _, _, out = _conv_relu_pool(v1)
    n_ops = len(x.graph.get_operations())
    with v1.Session() as s:
        got = s.run(out, {x: _CX})
    z = torch.nn.functional.conv2d(torch.tensor(_CX).permute(0, 3, 1, 2), torch.tensor(_CW).permute(3, 2, 0, 1),
                                   torch.tensor(_CB), padding=1)
    want = torch.nn.functional.max_pool2d(torch.relu(z), 2, 2).permute(0, 2, 3, 1)   # by hand (torch)
    np.testing.assert_allclose(got, want.numpy(), rtol=1e-6, atol=1e-6)
    assert len(x.graph.get_operations()) == n_ops


def _conv_with_bad_depth(v1):
    x = v1.placeholder(v1.float32, [None, None, None, None])
    out = v1.nn.relu(v1.nn.conv2d(x, v1.constant(_CW), [1, 1, 1, 1], "VALID", name="my_conv") + v1.constant(_CB))
    with v1.Session() as s:
        return s.run(out, {x: np.zeros((1, 5, 5, 3), np.float32)})   # the filter wants 2 input channels


def test_conv_group_error_is_tfs_and_names_the_convolution(tfc1, oracle):
    assert _fused_ops(_plan_source(tfc1, [tfc1.nn.relu(tfc1.nn.conv2d(
        tfc1.placeholder(tfc1.float32, [None] * 4), _CW, [1, 1, 1, 1], "VALID") + _CB)], []))[0] == 1
    with pytest.raises(tfc1.errors.InvalidArgumentError, match="my_conv"):
        _conv_with_bad_depth(tfc1)
    oracle.check_v1(_conv_with_bad_depth)
