"""``tf.nn.sigmoid_cross_entropy_with_logits`` as one op, with TF's formula and TF's gradient of it.

TF builds the loss from ten ops (``nn_impl.sigmoid_cross_entropy_with_logits``)::

    cond = logits >= zeros_like(logits)
    loss = where(cond, logits, 0) - logits * labels + log1p(exp(where(cond, -logits, logits)))

and differentiates that composite op by op. Here the forward is the same expression with the same rounding
(``max(x, 0)`` and ``-|x|`` give the values of the two selects everywhere, NaN included: a NaN logit makes
``logits * labels`` NaN either way), and the backward is the sum TF's gradient graph computes, term by term:
``Log1pGrad`` ``g * reciprocal(1 + e)`` times ``ExpGrad``'s ``e`` (``e = exp(-|x|)``), the two selects' masks,
``MulGrad``'s ``-g * labels`` and ``-g * logits``. TF's eager tape adds the four logit terms in the order
``((select + mul) + neg_select) + select_false``, which is what is computed here (TF's graph-mode
``tf.gradients`` adds them in another order: results may differ from it in the last bit where ``logits >= 0``).
The backward uses differentiable torch ops, so second derivatives flow.

The op type ``SigmoidCrossEntropyWithLogits`` is tfcompat's (TF has no raw op of that name): a graph shows one
node named ``logistic_loss`` where TF shows the ten."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dispatch
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import FLOAT, Arg
from tfcompat._src.ops import shape_checks
from tfcompat._src.ops.grad_function import TFGradFunction

__all__ = ["logistic_loss_value"]

_ACCUMULATORS = dispatch.FORWARD_ACCUMULATORS


def _loss_and_exp(x: torch.Tensor, z: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    e = torch.exp(-torch.abs(x))
    return (torch.relu(x) - x * z) + torch.log1p(e), e


def logistic_loss_value(x: torch.Tensor, z: torch.Tensor) -> torch.Tensor:
    """TF's ``max(x, 0) - x * z + log1p(exp(-|x|))``, each op rounded as TF's."""
    return _loss_and_exp(x, z)[0]


class _LogisticLoss(TFGradFunction):
    @staticmethod
    def forward(ctx, x, z):
        e = torch.exp(-torch.abs(x))                      # _loss_and_exp, inlined (a call per step)
        ctx.save_for_backward(x, z, e)
        if _ACCUMULATORS:                                 # only the jvp twin (forward-mode AD) reads these
            ctx.save_for_forward(x, z)
        return (torch.relu(x) - x * z) + torch.log1p(e)

    @staticmethod
    def jvp(ctx, tx, tz):
        x, z = ctx.saved_tensors[:2]
        out = x.new_zeros(torch.broadcast_shapes(x.shape, z.shape))
        if tx is not None:
            e = torch.exp(-torch.abs(x))
            q = e / (1 + e)                                  # sigmoid(-|x|)
            out = out + tx * torch.where(x >= 0, (1 - z) - q, q - z)
        if tz is not None:
            out = out - tz * x
        return out

    @staticmethod
    def backward(ctx, g):
        x, z, e = ctx.saved_tensors
        neg_g = -g
        gx = gz = None
        if ctx.needs_input_grad[0]:
            cond = x >= 0
            if torch.is_grad_enabled():  # a differentiable backward: e from x, so that x's history is in it
                e = torch.exp(torch.where(cond, -x, x))
            gn = g * torch.reciprocal(1 + e) * e            # Log1pGrad, then ExpGrad
            b = neg_g * z                                    # MulGrad of the subtracted product
            # cond: (g + b) - gn (the relu select, the product, the negated select); else b + gn (the other
            # select). A NaN logit takes the second branch, as TF's selects do: NaN through e.
            gx = torch.where(cond, (g + b) - gn, b + gn)
            if gx.shape != x.shape:
                gx = gx.sum_to_size(x.shape)
        if ctx.needs_input_grad[1]:
            gz = neg_g * x
            if gz.shape != z.shape:
                gz = gz.sum_to_size(z.shape)
        return gx, gz


@register_op("SigmoidCrossEntropyWithLogits", grad=DIFFERENTIABLE, inputs=("logits", "labels"),
             types={"logits": Arg("T", FLOAT), "labels": Arg("T", FLOAT)},
             shape_check=shape_checks.broadcast, shape_fn=shape_checks.broadcast_spec())
def _logistic_loss(x, z):
    # Under a ForwardAccumulator too: torch's own tangents of relu/abs at 0 are not TF's selects'.
    if _ACCUMULATORS or (torch.is_grad_enabled() and (x.requires_grad or z.requires_grad)):
        return _LogisticLoss.apply(x, z)
    return logistic_loss_value(x, z)
