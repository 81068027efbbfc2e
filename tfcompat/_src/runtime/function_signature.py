"""``tf.function``'s ``input_signature`` entries (runtime/function.py binds calls with these): which specs it may
hold (TensorSpec, and RaggedTensorSpec / SparseTensorSpec for one composite argument traced as its component
placeholders), converting an argument to its spec, and whether it fits."""
from __future__ import annotations

from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor
from tfcompat._src.runtime.extension_type import ExtensionTypeSpec
from tfcompat._src.runtime.function_types import TensorSpec
from tfcompat._src.runtime.type_spec import RaggedTensorSpec, SparseTensorSpec

__all__ = ["SIGNATURE_SPECS", "StructureMismatch", "convert_to_spec", "fits", "unnamed"]


class StructureMismatch(ValueError):
    """An argument's nesting differs from its input_signature entry's."""


# The specs an input_signature may hold: a composite spec is one argument traced as its component placeholders.
SIGNATURE_SPECS = (TensorSpec, RaggedTensorSpec, SparseTensorSpec, ExtensionTypeSpec)
_COMPOSITE_VALUES = {RaggedTensorSpec: RaggedTensor, SparseTensorSpec: SparseTensor}


def unnamed(spec):
    """The trace type of an input_signature spec (a TensorSpec without its name)."""
    return TensorSpec(spec.shape, spec.dtype) if isinstance(spec, TensorSpec) else spec


def fits(spec, value) -> bool:
    """Whether a converted argument fits its input_signature spec."""
    if isinstance(spec, TensorSpec):
        return isinstance(value, Tensor) and spec.is_compatible_with(TensorSpec(value.shape, value.dtype))
    if isinstance(spec, SparseTensorSpec):
        # As TF, which matches the component specs: the dtype and rank, not the dense shape's values.
        return isinstance(value, SparseTensor) and value.dtype is spec.dtype and (
            spec.shape.rank is None or value.shape.rank in (None, spec.shape.rank))
    if isinstance(spec, ExtensionTypeSpec):
        return isinstance(value, spec.value_type) and spec.is_compatible_with(value)
    return isinstance(value, _COMPOSITE_VALUES[type(spec)]) and spec.is_compatible_with(value)


def convert_to_spec(spec, value):
    """``value`` with the leaves that ``spec`` (an input_signature entry) says are tensors converted (python
    values to the spec's dtype, as TF does: ``'a'`` for an int32 spec is TF's conversion error)."""
    if isinstance(spec, TensorSpec):
        if isinstance(value, Tensor):
            return value
        if hasattr(value, "_as_tensor"):
            return value._as_tensor()
        if isinstance(value, (list, tuple)) and any(isinstance(v, Tensor) for v in nest.flatten(value)):
            return convert_to_tensor(value)
        return convert_to_tensor(value, dtype=spec.dtype)
    if isinstance(spec, (RaggedTensorSpec, SparseTensorSpec, ExtensionTypeSpec)):
        return value
    if isinstance(spec, dict):
        if not isinstance(value, dict) or set(value) != set(spec):
            raise StructureMismatch("structure mismatch")
        return {k: convert_to_spec(spec[k], value[k]) for k in value}
    if not isinstance(value, (list, tuple)) or len(value) != len(spec):
        raise StructureMismatch("structure mismatch")
    items = [convert_to_spec(s, v) for s, v in zip(spec, value)]
    return type(value)(*items) if hasattr(type(value), "_fields") else type(value)(items)
