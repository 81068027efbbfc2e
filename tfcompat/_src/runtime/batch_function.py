"""``tf.nondifferentiable_batch_function``: TF's decorator that batches concurrent calls of a function (op
``BatchFunction``). tfcompat runs each call on its own (one caller at a time is what a script sees); the results
are the same, and, as TF's op has no gradient, a gradient through them raises LookupError."""
from __future__ import annotations

from tfcompat._src.framework.nest import map_structure
from tfcompat._src.ops.toplevel_raw_ops import batch_function_output
from tfcompat._src.runtime.function import function

__all__ = ["nondifferentiable_batch_function"]


def nondifferentiable_batch_function(num_batch_threads, max_batch_size, batch_timeout_micros,
                                     allowed_batch_sizes=None, max_enqueued_batches=10, autograph=True,
                                     enable_large_batch_splitting=True):
    """Mirrors ``tf.nondifferentiable_batch_function``: a decorator running the function as a ``tf.function``
    whose outputs must have a batch dimension; every argument must be a tensor.

    Difference: concurrent calls are not merged into one batch (the batching parameters only change speed in
    TF, not values)."""
    def decorator(fn):
        traced = function(fn, autograph=autograph)

        def decorated(*args):
            for arg in args:
                if not hasattr(arg, "dtype"):
                    raise AttributeError(f"'{type(arg).__name__}' object has no attribute 'dtype'")
            return map_structure(batch_function_output, traced(*args))
        decorated.__name__ = getattr(fn, "__name__", "batch_function")
        decorated.__doc__ = getattr(fn, "__doc__", None)
        return decorated
    return decorator
