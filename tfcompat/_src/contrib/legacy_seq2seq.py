"""``tf.contrib.legacy_seq2seq`` of TF 1.15 (``contrib/legacy_seq2seq/python/ops/seq2seq.py``): ``rnn_decoder``,
``sequence_loss_by_example`` and ``sequence_loss`` over Python lists of per-step tensors."""
from __future__ import annotations

from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_ops, math_ops, nn_ops, reduction_ops
from tfcompat._src.ops import variable_scope as vs

__all__ = ["rnn_decoder", "sequence_loss", "sequence_loss_by_example"]


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
