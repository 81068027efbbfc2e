"""Dispatch of the elementwise, reduction and concat wrappers to composite tensors (TF's op dispatch for
``tf.RaggedTensor``): the one documented hook through which a higher layer (``ops/ragged``) serves
``tf.add(rt, 1)``, ``tf.math.sqrt(rt)``, ``tf.reduce_sum(rt, axis=1)`` and ``tf.concat([rt1, rt2], 0)``.

A handler registers for a class; the funnels of the wrappers (``math_ops._unary``/``_binary``/``add``/
``cast``/``abs``, ``reduction_ops._reduce``, ``array_ops.concat``/``zeros_like``/``ones_like``) ask :func:`handler_for` first and pass the call on unchanged
when no argument is a registered composite."""
from __future__ import annotations

from typing import Any

__all__ = ["HANDLERS", "register_handler", "handler_for"]

# composite class -> handler object with ``unary(op_type, x, name)``, ``binary(op_type, x, y, name)``,
# ``reduce(op_type, x, axis, keepdims, name)``, ``concat(values, axis, name)`` and ``map_flat(fn, x, *args,
# **kwargs)`` (``fn`` applied to the composite's values: ``cast``, ``abs``, ``zeros_like``, ``ones_like``).
HANDLERS: dict[type, Any] = {}


def register_handler(cls: type, handler) -> None:
    """Routes the wrapper funnels to ``handler`` when an argument is a ``cls``."""
    HANDLERS[cls] = handler


def handler_for(*values):
    """The handler of the first registered composite among ``values`` (list arguments searched one level),
    or None."""
    for v in values:
        h = HANDLERS.get(type(v))
        if h is not None:
            return h
        if isinstance(v, (list, tuple)):
            for item in v:
                h = HANDLERS.get(type(item))
                if h is not None:
                    return h
    return None
