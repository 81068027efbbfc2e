"""``tf.OptionalSpec``: the TypeSpec of tf.data's ``tf.experimental.Optional``; also teaches
``tf.type_spec_from_value`` the specs of Optionals and Datasets (through the runtime's registration hook)."""
from __future__ import annotations

from tfcompat._src.data.dataset_ops import DatasetV2
from tfcompat._src.data.iterator_ops import Optional
from tfcompat._src.data.structure import DatasetSpec
from tfcompat._src.runtime import type_spec

__all__ = ["OptionalSpec"]


class OptionalSpec(type_spec.TypeSpec):
    """Mirrors ``tf.OptionalSpec(element_spec)``: an Optional whose value (when present) has ``element_spec``.
    Difference: ``value_type`` is tfcompat's Optional class (TF's is its private ``_OptionalImpl``)."""

    __slots__ = ("_element_spec",)

    def __init__(self, element_spec):
        self._element_spec = element_spec

    value_type = property(lambda self: Optional)

    def _serialize(self) -> tuple:
        return (self._element_spec,)

    @staticmethod
    def from_value(value) -> "OptionalSpec":
        """Mirrors ``OptionalSpec.from_value``."""
        return OptionalSpec(value.element_spec)


def _dataset_spec(dataset) -> DatasetSpec:
    return DatasetSpec(dataset.element_spec)


type_spec.TypeSpec.register(DatasetSpec)
type_spec.register_type_spec_from_value(Optional, OptionalSpec.from_value)
type_spec.register_type_spec_from_value(DatasetV2, _dataset_spec)
