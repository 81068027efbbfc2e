"""``tf.contrib.losses`` (``slim.losses``) of TF 1.15 (``contrib/losses/python/losses/loss_ops.py``).

Deprecated in TF 1.x in favour of ``tf.compat.v1.losses``, and different from it in two ways kept here: the
predictions/logits come first in each signature, and ``compute_weighted_loss`` applies a ``weights`` of rank k to
the *leading* k dimensions of the losses (a ``[batch]`` weight scales each row), where the core version broadcasts
numpy-style. Every loss is the weighted sum divided by the number of elements with a non-zero weight (0 when
none), cast back to the losses' dtype and added to ``GraphKeys.LOSSES``."""
from __future__ import annotations

from tfcompat._src.contrib.arg_scope import add_arg_scope
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_ops, math_ops, nn_ops, reduction_ops

__all__ = ["absolute_difference", "add_loss", "compute_weighted_loss", "cosine_distance", "get_losses",
           "get_regularization_losses", "get_total_loss", "hinge_loss", "log_loss", "mean_squared_error",
           "sigmoid_cross_entropy", "softmax_cross_entropy", "sparse_softmax_cross_entropy"]


def _to_float(x):
    return math_ops.cast(x, dtypes.float32)


def _scale_losses(losses, weights):
    # Sum the losses over the dimensions `weights` does not have, scale by `weights`, then sum all.
    axes = list(range(max(0, weights.shape.ndims), losses.shape.ndims))
    reduced = reduction_ops.reduce_sum(losses, axis=axes)
    return reduction_ops.reduce_sum(math_ops.multiply(reduced, weights))


def _safe_div(numerator, denominator, name="value"):
    safe_denominator = array_ops.where(math_ops.equal(denominator, 0), array_ops.ones_like(denominator),
                                       denominator)
    return array_ops.where(math_ops.greater(denominator, 0), math_ops.div(numerator, safe_denominator),
                           array_ops.zeros_like(numerator), name=name)


def _num_present(losses, weights):
    """The number of loss elements whose (leading-dimension) weight is non-zero."""
    if weights.shape.ndims == 0:
        size = _to_float(array_ops.size(losses))
        return array_ops.where(math_ops.equal(weights, 0), array_ops.zeros_like(size), size)
    axes = list(range(1, weights.shape.ndims))
    nonzero_per_batch = reduction_ops.reduce_sum(_to_float(math_ops.not_equal(weights, 0)), axis=axes)
    broadcast_dims = array_ops.shape(losses)[weights.shape.ndims:]
    num_to_broadcast = _to_float(reduction_ops.reduce_prod(broadcast_dims))
    return reduction_ops.reduce_sum(math_ops.multiply(nonzero_per_batch, num_to_broadcast))


@add_arg_scope
def add_loss(loss, loss_collection=GraphKeys.LOSSES) -> None:
    """Mirrors ``tf.contrib.losses.add_loss``: adds ``loss`` to ``loss_collection`` (nothing when eager)."""
    if loss_collection and not ctx_lib.executing_eagerly():
        ctx_lib.get_default_graph().add_to_collection(loss_collection, loss)


def compute_weighted_loss(losses, weights=1.0, scope=None):
    """Mirrors ``tf.contrib.losses.compute_weighted_loss`` (see the module docstring for how it differs from
    ``tf.compat.v1.losses.compute_weighted_loss``).

    Raises:
      ValueError: the rank of ``losses`` or ``weights`` is unknown."""
    with name_scope(scope, "weighted_loss", [losses, weights]):
        losses = convert_to_tensor(losses)
        input_dtype = losses.dtype
        losses = _to_float(losses)
        weights = _to_float(convert_to_tensor(weights))
        if losses.shape.ndims is None:
            raise ValueError("losses.get_shape().ndims cannot be None")
        if weights.shape.ndims is None:
            raise ValueError("weights.get_shape().ndims cannot be None")
        if weights.shape.ndims > 1 and weights.shape.dims[-1].is_compatible_with(1):
            weights = array_ops.squeeze(weights, [-1])
        total_loss = _scale_losses(losses, weights)
        mean_loss = _safe_div(reduction_ops.reduce_sum(total_loss), _num_present(losses, weights))
        mean_loss = math_ops.cast(mean_loss, input_dtype)
        add_loss(mean_loss)
        return mean_loss


def _check_shapes(a, b):
    a.shape.assert_is_compatible_with(b.shape)


def softmax_cross_entropy(logits, onehot_labels, weights=1.0, label_smoothing=0, scope=None):
    """Mirrors ``tf.contrib.losses.softmax_cross_entropy`` (``slim.losses``): logits first; labels smoothed
    towards 1/num_classes."""
    with name_scope(scope, "softmax_cross_entropy_loss", [logits, onehot_labels, weights]) as scope:
        logits, onehot_labels = convert_to_tensor(logits), convert_to_tensor(onehot_labels)
        _check_shapes(logits, onehot_labels)
        onehot_labels = math_ops.cast(onehot_labels, logits.dtype)
        if label_smoothing > 0:
            num_classes = math_ops.cast(array_ops.shape(onehot_labels)[1], logits.dtype)
            onehot_labels = onehot_labels * (1.0 - label_smoothing) + label_smoothing / num_classes
        losses = nn_ops.softmax_cross_entropy_with_logits_v2(labels=onehot_labels, logits=logits, name="xentropy")
        return compute_weighted_loss(losses, weights, scope=scope)


def sigmoid_cross_entropy(logits, multi_class_labels, weights=1.0, label_smoothing=0, scope=None):
    """Mirrors ``tf.contrib.losses.sigmoid_cross_entropy``: logits first; labels smoothed towards 1/2."""
    with name_scope(scope, "sigmoid_cross_entropy_loss", [logits, multi_class_labels, weights]) as scope:
        logits, multi_class_labels = convert_to_tensor(logits), convert_to_tensor(multi_class_labels)
        _check_shapes(logits, multi_class_labels)
        multi_class_labels = math_ops.cast(multi_class_labels, logits.dtype)
        if label_smoothing > 0:
            multi_class_labels = multi_class_labels * (1 - label_smoothing) + 0.5 * label_smoothing
        losses = nn_ops.sigmoid_cross_entropy_with_logits(labels=multi_class_labels, logits=logits,
                                                          name="xentropy")
        return compute_weighted_loss(losses, weights, scope=scope)


def sparse_softmax_cross_entropy(logits, labels, weights=1.0, scope=None):
    """Mirrors ``tf.contrib.losses.sparse_softmax_cross_entropy``: labels ``[batch]`` or ``[batch, 1]``."""
    with name_scope(scope, "sparse_softmax_cross_entropy_loss", [logits, labels, weights]) as scope:
        labels = convert_to_tensor(labels)
        labels = array_ops.reshape(labels, [array_ops.shape(labels)[0]])
        losses = nn_ops.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits, name="xentropy")
        return compute_weighted_loss(losses, weights, scope=scope)


def _float_pair(predictions, labels):
    predictions, labels = convert_to_tensor(predictions), convert_to_tensor(labels)
    _check_shapes(predictions, labels)
    return _to_float(predictions), _to_float(labels)


def mean_squared_error(predictions, labels=None, weights=1.0, scope=None):
    """Mirrors ``tf.contrib.losses.mean_squared_error``: predictions first."""
    with name_scope(scope, "mean_squared_error", [predictions, labels, weights]) as scope:
        predictions, labels = _float_pair(predictions, labels)
        losses = math_ops.square(math_ops.subtract(predictions, labels))
        return compute_weighted_loss(losses, weights, scope=scope)


def absolute_difference(predictions, labels=None, weights=1.0, scope=None):
    """Mirrors ``tf.contrib.losses.absolute_difference``: predictions first."""
    with name_scope(scope, "absolute_difference", [predictions, labels, weights]) as scope:
        predictions, labels = _float_pair(predictions, labels)
        losses = math_ops.abs(math_ops.subtract(predictions, labels))
        return compute_weighted_loss(losses, weights, scope=scope)


def log_loss(predictions, labels=None, weights=1.0, epsilon=1e-7, scope=None):
    """Mirrors ``tf.contrib.losses.log_loss``: predictions first."""
    with name_scope(scope, "log_loss", [predictions, labels, weights]) as scope:
        predictions, labels = _float_pair(predictions, labels)
        losses = (-math_ops.multiply(labels, math_ops.log(predictions + epsilon))
                  - math_ops.multiply(1 - labels, math_ops.log(1 - predictions + epsilon)))
        return compute_weighted_loss(losses, weights, scope=scope)


def hinge_loss(logits, labels=None, scope=None):
    """Mirrors ``tf.contrib.losses.hinge_loss``: the *unreduced* ``relu(1 - (2 * labels - 1) * logits)``
    (not added to LOSSES)."""
    with name_scope(scope, "hinge_loss", [logits, labels]):
        logits, labels = convert_to_tensor(logits), convert_to_tensor(labels)
        _check_shapes(logits, labels)
        labels = _to_float(labels)
        all_ones = array_ops.ones_like(labels)
        labels = math_ops.subtract(2 * labels, all_ones)
        return nn_ops.relu(math_ops.subtract(all_ones, math_ops.multiply(labels, logits)))


def cosine_distance(predictions, labels=None, axis=None, weights=1.0, scope=None, dim=None):
    """Mirrors ``tf.contrib.losses.cosine_distance``: ``1 - sum(predictions * labels, axis)`` (unit inputs).

    Raises:
      ValueError: no ``axis`` (nor ``dim``)."""
    if axis is None:
        axis = dim
    if axis is None:
        raise ValueError("You must specify 'axis'.")
    with name_scope(scope, "cosine_distance_loss", [predictions, labels, weights]) as scope:
        predictions, labels = _float_pair(predictions, labels)
        losses = 1 - reduction_ops.reduce_sum(math_ops.multiply(predictions, labels), axis=[axis])
        return compute_weighted_loss(losses, weights, scope=scope)


def get_losses(scope=None, loss_collection=GraphKeys.LOSSES) -> list:
    """Mirrors ``tf.contrib.losses.get_losses``."""
    return ctx_lib.get_default_graph().get_collection(loss_collection, scope)


def get_regularization_losses(scope=None) -> list:
    """Mirrors ``tf.contrib.losses.get_regularization_losses``."""
    return ctx_lib.get_default_graph().get_collection(GraphKeys.REGULARIZATION_LOSSES, scope)


def get_total_loss(add_regularization_losses=True, name="total_loss"):
    """Mirrors ``tf.contrib.losses.get_total_loss``: ``add_n`` of LOSSES (+ REGULARIZATION_LOSSES).

    Raises:
      ValueError: there are no losses (TF: add_n of an empty list)."""
    losses = get_losses()
    if add_regularization_losses:
        losses += get_regularization_losses()
    return math_ops.add_n(losses, name=name)
