"""``tf.contrib.seq2seq.sequence_loss`` of TF 1.15 (``contrib/seq2seq/python/ops/loss.py``)."""
from __future__ import annotations

from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_ops, math_ops, nn_ops, reduction_ops

__all__ = ["sequence_loss"]


def sequence_loss(logits, targets, weights, average_across_timesteps=True, average_across_batch=True,
                  sum_over_timesteps=False, sum_over_batch=False, softmax_loss_function=None, name=None):
    """Mirrors ``tf.contrib.seq2seq.sequence_loss``: the weighted sparse softmax cross-entropy of
    ``[batch, time, classes]`` logits against ``[batch, time]`` targets, averaged (divided by the summed weights)
    or summed-then-divided-by-the-count-of-non-zero-weights over the time and/or batch axes; 0 where the
    divisor is 0 (``div_no_nan``).

    Raises:
      ValueError: logits not rank 3, targets/weights not rank 2, or average_across_X with sum_over_X."""
    logits, targets, weights = convert_to_tensor(logits), convert_to_tensor(targets), convert_to_tensor(weights)
    if len(logits.shape) != 3:
        raise ValueError("Logits must be a [batch_size x sequence_length x logits_size] tensor")
    if len(targets.shape) != 2:
        raise ValueError("Targets must be a [batch_size x sequence_length] tensor")
    if len(weights.shape) != 2:
        raise ValueError("Weights must be a [batch_size x sequence_length] tensor")
    if average_across_timesteps and sum_over_timesteps:
        raise ValueError("average_across_timesteps and sum_over_timesteps cannot be set to True at same time.")
    if average_across_batch and sum_over_batch:
        raise ValueError("average_across_batch and sum_over_batch cannot be set to True at same time.")
    with name_scope(name, "sequence_loss", [logits, targets, weights]):
        num_classes = array_ops.shape(logits)[2]
        logits_flat = array_ops.reshape(logits, [-1, num_classes])
        targets = array_ops.reshape(targets, [-1])
        if softmax_loss_function is None:
            crossent = nn_ops.sparse_softmax_cross_entropy_with_logits(labels=targets, logits=logits_flat)
        else:
            crossent = softmax_loss_function(labels=targets, logits=logits_flat)
        crossent = crossent * array_ops.reshape(weights, [-1])
        if average_across_timesteps and average_across_batch:
            return math_ops.divide_no_nan(reduction_ops.reduce_sum(crossent), reduction_ops.reduce_sum(weights))
        if sum_over_timesteps and sum_over_batch:
            count = math_ops.cast(reduction_ops.count_nonzero(weights), crossent.dtype)
            return math_ops.divide_no_nan(reduction_ops.reduce_sum(crossent), count)
        crossent = array_ops.reshape(crossent, array_ops.shape(logits)[0:2])
        # TF infers the static [batch, time] here (constant_value_as_shape of the sliced Shape); say it directly.
        crossent.set_shape(logits.shape[:2])
        if average_across_timesteps or average_across_batch:
            axis = [0] if average_across_batch else [1]
            return math_ops.divide_no_nan(reduction_ops.reduce_sum(crossent, axis=axis),
                                       reduction_ops.reduce_sum(weights, axis=axis))
        if sum_over_timesteps or sum_over_batch:
            axis = [0] if sum_over_batch else [1]
            count = math_ops.cast(reduction_ops.count_nonzero(weights, axis=axis), crossent.dtype)
            return math_ops.divide_no_nan(reduction_ops.reduce_sum(crossent, axis=axis), count)
        return crossent
