"""Recurrent layers (tf-keras 2.21): RNN over any cell, and SimpleRNN, LSTM, GRU (``return_sequences``,
``return_state``, ``go_backwards``, ``stateful``, masking, initial states). The cells are in recurrent_cells.py, the
time loop (``backend.rnn``) in recurrent_loop.py.

The time loop runs in Python over the time steps, so it is unrolled when traced: the number of time steps must be
known while tracing a ``tf.function`` or building a TF1 graph. LSTM and GRU compute tf-keras'
``standard_lstm``/``standard_gru`` formulas (what they run on CPU). ``LSTM`` in its standard configuration
(tanh/sigmoid, bias, no dropout, no mask, batch-major, float32/float64) runs the whole sequence as one fused op
instead (``recurrent_fused.py``: one ``torch.lstm`` call).

Differences: dropout masks are random (``random-values``); ``implementation=1`` computes as implementation 2
(same formulas, different rounding); ``unroll`` has no effect (the loop is always unrolled).

Nested inputs (a tuple/dict of tensors) reach the cell as that structure: ``build`` gives the cell the structure of
step shapes, and a cell's ``state_size``/``output_size`` may be lists of ``TensorShape`` (tf-keras' nested cells).

Ragged inputs (tf-keras' ``convert_inputs_if_ragged``/``maybe_convert_to_ragged``): padded with ``to_tensor``,
masked by their row lengths, and with ``return_sequences`` the output is made ragged again with those lengths."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.framework.tensor_shape import dimension_value
from tfcompat._src.ops import array_ops, math_ops, nn_ops
from tfcompat._src.ops import rnn as rnn_ops
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor
from tfcompat._src.ops.variables import Variable
from tfcompat._src.keras import activations, backend, regularizers
from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.engine.input_spec import InputSpec
from tfcompat._src.keras.layers import recurrent_fused
from tfcompat._src.keras.layers import serialization
# Cells and the loop live in their own modules; conv_lstm.py, cudnn_recurrent.py, abstract_rnn_cell.py and
# keras/backend import these names from here.
from tfcompat._src.keras.layers.recurrent_cells import (  # noqa: F401
    _CELL_ARGS, GRUCell, LSTMCell, SimpleRNNCell, StackedRNNCells, _DropoutMixin, _zeros_state, build_lstm_weights,
    lstm_gates,
)
from tfcompat._src.keras.layers.recurrent_loop import rnn

__all__ = ["RNN", "SimpleRNNCell", "LSTMCell", "GRUCell", "StackedRNNCells", "SimpleRNN", "LSTM", "GRU", "rnn"]


def _convert_inputs_if_ragged(inputs):
    """tf-keras' ``backend.convert_inputs_if_ragged``: (inputs with ragged ones padded, the first input's int32 row
    lengths), or (inputs, None) without ragged inputs."""
    flat = nest.flatten(inputs)
    if not any(isinstance(x, RaggedTensor) for x in flat):
        return inputs, None
    dense = nest.map_structure(lambda x: x.to_tensor() if isinstance(x, RaggedTensor) else x, inputs)
    return dense, math_ops.cast(flat[0].nested_row_lengths()[0], dtypes.int32)


def _to_ragged(outputs, row_lengths, go_backwards):
    """tf-keras' ``backend.maybe_convert_to_ragged`` for a ragged input's sequence outputs. With ``go_backwards``
    TF cuts ``reverse(outputs)`` at the lengths and reverses each row back: each row's steps reversed within its
    length, which ``reverse_sequence`` does on the dense tensor."""
    if go_backwards:
        outputs = rnn_ops.reverse_sequence(array_ops.reverse(outputs, [1]), row_lengths, seq_axis=1, batch_axis=0)
    return RaggedTensor.from_tensor(outputs, row_lengths)


def _is_shape_leaf(x) -> bool:
    return isinstance(x, TensorShape) or (isinstance(x, (list, tuple)) and all(
        d is None or isinstance(d, int) for d in x))


def _map_shapes(fn, shapes):
    """``fn`` over each shape (a TensorShape, or a list/tuple of ints and None) of a nested structure of shapes."""
    if _is_shape_leaf(shapes):
        return fn(TensorShape(shapes))
    if isinstance(shapes, dict):
        return {k: _map_shapes(fn, v) for k, v in shapes.items()}
    return type(shapes)(_map_shapes(fn, s) for s in shapes)


def _first_shape(shapes) -> TensorShape:
    """The shape itself, or a nested input's first shape (tf-keras' ``compute_output_shape``)."""
    while not _is_shape_leaf(shapes):
        shapes = list(shapes.values())[0] if isinstance(shapes, dict) else shapes[0]
    return TensorShape(shapes)


def _flat_sizes(size) -> list:
    """A cell's ``state_size``/``output_size`` as a flat list of sizes (ints or shapes)."""
    if isinstance(size, TensorShape) or not isinstance(size, (list, tuple)):
        return [size]
    return [s for part in size for s in _flat_sizes(part)]


def _size_dims(size) -> list:
    return TensorShape(size).as_list() if isinstance(size, (list, tuple, TensorShape)) else [size]


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
        input_shape = _first_shape(input_shape)
        dims = input_shape.as_list()
        batch, time_step = (dims[1], dims[0]) if self.time_major else (dims[0], dims[1])
        out_size = getattr(self.cell, "output_size", None)
        if out_size is None:
            out_size = self._state_sizes()[0]

        def output_shape_of(size):
            out_dims = _size_dims(size)
            if self.return_sequences:
                return TensorShape(([time_step, batch] if self.time_major else [batch, time_step]) + out_dims)
            return TensorShape([batch] + out_dims)
        output_shape = [output_shape_of(s) for s in _flat_sizes(out_size)]
        output_shape = output_shape[0] if len(output_shape) == 1 else output_shape
        if self.return_state:
            return nest.flatten(output_shape) + [TensorShape([batch] + _size_dims(s))
                                                 for s in _flat_sizes(self.cell.state_size)]
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
        batch_index, time_index = (1, 0) if self.time_major else (0, 1)

        def spec_of(shape):
            spec_shape = list(shape.as_list())
            if not self.stateful:
                spec_shape[batch_index] = None
            spec_shape[time_index] = None
            return InputSpec(shape=tuple(spec_shape))

        def step_shape_of(shape):
            return TensorShape([d for i, d in enumerate(shape.as_list()) if i != time_index])
        try:
            input_shape = TensorShape(input_shape)
        except (TypeError, ValueError):   # nested inputs (tf-keras): a structure of shapes, one per input
            pass
        if isinstance(input_shape, TensorShape):
            self.input_spec = [spec_of(input_shape)]
            step_input_shape = step_shape_of(input_shape)
        else:
            specs = _map_shapes(spec_of, input_shape)
            self.input_spec = specs if isinstance(specs, list) else [specs]   # tf-keras' to_list
            step_input_shape = _map_shapes(step_shape_of, input_shape)
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
        inputs, row_lengths = _convert_inputs_if_ragged(inputs)
        if row_lengths is None:
            return self._dense_call(inputs, mask, training, initial_state)
        self._validate_args_if_ragged(mask)
        steps = array_ops.shape(nest.flatten(inputs)[0])[1]
        result = self._dense_call(inputs, nn_ops.sequence_mask(row_lengths, steps), training, initial_state)
        if not self.return_sequences:
            return result
        if self.return_state:
            return [_to_ragged(result[0], row_lengths, self.go_backwards)] + list(result[1:])
        return _to_ragged(result, row_lengths, self.go_backwards)

    def _validate_args_if_ragged(self, mask):
        if mask is not None:
            raise ValueError(f"The mask that was passed in was {mask}, which cannot be applied to RaggedTensor "
                             "inputs. Please make sure that there is no mask injected by upstream layers.")
        if self.unroll:
            raise ValueError("The input received contains RaggedTensors and does not support unrolling. Disable "
                             "unrolling by passing `unroll=False` in the RNN Layer constructor.")

    def _dense_call(self, inputs, mask, training, initial_state):
        """``call`` on dense (padded) inputs; ``mask`` masks the padded steps of a ragged input."""
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

    def _dense_call(self, inputs, mask, training, initial_state):
        if isinstance(mask, list):
            mask = mask[0]
        if mask is None and self._fusable(inputs):
            inputs, states = self._process_inputs(inputs, initial_state)
            if len(states) == 2 and all(getattr(s, "dtype", None) == inputs.dtype for s in states):
                return self._fused_call(inputs, states)
        return super()._dense_call(inputs, mask, training, initial_state)

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


