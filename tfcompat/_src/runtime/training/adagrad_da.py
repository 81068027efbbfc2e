"""``tf.compat.v1.train.AdagradDAOptimizer``: Adagrad Dual Averaging, with its update ops ``ResourceApplyAdagradDA``
and ``ResourceSparseApplyAdagradDA`` (TF's ``training_ops.cc`` kernels, term by term).

Per element, with ``g``/``gg`` the gradient and squared-gradient accumulators and ``T`` the global step read
before this step's increment, plus one (TF's ``_prepare``)::

    g += grad;  gg += grad * grad
    var = lr * -1 * sign(g) * max(|g| - T * l1, 0) / (l2 * T * lr + sqrt(gg))     if l1 > 0
    var = lr * g * -1 / (l2 * T * lr + sqrt(gg))                                    otherwise

The variable is recomputed from the accumulators (its previous value is not used). An ``IndexedSlices`` gradient
(summed over duplicate indices first, as TF's ``_apply_sparse_duplicate_indices``) updates only its rows of the
variable and of both accumulators."""
from __future__ import annotations

import torch

from tfcompat._src.framework.dispatch import no_grad
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.runtime.training.optimizer_v1 import Optimizer
from tfcompat._src.runtime.training import sparse_update_ops
from tfcompat._src.runtime.training.sparse_update_ops import SPARSE_OP_OF

__all__ = ["AdagradDAOptimizer"]

_HYPERS = ("lr", "l1", "l2", "global_step")


def _update_rows(var: torch.Tensor, g_acc: torch.Tensor, gg_acc: torch.Tensor, grad: torch.Tensor, h: dict):
    """TF's ApplyAdagradDA functor on matching tensors (accumulators in place); returns the new variable value."""
    lr, l1, l2, step = h["lr"], h["l1"], h["l2"], h["global_step"]
    g_acc.add_(grad)
    gg_acc.add_(grad * grad)
    den = l2 * step * lr + torch.sqrt(gg_acc)
    if bool(l1 > 0):
        return lr * -1.0 * torch.sign(g_acc) * torch.clamp_min(torch.abs(g_acc) - step * l1, 0.0) / den
    return lr * g_acc * -1.0 / den


def _hyper_dict(hyper, like: torch.Tensor) -> dict:
    # TF casts lr/l1/l2 to the variable's dtype in python; the kernel gets ``identity(global_step) + 1`` (the
    # optimizer's _prepare, in the step's integer dtype) and casts it.
    lr, l1, l2, step = hyper
    return {"lr": lr.to(device=like.device, dtype=like.dtype), "l1": l1.to(device=like.device, dtype=like.dtype),
            "l2": l2.to(device=like.device, dtype=like.dtype),
            "global_step": (step + 1).to(device=like.device, dtype=like.dtype)}


def _dense_kernel(*ts, variables, slots, after=None, **attrs):
    n = len(variables)
    grads, hyper = ts[:n], ts[n:]
    with no_grad():
        for i, v in enumerate(variables):
            var = v._writable_value()
            h = _hyper_dict(hyper, var)
            new = _update_rows(var, slots[0][i]._writable_value(), slots[1][i]._writable_value(),
                               grads[i].detach().to(var.dtype), h)
            var.copy_(new)
    return ()


def _sparse_kernel(values, indices, *hyper, variable, slots, after=None, **attrs):
    with no_grad():
        var = variable._writable_value()
        sparse_update_ops._check_indices(indices, var.shape[0], "ResourceSparseApplyAdagradDA")
        idx, g = sparse_update_ops._deduplicate(values.detach().to(var.dtype), indices)
        g_acc, gg_acc = (s._writable_value() for s in slots)
        g_rows, gg_rows = g_acc[idx], gg_acc[idx]
        var[idx] = _update_rows(var[idx], g_rows, gg_rows, g.reshape(g_rows.shape), _hyper_dict(hyper, var))
        g_acc[idx] = g_rows
        gg_acc[idx] = gg_rows
    return ()


register_op("ResourceApplyAdagradDA", grad=NOT_DIFFERENTIABLE, inputs=("grads",) + _HYPERS, same_type=(),
            list_input=True, num_outputs=0, stateful=True, writes_variables=True,
            shape_fn=lambda inputs, attrs: [])(_dense_kernel)
register_op("ResourceSparseApplyAdagradDA", grad=NOT_DIFFERENTIABLE, inputs=("values", "indices") + _HYPERS,
            same_type=(), num_outputs=0, stateful=True, writes_variables=True,
            shape_fn=lambda inputs, attrs: [])(_sparse_kernel)
# The optimizer base class finds a rule's sparse op in this table.
SPARSE_OP_OF["ResourceApplyAdagradDA"] = "ResourceSparseApplyAdagradDA"


class AdagradDAOptimizer(Optimizer):
    """Mirrors ``tf.compat.v1.train.AdagradDAOptimizer`` (slots ``gradient_accumulator``, zeros, and
    ``gradient_squared_accumulator``, ``initial_gradient_squared_accumulator_value``; see the module docstring for
    the update). ``global_step`` is the variable the training loop increments (``minimize(global_step=...)``).

    Raises:
      ValueError: ``initial_gradient_squared_accumulator_value`` is not positive (TF's message)."""

    _op_type = "ResourceApplyAdagradDA"
    _slot_specs = (("gradient_accumulator", None),
                   ("gradient_squared_accumulator", lambda opt: opt._initial_gradient_squared_accumulator_value))

    def __init__(self, learning_rate, global_step, initial_gradient_squared_accumulator_value=0.1,
                 l1_regularization_strength=0.0, l2_regularization_strength=0.0, use_locking=False,
                 name="AdagradDA"):
        if initial_gradient_squared_accumulator_value <= 0.0:
            raise ValueError(f"initial_gradient_squared_accumulator_value must be positive: "
                             f"{initial_gradient_squared_accumulator_value}")
        super().__init__(use_locking, name)
        self._learning_rate = learning_rate
        self._initial_gradient_squared_accumulator_value = initial_gradient_squared_accumulator_value
        self._l1_regularization_strength = l1_regularization_strength
        self._l2_regularization_strength = l2_regularization_strength
        self._global_step = global_step

    def _hypers(self, graph):
        return [self._hyper_value("learning_rate", self._learning_rate, graph),
                self._hyper_value("l1_regularization_strength", self._l1_regularization_strength, graph),
                self._hyper_value("l2_regularization_strength", self._l2_regularization_strength, graph),
                self._global_step]
