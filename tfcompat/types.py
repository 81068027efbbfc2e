"""``tf.types``: re-exports only (the tf.function tracing types)."""
from __future__ import annotations

from types import SimpleNamespace

from tfcompat._src.runtime.concrete_function import ConcreteFunction
from tfcompat._src.runtime.function import Function
from tfcompat._src.runtime.function_types import TraceType

__all__ = ["experimental"]

# TF's tf.types.experimental namespace: the base class of custom trace types (``__tf_tracing_type__``) and the
# types of tf.function objects.
experimental = SimpleNamespace(TraceType=TraceType, ConcreteFunction=ConcreteFunction, GenericFunction=Function,
                               PolymorphicFunction=Function)

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.types", __name__)
