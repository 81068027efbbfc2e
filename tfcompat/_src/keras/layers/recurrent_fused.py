"""The Keras ``LSTM`` layer's whole time loop as one op (``KerasLSTMSequence``) run by one ``torch.lstm`` call.

tf-keras's LSTM on the CPU runs ``standard_lstm``: a ``while`` loop whose body computes
``z = x_t @ kernel + h @ recurrent_kernel + bias``, splits z into gates i, f, c, o, and updates
``c = sigmoid(f) * c + sigmoid(i) * tanh(c~)``, ``h = sigmoid(o) * tanh(c)``. With tanh/sigmoid activations,
a bias, no dropout and no mask (``LSTM._fused_call`` in recurrent.py decides), that is exactly torch's LSTM with
``w_ih = kernel^T``, ``w_hh = recurrent_kernel^T``, ``b_ih = bias``, ``b_hh = 0``; Keras's gate order i, f, c, o
is torch's i, f, g, o. TF has no such op type (on a GPU tf-keras would emit ``CudnnRNNV3``): the name is
tfcompat's own and TF's gradient registry holds nothing for it.

Same numbers as the step-by-step loop to float rounding (torch sums the two GEMMs and biases in another order).
The kernel is the shared one of ops/lstm_sequence.py (``lstm_layer``), which also gives second-order gradients
(its backward, when recorded, differentiates the step-by-step formula) and runs that formula directly under
``torch.compile`` tracing, an active ForwardAccumulator or off the CPU."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dispatch
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.op_def import DIFFERENTIABLE, TF_GRADIENT_NONE, register_op
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops.lstm_sequence import lstm_layer

__all__ = ["lstm_sequence", "fusable_dtype", "KERAS_LSTM_OP", "keras_torch_params"]

KERAS_LSTM_OP = "KerasLSTMSequence"


def keras_torch_params(kernel, recurrent_kernel, bias) -> list:
    """torch's ``[w_ih, w_hh, b_ih, b_hh]`` from Keras's weights (gate order i, f, c, o is torch's)."""
    return [kernel.t(), recurrent_kernel.t(), bias, torch.zeros_like(bias)]


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
    return lstm_layer(x, h, c, (kernel, recurrent_kernel, bias), keras_torch_params, batch_first=True)


def lstm_sequence(inputs, h, c, kernel, recurrent_kernel, bias, go_backwards: bool = False):
    """The LSTM over all steps of ``inputs`` ``[batch, time, features]`` from state ``(h, c)``: ``(outputs
    [batch, time, units] in processing order, last h, last c)``, as ``backend.rnn`` over ``LSTMCell``."""
    return dispatch.apply_op(KERAS_LSTM_OP, [inputs, h, c, kernel, recurrent_kernel, bias],
                             {"go_backwards": bool(go_backwards)})


def fusable_dtype(dtype) -> bool:
    return dtype in (dtypes.float32, dtypes.float64)
