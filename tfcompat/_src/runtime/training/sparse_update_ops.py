"""TF1 optimizers' sparse updates: what ``tf.compat.v1.train.*Optimizer`` does with an ``IndexedSlices`` gradient
(the gradient of ``tf.gather`` / ``tf.nn.embedding_lookup``).

One registered op per rule, named after TF's kernel (``ResourceSparseApply*``), or, where TF's optimizer composes
python ops instead of one kernel, ``TF1Sparse*Update``. Inputs: the slices' values and indices, then the dense
rule's hyperparameters (``update_ops.HYPER_NAMES``); attributes: the variable, its slot variables and the rule's
attributes. As TF's ``_apply_sparse_duplicate_indices``, duplicate indices are summed first (unique +
unsorted segment sum); then:

* Momentum (TF1's, and Keras 2 legacy SGD's ``ResourceSparseApplyKerasMomentum``), Adagrad, RMSProp (centered
  too), Adadelta, Ftrl: TF's ``SparseApply*`` kernels apply the dense formula to the indexed rows only: the
  other rows of the variable *and of its slots* are left untouched (no momentum decay there). Here the dense
  rule of ``update_ops`` runs on the gathered rows, then they are written back, so the per-row arithmetic is
  the dense kernel's.
* GradientDescent: ``var[indices] += -lr * values`` (TF's resource_scatter_add; duplicates are not summed first).
* Adam (TF1 ``_apply_sparse_shared``): ``m = m * beta1`` and ``v = v * beta2`` on all rows, then
  ``m[idx] += g * (1 - beta1)``, ``v[idx] += g^2 * (1 - beta2)``, and all rows of var move by
  ``lr_t * m / (sqrt(v) + epsilon)``."""
from __future__ import annotations

import torch

from tfcompat._src.framework.dispatch import no_grad
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.runtime.training.update_ops import HYPER_NAMES, UPDATE_RULES

__all__ = ["SPARSE_OP_OF"]


def _deduplicate(values: torch.Tensor, indices: torch.Tensor):
    """(unique indices, summed values): TF's ``_deduplicate_indexed_slices``."""
    unique, inverse = torch.unique(indices.long(), sorted=False, return_inverse=True)
    summed = values.new_zeros((unique.shape[0],) + tuple(values.shape[1:])).index_add(0, inverse, values)
    return unique, summed


def _check_indices(indices: torch.Tensor, n_rows: int, op: str) -> None:
    if indices.numel() and (int(indices.min()) < 0 or int(indices.max()) >= n_rows):
        flat = indices.reshape(-1)
        bad = int(torch.nonzero((flat < 0) | (flat >= n_rows))[0])
        from tfcompat._src.framework import errors
        raise errors.InvalidArgumentError(f"{op}: indices[{bad}] = {int(flat[bad])} is not in [0, {n_rows})")


def _rows_kernel(dense_rule: str, op: str):
    update, hyper_names = UPDATE_RULES[dense_rule]

    def kernel(values, indices, *hyper, variable, slots, after=None, **attrs):
        with no_grad():
            var = variable._writable_value()
            _check_indices(indices, var.shape[0], op)
            h = {name: t.to(device=var.device, dtype=var.dtype) for name, t in zip(hyper_names, hyper)}
            idx, g = _deduplicate(values.detach().to(var.dtype), indices)
            slot_values = [s._writable_value() for s in slots]
            rows = [var[idx]]
            slot_rows = [[s[idx]] for s in slot_values]
            update(rows, slot_rows, [g], h, attrs)
            var[idx] = rows[0]
            for s, r in zip(slot_values, slot_rows):
                s[idx] = r[0]
            if after is not None:
                after(dict(zip(hyper_names, hyper)))
        return ()
    kernel.__name__ = op
    return kernel


def _gradient_descent_kernel(values, indices, lr, *, variable, slots, after=None, **attrs):
    with no_grad():
        var = variable._writable_value()
        _check_indices(indices, var.shape[0], "ResourceScatterAdd")
        var.index_add_(0, indices.reshape(-1).long(),
                       (-values.detach().to(var.dtype) * lr.to(var.dtype)).reshape((-1,) + tuple(var.shape[1:])))
    return ()


def _adam_kernel(values, indices, lr, beta1_power, beta2_power, beta1, beta2, epsilon, *, variable, slots,
                 after=None, **attrs):
    with no_grad():
        var = variable._writable_value()
        _check_indices(indices, var.shape[0], "Adam")
        dt = var.dtype
        lr, b1p, b2p, b1, b2, eps = (t.to(dt) for t in (lr, beta1_power, beta2_power, beta1, beta2, epsilon))
        idx, g = _deduplicate(values.detach().to(dt), indices)
        m, v = (s._writable_value() for s in slots)
        alpha = lr * torch.sqrt(1 - b2p) / (1 - b1p)
        m.mul_(b1)
        m.index_add_(0, idx, g * (1 - b1))
        v.mul_(b2)
        v.index_add_(0, idx, (g * g) * (1 - b2))
        var.sub_(alpha * m / (torch.sqrt(v) + eps))
        if after is not None:
            after({"beta1": beta1, "beta2": beta2})
    return ()


# dense rule -> the sparse op applying it to IndexedSlices
SPARSE_OP_OF = {
    "ResourceApplyGradientDescent": "TF1SparseGradientDescentUpdate",
    "ResourceApplyAdam": "TF1SparseAdamUpdate",
    "ResourceApplyMomentum": "ResourceSparseApplyMomentum",
    "ResourceApplyRMSProp": "ResourceSparseApplyRMSProp",
    "ResourceApplyAdagrad": "ResourceSparseApplyAdagrad",
    "ResourceApplyAdadelta": "ResourceSparseApplyAdadelta",
    "ResourceApplyFtrlV2": "ResourceSparseApplyFtrlV2",
    "KerasSGDUpdate": "ResourceSparseApplyKerasMomentum",   # Keras 2 legacy SGD with momentum
}

_KERNELS = {"TF1SparseGradientDescentUpdate": _gradient_descent_kernel, "TF1SparseAdamUpdate": _adam_kernel}

for _dense, _sparse in SPARSE_OP_OF.items():
    register_op(_sparse, grad=NOT_DIFFERENTIABLE, inputs=("values", "indices") + HYPER_NAMES[_dense], same_type=(),
                num_outputs=0, stateful=True, writes_variables=True, shape_fn=lambda inputs, attrs: [])(
        _KERNELS.get(_sparse) or _rows_kernel(_dense, _sparse))
