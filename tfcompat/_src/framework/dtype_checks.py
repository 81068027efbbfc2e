"""Op argument dtype checks against the op's TF definition (``OpDef.types``), with TF's errors.

Split from dispatch.py: ``check_types`` is run by dispatch (and the fused eager entry) before each op."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import errors
from tfcompat._src.framework.op_types import TF_NAME_OF, TF_TYPE_NAMES
from tfcompat._src.framework.python_values import first_leaf, infer_python_dtype
from tfcompat._src.framework.tensor import Tensor

__all__ = ["check_types", "tf_type_name"]


def tf_type_name(dtype) -> str:
    return TF_NAME_OF.get(dtype.name, dtype.name)


def _not_allowed(op_def, arg_name, rule, dtype, eager, name):
    if eager:
        listed = ", ".join(rule.allowed)
        return errors.InvalidArgumentError(
            f"Value for attr '{rule.attr}' of {tf_type_name(dtype)} is not in the list of allowed values: "
            f"{listed}\n\t; NodeDef: {{{{node {name or op_def.name}}}}} [Op:{op_def.name}]"
            + (f" name: {name}" if name else ""))
    listed = ", ".join(TF_TYPE_NAMES[t] for t in rule.allowed)
    return TypeError(f"Value passed to parameter '{arg_name}' has DataType {dtype.name} not in list of allowed "
                     f"values: {listed}")


def _fixed_type_mismatch(op_def, i, arg_name, expected, dtype, eager, name):
    if eager:
        return errors.InvalidArgumentError(
            f"cannot compute {op_def.name} as input #{i}(zero-based) was expected to be a {expected} tensor but "
            f"is a {tf_type_name(dtype)} tensor [Op:{op_def.name}]" + (f" name: {name}" if name else ""))
    return TypeError(f"Input '{arg_name}' of '{op_def.name}' Op has type {dtype.name} that does not match "
                     f"expected type of {TF_TYPE_NAMES[expected]}.")


def _attr_mismatch(op_def, i, arg_name, dtype, first, eager, name):
    j, first_name, first_dtype = first
    if eager:
        return errors.InvalidArgumentError(
            f"cannot compute {op_def.name} as input #{i}(zero-based) was expected to be a "
            f"{tf_type_name(first_dtype)} tensor but is a {tf_type_name(dtype)} tensor [Op:{op_def.name}] "
            f"name: {name or ''}")
    return TypeError(f"Input '{arg_name}' of '{op_def.name}' Op has type {dtype.name} that does not match type "
                     f"{first_dtype.name} of argument '{first_name}'.")


def check_types(op_def, inputs, attrs, eager, name):
    """Rejects argument dtypes the op's TF definition does not allow (``OpDef.types``), with TF's errors:
    InvalidArgumentError when executing eagerly, TypeError while building a graph."""
    if op_def.input_rules:
        n = len(inputs)
        seen = {}
        for i, x in enumerate(inputs):
            r = op_def.rule_of_input(i, n, attrs)
            if r is None:
                continue
            arg_name, rule = r
            dt = x.dtype
            if rule.attr is None:
                if dt.name not in rule.allowed_names:
                    raise _fixed_type_mismatch(op_def, i, arg_name, rule.allowed[0], dt, eager, name)
                continue
            first = seen.get(rule.attr)
            if first is None:
                if rule.allowed_names is not None and dt.name not in rule.allowed_names:
                    raise _not_allowed(op_def, arg_name, rule, dt, eager, name)
                seen[rule.attr] = (i, arg_name, dt)
            elif first[2] is not dt:
                raise _attr_mismatch(op_def, i, arg_name, dt, first, eager, name)
    elif op_def.same_type and len(inputs) > 1:
        _check_same_type(op_def, inputs, eager, name)
    for arg_name, rule in op_def.attr_rules:
        value = attrs.get(rule.from_attr)
        if value is None or rule.allowed_names is None or isinstance(value, (Tensor, torch.Tensor)):
            continue
        dt = _python_value_dtype(value)
        if dt is not None and dt.name not in rule.allowed_names:
            raise _not_allowed(op_def, arg_name, rule, dt, eager, name)


def _python_value_dtype(value):
    """The dtype TF would give a python attribute value when converting it to a tensor (None: not a value
    TF converts, e.g. a TensorShape)."""
    if isinstance(value, (list, tuple)) and first_leaf(value) in ((), []):
        return None  # empty: TF converts it with the argument's default type
    if isinstance(value, (bool, int, float, complex, list, tuple, np.ndarray, np.generic)):
        try:
            return infer_python_dtype(value)
        except (TypeError, ValueError):
            return None
    return None


def _check_same_type(op_def, inputs, eager, name):
    if len(inputs) == 2 and inputs[0].dtype is inputs[1].dtype:
        return
    names = op_def.input_names
    for group in op_def.same_type:
        first = None
        for i in group:
            if i >= len(inputs):
                break
            dt = inputs[i].dtype
            if first is None:
                first = (i, names[i] if i < len(names) else f"input_{i}", dt)
            elif dt is not first[2]:
                raise _attr_mismatch(op_def, i, names[i] if i < len(names) else f"input_{i}", dt, first, eager,
                                     name)
