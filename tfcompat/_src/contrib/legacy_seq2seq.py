"""``tf.contrib.legacy_seq2seq`` of TF 1.15 (``contrib/legacy_seq2seq/python/ops/seq2seq.py``): the
static-unrolled seq2seq models over Python lists of per-step tensors -- ``rnn_decoder``, ``basic_rnn_seq2seq``,
``tied_rnn_seq2seq``, ``embedding_rnn_decoder``/``embedding_rnn_seq2seq``, ``attention_decoder``,
``embedding_attention_decoder``/``embedding_attention_seq2seq``, ``model_with_buckets`` -- and the sequence losses.

Variables have TF 1.15's names and creation order (the attention decoder's 'AttnW_0' 1x1-convolution kernel,
'AttnV_0', 'Attention_0/kernel', 'AttnOutputProjection/kernel', ...). A ``feed_previous`` tensor builds both
decoders and picks one with ``tf.cond``, as TF does."""
from __future__ import annotations

import copy

from tfcompat._src.contrib.rnn_cells import EmbeddingWrapper, OutputProjectionWrapper, linear
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor_shape import dimension_value
from tfcompat._src.ops import array_ops, control_flow_ops, math_ops, nn_ops, reduction_ops
from tfcompat._src.ops import variable_scope as vs
from tfcompat._src.ops.rnn import static_rnn

__all__ = ["attention_decoder", "basic_rnn_seq2seq", "embedding_attention_decoder", "embedding_attention_seq2seq",
           "embedding_rnn_decoder", "embedding_rnn_seq2seq", "model_with_buckets", "rnn_decoder", "sequence_loss",
           "sequence_loss_by_example", "tied_rnn_seq2seq"]


def _extract_argmax_and_embed(embedding, output_projection=None, update_embedding=True):
    def loop_function(prev, _):
        if output_projection is not None:
            prev = nn_ops.xw_plus_b(prev, output_projection[0], output_projection[1])
        emb_prev = nn_ops.embedding_lookup(embedding, reduction_ops.argmax(prev, 1))
        if not update_embedding:
            emb_prev = array_ops.stop_gradient(emb_prev)
        return emb_prev
    return loop_function


def rnn_decoder(decoder_inputs, initial_state, cell, loop_function=None, scope=None):
    """Mirrors ``tf.contrib.legacy_seq2seq.rnn_decoder``: ``cell`` run over ``decoder_inputs`` in variable scope
    ``scope or 'rnn_decoder'`` (variables shared after the first step); with ``loop_function``, each step after
    the first takes ``loop_function(previous output, i)`` (in scope 'loop_function', reuse=True) instead."""
    with vs.variable_scope(scope or "rnn_decoder"):
        state = initial_state
        outputs = []
        prev = None
        for i, inp in enumerate(decoder_inputs):
            if loop_function is not None and prev is not None:
                with vs.variable_scope("loop_function", reuse=True):
                    inp = loop_function(prev, i)
            if i > 0:
                vs.get_variable_scope().reuse_variables()
            output, state = cell(inp, state)
            outputs.append(output)
            if loop_function is not None:
                prev = output
    return outputs, state


def basic_rnn_seq2seq(encoder_inputs, decoder_inputs, cell, dtype=dtypes.float32, scope=None):
    """Mirrors ``tf.contrib.legacy_seq2seq.basic_rnn_seq2seq``: a copy of ``cell`` encodes (``static_rnn``),
    ``cell`` decodes from the final encoder state (``rnn_decoder``), in scope 'basic_rnn_seq2seq'."""
    with vs.variable_scope(scope or "basic_rnn_seq2seq"):
        enc_cell = copy.deepcopy(cell)
        _, enc_state = static_rnn(enc_cell, encoder_inputs, dtype=dtype)
        return rnn_decoder(decoder_inputs, enc_state, cell)


def tied_rnn_seq2seq(encoder_inputs, decoder_inputs, cell, loop_function=None, dtype=dtypes.float32, scope=None):
    """Mirrors ``tf.contrib.legacy_seq2seq.tied_rnn_seq2seq``: encoder and decoder share ``cell``'s variables
    (scope ``scope or 'tied_rnn_seq2seq'`` inside 'combined_tied_rnn_seq2seq')."""
    with vs.variable_scope("combined_tied_rnn_seq2seq"):
        scope = scope or "tied_rnn_seq2seq"
        _, enc_state = static_rnn(cell, encoder_inputs, dtype=dtype, scope=scope)
        vs.get_variable_scope().reuse_variables()
        return rnn_decoder(decoder_inputs, enc_state, cell, loop_function=loop_function, scope=scope)


def _check_projection(output_projection, num_symbols, dtype):
    if output_projection is not None:
        weights = convert_to_tensor(output_projection[0], dtype=dtype)
        weights.shape.assert_is_compatible_with([None, num_symbols])
        biases = convert_to_tensor(output_projection[1], dtype=dtype)
        biases.shape.assert_is_compatible_with([num_symbols])


def embedding_rnn_decoder(decoder_inputs, initial_state, cell, num_symbols, embedding_size, output_projection=None,
                          feed_previous=False, update_embedding_for_previous=True, scope=None):
    """Mirrors ``tf.contrib.legacy_seq2seq.embedding_rnn_decoder``: ``rnn_decoder`` over the int inputs looked up
    in an 'embedding' ``[num_symbols, embedding_size]`` variable; with ``feed_previous`` every step after the
    first takes the embedding of the previous output's argmax (after ``output_projection`` when given).

    Raises:
      ValueError: ``output_projection`` of the wrong shape."""
    with vs.variable_scope(scope or "embedding_rnn_decoder") as scope:
        _check_projection(output_projection, num_symbols, scope.dtype)
        embedding = vs.get_variable("embedding", [num_symbols, embedding_size])
        loop_function = _extract_argmax_and_embed(embedding, output_projection, update_embedding_for_previous) \
            if feed_previous else None
        emb_inp = [nn_ops.embedding_lookup(embedding, i) for i in decoder_inputs]
        return rnn_decoder(emb_inp, initial_state, cell, loop_function=loop_function)


def _decode_by_cond(feed_previous, decode, encoder_state, outputs_len):
    """TF's handling of a ``feed_previous`` tensor: both decoders built (the second reusing the first's
    variables), ``tf.cond`` picks one; returns ``(outputs, state)``."""
    def branch(feed_previous_bool):
        reuse = None if feed_previous_bool else True
        with vs.variable_scope(vs.get_variable_scope(), reuse=reuse):
            outputs, state = decode(feed_previous_bool)
            state_list = nest.flatten(state) if nest.is_nested(state) else [state]
            return list(outputs) + state_list

    outputs_and_state = control_flow_ops.cond(feed_previous, lambda: branch(True), lambda: branch(False))
    state_list = outputs_and_state[outputs_len:]
    state = state_list[0]
    if nest.is_nested(encoder_state):
        state = nest.pack_sequence_as(encoder_state, state_list)
    return outputs_and_state[:outputs_len], state


def embedding_rnn_seq2seq(encoder_inputs, decoder_inputs, cell, num_encoder_symbols, num_decoder_symbols,
                          embedding_size, output_projection=None, feed_previous=False, dtype=None, scope=None):
    """Mirrors ``tf.contrib.legacy_seq2seq.embedding_rnn_seq2seq``: an ``EmbeddingWrapper`` around a copy of
    ``cell`` encodes the int encoder inputs; ``embedding_rnn_decoder`` decodes (through an
    ``OutputProjectionWrapper`` to ``num_decoder_symbols`` logits unless ``output_projection`` is given).
    ``feed_previous`` may be a bool or a scalar bool tensor."""
    with vs.variable_scope(scope or "embedding_rnn_seq2seq") as scope:
        if dtype is not None:
            scope.set_dtype(dtype)
        else:
            dtype = scope.dtype
        encoder_cell = EmbeddingWrapper(copy.deepcopy(cell), embedding_classes=num_encoder_symbols,
                                        embedding_size=embedding_size)
        _, encoder_state = static_rnn(encoder_cell, encoder_inputs, dtype=dtype)
        if output_projection is None:
            cell = OutputProjectionWrapper(cell, num_decoder_symbols)

        def decode(feed_previous_bool, update_embedding=True):
            return embedding_rnn_decoder(decoder_inputs, encoder_state, cell, num_decoder_symbols, embedding_size,
                                         output_projection=output_projection, feed_previous=feed_previous_bool,
                                         update_embedding_for_previous=update_embedding)

        if isinstance(feed_previous, bool):
            return decode(feed_previous)
        return _decode_by_cond(feed_previous, lambda fp: decode(fp, update_embedding=False), encoder_state,
                               len(decoder_inputs))


def attention_decoder(decoder_inputs, initial_state, attention_states, cell, output_size=None, num_heads=1,
                      loop_function=None, dtype=None, scope=None, initial_state_attention=False):
    """Mirrors ``tf.contrib.legacy_seq2seq.attention_decoder`` (Vinyals et al., 2015): each step feeds
    ``linear([input] + previous attentions)`` to ``cell``, attends over ``attention_states`` ``[batch, length,
    size]`` with ``num_heads`` additive heads (``softmax(v . tanh(W h + U state))``) and emits
    ``linear([cell_output] + attentions, output_size)``.

    Raises:
      ValueError: no inputs, ``num_heads`` < 1, ``attention_states`` of unknown depth, inputs of unknown size."""
    if not decoder_inputs:
        raise ValueError("Must provide at least 1 input to attention decoder.")
    if num_heads < 1:
        raise ValueError("With less than 1 heads, use a non-attention decoder.")
    if dimension_value(attention_states.shape[2]) is None:
        raise ValueError(f"Shape[2] of attention_states must be known: {attention_states.shape}")
    if output_size is None:
        output_size = cell.output_size
    with vs.variable_scope(scope or "attention_decoder", dtype=dtype) as scope:
        dtype = scope.dtype
        batch_size = array_ops.shape(decoder_inputs[0])[0]
        attn_length = dimension_value(attention_states.shape[1])
        if attn_length is None:
            attn_length = array_ops.shape(attention_states)[1]
        attn_size = dimension_value(attention_states.shape[2])
        # TF: W1 * h_t for every t as a 1x1 convolution over [batch, length, 1, size].
        hidden = array_ops.reshape(attention_states, [-1, attn_length, 1, attn_size])
        hidden_features, v = [], []
        attention_vec_size = attn_size
        for a in range(num_heads):
            k = vs.get_variable(f"AttnW_{a}", [1, 1, attn_size, attention_vec_size])
            hidden_features.append(nn_ops.conv2d(hidden, k, [1, 1, 1, 1], "SAME"))
            v.append(vs.get_variable(f"AttnV_{a}", [attention_vec_size]))
        state = initial_state

        def attention(query):
            ds = []
            if nest.is_nested(query):
                query = array_ops.concat(nest.flatten(query), 1)
            for a in range(num_heads):
                with vs.variable_scope(f"Attention_{a}"):
                    y = linear(query, attention_vec_size, True)
                    y = array_ops.reshape(y, [-1, 1, 1, attention_vec_size])
                    s = reduction_ops.reduce_sum(v[a] * math_ops.tanh(hidden_features[a] + y), [2, 3])
                    weights = nn_ops.softmax(s)
                    d = reduction_ops.reduce_sum(array_ops.reshape(weights, [-1, attn_length, 1, 1]) * hidden,
                                                 [1, 2])
                    ds.append(array_ops.reshape(d, [-1, attn_size]))
            return ds

        outputs = []
        prev = None
        batch_attn_size = array_ops.stack([batch_size, attn_size])
        attns = [array_ops.zeros(batch_attn_size, dtype=dtype) for _ in range(num_heads)]
        for a in attns:
            a.set_shape([None, attn_size])
        if initial_state_attention:
            attns = attention(initial_state)
        for i, inp in enumerate(decoder_inputs):
            if i > 0:
                vs.get_variable_scope().reuse_variables()
            if loop_function is not None and prev is not None:
                with vs.variable_scope("loop_function", reuse=True):
                    inp = loop_function(prev, i)
            input_size = dimension_value(inp.shape.with_rank(2)[1])
            if input_size is None:
                raise ValueError(f"Could not infer input size from input: {inp.name}")
            x = linear([inp] + attns, input_size, True)
            cell_output, state = cell(x, state)
            if i == 0 and initial_state_attention:
                with vs.variable_scope(vs.get_variable_scope(), reuse=True):
                    attns = attention(state)
            else:
                attns = attention(state)
            with vs.variable_scope("AttnOutputProjection"):
                output = linear([cell_output] + attns, output_size, True)
            if loop_function is not None:
                prev = output
            outputs.append(output)
    return outputs, state


def embedding_attention_decoder(decoder_inputs, initial_state, attention_states, cell, num_symbols, embedding_size,
                                num_heads=1, output_size=None, output_projection=None, feed_previous=False,
                                update_embedding_for_previous=True, dtype=None, scope=None,
                                initial_state_attention=False):
    """Mirrors ``tf.contrib.legacy_seq2seq.embedding_attention_decoder``: ``attention_decoder`` over the int
    inputs looked up in an 'embedding' variable, greedy (argmax) feedback with ``feed_previous``."""
    if output_size is None:
        output_size = cell.output_size
    if output_projection is not None:
        convert_to_tensor(output_projection[1], dtype=dtype).shape.assert_is_compatible_with([num_symbols])
    with vs.variable_scope(scope or "embedding_attention_decoder", dtype=dtype):
        embedding = vs.get_variable("embedding", [num_symbols, embedding_size])
        loop_function = _extract_argmax_and_embed(embedding, output_projection, update_embedding_for_previous) \
            if feed_previous else None
        emb_inp = [nn_ops.embedding_lookup(embedding, i) for i in decoder_inputs]
        return attention_decoder(emb_inp, initial_state, attention_states, cell, output_size=output_size,
                                 num_heads=num_heads, loop_function=loop_function,
                                 initial_state_attention=initial_state_attention)


def embedding_attention_seq2seq(encoder_inputs, decoder_inputs, cell, num_encoder_symbols, num_decoder_symbols,
                                embedding_size, encoder_cell=None, num_heads=1, output_projection=None,
                                feed_previous=False, dtype=None, scope=None, initial_state_attention=False):
    """Mirrors ``tf.contrib.legacy_seq2seq.embedding_attention_seq2seq``: an embedding encoder (``encoder_cell`` or
    a copy of ``cell``) whose outputs are the attention states of ``embedding_attention_decoder`` (through an
    ``OutputProjectionWrapper`` to ``num_decoder_symbols`` unless ``output_projection`` is given).
    ``feed_previous`` may be a bool or a scalar bool tensor."""
    with vs.variable_scope(scope or "embedding_attention_seq2seq", dtype=dtype) as scope:
        dtype = scope.dtype
        if encoder_cell is None:
            encoder_cell = copy.deepcopy(cell)
        encoder_cell = EmbeddingWrapper(encoder_cell, embedding_classes=num_encoder_symbols,
                                        embedding_size=embedding_size)
        encoder_outputs, encoder_state = static_rnn(encoder_cell, encoder_inputs, dtype=dtype)
        top_states = [array_ops.reshape(e, [-1, 1, cell.output_size]) for e in encoder_outputs]
        attention_states = array_ops.concat(top_states, 1)
        output_size = None
        if output_projection is None:
            cell = OutputProjectionWrapper(cell, num_decoder_symbols)
            output_size = num_decoder_symbols

        def decode(feed_previous_bool, update_embedding=True):
            return embedding_attention_decoder(
                decoder_inputs, encoder_state, attention_states, cell, num_decoder_symbols, embedding_size,
                num_heads=num_heads, output_size=output_size, output_projection=output_projection,
                feed_previous=feed_previous_bool, update_embedding_for_previous=update_embedding,
                initial_state_attention=initial_state_attention)

        if isinstance(feed_previous, bool):
            return decode(feed_previous)
        return _decode_by_cond(feed_previous, lambda fp: decode(fp, update_embedding=False), encoder_state,
                               len(decoder_inputs))


def sequence_loss_by_example(logits, targets, weights, average_across_timesteps=True, softmax_loss_function=None,
                             name=None):
    """Mirrors ``tf.contrib.legacy_seq2seq.sequence_loss_by_example``: per batch row, the sum over steps of the
    weighted sparse softmax cross-entropy, divided by the summed weights (+ 1e-12) when averaging.

    Raises:
      ValueError: logits, targets and weights of different lengths."""
    if len(targets) != len(logits) or len(weights) != len(logits):
        raise ValueError("Lengths of logits, weights, and targets must be the same %d, %d, %d."
                         % (len(logits), len(weights), len(targets)))
    with name_scope(name, "sequence_loss_by_example", list(logits) + list(targets) + list(weights)):
        log_perp_list = []
        for logit, target, weight in zip(logits, targets, weights):
            if softmax_loss_function is None:
                target = array_ops.reshape(convert_to_tensor(target), [-1])
                crossent = nn_ops.sparse_softmax_cross_entropy_with_logits(labels=target, logits=logit)
            else:
                crossent = softmax_loss_function(labels=target, logits=logit)
            log_perp_list.append(crossent * weight)
        log_perps = math_ops.add_n(log_perp_list)
        if average_across_timesteps:
            total_size = math_ops.add_n([convert_to_tensor(w) for w in weights]) + 1e-12  # TF's guard for 0 weights
            log_perps = log_perps / total_size
    return log_perps


def sequence_loss(logits, targets, weights, average_across_timesteps=True, average_across_batch=True,
                  softmax_loss_function=None, name=None):
    """Mirrors ``tf.contrib.legacy_seq2seq.sequence_loss``: the sum of ``sequence_loss_by_example``, divided by
    the batch size (``shape(targets[0])[0]``) when ``average_across_batch``."""
    with name_scope(name, "sequence_loss", list(logits) + list(targets) + list(weights)):
        cost = reduction_ops.reduce_sum(sequence_loss_by_example(
            logits, targets, weights, average_across_timesteps=average_across_timesteps,
            softmax_loss_function=softmax_loss_function))
        if average_across_batch:
            batch_size = array_ops.shape(convert_to_tensor(targets[0]))[0]
            return cost / math_ops.cast(batch_size, cost.dtype)
        return cost


def model_with_buckets(encoder_inputs, decoder_inputs, targets, weights, buckets, seq2seq,
                       softmax_loss_function=None, per_example_loss=False, name=None):
    """Mirrors ``tf.contrib.legacy_seq2seq.model_with_buckets``: ``seq2seq(encoder_inputs[:i], decoder_inputs[:o])``
    for each bucket ``(i, o)`` (variables shared after the first bucket) with its ``sequence_loss`` (or
    ``sequence_loss_by_example`` when ``per_example_loss``). Returns ``(outputs per bucket, losses)``.

    Raises:
      ValueError: inputs, targets or weights shorter than the last bucket."""
    if len(encoder_inputs) < buckets[-1][0]:
        raise ValueError(f"Length of encoder_inputs ({len(encoder_inputs)}) must be at least that of last bucket "
                         f"({buckets[-1][0]}).")
    if len(targets) < buckets[-1][1]:
        raise ValueError(f"Length of targets ({len(targets)}) must be at least that of lastbucket "
                         f"({buckets[-1][1]}).")
    if len(weights) < buckets[-1][1]:
        raise ValueError(f"Length of weights ({len(weights)}) must be at least that of lastbucket "
                         f"({buckets[-1][1]}).")
    all_inputs = list(encoder_inputs) + list(decoder_inputs) + list(targets) + list(weights)
    losses, outputs = [], []
    with name_scope(name, "model_with_buckets", all_inputs):
        for j, bucket in enumerate(buckets):
            with vs.variable_scope(vs.get_variable_scope(), reuse=True if j > 0 else None):
                bucket_outputs, _ = seq2seq(encoder_inputs[:bucket[0]], decoder_inputs[:bucket[1]])
                outputs.append(bucket_outputs)
                loss_fn = sequence_loss_by_example if per_example_loss else sequence_loss
                losses.append(loss_fn(outputs[-1], targets[:bucket[1]], weights[:bucket[1]],
                                      softmax_loss_function=softmax_loss_function))
    return outputs, losses
