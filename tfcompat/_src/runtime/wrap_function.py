"""``tf.compat.v1.wrap_function``: a TF1-style function traced once into a graph and called like a
ConcreteFunction."""
from __future__ import annotations

from tfcompat._src.runtime.function import function

__all__ = ["wrap_function"]


def wrap_function(fn, signature, name=None):
    """Mirrors ``tf.compat.v1.wrap_function``: ``fn`` traced once for ``signature`` (a list of TensorSpecs, or
    None for no arguments), without AutoGraph. Returns a ConcreteFunction (TF: a ``WrappedFunction``, its
    subclass).

    Differences: a variable created inside ``fn`` raises ValueError (tf.function's rule; TF lifts it into the
    wrapped function), and ``WrappedFunction.prune`` is not provided."""
    traced = function(fn, input_signature=signature, autograph=False)
    if name is not None:
        traced.__name__ = name
    return traced.get_concrete_function()
