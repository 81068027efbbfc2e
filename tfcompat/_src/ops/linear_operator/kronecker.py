"""``tf.linalg.LinearOperatorKronecker``: the Kronecker product ``A1 ⊗ A2 ⊗ ... ⊗ AJ`` of operators, applied
factor by factor without forming it."""
from __future__ import annotations

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.ops import array_more_ops, array_ops, complex_ops, control_flow_ops, math_ops
from tfcompat._src.ops.linear_operator import util
from tfcompat._src.ops.linear_operator.base import LinearOperator
from tfcompat._src.ops.linear_operator.operator_list import (
    OperatorListMixin, checked_operator_list, hint_implied_by_all,
)

__all__ = ["LinearOperatorKronecker"]

_NOT_SQUARE = ("All Kronecker factors must be square for the product to be invertible. Expected hint `is_square` to "
               "be True for every operator in argument `operators`.")


def _static_or_dynamic_shape(x):
    if x.shape.is_fully_defined():
        return x.shape.as_list()
    return array_ops.shape(x)


def _concat_shape(prefix, tail):
    if isinstance(prefix, list) and all(isinstance(t, int) for t in tail):
        return prefix + list(tail)
    return array_ops.concat([prefix, tail], 0)


class LinearOperatorKronecker(OperatorListMixin, LinearOperator):
    """Mirrors ``tf.linalg.LinearOperatorKronecker(operators, ...)``: matmul and solve apply each factor to a
    reshaped argument (TF's algorithm), determinants and traces come from the factors'."""

    def __init__(self, operators, is_non_singular=None, is_self_adjoint=None, is_positive_definite=None,
                 is_square=None, name=None):
        parameters = dict(operators=operators, is_non_singular=is_non_singular, is_self_adjoint=is_self_adjoint,
                          is_positive_definite=is_positive_definite, is_square=is_square, name=name)
        operators = checked_operator_list(operators,
                                          "Argument `operators` must be a list of >=1 operators. Received: "
                                          "{operators}.")
        self._operators = operators
        dtype = operators[0].dtype
        for operator in operators:
            if operator.dtype != dtype:
                name_type = [str((o.name, o.dtype)) for o in operators]
                raise TypeError(f"Expected every operation in argument `operators` to have the same dtype. "
                                f"Received {name_type}.")
        hints = {}
        for hint, value, noun in (("is_non_singular", is_non_singular, "non-singular"),
                                  ("is_self_adjoint", is_self_adjoint, "self-adjoint"),
                                  ("is_positive_definite", is_positive_definite, "positive-definite")):
            hints[hint] = hint_implied_by_all(operators, hint, value,
                                              f"The Kronecker product of {noun} operators is always {noun}. Expected "
                                              f"argument `{hint}` to be True. Received: {value}.")
        self._init_from_operators(dtype, "_x_", name, parameters, is_square=is_square, **hints)

    def _shape(self):
        domain = self.operators[0].domain_dimension
        range_ = self.operators[0].range_dimension
        for operator in self.operators[1:]:
            domain = domain * operator.domain_dimension
            range_ = range_ * operator.range_dimension
        batch_shape = util.broadcast_batch_shape(*[op.batch_shape for op in self.operators])
        return batch_shape.concatenate([range_, domain])

    def _shape_tensor(self):
        domain = self.operators[0].domain_dimension_tensor()
        range_ = self.operators[0].range_dimension_tensor()
        batch_shape = self.operators[0].batch_shape_tensor()
        for operator in self.operators[1:]:
            domain = domain * operator.domain_dimension_tensor()
            range_ = range_ * operator.range_dimension_tensor()
            batch_shape = array_more_ops.broadcast_dynamic_shape(batch_shape, operator.batch_shape_tensor())
        return array_ops.concat([batch_shape, array_ops.stack([range_, domain])], 0)

    def _linop_adjoint(self):
        return self._operatorwise(LinearOperatorKronecker, "adjoint")

    def _linop_cholesky(self):
        return self._operatorwise_cholesky(LinearOperatorKronecker)

    def _linop_inverse(self):
        return self._operatorwise(LinearOperatorKronecker, "inverse")

    def _solve_matmul_internal(self, x, solve_matmul_fn, adjoint=False, adjoint_arg=False):
        # Each factor acts on the trailing axis of a [..., rest, factor_dim] view; the conj/adjoint_arg dance keeps
        # the argument in "adjoint" layout between factors, as TF's implementation does.
        output = x
        if adjoint_arg:
            if self.dtype.is_complex:
                output = complex_ops.conj(output)
        else:
            output = array_ops.matrix_transpose(output)
        for o in reversed(self.operators):
            op_dim = util.dim_at(o.shape, -2 if adjoint else -1)
            shape = _static_or_dynamic_shape(output)
            if op_dim is not None and isinstance(shape, list):
                dim = shape[-2] * shape[-1] // op_dim
                new_shape = shape[:-2] + [dim, op_dim]
            else:
                op_dim_t = o.range_dimension_tensor() if adjoint else o.domain_dimension_tensor()
                shape = array_ops.shape(output)
                dim = math_ops.cast(shape[-2] * shape[-1] // op_dim_t, dtype=dtypes.int32)
                new_shape = array_ops.concat([shape[:-2], array_ops.stack([dim, op_dim_t])], 0)
            output = array_ops.reshape(output, shape=new_shape)
            if self.dtype.is_complex:
                output = complex_ops.conj(output)
            output = solve_matmul_fn(o, output, adjoint=adjoint, adjoint_arg=True)
        x_shape = _static_or_dynamic_shape(x)
        col_dim = x_shape[-2] if adjoint_arg else x_shape[-1]
        row_dim = util.dim_at(self.shape, -1 if adjoint else -2)
        if row_dim is None:
            row_dim = self.domain_dimension_tensor() if adjoint else self.range_dimension_tensor()
        out_shape = _static_or_dynamic_shape(output)
        return array_ops.reshape(output, _concat_shape(out_shape[:-2], [row_dim, col_dim]))

    def _matmul(self, x, adjoint=False, adjoint_arg=False):
        return self._solve_matmul_internal(
            x, lambda o, v, adjoint, adjoint_arg: o.matmul(v, adjoint=adjoint, adjoint_arg=adjoint_arg),
            adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _solve(self, rhs, adjoint=False, adjoint_arg=False):
        return self._solve_matmul_internal(
            rhs, lambda o, v, adjoint, adjoint_arg: o.solve(v, adjoint=adjoint, adjoint_arg=adjoint_arg),
            adjoint=adjoint, adjoint_arg=adjoint_arg)

    def _determinant(self):
        total = self.domain_dimension_tensor()
        determinant = 1.
        for operator in self.operators:
            power = math_ops.cast(total / operator.domain_dimension_tensor(), dtype=operator.dtype)
            determinant = determinant * operator.determinant() ** power
        return determinant

    def _log_abs_determinant(self):
        total = self.domain_dimension_tensor()
        log_abs_det = 0.
        for operator in self.operators:
            log_abs_det += operator.log_abs_determinant() * math_ops.cast(
                total / operator.domain_dimension_tensor(), dtype=operator.dtype)
        return log_abs_det

    def _trace(self):
        trace = 1.
        for operator in self.operators:
            trace = trace * operator.trace()
        return trace

    def _outer_flatten(self, vectors):
        product = vectors[0]
        for v in vectors[1:]:
            product = array_ops.expand_dims(product, -1) * array_ops.expand_dims(v, -2)
            product = array_ops.reshape(product, array_ops.concat([array_ops.shape(product)[:-2], [-1]], axis=0))
        return product

    def _diag_part(self):
        diag_part = self._outer_flatten([op.diag_part() for op in self.operators])
        diag_dimension = min(util.dim_at(self.shape, -1), util.dim_at(self.shape, -2)) if (
            self.shape.rank is not None and None not in self.shape.as_list()[-2:]) else None
        diag_part.set_shape(self.batch_shape.concatenate([diag_dimension]))
        return diag_part

    def _to_dense(self):
        product = self.operators[0].to_dense()
        for operator in self.operators[1:]:
            left = array_ops.expand_dims(array_ops.expand_dims(product, -1), -3)
            right = array_ops.expand_dims(array_ops.expand_dims(operator.to_dense(), -2), -4)
            product = left * right
            shape = _static_or_dynamic_shape(product)
            product = array_ops.reshape(product, _concat_shape(shape[:-4], [shape[-4] * shape[-3],
                                                                            shape[-2] * shape[-1]]))
        product.set_shape(self.shape)
        return product

    def _eigvals(self):
        product = self._outer_flatten([op.eigvals() for op in self.operators])
        product.set_shape(self.shape[:-1])
        return product

    def _assert_non_singular(self):
        if all(operator.is_square for operator in self.operators):
            return control_flow_ops.group(*[op.assert_non_singular() for op in self.operators])
        raise errors.InvalidArgumentError(None, None, _NOT_SQUARE)

    def _assert_self_adjoint(self):
        if all(operator.is_square for operator in self.operators):
            return control_flow_ops.group(*[op.assert_self_adjoint() for op in self.operators])
        raise errors.InvalidArgumentError(None, None, _NOT_SQUARE)
