"""``tf.contrib.seq2seq``'s beam search (TF 1.15, ``contrib/seq2seq/python/ops/beam_search_decoder.py`` and the
``GatherTree`` op of ``beam_search_ops.cc``): ``BeamSearchDecoder``, ``tile_batch``, ``gather_tree``.

Each step scores every (beam, word) continuation by its total log-probability (divided by TF's length penalty
``((5 + length) / 6) ** length_penalty_weight``, plus the coverage penalty when ``coverage_penalty_weight`` is
set), keeps the ``beam_width`` best per batch row (``top_k``), and reorders the cell state by the chosen parent
beams. Finished beams only extend with ``end_token`` at no cost. ``finalize`` follows the parent pointers back
(``gather_tree``) to give the final ``predicted_ids`` ``[batch, time, beam]``."""
from __future__ import annotations

import collections
import warnings

import numpy as np
import torch

from tfcompat._src.contrib.seq2seq_attention import AttentionWrapperState
from tfcompat._src.contrib.seq2seq_decoder import Decoder, _layer_output_size, _static_batch
from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import apply_op, constant_value, convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import Arg
from tfcompat._src.framework.tensor_shape import TensorShape, dimension_value
from tfcompat._src.ops import array_ops, control_flow_ops, math_ops, nn_ops, reduction_ops
from tfcompat._src.ops.layers_base import Layer
from tfcompat._src.ops.rnn_cells import assert_like_rnncell
from tfcompat._src.ops.sort_ops import top_k
from tfcompat._src.ops.tensor_array import TensorArray

__all__ = ["BeamSearchDecoder", "BeamSearchDecoderOutput", "BeamSearchDecoderState",
           "FinalBeamSearchDecoderOutput", "gather_tree", "tile_batch"]


class BeamSearchDecoderState(collections.namedtuple("BeamSearchDecoderState", (
        "cell_state", "log_probs", "finished", "lengths", "accumulated_attention_probs"))):
    """Mirrors ``tf.contrib.seq2seq.BeamSearchDecoderState``."""
    __slots__ = ()


class BeamSearchDecoderOutput(collections.namedtuple("BeamSearchDecoderOutput",
                                                     ("scores", "predicted_ids", "parent_ids"))):
    """Mirrors ``tf.contrib.seq2seq.BeamSearchDecoderOutput``."""
    __slots__ = ()


class FinalBeamSearchDecoderOutput(collections.namedtuple("FinalBeamDecoderOutput",
                                                          ("predicted_ids", "beam_search_decoder_output"))):
    """Mirrors ``tf.contrib.seq2seq.FinalBeamSearchDecoderOutput(predicted_ids, beam_search_decoder_output)``."""
    __slots__ = ()


# ---------------------------------------------------------------------------------------------------------------
# GatherTree
# ---------------------------------------------------------------------------------------------------------------
def _gather_tree_shape(inputs, attrs):
    return [(inputs[0].shape, inputs[0].dtype)]


@register_op("GatherTree", grad=NOT_DIFFERENTIABLE,
             inputs=("step_ids", "parent_ids", "max_sequence_lengths", "end_token"),
             types={"step_ids": Arg("T", ("int32",)), "parent_ids": Arg("T", ("int32",)),
                    "max_sequence_lengths": Arg(None, ("int32",)), "end_token": Arg("T", ("int32",))},
             shape_fn=_gather_tree_shape)
def _gather_tree_kernel(step_ids, parent_ids, max_sequence_lengths, end_token):
    step, parent = step_ids.cpu().numpy(), parent_ids.cpu().numpy()
    lengths = max_sequence_lengths.cpu().numpy()
    end = int(end_token)
    if step.ndim != 3 or parent.shape != step.shape:
        raise errors.InvalidArgumentError(f"step_ids and parent_ids must be rank-3 tensors of the same shape, got "
                                          f"{list(step.shape)} and {list(parent.shape)}")
    if lengths.shape != (step.shape[1],):
        raise errors.InvalidArgumentError(f"max_sequence_lengths must be a vector of batch_size "
                                          f"{step.shape[1]}, got shape {list(lengths.shape)}")
    max_time, batch_size, beam_width = step.shape
    beams = np.full(step.shape, end, dtype=step.dtype)
    for b in range(batch_size):
        seq_len = min(max_time, int(lengths[b]))
        if seq_len <= 0:
            continue
        for beam in range(beam_width):
            beams[seq_len - 1, b, beam] = step[seq_len - 1, b, beam]
            p = parent[seq_len - 1, b, beam]
            for level in range(seq_len - 2, -1, -1):
                if p < 0 or p >= beam_width:
                    raise errors.InvalidArgumentError(f"Saw invalid parent id {p} at (batch, time, beam) == "
                                                      f"({b}, {level}, {beam})")
                beams[level, b, beam] = step[level, b, p]
                p = parent[level, b, p]
            # TF: a trajectory may continue after end_token (fed by hand); everything after the first end is end.
            finished = False
            for time in range(seq_len):
                if finished:
                    beams[time, b, beam] = end
                elif beams[time, b, beam] == end:
                    finished = True
    return torch.from_numpy(beams)


def gather_tree(step_ids, parent_ids, max_sequence_lengths, end_token, name=None):
    """Mirrors ``tf.contrib.seq2seq.gather_tree`` (op ``GatherTree``): the full beams from per-step ids and
    parent beam pointers (``[max_time, batch, beam]`` int32), read back from each row's last step
    (``max_sequence_lengths``); entries past the length, and after the first ``end_token``, are ``end_token``.

    Raises:
      InvalidArgumentError: a parent id outside ``[0, beam_width)``, mismatched shapes."""
    return apply_op("GatherTree", [convert_to_tensor(step_ids, dtype=dtypes.int32),
                                   convert_to_tensor(parent_ids, dtype=dtypes.int32),
                                   convert_to_tensor(max_sequence_lengths, dtype=dtypes.int32),
                                   convert_to_tensor(end_token, dtype=dtypes.int32)], name=name)


# ---------------------------------------------------------------------------------------------------------------
# tile_batch and the batch/beam reshapes
# ---------------------------------------------------------------------------------------------------------------
def _tile_batch(t, multiplier):
    t = convert_to_tensor(t, name="t")
    if t.shape.rank is None or t.shape.rank < 1:
        raise ValueError("t must have statically known rank")
    tiling = [1] * (t.shape.rank + 1)
    tiling[1] = multiplier
    static_batch = dimension_value(t.shape[0])
    tiled = array_ops.tile(array_ops.expand_dims(t, 1), tiling)
    shape_t = array_ops.shape(t)
    tiled = array_ops.reshape(tiled, array_ops.concat(([shape_t[0] * multiplier], shape_t[1:]), 0))
    tiled.set_shape(TensorShape([None if static_batch is None else static_batch * multiplier])
                    .concatenate(t.shape[1:]))
    return tiled


def tile_batch(t, multiplier, name=None):
    """Mirrors ``tf.contrib.seq2seq.tile_batch``: each batch entry of every tensor in ``t`` repeated
    ``multiplier`` times in a row (``[batch, ...]`` -> ``[batch * multiplier, ...]``), e.g. an encoder's memory
    for a ``BeamSearchDecoder``.

    Raises:
      ValueError: a tensor of unknown or zero rank."""
    flat_t = nest.flatten(t)
    with name_scope(name, "tile_batch", flat_t + [multiplier]):
        return nest.map_structure(lambda t_: _tile_batch(t_, multiplier), t)


def _check_maybe(t):
    if t.shape.rank is None:
        raise ValueError(f"Expected tensor ({t}) to have known rank, but ndims == None.")


_static = _static_batch


def _tensor_gather_helper(gather_indices, gather_from, batch_size, range_size, gather_shape, name=None):
    with name_scope(name, "tensor_gather_helper"):
        range_ = array_ops.expand_dims(array_ops.range(batch_size) * range_size, 1)
        gather_indices = array_ops.reshape(gather_indices + range_, [-1])
        shape_arg = gather_shape if all(isinstance(d, int) for d in gather_shape) else array_ops.stack(gather_shape)
        output = array_ops.gather(array_ops.reshape(gather_from, shape_arg), gather_indices)
        final_shape = array_ops.shape(gather_from)[:1 + len(gather_shape)]
        static_batch = _static(batch_size)
        output = array_ops.reshape(output, final_shape, name="output")
        output.set_shape(TensorShape([static_batch]).concatenate(gather_from.shape[1:1 + len(gather_shape)]))
        return output


def _maybe_tensor_gather_helper(gather_indices, gather_from, batch_size, range_size, gather_shape):
    if isinstance(gather_from, TensorArray):
        return gather_from
    _check_maybe(gather_from)
    if gather_from.shape.rank >= len(gather_shape):
        return _tensor_gather_helper(gather_indices, gather_from, batch_size, range_size, gather_shape)
    return gather_from


def _mask_probs(probs, eos_token, finished):
    vocab_size = dimension_value(probs.shape[2]) or array_ops.shape(probs)[2]  # TF: shape(probs)[2]
    finished_row = array_ops.one_hot(eos_token, vocab_size, dtype=probs.dtype,
                                     on_value=convert_to_tensor(0.0, dtype=probs.dtype), off_value=probs.dtype.min)
    finished_probs = array_ops.tile(array_ops.reshape(finished_row, [1, 1, -1]),
                                    array_ops.concat([array_ops.shape(finished)[:2], [1]], 0))
    finished_mask = array_ops.tile(array_ops.expand_dims(finished, 2), array_ops.stack([1, 1, vocab_size]))
    return array_ops.where_v1(finished_mask, finished_probs, probs)


def _length_penalty(sequence_lengths, penalty_factor):
    penalty_factor = convert_to_tensor(penalty_factor, name="penalty_factor")
    penalty_factor.set_shape(())
    static_penalty = constant_value(penalty_factor)
    if static_penalty is not None and static_penalty == 0:
        return 1.0
    return math_ops.truediv((5.0 + math_ops.cast(sequence_lengths, dtypes.float32)) ** penalty_factor,
                            (5.0 + 1.0) ** penalty_factor)


def _attention_probs_from_attn_state(attention_state):
    probs = attention_state.alignments
    if isinstance(probs, tuple):
        probs = reduction_ops.reduce_mean(array_ops.concat([array_ops.expand_dims(p, -1) for p in probs], -1), -1)
    return probs


def _get_attention_probs(next_cell_state, coverage_penalty_weight):
    if coverage_penalty_weight == 0.0:
        return None
    if isinstance(next_cell_state, AttentionWrapperState):
        per_layer = [_attention_probs_from_attn_state(next_cell_state)]
    elif isinstance(next_cell_state, tuple):
        per_layer = [_attention_probs_from_attn_state(s) for s in next_cell_state
                     if isinstance(s, AttentionWrapperState)]
    else:
        per_layer = []
    if not per_layer:
        raise ValueError("coverage_penalty_weight must be 0.0 if no cell is attentional.")
    if len(per_layer) == 1:
        return per_layer[0]
    return reduction_ops.reduce_mean(array_ops.concat([array_ops.expand_dims(p, -1) for p in per_layer], -1), -1)


def _get_scores(log_probs, sequence_lengths, length_penalty_weight, coverage_penalty_weight, finished,
                accumulated_attention_probs):
    length_penalty = math_ops.cast(_length_penalty(sequence_lengths, length_penalty_weight), log_probs.dtype)
    scores = log_probs / length_penalty
    coverage_penalty_weight = convert_to_tensor(coverage_penalty_weight, name="coverage_penalty_weight")
    if coverage_penalty_weight.shape.rank != 0:
        raise ValueError(f"coverage_penalty_weight should be a scalar, but saw shape: "
                         f"{coverage_penalty_weight.shape}")
    if constant_value(coverage_penalty_weight) == 0.0:
        return scores
    if accumulated_attention_probs is None:
        raise ValueError("accumulated_attention_probs can be None only if coverage penalty is disabled.")
    accumulated = array_ops.where_v1(math_ops.equal(accumulated_attention_probs, 0.0),
                                     array_ops.ones_like(accumulated_attention_probs), accumulated_attention_probs)
    coverage_penalty = reduction_ops.reduce_sum(math_ops.log(math_ops.minimum(accumulated, 1.0)), 2)
    coverage_penalty *= math_ops.cast(finished, dtypes.float32)
    weighted = coverage_penalty * coverage_penalty_weight
    return scores + array_ops.expand_dims(weighted, 2)


def _beam_search_step(time, logits, next_cell_state, beam_state, batch_size, beam_width, end_token,
                      length_penalty_weight, coverage_penalty_weight):
    static_batch = _static(batch_size)
    prediction_lengths = beam_state.lengths
    previously_finished = beam_state.finished
    not_finished = math_ops.logical_not(previously_finished)
    step_log_probs = nn_ops.log_softmax(logits)
    step_log_probs = _mask_probs(step_log_probs, end_token, previously_finished)
    total_probs = array_ops.expand_dims(beam_state.log_probs, 2) + step_log_probs
    vocab_size = dimension_value(logits.shape[-1]) or array_ops.shape(logits)[-1]
    lengths_to_add = array_ops.one_hot(array_ops.fill(array_ops.stack([batch_size, beam_width]), end_token),
                                       depth=vocab_size, on_value=np.int64(0), off_value=np.int64(1),
                                       dtype=dtypes.int64)
    add_mask = math_ops.cast(not_finished, dtypes.int64)
    lengths_to_add *= array_ops.expand_dims(add_mask, 2)
    new_prediction_lengths = lengths_to_add + array_ops.expand_dims(prediction_lengths, 2)
    accumulated_attention_probs = None
    attention_probs = _get_attention_probs(next_cell_state, coverage_penalty_weight)
    if attention_probs is not None:
        attention_probs *= array_ops.expand_dims(math_ops.cast(not_finished, dtypes.float32), 2)
        accumulated_attention_probs = beam_state.accumulated_attention_probs + attention_probs
    scores = _get_scores(total_probs, new_prediction_lengths, length_penalty_weight, coverage_penalty_weight,
                         previously_finished, accumulated_attention_probs)
    scores_flat = array_ops.reshape(scores, array_ops.stack([batch_size, -1]))
    next_beam_scores, word_indices = top_k(scores_flat, k=beam_width)
    next_beam_scores.set_shape([static_batch, beam_width])
    word_indices.set_shape([static_batch, beam_width])
    next_beam_probs = _tensor_gather_helper(word_indices, total_probs, batch_size, beam_width * vocab_size, [-1],
                                            name="next_beam_probs")
    next_word_ids = math_ops.cast(math_ops.floormod(word_indices, vocab_size, name="next_beam_word_ids"),
                                  dtypes.int32)
    # TF: cast(word_indices / vocab_size) on non-negative ints, i.e. the floor quotient.
    next_beam_ids = math_ops.cast(math_ops.floordiv(word_indices, vocab_size), dtypes.int32,
                                  name="next_beam_parent_ids")
    previously_finished = _tensor_gather_helper(next_beam_ids, previously_finished, batch_size, beam_width, [-1])
    next_finished = math_ops.logical_or(previously_finished, math_ops.equal(next_word_ids, end_token),
                                        name="next_beam_finished")
    lengths_to_add = math_ops.cast(math_ops.logical_not(previously_finished), dtypes.int64)
    next_prediction_len = _tensor_gather_helper(next_beam_ids, beam_state.lengths, batch_size, beam_width, [-1])
    next_prediction_len += lengths_to_add
    next_accumulated_attention_probs = ()
    if accumulated_attention_probs is not None:
        next_accumulated_attention_probs = _tensor_gather_helper(
            next_beam_ids, accumulated_attention_probs, batch_size, beam_width,
            [_static_or_tensor(batch_size) * beam_width, -1], name="next_accumulated_attention_probs")
    next_cell_state = nest.map_structure(
        lambda gather_from: _maybe_tensor_gather_helper(next_beam_ids, gather_from, batch_size, beam_width,
                                                        [_static_or_tensor(batch_size) * beam_width, -1]),
        next_cell_state)
    next_state = BeamSearchDecoderState(cell_state=next_cell_state, log_probs=next_beam_probs,
                                        lengths=next_prediction_len, finished=next_finished,
                                        accumulated_attention_probs=next_accumulated_attention_probs)
    output = BeamSearchDecoderOutput(scores=next_beam_scores, predicted_ids=next_word_ids,
                                     parent_ids=next_beam_ids)
    return output, next_state


def _static_or_tensor(batch_size):
    static = _static(batch_size)
    return batch_size if static is None else static


def _gather_tree_from_array(t, parent_ids, sequence_length):
    """TF's ``gather_tree_from_array``: ``t`` (``[time, batch * beam, ...]``) reordered along the beams'
    ancestry."""
    max_time = dimension_value(parent_ids.shape[0]) or array_ops.shape(parent_ids)[0]
    batch_size = dimension_value(parent_ids.shape[1]) or array_ops.shape(parent_ids)[1]
    beam_width = dimension_value(parent_ids.shape[2]) or array_ops.shape(parent_ids)[2]
    beam_ids = array_ops.expand_dims(array_ops.expand_dims(array_ops.range(beam_width), 0), 0)
    beam_ids = array_ops.tile(beam_ids, array_ops.stack([max_time, batch_size, 1]))
    max_sequence_lengths = math_ops.cast(reduction_ops.reduce_max(sequence_length, axis=1), dtypes.int32)
    sorted_beam_ids = gather_tree(beam_ids, parent_ids, max_sequence_lengths, beam_width + 1)
    in_bound_steps = array_ops.transpose(nn_ops.sequence_mask(sequence_length, maxlen=max_time), perm=[2, 0, 1])
    sorted_beam_ids = array_ops.where_v1(in_bound_steps, sorted_beam_ids, beam_ids)
    time_ind = array_ops.tile(array_ops.reshape(array_ops.range(max_time), [-1, 1, 1]),
                              array_ops.stack([1, batch_size, beam_width]))
    batch_ind = array_ops.tile(array_ops.reshape(array_ops.range(batch_size), [-1, 1, 1]),
                               array_ops.stack([1, max_time, beam_width]))
    batch_ind = array_ops.transpose(batch_ind, perm=[1, 0, 2])
    indices = array_ops.stack([time_ind, batch_ind, sorted_beam_ids], -1)
    final_shape = array_ops.shape(t)
    gather_from = array_ops.reshape(t, array_ops.stack([max_time, batch_size, beam_width, -1]))
    ordered = array_ops.gather_nd(gather_from, indices)
    ordered = array_ops.reshape(ordered, final_shape)
    ordered.set_shape(t.shape)
    return ordered


class BeamSearchDecoder(Decoder):
    """Mirrors ``tf.contrib.seq2seq.BeamSearchDecoder(cell, embedding, start_tokens, end_token, initial_state,
    beam_width, output_layer=None, length_penalty_weight=0.0, coverage_penalty_weight=0.0,
    reorder_tensor_arrays=True)``: beam search over ``cell`` whose ``initial_state`` has batch
    ``batch_size * beam_width`` (``tile_batch`` the encoder state and memory). Steps emit
    ``BeamSearchDecoderOutput(scores, predicted_ids, parent_ids)`` (``[batch, beam]`` each); after
    ``dynamic_decode`` the outputs are ``FinalBeamSearchDecoderOutput`` with the back-traced ``predicted_ids``
    ``[batch, time, beam]`` (best beam first). The decoder tracks its own finished flags.

    Raises:
      TypeError: ``cell`` not an RNN cell or ``output_layer`` not a ``tf.layers`` layer. ValueError:
        ``start_tokens`` not a vector, ``end_token`` not a scalar, a state whose batch is not
        ``batch_size * beam_width``."""

    def __init__(self, cell, embedding, start_tokens, end_token, initial_state, beam_width, output_layer=None,
                 length_penalty_weight=0.0, coverage_penalty_weight=0.0, reorder_tensor_arrays=True):
        assert_like_rnncell("cell", cell)
        if output_layer is not None and not isinstance(output_layer, Layer):
            raise TypeError(f"output_layer must be a Layer, received: {type(output_layer)}")
        self._cell = cell
        self._output_layer = output_layer
        self._reorder_tensor_arrays = reorder_tensor_arrays
        self._beam_width = beam_width
        self._length_penalty_weight = length_penalty_weight
        self._coverage_penalty_weight = coverage_penalty_weight
        if callable(embedding):
            self._embedding_fn = embedding
        else:
            self._embedding_fn = lambda ids: nn_ops.embedding_lookup(embedding, ids)
        self._start_tokens = convert_to_tensor(start_tokens, dtype=dtypes.int32, name="start_tokens")
        if self._start_tokens.shape.rank != 1:
            raise ValueError("start_tokens must be a vector")
        self._end_token = convert_to_tensor(end_token, dtype=dtypes.int32, name="end_token")
        if self._end_token.shape.rank != 0:
            raise ValueError("end_token must be a scalar")
        self._batch_size = array_ops.size(self._start_tokens)
        # TF reads constant_value(batch_size) inside the loop too, where TF1's while_loop sees the outer tensor;
        # here the loop body captures it, so the static value is taken now (a tensor when unknown).
        self._batch = _static_or_tensor(self._batch_size)
        self._initial_cell_state = nest.map_structure(self._maybe_split_batch_beams, initial_state,
                                                      self._cell.state_size)
        self._start_tokens = array_ops.tile(array_ops.expand_dims(self._start_tokens, 1), [1, self._beam_width])
        self._start_inputs = self._embedding_fn(self._start_tokens)
        self._finished = array_ops.one_hot(array_ops.zeros(array_ops.reshape(self._batch_size, [1]),
                                                           dtype=dtypes.int32),
                                           depth=self._beam_width, on_value=False, off_value=True,
                                           dtype=dtypes.bool_)

    batch_size = property(lambda self: self._batch_size)
    tracks_own_finished = property(lambda self: True)

    def _rnn_output_size(self):
        size = self._cell.output_size
        if self._output_layer is None:
            return size
        return nest.map_structure(lambda s: _layer_output_size(self._output_layer, TensorShape(s)), size)

    @property
    def output_size(self):
        return BeamSearchDecoderOutput(scores=TensorShape([self._beam_width]),
                                       predicted_ids=TensorShape([self._beam_width]),
                                       parent_ids=TensorShape([self._beam_width]))

    @property
    def output_dtype(self):
        dtype = nest.flatten(self._initial_cell_state)[0].dtype
        return BeamSearchDecoderOutput(scores=nest.map_structure(lambda _: dtype, self._rnn_output_size()),
                                       predicted_ids=dtypes.int32, parent_ids=dtypes.int32)

    def initialize(self, name=None):
        """``(finished, start_inputs, initial BeamSearchDecoderState)``: only beam 0 is live at first (the others
        have log-probability -inf)."""
        dtype = nest.flatten(self._initial_cell_state)[0].dtype
        log_probs = array_ops.one_hot(array_ops.zeros(array_ops.reshape(self._batch_size, [1]), dtype=dtypes.int32),
                                      depth=self._beam_width, on_value=convert_to_tensor(0.0, dtype=dtype),
                                      off_value=convert_to_tensor(-np.inf, dtype=dtype), dtype=dtype)
        init_attention_probs = _get_attention_probs(self._initial_cell_state, self._coverage_penalty_weight)
        if init_attention_probs is None:
            init_attention_probs = ()
        initial_state = BeamSearchDecoderState(
            cell_state=self._initial_cell_state, log_probs=log_probs, finished=self._finished,
            lengths=array_ops.zeros(array_ops.stack([self._batch_size, self._beam_width]), dtype=dtypes.int64),
            accumulated_attention_probs=init_attention_probs)
        return self._finished, self._start_inputs, initial_state

    def finalize(self, outputs, final_state, sequence_lengths):
        """The back-traced ``predicted_ids`` (``gather_tree``) and, with ``reorder_tensor_arrays``, TensorArrays
        in the cell state (alignment histories) reordered along the beams."""
        del sequence_lengths
        max_sequence_lengths = math_ops.cast(reduction_ops.reduce_max(final_state.lengths, axis=1), dtypes.int32)
        predicted_ids = gather_tree(outputs.predicted_ids, outputs.parent_ids, max_sequence_lengths,
                                    self._end_token)
        if self._reorder_tensor_arrays:
            final_state = final_state._replace(cell_state=nest.map_structure(
                lambda t: self._maybe_sort_array_beams(t, outputs.parent_ids, final_state.lengths),
                final_state.cell_state))
        return FinalBeamSearchDecoderOutput(beam_search_decoder_output=outputs, predicted_ids=predicted_ids), \
            final_state

    def _merge_batch_beams(self, t, s=None):
        s = TensorShape(s)
        t_shape = array_ops.shape(t)
        static_batch = _static(self._batch)
        reshaped = array_ops.reshape(t, array_ops.concat(
            ([self._batch * self._beam_width], t_shape[2:]), 0))
        reshaped.set_shape(TensorShape([None if static_batch is None else static_batch * self._beam_width])
                           .concatenate(s))
        return reshaped

    def _split_batch_beams(self, t, s=None):
        s = TensorShape(s)
        t_shape = array_ops.shape(t)
        reshaped = array_ops.reshape(t, array_ops.concat(
            (array_ops.stack([self._batch, self._beam_width]), t_shape[1:]), 0))
        expected = TensorShape([_static(self._batch), self._beam_width]).concatenate(s)
        static_t = TensorShape(t.shape)
        if static_t.rank is not None and static_t[0] is not None and expected[0] is not None and \
                static_t[0] != expected[0] * self._beam_width:
            raise ValueError(f"Unexpected behavior when reshaping between beam width and batch size.  The reshaped "
                             f"tensor has shape: {static_t}.  We expected it to have shape (batch_size, "
                             f"beam_width, depth) == {expected}.  Perhaps you forgot to create a zero_state with "
                             f"batch_size=encoder_batch_size * beam_width?")
        reshaped.set_shape(expected)
        return reshaped

    def _maybe_split_batch_beams(self, t, s):
        if isinstance(t, TensorArray):
            return t
        _check_maybe(t)
        return self._split_batch_beams(t, s) if t.shape.rank >= 1 else t

    def _maybe_merge_batch_beams(self, t, s):
        if isinstance(t, TensorArray):
            return t
        _check_maybe(t)
        return self._merge_batch_beams(t, s) if t.shape.rank >= 2 else t

    def _maybe_sort_array_beams(self, t, parent_ids, sequence_length):
        if not isinstance(t, TensorArray):
            return t
        shape = t.element_shape
        static_batch = _static(self._batch)
        if shape.rank is None or shape.rank < 1 or static_batch is None or \
                shape[0] not in (None, static_batch * self._beam_width):
            warnings.warn(f"The TensorArray {t} in the cell state is not amenable to sorting based on the beam "
                          f"search result. For a TensorArray to be sorted, its elements shape must be defined and "
                          f"have at least a rank of 1, but saw shape: {shape}")
            return t
        return _gather_tree_from_array(t.stack(), parent_ids, sequence_length)

    def step(self, time, inputs, state, name=None):
        """One beam-search step: ``(BeamSearchDecoderOutput, next state, next inputs, finished)``."""
        with name_scope(name, "BeamSearchDecoderStep", (time, inputs, state)):
            cell_state = state.cell_state
            inputs = nest.map_structure(lambda inp: self._merge_batch_beams(inp, s=inp.shape[2:]), inputs)
            cell_state = nest.map_structure(self._maybe_merge_batch_beams, cell_state, self._cell.state_size)
            cell_outputs, next_cell_state = self._cell(inputs, cell_state)
            cell_outputs = nest.map_structure(lambda out: self._split_batch_beams(out, out.shape[1:]), cell_outputs)
            next_cell_state = nest.map_structure(self._maybe_split_batch_beams, next_cell_state,
                                                 self._cell.state_size)
            if self._output_layer is not None:
                cell_outputs = self._output_layer(cell_outputs)
            beam_search_output, beam_search_state = _beam_search_step(
                time=time, logits=cell_outputs, next_cell_state=next_cell_state, beam_state=state,
                batch_size=self._batch, beam_width=self._beam_width, end_token=self._end_token,
                length_penalty_weight=self._length_penalty_weight,
                coverage_penalty_weight=self._coverage_penalty_weight)
            finished = beam_search_state.finished
            sample_ids = beam_search_output.predicted_ids
            next_inputs = control_flow_ops.cond(reduction_ops.reduce_all(finished), lambda: self._start_inputs,
                                                lambda: self._embedding_fn(sample_ids))
        return beam_search_output, beam_search_state, next_inputs, finished
