"""Composite values (SparseTensor, RaggedTensor, ExtensionType) through ``tf.function``: arguments traced as
placeholders of their spec (``SparseTensorSpec``, ``RaggedTensorSpec``, an ExtensionType's ``Spec``), called with
their component tensors, and SparseTensor, RaggedTensor and ExtensionType results.

As TF, a traced graph sees a composite argument as its components (TF's ``TypeSpec._to_components``): a
SparseTensor as ``indices, values, dense_shape``; a RaggedTensor as its flat values, then its row splits from the
outermost dimension in; an ExtensionType as its tensors in field order (``ExtensionTypeSpec._to_components``).
The trace type is the value's spec, so a ``RaggedTensorSpec`` of shape ``[None, None]`` (from ``reduce_retracing``
or a Keras training function) serves ragged batches of every row count and length."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.ops import array_ops
from tfcompat._src.ops.ragged import ragged_components
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor
from tfcompat._src.runtime.concrete_function import COMPOSITE_FLATTENERS, ConcreteFunction, output_type
from tfcompat._src.runtime.extension_type import ExtensionType, ExtensionTypeSpec
from tfcompat._src.runtime.function_types import COMPOSITE_TRACE_TYPES
from tfcompat._src.runtime.type_spec import RaggedTensorSpec, SparseTensorSpec

__all__ = ["COMPOSITE_OUTPUTS", "composite_placeholders", "composite_tensors", "has_ragged", "identity_components",
           "ragged_output_function"]

# The result types a trace returns as a value of graph components (each component behind an Identity).
COMPOSITE_OUTPUTS = (RaggedTensor, SparseTensor, ExtensionType)

COMPOSITE_TRACE_TYPES[RaggedTensor] = RaggedTensorSpec.from_value


def composite_placeholders(trace_type, name, out):
    """The composite value a trace sees for an argument of spec ``trace_type`` (its component placeholders
    appended to ``out``), or None when ``trace_type`` is not a composite spec."""
    if isinstance(trace_type, SparseTensorSpec):
        rank = trace_type.shape.rank
        parts = [array_ops.placeholder(dtypes.int64, [None, rank], name=name),
                 array_ops.placeholder(trace_type.dtype, [None], name=name),
                 array_ops.placeholder(dtypes.int64, [rank], name=name)]
        out.extend(parts)
        sparse = SparseTensor(*parts)
        sparse.set_shape(trace_type.shape)
        return sparse
    if isinstance(trace_type, RaggedTensorSpec):
        if trace_type.ragged_rank == 0:
            p = array_ops.placeholder(trace_type.dtype, trace_type.shape, name=name)
            out.append(p)
            return p
        rt = ragged_components.ragged_placeholder(trace_type.dtype, trace_type.shape, trace_type.ragged_rank, name)
        out.extend(ragged_components.components(rt))
        return rt
    if isinstance(trace_type, ExtensionTypeSpec):
        parts = [array_ops.placeholder(s.dtype, s.shape, name=name) for s in trace_type._component_specs]
        out.extend(parts)
        return trace_type._from_components(parts)
    return None


def composite_tensors(trace_type, value, out) -> bool:
    """Appends ``value``'s component tensors for a composite spec ``trace_type``; False when it is not one."""
    if isinstance(trace_type, SparseTensorSpec):
        out.extend((value.indices, value.values, value.dense_shape))
        return True
    if isinstance(trace_type, RaggedTensorSpec):
        out.extend(ragged_components.components(value) if trace_type.ragged_rank else [value])
        return True
    if isinstance(trace_type, ExtensionTypeSpec):
        out.extend(trace_type._to_components(value))
        return True
    return False


COMPOSITE_FLATTENERS.append(composite_tensors)


def identity_components(value):
    """A traced SparseTensor, RaggedTensor or ExtensionType result: each component behind an Identity (as TF's
    outputs)."""
    if isinstance(value, SparseTensor):
        return SparseTensor(*(array_ops.identity(c) for c in _components(value)))
    if isinstance(value, ExtensionType):
        spec = value._type_spec
        return spec._from_components([array_ops.identity(c) for c in spec._to_components(value)])
    return ragged_components.from_components([array_ops.identity(c) for c in ragged_components.components(value)],
                                             ragged_components.uniform_row_lengths(value))


def has_ragged(structure) -> bool:
    """Whether a traced result holds composite values (RaggedTensors, ExtensionTypes): the ConcreteFunction
    then comes from ``ragged_output_function``."""
    return any(isinstance(o, COMPOSITE_OUTPUTS) for o in nest.flatten(structure))


def _components(value) -> list:
    if isinstance(value, SparseTensor):
        return [value.indices, value.values, value.dense_shape]
    if isinstance(value, ExtensionType):
        return value._type_spec._to_components(value)
    return ragged_components.components(value)


def ragged_output_function(graph, params, placeholders, outputs, *args, **kwargs) -> ConcreteFunction:
    """A ConcreteFunction whose traced ``outputs`` hold RaggedTensors or ExtensionTypes of graph tensors: the
    graph fetches their components, and calls return values of eager tensors (TF: the value's spec as output
    type)."""
    expanded = nest.map_structure(lambda o: _components(o) if isinstance(o, COMPOSITE_OUTPUTS) else o, outputs)
    return _RaggedOutputFunction(outputs, graph, params, placeholders, expanded, *args, **kwargs)


class _RaggedOutputFunction(ConcreteFunction):
    """A ConcreteFunction of an expanded output structure (each RaggedTensor or ExtensionType replaced by its
    component list), repacked on each call; ``structured_outputs`` and the output type show the values."""

    def __init__(self, ragged_outputs, graph, params, placeholders, expanded, *args, **kwargs):
        super().__init__(graph, params, placeholders, expanded, *args, **kwargs)
        self._ragged_outputs = ragged_outputs
        self._output_type = output_type(ragged_outputs)   # a RaggedTensor's trace type is its RaggedTensorSpec
        self.function_type.output = self._output_type

    @property
    def structured_outputs(self):
        return self._ragged_outputs

    def _call_flat(self, tensor_args):
        flat = iter(nest.flatten(super()._call_flat(tensor_args)))
        rebuilt = []
        for o in nest.flatten(self._ragged_outputs):
            if isinstance(o, ExtensionType):
                spec = o._type_spec
                rebuilt.append(spec._from_components([next(flat) for _ in spec._component_specs]))
            elif isinstance(o, SparseTensor):
                rebuilt.append(SparseTensor(next(flat), next(flat), next(flat)))
            elif isinstance(o, RaggedTensor):
                parts = [next(flat) for _ in range(o.ragged_rank + 1)]
                rebuilt.append(ragged_components.from_components(parts, ragged_components.uniform_row_lengths(o)))
            else:
                rebuilt.append(next(flat))
        return nest.pack_sequence_as(self._ragged_outputs, rebuilt)

