"""Source datasets: ``from_tensors``, ``from_tensor_slices``, ``range``, ``from_generator``, ``counter``, and
the in-memory datasets behind windows."""
from __future__ import annotations

import itertools
import traceback

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import constant_value
from tfcompat._src.framework.sparse_tensor import SparseTensorValue
from tfcompat._src.framework.string_tensor import as_bytes_array, string_value
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.runtime.function import TensorSpec
from tfcompat._src.data import ragged_elements
from tfcompat._src.data import sparse_elements
from tfcompat._src.data import structure
from tfcompat._src.data.node import INFINITE, IndexPlan, Node

__all__ = ["TensorsNode", "TensorSlicesNode", "RangeNode", "GeneratorNode", "CounterNode", "ListNode",
           "static_scalar", "py_error"]


def static_scalar(t):
    """A python value for an argument known before running (python value, eager or constant tensor), else
    None."""
    if not isinstance(t, Tensor):
        return t
    v = constant_value(t)
    if v is None:
        return None
    if isinstance(v, torch.Tensor):
        return v.item() if v.numel() == 1 else None
    return v


# Source components whose parts are graph tensors (their value comes from the env), and composite values.
_GRAPH_COMPOSITES = (sparse_elements.SparseComponent, ragged_elements.RaggedComponent)
_VALUES = (sparse_elements.SparseValue, ragged_elements.RaggedValue)


def _captures(components) -> list:
    """The tensors a source captures: its dense components and the parts of its graph composites."""
    out = []
    for c in components:
        if isinstance(c, _GRAPH_COMPOSITES):
            out.extend(c.parts)
        elif not isinstance(c, _VALUES):
            out.append(c)
    return out


def _value(env, c):
    return c.value(env) if isinstance(c, _GRAPH_COMPOSITES) else env.value(c)


class TensorsNode(Node):
    """``Dataset.from_tensors``: one element."""

    tf_name = "_TensorDataset"

    def __init__(self, element):
        spec = structure.type_spec_from_value(element)
        self.components = [sparse_elements.as_pipeline_value(c) for c in structure.flatten(element)]
        super().__init__((), spec, _captures(self.components))

    def cardinality(self, env):
        return 1

    def iterate(self, env):
        yield tuple(_value(env, c) for c in self.components)


class TensorSlicesNode(Node):
    """``Dataset.from_tensor_slices``: the rows of the components' first dimension."""

    tf_name = "_TensorSliceDataset"

    def __init__(self, element):
        comps = structure.flatten(element)
        if not comps:
            raise ValueError("Invalid `element`. `element` should not be empty.")
        n = None
        for c in comps:
            if c.shape.rank is not None and c.shape.rank < 1:
                raise ValueError("Unbatching a tensor is only supported for rank >= 1")
            d = c.shape[0] if c.shape.rank else None
            if d is not None:
                if n is not None and d != n:
                    raise ValueError(f"Dimensions {n} and {d} are not compatible")
                n = d
        self.components = [sparse_elements.as_pipeline_value(c) for c in comps]
        for c in self.components:
            if isinstance(c, sparse_elements.SparseValue):
                sparse_elements.check_indices(c)
        self.static_rows = n
        spec = structure.map_structure(
            lambda t: (sparse_elements.unbatched_spec(sparse_elements.SparseTensorSpec.from_value(t))
                       if isinstance(t, sparse_elements.SparseTensor)
                       else ragged_elements.unbatched_spec(ragged_elements.RaggedTensorSpec.from_value(t))
                       if isinstance(t, ragged_elements.RaggedTensor)
                       else TensorSpec(t.shape[1:] if t.shape.rank else None, t.dtype)), element)
        super().__init__((), spec, _captures(self.components))
        self._graph_composites = any(isinstance(c, _GRAPH_COMPOSITES) for c in self.components)

    def _columns(self, env) -> list:
        if not self._graph_composites:
            return [env.value(c) for c in self.components]
        columns = [_value(env, c) for c in self.components]
        for c, v in zip(self.components, columns):
            if type(c) is sparse_elements.SparseComponent:
                sparse_elements.check_indices(v)   # TF's SerializeManySparse, when the dataset is made
        return columns

    def check(self, env) -> None:
        """The checks TF's dataset op makes when an initializer runs (rather than at the first element)."""
        self._rows(env, self._columns(env))

    def _rows(self, env, columns):
        n = len(columns[0])
        for c in columns[1:]:
            if len(c) != n:
                raise errors.InvalidArgumentError(
                    f"All components must have the same size in the 0th dimension, but component 0 has size {n}"
                    f" and a later component has size {len(c)}.")
        return n

    def cardinality(self, env):
        if self.static_rows is not None:
            return self.static_rows
        return self._rows(env, self._columns(env))

    def index_plan(self, env):
        columns = self._columns(env)
        return IndexPlan(columns, range(self._rows(env, columns)))


class RangeNode(Node):
    """``Dataset.range``: ``start, start + step, ...`` below ``stop`` (above, for a negative step)."""

    tf_name = "_RangeDataset"
    _ARANGE_LIMIT = 1 << 20  # longer ranges are generated element by element, not as one column

    def __init__(self, start, stop, step, output_type):
        self.args = (start, stop, step)
        self.dtype = output_type
        super().__init__((), TensorSpec([], output_type), [a for a in self.args if isinstance(a, Tensor)])
        st = static_scalar(step)
        if st == 0:
            raise errors.InvalidArgumentError("step must be a non-zero integer. [Op:RangeDataset]")

    def _values(self, env):
        start, stop, step = (int(env.scalar(a)) for a in self.args)
        if step == 0:
            raise errors.InvalidArgumentError("step must be a non-zero integer.")
        return start, stop, step

    def cardinality(self, env):
        start, stop, step = self._values(env)
        return max(0, len(range(start, stop, step)))

    def index_plan(self, env):
        start, stop, step = self._values(env)
        r = range(start, stop, step)
        if len(r) > self._ARANGE_LIMIT:
            return None
        col = torch.arange(start, stop, step, dtype=self.dtype.torch_dtype) if len(r) else \
            torch.empty([0], dtype=self.dtype.torch_dtype)
        return IndexPlan([col], range(len(r)), key=("range", start, stop, step))

    def iterate(self, env):
        plan = self.index_plan(env)
        if plan is not None:
            return plan.rows()
        start, stop, step = self._values(env)
        dt = self.dtype.torch_dtype
        return ((torch.tensor(i, dtype=dt),) for i in range(start, stop, step))


class CounterNode(Node):
    """``Dataset.counter``: ``start, start + step, ...`` forever."""

    tf_name = "_ScanDataset"

    def __init__(self, start, step, dtype):
        self.args = (start, step)
        self.dtype = dtype
        super().__init__((), TensorSpec([], dtype), [a for a in self.args if isinstance(a, Tensor)])

    def cardinality(self, env):
        return INFINITE

    def iterate(self, env):
        start, step = (env.scalar(a) for a in self.args)
        dt = self.dtype.torch_dtype
        return ((torch.tensor(i, dtype=dt),) for i in itertools.count(start, step))


class ListNode(Node):
    """Elements held in memory (the windows of ``window`` and ``group_by_window``)."""

    tf_name = "_VariantDataset"

    def __init__(self, elements: list, element_spec):
        super().__init__((), element_spec)
        self.elements = elements

    def cardinality(self, env):
        return len(self.elements)

    def iterate(self, env):
        return iter(self.elements)


def py_error(e: BaseException, what: str = "") -> errors.OpError:
    """A Python exception raised by user code a pipeline runs (a generator), as TF reports it: TypeError and
    ValueError as InvalidArgumentError, others as UnknownError; the message carries the Python traceback."""
    tb = "".join(traceback.format_exception(type(e), e, e.__traceback__))
    cls = errors.InvalidArgumentError if isinstance(e, (TypeError, ValueError)) else errors.UnknownError
    return cls(None, None, f"{type(e).__name__}: {e}\n{tb}{what}")


class GeneratorNode(Node):
    """``Dataset.from_generator``: elements yielded by a Python generator, converted with numpy to the
    declared dtypes and checked against the declared shapes (TF's ``generator_py_func``)."""

    tf_name = "_FlatMapDataset"

    def __init__(self, generator, output_signature, args, legacy_types):
        super().__init__((), output_signature, [a for a in args if isinstance(a, Tensor)])
        self.generator = generator
        self.args = args
        self._types_repr = legacy_types if legacy_types is not None else output_signature

    def _convert(self, values):
        sig = self.element_spec
        try:
            if structure.is_nested(sig):
                structure.assert_same_structure(sig, values, check_types=False)
            flat_values = structure.flatten(values) if structure.is_nested(sig) else [values]
        except (TypeError, ValueError) as e:
            raise TypeError(f"`generator` yielded an element that did not match the expected structure. The "
                            f"expected structure was {self._types_repr}, but the yielded element was "
                            f"{values}.") from e
        out = []
        for v, spec in zip(flat_values, self.flat_specs):
            dt = spec.dtype
            if sparse_elements.is_composite_spec(spec):
                out.append(_composite_value(v, spec))
                continue
            if dt is dtypes.string:
                try:
                    arr = as_bytes_array(v.numpy() if hasattr(v, "numpy") else v)
                except TypeError as e:
                    raise TypeError(f"`generator` yielded an element that could not be converted to the expected "
                                    f"type. The expected type was string, but the yielded element was {v}.") from e
                value = string_value(arr)
            else:
                try:
                    arr = np.asarray(v.numpy() if hasattr(v, "numpy") else v, dtype=dt.np_dtype, order="C")
                except (TypeError, ValueError) as e:
                    raise TypeError(f"`generator` yielded an element that could not be converted to the expected "
                                    f"type. The expected type was {dt.name}, but the yielded element was {v}.") \
                        from e
                value = torch.from_numpy(arr.copy()) if arr.ndim else torch.tensor(arr.item(), dtype=dt.torch_dtype)
            if not spec.shape.is_compatible_with(TensorShape(arr.shape)):
                raise TypeError(f"`generator` yielded an element of shape {tuple(arr.shape)} where an element of "
                                f"shape {_shape_str(spec.shape)} was expected.")
            out.append(value)
        return tuple(out)

    def iterate(self, env):
        args = [_numpy_arg(env.value(a)) for a in self.args]
        try:
            it = iter(self.generator(*args))
        except Exception as e:  # noqa: BLE001 - user code: reported as TF's error with the traceback
            raise py_error(e) from e
        while True:
            try:
                values = next(it)
            except StopIteration:
                return
            except Exception as e:  # noqa: BLE001 - user code: reported as TF's error with the traceback
                raise py_error(e) from e
            try:
                yield self._convert(values)
            except TypeError as e:
                raise py_error(e) from e


def _composite_value(v, spec):
    """A generator's SparseTensor (or SparseTensorValue) or RaggedTensor for a composite ``spec``, as a pipeline
    value; TypeError when it is not one of that spec."""
    if isinstance(v, SparseTensorValue):
        v = sparse_elements.SparseTensor(v.indices, v.values, v.dense_shape)
    if ragged_elements.is_ragged_spec(spec):
        ok = isinstance(v, ragged_elements.RaggedTensor) and v.ragged_rank == spec.ragged_rank
    else:
        ok = isinstance(v, sparse_elements.SparseTensor)
    if not ok or v.dtype is not spec.dtype:
        raise TypeError(f"`generator` yielded an element that could not be converted to the expected type. The "
                        f"expected type was {spec!r}, but the yielded element was {v}.")
    if not spec.shape.is_compatible_with(v.shape):
        raise TypeError(f"`generator` yielded an element of shape {tuple(v.shape.as_list())} where an element of "
                        f"shape {_shape_str(spec.shape)} was expected.")
    return sparse_elements.as_pipeline_value(v)


def _shape_str(shape: TensorShape) -> str:
    if shape.rank is None:
        return "<unknown>"
    return "(" + ", ".join("None" if d is None else str(d) for d in shape.as_list()) + \
        ("," if shape.rank == 1 else "") + ")"


def _numpy_arg(v):
    if isinstance(v, torch.Tensor):
        arr = v.detach().cpu().numpy()
        return arr[()] if arr.ndim == 0 else arr
    return v
