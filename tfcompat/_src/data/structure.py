"""Element structures of tf.data: tf.data's nesting rules, element specs, and conversion of values to tensors.

tf.data nests differently from ``tf.nest``: tuples, namedtuples and dicts are structure, but a **list is a
leaf** (``from_tensor_slices([[1, 2], [3, 4]])`` is one int32 component of shape ``(2, 2)``), as TF's
``tensorflow/python/data/util/nest.py`` fork does. Dict values are flattened in sorted-key order and rebuilt
in the caller's key order.

Inside a pipeline an element is a flat tuple of *component values*: a ``torch.Tensor`` for numeric dtypes, and
a numpy object array of ``bytes`` for ``tf.string`` (tfcompat has no torch-backed string tensors; eagerly such
components surface as ``StringTensor``)."""
from __future__ import annotations

import collections.abc

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.nest import DATA_NEST
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor, Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.runtime.function import TensorSpec
from tfcompat._src.framework.string_tensor import StringTensor, as_bytes_array
from tfcompat._src.framework.sparse_tensor import SparseTensor, SparseTensorValue
from tfcompat._src.data import ragged_elements
from tfcompat._src.data import sparse_elements

__all__ = ["is_nested", "flatten", "flatten_up_to", "pack", "map_structure", "assert_same_structure", "normalize_element",
           "to_component", "spec_of", "type_spec_from_value", "most_specific_compatible", "DatasetSpec",
           "is_string_value", "output_converters", "component_value", "specs_repr", "legacy_output_class"]


# ------------------------------------------------------------------------------------------------
# nesting (tf.data rules: lists are leaves) -- framework/nest.py's DATA_NEST
# ------------------------------------------------------------------------------------------------
is_nested = DATA_NEST.is_nested
flatten = DATA_NEST.flatten
assert_same_structure = DATA_NEST.assert_same_structure


def pack(structure, flat):
    """``flat`` (a sequence of leaves) rebuilt in the shape of ``structure``."""
    return DATA_NEST.pack(structure, flat)


def map_structure(fn, *structures):
    """``fn`` applied leafwise; the result has the first structure's shape (sequence types not compared)."""
    return DATA_NEST.map_structure(fn, *structures, check_types=False)


def flatten_up_to(shallow, tree) -> list:
    """TF's data ``nest.flatten_up_to``: ``tree`` cut at the leaves of ``shallow`` (which must be a prefix of
    ``tree``'s structure), one entry per leaf of ``shallow``; a leaf's entry may itself be nested. Raises TF's
    TypeError/ValueError (``assert_shallow_structure``'s messages) when it is not a prefix."""
    if not is_nested(shallow):
        return [tree]
    if not is_nested(tree):
        raise TypeError(f"If shallow structure is a sequence, input must also be a sequence. Input has type: "
                        f"'{type(tree).__name__}'.")
    if isinstance(shallow, collections.abc.Mapping):
        if not isinstance(tree, collections.abc.Mapping) or set(shallow) != set(tree):
            tree_keys = sorted(tree) if isinstance(tree, collections.abc.Mapping) else list(range(len(tree)))
            raise ValueError(f"The two structures don't have the same keys. Input structure has keys {tree_keys}, "
                             f"while shallow structure has keys {sorted(shallow)}.")
        pairs = [(shallow[k], tree[k]) for k in sorted(shallow)]
    else:
        if isinstance(tree, collections.abc.Mapping) or len(tree) != len(shallow):
            raise ValueError(f"The two structures don't have the same sequence length. Input structure has length "
                             f"{len(tree)}, while shallow structure has length {len(shallow)}.")
        pairs = list(zip(shallow, tree))
    out = []
    for s, t in pairs:
        out.extend(flatten_up_to(s, t))
    return out


# ------------------------------------------------------------------------------------------------
# specs
# ------------------------------------------------------------------------------------------------
class DatasetSpec:
    """Mirrors ``tf.data.DatasetSpec``: the spec of a component that is itself a dataset (``window``)."""

    def __init__(self, element_spec, dataset_shape=()):
        self.element_spec = element_spec
        self.dataset_shape = TensorShape(dataset_shape)

    @property
    def shape(self) -> TensorShape:
        return self.dataset_shape

    @property
    def dtype(self):
        return dtypes.variant

    def __eq__(self, other):
        return isinstance(other, DatasetSpec) and repr(self) == repr(other)

    def __hash__(self):
        return hash(repr(self))

    def __repr__(self):
        return f"DatasetSpec({self.element_spec!r}, TensorShape({self.dataset_shape.as_list()!r}))"


def spec_of(t) -> TensorSpec:
    """The TensorSpec of one component tensor."""
    return TensorSpec(t.shape, t.dtype)


def specs_repr(spec) -> str:
    """``repr`` of an element spec as TF prints it (dicts keep the caller's key order)."""
    return repr(spec)


def is_string_value(value) -> bool:
    """Whether a python/numpy value converts to a ``tf.string`` tensor."""
    if isinstance(value, (str, bytes, np.bytes_, np.str_, StringTensor)):
        return True
    if isinstance(value, np.ndarray):
        if value.dtype.kind in "SU":
            return True
        return value.dtype.kind == "O" and value.size > 0 and isinstance(value.reshape(-1)[0], (str, bytes))
    if isinstance(value, list):
        while isinstance(value, list) and value:
            value = value[0]
        return isinstance(value, (str, bytes, np.bytes_, np.str_))
    return False


def to_component(value, dtype=None, name=None):
    """One leaf of an element as a tensor: strings become ``StringTensor``; everything else goes through
    ``convert_to_tensor`` (an eager tensor, or a graph constant while building a graph); a SparseTensor is made
    anew from its parts, as TF's ``SparseTensor.from_value`` (its shape is what its dense_shape tells, a
    ``set_shape`` is not kept)."""
    if isinstance(value, SparseTensor):
        if dtype is not None and value.dtype is not dtypes.as_dtype(dtype):
            raise TypeError(f"Tensor conversion requested dtype {dtypes.as_dtype(dtype).name} for SparseTensor "
                            f"with dtype {value.dtype.name}")
        return SparseTensor(value.indices, value.values, value.dense_shape)
    if isinstance(value, ragged_elements.RaggedTensor):
        return value
    if isinstance(value, Tensor):
        if dtype is not None and value.dtype is not dtypes.as_dtype(dtype):
            raise TypeError(f"Tensor conversion requested dtype {dtypes.as_dtype(dtype).name} for Tensor with "
                            f"dtype {value.dtype.name}: {value!r}")
        return value
    if is_string_value(value):
        if dtype is not None and dtypes.as_dtype(dtype) is not dtypes.string:
            raise TypeError(f"Cannot convert {value!r} to EagerTensor of dtype {dtypes.as_dtype(dtype).name}")
        return StringTensor(value)
    if value is None:
        raise TypeError("tf.data does not support `None` as a component of a dataset element.")
    return convert_to_tensor(value, dtype=dtype, name=name)


def _sparse_values_as_tensors(element):
    """``element`` with each ``SparseTensorValue`` (a namedtuple, yet a leaf in TF's data nest) a SparseTensor."""
    if isinstance(element, SparseTensorValue):
        return SparseTensor(element.indices, element.values, element.dense_shape)
    if isinstance(element, collections.abc.Mapping):
        items = {k: _sparse_values_as_tensors(v) for k, v in element.items()}
        return items if type(element) is dict else type(element)(items)
    if isinstance(element, tuple):
        items = [_sparse_values_as_tensors(v) for v in element]
        return type(element)(*items) if hasattr(element, "_fields") else tuple(items)
    return element


def normalize_element(element, element_signature=None):
    """Mirrors tf.data's ``structure.normalize_element``: every leaf converted to a tensor (with the dtype of
    the matching spec of ``element_signature`` when given)."""
    element = _sparse_values_as_tensors(element)
    if element_signature is None:
        leaves = flatten(element)
        specs = [None] * len(leaves)
        pack_as = element
    else:
        specs = flatten(element_signature)
        assert_same_structure(element_signature, element, check_types=False)
        leaves = flatten(element)
        pack_as = element_signature
    comps = [to_component(v, None if s is None else s.dtype, name=f"component_{i}")
             for i, (v, s) in enumerate(zip(leaves, specs))]
    return pack(pack_as, comps)


def type_spec_from_value(element):
    """The spec structure of a normalized element (TensorSpecs; DatasetSpec for dataset components)."""
    def one(t):
        if hasattr(t, "_node") and hasattr(t, "element_spec"):  # a Dataset
            return DatasetSpec(t.element_spec)
        if isinstance(t, SparseTensor):
            return sparse_elements.SparseTensorSpec.from_value(t)
        if isinstance(t, ragged_elements.RaggedTensor):
            return ragged_elements.RaggedTensorSpec.from_value(t)
        return spec_of(t)
    return map_structure(one, element)


def legacy_output_class(spec):
    """A component spec's ``_to_legacy_output_classes`` (TF1's ``output_classes``): Tensor, SparseTensor, or a
    DatasetSpec itself."""
    if isinstance(spec, DatasetSpec):
        return spec
    return SparseTensor if sparse_elements.is_sparse_spec(spec) else Tensor


def _relaxed_shape(a: TensorShape, b: TensorShape) -> TensorShape:
    if a.rank is None or b.rank is None or a.rank != b.rank:
        return TensorShape(None)
    return TensorShape([x if x == y else None for x, y in zip(a.as_list(), b.as_list())])


def most_specific_compatible(a, b, what: str = "Incompatible dataset elements"):
    """The most specific spec structure both ``a`` and ``b`` fit (shapes relaxed dimension by dimension).
    TypeError (TF's message) when structures or dtypes differ."""
    try:
        assert_same_structure(a, b, check_types=False)
    except (ValueError, TypeError):
        raise TypeError(f"{what}:\n  {a!r} vs.   {b!r}") from None
    fa, fb = flatten(a), flatten(b)
    out = []
    for x, y in zip(fa, fb):
        if isinstance(x, DatasetSpec) or isinstance(y, DatasetSpec):
            if not (isinstance(x, DatasetSpec) and isinstance(y, DatasetSpec)):
                raise TypeError(f"{what}:\n  {a!r} vs.   {b!r}")
            out.append(DatasetSpec(most_specific_compatible(x.element_spec, y.element_spec, what)))
            continue
        if type(x) is not type(y) or x.dtype is not y.dtype:
            raise TypeError(f"{what}:\n  {a!r} vs.   {b!r}")
        if ragged_elements.is_ragged_spec(x):
            if x.ragged_rank != y.ragged_rank or x.row_splits_dtype is not y.row_splits_dtype:
                raise TypeError(f"{what}:\n  {a!r} vs.   {b!r}")
            out.append(type(x)(_relaxed_shape(x.shape, y.shape), x.dtype, x.ragged_rank, x.row_splits_dtype))
            continue
        out.append(type(x)(_relaxed_shape(x.shape, y.shape), x.dtype))
    return pack(a, out)


# ------------------------------------------------------------------------------------------------
# component values
# ------------------------------------------------------------------------------------------------
def component_value(t):
    """The pipeline value of an eager component: its torch tensor, or a bytes object array for strings."""
    if type(t) is EagerTensor:
        return t._t
    if isinstance(t, StringTensor):
        return t._t
    if isinstance(t, SymbolicTensor):
        raise ValueError(f"symbolic tensor {t.name} has no value outside a graph run")
    raise TypeError(f"not a tensor: {t!r}")


def _string_out(v):
    return StringTensor(v)


def output_converters(flat_specs, wrap_dataset) -> list:
    """One function per component turning a pipeline value into the eager tensor users see (``wrap_dataset``
    makes a ``tf.data.Dataset`` of a dataset-valued component)."""
    out = []
    for s in flat_specs:
        if isinstance(s, DatasetSpec):
            out.append(wrap_dataset)
        elif sparse_elements.is_sparse_spec(s):
            out.append(lambda v, dt=s.dtype: sparse_elements.to_sparse_tensor(v, dt))
        elif ragged_elements.is_ragged_spec(s):
            out.append(lambda v, spec=s: ragged_elements.to_ragged_tensor(v, spec))
        elif s.dtype is dtypes.string:
            out.append(_string_out)
        else:
            dt = s.dtype
            out.append(lambda v, dt=dt: EagerTensor(v, dt))
    return out


def to_numpy(v):
    """A pipeline value as numpy (``bytes`` for a scalar string, as TF's ``as_numpy_iterator``)."""
    if isinstance(v, torch.Tensor):
        arr = (v.float() if v.dtype == torch.bfloat16 else v).detach().cpu().numpy()
        # A copy, as TF's: a row of from_tensor_slices is a view into the dataset's source tensor.
        return arr[()] if arr.ndim == 0 else arr.copy()
    if isinstance(v, np.ndarray):
        if v.dtype.kind == "S":   # a kernel's fixed-width bytes array: TF gives objects of bytes
            v = as_bytes_array(v)
        return v[()] if v.ndim == 0 else v
    if isinstance(v, np.bytes_):
        return bytes(v)
    if isinstance(v, sparse_elements.SparseValue):  # TF 2.21's as_numpy_iterator: the dense array
        return to_numpy(sparse_elements.to_dense(v))
    if isinstance(v, ragged_elements.RaggedValue):
        return ragged_elements.to_numpy(v, to_numpy)
    return v  # bytes, object arrays of bytes
