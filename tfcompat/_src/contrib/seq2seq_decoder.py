"""``tf.contrib.seq2seq``'s decoders (TF 1.15, ``contrib/seq2seq/python/ops/decoder.py`` and
``basic_decoder.py``): the ``Decoder`` interface, ``BasicDecoder`` and ``dynamic_decode``.

``dynamic_decode`` is TF's ``tf.while_loop`` over ``decoder.step`` with one TensorArray per output: in a graph it
is a ``While`` op that runs at run time (and autograd records the iterations that ran, so ``tf.gradients``
reaches the cell's weights through the loop); eagerly it is a Python loop."""
from __future__ import annotations

import collections

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import constant_value, convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops, reduction_ops
from tfcompat._src.ops import variable_scope as vs
from tfcompat._src.ops.layers import Dense
from tfcompat._src.ops.layers_base import Layer
from tfcompat._src.ops.rnn import _transpose_batch_time
from tfcompat._src.ops.rnn_cells import _zero_state_tensors, assert_like_rnncell
from tfcompat._src.ops.tensor_array import TensorArray
from tfcompat._src.ops.while_loop import while_loop
from tfcompat._src.contrib.seq2seq_helper import Helper

__all__ = ["BasicDecoder", "BasicDecoderOutput", "Decoder", "dynamic_decode"]


class Decoder:
    """Mirrors ``tf.contrib.seq2seq.Decoder``: what ``dynamic_decode`` drives (``batch_size``, ``output_size``,
    ``output_dtype``, ``initialize()`` -> ``(finished, inputs, state)``, ``step(time, inputs, state)`` ->
    ``(outputs, next_state, next_inputs, finished)``, optional ``finalize(outputs, state, lengths)``, and
    ``tracks_own_finished``)."""

    @property
    def batch_size(self):
        raise NotImplementedError

    @property
    def output_size(self):
        raise NotImplementedError

    @property
    def output_dtype(self):
        raise NotImplementedError

    def initialize(self, name=None):
        raise NotImplementedError

    def step(self, time, inputs, state, name=None):
        raise NotImplementedError

    def finalize(self, outputs, final_state, sequence_lengths):
        raise NotImplementedError

    @property
    def tracks_own_finished(self) -> bool:
        return False


class BasicDecoderOutput(collections.namedtuple("BasicDecoderOutput", ("rnn_output", "sample_id"))):
    """Mirrors ``tf.contrib.seq2seq.BasicDecoderOutput(rnn_output, sample_id)``."""
    __slots__ = ()


def _layer_output_size(layer, size):
    """The per-row output size of ``layer`` applied to rows of ``size`` (TF's ``compute_output_shape``)."""
    if hasattr(layer, "compute_output_shape"):
        shape = layer.compute_output_shape(TensorShape([None]).concatenate(size))
        return TensorShape(shape)[1:]
    if isinstance(layer, Dense):
        return TensorShape([layer.units])
    raise NotImplementedError(f"BasicDecoder cannot tell the output size of output_layer {layer!r}: tfcompat's "
                              f"tf.layers.{type(layer).__name__} has no compute_output_shape; use tf.layers.Dense.")


class BasicDecoder(Decoder):
    """Mirrors ``tf.contrib.seq2seq.BasicDecoder(cell, helper, initial_state, output_layer=None)``: each step runs
    ``cell`` (then ``output_layer``) and asks ``helper`` for the sample ids, the next inputs and which rows are
    finished. Outputs are ``BasicDecoderOutput(rnn_output, sample_id)``.

    Raises:
      TypeError: ``cell`` not an RNN cell, ``helper`` not a ``Helper``, ``output_layer`` not a ``tf.layers``
        layer."""

    def __init__(self, cell, helper, initial_state, output_layer=None):
        assert_like_rnncell("cell", cell)
        if not isinstance(helper, Helper):
            raise TypeError(f"helper must be a Helper, received: {type(helper)}")
        if output_layer is not None and not isinstance(output_layer, Layer):
            raise TypeError(f"output_layer must be a Layer, received: {type(output_layer)}")
        self._cell = cell
        self._helper = helper
        self._initial_state = initial_state
        self._output_layer = output_layer

    @property
    def batch_size(self):
        return self._helper.batch_size

    def _rnn_output_size(self):
        size = self._cell.output_size
        if self._output_layer is None:
            return size
        return nest.map_structure(lambda s: _layer_output_size(self._output_layer, TensorShape(s)), size)

    @property
    def output_size(self):
        return BasicDecoderOutput(rnn_output=self._rnn_output_size(), sample_id=self._helper.sample_ids_shape)

    @property
    def output_dtype(self):
        dtype = nest.flatten(self._initial_state)[0].dtype
        return BasicDecoderOutput(nest.map_structure(lambda _: dtype, self._rnn_output_size()),
                                  self._helper.sample_ids_dtype)

    def initialize(self, name=None):
        """``(finished, first_inputs, initial_state)``."""
        return tuple(self._helper.initialize()) + (self._initial_state,)

    def step(self, time, inputs, state, name=None):
        """``(BasicDecoderOutput, next_state, next_inputs, finished)`` of one decoding step."""
        with name_scope(name, "BasicDecoderStep", (time, inputs, state)):
            cell_outputs, cell_state = self._cell(inputs, state)
            if self._output_layer is not None:
                cell_outputs = self._output_layer(cell_outputs)
            sample_ids = self._helper.sample(time=time, outputs=cell_outputs, state=cell_state)
            finished, next_inputs, next_state = self._helper.next_inputs(time=time, outputs=cell_outputs,
                                                                         state=cell_state, sample_ids=sample_ids)
        return BasicDecoderOutput(cell_outputs, sample_ids), next_state, next_inputs, finished


def _static_batch(batch_size):
    """TF's ``constant_value(batch_size)``, which also folds ``Size`` of a fully defined shape (tfcompat's
    ``constant_value`` does not), or None."""
    if isinstance(batch_size, int):
        return batch_size
    batch_size = convert_to_tensor(batch_size, name="batch_size")
    op = getattr(batch_size, "op", None)
    if op is not None and op.type == "Size" and op.inputs[0].shape.is_fully_defined():
        return op.inputs[0].shape.num_elements()
    value = constant_value(batch_size)
    return None if value is None else int(value)


def dynamic_decode(decoder, output_time_major=False, impute_finished=False, maximum_iterations=None,
                   parallel_iterations=32, swap_memory=False, scope=None):
    """Mirrors ``tf.contrib.seq2seq.dynamic_decode``: runs ``decoder.initialize()`` then ``decoder.step`` until
    every row is finished (or ``maximum_iterations`` steps), in variable scope ``scope or 'decoder'``.

    With ``impute_finished``, outputs of finished rows are zeros and their state is copied through (scalars and
    TensorArrays in the state pass through). A row's sequence length is the step at which it first finished.

    Returns:
      ``(final_outputs, final_state, final_sequence_lengths)``; outputs are ``[batch, time, ...]`` (``[time,
      batch, ...]`` with ``output_time_major``), after ``decoder.finalize`` when the decoder has one.

    Raises:
      TypeError: ``decoder`` not a ``Decoder``. ValueError: ``maximum_iterations`` not a scalar."""
    if not isinstance(decoder, Decoder):
        raise TypeError(f"Expected decoder to be type Decoder, but saw: {type(decoder)}")
    with vs.variable_scope(scope, "decoder"):
        if maximum_iterations is not None:
            maximum_iterations = convert_to_tensor(maximum_iterations, dtype=dtypes.int32,
                                                   name="maximum_iterations")
            if maximum_iterations.shape.rank != 0:
                raise ValueError("maximum_iterations must be a scalar")
        initial_finished, initial_inputs, initial_state = decoder.initialize()
        static_batch = _static_batch(decoder.batch_size)
        # TF passes decoder.batch_size (a Size tensor its shape inference folds); the static value where known.
        zero_batch = decoder.batch_size if static_batch is None else static_batch
        zero_outputs = nest.map_structure(lambda s, d: _zero_state_tensors(s, zero_batch, d),
                                          decoder.output_size, decoder.output_dtype)
        if maximum_iterations is not None:
            initial_finished = math_ops.logical_or(initial_finished, 0 >= maximum_iterations)
        initial_sequence_lengths = array_ops.zeros_like(initial_finished, dtype=dtypes.int32)
        initial_time = array_ops.constant(0, dtype=dtypes.int32)

        def element_shape(s):
            if not isinstance(s, TensorShape) or s.rank == 0:
                return TensorShape(None)
            return TensorShape([static_batch]).concatenate(s)

        initial_outputs_ta = nest.map_structure(
            lambda s, d: TensorArray(dtype=d, size=0, dynamic_size=True, element_shape=element_shape(s)),
            decoder.output_size, decoder.output_dtype)

        def condition(unused_time, unused_outputs_ta, unused_state, unused_inputs, finished,
                      unused_sequence_lengths):
            return math_ops.logical_not(reduction_ops.reduce_all(finished))

        def body(time, outputs_ta, state, inputs, finished, sequence_lengths):
            next_outputs, decoder_state, next_inputs, decoder_finished = decoder.step(time, inputs, state)
            if decoder.tracks_own_finished:
                next_finished = decoder_finished
            else:
                next_finished = math_ops.logical_or(decoder_finished, finished)
            next_sequence_lengths = array_ops.where_v1(
                math_ops.logical_not(finished), array_ops.fill(array_ops.shape(sequence_lengths), time + 1),
                sequence_lengths)
            nest.assert_same_structure(state, decoder_state)
            nest.assert_same_structure(outputs_ta, next_outputs)
            nest.assert_same_structure(inputs, next_inputs)
            if impute_finished:
                emit = nest.map_structure(lambda out, zero: array_ops.where_v1(finished, zero, out), next_outputs,
                                          zero_outputs)

                def maybe_copy_state(new, cur):
                    if isinstance(cur, TensorArray):
                        return new
                    new.set_shape(cur.shape)
                    return new if new.shape.rank == 0 else array_ops.where_v1(finished, cur, new)

                next_state = nest.map_structure(maybe_copy_state, decoder_state, state)
            else:
                emit, next_state = next_outputs, decoder_state
            outputs_ta = nest.map_structure(lambda ta, out: ta.write(time, out), outputs_ta, emit)
            return time + 1, outputs_ta, next_state, next_inputs, next_finished, next_sequence_lengths

        res = while_loop(condition, body,
                         loop_vars=(initial_time, initial_outputs_ta, initial_state, initial_inputs,
                                    initial_finished, initial_sequence_lengths),
                         parallel_iterations=parallel_iterations, maximum_iterations=maximum_iterations,
                         swap_memory=swap_memory)
        final_outputs_ta, final_state, final_sequence_lengths = res[1], res[2], res[5]
        final_outputs = nest.map_structure(lambda ta: ta.stack(), final_outputs_ta)
        try:
            final_outputs, final_state = decoder.finalize(final_outputs, final_state, final_sequence_lengths)
        except NotImplementedError:  # TF: a decoder without finalize keeps the stacked outputs
            pass
        if not output_time_major:
            final_outputs = nest.map_structure(_transpose_batch_time, final_outputs)
    return final_outputs, final_state, final_sequence_lengths
