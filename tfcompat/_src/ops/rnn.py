"""``tf.compat.v1.nn.dynamic_rnn`` / ``static_rnn`` / ``bidirectional_dynamic_rnn`` / ``raw_rnn`` and
``tf.reverse_sequence``.

In a graph, ``dynamic_rnn`` is TF's loop: a ``tf.while_loop`` over TensorArrays that runs at run time, so the
number of time steps may be unknown until then; the cell is called once, in the loop body (its variables live
under ``scope or "rnn"``: 'rnn/basic_lstm_cell/kernel', as in TF). With ``sequence_length`` the loop stops at the
longest length; a row past its own length gets zero outputs and keeps its state (TF's ``_rnn_step``:
``where(time >= length, old, new)``), and outputs past the longest length are zeros. Eagerly the time dimension is
known and the loop is a Python loop with the same values. ``raw_rnn`` is TF's loop over a user ``loop_fn``.
Gradients come from torch autograd, recorded over the iterations that ran. A Session-graph loop over plain LSTM
cells keeps this graph and runs as fused ``torch.lstm`` calls (ops/rnn_fused_lstm.py, ``_offer_fused_lstm``)."""
from __future__ import annotations

import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.framework.tensor_shape import dimension_value
from tfcompat._src.ops import array_ops, math_ops, reduction_ops
from tfcompat._src.ops import variable_scope as vs
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.ops.rnn_cells import BasicLSTMCell, LSTMCell, MultiRNNCell, assert_like_rnncell
from tfcompat._src.ops.rnn_fused_lstm import FusedLSTMSequence, LSTMLayer
from tfcompat._src.ops.tensor_array import TensorArray
from tfcompat._src.ops.while_loop import while_loop, while_op_of

__all__ = ["dynamic_rnn", "static_rnn", "static_bidirectional_rnn", "bidirectional_dynamic_rnn", "raw_rnn",
           "reverse_sequence", "reverse_sequence_v2"]


# ------------------------------------------------------------------------------------------------
# ReverseSequence
# ------------------------------------------------------------------------------------------------
@register_op("ReverseSequence", grad=DIFFERENTIABLE, inputs=("input", "seq_lengths"), same_type=())
def _reverse_sequence(x, lengths, *, seq_axis, batch_axis):
    steps, batch = x.shape[seq_axis], x.shape[batch_axis]
    lengths = lengths.to(torch.int64)
    if lengths.device.type != "meta":
        if lengths.dim() != 1 or lengths.shape[0] != batch:
            raise errors.InvalidArgumentError(f"Length of seq_lengths != input.dims({batch_axis}), "
                                              f"({lengths.shape[0] if lengths.dim() else 0} vs. {batch})")
        bad = (lengths > steps).nonzero()
        if bad.numel():
            i = int(bad[0, 0])
            raise errors.InvalidArgumentError(f"seq_lens({i}) > input.dims({seq_axis})")
    t = torch.arange(steps, device=x.device)[None, :]
    lens = lengths.reshape(-1, 1)
    idx = torch.where(t < lens, lens - 1 - t, t)  # [batch, time]; positions past a row's length stay put
    if batch_axis > seq_axis:
        idx = idx.t()
    shape = [1] * x.dim()
    shape[batch_axis], shape[seq_axis] = batch, steps
    return torch.gather(x, seq_axis, idx.reshape(shape).expand(x.shape))


def reverse_sequence(input, seq_lengths, seq_axis=None, batch_axis=None, name=None, seq_dim=None,  # noqa: A002
                     batch_dim=None) -> Tensor:
    """Mirrors ``tf.compat.v1.reverse_sequence``: reverses the first ``seq_lengths[b]`` entries of each row
    along ``seq_axis`` (legacy aliases ``seq_dim``/``batch_dim``)."""
    if seq_axis is not None and seq_dim is not None:
        raise ValueError("Cannot specify both 'seq_axis' and 'seq_dim'.")
    if batch_axis is not None and batch_dim is not None:
        raise ValueError("Cannot specify both 'batch_axis' and 'batch_dim'.")
    seq_axis = seq_axis if seq_axis is not None else seq_dim
    batch_axis = batch_axis if batch_axis is not None else (batch_dim if batch_dim is not None else 0)
    x = convert_to_tensor(input)
    lengths = convert_to_tensor(seq_lengths)
    if lengths.dtype not in (dtypes.int32, dtypes.int64):
        raise TypeError(f"Value passed to parameter 'seq_lengths' has DataType {lengths.dtype.name} not in list of "
                        f"allowed values: int32, int64")
    rank = x.shape.rank
    if seq_axis is None:
        raise TypeError("reverse_sequence() missing required argument: 'seq_axis'")
    if rank is not None:
        seq_axis, batch_axis = seq_axis % rank, batch_axis % rank
        if seq_axis == batch_axis or seq_axis >= rank or batch_axis >= rank:
            raise ValueError(f"Invalid seq_dim {seq_axis} / batch_dim {batch_axis} for input of rank {rank}")
    return apply_op("ReverseSequence", [x, lengths], {"seq_axis": int(seq_axis), "batch_axis": int(batch_axis)},
                    name=name or "ReverseSequence")


def reverse_sequence_v2(input, seq_lengths, seq_axis=None, batch_axis=None, name=None) -> Tensor:  # noqa: A002
    """Mirrors ``tf.reverse_sequence`` (TF2 signature)."""
    return reverse_sequence(input, seq_lengths, seq_axis=seq_axis, batch_axis=batch_axis, name=name)


# ------------------------------------------------------------------------------------------------
# helpers
# ------------------------------------------------------------------------------------------------
def _transpose_batch_time(x):
    rank = x.shape.rank
    if rank is None:
        raise ValueError(f"tfcompat's dynamic_rnn needs inputs of known rank; got {x!r}.")
    if rank < 2:
        return x
    return array_ops.transpose(x, [1, 0] + list(range(2, rank)))


def _best_effort_batch_size(flat_input, batch_axis):
    for x in flat_input:
        shape = x.shape
        if shape.rank is None:
            continue
        if shape.rank < 2:
            raise ValueError(f"Input tensor should have rank >= 2. Received input={x} of rank {shape.rank}")
        if dimension_value(shape[batch_axis]) is not None:
            return shape[batch_axis]
    return array_ops.shape(flat_input[0])[batch_axis]


def _infer_state_dtype(explicit_dtype, state):
    if explicit_dtype is not None:
        return dtypes.as_dtype(explicit_dtype)
    flat = [s.dtype for s in nest.flatten(state)]
    if not flat:
        raise ValueError(f"Unable to infer dtype from argument state={state}.")
    if any(d != flat[0] for d in flat):
        raise ValueError(f"Argument state={state} has tensors of different inferred dtypes. Unable to infer a single "
                         f"representative dtype. Dtypes received: {flat}")
    return flat[0]


def _initial_state(cell, initial_state, batch_size, dtype):
    if initial_state is not None:
        return initial_state
    if not dtype:
        raise ValueError("If no initial_state is provided, argument `dtype` must be specified")
    if getattr(cell, "get_initial_state", None) is not None:
        return cell.get_initial_state(inputs=None, batch_size=batch_size, dtype=dtype)
    return cell.zero_state(batch_size, dtype)


def _zero_output(cell, batch_size, dtype):
    def zeros(size):
        suffix = TensorShape(size).as_list()
        shape = [batch_size] + suffix if not isinstance(batch_size, Tensor) else array_ops.stack(
            [batch_size] + suffix)
        return array_ops.zeros(shape, dtype=dtype)
    return nest.map_structure(zeros, cell.output_size)


def _sequence_length(sequence_length, name):
    seq = math_ops.cast(convert_to_tensor(sequence_length), dtypes.int32)
    if seq.shape.rank not in (None, 1):
        raise ValueError(f"Argument sequence_length must be a vector of length batch_size. Received "
                         f"sequence_length={seq} of shape: {seq.shape}")
    return array_ops.identity(seq, name=name)


def _step(cell, input_t, state, time, sequence_length, zero_output):
    """One cell call; with ``sequence_length``, TF's copy-through: ``where(time >= length, old, new)``."""
    output, new_state = cell(input_t, state)
    if sequence_length is None:
        return output, new_state
    nest.assert_same_structure(zero_output, output)
    nest.assert_same_structure(state, new_state)
    copy = math_ops.greater_equal(time, sequence_length)

    def copy_through(old, new):
        if new.shape.rank == 0:
            return new
        return array_ops.where_v1(copy, old, new)
    return (nest.map_structure(copy_through, zero_output, output),
            nest.map_structure(copy_through, state, new_state))


# ------------------------------------------------------------------------------------------------
# public
# ------------------------------------------------------------------------------------------------
def dynamic_rnn(cell, inputs, sequence_length=None, initial_state=None, dtype=None, parallel_iterations=None,
                swap_memory=False, time_major=False, scope=None):
    """Mirrors ``tf.compat.v1.nn.dynamic_rnn``: ``(outputs, final_state)`` of ``cell`` run over the time axis.

    ``inputs`` is ``[batch, time, ...]`` (``[time, batch, ...]`` with ``time_major``) or a nested structure of
    such tensors; ``outputs`` has the same layout. In a graph the number of time steps may be unknown (a
    ``tf.while_loop`` runs them). With ``sequence_length`` (a ``[batch]`` vector), outputs past each row's length
    are zero and ``final_state`` is the state at its last valid step. ``parallel_iterations``/``swap_memory`` are
    accepted (steps run one after another).

    Raises:
      ValueError: without ``initial_state`` and ``dtype``; for inputs of rank < 3 or of unknown depth."""
    assert_like_rnncell("cell", cell)
    with vs.variable_scope(scope or "rnn"):
        flat_input = [convert_to_tensor(x) for x in nest.flatten(inputs)]
        if not time_major:
            flat_input = [_transpose_batch_time(x) for x in flat_input]
        parallel_iterations = parallel_iterations or 32
        if sequence_length is not None:
            sequence_length = _sequence_length(sequence_length, "sequence_length")
        batch_size = _best_effort_batch_size(flat_input, 1)
        state = _initial_state(cell, initial_state, batch_size, dtype)
        time_steps = _static_time_steps(flat_input)
        if sequence_length is not None and sequence_length.shape.rank == 1 and isinstance(batch_size, int) and \
                sequence_length.shape[0] not in (None, batch_size):
            raise ValueError(f"Dimensions must be equal, but are {sequence_length.shape[0]} and {batch_size}: "
                             f"sequence_length must have shape [batch_size].")
        state_dtype = _infer_state_dtype(dtype, state)
        zero_output = None
        if sequence_length is not None:
            zero_output = _zero_output(cell, batch_size, state_dtype)
        time_major_inputs = nest.pack_sequence_as(inputs, flat_input)
        if ctx_lib.graph_mode_graph() is not None:
            outputs, state = _dynamic_rnn_loop(cell, time_major_inputs, state, parallel_iterations, swap_memory,
                                               sequence_length, zero_output, state_dtype)
        else:
            outputs, state = _eager_rnn_loop(cell, time_major_inputs, state, time_steps, sequence_length,
                                             zero_output)
        if not time_major:
            outputs = [_transpose_batch_time(o) for o in outputs]
        return nest.pack_sequence_as(cell.output_size, outputs), state


def _eager_rnn_loop(cell, inputs, state, time_steps, sequence_length, zero_output):
    flat_input = nest.flatten(inputs)
    if time_steps == 0:
        raise ValueError("dynamic_rnn got inputs with 0 time steps.")
    per_step = [array_ops.unstack(x, num=time_steps, axis=0) for x in flat_input]
    flat_outputs = []
    for t in range(time_steps):
        input_t = nest.pack_sequence_as(inputs, [xs[t] for xs in per_step])
        output, state = _step(cell, input_t, state, t, sequence_length, zero_output)
        flat_outputs.append(nest.flatten(output))
    outputs = [array_ops.stack([step[i] for step in flat_outputs], axis=0) for i in range(len(flat_outputs[0]))]
    return outputs, state


def _dynamic_rnn_loop(cell, inputs, state, parallel_iterations, swap_memory, sequence_length, zero_output,
                      dtype):
    """TF's ``_dynamic_rnn_loop`` (graph mode): a while loop over the time-major inputs."""
    flat_input = nest.flatten(inputs)
    flat_output_size = nest.flatten(cell.output_size)
    time_steps = array_ops.shape(flat_input[0])[0]
    got_shapes = [x.shape for x in flat_input]
    const_time_steps, const_batch_size = got_shapes[0].as_list()[:2]
    for x, shape in zip(flat_input, got_shapes):
        if shape[1] != const_batch_size:
            raise ValueError(f"Batch_size is not the same for all the elements in the input. Received batch "
                             f"size={shape[1]} for input={x}.")
    if sequence_length is not None:
        max_sequence_length = reduction_ops.reduce_max(sequence_length)
    else:
        max_sequence_length = time_steps
    time = array_ops.constant(0, dtype=dtypes.int32, name="time")
    output_ta = tuple(TensorArray(dtype=dtype, size=time_steps,
                                  element_shape=TensorShape([const_batch_size]).concatenate(TensorShape(size)))
                      for size in flat_output_size)
    input_ta = tuple(TensorArray(dtype=x.dtype, size=time_steps, element_shape=x.shape[1:]).unstack(x)
                     for x in flat_input)

    def time_step(time, output_ta_t, state):
        input_t = tuple(ta.read(time) for ta in input_ta)
        for x, shape in zip(input_t, got_shapes):
            x.set_shape(shape[1:])
        input_t = nest.pack_sequence_as(inputs, list(input_t))
        output, new_state = _step(cell, input_t, state, time, sequence_length, zero_output)
        output_ta_t = tuple(ta.write(time, out) for ta, out in zip(output_ta_t, nest.flatten(output)))
        return time + 1, output_ta_t, new_state

    # At least one step, so the output arrays learn their shapes (as TF).
    loop_bound = math_ops.minimum(time_steps, math_ops.maximum(1, max_sequence_length))
    _, final_ta, final_state = while_loop(lambda time, *_: time < loop_bound, time_step,
                                          (time, output_ta, state), parallel_iterations=parallel_iterations,
                                          maximum_iterations=time_steps, swap_memory=swap_memory)
    if len(input_ta) == 1 and len(final_ta) == 1:
        _offer_fused_lstm(cell, final_state, input_ta[0].flow, sequence_length)
    outputs = []
    for ta, size in zip(final_ta, flat_output_size):
        out = ta.stack()
        out.set_shape(TensorShape([const_time_steps, const_batch_size]).concatenate(TensorShape(size)))
        outputs.append(out)
    return outputs, final_state


def _offer_fused_lstm(cell, final_state, input_flow, sequence_length) -> None:
    """Lets the loop run as fused LSTM calls (ops/rnn_fused_lstm.py) when ``cell`` is a plain TF1 LSTM cell or a
    ``MultiRNNCell`` of them: ``BasicLSTMCell``/``LSTMCell`` (exactly, not subclasses) with tuple state, tanh, no
    peepholes or clipping (a projection is fine), and resource-variable weights, in a Session graph (not while
    building a function: the fused path is checked against TF in Session graphs only; gradients of any order are
    the loop's, ops/lstm_sequence.py)."""
    if type(cell) is MultiRNNCell:
        if not cell._state_is_tuple:
            return
        layers = [_fusable_layer(c) for c in cell._cells]
    else:
        layers = [_fusable_layer(cell)]
    if any(layer is None for layer in layers):
        return
    op = while_op_of(nest.flatten(final_state)[0])
    if op is None or op.graph._building_function:
        return
    op._set_attr("_fused_lstm", FusedLSTMSequence(tuple(layers), input_flow, sequence_length))


def _fusable_layer(cell):
    if type(cell) not in (BasicLSTMCell, LSTMCell) or not cell._state_is_tuple or \
            cell._activation is not math_ops.tanh or not isinstance(cell._forget_bias, (int, float)):
        return None
    num_proj = getattr(cell, "_num_proj", None)
    if type(cell) is LSTMCell and (cell._use_peepholes or cell._cell_clip is not None or
                                   (num_proj is not None and cell._proj_clip is not None)):
        return None
    weights = [getattr(cell, "_kernel", None), getattr(cell, "_bias", None)]
    if num_proj is not None:
        weights.append(getattr(cell, "_proj_kernel", None))
    if not all(type(v) in (variables_lib.Variable, variables_lib.ResourceVariable) and v._graph is not None
               for v in weights):
        return None
    return LSTMLayer(weights[0], weights[1], float(cell._forget_bias), int(cell._num_units),
                     weights[2] if num_proj is not None else None, int(num_proj) if num_proj is not None else None)


def _static_time_steps(flat_input):
    steps = None
    for x in flat_input:
        shape = x.shape
        if shape.rank is None or shape.rank < 3:
            raise ValueError(f"Shape must be at least rank 3 but is rank {shape.rank} for input={x} (dynamic_rnn "
                             f"takes [batch, time, depth] inputs, or [time, batch, depth] with time_major=True).")
        if any(d is None for d in shape.as_list()[2:]):
            raise ValueError(f"Input size (depth of inputs) must be accessible via shape inference, but saw value "
                             f"None for input={x}.")
        if steps is not None and shape[0] != steps:
            raise ValueError(f"Time steps is not the same for all the elements in the input in a batch. Received "
                             f"time steps={shape[0]} for input={x}.")
        steps = shape[0]
    return steps


def static_rnn(cell, inputs, initial_state=None, dtype=None, sequence_length=None, scope=None):
    """Mirrors ``tf.compat.v1.nn.static_rnn``: ``inputs`` is a list of ``[batch, depth]`` tensors, one per
    step; returns ``(list of outputs, final_state)`` with TF's ``sequence_length`` semantics."""
    assert_like_rnncell("cell", cell)
    if not nest.is_nested(inputs):
        raise TypeError(f"Argument `inputs` must be a sequence. Received: {inputs}")
    if not inputs:
        raise ValueError("Argument `inputs` must not be empty.")
    outputs = []
    with vs.variable_scope(scope or "rnn") as varscope:
        flat_first = [convert_to_tensor(x) for x in nest.flatten(inputs[0])]
        for x in flat_first:
            if x.shape.rank is not None and x.shape.rank >= 2 and any(d is None for d in x.shape.as_list()[1:]):
                raise ValueError(f"Input size (dimension 0 of input {x}) must be accessible via shape inference, "
                                 f"but saw value None.")
        first = flat_first[0]
        batch_size = dimension_value(first.shape[0]) if first.shape.rank else None  # v1 shapes give Dimension
        if batch_size is None:
            batch_size = array_ops.shape(first)[0]
        state = _initial_state(cell, initial_state, batch_size, dtype)
        zero_output = None
        if sequence_length is not None:
            sequence_length = _sequence_length(sequence_length, "sequence_length")
            zero_output = _zero_output(cell, batch_size, _infer_state_dtype(dtype, state))
        for time, input_ in enumerate(inputs):
            if time > 0:
                varscope.reuse_variables()
            output, state = _step(cell, input_, state, time, sequence_length, zero_output)
            outputs.append(output)
        return outputs, state


def _reverse_static_seq(input_seq, lengths):
    """TF's ``rnn._reverse_seq``: the list of steps reversed, each row within its own ``lengths`` when given."""
    if lengths is None:
        return list(reversed(input_seq))
    flat_steps = [nest.flatten(step) for step in input_seq]
    reversed_flat = []
    for parts in zip(*flat_steps):
        stacked = array_ops.stack(list(parts))
        flipped = reverse_sequence(stacked, math_ops.cast(lengths, dtypes.int64), seq_axis=0, batch_axis=1)
        steps = array_ops.unstack(flipped)
        for step, part in zip(steps, parts):
            step.set_shape(part.shape)
        reversed_flat.append(steps)
    per_step = list(zip(*reversed_flat))
    return [nest.pack_sequence_as(structure=step, flat_sequence=list(flat))
            for step, flat in zip(input_seq, per_step)]


def static_bidirectional_rnn(cell_fw, cell_bw, inputs, initial_state_fw=None, initial_state_bw=None, dtype=None,
                             sequence_length=None, scope=None):
    """Mirrors ``tf.compat.v1.nn.static_bidirectional_rnn`` (TF 1.x ``tf.contrib.rnn.static_bidirectional_rnn``):
    ``(outputs, output_state_fw, output_state_bw)`` with each output the concatenation ``[fw, bw]`` on axis 1.
    Variables live under 'bidirectional_rnn/fw/...' and 'bidirectional_rnn/bw/...'; the backward cell reads the
    steps reversed (each row within its ``sequence_length``) and its outputs are reversed back."""
    assert_like_rnncell("cell_fw", cell_fw)
    assert_like_rnncell("cell_bw", cell_bw)
    if not nest.is_nested(inputs):
        raise TypeError(f"Argument `inputs` must be a sequence. Received: {inputs}")
    if not inputs:
        raise ValueError("Argument `inputs` must not be empty.")
    with vs.variable_scope(scope or "bidirectional_rnn"):
        with vs.variable_scope("fw") as fw_scope:
            output_fw, state_fw = static_rnn(cell_fw, inputs, initial_state_fw, dtype, sequence_length,
                                             scope=fw_scope)
        with vs.variable_scope("bw") as bw_scope:
            reversed_inputs = _reverse_static_seq(inputs, sequence_length)
            tmp, state_bw = static_rnn(cell_bw, reversed_inputs, initial_state_bw, dtype, sequence_length,
                                       scope=bw_scope)
    output_bw = _reverse_static_seq(tmp, sequence_length)
    flat_outputs = tuple(array_ops.concat([fw, bw], 1)
                         for fw, bw in zip(nest.flatten(output_fw), nest.flatten(output_bw)))
    outputs = nest.pack_sequence_as(structure=output_fw, flat_sequence=flat_outputs)
    return outputs, state_fw, state_bw


def bidirectional_dynamic_rnn(cell_fw, cell_bw, inputs, sequence_length=None, initial_state_fw=None,
                              initial_state_bw=None, dtype=None, parallel_iterations=None, swap_memory=False,
                              time_major=False, scope=None):
    """Mirrors ``tf.compat.v1.nn.bidirectional_dynamic_rnn``: ``((output_fw, output_bw), (state_fw,
    state_bw))``; the backward cell reads each row reversed within its ``sequence_length`` and its outputs are
    reversed back. Variables live under 'bidirectional_rnn/fw/...' and 'bidirectional_rnn/bw/...'."""
    assert_like_rnncell("cell_fw", cell_fw)
    assert_like_rnncell("cell_bw", cell_bw)
    with vs.variable_scope(scope or "bidirectional_rnn"):
        with vs.variable_scope("fw") as fw_scope:
            output_fw, state_fw = dynamic_rnn(cell_fw, inputs, sequence_length=sequence_length,
                                              initial_state=initial_state_fw, dtype=dtype, time_major=time_major,
                                              scope=fw_scope)
        time_axis, batch_axis = (0, 1) if time_major else (1, 0)

        def reverse(x):
            if sequence_length is not None:
                return reverse_sequence(x, sequence_length, seq_axis=time_axis, batch_axis=batch_axis)
            return array_ops.reverse(x, axis=[time_axis])

        with vs.variable_scope("bw") as bw_scope:
            inputs_reverse = nest.map_structure(reverse, inputs)
            tmp, state_bw = dynamic_rnn(cell_bw, inputs_reverse, sequence_length=sequence_length,
                                        initial_state=initial_state_bw, dtype=dtype, time_major=time_major,
                                        scope=bw_scope)
    output_bw = nest.map_structure(reverse, tmp)
    return (output_fw, output_bw), (state_fw, state_bw)


def raw_rnn(cell, loop_fn, parallel_iterations=None, swap_memory=False, scope=None):
    """Mirrors ``tf.compat.v1.nn.raw_rnn``: a ``tf.while_loop`` driven by ``loop_fn``.

    ``loop_fn(time, cell_output, cell_state, loop_state)`` returns ``(elements_finished, next_input,
    next_cell_state, emit_output, next_loop_state)``; it is first called with ``time=0`` and ``None``s. The loop
    runs until every element is finished; finished rows emit zeros and keep their state. Returns ``(emit_ta,
    final_state, final_loop_state)`` with ``emit_ta`` a (structure of) TensorArray(s) of the emitted outputs.

    Raises:
      TypeError: ``loop_fn`` is not callable."""
    assert_like_rnncell("cell", cell)
    if not callable(loop_fn):
        raise TypeError(f"Argument `loop_fn` must be a callable. Received: {loop_fn}.")
    parallel_iterations = parallel_iterations or 32
    with vs.variable_scope(scope or "rnn"):
        time = array_ops.constant(0, dtype=dtypes.int32)
        elements_finished, next_input, initial_state, emit_structure, init_loop_state = loop_fn(time, None, None,
                                                                                                None)
        flat_input = nest.flatten(next_input)
        loop_state = init_loop_state if init_loop_state is not None else array_ops.constant(0, dtype=dtypes.int32)
        const_batch_size = None
        for x in flat_input:
            x = convert_to_tensor(x)
            if x.shape.rank:
                const_batch_size = const_batch_size if const_batch_size is not None else x.shape[0]
        batch_size = const_batch_size if const_batch_size is not None else \
            array_ops.shape(convert_to_tensor(flat_input[0]))[0]
        nest.assert_same_structure(initial_state, cell.state_size)
        state = nest.map_structure(convert_to_tensor, initial_state)
        flat_state = nest.flatten(state)
        if emit_structure is not None:
            flat_emit = nest.flatten(emit_structure)
            flat_emit_size = [e.shape if e.shape.is_fully_defined() else array_ops.shape(e) for e in flat_emit]
            flat_emit_dtypes = [e.dtype for e in flat_emit]
        else:
            emit_structure = cell.output_size
            flat_emit_size = nest.flatten(emit_structure)
            flat_emit_dtypes = [flat_state[0].dtype] * len(flat_emit_size)

        def static_size(size):
            return TensorShape(size) if not isinstance(size, Tensor) else TensorShape(None)

        flat_emit_ta = [TensorArray(dtype=dt, dynamic_size=True, size=0,
                                    element_shape=TensorShape([const_batch_size]).concatenate(static_size(size)))
                        for dt, size in zip(flat_emit_dtypes, flat_emit_size)]
        emit_ta = nest.pack_sequence_as(emit_structure, flat_emit_ta)
        zero_emit = nest.pack_sequence_as(emit_structure, [
            array_ops.zeros(_concat_dims(batch_size, size), dt) for size, dt in zip(flat_emit_size, flat_emit_dtypes)])

        def condition(unused_time, elements_finished, *_):
            return math_ops.logical_not(reduction_ops.reduce_all(elements_finished))

        def body(time, elements_finished, current_input, emit_ta, state, loop_state):
            next_output, cell_state = cell(current_input, state)
            nest.assert_same_structure(state, cell_state)
            nest.assert_same_structure(cell.output_size, next_output)
            next_time = time + 1
            next_finished, next_input, next_state, emit_output, next_loop_state = loop_fn(
                next_time, next_output, cell_state, loop_state)
            nest.assert_same_structure(state, next_state)
            nest.assert_same_structure(current_input, next_input)
            nest.assert_same_structure(emit_ta, emit_output)
            loop_state = loop_state if next_loop_state is None else next_loop_state

            def copy_some_through(current, candidate):
                def copy_fn(cur, cand):
                    if isinstance(cur, TensorArray) or cur.shape.rank == 0:
                        return cand
                    return array_ops.where_v1(elements_finished, cur, cand)
                return nest.map_structure(copy_fn, current, candidate)

            emit_output = copy_some_through(zero_emit, emit_output)
            next_state = copy_some_through(state, next_state)
            emit_ta = nest.map_structure(lambda ta, emit: ta.write(time, emit), emit_ta, emit_output)
            elements_finished = math_ops.logical_or(elements_finished, next_finished)
            return next_time, elements_finished, next_input, emit_ta, next_state, loop_state

        returned = while_loop(condition, body, [time, elements_finished, next_input, emit_ta, state, loop_state],
                              parallel_iterations=parallel_iterations, swap_memory=swap_memory)
        emit_ta, final_state, final_loop_state = returned[-3:]
        if init_loop_state is None:
            final_loop_state = None
        return emit_ta, final_state, final_loop_state


def _concat_dims(batch_size, size):
    """``[batch_size] + size`` as a static list, or a run-time shape vector when either is a tensor."""
    if isinstance(size, Tensor) or isinstance(batch_size, Tensor):
        tail = size if isinstance(size, Tensor) else convert_to_tensor(TensorShape(size).as_list(),
                                                                         dtype=dtypes.int32)
        head = array_ops.reshape(convert_to_tensor(batch_size, dtype=dtypes.int32), [1])
        return array_ops.concat([head, math_ops.cast(tail, dtypes.int32)], 0)
    return [batch_size] + TensorShape(size).as_list()
