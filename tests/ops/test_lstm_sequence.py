"""The shared fused LSTM kernel (tfcompat/_src/ops/lstm_sequence.py) in torch alone.

Its users are checked against TF in tests/ops/test_rnn_fused_lstm.py (TF1 dynamic_rnn) and
tests/keras/layers/test_recurrent_fused.py (the Keras layer). Here: the fused call and the step formula agree
(dense, batch-first, packed, with a projection); first-order gradients are exactly those of torch's own LSTM
autograd (the same fused kernel call); inputs that are one tensor or derived from another get their gradients
once; second-order gradients are those of the step formula, checked by finite differences in float64."""
from __future__ import annotations

import numpy as np
import pytest
import torch

from tfcompat._src.ops import lstm_sequence

B, T, D, H, P = 3, 4, 2, 5, 3


def _params_fn(w_ih, w_hh, b_ih, *proj):
    return [w_ih, w_hh, b_ih, torch.zeros_like(b_ih), *proj]


def _case(dtype=torch.float64, proj=False, seed=0):
    g = torch.Generator().manual_seed(seed)
    out = P if proj else H

    def r(*shape):
        return (torch.rand(*shape, generator=g, dtype=dtype) - 0.5)
    x, h0, c0 = r(T, B, D), r(B, out), r(B, H)
    weights = [r(4 * H, D), r(4 * H, out), r(4 * H)] + ([r(P, H)] if proj else [])
    return x, h0, c0, weights


def _packed(x, lengths):
    return torch.nn.utils.rnn.pack_padded_sequence(x, torch.tensor(lengths), enforce_sorted=True)


@pytest.mark.parametrize("proj", [False, True], ids=["plain", "projection"])
@pytest.mark.parametrize("layout", ["time_major", "batch_first", "packed"])
def test_fused_call_and_step_formula_agree(layout, proj):
    x, h0, c0, weights = _case(proj=proj)
    kw = {}
    if layout == "batch_first":
        x, kw = x.transpose(0, 1).contiguous(), {"batch_first": True}
    elif layout == "packed":
        packed = _packed(x, [4, 2, 1])
        x, kw = packed.data, {"batch_sizes": packed.batch_sizes}
    fused = lstm_sequence.lstm_layer(x, h0, c0, weights, _params_fn, **kw)
    steps = lstm_sequence.stepwise(x, h0, c0, _params_fn(*weights), **kw)
    for a, b in zip(fused, steps):
        torch.testing.assert_close(a, b, rtol=1e-12, atol=1e-13)


def _loss(outs):
    return sum((o * o * (i + 1.0)).sum() for i, o in enumerate(outs))


def test_first_order_gradients_are_torch_lstm_autograd_exactly():
    """float32 (oneDNN's kernel on the CPU): bit-identical outputs and gradients to torch.lstm's own autograd."""
    x, h0, c0, weights = _case(torch.float32)
    x2 = x.clone().requires_grad_()
    weights = [w.requires_grad_() for w in weights]
    sources = [x2] + weights
    got = lstm_sequence.lstm_layer(x2 * 1.0, h0, c0, weights, _params_fn)
    want_outs = torch.lstm(x2 * 1.0, (h0[None], c0[None]), _params_fn(*weights), True, 1, 0.0, True, False, False)
    want = (want_outs[0], want_outs[1][0], want_outs[2][0])
    for a, b in zip(got, want):
        assert torch.equal(a, b)
    for a, b in zip(torch.autograd.grad(_loss(got), sources), torch.autograd.grad(_loss(want), sources)):
        assert torch.equal(a, b)


def test_repeated_and_derived_inputs_get_their_gradient_once():
    """h0 is c0 (one leaf twice), and an input derived from a weight: gradients as the step formula's."""
    x, _, c0, weights = _case()
    weights = [w.requires_grad_() for w in weights]
    state = c0.clone().requires_grad_()
    first_h = (lambda: state, lambda: weights[2][:H].expand(B, H) * 0.5)
    for h0 in first_h:
        sources = [state] + weights
        got = torch.autograd.grad(_loss(lstm_sequence.lstm_layer(x, h0(), state, weights, _params_fn)), sources)
        want = torch.autograd.grad(_loss(lstm_sequence.stepwise(x, h0(), state, _params_fn(*weights))), sources)
        for a, b in zip(got, want):
            torch.testing.assert_close(a, b, rtol=1e-12, atol=1e-13)


@pytest.mark.parametrize("packed", [False, True], ids=["dense", "packed"])
def test_second_order_gradients_match_finite_differences(packed):
    """d/dw of sum((dL/dx)^2) through the fused call equals central differences of the first-order gradient."""
    x, h0, c0, weights = _case(proj=True, seed=3)
    kw = {}
    if packed:
        p = _packed(x, [4, 3, 2])
        x, kw = p.data, {"batch_sizes": p.batch_sizes}
    x = x.requires_grad_()

    def inner(ws):
        outs = lstm_sequence.lstm_layer(x, h0, c0, ws, _params_fn, **kw)
        (gx,) = torch.autograd.grad(_loss(outs), [x], create_graph=True)
        return (gx * gx).sum()
    ws = [w.clone().requires_grad_() for w in weights]
    analytic = torch.autograd.grad(inner(ws), ws)
    eps = 1e-6
    for k, index in ((0, (1, 1)), (1, (7, 2)), (2, (12,)), (3, (2, 4))):
        plus = [w.clone() for w in weights]
        minus = [w.clone() for w in weights]
        plus[k][index] += eps
        minus[k][index] -= eps
        numeric = (inner(plus).item() - inner(minus).item()) / (2 * eps)
        np.testing.assert_allclose(analytic[k][index].item(), numeric, rtol=1e-6, atol=1e-9)
