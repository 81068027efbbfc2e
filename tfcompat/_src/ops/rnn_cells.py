"""``tf.compat.v1.nn.rnn_cell``: the legacy RNN cells (mirrors TF's ``legacy_rnn/rnn_cell_impl.py``).

Naming follows TF1's legacy layers exactly, because scripts and checkpoints look variables up by name:
a cell captures the variable scope current at its first call ("rnncell_scope"), opens
``variable_scope(None, default_name=<snake_case class name>)`` inside it once (so two unnamed LSTM cells in one
scope are 'basic_lstm_cell' and 'basic_lstm_cell_1'), creates its weights there with ``get_variable`` on the
first call ('rnn/basic_lstm_cell/kernel', '.../bias'; kernel Keras's default glorot-uniform, as tf-keras's
legacy cells, unless the scope or the cell gives an initializer; bias zeros) and reuses them on every later call.
``MultiRNNCell`` nests its cells under 'multi_rnn_cell/cell_<i>'; ``DropoutWrapper`` adds no scope of its own.
Cells are plain Python objects, not Keras layers: ``trainable_weights``/``weights``/``variables`` list what the
cell created."""
from __future__ import annotations

import collections
import re
import warnings

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import constant_value, convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape, dimension_value
from tfcompat._src.ops import array_ops, init_ops, math_ops, nn_ops
from tfcompat._src.ops import variable_scope as vs
from tfcompat._src.ops.layers_base import default_initializer, resolve_initializer

__all__ = ["RNNCell", "LayerRNNCell", "BasicRNNCell", "BasicLSTMCell", "LSTMCell", "GRUCell", "MultiRNNCell",
           "DropoutWrapper", "ResidualWrapper", "DeviceWrapper", "LSTMStateTuple", "assert_like_rnncell"]

_WEIGHTS_VARIABLE_NAME = "kernel"
_BIAS_VARIABLE_NAME = "bias"


def _snake_case(name: str) -> str:
    """Keras' ``to_snake_case`` (BasicLSTMCell -> basic_lstm_cell)."""
    s = re.sub(r"(.)([A-Z][a-z0-9]+)", r"\1_\2", name)
    return re.sub(r"([a-z])([A-Z])", r"\1_\2", s).lower()


def assert_like_rnncell(cell_name: str, cell) -> None:
    """Mirrors TF's ``rnn_cell_impl.assert_like_rnncell``: TypeError unless ``cell`` quacks like an RNNCell."""
    checks = [(hasattr(cell, "output_size"), "'output_size' property is missing"),
              (hasattr(cell, "state_size"), "'state_size' property is missing"),
              (hasattr(cell, "get_initial_state") or hasattr(cell, "zero_state"),
               "either 'zero_state' or 'get_initial_state' method is required"),
              (callable(cell), "is not callable")]
    failed = [msg for ok, msg in checks if not ok]
    if failed:
        raise TypeError(f"The argument {cell_name!r} ({cell}) is not an RNNCell: {', '.join(failed)}.")


def _check_supported_dtypes(dtype) -> None:
    if dtype is None:
        return
    dtype = dtypes.as_dtype(dtype)
    if not (dtype.is_floating or dtype.is_complex):
        raise ValueError(f"RNN cell only supports floating point inputs, but saw dtype: {dtype}")


def _state_shape(batch_size, size):
    """``[batch_size] + size`` as a static list, or a packed shape tensor when ``batch_size`` is a tensor."""
    suffix = TensorShape(size).as_list()
    if isinstance(batch_size, Tensor):
        static = constant_value(batch_size)
        if static is None:
            return array_ops.stack([batch_size] + suffix)
        batch_size = int(static)
    return [int(batch_size)] + suffix


def _zero_state_tensors(state_size, batch_size, dtype):
    return nest.map_structure(lambda s: array_ops.zeros(_state_shape(batch_size, s), dtype=dtype), state_size)


class LSTMStateTuple(collections.namedtuple("LSTMStateTuple", ("c", "h"))):
    """Mirrors ``tf.compat.v1.nn.rnn_cell.LSTMStateTuple``: ``(c, h)``, the cell state then the output."""
    __slots__ = ()

    @property
    def dtype(self):
        c, h = self
        if c.dtype != h.dtype:
            raise TypeError(f"Inconsistent internal state: {c.dtype} vs {h.dtype}")
        return c.dtype


class RNNCell:
    """Mirrors ``tf.compat.v1.nn.rnn_cell.RNNCell``: subclasses define ``state_size``, ``output_size``,
    ``build(inputs_shape)`` (create weights with ``add_variable``) and ``call(inputs, state)``.

    Differences: not a Keras layer (no ``get_config``, ``losses``, ``input_spec`` objects)."""

    def __init__(self, trainable: bool = True, name: str | None = None, dtype=None, _reuse=None, _scope=None):
        self.trainable = trainable
        self._name = name or _snake_case(type(self).__name__)
        self._base_name = self._name
        self._dtype = dtypes.as_dtype(dtype) if dtype is not None else None
        self._reuse = _reuse
        self._scope = None
        if _scope:
            with vs.variable_scope(_scope) as captured:
                self._scope = captured
        self._rnncell_scope = None
        self._trainable_weights: list = []
        self._non_trainable_weights: list = []
        self.built = False

    name = property(lambda self: self._name)
    dtype = property(lambda self: self._dtype)

    @property
    def state_size(self):
        raise NotImplementedError("Abstract method")

    @property
    def output_size(self):
        raise NotImplementedError("Abstract method")

    @property
    def scope_name(self) -> str:
        if self._scope is None:
            raise ValueError(f'No name available for layer scope because the layer "{self._name}" has not been '
                             f'used yet. The scope name is determined the first time the layer instance is called. '
                             f'You must therefore call the layer before querying `scope_name`.')
        return self._scope.name

    @property
    def trainable_weights(self) -> list:
        return list(self._trainable_weights) if self.trainable else []

    @property
    def non_trainable_weights(self) -> list:
        extra = [] if self.trainable else list(self._trainable_weights)
        return extra + list(self._non_trainable_weights)

    @property
    def weights(self) -> list:
        return self.trainable_weights + self.non_trainable_weights

    trainable_variables = trainable_weights
    variables = weights

    def build(self, inputs_shape) -> None:
        self.built = True

    def call(self, inputs, state):
        raise NotImplementedError("Abstract method")

    def __call__(self, inputs, state, scope=None):
        """Runs the cell on one time step: ``(output, new_state) = cell(inputs, state)``.

        TF: without ``scope`` the cell reuses the variable scope that was current at its first call."""
        if scope is not None:
            with vs.variable_scope(scope) as entered:
                return self._layer_call(inputs, state, entered)
        if self._rnncell_scope is None:
            self._rnncell_scope = vs.get_variable_scope()
        with vs.variable_scope(self._rnncell_scope):
            return self._layer_call(inputs, state, None)

    def _set_scope(self, scope=None):
        if self._scope is None:
            if self._reuse:
                with vs.variable_scope(scope if scope is not None else self._base_name) as captured:
                    self._scope = captured
            else:
                with vs.variable_scope(scope, default_name=self._base_name) as captured:
                    self._scope = captured

    def _layer_call(self, inputs, state, scope):
        """TF1 legacy ``Layer.__call__``: fixed scope, name scope of that scope, build once, then ``call``."""
        self._set_scope(scope)
        reuse = True if self.built else self._reuse
        with vs.variable_scope(self._scope, reuse=reuse, auxiliary_name_scope=False) as current:
            with name_scope(current.original_name_scope or None):
                inputs = nest.map_structure(convert_to_tensor, inputs)
                if not self.built:
                    first = nest.flatten(inputs)[0]
                    if self._dtype is None:
                        self._dtype = first.dtype  # TF's '_infer' policy: the first input's dtype
                    self._check_input_rank(inputs)
                    self.build(first.shape if len(nest.flatten(inputs)) == 1 else
                               nest.map_structure(lambda t: t.shape, inputs))
                    self.built = True
                else:
                    self._check_input_rank(inputs)
                return self.call(inputs, state)

    _input_ndim = None

    def _check_input_rank(self, inputs):
        if self._input_ndim is None:
            return
        for i, t in enumerate(nest.flatten(inputs)):
            rank = t.shape.rank
            if rank is not None and rank != self._input_ndim:
                raise ValueError(f'Input {i} of layer "{self._name}" is incompatible with the layer: expected '
                                 f'ndim={self._input_ndim}, found ndim={rank}. Full shape received: '
                                 f'{tuple(t.shape.as_list())}')

    def add_variable(self, name: str, shape, dtype=None, initializer=None, trainable: bool | None = None,
                     regularizer=None, constraint=None, partitioner=None):
        """Creates (first call) or reuses a weight of this cell with ``get_variable`` in the cell's scope."""
        if partitioner is not None:
            raise NotImplementedError("Partitioned RNN cell weights (num_unit_shards) are not supported by "
                                      "tfcompat.")
        self._set_scope(None)
        dtype = dtypes.as_dtype(dtype or self._dtype or dtypes.float32)
        trainable = True if trainable is None else trainable
        with vs.variable_scope(self._scope, reuse=self.built or self._reuse, auxiliary_name_scope=False) as scope:
            # tf-keras's legacy cells are legacy layers: Keras's default (v2 GlorotUniform: stateless, so not
            # reached by the graph seed nor DeterministicRandomTestTool) unless the cell or the scope gives one.
            initializer = default_initializer(resolve_initializer(initializer or scope.initializer), dtype)
            v = vs.get_variable(name, shape=shape, dtype=dtype, initializer=initializer, regularizer=regularizer,
                                trainable=trainable and self.trainable, constraint=constraint)
        target = self._trainable_weights if trainable and self.trainable else self._non_trainable_weights
        if all(v is not w for w in target):
            target.append(v)
        return v

    add_weight = add_variable

    def get_initial_state(self, inputs=None, batch_size=None, dtype=None):
        """Mirrors ``RNNCell.get_initial_state``: zeros, batch size and dtype taken from ``inputs`` if given."""
        if inputs is not None:
            inputs = convert_to_tensor(inputs)
            if dtype is not None and inputs.dtype != dtypes.as_dtype(dtype):
                raise ValueError(f"dtype from input tensor is different from the input param. Input tensor dtype: "
                                 f"{inputs.dtype}, dtype: {dtype}")
            batch_size = dimension_value(inputs.shape[0])
            if batch_size is None:
                batch_size = array_ops.shape(inputs)[0]
            dtype = inputs.dtype
        if batch_size is None or dtype is None:
            raise ValueError(f"batch_size and dtype cannot be None while constructing initial state: "
                             f"batch_size={batch_size}, dtype={dtype}")
        return self.zero_state(batch_size, dtype)

    def zero_state(self, batch_size, dtype):
        """Mirrors ``RNNCell.zero_state``: zeros shaped ``[batch_size, s]`` for each ``s`` in ``state_size``."""
        with name_scope(type(self).__name__ + "ZeroState"):
            return _zero_state_tensors(self.state_size, batch_size, dtypes.as_dtype(dtype))


class LayerRNNCell(RNNCell):
    """Mirrors ``tf.compat.v1.nn.rnn_cell.LayerRNNCell`` (the cell's weights come from ``build``)."""

    def __call__(self, inputs, state, scope=None):
        return self._layer_call(inputs, state, scope)


def _deprecated(cls_name: str, replacement: str) -> None:
    warnings.warn(f"`tf.nn.rnn_cell.{cls_name}` is deprecated and will be removed in a future version. This class "
                  f"is equivalent as `tf.keras.layers.{replacement}`, and will be replaced by that in Tensorflow "
                  f"2.0.", UserWarning, stacklevel=3)


def _activation(activation):
    if activation is None:
        return math_ops.tanh
    if isinstance(activation, str):
        table = {"tanh": math_ops.tanh, "sigmoid": math_ops.sigmoid, "relu": nn_ops.relu, "linear": lambda x: x}
        if activation not in table:
            raise ValueError(f"Unknown activation function: {activation}")
        return table[activation]
    return activation


def _input_depth(inputs_shape):
    shape = TensorShape(inputs_shape)
    depth = shape[-1] if shape.rank else None
    if depth is None:
        raise ValueError(f"Expected inputs.shape[-1] to be known, saw shape: {shape}")
    return depth


class BasicRNNCell(LayerRNNCell):
    """Mirrors ``tf.compat.v1.nn.rnn_cell.BasicRNNCell``: ``h' = act([x, h] @ kernel + bias)``."""
    _input_ndim = 2

    def __init__(self, num_units: int, activation=None, reuse=None, name: str | None = None, dtype=None,
                 **kwargs):
        _deprecated("BasicRNNCell", "SimpleRNNCell")
        super().__init__(name=name, dtype=dtype, _reuse=reuse, **kwargs)
        _check_supported_dtypes(self._dtype)
        self._num_units = num_units
        self._activation = _activation(activation)

    state_size = property(lambda self: self._num_units)
    output_size = property(lambda self: self._num_units)

    def build(self, inputs_shape):
        depth = _input_depth(inputs_shape)
        _check_supported_dtypes(self._dtype)
        self._kernel = self.add_variable(_WEIGHTS_VARIABLE_NAME, shape=[depth + self._num_units, self._num_units])
        self._bias = self.add_variable(_BIAS_VARIABLE_NAME, shape=[self._num_units],
                                       initializer=init_ops.zeros_initializer())
        self.built = True

    def call(self, inputs, state):
        _check_supported_dtypes(inputs.dtype)
        gate_inputs = math_ops.matmul(array_ops.concat([inputs, state], 1), self._kernel)
        output = self._activation(nn_ops.bias_add(gate_inputs, self._bias))
        return output, output


class GRUCell(LayerRNNCell):
    """Mirrors ``tf.compat.v1.nn.rnn_cell.GRUCell`` (weights 'gates/kernel', 'gates/bias' (init 1.0),
    'candidate/kernel', 'candidate/bias')."""
    _input_ndim = 2

    def __init__(self, num_units: int, activation=None, reuse=None, kernel_initializer=None,
                 bias_initializer=None, name: str | None = None, dtype=None, **kwargs):
        _deprecated("GRUCell", "GRUCell")
        super().__init__(name=name, dtype=dtype, _reuse=reuse, **kwargs)
        _check_supported_dtypes(self._dtype)
        self._num_units = num_units
        self._activation = _activation(activation)
        self._kernel_initializer = kernel_initializer
        self._bias_initializer = bias_initializer

    state_size = property(lambda self: self._num_units)
    output_size = property(lambda self: self._num_units)

    def build(self, inputs_shape):
        depth = _input_depth(inputs_shape)
        n = self._num_units
        self._gate_kernel = self.add_variable(f"gates/{_WEIGHTS_VARIABLE_NAME}", shape=[depth + n, 2 * n],
                                              initializer=self._kernel_initializer)
        self._gate_bias = self.add_variable(
            f"gates/{_BIAS_VARIABLE_NAME}", shape=[2 * n],
            initializer=self._bias_initializer or init_ops.constant_initializer(1.0))
        self._candidate_kernel = self.add_variable(f"candidate/{_WEIGHTS_VARIABLE_NAME}", shape=[depth + n, n],
                                                   initializer=self._kernel_initializer)
        self._candidate_bias = self.add_variable(
            f"candidate/{_BIAS_VARIABLE_NAME}", shape=[n],
            initializer=self._bias_initializer or init_ops.zeros_initializer())
        self.built = True

    def call(self, inputs, state):
        _check_supported_dtypes(inputs.dtype)
        gate_inputs = math_ops.matmul(array_ops.concat([inputs, state], 1), self._gate_kernel)
        value = math_ops.sigmoid(nn_ops.bias_add(gate_inputs, self._gate_bias))
        r, u = array_ops.split(value=value, num_or_size_splits=2, axis=1)
        candidate = math_ops.matmul(array_ops.concat([inputs, r * state], 1), self._candidate_kernel)
        c = self._activation(nn_ops.bias_add(candidate, self._candidate_bias))
        new_h = u * state + (1 - u) * c
        return new_h, new_h


class BasicLSTMCell(LayerRNNCell):
    """Mirrors ``tf.compat.v1.nn.rnn_cell.BasicLSTMCell``: one kernel ``[in + units, 4 * units]`` with gates
    ordered i, j, f, o; ``forget_bias`` is added to f at run time (not to the bias variable)."""
    _input_ndim = 2

    def __init__(self, num_units: int, forget_bias: float = 1.0, state_is_tuple: bool = True, activation=None,
                 reuse=None, name: str | None = None, dtype=None, **kwargs):
        _deprecated("BasicLSTMCell", "LSTMCell")
        super().__init__(name=name, dtype=dtype, _reuse=reuse, **kwargs)
        _check_supported_dtypes(self._dtype)
        self._num_units = num_units
        self._forget_bias = forget_bias
        self._state_is_tuple = state_is_tuple
        self._activation = _activation(activation)

    @property
    def state_size(self):
        n = self._num_units
        return LSTMStateTuple(n, n) if self._state_is_tuple else 2 * n

    output_size = property(lambda self: self._num_units)

    def build(self, inputs_shape):
        depth = _input_depth(inputs_shape)
        n = self._num_units
        self._kernel = self.add_variable(_WEIGHTS_VARIABLE_NAME, shape=[depth + n, 4 * n])
        self._bias = self.add_variable(_BIAS_VARIABLE_NAME, shape=[4 * n], initializer=init_ops.zeros_initializer())
        self.built = True

    def call(self, inputs, state):
        _check_supported_dtypes(inputs.dtype)
        if self._state_is_tuple:
            c, h = state
        else:
            c, h = array_ops.split(value=state, num_or_size_splits=2, axis=1)
        gate_inputs = nn_ops.bias_add(math_ops.matmul(array_ops.concat([inputs, h], 1), self._kernel), self._bias)
        i, j, f, o = array_ops.split(value=gate_inputs, num_or_size_splits=4, axis=1)
        forget_bias = array_ops.constant(self._forget_bias, dtype=f.dtype)
        new_c = math_ops.add(math_ops.multiply(c, math_ops.sigmoid(math_ops.add(f, forget_bias))),
                             math_ops.multiply(math_ops.sigmoid(i), self._activation(j)))
        new_h = math_ops.multiply(self._activation(new_c), math_ops.sigmoid(o))
        new_state = LSTMStateTuple(new_c, new_h) if self._state_is_tuple else array_ops.concat([new_c, new_h], 1)
        return new_h, new_state


class LSTMCell(LayerRNNCell):
    """Mirrors ``tf.compat.v1.nn.rnn_cell.LSTMCell`` with peepholes ('w_f_diag', 'w_i_diag', 'w_o_diag'),
    ``cell_clip``, a projection ('projection/kernel', ``num_proj``) and ``proj_clip``.

    Differences: ``num_unit_shards``/``num_proj_shards`` (partitioned weights) raise NotImplementedError."""
    _input_ndim = 2

    def __init__(self, num_units: int, use_peepholes: bool = False, cell_clip=None, initializer=None,
                 num_proj: int | None = None, proj_clip=None, num_unit_shards=None, num_proj_shards=None,
                 forget_bias: float = 1.0, state_is_tuple: bool = True, activation=None, reuse=None,
                 name: str | None = None, dtype=None, **kwargs):
        _deprecated("LSTMCell", "LSTMCell")
        super().__init__(name=name, dtype=dtype, _reuse=reuse, **kwargs)
        _check_supported_dtypes(self._dtype)
        if num_unit_shards is not None or num_proj_shards is not None:
            raise NotImplementedError("LSTMCell(num_unit_shards=/num_proj_shards=) is not supported by tfcompat.")
        self._num_units = num_units
        self._use_peepholes = use_peepholes
        self._cell_clip = cell_clip
        self._initializer = initializer
        self._num_proj = num_proj
        self._proj_clip = proj_clip
        self._forget_bias = forget_bias
        self._state_is_tuple = state_is_tuple
        self._activation = _activation(activation)
        h = num_proj if num_proj else num_units
        self._state_size = LSTMStateTuple(num_units, h) if state_is_tuple else num_units + h
        self._output_size = h

    state_size = property(lambda self: self._state_size)
    output_size = property(lambda self: self._output_size)

    def build(self, inputs_shape):
        depth = _input_depth(inputs_shape)
        n = self._num_units
        h_depth = n if self._num_proj is None else self._num_proj
        self._kernel = self.add_variable(_WEIGHTS_VARIABLE_NAME, shape=[depth + h_depth, 4 * n],
                                         initializer=self._initializer)
        self._bias = self.add_variable(_BIAS_VARIABLE_NAME, shape=[4 * n], initializer=init_ops.zeros_initializer())
        if self._use_peepholes:
            self._w_f_diag = self.add_variable("w_f_diag", shape=[n], initializer=self._initializer)
            self._w_i_diag = self.add_variable("w_i_diag", shape=[n], initializer=self._initializer)
            self._w_o_diag = self.add_variable("w_o_diag", shape=[n], initializer=self._initializer)
        if self._num_proj is not None:
            self._proj_kernel = self.add_variable(f"projection/{_WEIGHTS_VARIABLE_NAME}",
                                                  shape=[n, self._num_proj], initializer=self._initializer)
        self.built = True

    def call(self, inputs, state):
        _check_supported_dtypes(inputs.dtype)
        n = self._num_units
        num_proj = n if self._num_proj is None else self._num_proj
        sigmoid, act = math_ops.sigmoid, self._activation
        if self._state_is_tuple:
            c_prev, m_prev = state
        else:
            c_prev = array_ops.slice(state, [0, 0], [-1, n])
            m_prev = array_ops.slice(state, [0, n], [-1, num_proj])
        if inputs.shape.rank != 2 or dimension_value(inputs.shape[1]) is None:
            raise ValueError("Could not infer input size from inputs.get_shape()[-1]")
        lstm_matrix = nn_ops.bias_add(math_ops.matmul(array_ops.concat([inputs, m_prev], 1), self._kernel),
                                      self._bias)
        i, j, f, o = array_ops.split(value=lstm_matrix, num_or_size_splits=4, axis=1)
        if self._use_peepholes:
            c = (sigmoid(f + self._forget_bias + self._w_f_diag * c_prev) * c_prev
                 + sigmoid(i + self._w_i_diag * c_prev) * act(j))
        else:
            c = sigmoid(f + self._forget_bias) * c_prev + sigmoid(i) * act(j)
        if self._cell_clip is not None:
            c = math_ops.clip_by_value(c, -self._cell_clip, self._cell_clip)
        if self._use_peepholes:
            m = sigmoid(o + self._w_o_diag * c) * act(c)
        else:
            m = sigmoid(o) * act(c)
        if self._num_proj is not None:
            m = math_ops.matmul(m, self._proj_kernel)
            if self._proj_clip is not None:
                m = math_ops.clip_by_value(m, -self._proj_clip, self._proj_clip)
        new_state = LSTMStateTuple(c, m) if self._state_is_tuple else array_ops.concat([c, m], 1)
        return m, new_state


class MultiRNNCell(RNNCell):
    """Mirrors ``tf.compat.v1.nn.rnn_cell.MultiRNNCell``: cells applied in order, each under 'cell_<i>'."""

    def __init__(self, cells, state_is_tuple: bool = True):
        super().__init__()
        if not cells:
            raise ValueError("Must specify at least one cell for MultiRNNCell.")
        if not nest.is_nested(cells):
            raise TypeError(f"cells must be a list or tuple, but saw: {cells}.")
        self._cells = cells
        self._state_is_tuple = state_is_tuple
        if not state_is_tuple and any(nest.is_nested(c.state_size) for c in cells):
            raise ValueError(f"Some cells return tuples of states, but the flag state_is_tuple is not set.  State "
                             f"sizes are: {[c.state_size for c in cells]}")

    @property
    def state_size(self):
        if self._state_is_tuple:
            return tuple(cell.state_size for cell in self._cells)
        return sum(cell.state_size for cell in self._cells)

    output_size = property(lambda self: self._cells[-1].output_size)

    @property
    def trainable_weights(self) -> list:
        if not self.trainable:
            return []
        return [w for cell in self._cells for w in getattr(cell, "trainable_weights", [])]

    @property
    def non_trainable_weights(self) -> list:
        weights = [w for cell in self._cells for w in getattr(cell, "non_trainable_weights", [])]
        if not self.trainable:
            return [w for cell in self._cells for w in getattr(cell, "trainable_weights", [])] + weights
        return weights

    trainable_variables = trainable_weights
    weights = property(lambda self: self.trainable_weights + self.non_trainable_weights)
    variables = weights

    def zero_state(self, batch_size, dtype):
        with name_scope(type(self).__name__ + "ZeroState"):
            if self._state_is_tuple:
                return tuple(cell.zero_state(batch_size, dtype) for cell in self._cells)
            return _zero_state_tensors(self.state_size, batch_size, dtypes.as_dtype(dtype))

    def call(self, inputs, state):
        cur_pos = 0
        cur_inp = inputs
        new_states = []
        for i, cell in enumerate(self._cells):
            with vs.variable_scope(f"cell_{i}"):
                if self._state_is_tuple:
                    if not nest.is_nested(state):
                        raise ValueError(f"Expected state to be a tuple of length {len(self.state_size)}, but "
                                         f"received: {state}")
                    cur_state = state[i]
                else:
                    cur_state = array_ops.slice(state, [0, cur_pos], [-1, cell.state_size])
                    cur_pos += cell.state_size
                cur_inp, new_state = cell(cur_inp, cur_state)
                new_states.append(new_state)
        new_states = tuple(new_states) if self._state_is_tuple else array_ops.concat(new_states, 1)
        return cur_inp, new_states


class _RNNCellWrapper(RNNCell):
    """TF's ``_RNNCellWrapperV1``: delegates sizes, zero state and weights to the wrapped cell; no own scope."""

    def __init__(self, cell, name=None, dtype=None):
        super().__init__(name=name, dtype=dtype)
        assert_like_rnncell("cell", cell)
        self.cell = cell

    wrapped_cell = property(lambda self: self.cell)
    state_size = property(lambda self: self.cell.state_size)
    output_size = property(lambda self: self.cell.output_size)
    trainable_weights = property(lambda self: list(getattr(self.cell, "trainable_weights", [])))
    non_trainable_weights = property(lambda self: list(getattr(self.cell, "non_trainable_weights", [])))
    trainable_variables = trainable_weights
    weights = property(lambda self: self.trainable_weights + self.non_trainable_weights)
    variables = weights

    def zero_state(self, batch_size, dtype):
        with name_scope(type(self).__name__ + "ZeroState"):
            return self.cell.zero_state(batch_size, dtype)

    def __call__(self, inputs, state, scope=None):
        return self._call_wrapped_cell(inputs, state, scope)

    def _call_wrapped_cell(self, inputs, state, scope):
        raise NotImplementedError


def _default_dropout_state_filter(substate):
    if isinstance(substate, LSTMStateTuple):
        return LSTMStateTuple(c=False, h=True)  # TF: never drop the LSTM cell state c
    return True


def _traverse_mask(filter_fn, structure) -> list:
    """One bool per flattened tensor of ``structure``: TF's ``nest.get_traverse_shallow_structure(filter_fn,
    structure)`` expanded to the leaves (a False verdict keeps a whole substructure undropped)."""
    verdict = filter_fn(structure)
    if not nest.is_nested(structure):
        return [bool(verdict)]
    if isinstance(verdict, bool):
        if not verdict:
            return [False] * len(nest.flatten(structure))
        return [m for child in structure for m in _traverse_mask(filter_fn, child)]
    mask = []
    for keep, child in zip(verdict, structure):
        mask += _traverse_mask(filter_fn, child) if keep else [False] * len(nest.flatten(child))
    return mask


def _keep_prob_value(prob, attr):
    t = convert_to_tensor(prob)
    const = constant_value(t)
    if const is None:
        return t
    const = float(const)
    if const < 0 or const > 1:
        raise ValueError(f"Parameter {attr} must be between 0 and 1: {const:g}")
    return const


class DropoutWrapper(_RNNCellWrapper):
    """Mirrors ``tf.compat.v1.nn.rnn_cell.DropoutWrapper`` (input, output and state dropout; by default the
    state filter skips the ``c`` of LSTMStateTuples). Keep probabilities may be floats or tensors
    (placeholders); a python 1.0 adds no op, as in TF.

    Differences: ``variational_recurrent=True`` raises NotImplementedError; the dropout masks come from torch's
    generator, so they differ from TF's for the same seed."""

    def __init__(self, cell, input_keep_prob=1.0, output_keep_prob=1.0, state_keep_prob=1.0,
                 variational_recurrent: bool = False, input_size=None, dtype=None, seed=None,
                 dropout_state_filter_visitor=None, **kwargs):
        super().__init__(cell, dtype=dtype, **kwargs)
        if dropout_state_filter_visitor is not None and not callable(dropout_state_filter_visitor):
            raise TypeError("dropout_state_filter_visitor must be callable")
        if variational_recurrent:
            raise NotImplementedError("DropoutWrapper(variational_recurrent=True) is not supported by tfcompat.")
        self._dropout_state_filter = dropout_state_filter_visitor or _default_dropout_state_filter
        with name_scope("DropoutWrapperInit"):
            self._input_keep_prob = _keep_prob_value(input_keep_prob, "input_keep_prob")
            self._state_keep_prob = _keep_prob_value(state_keep_prob, "state_keep_prob")
            self._output_keep_prob = _keep_prob_value(output_keep_prob, "output_keep_prob")
        self._seed = seed

    def _dropout(self, values, keep_prob, keep_mask=None):
        rate = 1.0 - keep_prob if isinstance(keep_prob, float) else math_ops.subtract(1.0, keep_prob)
        flat = nest.flatten(values)
        do = keep_mask if keep_mask is not None else [True] * len(flat)
        out = [nn_ops.dropout_v2(v, rate=rate, seed=self._seed) if d else v for v, d in zip(flat, do)]
        return nest.pack_sequence_as(values, out)

    def _call_wrapped_cell(self, inputs, state, scope):
        def should_dropout(p):
            return not isinstance(p, float) or p < 1
        if should_dropout(self._input_keep_prob):
            inputs = self._dropout(inputs, self._input_keep_prob)
        output, new_state = self.cell(inputs, state, scope=scope)
        if should_dropout(self._state_keep_prob):
            mask = _traverse_mask(self._dropout_state_filter, new_state)
            new_state = self._dropout(new_state, self._state_keep_prob, mask)
        if should_dropout(self._output_keep_prob):
            output = self._dropout(output, self._output_keep_prob)
        return output, new_state


class ResidualWrapper(_RNNCellWrapper):
    """Mirrors ``tf.compat.v1.nn.rnn_cell.ResidualWrapper``: output = inputs + cell output (or residual_fn)."""

    def __init__(self, cell, residual_fn=None, **kwargs):
        super().__init__(cell, **kwargs)
        self._residual_fn = residual_fn

    def _call_wrapped_cell(self, inputs, state, scope):
        outputs, new_state = self.cell(inputs, state, scope=scope)
        if self._residual_fn is not None:
            return self._residual_fn(inputs, outputs), new_state
        nest.assert_same_structure(inputs, outputs)
        return nest.map_structure(lambda i, o: i + o, inputs, outputs), new_state


class DeviceWrapper(_RNNCellWrapper):
    """Mirrors ``tf.compat.v1.nn.rnn_cell.DeviceWrapper``: runs the wrapped cell under ``tf.device``."""

    def __init__(self, cell, device, **kwargs):
        super().__init__(cell, **kwargs)
        self._device = device

    def zero_state(self, batch_size, dtype):
        with name_scope(type(self).__name__ + "ZeroState"), ctx_lib.device_scope(self._device):
            return self.cell.zero_state(batch_size, dtype)

    def _call_wrapped_cell(self, inputs, state, scope):
        with ctx_lib.device_scope(self._device):
            return self.cell(inputs, state, scope=scope)
