"""Python operators on ``tf.Tensor`` and ``tf.Variable`` (TF's ``Tensor._override_operator``).

``==``/``!=`` are elementwise in TF2 behaviour and identity comparisons under ``disable_v2_behavior()``."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import api_dispatch
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import SymbolicTensor, Tensor
from tfcompat._src.ops import array_more_ops, array_ops, math_ops, variable_slicing
from tfcompat._src.ops.variables import Variable


def _convert_other(x, y, hint=False):
    """TF's binary_op_wrapper: a python/numpy y is converted to x's dtype, or raises TypeError.

    With ``hint`` (TF's ``+`` and ``@``) the dtype is only a hint: a failed conversion keeps y's own dtype
    and the op then rejects the mismatch (InvalidArgumentError eagerly, TypeError in a graph)."""
    x = convert_to_tensor(x)
    if isinstance(y, Tensor) or hasattr(y, "_as_tensor"):
        return x, convert_to_tensor(y)
    if hint:
        return x, convert_to_tensor(y, dtype_hint=x.dtype)
    try:
        return x, convert_to_tensor(y, dtype=x.dtype)
    except (TypeError, ValueError) as e:
        raise TypeError(f"Cannot convert {y!r} to EagerTensor of dtype {x.dtype.name}") from e


def _binary(fn, op_name, hint=False, fused=None):
    # TF names operator-created ops after the Python operator: 'add', 'mul', 'truediv', ...
    # ``fused``: the op's fused eager entry (math_ops.FUSED_OPERATORS), tried first; None: the general path.
    def forward(self, other):
        if fused is not None:
            out = fused(self, other, op_name)
            if out is not None:
                return out
        try:
            x, y = _convert_other(self, other, hint)
        except (TypeError, ValueError):   # TF: the op's fallback dispatch (``tensor @ linear_operator``)
            result = api_dispatch.dispatch(fn, (self, other), {"name": op_name})
            if result is api_dispatch.NOT_SUPPORTED:
                raise
            return result
        return fn(x, y, name=op_name)

    def reverse(self, other):
        if fused is not None:
            out = fused(other, self, op_name)
            if out is not None:
                return out
        y, x = _convert_other(self, other, hint)
        return fn(x, y, name=op_name)
    return forward, reverse


def _truediv(x, y, name=None):
    return math_ops.truediv(x, y, name=name)


def _logical_or_bitwise(logical, bitwise):
    def fn(x, y, name=None):
        if x.dtype is dtypes.bool_:
            return logical(x, y, name=name)
        return bitwise(x, y, name=name)
    return fn


def _mul(x, y, name=None):
    # TF's `*` on bool tensors is a logical and (the Mul kernel has no bool).
    if x.dtype is dtypes.bool_ and y.dtype is dtypes.bool_:
        return math_ops.logical_and(x, y, name=name)
    return math_ops.multiply(x, y, name=name)


def _elementwise_equality(self) -> bool:
    """TF's Tensor.__eq__: elementwise in TF2 behaviour (``enable_tensor_equality``) when eager or inside a
    tf.function, else identity."""
    if not ctx_lib.tensor_equality():
        return False
    graph = getattr(self, "graph", None) if isinstance(self, SymbolicTensor) else None
    return graph is None or graph.building_function


def _equality(self, other, fn, identity_result):
    if other is None:
        return not identity_result
    if not _elementwise_equality(self):
        return (self is other) == identity_result
    x, y = _convert_other(self, other)
    if not _broadcastable(x.shape, y.shape):
        # TF's incompatible_shape_error=False: shapes that cannot broadcast compare as a scalar.
        return array_ops.constant(not identity_result)
    return fn(x, y)


def _broadcastable(a, b) -> bool:
    if a.rank is None or b.rank is None:
        return True
    for da, db in zip(reversed(a.as_list()), reversed(b.as_list())):
        if da is not None and db is not None and da != db and da != 1 and db != 1:
            return False
    return True


def _eq(self, other):
    return _equality(self, other, math_ops.equal, True)


def _ne(self, other):
    return _equality(self, other, math_ops.not_equal, False)


def _invert(self):
    x = convert_to_tensor(self)
    if x.dtype is dtypes.bool_:
        return math_ops.logical_not(x)
    return math_ops.invert(x)


def _variable_getitem(self, key):
    # TF's _SliceHelperVar: the slice of a variable has an ``assign`` (ResourceStridedSliceAssign).
    out = _getitem(self, key)
    variable_slicing.remember_slice(out, self, key)
    return out


def _getitem(self, key):
    # TF's __getitem__ treats a bool tensor or a bool numpy array (not a python bool, np.bool_ or a list of
    # bools, and not inside a tuple) as tf.boolean_mask(self, key).
    if (isinstance(key, Tensor) and key.dtype is dtypes.bool_) or (
            isinstance(key, np.ndarray) and key.dtype == np.bool_):
        return array_more_ops.boolean_mask(self, key)
    return array_ops.strided_slice_from_spec(convert_to_tensor(self), key)


def _install(cls):
    pairs = {
        "add": (math_ops.add, True), "sub": (math_ops.subtract, False), "mul": (_mul, False),
        "truediv": (_truediv, False), "floordiv": (math_ops.floordiv, False), "mod": (math_ops.floormod, False),
        "pow": (math_ops.pow, False), "matmul": (math_ops.matmul, True),
        "and": (_logical_or_bitwise(math_ops.logical_and, math_ops.bitwise_and), False),
        "or": (_logical_or_bitwise(math_ops.logical_or, math_ops.bitwise_or), False),
        "xor": (_logical_or_bitwise(math_ops.logical_xor, math_ops.bitwise_xor), False),
    }
    for name, (fn, hint) in pairs.items():
        fwd, rev = _binary(fn, name if name != "matmul" else "MatMul", hint, math_ops.FUSED_OPERATORS.get(name))
        setattr(cls, f"__{name}__", fwd)
        setattr(cls, f"__r{name}__", rev)
    cls.__div__ = cls.__truediv__
    cls.__rdiv__ = cls.__rtruediv__
    for name, fn in {"lt": math_ops.less, "le": math_ops.less_equal, "gt": math_ops.greater,
                     "ge": math_ops.greater_equal}.items():
        fwd, _ = _binary(fn, None)
        setattr(cls, f"__{name}__", fwd)
    cls.__neg__ = lambda self: math_ops.negative(self)
    cls.__abs__ = lambda self: math_ops.abs(self)
    cls.__invert__ = _invert  # TF: logical not for bool, bitwise not for integers; tf.Tensor has no unary +
    cls.__getitem__ = _getitem
    cls.__eq__ = _eq
    cls.__ne__ = _ne
    # The identity hash, inherited from object (its C slot: no Python call per dict lookup). Inherited, not
    # assigned: torch.compile traces object's own hash, but graph-breaks on a C __hash__ found in a class dict.
    if "__hash__" in cls.__dict__:
        delattr(cls, "__hash__")


_install(Tensor)
_install(Variable)
Variable.__getitem__ = _variable_getitem
Variable.ref = Variable.experimental_ref = Tensor.experimental_ref   # TF's Reference: hashed by identity
Tensor.assign = property(variable_slicing.slice_assign_method)
