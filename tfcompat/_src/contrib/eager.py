"""``tf.contrib.eager`` (``tfe``) of TF 1.15 (``contrib/eager/python/tfe.py``): the eager helpers that have a
direct TF 2.x counterpart. ``Iterator`` is TF2's eager dataset iterator (refusing graph mode, as TF 1.15's
``contrib/eager/python/datasets.py``), ``Variable`` the resource variable, ``implicit_*`` TF's
``backprop.implicit_val_and_grad``/``implicit_grad`` (gradients of a function's result with respect to every
trainable variable it read)."""
from __future__ import annotations

from typing import Callable

from tfcompat._src.autodiff.tape import GradientTape
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import nest
from tfcompat._src.data.iterator_ops import OwnedIterator
from tfcompat._src.runtime.config import list_physical_devices

__all__ = ["Iterator", "implicit_gradients", "implicit_value_and_gradients", "num_gpus"]


class Iterator(OwnedIterator):
    """Mirrors ``tf.contrib.eager.Iterator``: a Python iterator over a ``tf.data.Dataset`` when executing
    eagerly (also ``next()`` and ``get_next()``).

    Raises:
      RuntimeError: created in graph mode."""

    def __init__(self, dataset):
        if not ctx_lib.executing_eagerly():
            raise RuntimeError(
                "{} objects can only be used when eager execution is enabled, use "
                "tf.data.Dataset.make_initializable_iterator or tf.data.Dataset.make_one_shot_iterator for graph "
                "construction".format(type(self)))
        super().__init__(dataset)

    def next(self):
        """``__next__`` under its Python 2 name."""
        return self.__next__()


def implicit_value_and_gradients(f: Callable) -> Callable:
    """Mirrors ``tf.contrib.eager.implicit_value_and_gradients``: ``grad_fn(*args, **kwargs) -> (f's value,
    [(gradient, variable), ...])`` for the trainable variables ``f`` read (creation order), the gradient being
    that of the sum of ``f``'s (flattened) results.

    Raises:
      ValueError: ``f`` returned None, or read no trainable variable."""
    def grad_fn(*args, **kwargs):
        with GradientTape() as tape:
            end_node = f(*args, **kwargs)
            if end_node is None:
                raise ValueError("Cannot differentiate a function that returns None; did you forget to return a "
                                 "value from {}?".format(f.__name__))
        variables = tape.watched_variables()
        if not variables:
            raise ValueError("No trainable variables were accessed while the function was being computed.")
        grads = tape.gradient(nest.flatten(end_node), list(variables))
        return end_node, list(zip(grads, variables))
    return grad_fn


def implicit_gradients(f: Callable) -> Callable:
    """Mirrors ``tf.contrib.eager.implicit_gradients``: ``implicit_value_and_gradients`` without the value."""
    def grad_fn(*args, **kwargs):
        return implicit_value_and_gradients(f)(*args, **kwargs)[1]
    return grad_fn


def num_gpus() -> int:
    """Mirrors ``tf.contrib.eager.num_gpus``: the number of visible GPUs."""
    return len(list_physical_devices("GPU"))
