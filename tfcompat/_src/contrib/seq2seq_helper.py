"""The sampling helpers of ``tf.contrib.seq2seq`` (TF 1.15, ``contrib/seq2seq/python/ops/helper.py``): what a
``BasicDecoder`` feeds its cell at each step and when a batch row is finished.

``TrainingHelper`` reads the next ground-truth input (teacher forcing); ``GreedyEmbeddingHelper`` embeds the
argmax of the previous output; ``SampleEmbeddingHelper`` embeds a sample of it; ``ScheduledEmbeddingTrainingHelper``
mixes the two; ``CustomHelper``/``InferenceHelper`` take user functions. As in TF, once every row is finished the
next inputs are the zero (training) or start (inference) inputs, chosen by a ``tf.cond``. Samples come from
torch's generator (TF's random streams cannot be matched)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, control_flow_ops, math_ops, nn_ops, random_ops, reduction_ops
from tfcompat._src.ops.rnn import _transpose_batch_time
from tfcompat._src.ops.scatter_ops import scatter_nd
from tfcompat._src.ops.tensor_array import TensorArray

__all__ = ["CustomHelper", "GreedyEmbeddingHelper", "Helper", "InferenceHelper", "SampleEmbeddingHelper",
           "ScheduledEmbeddingTrainingHelper", "ScheduledOutputTrainingHelper", "TrainingHelper"]


def _unstack_ta(inp):
    return TensorArray(dtype=inp.dtype, size=array_ops.shape(inp)[0], element_shape=inp.shape[1:]).unstack(inp)


def _embedding_fn(embedding):
    if callable(embedding):
        return embedding
    return lambda ids: nn_ops.embedding_lookup(embedding, ids)


def _categorical_sample(logits, seed=None):
    """``Categorical(logits=logits).sample(seed=seed)``: one int32 id per row of ``[batch, classes]`` logits."""
    samples = random_ops.multinomial(logits, 1, seed=seed, output_dtype=dtypes.int32)
    return array_ops.reshape(samples, array_ops.shape(logits)[:-1])


class Helper:
    """Mirrors ``tf.contrib.seq2seq.Helper``: the interface ``BasicDecoder`` drives (``batch_size``,
    ``sample_ids_shape``/``sample_ids_dtype``, ``initialize()``, ``sample(time, outputs, state)``,
    ``next_inputs(time, outputs, state, sample_ids)``)."""

    @property
    def batch_size(self):
        raise NotImplementedError("batch_size has not been implemented")

    @property
    def sample_ids_shape(self):
        raise NotImplementedError("sample_ids_shape has not been implemented")

    @property
    def sample_ids_dtype(self):
        raise NotImplementedError("sample_ids_dtype has not been implemented")

    def initialize(self, name=None):
        raise NotImplementedError("initialize has not been implemented")

    def sample(self, time, outputs, state, name=None):
        raise NotImplementedError("sample has not been implemented")

    def next_inputs(self, time, outputs, state, sample_ids, name=None):
        raise NotImplementedError("next_inputs has not been implemented")


class CustomHelper(Helper):
    """Mirrors ``tf.contrib.seq2seq.CustomHelper(initialize_fn, sample_fn, next_inputs_fn, sample_ids_shape=None,
    sample_ids_dtype=None)``: the three methods are the given functions (``initialize_fn()`` ->
    ``(finished, next_inputs)``); sample ids default to int32 scalars per row."""

    def __init__(self, initialize_fn, sample_fn, next_inputs_fn, sample_ids_shape=None, sample_ids_dtype=None):
        self._initialize_fn = initialize_fn
        self._sample_fn = sample_fn
        self._next_inputs_fn = next_inputs_fn
        self._batch_size = None
        self._sample_ids_shape = TensorShape(sample_ids_shape or [])
        self._sample_ids_dtype = sample_ids_dtype or dtypes.int32

    @property
    def batch_size(self):
        if self._batch_size is None:
            raise ValueError("batch_size accessed before initialize was called")
        return self._batch_size

    sample_ids_shape = property(lambda self: self._sample_ids_shape)
    sample_ids_dtype = property(lambda self: self._sample_ids_dtype)

    def initialize(self, name=None):
        with name_scope(name, f"{type(self).__name__}Initialize"):
            finished, next_inputs = self._initialize_fn()
            if self._batch_size is None:
                self._batch_size = array_ops.size(finished)
        return finished, next_inputs

    def sample(self, time, outputs, state, name=None):
        with name_scope(name, f"{type(self).__name__}Sample", (time, outputs, state)):
            return self._sample_fn(time=time, outputs=outputs, state=state)

    def next_inputs(self, time, outputs, state, sample_ids, name=None):
        with name_scope(name, f"{type(self).__name__}NextInputs", (time, outputs, state)):
            return self._next_inputs_fn(time=time, outputs=outputs, state=state, sample_ids=sample_ids)


class TrainingHelper(Helper):
    """Mirrors ``tf.contrib.seq2seq.TrainingHelper(inputs, sequence_length, time_major=False)``: step ``t`` reads
    ``inputs[:, t]``; a row is finished once ``t + 1 >= sequence_length``; sample ids are the int32 argmax of the
    outputs (not fed back).

    Raises:
      ValueError: ``sequence_length`` not a vector."""

    def __init__(self, inputs, sequence_length, time_major=False, name=None):
        with name_scope(name, "TrainingHelper", [inputs, sequence_length]):
            inputs = nest.map_structure(lambda x: convert_to_tensor(x, name="inputs"), inputs)
            self._inputs = inputs
            if not time_major:
                inputs = nest.map_structure(_transpose_batch_time, inputs)
            self._input_tas = nest.map_structure(_unstack_ta, inputs)
            self._sequence_length = convert_to_tensor(sequence_length, name="sequence_length")
            if self._sequence_length.shape.rank != 1:
                raise ValueError(f"Expected sequence_length to be a vector, but received shape: "
                                 f"{self._sequence_length.shape}")
            self._zero_inputs = nest.map_structure(lambda inp: array_ops.zeros_like(inp[0, :]), inputs)
            self._batch_size = array_ops.size(self._sequence_length)

    inputs = property(lambda self: self._inputs)
    sequence_length = property(lambda self: self._sequence_length)
    batch_size = property(lambda self: self._batch_size)
    sample_ids_shape = property(lambda self: TensorShape([]))
    sample_ids_dtype = property(lambda self: dtypes.int32)

    def _inputs_at(self, time, finished):
        all_finished = reduction_ops.reduce_all(finished)
        return control_flow_ops.cond(all_finished, lambda: self._zero_inputs,
                                     lambda: nest.map_structure(lambda ta: ta.read(time), self._input_tas))

    def initialize(self, name=None):
        with name_scope(name, "TrainingHelperInitialize"):
            finished = math_ops.equal(0, self._sequence_length)
            return finished, self._inputs_at(0, finished)

    def sample(self, time, outputs, name=None, **unused_kwargs):
        with name_scope(name, "TrainingHelperSample", [time, outputs]):
            return math_ops.cast(reduction_ops.argmax(outputs, axis=-1), dtypes.int32)

    def next_inputs(self, time, outputs, state, name=None, **unused_kwargs):
        with name_scope(name, "TrainingHelperNextInputs", [time, outputs, state]):
            next_time = time + 1
            finished = next_time >= self._sequence_length
            return finished, self._inputs_at(next_time, finished), state


class ScheduledEmbeddingTrainingHelper(TrainingHelper):
    """Mirrors ``tf.contrib.seq2seq.ScheduledEmbeddingTrainingHelper(inputs, sequence_length, embedding,
    sampling_probability, time_major=False, seed=None, scheduling_seed=None)``: each row, with probability
    ``sampling_probability``, feeds the embedding of an id sampled from the outputs instead of the ground truth
    (sample id -1 marks the rows that read the ground truth).

    Raises:
      ValueError: ``sampling_probability`` neither a scalar nor a vector."""

    def __init__(self, inputs, sequence_length, embedding, sampling_probability, time_major=False, seed=None,
                 scheduling_seed=None, name=None):
        with name_scope(name, "ScheduledEmbeddingSamplingWrapper", [embedding, sampling_probability]):
            self._embedding_fn = _embedding_fn(embedding)
            self._sampling_probability = convert_to_tensor(sampling_probability, name="sampling_probability")
            if self._sampling_probability.shape.rank not in (0, 1):
                raise ValueError(f"sampling_probability must be either a scalar or a vector. saw shape: "
                                 f"{self._sampling_probability.shape}")
            self._seed = seed
            self._scheduling_seed = scheduling_seed
            super().__init__(inputs=inputs, sequence_length=sequence_length, time_major=time_major, name=name)

    def _select(self):
        """The rows that sample this step: ``Bernoulli(probs=sampling_probability).sample(batch_size)``."""
        uniform = random_ops.random_uniform(array_ops.reshape(self.batch_size, [1]), seed=self._scheduling_seed,
                                            dtype=self._sampling_probability.dtype)
        return math_ops.less(uniform, self._sampling_probability)

    def sample(self, time, outputs, state, name=None):
        with name_scope(name, "ScheduledEmbeddingTrainingHelperSample", [time, outputs, state]):
            select = self._select()
            sampled = _categorical_sample(outputs, seed=self._seed)
            return array_ops.where_v1(select, sampled, array_ops.fill([self.batch_size], -1))

    def next_inputs(self, time, outputs, state, sample_ids, name=None):
        with name_scope(name, "ScheduledEmbeddingTrainingHelperNextInputs", [time, outputs, state, sample_ids]):
            finished, base_next_inputs, state = super().next_inputs(time=time, outputs=outputs, state=state,
                                                                    sample_ids=sample_ids, name=name)

            def maybe_sample():
                where_sampling = math_ops.cast(array_ops.where(sample_ids > -1), dtypes.int32)
                where_not_sampling = math_ops.cast(array_ops.where(sample_ids <= -1), dtypes.int32)
                sample_ids_sampling = array_ops.gather_nd(sample_ids, where_sampling)
                inputs_not_sampling = array_ops.gather_nd(base_next_inputs, where_not_sampling)
                sampled_next_inputs = self._embedding_fn(sample_ids_sampling)
                base_shape = array_ops.shape(base_next_inputs)
                return (scatter_nd(where_sampling, sampled_next_inputs, base_shape)
                        + scatter_nd(where_not_sampling, inputs_not_sampling, base_shape))

            all_finished = reduction_ops.reduce_all(finished)
            next_inputs = control_flow_ops.cond(all_finished, lambda: base_next_inputs, maybe_sample)
            return finished, next_inputs, state


class ScheduledOutputTrainingHelper(TrainingHelper):
    """Mirrors ``tf.contrib.seq2seq.ScheduledOutputTrainingHelper(inputs, sequence_length, sampling_probability,
    time_major=False, seed=None, next_inputs_fn=None, auxiliary_inputs=None)``: each row, with probability
    ``sampling_probability``, feeds its previous output (through ``next_inputs_fn``) instead of the ground truth;
    sample ids are the bool choice per row."""

    def __init__(self, inputs, sequence_length, sampling_probability, time_major=False, seed=None,
                 next_inputs_fn=None, auxiliary_inputs=None, name=None):
        with name_scope(name, "ScheduledOutputTrainingHelper", [inputs, auxiliary_inputs, sampling_probability]):
            self._sampling_probability = convert_to_tensor(sampling_probability, name="sampling_probability")
            if self._sampling_probability.shape.rank not in (0, 1):
                raise ValueError(f"sampling_probability must be either a scalar or a vector. saw shape: "
                                 f"{self._sampling_probability.shape}")
            if auxiliary_inputs is None:
                maybe_concatenated_inputs = inputs
            else:
                inputs = convert_to_tensor(inputs, name="inputs")
                auxiliary_inputs = convert_to_tensor(auxiliary_inputs, name="auxiliary_inputs")
                maybe_concatenated_inputs = array_ops.concat([inputs, auxiliary_inputs], -1)
                if not time_major:
                    auxiliary_inputs = _transpose_batch_time(auxiliary_inputs)
            self._auxiliary_input_tas = (None if auxiliary_inputs is None
                                         else _unstack_ta(auxiliary_inputs))
            self._seed = seed
            self._next_inputs_fn = next_inputs_fn
            super().__init__(inputs=maybe_concatenated_inputs, sequence_length=sequence_length,
                             time_major=time_major, name=name)

    sample_ids_shape = property(lambda self: TensorShape([]))
    sample_ids_dtype = property(lambda self: dtypes.bool_)

    def sample(self, time, outputs, state, name=None):
        with name_scope(name, "ScheduledOutputTrainingHelperSample", [time, outputs, state]):
            uniform = random_ops.random_uniform(array_ops.reshape(self.batch_size, [1]), seed=self._seed,
                                                dtype=self._sampling_probability.dtype)
            return math_ops.less(uniform, self._sampling_probability)

    def next_inputs(self, time, outputs, state, sample_ids, name=None):
        with name_scope(name, "ScheduledOutputTrainingHelperNextInputs", [time, outputs, state, sample_ids]):
            finished, base_next_inputs, state = super().next_inputs(time=time, outputs=outputs, state=state,
                                                                    sample_ids=sample_ids, name=name)
            sample_ids = math_ops.cast(sample_ids, dtypes.bool_)

            def maybe_sample():
                def maybe_concatenate_auxiliary_inputs(outputs_, indices=None):
                    if self._auxiliary_input_tas is None:
                        return outputs_
                    next_time = time + 1
                    aux = self._auxiliary_input_tas.read(next_time)
                    if indices is not None:
                        aux = array_ops.gather_nd(aux, indices)
                    return array_ops.concat([outputs_, aux], -1)

                where_sampling = math_ops.cast(array_ops.where(sample_ids), dtypes.int32)
                where_not_sampling = math_ops.cast(array_ops.where(math_ops.logical_not(sample_ids)), dtypes.int32)
                outputs_sampling = array_ops.gather_nd(outputs, where_sampling)
                inputs_not_sampling = array_ops.gather_nd(base_next_inputs, where_not_sampling)
                sampled_next_inputs = maybe_concatenate_auxiliary_inputs(
                    self._next_inputs_fn(outputs_sampling) if self._next_inputs_fn else outputs_sampling,
                    where_sampling)
                base_shape = array_ops.shape(base_next_inputs)
                return (scatter_nd(where_sampling, sampled_next_inputs, base_shape)
                        + scatter_nd(where_not_sampling, inputs_not_sampling, base_shape))

            all_finished = reduction_ops.reduce_all(finished)
            no_samples = math_ops.logical_not(reduction_ops.reduce_any(sample_ids))
            next_inputs = control_flow_ops.cond(math_ops.logical_or(all_finished, no_samples),
                                                lambda: base_next_inputs, maybe_sample)
            return finished, next_inputs, state


class GreedyEmbeddingHelper(Helper):
    """Mirrors ``tf.contrib.seq2seq.GreedyEmbeddingHelper(embedding, start_tokens, end_token)``: starts from the
    embedded ``start_tokens``, feeds back the embedding of the int32 argmax of each output; a row finishes when
    its id equals ``end_token``. ``embedding`` is a ``[vocab, depth]`` matrix or a callable on ids.

    Raises:
      ValueError: ``start_tokens`` not a vector or ``end_token`` not a scalar. TypeError (``sample``): outputs
        not a single tensor."""

    def __init__(self, embedding, start_tokens, end_token):
        self._embedding_fn = _embedding_fn(embedding)
        self._start_tokens = convert_to_tensor(start_tokens, dtype=dtypes.int32, name="start_tokens")
        self._end_token = convert_to_tensor(end_token, dtype=dtypes.int32, name="end_token")
        if self._start_tokens.shape.rank != 1:
            raise ValueError("start_tokens must be a vector")
        self._batch_size = array_ops.size(self._start_tokens)
        if self._end_token.shape.rank != 0:
            raise ValueError("end_token must be a scalar")
        self._start_inputs = self._embedding_fn(self._start_tokens)

    batch_size = property(lambda self: self._batch_size)
    sample_ids_shape = property(lambda self: TensorShape([]))
    sample_ids_dtype = property(lambda self: dtypes.int32)

    def initialize(self, name=None):
        finished = array_ops.tile([False], array_ops.reshape(self._batch_size, [1]))
        return finished, self._start_inputs

    def sample(self, time, outputs, state, name=None):
        if not isinstance(outputs, Tensor):
            raise TypeError(f"Expected outputs to be a single Tensor, got: {type(outputs)}")
        return reduction_ops.argmax(outputs, axis=-1, output_type=dtypes.int32)

    def next_inputs(self, time, outputs, state, sample_ids, name=None):
        finished = math_ops.equal(sample_ids, self._end_token)
        all_finished = reduction_ops.reduce_all(finished)
        next_inputs = control_flow_ops.cond(all_finished, lambda: self._start_inputs,
                                            lambda: self._embedding_fn(sample_ids))
        return finished, next_inputs, state


class SampleEmbeddingHelper(GreedyEmbeddingHelper):
    """Mirrors ``tf.contrib.seq2seq.SampleEmbeddingHelper(embedding, start_tokens, end_token,
    softmax_temperature=None, seed=None)``: as ``GreedyEmbeddingHelper`` but the fed-back id is sampled from
    ``softmax(outputs / softmax_temperature)`` (torch's generator: TF's samples cannot be reproduced)."""

    def __init__(self, embedding, start_tokens, end_token, softmax_temperature=None, seed=None):
        super().__init__(embedding, start_tokens, end_token)
        self._softmax_temperature = softmax_temperature
        self._seed = seed

    def sample(self, time, outputs, state, name=None):
        if not isinstance(outputs, Tensor):
            raise TypeError(f"Expected outputs to be a single Tensor, got: {type(outputs)}")
        logits = outputs if self._softmax_temperature is None else outputs / self._softmax_temperature
        return _categorical_sample(logits, seed=self._seed)


class InferenceHelper(Helper):
    """Mirrors ``tf.contrib.seq2seq.InferenceHelper(sample_fn, sample_shape, sample_dtype, start_inputs, end_fn,
    next_inputs_fn=None)``: samples with ``sample_fn(outputs)``, finishes rows where ``end_fn(sample_ids)``, feeds
    back ``next_inputs_fn(sample_ids)`` (the sample ids themselves by default)."""

    def __init__(self, sample_fn, sample_shape, sample_dtype, start_inputs, end_fn, next_inputs_fn=None):
        self._sample_fn = sample_fn
        self._end_fn = end_fn
        self._sample_shape = TensorShape(sample_shape)
        self._sample_dtype = sample_dtype
        self._next_inputs_fn = next_inputs_fn
        self._batch_size = array_ops.shape(start_inputs)[0]
        self._start_inputs = convert_to_tensor(start_inputs, name="start_inputs")

    batch_size = property(lambda self: self._batch_size)
    sample_ids_shape = property(lambda self: self._sample_shape)
    sample_ids_dtype = property(lambda self: self._sample_dtype)

    def initialize(self, name=None):
        finished = array_ops.tile([False], array_ops.reshape(self._batch_size, [1]))
        return finished, self._start_inputs

    def sample(self, time, outputs, state, name=None):
        return self._sample_fn(outputs)

    def next_inputs(self, time, outputs, state, sample_ids, name=None):
        next_inputs = sample_ids if self._next_inputs_fn is None else self._next_inputs_fn(sample_ids)
        finished = self._end_fn(sample_ids)
        return finished, next_inputs, state
