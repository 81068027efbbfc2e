"""``tf.keras.backend.rnn``: the time loop of the Keras recurrent layers (recurrent.py), run in Python over the
time steps.

Masked steps keep the previous output and states (or zeros with ``zero_output_for_mask``); the loop is unrolled
when traced, so the number of time steps must be known while tracing a ``tf.function`` or building a TF1 graph
(a functional Keras graph with an unknown number of steps gets one symbolic step: only its shapes are used)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.ops import array_ops, math_ops
from tfcompat._src.keras import backend

__all__ = ["rnn"]


def _masked(mask_t, new, old):
    """``where(mask_t, new, old)`` with the (batch,) mask broadcast over the trailing axes."""
    m = mask_t
    for _ in range(new.shape.rank - 1):
        m = array_ops.expand_dims(m, -1)
    return array_ops.where(m, new, old)


def rnn(step_function, inputs, initial_states, go_backwards=False, mask=None, constants=None, unroll=False,
        input_length=None, time_major=False, zero_output_for_mask=False, return_all_outputs=True):
    """Mirrors ``tf.keras.backend.rnn``: (last_output, outputs, new_states).

    Raises:
      ValueError: the number of time steps is unknown."""
    if time_major:
        inputs = nest.map_structure(lambda x: array_ops.transpose(x, [1, 0] + list(range(2, x.shape.rank))),
                                    inputs)
        if mask is not None:
            mask = array_ops.transpose(mask, [1, 0])
    flat_inputs = nest.flatten(inputs)
    steps = flat_inputs[0].shape[1]
    if steps is None and _in_keras_graph(flat_inputs[0]):
        return _symbolic_rnn(step_function, inputs, initial_states, constants, return_all_outputs)
    if steps is None:
        raise ValueError("tfcompat's recurrent layers need the number of time steps to be known (the time loop is "
                         "unrolled); got inputs of shape " f"{flat_inputs[0].shape}.")
    per_input = [array_ops.unstack(x, num=steps, axis=1) for x in flat_inputs]
    step_inputs = [nest.pack_sequence_as(inputs, [p[t] for p in per_input]) for t in range(steps)]
    masks = None
    if mask is not None:
        if mask.dtype is not dtypes.bool_:
            mask = math_ops.cast(mask, dtypes.bool_)
        if mask.shape.rank == 3:
            mask = array_ops.squeeze(mask, axis=-1) if mask.shape[-1] == 1 else mask
        masks = array_ops.unstack(mask, num=steps, axis=1)
    order = list(range(steps))
    if go_backwards:
        order.reverse()
    constants = list(constants or [])
    states = tuple(initial_states)
    outputs = []
    prev_output = None
    for t in order:
        output, new_states = step_function(step_inputs[t], tuple(states) + tuple(constants))
        new_states = nest.flatten(new_states)
        if masks is not None:
            mask_t = masks[t]
            if prev_output is None:
                prev_output = nest.map_structure(array_ops.zeros_like, output)
            previous = nest.map_structure(array_ops.zeros_like, output) if zero_output_for_mask else prev_output
            output = nest.map_structure(lambda o, p: _masked(mask_t, o, p), output, previous)
            new_states = [_masked(mask_t, n, s) for n, s in zip(new_states, nest.flatten(states))]
        states = tuple(new_states)
        prev_output = output
        outputs.append(output)
    last_output = outputs[-1]
    if return_all_outputs:
        stacked = nest.map_structure(lambda *xs: array_ops.stack(list(xs), axis=1), *outputs) \
            if len(outputs) > 1 else nest.map_structure(lambda x: array_ops.expand_dims(x, 1), outputs[0])
    else:
        stacked = nest.map_structure(lambda x: array_ops.expand_dims(x, 1), last_output)
    if time_major:
        stacked = nest.map_structure(lambda x: array_ops.transpose(x, [1, 0] + list(range(2, x.shape.rank))),
                                     stacked)
    return last_output, stacked, list(states)


def _in_keras_graph(t) -> bool:
    return hasattr(t, "graph") and backend.is_keras_graph(t.graph)


def _symbolic_rnn(step_function, inputs, initial_states, constants, return_all_outputs):
    """Functional construction with an unknown number of steps: the Keras graph only needs the outputs' shapes
    and dtypes (it is never run), so one step stands for all of them."""
    first = nest.map_structure(lambda x: x[:, 0], inputs)
    output, new_states = step_function(first, tuple(initial_states) + tuple(constants or []))
    steps = array_ops.shape(nest.flatten(inputs)[0])[1]

    def over_time(x):
        multiples = array_ops.stack([1, steps] + [1] * (x.shape.rank - 1))
        return array_ops.tile(array_ops.expand_dims(x, 1), multiples)
    stacked = nest.map_structure(over_time, output) if return_all_outputs else \
        nest.map_structure(lambda x: array_ops.expand_dims(x, 1), output)
    # tf-keras' backend.rnn set_shape()s its loop outputs to (batch, time, ...). The tile above loses that static
    # shape (tfcompat's Tile shape fn does not partially evaluate run-time multiples as TF's does), and layers
    # built on this output (Bidirectional, Dense) need its rank and last dimension.
    time_steps = nest.flatten(inputs)[0].shape[1]

    def with_static_shape(out, step_out):
        out.set_shape([step_out.shape[0], time_steps if return_all_outputs else 1] + step_out.shape.as_list()[1:])
        return out
    stacked = nest.map_structure(with_static_shape, stacked, output)
    return output, stacked, list(nest.flatten(new_states))
