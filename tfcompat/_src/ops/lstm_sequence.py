"""One LSTM layer over a whole sequence as one fused ``torch.lstm`` call whose backward is differentiable again.

The shared kernel of TF1 ``dynamic_rnn``'s fused loop (ops/rnn_fused_lstm.py) and the Keras ``LSTM`` layer
(keras/layers/recurrent_fused.py); TF has no such op (it runs a ``while`` loop of the cell's ops). Each user keeps
its own weights and gives ``to_params``, which maps them with differentiable torch ops to torch's LSTM parameters
``[w_ih, w_hh, b_ih, b_hh(, w_hr)]`` (gate order i, f, g, o; ``h = w_hr (o * tanh(c))`` with a projection): TF1
cells reorder their i, j, f, o blocks and fold ``forget_bias`` into f's bias, Keras transposes its kernels.

The CPU fused kernel (oneDNN for float32) has a backward that torch cannot differentiate again, so where a gradient
is wanted the forward runs inside ``_FusedLSTM``: its first-order backward is the fused kernel's, and where torch
records the backward (``create_graph``: a nested or persistent tape, a gradient of a gradient) it recomputes
``stepwise`` (torch's LSTM formula, step by step) from the saved inputs and differentiates that, so second-order
gradients are those of the step-by-step loop to float rounding. Under ``torch.compile`` tracing, an active
ForwardAccumulator (torch dual tensors) or off the CPU, ``lstm_layer`` runs ``stepwise`` directly."""
from __future__ import annotations

from typing import Callable, Sequence

import torch
from torch.autograd.graph import get_gradient_edge

from tfcompat._src.framework import dispatch

__all__ = ["lstm_layer", "stepwise", "runs_fused", "FUSED_DTYPES"]

FUSED_DTYPES = (torch.float32, torch.float64)

ToParams = Callable[..., list]


def runs_fused(x: torch.Tensor) -> bool:
    """Whether ``lstm_layer`` takes the fused kernel for input ``x`` (else it runs ``stepwise``)."""
    return x.device.type == "cpu" and x.dtype in FUSED_DTYPES and not dispatch.FORWARD_ACCUMULATORS and \
        not torch.compiler.is_compiling()


def stepwise(x, h, c, params: Sequence[torch.Tensor], batch_sizes=None, batch_first: bool = False):
    """torch's LSTM formula one step at a time, ``(out, h_n, c_n)`` as ``_fused``: ``x`` ``[T, B, D]`` (``[B, T,
    D]`` with ``batch_first``) or, with ``batch_sizes``, packed data ``[sum(batch_sizes), D]`` whose step ``t``
    holds the first ``batch_sizes[t]`` rows (the others keep their state)."""
    w_ih, w_hh, b_ih, b_hh = params[:4]
    w_hr = params[4] if len(params) > 4 else None
    z_x = torch.matmul(x, w_ih.t()) + (b_ih + b_hh)
    if batch_sizes is None:
        steps = z_x.unbind(1 if batch_first else 0)
    else:
        steps = z_x.split(batch_sizes.tolist())
    outs = []
    for z_t in steps:
        rows = z_t.shape[0]
        h_t, c_t = (h, c) if rows == h.shape[0] else (h[:rows], c[:rows])
        z = z_t + torch.matmul(h_t, w_hh.t())
        z_i, z_f, z_g, z_o = z.chunk(4, dim=1)
        c_t = torch.sigmoid(z_f) * c_t + torch.sigmoid(z_i) * torch.tanh(z_g)
        h_t = torch.sigmoid(z_o) * torch.tanh(c_t)
        if w_hr is not None:
            h_t = torch.matmul(h_t, w_hr.t())
        if rows == h.shape[0]:
            h, c = h_t, c_t
        else:
            h, c = torch.cat([h_t, h[rows:]]), torch.cat([c_t, c[rows:]])
        outs.append(h_t)
    if batch_sizes is not None:
        return torch.cat(outs), h, c
    return torch.stack(outs, dim=1 if batch_first else 0), h, c


def _fused(x, h0, c0, params, batch_sizes, batch_first):
    """The same as ``stepwise``, as one ``torch.lstm`` call."""
    hx = (h0.unsqueeze(0), c0.unsqueeze(0))
    if batch_sizes is None:
        out, h_n, c_n = torch.lstm(x, hx, params, True, 1, 0.0, torch.is_grad_enabled(), False, batch_first)
    else:
        out, h_n, c_n = torch.lstm(x, batch_sizes, hx, params, True, 1, 0.0, torch.is_grad_enabled(), False)
    return out, h_n[0], c_n[0]


class _FusedLSTM(torch.autograd.Function):
    """``_fused`` with a backward that is differentiable again (see the module docstring). Arguments: ``(to_params,
    batch_sizes, batch_first, x, h0, c0, *weights)``."""

    @staticmethod
    def forward(ctx, to_params, batch_sizes, batch_first, *inputs):
        ctx.set_materialize_grads(False)
        ctx.save_for_backward(*inputs)
        ctx.spec = (to_params, batch_sizes, batch_first)
        # The fused graph is recorded from leaves of its own: inputs with a history (and repeats) are detached so
        # its gradients stop at them; leaves (variables) are used as they are, which saves a detach per step.
        leaves, seen = [], set()
        for t in inputs:
            if t.requires_grad and (t.grad_fn is not None or id(t) in seen):
                t = t.detach().requires_grad_()
            seen.add(id(t))
            leaves.append(t)
        with torch.enable_grad():
            x, h0, c0, *weights = leaves
            outs = _fused(x, h0, c0, to_params(*weights), batch_sizes, batch_first)
        # Returned as they are (no detach): the Function takes over their history, the edges keep the fused one.
        ctx.fused = (leaves, [get_gradient_edge(o) for o in outs])
        return outs

    @staticmethod
    def backward(ctx, *grads):
        wanted = [i for i, need in enumerate(ctx.needs_input_grad[3:]) if need]
        # Outputs that got no gradient (grads are not materialised) are left out: no zeros pushed through.
        given = [k for k, g in enumerate(grads) if g is not None]
        result = [None] * len(ctx.needs_input_grad)
        if not given or not wanted:
            return tuple(result)
        if torch.is_grad_enabled():   # the backward is being recorded: differentiate the step-by-step formula
            to_params, batch_sizes, batch_first = ctx.spec
            inputs = ctx.saved_tensors
            x, h0, c0, *weights = inputs
            outs = stepwise(x, h0, c0, to_params(*weights), batch_sizes, batch_first)
            got = torch.autograd.grad([outs[k] for k in given], [inputs[i] for i in wanted],
                                      [grads[k] for k in given], create_graph=True, allow_unused=True)
        else:
            leaves, edges = ctx.fused
            # retain_graph: a persistent tape may run this backward again.
            got = torch.autograd.grad([edges[k] for k in given], [leaves[i] for i in wanted],
                                      [grads[k] for k in given], retain_graph=True, allow_unused=True)
        for i, g in zip(wanted, got):
            result[3 + i] = g
        return tuple(result)


def lstm_layer(x: torch.Tensor, h0: torch.Tensor, c0: torch.Tensor, weights: Sequence[torch.Tensor],
               to_params: ToParams, batch_sizes: torch.Tensor | None = None, batch_first: bool = False):
    """One LSTM layer over all steps: ``(out, h_n, c_n)`` with ``h0``/``c0``/``h_n``/``c_n`` ``[B, H]`` (``[B,
    P]`` for h with a projection); ``x`` and ``out`` as in ``stepwise``. ``to_params(*weights)`` gives torch's
    parameter list; gradients reach ``x``, ``h0``, ``c0`` and ``weights``, to any order."""
    if not runs_fused(x):
        return stepwise(x, h0, c0, to_params(*weights), batch_sizes, batch_first)
    if torch.is_grad_enabled() and any(t.requires_grad for t in (x, h0, c0, *weights)):
        return _FusedLSTM.apply(to_params, batch_sizes, batch_first, x, h0, c0, *weights)
    with torch.no_grad():
        return _fused(x, h0, c0, to_params(*weights), batch_sizes, batch_first)
