"""``slim.learning.create_train_op`` of TF 1.15 (``contrib/slim/python/slim/learning.py`` over
``contrib/training/python/training/training.py``): the train op is the total loss (numerics-checked) run after
the optimizer's update, itself after the UPDATE_OPS."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.framework.indexed_slices import IndexedSlices
from tfcompat._src.framework.name_scope import control_dependencies, name_scope
from tfcompat._src.ops import clip_ops, control_flow_ops, debugging_ops
from tfcompat._src.ops.state_ops import trainable_variables
from tfcompat._src.runtime import tf_logging
from tfcompat._src.runtime.training.global_step import get_or_create_global_step

__all__ = ["clip_gradient_norms", "create_train_op", "multiply_gradients"]

_USE_DEFAULT = object()
_GATE_OP = 1


def clip_gradient_norms(gradients_to_variables, max_norm):
    """Mirrors ``slim.learning.clip_gradient_norms``: each gradient (an IndexedSlices' values) clipped to
    ``max_norm`` by ``clip_by_norm``."""
    clipped = []
    for grad, var in gradients_to_variables:
        if grad is not None:
            if isinstance(grad, IndexedSlices):
                grad = IndexedSlices(clip_ops.clip_by_norm(grad.values, max_norm), grad.indices, grad.dense_shape)
            else:
                grad = clip_ops.clip_by_norm(grad, max_norm)
        clipped.append((grad, var))
    return clipped


def _multiplier_for(var, gradient_multipliers):
    for key, value in gradient_multipliers.items():
        if key is var or (isinstance(key, str) and key == var.op.name):
            return value
    return None


def multiply_gradients(grads_and_vars, gradient_multipliers):
    """Mirrors ``slim.learning.multiply_gradients``: gradients of the variables named in
    ``gradient_multipliers`` (by variable or op name) scaled by their multiplier.

    Raises:
      ValueError: ``grads_and_vars`` not a list; a multiplied variable without a gradient."""
    if not isinstance(grads_and_vars, list):
        raise ValueError("`grads_and_vars` must be a list.")
    if not gradient_multipliers:
        raise ValueError("`gradient_multipliers` is empty.")
    multiplied = []
    for grad, var in grads_and_vars:
        multiplier = _multiplier_for(var, gradient_multipliers)
        if multiplier is not None:
            if grad is None:
                raise ValueError("Requested multiple of `None` gradient.")
            if isinstance(grad, IndexedSlices):
                grad = IndexedSlices(grad.values * convert_to_tensor(multiplier, dtype=grad.dtype), grad.indices,
                                     grad.dense_shape)
            else:
                grad = grad * convert_to_tensor(multiplier, dtype=grad.dtype)
        multiplied.append((grad, var))
    return multiplied


def create_train_op(total_loss, optimizer, global_step=_USE_DEFAULT, update_ops=None, variables_to_train=None,
                    clip_gradient_norm=0, summarize_gradients=False, gate_gradients=_GATE_OP,
                    aggregation_method=None, colocate_gradients_with_ops=False, gradient_multipliers=None,
                    check_numerics=True):
    """Mirrors ``slim.learning.create_train_op``: a tensor that, when run, applies ``optimizer``'s update to
    ``variables_to_train`` (all trainable by default; gradients multiplied, then clipped by norm when asked),
    increments ``global_step`` (created when not given; None for none), runs after ``update_ops`` (default:
    UPDATE_OPS) and evaluates to the loss (``check_numerics``-checked). Added to ``GraphKeys.TRAIN_OP``.
    Differs: ``summarize_gradients`` is not supported (raises NotImplementedError)."""
    if summarize_gradients:
        raise NotImplementedError("create_train_op(summarize_gradients=True) is not supported by tfcompat.")
    graph = ctx_lib.get_default_graph()
    if global_step is _USE_DEFAULT:
        global_step = get_or_create_global_step()
    global_update_ops = list(graph.get_collection(GraphKeys.UPDATE_OPS))
    update_ops = global_update_ops if update_ops is None else list(update_ops)
    if not all(any(op is u for u in update_ops) for op in global_update_ops):
        tf_logging.warning("update_ops in create_train_op does not contain all the update_ops in "
                           "GraphKeys.UPDATE_OPS")
    if update_ops:
        with control_dependencies(update_ops):
            barrier = control_flow_ops.no_op(name="update_barrier")
        total_loss = control_flow_ops.with_dependencies([barrier], total_loss)
    if variables_to_train is None:
        variables_to_train = trainable_variables()
    assert variables_to_train
    grads = optimizer.compute_gradients(total_loss, variables_to_train, gate_gradients=gate_gradients,
                                        aggregation_method=aggregation_method,
                                        colocate_gradients_with_ops=colocate_gradients_with_ops)
    if gradient_multipliers:
        with name_scope("multiply_grads"):
            grads = multiply_gradients(grads, gradient_multipliers)
    if clip_gradient_norm > 0:
        with name_scope("clip_grads"):
            grads = clip_gradient_norms(grads, clip_gradient_norm)
    grad_updates = optimizer.apply_gradients(grads, global_step=global_step)
    with name_scope("train_op"):
        if check_numerics:
            total_loss = debugging_ops.check_numerics(total_loss, "LossTensor is inf or nan")
        train_op = control_flow_ops.with_dependencies([grad_updates], total_loss)
    if not any(t is train_op for t in graph.get_collection(GraphKeys.TRAIN_OP)):
        graph.add_to_collection(GraphKeys.TRAIN_OP, train_op)
    return train_op
