"""Helpers shared by the ``tf.linalg.LinearOperator*`` classes (TF's ``linear_operator_util`` and
``property_hint_util``): argument conversion, dtype checks, batch broadcasting for solves, and the rules that
combine two operators' hints."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.framework.tensor_shape import TensorShape, as_shape, dimension_value
from tfcompat._src.ops import array_manip_ops, array_more_ops, array_ops, complex_ops, debugging_ops
from tfcompat._src.ops import linalg_decomp_ops
from tfcompat._src.ops import math_ops, reduction_ops
from tfcompat._src.ops.variables import Variable

__all__ = ["FLOAT_OR_COMPLEX", "convert_nonref_to_tensor", "assert_compatible_dims", "dim_at",
           "shape_tensor", "broadcast_batch_shape", "broadcast_matrix_batch_dims", "matrix_solve_with_broadcast",
           "assert_no_entries_with_modulus_zero", "assert_zero_imag_part", "sum_of_logs_abs",
           "combined_commuting_self_adjoint_hint", "is_square", "combined_commuting_positive_definite_hint",
           "combined_non_singular_hint", "is_adjoint_pair", "is_aat_form",
           "use_operator_or_provided_hint_unless_contradicting", "hints_following_operator",
           "arg_is_blockwise", "split_arg_into_blocks"]

FLOAT_OR_COMPLEX = (dtypes.float16, dtypes.float32, dtypes.float64, dtypes.complex64, dtypes.complex128)


def convert_nonref_to_tensor(value, dtype=None, dtype_hint=None, name=None):
    """Tensors and variables are kept (so a tape sees the variable itself); anything else is converted."""
    if isinstance(value, (Tensor, Variable)):
        if dtype is not None and value.dtype.base_dtype != dtypes.as_dtype(dtype):
            raise TypeError(f"Tensor conversion requested dtype {dtypes.as_dtype(dtype).name} for Tensor with dtype "
                            f"{value.dtype.name}: {value!r}")
        return value
    if dtype is None and dtype_hint is not None:
        return convert_to_tensor(value, dtype_hint=dtype_hint, name=name)
    return convert_to_tensor(value, dtype=dtype, name=name)


def assert_compatible_dims(a, b) -> None:
    """TF's ``Dimension.assert_is_compatible_with``: unknown sizes match anything."""
    va, vb = dimension_value(a), dimension_value(b)
    if va is not None and vb is not None and va != vb:
        raise ValueError(f"Dimensions {va} and {vb} are not compatible")


def dim_at(shape: TensorShape, index: int):
    if shape.rank is None:
        return None
    return dimension_value(shape.dims[index])


def shape_tensor(shape, name=None):
    """An int32 shape vector (TF's ``linear_operator_util.shape_tensor``)."""
    if isinstance(shape, (list, tuple)) and not shape:
        return convert_to_tensor([], dtype=dtypes.int32, name=name)
    return convert_to_tensor(shape, dtype=dtypes.int32, name=name)


def broadcast_batch_shape(*shapes: TensorShape) -> TensorShape:
    out = TensorShape([])
    for s in shapes:
        out = array_more_ops.broadcast_static_shape(out, as_shape(s))
    return out


def broadcast_matrix_batch_dims(batch_matrices):
    """Broadcasts the batch dims of each matrix to their common batch shape (TF's helper of that name)."""
    mats = [convert_to_tensor(m) for m in batch_matrices]
    if len(mats) < 2:
        return mats
    known = all(m.shape.rank is not None and m.shape[:-2].is_fully_defined() for m in mats)
    if known:
        batch = broadcast_batch_shape(*[m.shape[:-2] for m in mats])
        out = []
        for m in mats:
            if m.shape[:-2].as_list() != batch.as_list():
                m = array_manip_ops.broadcast_to(m, batch.as_list() + m.shape[-2:].as_list())
            out.append(m)
        return out
    batch = array_ops.shape(mats[0])[:-2]
    for m in mats[1:]:
        batch = array_more_ops.broadcast_dynamic_shape(batch, array_ops.shape(m)[:-2])
    return [array_manip_ops.broadcast_to(m, array_ops.concat([batch, array_ops.shape(m)[-2:]], 0)) for m in mats]


def matrix_solve_with_broadcast(matrix, rhs, adjoint=False):
    matrix, rhs = broadcast_matrix_batch_dims([matrix, rhs])
    return linalg_decomp_ops.solve(matrix, rhs, adjoint=adjoint)


def assert_no_entries_with_modulus_zero(x, message=None, name="assert_no_entries_with_modulus_zero"):
    x = convert_to_tensor(x)
    should_be_nonzero = math_ops.abs(x)
    zero = convert_to_tensor(0, dtype=should_be_nonzero.dtype)
    return debugging_ops.assert_less(zero, should_be_nonzero, message=message)


def assert_zero_imag_part(x, message=None, name="assert_zero_imag_part"):
    x = convert_to_tensor(x)
    if not x.dtype.is_complex:
        return None
    zero = convert_to_tensor(0, dtype=x.dtype.real_dtype)
    return debugging_ops.assert_equal(zero, complex_ops.imag(x), message=message)


def sum_of_logs_abs(x):
    return reduction_ops.reduce_sum(math_ops.log(math_ops.abs(x)), axis=[-1])


# ------------------------------------------------------------------------------------------------
# hint combination (TF's property_hint_util)
# ------------------------------------------------------------------------------------------------
def combined_commuting_self_adjoint_hint(a, b):
    if a.is_self_adjoint and b.is_self_adjoint:
        return True
    if (a.is_self_adjoint is True and b.is_self_adjoint is False) or (
            a.is_self_adjoint is False and b.is_self_adjoint is True):
        return False
    return None


def is_square(a, b):
    if a.is_square and b.is_square:
        return True
    if a.is_square is False and b.is_square is False:
        m, n = dimension_value(a.range_dimension), dimension_value(b.domain_dimension)
        if m is not None and n is not None:
            return m == n
    if a.is_square != b.is_square and a.is_square is not None and b.is_square is not None:
        return False
    return None


def combined_commuting_positive_definite_hint(a, b):
    if (a.is_positive_definite is True and a.is_self_adjoint is True and b.is_positive_definite is True
            and b.is_self_adjoint is True):
        return True
    return None


def combined_non_singular_hint(*operators):
    hints = [o.is_non_singular for o in operators]
    if False in hints:
        return False
    if all(hints):
        return True
    return None



def is_adjoint_pair(x, y) -> bool:
    """Whether x and y are adjoints of each other, by identity (not by entries)."""
    if x is y:
        if x.is_self_adjoint is False:
            return False
        if x.is_self_adjoint:
            return True
    return x.H is y or y.H is x


def is_aat_form(operators) -> bool:
    """Whether ``operators`` compose to ``A @ A^H`` (recursively: ``A1 A2 A2^H A1^H``)."""
    operators = list(operators)
    if not operators:
        raise ValueError("AAT form is undefined for empty operators")
    if len(operators) % 2:
        return False
    return all(is_adjoint_pair(operators[i], operators[-1 - i]) for i in range(len(operators) // 2))


def use_operator_or_provided_hint_unless_contradicting(operator, hint_attr_name, provided_hint_value, message):
    op_hint = getattr(operator, hint_attr_name)
    if op_hint is False and provided_hint_value:
        raise ValueError(message)
    if op_hint and provided_hint_value is False:
        raise ValueError(message)
    if op_hint or provided_hint_value:
        return True
    if op_hint is False or provided_hint_value is False:
        return False
    return None


def hints_following_operator(operator, relation: str, is_square, is_non_singular, is_self_adjoint,
                             is_positive_definite) -> dict:
    """The four hints of an operator built from ``operator`` (its ``relation``: "adjoint", "inverse") that has
    each property exactly when ``operator`` has it: the given hint, else ``operator``'s, ``ValueError`` where they
    contradict (checked in TF's order: square, non-singular, self-adjoint, positive-definite)."""
    hints = {}
    for attr, value, noun in (("is_square", is_square, "square"),
                              ("is_non_singular", is_non_singular, "non-singular"),
                              ("is_self_adjoint", is_self_adjoint, "self-adjoint"),
                              ("is_positive_definite", is_positive_definite, "positive-definite")):
        hints[attr] = use_operator_or_provided_hint_unless_contradicting(
            operator, attr, value, f"An operator is {noun} if and only if its {relation} is {noun}.")
    return hints



def arg_is_blockwise(block_dimensions, arg, arg_split_dim) -> bool:
    """Whether ``arg`` is a list of per-block tensors (rather than one tensor or a nested list for one tensor)."""
    if not (isinstance(arg, (tuple, list)) and len(arg) == len(block_dimensions)):
        return False
    if not any(isinstance(x, (tuple, list)) for x in arg):
        return True
    arg_dims = [dimension_value(convert_to_tensor(x).shape[arg_split_dim]) for x in arg]
    self_dims = [dimension_value(d) for d in block_dimensions]
    if all(d is None for d in self_dims):
        if len(arg_dims) == 1:
            return False
        if any(d != arg_dims[0] for d in arg_dims):
            return True
        raise ValueError("Parsing of the input structure is ambiguous. Please input a blockwise iterable of "
                         "`Tensor`s or a single `Tensor`.")
    if all(s == a or s is None for s, a in zip(self_dims, arg_dims)):
        return True
    self_dim = sum(d for d in self_dims if d is not None)
    if all(s == arg_dims[0] for s in arg_dims) and arg_dims[0] >= self_dim:
        return False
    raise ValueError("Input dimension does not match operator dimension.")


def split_arg_into_blocks(block_dims, block_dims_fn, arg, axis=-1):
    sizes = [dimension_value(d) for d in block_dims]
    if any(d is None for d in sizes):
        sizes = block_dims_fn()
    return array_ops.split(arg, sizes, axis=axis)
