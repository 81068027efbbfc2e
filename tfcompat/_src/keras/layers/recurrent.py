"""Recurrent layers (tf-keras 2.21): RNN with SimpleRNNCell/LSTMCell/GRUCell/StackedRNNCells, and SimpleRNN,
LSTM, GRU (``return_sequences``, ``return_state``, ``go_backwards``, ``stateful``, masking, initial states).

The time loop runs in Python over the time steps (``backend.rnn``'s semantics: masked steps keep the previous
output and states, or zeros with ``zero_output_for_mask``), so it is unrolled when traced: the number of time
steps must be known while tracing a ``tf.function`` or building a TF1 graph. LSTM and GRU compute tf-keras'
``standard_lstm``/``standard_gru`` formulas (what they run on CPU). ``LSTM`` in its standard configuration (tanh/sigmoid, bias, no
dropout, no mask, batch-major, float32/float64) runs the whole sequence as one fused op instead
(``recurrent_fused.py``: one ``torch.lstm`` call).

Differences: dropout masks are random (``random-values``); ``implementation=1`` computes as implementation 2
(same formulas, different rounding); ``unroll`` has no effect (the loop is always unrolled)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.framework.tensor_shape import dimension_value
from tfcompat._src.ops import array_ops, math_ops, nn_ops
from tfcompat._src.ops.variables import Variable
from tfcompat._src.keras import activations, backend, backend_math, initializers, regularizers
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.engine.input_spec import InputSpec
from tfcompat._src.keras.layers import recurrent_fused
from tfcompat._src.keras.layers import serialization
from tfcompat._src.keras.layers.cell_settings import init_weight_settings, settings_config

__all__ = ["RNN", "SimpleRNNCell", "LSTMCell", "GRUCell", "StackedRNNCells", "SimpleRNN", "LSTM", "GRU", "rnn"]


# ------------------------------------------------------------------------------------------------
# the time loop (backend.rnn)
# ------------------------------------------------------------------------------------------------
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


# ------------------------------------------------------------------------------------------------
# cells
# ------------------------------------------------------------------------------------------------
class _DropoutMixin:
    """tf-keras' ``DropoutRNNCellMixin``: dropout masks drawn once per layer call and reused at every step."""

    def _init_dropout(self):
        self._dropout_mask = None
        self._recurrent_dropout_mask = None

    def reset_dropout_mask(self):
        self._dropout_mask = None

    def reset_recurrent_dropout_mask(self):
        self._recurrent_dropout_mask = None

    def _make_masks(self, like, rate, training, count):
        if training is None:
            training = backend.learning_phase()
        if not (0 < rate < 1):
            return None
        from tfcompat._src.keras.utils import control_flow_util
        ones = array_ops.ones_like(like)

        def dropped():
            return [nn_ops.dropout_v2(ones, rate) for _ in range(count)]
        known = control_flow_util.constant_bool(training)
        if known is False:
            return None
        if known is True:
            return dropped()
        return [control_flow_util.smart_cond(training, lambda: m, lambda: ones) for m in dropped()]

    def get_dropout_mask_for_cell(self, inputs, training, count=1):
        if self.dropout == 0:
            return None
        if self._dropout_mask is None:
            self._dropout_mask = self._make_masks(inputs, self.dropout, training, count)
        return self._dropout_mask

    def get_recurrent_dropout_mask_for_cell(self, inputs, training, count=1):
        if self.recurrent_dropout == 0:
            return None
        if self._recurrent_dropout_mask is None:
            self._recurrent_dropout_mask = self._make_masks(inputs, self.recurrent_dropout, training, count)
        return self._recurrent_dropout_mask


# The settings every SimpleRNN/LSTM/GRU cell takes, in get_config's order; the layers pass them (and their cell's
# _extra_settings) on to the cell and read them through from it.
_CELL_ARGS = ("units", "activation", "use_bias", "kernel_initializer", "recurrent_initializer", "bias_initializer",
              "kernel_regularizer", "recurrent_regularizer", "bias_regularizer", "kernel_constraint",
              "recurrent_constraint", "bias_constraint", "dropout", "recurrent_dropout")


class _Cell(_DropoutMixin, Layer):
    # The cell's own settings after _CELL_ARGS, in get_config's order (also what SimpleRNN/LSTM/GRU pass on).
    _extra_settings = ()

    def __init__(self, units, activation, use_bias, kernel_initializer, recurrent_initializer, bias_initializer,
                 kernel_regularizer, recurrent_regularizer, bias_regularizer, kernel_constraint, recurrent_constraint,
                 bias_constraint, dropout, recurrent_dropout, **kwargs):
        super().__init__(**kwargs)
        self._init_dropout()
        if units <= 0:
            raise ValueError(f"Received an invalid value for argument `units`, expected a positive integer, got "
                             f"{units}.")
        self.units = units
        init_weight_settings(self, activation, use_bias, kernel_initializer, recurrent_initializer, bias_initializer,
                             kernel_regularizer, recurrent_regularizer, bias_regularizer, kernel_constraint,
                             recurrent_constraint, bias_constraint, dropout, recurrent_dropout)

    def get_config(self):
        config = settings_config(self, _CELL_ARGS + self._extra_settings)
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))

    def get_initial_state(self, inputs=None, batch_size=None, dtype=None):
        if inputs is not None:
            batch_size = array_ops.shape(inputs)[0] if dimension_value(inputs.shape[0]) is None else inputs.shape[0]
            dtype = inputs.dtype
        sizes = self.state_size if isinstance(self.state_size, (list, tuple)) else [self.state_size]
        states = [_zeros_state(batch_size, s, dtype or backend.floatx()) for s in sizes]
        return states if isinstance(self.state_size, (list, tuple)) else states[0]


def _zeros_state(batch_size, size, dtype):
    if isinstance(batch_size, Tensor):
        return array_ops.zeros(array_ops.stack([batch_size, size]), dtype=dtype)
    return array_ops.zeros([batch_size, size], dtype=dtype)


class SimpleRNNCell(_Cell):
    """Mirrors ``tf.keras.layers.SimpleRNNCell``: ``h = activation(x @ W + b + h_prev @ U)``."""

    def __init__(self, units, activation="tanh", use_bias=True, kernel_initializer="glorot_uniform",
                 recurrent_initializer="orthogonal", bias_initializer="zeros", kernel_regularizer=None,
                 recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None, recurrent_constraint=None,
                 bias_constraint=None, dropout=0.0, recurrent_dropout=0.0, **kwargs):
        super().__init__(units, activation, use_bias, kernel_initializer, recurrent_initializer, bias_initializer,
                         kernel_regularizer, recurrent_regularizer, bias_regularizer, kernel_constraint,
                         recurrent_constraint, bias_constraint, dropout, recurrent_dropout, **kwargs)
        self.state_size = self.units
        self.output_size = self.units

    def build(self, input_shape):
        input_dim = TensorShape(input_shape)[-1]
        self.kernel = self.add_weight(shape=(input_dim, self.units), name="kernel",
                                      initializer=self.kernel_initializer, regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units), name="recurrent_kernel",
                                                initializer=self.recurrent_initializer,
                                                regularizer=self.recurrent_regularizer,
                                                constraint=self.recurrent_constraint)
        self.bias = self.add_weight(shape=(self.units,), name="bias", initializer=self.bias_initializer,
                                    regularizer=self.bias_regularizer, constraint=self.bias_constraint) \
            if self.use_bias else None
        Layer.build(self, input_shape)

    def call(self, inputs, states, training=None):
        prev_output = states[0] if isinstance(states, (list, tuple)) else states
        dp_mask = self.get_dropout_mask_for_cell(inputs, training)
        rec_dp_mask = self.get_recurrent_dropout_mask_for_cell(prev_output, training)
        h = backend_math.dot(inputs * dp_mask[0] if dp_mask else inputs, self.kernel)
        if self.bias is not None:
            h = nn_ops.bias_add(h, self.bias)
        if rec_dp_mask:
            prev_output = prev_output * rec_dp_mask[0]
        output = h + backend_math.dot(prev_output, self.recurrent_kernel)
        if self.activation is not None:
            output = self.activation(output)
        new_state = [output] if isinstance(states, (list, tuple)) else output
        return output, new_state


def build_lstm_weights(cell, kernel_shape, recurrent_kernel_shape, units) -> None:
    """An LSTM cell's ``kernel``, ``recurrent_kernel`` and ``bias`` (4 gates, i f c o; with ``unit_forget_bias``
    the forget gate's bias starts at 1), as tf-keras's LSTMCell and ConvLSTMCell build them."""
    cell.kernel = cell.add_weight(shape=kernel_shape, name="kernel", initializer=cell.kernel_initializer,
                                  regularizer=cell.kernel_regularizer, constraint=cell.kernel_constraint)
    cell.recurrent_kernel = cell.add_weight(shape=recurrent_kernel_shape, name="recurrent_kernel",
                                            initializer=cell.recurrent_initializer,
                                            regularizer=cell.recurrent_regularizer,
                                            constraint=cell.recurrent_constraint)
    if not cell.use_bias:
        cell.bias = None
        return
    bias_initializer = cell.bias_initializer
    if cell.unit_forget_bias:
        base_init = cell.bias_initializer

        def bias_initializer(_, *args, **kwargs):
            return backend_math.concatenate([
                base_init((units,), *args, **kwargs),
                initializers.get("ones")((units,), *args, **kwargs),
                base_init((units * 2,), *args, **kwargs)])
    cell.bias = cell.add_weight(shape=(units * 4,), name="bias", initializer=bias_initializer,
                                regularizer=cell.bias_regularizer, constraint=cell.bias_constraint)


def lstm_gates(cell, z_i, z_f, z_c, z_o, c_tm1) -> tuple:
    """The LSTM step from the four gates' pre-activations: the new ``(h, c)``."""
    i = cell.recurrent_activation(z_i)
    f = cell.recurrent_activation(z_f)
    c = f * c_tm1 + i * cell.activation(z_c)
    o = cell.recurrent_activation(z_o)
    return o * cell.activation(c), c


class LSTMCell(_Cell):
    """Mirrors ``tf.keras.layers.LSTMCell`` (gates i, f, c, o; ``unit_forget_bias`` starts the forget bias at 1)."""

    _extra_settings = ("recurrent_activation", "unit_forget_bias", "implementation")

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 unit_forget_bias=True, kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None,
                 kernel_constraint=None, recurrent_constraint=None, bias_constraint=None, dropout=0.0,
                 recurrent_dropout=0.0, **kwargs):
        self.implementation = kwargs.pop("implementation", 2)
        super().__init__(units, activation, use_bias, kernel_initializer, recurrent_initializer, bias_initializer,
                         kernel_regularizer, recurrent_regularizer, bias_regularizer, kernel_constraint,
                         recurrent_constraint, bias_constraint, dropout, recurrent_dropout, **kwargs)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.unit_forget_bias = unit_forget_bias
        self.state_size = [self.units, self.units]
        self.output_size = self.units

    def build(self, input_shape):
        input_dim = TensorShape(input_shape)[-1]
        build_lstm_weights(self, (input_dim, self.units * 4), (self.units, self.units * 4), self.units)
        Layer.build(self, input_shape)

    def call(self, inputs, states, training=None):
        h_tm1, c_tm1 = states[0], states[1]
        dp_mask = self.get_dropout_mask_for_cell(inputs, training, count=4)
        rec_dp_mask = self.get_recurrent_dropout_mask_for_cell(h_tm1, training, count=4)
        if dp_mask:
            inputs = inputs * dp_mask[0]
        z = backend_math.dot(inputs, self.kernel)
        if rec_dp_mask:
            h_tm1 = h_tm1 * rec_dp_mask[0]
        z = z + backend_math.dot(h_tm1, self.recurrent_kernel)
        if self.use_bias:
            z = nn_ops.bias_add(z, self.bias)
        h, c = lstm_gates(self, *array_ops.split(z, num_or_size_splits=4, axis=1), c_tm1)
        return h, [h, c]


class GRUCell(_Cell):
    """Mirrors ``tf.keras.layers.GRUCell`` (``reset_after=True``: the cuDNN-compatible variant, two biases)."""

    _extra_settings = ("recurrent_activation", "implementation", "reset_after")

    def __init__(self, units, activation="tanh", recurrent_activation="sigmoid", use_bias=True,
                 kernel_initializer="glorot_uniform", recurrent_initializer="orthogonal", bias_initializer="zeros",
                 kernel_regularizer=None, recurrent_regularizer=None, bias_regularizer=None, kernel_constraint=None,
                 recurrent_constraint=None, bias_constraint=None, dropout=0.0, recurrent_dropout=0.0,
                 reset_after=True, **kwargs):
        self.implementation = kwargs.pop("implementation", 2)
        super().__init__(units, activation, use_bias, kernel_initializer, recurrent_initializer, bias_initializer,
                         kernel_regularizer, recurrent_regularizer, bias_regularizer, kernel_constraint,
                         recurrent_constraint, bias_constraint, dropout, recurrent_dropout, **kwargs)
        self.recurrent_activation = activations.get(recurrent_activation)
        self.reset_after = reset_after
        self.state_size = self.units
        self.output_size = self.units

    def build(self, input_shape):
        input_dim = TensorShape(input_shape)[-1]
        self.kernel = self.add_weight(shape=(input_dim, self.units * 3), name="kernel",
                                      initializer=self.kernel_initializer, regularizer=self.kernel_regularizer,
                                      constraint=self.kernel_constraint)
        self.recurrent_kernel = self.add_weight(shape=(self.units, self.units * 3), name="recurrent_kernel",
                                                initializer=self.recurrent_initializer,
                                                regularizer=self.recurrent_regularizer,
                                                constraint=self.recurrent_constraint)
        if self.use_bias:
            shape = (3 * self.units,) if not self.reset_after else (2, 3 * self.units)
            self.bias = self.add_weight(shape=shape, name="bias", initializer=self.bias_initializer,
                                        regularizer=self.bias_regularizer, constraint=self.bias_constraint)
        else:
            self.bias = None
        Layer.build(self, input_shape)

    def call(self, inputs, states, training=None):
        h_tm1 = states[0] if isinstance(states, (list, tuple)) else states
        dp_mask = self.get_dropout_mask_for_cell(inputs, training, count=3)
        rec_dp_mask = self.get_recurrent_dropout_mask_for_cell(h_tm1, training, count=3)
        input_bias = recurrent_bias = None
        if self.use_bias:
            if not self.reset_after:
                input_bias = self.bias
            else:
                input_bias, recurrent_bias = array_ops.unstack(self.bias)
        if dp_mask:
            inputs = inputs * dp_mask[0]
        matrix_x = backend_math.dot(inputs, self.kernel)
        if self.use_bias:
            matrix_x = nn_ops.bias_add(matrix_x, input_bias)
        x_z, x_r, x_h = array_ops.split(matrix_x, 3, axis=-1)
        if rec_dp_mask:
            h_tm1 = h_tm1 * rec_dp_mask[0]
        if self.reset_after:
            matrix_inner = backend_math.dot(h_tm1, self.recurrent_kernel)
            if self.use_bias:
                matrix_inner = nn_ops.bias_add(matrix_inner, recurrent_bias)
        else:
            matrix_inner = backend_math.dot(h_tm1, self.recurrent_kernel[:, :2 * self.units])
        if self.reset_after:
            recurrent_z, recurrent_r, recurrent_h = array_ops.split(matrix_inner, 3, axis=-1)
        else:
            recurrent_z, recurrent_r = array_ops.split(matrix_inner, 2, axis=-1)
        z = self.recurrent_activation(x_z + recurrent_z)
        r = self.recurrent_activation(x_r + recurrent_r)
        if self.reset_after:
            recurrent_h = r * recurrent_h
        else:
            recurrent_h = backend_math.dot(r * h_tm1, self.recurrent_kernel[:, 2 * self.units:])
        hh = self.activation(x_h + recurrent_h)
        h = z * h_tm1 + (1 - z) * hh
        new_state = [h] if isinstance(states, (list, tuple)) else h
        return h, new_state


class StackedRNNCells(Layer):
    """Mirrors ``tf.keras.layers.StackedRNNCells``: cells applied one after another at each step."""

    def __init__(self, cells, **kwargs):
        for cell in cells:
            if "call" not in dir(cell) or "state_size" not in dir(cell):
                raise ValueError(f"All cells must have a `call` method and a `state_size` attribute. Received cells="
                                 f"{cells}")
        self.cells = cells
        self.reverse_state_order = kwargs.pop("reverse_state_order", False)
        super().__init__(**kwargs)

    @property
    def state_size(self):
        return tuple(c.state_size for c in (self.cells[::-1] if self.reverse_state_order else self.cells))

    @property
    def output_size(self):
        cell = self.cells[-1]
        if getattr(cell, "output_size", None) is not None:
            return cell.output_size
        size = cell.state_size
        return size[0] if isinstance(size, (list, tuple)) else size

    def get_initial_state(self, inputs=None, batch_size=None, dtype=None):
        states = []
        for cell in self.cells[::-1] if self.reverse_state_order else self.cells:
            if hasattr(cell, "get_initial_state"):
                states.append(cell.get_initial_state(inputs=inputs, batch_size=batch_size, dtype=dtype))
            else:
                sizes = cell.state_size if isinstance(cell.state_size, (list, tuple)) else [cell.state_size]
                batch = array_ops.shape(inputs)[0] if inputs is not None else batch_size
                states.append([_zeros_state(batch, s, dtype or inputs.dtype) for s in sizes])
        return tuple(states)

    def call(self, inputs, states, constants=None, training=None, **kwargs):
        state_sizes = [c.state_size for c in self.cells]
        nested = []
        flat = nest.flatten(states)
        pos = 0
        for size in state_sizes:
            n = len(size) if isinstance(size, (list, tuple)) else 1
            nested.append(flat[pos:pos + n])
            pos += n
        new_nested = []
        for cell, cell_states in zip(self.cells, nested):
            cell_states = cell_states if isinstance(cell.state_size, (list, tuple)) else cell_states[0]
            inputs, cell_states = cell(inputs, cell_states, training=training) if \
                cell._call_spec.expects_training else cell(inputs, cell_states)
            new_nested.append(cell_states)
        return inputs, tuple(nest.flatten(new_nested))

    def build(self, input_shape):
        shape = TensorShape(input_shape)
        for cell in self.cells:
            if isinstance(cell, Layer) and not cell.built:
                with backend.name_scope(cell.name):
                    cell.build(shape)
                    cell.built = True
            out = getattr(cell, "output_size", None)
            if out is None:
                size = cell.state_size
                out = size[0] if isinstance(size, (list, tuple)) else size
            shape = TensorShape([shape[0], out])
        Layer.build(self, input_shape)

    def get_config(self):
        config = {"cells": [serialization.serialize(c) for c in self.cells]}
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        cells = [serialization.deserialize(c, custom_objects=custom_objects) for c in config.pop("cells")]
        return cls(cells, **config)


# ------------------------------------------------------------------------------------------------
# the RNN layer
# ------------------------------------------------------------------------------------------------
class RNN(Layer):
    """Mirrors ``tf.keras.layers.RNN``."""

    def __init__(self, cell, return_sequences=False, return_state=False, go_backwards=False, stateful=False,
                 unroll=False, time_major=False, **kwargs):
        if isinstance(cell, (list, tuple)):
            cell = StackedRNNCells(cell)
        if "call" not in dir(cell):
            raise ValueError(f"Argument `cell` should have a `call` method. The RNN was passed: cell={cell}")
        if "state_size" not in dir(cell):
            raise ValueError(f"The RNN cell should have a `state_size` attribute (tuple of integers, one integer per "
                             f"RNN state). Received: cell={cell}")
        self.zero_output_for_mask = kwargs.pop("zero_output_for_mask", False)
        if "input_shape" not in kwargs and ("input_dim" in kwargs or "input_length" in kwargs):
            kwargs["input_shape"] = (kwargs.pop("input_length", None), kwargs.pop("input_dim", None))
        super().__init__(**kwargs)
        self.cell = cell
        self.return_sequences = return_sequences
        self.return_state = return_state
        self.go_backwards = go_backwards
        self.stateful = stateful
        self.unroll = unroll
        self.time_major = time_major
        self.supports_masking = True
        self.input_spec = None
        self.state_spec = None
        self._states = None
        self.constants_spec = None
        self._num_constants = 0

    @property
    def states(self):
        if self._states is None:
            size = self.cell.state_size
            return [None] * (len(size) if isinstance(size, (list, tuple)) else 1)
        return self._states

    @states.setter
    def states(self, states):
        object.__setattr__(self, "_states", states)

    def _state_sizes(self):
        size = self.cell.state_size
        return list(size) if isinstance(size, (list, tuple)) else [size]

    def compute_output_shape(self, input_shape):
        if isinstance(input_shape, list) and input_shape and isinstance(input_shape[0], (list, tuple, TensorShape)):
            input_shape = input_shape[0]
        dims = TensorShape(input_shape).as_list()
        batch, time_step = (dims[1], dims[0]) if self.time_major else (dims[0], dims[1])
        out_size = getattr(self.cell, "output_size", None)
        if out_size is None:
            out_size = self._state_sizes()[0]
        out_dims = TensorShape(out_size).as_list() if not isinstance(out_size, int) else [out_size]
        if self.return_sequences:
            output_shape = TensorShape(([time_step, batch] if self.time_major else [batch, time_step]) + out_dims)
        else:
            output_shape = TensorShape([batch] + out_dims)
        if self.return_state:
            return [output_shape] + [TensorShape([batch] + (TensorShape(s).as_list() if not isinstance(s, int)
                                                            else [s])) for s in nest.flatten(self.cell.state_size)]
        return output_shape

    def compute_mask(self, inputs, mask):
        mask = nest.flatten(mask)[0]
        output_mask = mask if self.return_sequences else None
        if self.return_state:
            return [output_mask] + [None for _ in nest.flatten(self.states)]
        return output_mask

    def build(self, input_shape):
        if isinstance(input_shape, list) and input_shape and isinstance(input_shape[0], (list, tuple, TensorShape)):
            input_shape = input_shape[0]
        input_shape = TensorShape(input_shape)
        dims = input_shape.as_list()
        batch_index, time_index = (1, 0) if self.time_major else (0, 1)
        spec_shape = list(dims)
        if not self.stateful:
            spec_shape[batch_index] = None
        spec_shape[time_index] = None
        self.input_spec = [InputSpec(shape=tuple(spec_shape))]
        step_input_shape = TensorShape([d for i, d in enumerate(dims) if i != time_index])
        if isinstance(self.cell, Layer) and not self.cell.built:
            with backend.name_scope(self.cell.name):
                self.cell.build(step_input_shape)
                self.cell.built = True
        if self.stateful:
            self.reset_states()
        Layer.build(self, input_shape)

    def get_initial_state(self, inputs):
        getter = getattr(self.cell, "get_initial_state", None)
        flat = nest.flatten(inputs)[0]
        if getter is not None:
            states = getter(inputs=None if self.time_major else flat, batch_size=array_ops.shape(flat)[1] if
                            self.time_major else None, dtype=flat.dtype)
        else:
            batch = array_ops.shape(flat)[0]
            states = [_zeros_state(batch, s, flat.dtype) for s in self._state_sizes()]
        if not isinstance(states, (list, tuple)):
            states = [states]
        return list(nest.flatten(states))

    def __call__(self, inputs, initial_state=None, constants=None, **kwargs):
        if isinstance(inputs, list) and initial_state is None and len(inputs) > 1:
            initial_state = inputs[1:]
            inputs = inputs[0]
        if initial_state is None:
            return super().__call__(inputs, **kwargs)
        return super().__call__(inputs, initial_state=list(nest.flatten(initial_state)), **kwargs)

    def _process_inputs(self, inputs, initial_state):
        if self.stateful:
            if initial_state is not None:
                return inputs, list(initial_state)
            return inputs, [s.read_value() if isinstance(s, Variable) else s for s in self.states]
        if initial_state is None:
            return inputs, self.get_initial_state(inputs)
        return inputs, list(initial_state)

    def call(self, inputs, mask=None, training=None, initial_state=None, constants=None):
        if isinstance(mask, list):
            mask = mask[0]
        inputs, initial_state = self._process_inputs(inputs, initial_state)
        if hasattr(self.cell, "reset_dropout_mask"):
            self.cell.reset_dropout_mask()
            self.cell.reset_recurrent_dropout_mask()
        cell_expects_training = self.cell._call_spec.expects_training if isinstance(self.cell, Layer) else False
        # As tf-keras: Keras cells get their states as a list even for a single state; only TF1-style cells
        # (not Keras layers) get the bare tensor.
        single_state = (not isinstance(self.cell.state_size, (list, tuple))
                        and (not isinstance(self.cell, Layer) or getattr(self.cell, "_is_tf_rnn_cell", False)))

        def step(step_inputs, states):
            states = states[0] if single_state and len(states) == 1 else states
            if cell_expects_training:
                output, new_states = self.cell(step_inputs, states, training=training)
            else:
                output, new_states = self.cell(step_inputs, states)
            if not isinstance(new_states, (list, tuple)):
                new_states = [new_states]
            return output, new_states
        last_output, outputs, states = rnn(step, inputs, initial_state, go_backwards=self.go_backwards, mask=mask,
                                           time_major=self.time_major,
                                           zero_output_for_mask=self.zero_output_for_mask,
                                           return_all_outputs=self.return_sequences)
        if self.stateful:
            for var, value in zip(self.states, states):
                var.assign(math_ops.cast(value, var.dtype))
        output = outputs if self.return_sequences else last_output
        if self.return_state:
            return [output] + list(states)
        return output

    def reset_states(self, states=None):
        """Mirrors ``RNN.reset_states`` (stateful layers: zeros, or the given values).

        Raises:
          AttributeError: a layer that is not stateful."""
        if not self.stateful:
            raise AttributeError("Layer must be stateful.")
        spec_shape = None
        if self.input_spec is not None:
            spec_shape = nest.flatten(self.input_spec[0])[0].shape
        batch_size = None
        if spec_shape is not None:
            batch_size = spec_shape[1] if self.time_major else spec_shape[0]
        if not batch_size:
            raise ValueError("If a RNN is stateful, it needs to know its batch size. Specify the batch size of your "
                             "input tensors: \n- If using a Sequential model, specify the batch size by passing a "
                             "`batch_input_shape` argument to your first layer.\n- If using the functional API, "
                             "specify the batch size by passing a `batch_shape` argument to your Input layer.")
        import numpy as np
        sizes = self._state_sizes()
        if self._states is None or any(s is None for s in self._states):
            from tfcompat._src.framework import context as ctx_lib
            with ctx_lib.init_scope():
                self.states = [Variable(np.zeros((batch_size, s), dtype=self.dtype or "float32"), trainable=False)
                               for s in sizes]
        elif states is None:
            for var, s in zip(self.states, sizes):
                backend.set_value(var, np.zeros((batch_size, s)))
        if states is not None:
            states = states if isinstance(states, (list, tuple)) else [states]
            if len(states) != len(self.states):
                raise ValueError(f"Layer {self.name} expects {len(self.states)} state(s), but it received "
                                 f"{len(states)} state value(s). Input received: {states}")
            for var, value in zip(self.states, states):
                backend.set_value(var, value)

    def get_config(self):
        config = {"return_sequences": self.return_sequences, "return_state": self.return_state,
                  "go_backwards": self.go_backwards, "stateful": self.stateful, "unroll": self.unroll,
                  "time_major": self.time_major}
        if self.zero_output_for_mask:
            config["zero_output_for_mask"] = self.zero_output_for_mask
        config["cell"] = serialization.serialize(self.cell)
        base = super().get_config()
        return dict(list(base.items()) + list(config.items()))

    @classmethod
    def from_config(cls, config, custom_objects=None):
        config = dict(config)
        cell = serialization.deserialize(config.pop("cell"), custom_objects=custom_objects)
        num_constants = config.pop("num_constants", 0)
        del num_constants
        return cls(cell, **config)


class _RNNWithCell(RNN):
    """SimpleRNN/LSTM/GRU: an RNN owning one cell named '<kind>_cell', exposing the cell's attributes."""

    _cell_class = None
    _cell_name = None

    def __init__(self, units, return_sequences=False, return_state=False, go_backwards=False, stateful=False,
                 unroll=False, time_major=False, **kwargs):
        settings = _CELL_ARGS + self._cell_class._extra_settings
        cell_kwargs = {k: kwargs.pop(k) for k in list(kwargs) if k in settings}
        activity_regularizer = kwargs.pop("activity_regularizer", None)
        cell = self._cell_class(units, dtype=kwargs.get("dtype"), trainable=kwargs.get("trainable", True),
                                name=self._cell_name, **cell_kwargs)
        super().__init__(cell, return_sequences=return_sequences, return_state=return_state,
                         go_backwards=go_backwards, stateful=stateful, unroll=unroll, time_major=time_major, **kwargs)
        self.activity_regularizer = regularizers.get(activity_regularizer)
        self.input_spec = [InputSpec(ndim=3)]

    def call(self, inputs, mask=None, training=None, initial_state=None):
        return super().call(inputs, mask=mask, training=training, initial_state=initial_state)

    def __getattr__(self, name):
        cell = self.__dict__.get("cell")
        if cell is not None and (name in _CELL_ARGS + self._cell_class._extra_settings or
                                 name in ("kernel", "recurrent_kernel", "bias")):
            return getattr(cell, name)
        raise AttributeError(f"'{type(self).__name__}' object has no attribute '{name}'")

    def get_config(self):
        config = {k: v for k, v in self.cell.get_config().items()
                  if k not in ("name", "trainable", "dtype")}
        config["activity_regularizer"] = regularizers.serialize(self.activity_regularizer)
        base = Layer.get_config(self)
        rnn_config = {"return_sequences": self.return_sequences, "return_state": self.return_state,
                      "go_backwards": self.go_backwards, "stateful": self.stateful, "unroll": self.unroll,
                      "time_major": self.time_major}
        if self.zero_output_for_mask:
            rnn_config["zero_output_for_mask"] = True
        return dict(list(base.items()) + list(rnn_config.items()) + list(config.items()))

    @classmethod
    def from_config(cls, config):
        config = dict(config)
        if "implementation" in config and config["implementation"] == 0:
            config["implementation"] = 1
        return cls(**config)


class SimpleRNN(_RNNWithCell):
    """Mirrors ``tf.keras.layers.SimpleRNN``."""

    _cell_class = SimpleRNNCell
    _cell_name = "simple_rnn_cell"


class LSTM(_RNNWithCell):
    """Mirrors ``tf.keras.layers.LSTM`` (tf-keras' standard_lstm on CPU). In the standard configuration the whole
    sequence runs as one fused op (``recurrent_fused.py``); otherwise the time loop runs step by step."""

    _cell_class = LSTMCell
    _cell_name = "lstm_cell"

    def call(self, inputs, mask=None, training=None, initial_state=None):
        if isinstance(mask, list):
            mask = mask[0]
        if mask is None and self._fusable(inputs):
            inputs, states = self._process_inputs(inputs, initial_state)
            if len(states) == 2 and all(getattr(s, "dtype", None) == inputs.dtype for s in states):
                return self._fused_call(inputs, states)
        return super().call(inputs, mask=mask, training=training, initial_state=initial_state)

    def _fusable(self, inputs) -> bool:
        """The configuration ``recurrent_fused.lstm_sequence`` computes exactly: tanh/sigmoid, a bias, no dropout,
        batch-major inputs with a known number of steps, the weights' dtype float32/float64 (masks: the caller)."""
        cell = self.cell
        if type(cell) is not LSTMCell or self.time_major or self.unroll or not cell.use_bias or cell.dropout or \
                cell.recurrent_dropout or cell.activation is not activations.tanh or \
                cell.recurrent_activation is not activations.sigmoid:
            return False
        shape = getattr(inputs, "shape", None)
        if not isinstance(shape, TensorShape) or shape.rank != 3 or not dimension_value(shape[1]):
            return False
        dtype = inputs.dtype
        return recurrent_fused.fusable_dtype(dtype) and \
            all(w.dtype == dtype for w in (cell.kernel, cell.recurrent_kernel, cell.bias))

    def _fused_call(self, inputs, states):
        cell = self.cell
        outputs, h, c = recurrent_fused.lstm_sequence(inputs, states[0], states[1], cell.kernel,
                                                      cell.recurrent_kernel, cell.bias,
                                                      go_backwards=self.go_backwards)
        if self.stateful:
            for var, value in zip(self.states, (h, c)):
                var.assign(math_ops.cast(value, var.dtype))
        output = outputs if self.return_sequences else h
        if self.return_state:
            return [output, h, c]
        return output


class GRU(_RNNWithCell):
    """Mirrors ``tf.keras.layers.GRU`` (``reset_after=True``; tf-keras' standard_gru on CPU)."""

    _cell_class = GRUCell
    _cell_name = "gru_cell"


