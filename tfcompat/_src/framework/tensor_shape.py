"""``tf.TensorShape`` with unknown dimensions, and TF1's ``Dimension``.

Under TF1's shape behaviour (``tf.compat.v1.disable_v2_tensorshape()``, also set by ``disable_v2_behavior()``)
indexing or iterating a TensorShape gives ``Dimension`` objects and shapes print as ``(?, 3)``, as in TF1."""
from __future__ import annotations

import contextlib
import operator
import threading
from typing import Iterable

__all__ = ["TensorShape", "Dimension", "as_shape", "unknown_shape", "enable_v2_tensorshape",
           "disable_v2_tensorshape", "v2_tensorshape", "dimension_value", "internal_v2_shapes"]

_V2_TENSORSHAPE = [True]


class _Internal(threading.local):
    v2 = False   # set while tfcompat's own shape code runs (it is written against int/None entries)


_internal = _Internal()


@contextlib.contextmanager
def internal_v2_shapes():
    """Shape entries are ints or None in this thread while the block runs, whatever the user chose with
    ``disable_v2_tensorshape``: op shape functions and checks are tfcompat code, not the user's (TF's C++ shape
    functions never see ``Dimension`` objects either)."""
    old = _internal.v2
    _internal.v2 = True
    try:
        yield
    finally:
        _internal.v2 = old


def enable_v2_tensorshape() -> None:
    """Mirrors ``tf.compat.v1.enable_v2_tensorshape``: shape entries are ints or None."""
    _V2_TENSORSHAPE[0] = True


def disable_v2_tensorshape() -> None:
    """Mirrors ``tf.compat.v1.disable_v2_tensorshape``: shape entries are ``Dimension`` objects (TF1)."""
    _V2_TENSORSHAPE[0] = False


def v2_tensorshape() -> bool:
    return _V2_TENSORSHAPE[0]


def dimension_value(d):
    """Mirrors ``tf.compat.dimension_value``: the int (or None) of a shape entry, a Dimension or not. Code
    that reads ``shape[i]`` and tests it against None uses this: under TF1 shapes the entry is a Dimension."""
    return d.value if isinstance(d, Dimension) else d



class Dimension:
    """Mirrors ``tf.compat.v1.Dimension``: one possibly unknown dimension (TF1 code calls ``.value``).

    Arithmetic with an unknown Dimension is unknown; comparisons with one give None, as in TF."""

    __slots__ = ("value",)

    def __init__(self, value):
        if isinstance(value, Dimension):
            value = value.value
        if value is not None:
            index = getattr(value, "__index__", None)
            if index is None or isinstance(value, bool):
                raise TypeError(f"Dimension value must be integer or None or have an __index__ method, got value "
                                f"'{value!r}' with type '{type(value)}'")
            value = index()
            if value < 0:
                raise ValueError(f"Dimension {value} must be >= 0")
        self.value = value

    def __int__(self):
        if self.value is None:
            raise TypeError("Cannot convert unknown Dimension to int")
        return self.value

    __index__ = __int__

    def _binary(self, other, fn, reverse=False):
        other = dimension_value(other)
        if self.value is None or other is None:
            return Dimension(None)
        return Dimension(fn(other, self.value) if reverse else fn(self.value, other))

    def __add__(self, other):
        return self._binary(other, operator.add)

    def __radd__(self, other):
        return self._binary(other, operator.add, True)

    def __sub__(self, other):
        return self._binary(other, operator.sub)

    def __rsub__(self, other):
        return self._binary(other, operator.sub, True)

    def __mul__(self, other):
        return self._binary(other, operator.mul)

    def __rmul__(self, other):
        return self._binary(other, operator.mul, True)

    def __floordiv__(self, other):
        return self._binary(other, operator.floordiv)

    def __rfloordiv__(self, other):
        return self._binary(other, operator.floordiv, True)

    def __mod__(self, other):
        return self._binary(other, operator.mod)

    def _compare(self, other, fn):
        other = dimension_value(other)
        if self.value is None or other is None:
            return None
        return fn(self.value, other)

    def __eq__(self, other):
        return self._compare(other, operator.eq)

    def __ne__(self, other):
        return self._compare(other, operator.ne)

    def __lt__(self, other):
        return self._compare(other, operator.lt)

    def __le__(self, other):
        return self._compare(other, operator.le)

    def __gt__(self, other):
        return self._compare(other, operator.gt)

    def __ge__(self, other):
        return self._compare(other, operator.ge)

    def __hash__(self):
        return hash(self.value)

    def __repr__(self):
        return f"Dimension({self.value})"

    def __str__(self):
        return "?" if self.value is None else str(self.value)

    def is_compatible_with(self, other) -> bool:
        other = dimension_value(other)
        return self.value is None or other is None or self.value == other

    def merge_with(self, other) -> "Dimension":
        other = dimension_value(other)
        if not self.is_compatible_with(other):
            raise ValueError(f"Dimensions {self} and {Dimension(other)} are not compatible")
        return Dimension(self.value if self.value is not None else other)


class TensorShape:
    """Mirrors ``tf.TensorShape``: a possibly partially known shape (``None`` = unknown)."""

    __slots__ = ("_dims",)

    def __init__(self, dims):
        if dims is None:
            self._dims = None
        elif isinstance(dims, TensorShape):
            self._dims = dims._dims
        elif isinstance(dims, (int, Dimension)) or (hasattr(dims, "__index__") and not hasattr(dims, "__len__")):
            self._dims = (_dim(dims),)
        else:
            self._dims = tuple(_dim(d) for d in dims)

    @classmethod
    def _of_sizes(cls, sizes) -> "TensorShape":
        """The shape of a torch tensor (``torch.Size``: non-negative ints), built without re-checking each dim."""
        shape = object.__new__(cls)
        shape._dims = tuple(sizes)
        return shape

    @property
    def dims(self):
        """Mirrors ``TensorShape.dims``: a list of ``Dimension`` objects (None when the rank is unknown)."""
        return None if self._dims is None else [Dimension(d) for d in self._dims]

    @property
    def rank(self):
        return None if self._dims is None else len(self._dims)

    ndims = rank

    def as_list(self) -> list:
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def is_fully_defined(self) -> bool:
        return self._dims is not None and all(d is not None for d in self._dims)

    def num_elements(self):
        if not self.is_fully_defined():
            return None
        n = 1
        for d in self._dims:
            n *= d
        return n

    def is_compatible_with(self, other) -> bool:
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return True
        if len(self._dims) != len(other._dims):
            return False
        return all(a is None or b is None or a == b for a, b in zip(self._dims, other._dims))

    def merge_with(self, other) -> "TensorShape":
        other = as_shape(other)
        if self._dims is None:
            return other
        if other._dims is None:
            return self
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {other} are not compatible")
        return TensorShape([a if a is not None else b for a, b in zip(self._dims, other._dims)])

    def assert_is_compatible_with(self, other):
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {self} and {as_shape(other)} are incompatible")

    def assert_has_rank(self, rank):
        if self.rank not in (None, rank):
            raise ValueError(f"Shape {self} must have rank {rank}")

    def assert_same_rank(self, other):
        """Mirrors ``TensorShape.assert_same_rank``: ValueError if both ranks are known and differ."""
        other = as_shape(other)
        if self.rank is not None and other.rank is not None and self.rank != other.rank:
            raise ValueError(f"Shapes {self} and {other} must have the same rank")

    def assert_is_fully_defined(self):
        if not self.is_fully_defined():
            raise ValueError(f"Shape {self} is not fully defined")

    def with_rank(self, rank):
        if self._dims is None:
            return unknown_shape(rank)
        self.assert_has_rank(rank)
        return self

    def concatenate(self, other) -> "TensorShape":
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return TensorShape(None)
        return TensorShape(self._dims + other._dims)

    def __len__(self):
        if self._dims is None:
            raise ValueError("Cannot take the length of shape with unknown rank.")
        return len(self._dims)

    def __iter__(self):
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        if not (_V2_TENSORSHAPE[0] or _internal.v2):
            return iter([Dimension(d) for d in self._dims])
        return iter(self._dims)

    def __getitem__(self, key):
        if self._dims is None:
            if isinstance(key, slice):
                return TensorShape(None)
            return None if _V2_TENSORSHAPE[0] or _internal.v2 else Dimension(None)
        if isinstance(key, slice):
            return TensorShape(self._dims[key])
        return self._dims[key] if _V2_TENSORSHAPE[0] or _internal.v2 else Dimension(self._dims[key])

    def __eq__(self, other):
        try:
            other = as_shape(other)
        except (TypeError, ValueError):
            return NotImplemented
        return self._dims == other._dims

    def __ne__(self, other):
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self):
        return hash(self._dims)

    def __bool__(self):
        return self._dims is not None

    def __add__(self, other):
        return self.concatenate(other)

    def __radd__(self, other):
        return as_shape(other).concatenate(self)

    def __repr__(self):
        if self._dims is None:
            return "TensorShape(None)"
        if not _V2_TENSORSHAPE[0]:
            return f"TensorShape({[Dimension(d) for d in self._dims]})"
        return f"TensorShape({list(self._dims)})"

    def __str__(self):
        if self._dims is None:
            return "<unknown>"
        if len(self._dims) == 1:
            return f"({_s(self._dims[0])},)"
        return "(" + ", ".join(_s(d) for d in self._dims) + ")"


def _s(d):
    if d is None:
        return "None" if _V2_TENSORSHAPE[0] else "?"
    return str(d)


def _dim(d):
    if isinstance(d, Dimension):
        return d.value
    if d is None:
        return None
    index = getattr(d, "__index__", None)
    if index is None or isinstance(d, bool):
        raise TypeError(f"Dimension value must be integer or None or have an __index__ method, got value '{d!r}' "
                        f"with type '{type(d)}'")
    d = index()
    if d < 0:
        if d == -1:  # TF accepts -1 as "unknown" in some shape-building paths
            return None
        raise ValueError(f"Dimension {d} must be >= 0")
    return d


def as_shape(shape) -> TensorShape:
    return shape if isinstance(shape, TensorShape) else TensorShape(shape)


def unknown_shape(rank=None) -> TensorShape:
    return TensorShape(None if rank is None else [None] * rank)


def as_dims(shape: Iterable) -> tuple:
    return tuple(as_shape(shape).as_list())
