"""A whole-sequence run of the ``tf.while_loop`` that ``dynamic_rnn`` builds around plain LSTM cells.

TF builds ``dynamic_rnn(LSTMCell(n), x)`` as a while loop whose body reads step ``t`` from a TensorList, runs the
cell (concat, MatMul, BiasAdd, split into gates i, j, f, o, sigmoid/tanh, state update) and writes ``h_t`` to the
output list. ``dynamic_rnn`` keeps that graph exactly (the body's ops are not fetchable from outside the loop) and
attaches a ``FusedLSTMSequence`` to the ``While`` op; the loop's lowering (runtime/codegen_control_flow.py) then
calls ``FusedLSTMSequence.run`` first, which runs all steps as one ``torch.lstm`` call per layer (oneDNN's fused
RNN kernel on the CPU; packed sequences with ``sequence_length``) and returns the loop's final variables, or
``None`` when the run-time values are not the case it covers (another dtype, a shape the cell would reject, no
steps, a row of length 0), in which case the loop runs as written and raises TF's errors.

Same numbers to float tolerance: TF's ``sigmoid(f + forget_bias)`` becomes ``sigmoid(f')`` with ``forget_bias``
folded into f's bias, and torch's GEMMs sum in another order. Each layer runs the shared kernel of
ops/lstm_sequence.py (``lstm_layer``): gradients w.r.t. the inputs, the initial state, the kernel and the bias come
from torch autograd through ``torch.lstm``, and where the backward is itself recorded (a gradient of a gradient)
it differentiates the step-by-step formula, so second-order gradients are the loop's too."""
from __future__ import annotations

import dataclasses

import torch

from tfcompat._src.ops.lstm_sequence import lstm_layer, runs_fused

__all__ = ["FusedLSTMSequence", "LSTMLayer"]


def _gate_order(units: int, device) -> torch.Tensor:
    """Row indices taking TF's gate blocks (i, j, f, o) to torch's (i, f, g=j, o)."""
    blocks = [0, 2, 1, 3]
    return torch.cat([torch.arange(b * units, (b + 1) * units, device=device) for b in blocks])


@dataclasses.dataclass(eq=False)
class LSTMLayer:
    """One plain LSTM cell of the loop: its kernel ``[in + out, 4 * units]`` and bias variables (gates i, j, f,
    o), ``forget_bias``, and ``LSTMCell``'s projection variable ``[units, num_proj]`` (None without one); ``out``
    is ``num_proj`` or ``units``."""
    kernel: object
    bias: object
    forget_bias: float
    units: int
    projection: object = None
    num_proj: int | None = None
    _cache: dict = dataclasses.field(default_factory=dict, repr=False)

    @property
    def output_size(self) -> int:
        return self.num_proj if self.num_proj is not None else self.units

    def weights(self, depth: int, like: torch.Tensor):
        """The variables' current values ``(kernel, bias(, projection))`` (autograd reaches them), or None when
        their shapes, dtype or device are not the ones this input needs."""
        kernel, bias = self.kernel._current_value(), self.bias._current_value()
        n = self.units
        checks = [(kernel, (depth + self.output_size, 4 * n)), (bias, (4 * n,))]
        if self.projection is not None:
            checks.append((self.projection._current_value(), (n, self.num_proj)))
        for t, shape in checks:
            if tuple(t.shape) != shape or t.dtype != like.dtype or t.device != like.device:
                return None
        return tuple(t for t, _ in checks)

    def torch_params(self, kernel, bias, proj=None) -> list:
        """torch's ``[w_ih, w_hh, b_ih, b_hh(, w_hr)]`` from the cell's weights (``lstm_layer``'s ``to_params``)."""
        depth = kernel.shape[0] - self.output_size
        order = self._cache.get(kernel.device)
        if order is None:
            order = self._cache[kernel.device] = _gate_order(self.units, kernel.device)
        w = kernel.t().index_select(0, order)
        b = bias.index_select(0, order)
        if self.forget_bias != 0:
            b = b + self._forget_shift(kernel.dtype, kernel.device)
        params = [w[:, :depth], w[:, depth:], b, torch.zeros_like(b)]
        if proj is not None:
            params.append(proj.t())   # torch: h = W_hr (o * tanh(c)); TF: m = (o * tanh(c)) @ projection
        return params

    def _forget_shift(self, dtype, device) -> torch.Tensor:
        key = (dtype, device)
        shift = self._cache.get(key)
        if shift is None:
            n = self.units
            shift = torch.zeros(4 * n, dtype=dtype, device=device)
            shift[n:2 * n] = self.forget_bias  # torch's order: f is the second block
            self._cache[key] = shift
        return shift


@dataclasses.dataclass(eq=False)
class FusedLSTMSequence:
    """What ``dynamic_rnn`` knows of its loop: its LSTM layers (one cell, or a ``MultiRNNCell``'s cells in
    order), which ``While`` input is the input TensorList and which is ``sequence_length``. The loop variables
    are, in order, ``time``, the output TensorList and each layer's ``c`` and ``h`` (``LSTMStateTuple``s)."""
    layers: tuple
    input_list: object   # the outer graph tensor of the input TensorList (captured by the body)
    sequence_length: object = None   # the outer graph tensor of dynamic_rnn's sequence_length, if any

    @property
    def captured(self) -> tuple:
        """The outer tensors ``run`` takes after the loop variables, in order."""
        return (self.input_list,) + ((self.sequence_length,) if self.sequence_length is not None else ())

    @property
    def n_loop_vars(self) -> int:
        return 2 + 2 * len(self.layers)

    def run(self, counter: int, limit: int, time, out_list, *args):
        """``(iterations, (time, out_list, c_1, h_1, ...))`` after all steps, or None when the loop must run as
        written. ``counter``/``limit``: the loop counter and ``maximum_iterations``; ``args``: each layer's
        ``c, h``, then the input TensorList and the value of ``sequence_length`` if any (rows past their length
        give zeros and keep their state, as TF's copy-through)."""
        k = 2 * len(self.layers)
        states, inputs = args[:k], args[k]
        lengths = args[k + 1] if self.sequence_length is not None else None
        items = inputs.items
        steps = len(items)
        if steps == 0 or counter != 0 or limit != steps or len(out_list.items) != steps:
            return None
        if any(i is not None for i in out_list.items) or time.dim() != 0 or int(time) != 0:
            return None
        x = inputs.stacked if inputs.stacked is not None else _stack_or_none(items)
        # CPU only: on CUDA torch.lstm takes cuDNN's path, which warns about non-flattened weights on every call
        # and has not been checked against TF here; the loop runs as written there.
        if x is None or x.dim() != 3 or out_list.dtype != x.dtype or not runs_fused(x):
            return None
        batch, depth = x.shape[1], x.shape[2]
        layers = []
        for layer, c0, h0 in zip(self.layers, states[0::2], states[1::2]):
            for t, size in ((c0, layer.units), (h0, layer.output_size)):
                if tuple(t.shape) != (batch, size) or t.dtype != x.dtype or t.device != x.device:
                    return None
            weights = layer.weights(depth, x)
            if weights is None:
                return None
            layers.append((layer, weights, h0, c0))
            depth = layer.output_size
        if not out_list.element_shape.is_compatible_with([batch, depth]):
            return None
        if lengths is None:
            finals = []
            out = x
            for layer, weights, h0, c0 in layers:
                out, h_n, c_n = lstm_layer(out, h0, c0, weights, layer.torch_params)
                finals += [c_n, h_n]
            trips = steps
        else:
            packed = _packed_run(x, lengths, layers)
            if packed is None:
                return None
            trips, out, finals = packed
        new_time = torch.tensor(trips, dtype=time.dtype, device=time.device)
        return trips, (new_time, out_list.with_stacked(out), *finals)


def _packed_run(x, lengths, layers):
    """``dynamic_rnn``'s ``sequence_length`` loop as packed-sequence ``torch.lstm`` calls: ``(iterations, outputs
    [T, B, H] with zeros past each row's length, [c, h] of each layer at each row's last step)``, or None for
    lengths the packed form cannot take (a row of length 0 keeps its initial state in TF)."""
    steps, batch = x.shape[0], x.shape[1]
    if lengths.dim() != 1 or lengths.shape[0] != batch or lengths.dtype.is_floating_point:
        return None
    # A row longer than the input runs every step (TF's loop stops at the input's end).
    lengths = lengths.detach().to("cpu", torch.int64).clamp(max=steps)
    if bool((lengths <= 0).any()):
        return None
    packed = torch.nn.utils.rnn.pack_padded_sequence(x, lengths, enforce_sorted=False)
    order, restore = packed.sorted_indices, packed.unsorted_indices
    data, finals = packed.data, []
    for layer, weights, h0, c0 in layers:
        data, h_n, c_n = lstm_layer(data, h0.index_select(0, order), c0.index_select(0, order), weights,
                                    layer.torch_params, batch_sizes=packed.batch_sizes)
        finals += [c_n.index_select(0, restore), h_n.index_select(0, restore)]
    out, _ = torch.nn.utils.rnn.pad_packed_sequence(
        torch.nn.utils.rnn.PackedSequence(data, packed.batch_sizes, order, restore), total_length=steps)
    return int(lengths.max()), out, finals


def _stack_or_none(items):
    if any(i is None for i in items):
        return None
    return torch.stack(items)
