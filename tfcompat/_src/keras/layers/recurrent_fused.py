"""The Keras ``LSTM`` layer's whole time loop as one op (``KerasLSTMSequence``) run by one ``torch.lstm`` call.

tf-keras's LSTM on the CPU runs ``standard_lstm``: a ``while`` loop whose body computes
``z = x_t @ kernel + h @ recurrent_kernel + bias``, splits z into gates i, f, c, o, and updates
``c = sigmoid(f) * c + sigmoid(i) * tanh(c~)``, ``h = sigmoid(o) * tanh(c)``. With tanh/sigmoid activations,
a bias, no dropout and no mask (``LSTM._fused_call`` in recurrent.py decides), that is exactly torch's LSTM with
``w_ih = kernel^T``, ``w_hh = recurrent_kernel^T``, ``b_ih = bias``, ``b_hh = 0``; Keras's gate order i, f, c, o
is torch's i, f, g, o. TF has no such op type (on a GPU tf-keras would emit ``CudnnRNNV3``): the name is
tfcompat's own and TF's gradient registry holds nothing for it.

Same numbers as the step-by-step loop to float rounding (torch sums the two GEMMs and biases in another order).
The CPU fused kernel (oneDNN for float32) has a backward that torch cannot differentiate again, so the forward
runs inside ``_FusedLSTM``: its first-order backward is the fused kernel's, and where torch records the backward
(``create_graph``: a nested or persistent tape, a gradient of a gradient) it recomputes the step-by-step formula
from the saved inputs and differentiates that, so second-order gradients are those of the step-by-step loop.
Under ``torch.compile`` tracing, an active ForwardAccumulator (torch dual tensors) or off the CPU the kernel runs
the step-by-step formula in torch directly."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dispatch
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.op_def import DIFFERENTIABLE, TF_GRADIENT_NONE, register_op
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["lstm_sequence", "fusable_dtype", "KERAS_LSTM_OP"]

KERAS_LSTM_OP = "KerasLSTMSequence"
_FUSED_DTYPES = (torch.float32, torch.float64)


def _stepwise(x, h, c, kernel, recurrent_kernel, bias):
    """tf-keras's ``standard_lstm`` formula, one step at a time: (outputs [B, T, U], h, c)."""
    z_x = torch.matmul(x, kernel) + bias
    outs = []
    for t in range(x.shape[1]):
        z = z_x[:, t] + torch.matmul(h, recurrent_kernel)
        z_i, z_f, z_c, z_o = z.chunk(4, dim=1)
        c = torch.sigmoid(z_f) * c + torch.sigmoid(z_i) * torch.tanh(z_c)
        h = torch.sigmoid(z_o) * torch.tanh(c)
        outs.append(h)
    return torch.stack(outs, dim=1), h, c


def _fused(x, h0, c0, kernel, recurrent_kernel, bias):
    """The same as ``_stepwise``, as one ``torch.lstm`` call."""
    params = [kernel.t(), recurrent_kernel.t(), bias, torch.zeros_like(bias)]
    out, h_n, c_n = torch.lstm(x, (h0.unsqueeze(0), c0.unsqueeze(0)), params, True, 1, 0.0,
                               torch.is_grad_enabled(), False, True)
    return out, h_n[0], c_n[0]


class _FusedLSTM(torch.autograd.Function):
    """``_fused`` with a backward that is differentiable again (see the module docstring)."""

    @staticmethod
    def forward(ctx, x, h0, c0, kernel, recurrent_kernel, bias):
        inputs = (x, h0, c0, kernel, recurrent_kernel, bias)
        ctx.save_for_backward(*inputs)
        with torch.enable_grad():
            leaves = tuple(t.detach().requires_grad_(t.requires_grad) for t in inputs)
            outs = _fused(*leaves)
        ctx.fused = (leaves, outs)
        return tuple(o.detach() for o in outs)

    @staticmethod
    def backward(ctx, *grads):
        wanted = [i for i, need in enumerate(ctx.needs_input_grad) if need]
        if torch.is_grad_enabled():   # the backward is being recorded: differentiate the step-by-step formula
            inputs = ctx.saved_tensors
            outs = _stepwise(*inputs)
            got = torch.autograd.grad(outs, [inputs[i] for i in wanted], grads, create_graph=True,
                                      allow_unused=True)
        else:
            leaves, outs = ctx.fused
            # retain_graph: a persistent tape may run this backward again.
            got = torch.autograd.grad(outs, [leaves[i] for i in wanted], grads, retain_graph=True,
                                      allow_unused=True)
        result = [None] * 6
        for i, g in zip(wanted, got):
            result[i] = g
        return tuple(result)


def _runs_fused(x) -> bool:
    return x.device.type == "cpu" and x.dtype in _FUSED_DTYPES and not dispatch.FORWARD_ACCUMULATORS and \
        not torch.compiler.is_compiling()


def _shape(inputs, attrs):
    x, h0 = inputs[0].shape, inputs[1].shape
    batch, steps = (x.as_list()[:2]) if x.rank == 3 else (None, None)
    units = h0.as_list()[1] if h0.rank == 2 else None
    dtype = inputs[0].dtype
    return [(TensorShape([batch, steps, units]), dtype), (TensorShape([batch, units]), dtype),
            (TensorShape([batch, units]), dtype)]


@register_op(KERAS_LSTM_OP, grad=DIFFERENTIABLE, inputs=("x", "h", "c", "kernel", "recurrent_kernel", "bias"),
             num_outputs=3, shape_fn=_shape, tf_gradient=TF_GRADIENT_NONE)
def _keras_lstm_sequence(x, h, c, kernel, recurrent_kernel, bias, *, go_backwards=False):
    # Outputs in processing order, as backend.rnn (with go_backwards the first output is the last step's).
    if go_backwards:
        x = x.flip(1)
    if not _runs_fused(x):
        return _stepwise(x, h, c, kernel, recurrent_kernel, bias)
    inputs = (x, h, c, kernel, recurrent_kernel, bias)
    if torch.is_grad_enabled() and any(t.requires_grad for t in inputs):
        return _FusedLSTM.apply(*inputs)
    with torch.no_grad():
        return _fused(*inputs)


def lstm_sequence(inputs, h, c, kernel, recurrent_kernel, bias, go_backwards: bool = False):
    """The LSTM over all steps of ``inputs`` ``[batch, time, features]`` from state ``(h, c)``: ``(outputs
    [batch, time, units] in processing order, last h, last c)``, as ``backend.rnn`` over ``LSTMCell``."""
    return dispatch.apply_op(KERAS_LSTM_OP, [inputs, h, c, kernel, recurrent_kernel, bias],
                             {"go_backwards": bool(go_backwards)})


def fusable_dtype(dtype) -> bool:
    return dtype in (dtypes.float32, dtypes.float64)
