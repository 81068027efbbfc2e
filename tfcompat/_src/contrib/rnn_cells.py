"""``tf.contrib.rnn`` cells of TF 1.15 that core TF does not have: the legacy wrappers of
``contrib/rnn/python/ops/core_rnn_cell.py`` (``EmbeddingWrapper``, ``InputProjectionWrapper``,
``OutputProjectionWrapper`` and their ``_linear``) and ``NASCell`` (``contrib/rnn/python/ops/rnn_cell.py``).

The wrappers create their variables in their own variable scope at the first call ('embedding', 'kernel',
'bias'), then wrap the inner cell, whose scope nests inside theirs, as TF 1.15 does."""
from __future__ import annotations

import math

from tfcompat._src.framework import nest
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor_shape import dimension_value
from tfcompat._src.ops import array_ops, init_ops, math_ops, nn_ops
from tfcompat._src.ops import variable_scope as vs
from tfcompat._src.ops.rnn_cells import LayerRNNCell, LSTMStateTuple, RNNCell, assert_like_rnncell

__all__ = ["EmbeddingWrapper", "InputProjectionWrapper", "NASCell", "OutputProjectionWrapper", "linear"]


def linear(args, output_size, bias, bias_initializer=None, kernel_initializer=None):
    """TF 1.15's ``rnn_cell_impl._linear`` (``legacy_seq2seq.linear``): ``concat(args, 1) @ kernel (+ bias)`` with
    'kernel' ``[sum of widths, output_size]`` and 'bias' (zeros) in the current variable scope.

    Raises:
      ValueError: no args, an argument not 2-D or of unknown width."""
    if args is None or (nest.is_nested(args) and not args):
        raise ValueError("`args` must be specified")
    if not nest.is_nested(args):
        args = [args]
    total_arg_size = 0
    shapes = [a.shape for a in args]
    for shape in shapes:
        if shape.rank != 2:
            raise ValueError(f"linear is expecting 2D arguments: {shapes}")
        if dimension_value(shape[1]) is None:
            raise ValueError(f"linear expects shape[1] to be provided for shape {shape}, but saw {shape[1]}")
        total_arg_size += dimension_value(shape[1])
    dtype = args[0].dtype
    with vs.variable_scope(vs.get_variable_scope()) as outer_scope:
        weights = vs.get_variable("kernel", [total_arg_size, output_size], dtype=dtype,
                                  initializer=kernel_initializer)
        res = math_ops.matmul(args[0] if len(args) == 1 else array_ops.concat(args, 1), weights)
        if not bias:
            return res
        with vs.variable_scope(outer_scope):
            if bias_initializer is None:
                bias_initializer = init_ops.constant_initializer(0.0, dtype=dtype)
            biases = vs.get_variable("bias", [output_size], dtype=dtype, initializer=bias_initializer)
        return nn_ops.bias_add(res, biases)


class _LegacyWrapper(RNNCell):
    def __init__(self, cell, reuse=None):
        super().__init__(_reuse=reuse)
        assert_like_rnncell("cell", cell)
        self._cell = cell

    @property
    def state_size(self):
        return self._cell.state_size

    def zero_state(self, batch_size, dtype):
        with name_scope(type(self).__name__ + "ZeroState"):
            return self._cell.zero_state(batch_size, dtype)


class EmbeddingWrapper(_LegacyWrapper):
    """Mirrors ``tf.contrib.rnn.EmbeddingWrapper(cell, embedding_classes, embedding_size, initializer=None)``:
    looks its int inputs up in an 'embedding' ``[embedding_classes, embedding_size]`` variable (default initializer
    uniform(-sqrt(3), sqrt(3)) unless the scope has one) before the cell.

    Raises:
      ValueError: a size <= 0."""

    def __init__(self, cell, embedding_classes, embedding_size, initializer=None, reuse=None):
        super().__init__(cell, reuse)
        if embedding_classes <= 0 or embedding_size <= 0:
            raise ValueError(f"Both embedding_classes and embedding_size must be > 0: {embedding_classes}, "
                             f"{embedding_size}.")
        self._embedding_classes = embedding_classes
        self._embedding_size = embedding_size
        self._initializer = initializer

    @property
    def output_size(self):
        return self._cell.output_size

    def call(self, inputs, state):
        if self._initializer:
            initializer = self._initializer
        elif vs.get_variable_scope().initializer:
            initializer = vs.get_variable_scope().initializer
        else:
            sqrt3 = math.sqrt(3)  # TF: uniform(-sqrt(3), sqrt(3)) has variance 1
            initializer = init_ops.random_uniform_initializer(-sqrt3, sqrt3)
        data_type = state[0].dtype if isinstance(state, tuple) else state.dtype
        embedding = vs.get_variable("embedding", [self._embedding_classes, self._embedding_size],
                                    initializer=initializer, dtype=data_type)
        embedded = nn_ops.embedding_lookup(embedding, array_ops.reshape(inputs, [-1]))
        return self._cell(embedded, state)


class InputProjectionWrapper(_LegacyWrapper):
    """Mirrors ``tf.contrib.rnn.InputProjectionWrapper(cell, num_proj, initializer=None, input_size=None,
    activation=None)``: ``linear(inputs, num_proj)`` (then ``activation``) before the cell."""

    def __init__(self, cell, num_proj, initializer=None, input_size=None, activation=None, reuse=None):
        super().__init__(cell, reuse)
        self._num_proj = num_proj
        self._activation = activation
        self._initializer = initializer

    @property
    def output_size(self):
        return self._cell.output_size

    def call(self, inputs, state):
        projected = linear(inputs, self._num_proj, True, kernel_initializer=self._initializer)
        if self._activation:
            projected = self._activation(projected)
        return self._cell(projected, state)


class OutputProjectionWrapper(_LegacyWrapper):
    """Mirrors ``tf.contrib.rnn.OutputProjectionWrapper(cell, output_size, activation=None)``: the cell's output
    through ``linear(output, output_size)`` (then ``activation``).

    Raises:
      ValueError: ``output_size`` < 1."""

    def __init__(self, cell, output_size, activation=None, reuse=None):
        super().__init__(cell, reuse)
        if output_size < 1:
            raise ValueError(f"Parameter output_size must be > 0: {output_size}.")
        self._output_size = output_size
        self._activation = activation

    @property
    def output_size(self):
        return self._output_size

    def call(self, inputs, state):
        output, res_state = self._cell(inputs, state)
        projected = linear(output, self._output_size, True)
        if self._activation:
            projected = self._activation(projected)
        return projected, res_state


class NASCell(LayerRNNCell):
    """Mirrors ``tf.contrib.rnn.NASCell(num_units, num_proj=None, use_bias=False)``: the Neural Architecture
    Search recurrent cell (Zoph & Le, 2017) with TF 1.15's weights ('recurrent_kernel' ``[num_proj, 8 * units]``,
    'kernel' ``[input, 8 * units]``, optional 'bias', 'projection_weights') and ``LSTMStateTuple(c, m)`` state."""

    _NAS_BASE = 8

    def __init__(self, num_units, num_proj=None, use_bias=False, reuse=None, **kwargs):
        super().__init__(_reuse=reuse, **kwargs)
        self._num_units = num_units
        self._num_proj = num_proj
        self._use_bias = use_bias
        out = num_units if num_proj is None else num_proj
        self._state_size = LSTMStateTuple(num_units, out)
        self._output_size = out

    state_size = property(lambda self: self._state_size)
    output_size = property(lambda self: self._output_size)

    def build(self, inputs_shape):
        input_size = dimension_value(inputs_shape[1])
        if input_size is None:
            raise ValueError(f"Expected inputs.shape[-1] to be known, saw shape: {inputs_shape}")
        num_proj = self._num_units if self._num_proj is None else self._num_proj
        self.recurrent_kernel = self.add_variable("recurrent_kernel", [num_proj, self._NAS_BASE * self._num_units])
        self.kernel = self.add_variable("kernel", [input_size, self._NAS_BASE * self._num_units])
        if self._use_bias:
            self.bias = self.add_variable("bias", shape=[self._NAS_BASE * self._num_units],
                                          initializer=init_ops.zeros_initializer())
        if self._num_proj is not None:
            self.projection_weights = self.add_variable("projection_weights", [self._num_units, self._num_proj])
        self.built = True

    def call(self, inputs, state):
        sigmoid, tanh, relu = math_ops.sigmoid, math_ops.tanh, nn_ops.relu
        c_prev, m_prev = state
        m_matrix = math_ops.matmul(m_prev, self.recurrent_kernel)
        inputs_matrix = math_ops.matmul(inputs, self.kernel)
        if self._use_bias:
            m_matrix = nn_ops.bias_add(m_matrix, self.bias)
        m = array_ops.split(m_matrix, self._NAS_BASE, axis=1)
        x = array_ops.split(inputs_matrix, self._NAS_BASE, axis=1)
        layer1 = [sigmoid(x[0] + m[0]), relu(x[1] + m[1]), sigmoid(x[2] + m[2]), relu(x[3] * m[3]),
                  tanh(x[4] + m[4]), sigmoid(x[5] + m[5]), tanh(x[6] + m[6]), sigmoid(x[7] + m[7])]
        l2_0 = tanh(layer1[0] * layer1[1])
        l2_1 = tanh(layer1[2] + layer1[3])
        l2_2 = tanh(layer1[4] * layer1[5])
        l2_3 = sigmoid(layer1[6] + layer1[7])
        l2_0 = tanh(l2_0 + c_prev)  # the cell state enters here
        new_c = l2_0 * l2_1
        l3_1 = tanh(l2_2 + l2_3)
        new_m = tanh(new_c * l3_1)
        if self._num_proj is not None:
            new_m = math_ops.matmul(new_m, self.projection_weights)
        return new_m, LSTMStateTuple(new_c, new_m)
