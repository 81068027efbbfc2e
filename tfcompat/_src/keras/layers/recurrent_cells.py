"""The Keras recurrent cells (tf-keras 2.21): SimpleRNNCell, LSTMCell, GRUCell and StackedRNNCells, with the
dropout-mask mixin and the LSTM weight/gate helpers that ConvLSTM shares. The layers that run them over time are
in recurrent.py.

Differences: dropout masks are random (``random-values``); ``implementation=1`` computes as implementation 2 (same
formulas, different rounding)."""
from __future__ import annotations

from tfcompat._src.framework import nest
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.framework.tensor_shape import dimension_value
from tfcompat._src.ops import array_ops, nn_ops
from tfcompat._src.keras import activations, backend, backend_math, initializers
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.layers import serialization
from tfcompat._src.keras.layers.cell_settings import init_weight_settings, settings_config

__all__ = ["SimpleRNNCell", "LSTMCell", "GRUCell", "StackedRNNCells", "build_lstm_weights", "lstm_gates",
           "zero_initial_state"]


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

    def _cached_masks(self, attr, rate, inputs, training, count):
        if rate == 0:
            return None
        if getattr(self, attr) is None:
            setattr(self, attr, self._make_masks(inputs, rate, training, count))
        return getattr(self, attr)

    def get_dropout_mask_for_cell(self, inputs, training, count=1):
        return self._cached_masks("_dropout_mask", self.dropout, inputs, training, count)

    def get_recurrent_dropout_mask_for_cell(self, inputs, training, count=1):
        return self._cached_masks("_recurrent_dropout_mask", self.recurrent_dropout, inputs, training, count)


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
        return zero_initial_state(self.state_size, inputs, batch_size, dtype)


def _zeros_state(batch_size, size, dtype):
    """Zeros of shape ``[batch_size] + size`` (``size``: an int, or a shape for a cell with nested state sizes,
    as tf-keras' ``_generate_zero_filled_state`` takes ``TensorShape(size)``)."""
    dims = TensorShape(size).as_list() if isinstance(size, (list, tuple, TensorShape)) else [size]
    if isinstance(batch_size, Tensor):
        return array_ops.zeros(array_ops.stack([batch_size] + dims), dtype=dtype)
    return array_ops.zeros([batch_size] + dims, dtype=dtype)


def zero_initial_state(state_size, inputs=None, batch_size=None, dtype=None):
    """A cell's ``get_initial_state``: zero-filled states of ``state_size`` (an int or a list of them) for
    ``batch_size``, both taken from ``inputs`` when given."""
    if inputs is not None:
        batch_size = array_ops.shape(inputs)[0] if dimension_value(inputs.shape[0]) is None else inputs.shape[0]
        dtype = inputs.dtype
    sizes = state_size if isinstance(state_size, (list, tuple)) else [state_size]
    states = [_zeros_state(batch_size, s, dtype or backend.floatx()) for s in sizes]
    return states if isinstance(state_size, (list, tuple)) else states[0]


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
