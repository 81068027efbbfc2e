"""What the operators built from a flat list of operators share (``LinearOperatorBlockDiag``,
``LinearOperatorComposition``, ``LinearOperatorKronecker``): the list's checks, the default name joining the
operators' names, and the operator-by-operator adjoint/inverse/Cholesky TF builds for block-diag and Kronecker."""
from __future__ import annotations

from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops import array_ops
from tfcompat._src.ops.linear_operator.base import LinearOperator

__all__ = ["OperatorListMixin", "checked_iterable", "checked_operator_list", "hint_implied_by_all", "same_dtype"]


def checked_iterable(value):
    """``value`` itself; ``TypeError`` (TF's message) when it is a string or not iterable."""
    if isinstance(value, (str, bytes)) or not hasattr(value, "__iter__"):
        raise TypeError(f"Expected argument 'values' to be iterable.  Found: {value}")
    return value


def checked_operator_list(operators, empty_message: str) -> list:
    """``operators`` as a list; ``ValueError(empty_message.format(operators=...))`` when it is empty."""
    operators = list(checked_iterable(operators))
    if not operators:
        raise ValueError(empty_message.format(operators=operators))
    return operators


def same_dtype(operators):
    """The operators' common dtype; ``TypeError`` (TF's block-diag/composition message) when they differ."""
    dtype = operators[0].dtype
    for operator in operators:
        if operator.dtype != dtype:
            name_type = (str((o.name, o.dtype)) for o in operators)
            raise TypeError("Expected all operators to have the same dtype.  Found %s" % "   ".join(name_type))
    return dtype


def hint_implied_by_all(operators, hint: str, value, message: str):
    """``True`` when every operator has ``hint`` (``ValueError(message)`` if ``value`` is ``False``), else
    ``value``."""
    if all(getattr(operator, hint) for operator in operators):
        if value is False:
            raise ValueError(message)
        return True
    return value


class OperatorListMixin:
    """Mixed into a ``LinearOperator`` subclass (before it in the bases) that keeps its operators in
    ``self._operators``."""

    def _init_from_operators(self, dtype, separator, name, parameters, **hints):
        """``LinearOperator.__init__`` under ``name``, by default the operators' names joined by ``separator``."""
        if name is None:
            name = separator.join(operator.name for operator in self._operators)
        with name_scope(name):
            LinearOperator.__init__(self, dtype=dtype, parameters=parameters, name=name, **hints)

    @property
    def operators(self) -> list:
        """The operators, in the order given."""
        return self._operators

    @property
    def _experimental_parameter_ndims_to_matrix_ndims(self):
        return {"operators": [0] * len(self.operators)}

    def _broadcast_batch_shape_tensor(self):
        """The operators' batch shapes broadcast together (as TF: the shape of a sum of zeros of each shape)."""
        zeros = array_ops.zeros(shape=self.operators[0].batch_shape_tensor())
        for operator in self.operators[1:]:
            zeros += array_ops.zeros(shape=operator.batch_shape_tensor())
        return array_ops.shape(zeros)

    def _product_over_operators(self, method):
        """The product of each operator's ``method()`` (e.g. ``determinant``)."""
        result = getattr(self.operators[0], method)()
        for operator in self.operators[1:]:
            result *= getattr(operator, method)()
        return result

    def _sum_over_operators(self, method):
        """The sum of each operator's ``method()`` (e.g. ``log_abs_determinant``, ``trace``)."""
        result = getattr(self.operators[0], method)()
        for operator in self.operators[1:]:
            result += getattr(operator, method)()
        return result

    def _operatorwise(self, cls, method):
        """``cls`` of each operator's ``method()`` (adjoint, inverse), keeping this operator's hints."""
        return cls(operators=[getattr(op, method)() for op in self.operators], is_non_singular=self.is_non_singular,
                   is_self_adjoint=self.is_self_adjoint, is_positive_definite=self.is_positive_definite,
                   is_square=True)

    def _operatorwise_cholesky(self, cls):
        return cls(operators=[op.cholesky() for op in self.operators], is_non_singular=True, is_self_adjoint=None,
                   is_square=True)
