"""The ``SparseTensor`` behaviour of the math wrapper funnels (``framework/composite_dispatch.py``), mirroring
TF's ``_UnaryMapValueDispatcher`` in ``tensorflow/python/ops/sparse_ops.py``.

TF 2.21 maps a fixed list of zero-preserving unary ops over a SparseTensor's values, keeping its indices and
dense shape: ``abs negative asinh sin tan atan asin atanh sign square sqrt erf tanh bessel_i0e bessel_i1e``
(``tf.cast`` too, in ``math_ops.cast``). Every other wrapper (``tf.exp``, ``tf.add``, ``tf.reduce_sum``,
``tf.concat``, ``tf.zeros_like`` …) tries to convert the SparseTensor to a dense tensor and raises TF's
``ValueError`` ("Attempt to convert a value … to a Tensor"), which the handler reproduces by attempting the same
conversion."""
from __future__ import annotations

from tfcompat._src.framework import composite_dispatch
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.ops import math_ops
from tfcompat._src.ops._helpers import to_tensor

__all__ = ["SPARSE_UNARY_OPS"]

# TF raw-op names of the wrappers TF registers for SparseTensor (the list in TF's sparse_ops.py).
SPARSE_UNARY_OPS = frozenset({"Abs", "Neg", "Asinh", "Sin", "Tan", "Atan", "Asin", "Atanh", "Sign", "Square",
                              "Sqrt", "Erf", "Tanh", "BesselI0e", "BesselI1e"})

# The name scope each TF wrapper opens before converting its argument (None: converts first, opens none).
_WRAPPER_SCOPES = {"Sign": None, "BesselI0e": "bessel_i0e", "BesselI1e": "bessel_i1e"}
# Ops TF creates inside that scope (named "<scope>/<op type>") rather than named by it.
_SCOPED_OPS = frozenset({"BesselI0e", "BesselI1e"})

# The wrappers that reach ``map_flat`` with their own function and map over the values in TF.
_MAPPED_FUNCTIONS = (math_ops.abs, math_ops.cast)


def _not_convertible(*values):
    for v in values:
        for item in (v if isinstance(v, (list, tuple)) else [v]):
            if isinstance(item, SparseTensor):
                to_tensor(item)   # raises TF's ValueError for a SparseTensor
    raise AssertionError("unreachable: a SparseTensor argument converted to a dense tensor")


def _reserve_failed_scope(name, scope):
    # TF's wrapper first opens its scope and fails to convert the SparseTensor; its dispatcher then calls it
    # again on the values, so in a graph the values op is named "Sin_1", "bessel_i0e_1/BesselI0e".
    if scope is not None:
        with name_scope(name, scope):
            pass


class _SparseHandler:
    """Registered with ``composite_dispatch`` for ``SparseTensor``."""

    @staticmethod
    def unary(op_type, x, name):
        if op_type not in SPARSE_UNARY_OPS:
            _not_convertible(x)
        scope = _WRAPPER_SCOPES.get(op_type, op_type)
        _reserve_failed_scope(name, scope)
        if op_type in _SCOPED_OPS:
            with name_scope(name, scope):
                values = apply_op(op_type, [x.values])
        else:
            values = apply_op(op_type, [x.values], name=name)
        return SparseTensor(x.indices, values, x.dense_shape)

    @staticmethod
    def binary(op_type, x, y, name):
        _not_convertible(x, y)

    @staticmethod
    def reduce(op_type, x, axis, keepdims, name):
        _not_convertible(x)

    @staticmethod
    def concat(values, axis, name):
        _not_convertible(values)

    @staticmethod
    def map_flat(fn, x, *args, **kwargs):
        if fn not in _MAPPED_FUNCTIONS:
            _not_convertible(x)
        if fn is math_ops.abs:
            _reserve_failed_scope(kwargs.get("name"), "Abs")
        return SparseTensor(x.indices, fn(x.values, *args, **kwargs), x.dense_shape)


composite_dispatch.register_handler(SparseTensor, _SparseHandler())
