"""Keras loss reduction and shape helpers (mirrors tf-keras's ``utils/losses_utils.py``), shared by losses and
metrics, plus the two tensor annotations Keras reads: ``_keras_logits`` (the logits behind a softmax/sigmoid
output) and ``_keras_mask``.

tfcompat tensors have ``__slots__``, so the annotations live in side tables (``framework/tensor_annotations``)
keyed by the tensor's identity and dropped when the tensor dies; use :func:`set_keras_logits`/:func:`keras_logits`
and :func:`set_keras_mask`/:func:`get_mask` (``tensor._keras_mask`` reads and writes the same table).

Difference: squeezing decisions use static ranks; with an unknown static rank nothing is squeezed (tf-keras
decides at run time)."""
from __future__ import annotations

from tfcompat._src.framework import dtypes, tensor_annotations
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_ops, math_ops, reduction_ops
from tfcompat._src.ops.confusion_matrix import remove_squeezable_dimensions

__all__ = ["ReductionV2", "remove_squeezable_dimensions", "squeeze_or_expand_dimensions", "reduce_weighted_loss",
           "compute_weighted_loss", "get_mask", "set_keras_mask", "apply_mask", "apply_valid_mask",
           "keras_logits", "set_keras_logits", "cast_losses_to_common_dtype"]


class ReductionV2:
    """Mirrors ``tf.keras.losses.Reduction``: how a ``Loss`` reduces the per-sample losses.

    ``AUTO`` means ``SUM_OVER_BATCH_SIZE`` (tf-keras's error for AUTO under a distribution strategy does not
    apply: tfcompat has none)."""

    AUTO = "auto"
    NONE = "none"
    SUM = "sum"
    SUM_OVER_BATCH_SIZE = "sum_over_batch_size"

    @classmethod
    def all(cls):
        """The valid reduction keys."""
        return (cls.AUTO, cls.NONE, cls.SUM, cls.SUM_OVER_BATCH_SIZE)

    @classmethod
    def validate(cls, key):
        """Raises ValueError (Keras's message) for an unknown key."""
        if key not in cls.all():
            raise ValueError(f'Invalid Reduction Key: {key}. Expected keys are "{cls.all()}"')


# ------------------------------------------------------------------------------------------------
# tensor annotations (Keras sets attributes on tf.Tensor; tfcompat keeps side tables)
# ------------------------------------------------------------------------------------------------
def set_keras_logits(output, logits) -> None:
    """Records ``logits`` as the pre-activation input of the softmax/sigmoid ``output`` (Keras's
    ``output._keras_logits = logits``)."""
    tensor_annotations.KERAS_LOGITS.set(output, logits)


def keras_logits(output):
    """The logits recorded by :func:`set_keras_logits` for ``output``, or None."""
    return tensor_annotations.KERAS_LOGITS.get(output)


def set_keras_mask(tensor, mask) -> None:
    """Records ``mask`` as ``tensor``'s Keras mask (Keras's ``tensor._keras_mask = mask``)."""
    tensor_annotations.KERAS_MASK.set(tensor, mask)


def get_mask(tensor):
    """Mirrors ``losses_utils.get_mask``: the Keras mask of ``tensor``, or None."""
    return tensor_annotations.KERAS_MASK.get(tensor)


# ------------------------------------------------------------------------------------------------
# shapes
# ------------------------------------------------------------------------------------------------
def squeeze_or_expand_dimensions(y_pred, y_true=None, sample_weight=None):
    """Mirrors ``losses_utils.squeeze_or_expand_dimensions``: drops a size-1 last dimension that makes
    ``y_pred`` and ``y_true`` ranks differ by one, and squeezes or expands ``sample_weight`` by one dimension
    to ``y_pred``'s rank.

    Returns:
      ``(y_pred, y_true)`` when ``sample_weight`` is None, else ``(y_pred, y_true, sample_weight)``."""
    y_pred_rank = y_pred.shape.rank
    if y_true is not None:
        y_true_rank = y_true.shape.rank
        if y_true_rank is not None and y_pred_rank is not None:
            if (y_pred_rank - y_true_rank != 1) or y_pred.shape[-1] == 1:
                y_true, y_pred = remove_squeezable_dimensions(y_true, y_pred)
    if sample_weight is None:
        return y_pred, y_true
    weights_rank = sample_weight.shape.rank
    if weights_rank == 0:
        return y_pred, y_true, sample_weight
    if y_pred_rank is not None and weights_rank is not None:
        if weights_rank - y_pred_rank == 1:
            sample_weight = array_ops.squeeze(sample_weight, [-1])
        elif y_pred_rank - weights_rank == 1:
            sample_weight = array_ops.expand_dims(sample_weight, -1)
    return y_pred, y_true, sample_weight


# ------------------------------------------------------------------------------------------------
# reduction
# ------------------------------------------------------------------------------------------------
def _num_elements(losses):
    with name_scope("num_elements"):
        return math_ops.cast(array_ops.size(losses), losses.dtype)


def reduce_weighted_loss(weighted_losses, reduction=ReductionV2.SUM_OVER_BATCH_SIZE):
    """Mirrors ``losses_utils.reduce_weighted_loss``: the losses as they are (NONE), their sum (SUM), or the
    sum divided by the number of elements (SUM_OVER_BATCH_SIZE, 0 for no elements)."""
    if reduction == ReductionV2.NONE:
        return weighted_losses
    loss = reduction_ops.reduce_sum(weighted_losses)
    if reduction == ReductionV2.SUM_OVER_BATCH_SIZE:
        loss = math_ops.divide_no_nan(reduction_ops.reduce_sum(loss), _num_elements(weighted_losses),
                                      name="value")
    return loss


def compute_weighted_loss(losses, sample_weight=None, reduction=ReductionV2.SUM_OVER_BATCH_SIZE, name=None):
    """Mirrors ``tf.keras.__internal__.losses.compute_weighted_loss``: ``losses * sample_weight`` (after
    squeezing/expanding the weight by one dimension), reduced. Integer losses are reduced in float32 and cast
    back.

    Raises:
      ValueError: an invalid reduction. InvalidArgumentError: weights that do not broadcast (eager)."""
    ReductionV2.validate(reduction)
    if reduction == ReductionV2.AUTO:
        reduction = ReductionV2.SUM_OVER_BATCH_SIZE
    if sample_weight is None:
        sample_weight = 1.0
    with name_scope(name or "weighted_loss"):
        losses = convert_to_tensor(losses)
        sample_weight = convert_to_tensor(sample_weight)
        input_dtype = None
        if not losses.dtype.is_floating:
            input_dtype = losses.dtype
            losses = math_ops.cast(losses, dtypes.float32)
        sample_weight = math_ops.cast(sample_weight, losses.dtype)
        losses, _, sample_weight = squeeze_or_expand_dimensions(losses, None, sample_weight)
        loss = reduce_weighted_loss(math_ops.multiply(losses, sample_weight), reduction)
        if input_dtype is not None:
            loss = math_ops.cast(loss, input_dtype)
        return loss


def cast_losses_to_common_dtype(losses):
    """Mirrors ``losses_utils.cast_losses_to_common_dtype``: all to the widest float dtype among them (float32
    when float16 meets bfloat16); unchanged if any is complex."""
    highest = None
    for loss in losses:
        if loss.dtype.is_complex:
            return losses
        if loss.dtype.is_floating:
            if highest is None or loss.dtype.size > highest.size:
                highest = loss.dtype
            elif {loss.dtype.name, highest.name} == {"bfloat16", "float16"}:
                highest = dtypes.float32
    if highest is not None:
        losses = [math_ops.cast(loss, highest) for loss in losses]
    return losses


# ------------------------------------------------------------------------------------------------
# masks
# ------------------------------------------------------------------------------------------------
def apply_mask(y_p, sw, mask):
    """Mirrors ``losses_utils.apply_mask``: the sample weight multiplied by the mask (or the mask alone)."""
    if mask is not None:
        mask = math_ops.cast(mask, y_p.dtype)
        if sw is not None:
            sw = math_ops.cast(sw, mask.dtype)
            mask, _, sw = squeeze_or_expand_dimensions(mask, sample_weight=sw)
            sw = math_ops.multiply(sw, mask)
        else:
            sw = mask
    return sw


def apply_valid_mask(losses, sw, mask, reduction):
    """Mirrors ``losses_utils.apply_valid_mask``: as :func:`apply_mask`, with the mask rescaled by
    ``size / sum(mask)`` for AUTO and SUM_OVER_BATCH_SIZE, so the mean runs over the valid entries only."""
    if mask is not None:
        mask = math_ops.cast(mask, losses.dtype)
        if reduction in (ReductionV2.AUTO, ReductionV2.SUM_OVER_BATCH_SIZE):
            total = math_ops.cast(array_ops.size(mask), losses.dtype)
            valid = reduction_ops.reduce_sum(mask)
            mask = math_ops.multiply(mask, math_ops.truediv(total, valid))
    return apply_mask(losses, sw, mask)
