"""``tf.contrib.layers`` (``slim``) composition helpers of TF 1.15: ``repeat``, ``stack`` and
``one_hot_encoding`` (``contrib/layers/python/layers/layers.py``)."""
from __future__ import annotations

from tfcompat._src.contrib.arg_scope import add_arg_scope
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_ops, math_ops
from tfcompat._src.ops import variable_scope as vs

__all__ = ["one_hot_encoding", "repeat", "stack"]


def _layer_scope_name(layer, fallback: str) -> str:
    # TF names the sub-scopes after the layer function (a functools.partial's func), else `fallback`.
    if hasattr(layer, "__name__"):
        return layer.__name__
    if hasattr(layer, "func") and hasattr(layer.func, "__name__"):
        return layer.func.__name__
    return fallback


def repeat(inputs, repetitions: int, layer, *args, **kwargs):
    """Mirrors ``tf.contrib.layers.repeat`` (``slim.repeat``): ``layer`` applied ``repetitions`` times in
    variable scope ``scope`` (default 'Repeat'), the i-th call with ``scope='<scope>_<i>'``."""
    scope = kwargs.pop("scope", None)
    with vs.variable_scope(scope, "Repeat", [inputs]):
        outputs = convert_to_tensor(inputs)
        if scope is None:
            scope = _layer_scope_name(layer, "repeat")
        for i in range(repetitions):
            kwargs["scope"] = scope + "_" + str(i + 1)
            outputs = layer(outputs, *args, **kwargs)
        return outputs


def stack(inputs, layer, stack_args, **kwargs):
    """Mirrors ``tf.contrib.layers.stack`` (``slim.stack``): ``layer`` applied once per entry of ``stack_args``
    (positional arguments; a non-sequence entry is one argument) in variable scope ``scope`` (default 'Stack'),
    the i-th call with ``scope='<scope>_<i>'``.

    Raises:
      ValueError: ``stack_args`` not a list or tuple."""
    scope = kwargs.pop("scope", None)
    if not isinstance(stack_args, (list, tuple)):
        raise ValueError("stack_args need to be a list or tuple")
    with vs.variable_scope(scope, "Stack", [inputs]):
        outputs = convert_to_tensor(inputs)
        if scope is None:
            scope = _layer_scope_name(layer, "stack")
        for i, layer_args in enumerate(stack_args):
            kwargs["scope"] = scope + "_" + str(i + 1)
            if not isinstance(layer_args, (list, tuple)):
                layer_args = [layer_args]
            outputs = layer(outputs, *layer_args, **kwargs)
        return outputs


@add_arg_scope
def one_hot_encoding(labels, num_classes: int, on_value=1.0, off_value=0.0, outputs_collections=None, scope=None):
    """Mirrors ``tf.contrib.layers.one_hot_encoding`` (``slim.one_hot_encoding``): ``tf.one_hot`` (float32 by the
    default on/off values) of int32 labels cast to int64 first, under name scope 'OneHotEncoding'."""
    with name_scope(scope, "OneHotEncoding", [labels, num_classes]) as sc:
        labels = convert_to_tensor(labels)
        if labels.dtype == dtypes.int32:
            labels = math_ops.cast(labels, dtypes.int64)
        outputs = array_ops.one_hot(labels, num_classes, on_value=on_value, off_value=off_value)
        if outputs_collections:
            graph = ctx_lib.get_default_graph()
            for collection in outputs_collections:
                graph.add_to_collection(collection, outputs)
        return outputs
