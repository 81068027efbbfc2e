"""What ``LinearOperatorAdjoint`` and ``LinearOperatorInversion`` share: one wrapped operator whose hints they
follow, whose asserts and condition number they forward, and whose name (plus a suffix) they take by default."""
from __future__ import annotations

from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import LinearOperator

__all__ = ["OperatorWrapperMixin"]


class OperatorWrapperMixin:
    """Mixed into a ``LinearOperator`` subclass (before it in the bases) that is a function of one operator."""

    def _init_wrapping(self, operator, relation: str, name_suffix: str, name, parameters, is_square, is_non_singular,
                       is_self_adjoint, is_positive_definite):
        """``LinearOperator.__init__`` with ``operator``'s dtype, the hints of
        ``util.hints_following_operator(operator, relation, ...)``, and by default ``operator``'s name plus
        ``name_suffix``."""
        self._operator = operator
        hints = util.hints_following_operator(operator, relation, is_square, is_non_singular, is_self_adjoint,
                                              is_positive_definite)
        if name is None:
            name = operator.name + name_suffix
        with name_scope(name):
            LinearOperator.__init__(self, dtype=operator.dtype, parameters=parameters, name=name, **hints)

    @property
    def operator(self):
        """The wrapped operator."""
        return self._operator

    def _assert_non_singular(self):
        return self.operator.assert_non_singular()

    def _assert_positive_definite(self):
        return self.operator.assert_positive_definite()

    def _assert_self_adjoint(self):
        return self.operator.assert_self_adjoint()

    @property
    def _experimental_parameter_ndims_to_matrix_ndims(self):
        return {"operator": 0}

    def _cond(self):
        return self.operator.cond()
