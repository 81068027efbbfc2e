"""Python operators on ``tf.Tensor`` and ``tf.Variable`` (TF's ``Tensor._override_operator``).

``==``/``!=`` are elementwise in TF2 behaviour and identity comparisons under ``disable_v2_behavior()``."""
from __future__ import annotations

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops import array_ops, math_ops
from tfcompat._src.ops.variables import Variable


def _convert_other(x, y):
    """TF's binary_op_wrapper: y is converted to x's dtype (python values) or must already match."""
    x = convert_to_tensor(x)
    if isinstance(y, Tensor) or hasattr(y, "_as_tensor"):
        return x, convert_to_tensor(y)
    try:
        return x, convert_to_tensor(y, dtype=x.dtype)
    except (TypeError, ValueError) as e:
        raise TypeError(f"Cannot convert {y!r} to EagerTensor of dtype {x.dtype.name}") from e


def _binary(fn, op_name):
    # TF names operator-created ops after the Python operator: 'add', 'mul', 'truediv', ...
    def forward(self, other):
        x, y = _convert_other(self, other)
        return fn(x, y, name=op_name)

    def reverse(self, other):
        y, x = _convert_other(self, other)
        return fn(x, y, name=op_name)
    return forward, reverse


def _truediv(x, y, name=None):
    return math_ops.truediv(x, y, name=name)


def _logical_or_bitwise(logical):
    def fn(x, y, name=None):
        if x.dtype is dtypes.bool_:
            return logical(x, y, name=name)
        raise TypeError(f"unsupported operand type(s) for bitwise op: {x.dtype.name}")
    return fn


def _eq(self, other):
    if not ctx_lib.v2_behavior():
        return self is other
    if other is None:
        return False
    try:
        x, y = _convert_other(self, other)
    except (TypeError, ValueError):
        return False
    return math_ops.equal(x, y)


def _ne(self, other):
    if not ctx_lib.v2_behavior():
        return self is not other
    if other is None:
        return True
    try:
        x, y = _convert_other(self, other)
    except (TypeError, ValueError):
        return True
    return math_ops.not_equal(x, y)


def _getitem(self, key):
    return array_ops.strided_slice_from_spec(convert_to_tensor(self), key)


def _install(cls):
    pairs = {
        "add": math_ops.add, "sub": math_ops.subtract, "mul": math_ops.multiply, "truediv": _truediv,
        "floordiv": math_ops.floordiv, "mod": math_ops.floormod, "pow": math_ops.pow,
        "matmul": math_ops.matmul,
        "and": _logical_or_bitwise(math_ops.logical_and), "or": _logical_or_bitwise(math_ops.logical_or),
        "xor": _logical_or_bitwise(math_ops.logical_xor),
    }
    for name, fn in pairs.items():
        fwd, rev = _binary(fn, name if name != "matmul" else "MatMul")
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
    cls.__invert__ = lambda self: math_ops.logical_not(self)
    cls.__pos__ = lambda self: self
    cls.__getitem__ = _getitem
    cls.__eq__ = _eq
    cls.__ne__ = _ne
    cls.__hash__ = lambda self: id(self)


_install(Tensor)
_install(Variable)
