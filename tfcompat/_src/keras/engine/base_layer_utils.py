"""Helpers of ``Layer.__call__``: the call context (which layer is being called, the propagated ``training``
value), a layer's call-signature spec, name conversion and input conversion."""
from __future__ import annotations

import collections.abc
import contextlib
import inspect
import re
import threading

import numpy as np

from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import SymbolicTensor, Tensor
from tfcompat._src.keras.engine import composite_inputs

__all__ = ["call_context", "CallSpec", "to_snake_case", "convert_inputs", "symbolic_graph_of", "keras_get"]


class CallContext(threading.local):
    """Keras' call context: the stack of layers being called and the ``training`` value they propagate."""

    def __init__(self):
        self.layer = None
        self.depth = 0
        self.training = None
        self.frozen = False      # inside a layer's call with trainable=False (BatchNorm runs in inference)

    @property
    def in_call(self) -> bool:
        return self.depth > 0

    def enter(self, layer, training):
        """A context manager: ``layer`` is being called (with ``training``, when not None, propagated)."""
        return _EnteredCall(self, layer, training)

    @contextlib.contextmanager
    def outside(self):
        """Runs the body as if no layer were being called (tf-keras builds Sequential's inferred graph network
        on KerasTensors, which record nodes even inside an outer call)."""
        saved = self.layer, self.training, self.depth, self.frozen
        self.layer, self.training, self.depth, self.frozen = None, None, 0, False
        try:
            yield self
        finally:
            self.layer, self.training, self.depth, self.frozen = saved


class _EnteredCall:
    # A class rather than a generator context manager: entered on every layer call.
    __slots__ = ("_context", "_layer", "_training", "_saved")

    def __init__(self, context, layer, training):
        self._context = context
        self._layer = layer
        self._training = training

    def __enter__(self):
        context = self._context
        self._saved = context.layer, context.training
        context.layer = self._layer
        if self._training is not None:
            context.training = self._training
        context.depth += 1
        return context

    def __exit__(self, *exc):
        context = self._context
        context.depth -= 1
        context.layer, context.training = self._saved
        return False


_CALL_CONTEXT = CallContext()


def call_context() -> CallContext:
    return _CALL_CONTEXT


class CallSpec:
    """What a layer's ``call`` accepts: its argument names, whether it takes ``training``/``mask`` (or
    ``**kwargs``), and the default of ``training``."""

    def __init__(self, call_fn):
        sig = inspect.signature(call_fn)
        params = list(sig.parameters.values())
        self.arg_names = [p.name for p in params if p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD)]
        self.accepts_kwargs = any(p.kind is p.VAR_KEYWORD for p in params)
        self.accepts_varargs = any(p.kind is p.VAR_POSITIONAL for p in params)
        names = {p.name for p in params}
        self.expects_training = "training" in names or self.accepts_kwargs
        self.expects_mask = "mask" in names or self.accepts_kwargs
        self.defaults = {p.name: p.default for p in params if p.default is not p.empty}
        self.first_arg = self.arg_names[0] if self.arg_names else None

    def split_out_first_arg(self, args, kwargs):
        """(inputs, other args, kwargs): the first argument of ``call`` is the layer's inputs."""
        if args:
            return args[0], args[1:], kwargs
        if self.first_arg is not None and self.first_arg in kwargs:
            kwargs = dict(kwargs)
            inputs = kwargs.pop(self.first_arg)
            return inputs, args, kwargs
        raise ValueError("The first argument to `Layer.call` must always be passed.")

    def _position(self, name):
        # Index of ``name`` in ``args`` (which excludes the inputs).
        if name in self.arg_names:
            return self.arg_names.index(name) - 1
        return None

    def arg_was_passed(self, name, args, kwargs) -> bool:
        if name in kwargs:
            return True
        pos = self._position(name)
        return pos is not None and 0 <= pos < len(args)

    def get_arg_value(self, name, args, kwargs):
        if name in kwargs:
            return kwargs[name]
        pos = self._position(name)
        if pos is not None and 0 <= pos < len(args):
            return args[pos]
        return None

    def set_arg_value(self, name, value, args, kwargs, pop_kwarg_if_none=False):
        pos = self._position(name)
        if pos is not None and 0 <= pos < len(args):
            args = list(args)
            args[pos] = value
            return tuple(args), kwargs
        kwargs = dict(kwargs)
        if value is None and pop_kwarg_if_none:
            kwargs.pop(name, None)
        else:
            kwargs[name] = value
        return args, kwargs

    def default(self, name):
        return self.defaults.get(name)


_CAMEL_1 = re.compile(r"(.)([A-Z][a-z]+)")   # tf-keras's regex exactly (ConvLSTM1D -> conv_lstm1d)
_CAMEL_2 = re.compile(r"([a-z])([A-Z])")


def to_snake_case(name: str) -> str:
    """Keras' ``to_snake_case``: 'Conv2DTranspose' -> 'conv2d_transpose'; a leading '_' becomes 'private'."""
    intermediate = _CAMEL_1.sub(r"\1_\2", name)
    insecure = _CAMEL_2.sub(r"\1_\2", intermediate).lower()
    if insecure[0] != "_":
        return insecure
    return "private" + insecure


def convert_inputs(inputs):
    """Keras converts numpy arrays and python numbers among a layer's inputs to tensors."""
    def convert(x):
        if isinstance(x, (np.ndarray, np.generic, float, int)) and not isinstance(x, bool):
            return convert_to_tensor(x)
        return x
    if isinstance(inputs, (np.ndarray, float, int)) and not isinstance(inputs, bool):
        return convert_to_tensor(inputs)
    if isinstance(inputs, Tensor):
        return inputs
    if isinstance(inputs, collections.abc.MappingView):
        inputs = list(inputs)   # as tf.nest: a dict's keys()/values()/items() is a sequence, rebuilt as a list
    return nest.map_structure(convert, inputs)


def symbolic_graph_of(flat_inputs):
    """The graph of the first symbolic tensor (or SparseTensor or RaggedTensor of symbolic tensors) among
    ``flat_inputs``, or None."""
    for x in flat_inputs:
        x = composite_inputs.graph_tensor(x)
        if isinstance(x, SymbolicTensor):
            return x.graph
    return None


def has_weights(obj) -> bool:
    return hasattr(type(obj), "trainable_weights") and hasattr(type(obj), "non_trainable_weights") and \
        not isinstance(obj, type)


def is_metric(obj) -> bool:
    """Keras' metrics are layers whose weights do not belong to the model that holds them."""
    return callable(getattr(obj, "update_state", None)) and callable(getattr(obj, "result", None)) and \
        callable(getattr(obj, "reset_state", None))


def keras_get(module_name: str, identifier):
    """``keras.<module>.get(identifier)`` from the losses/initializers/... modules (imported when first used)."""
    import importlib
    module = importlib.import_module(f"tfcompat._src.keras.{module_name}")
    return module.get(identifier)
