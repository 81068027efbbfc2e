"""Gradient-shaping decorators built on ``custom_gradient`` (mirrors ``tf.grad_pass_through`` and
``tf.recompute_grad``)."""
from __future__ import annotations

import functools
from typing import Callable

from tfcompat._src.autodiff.custom_gradient import custom_gradient

__all__ = ["grad_pass_through", "recompute_grad"]


def grad_pass_through(f: Callable) -> Callable:
    """Mirrors ``tf.grad_pass_through``: calls ``f`` forward; backward, the upstream gradient passes to the
    inputs unchanged (as if ``f`` were the identity), and variables ``f`` reads get no gradient."""
    @custom_gradient
    def _grad_pass_through_op(*args, **kwargs):
        def grad(*dys, **grad_kwargs):
            variables = grad_kwargs.get("variables")
            if variables is not None:
                return dys, [None] * len(variables)
            return dys
        return f(*args, **kwargs), grad

    return functools.wraps(f)(_grad_pass_through_op)


def recompute_grad(f: Callable) -> Callable:
    """Mirrors ``tf.recompute_grad``: ``f`` with the same values and gradients. TF recomputes ``f``'s
    activations during the backward pass to save memory; tfcompat keeps them (torch autograd), so memory use is
    that of calling ``f`` directly."""
    @functools.wraps(f)
    def inner(*args, **kwargs):
        return f(*args, **kwargs)

    return inner
