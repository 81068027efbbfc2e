"""Exceptions raised inside kernels -> TF's error types and wording: one table, one function, used by eager
dispatch and by the plan executor.

TF's kernels raise ``OpError`` subclasses with TF's messages; torch raises ``RuntimeError``/``IndexError`` with
torch's. ``as_tf_error`` turns a kernel's exception into the ``OpError`` TF raises for the same failure: the
op's ``shape_check`` words shape errors as TF's kernels do, the table below maps the rest by type and message,
and anything left becomes ``InvalidArgumentError`` carrying torch's text. The original exception stays
reachable as ``error.kernel_exception``; callers raise the result ``from None`` so that users see TF's error,
not a chained torch traceback."""
from __future__ import annotations

import re

import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.op_def import ShapeMismatch
from tfcompat._src.framework.op_types import TF_NAME_OF
from tfcompat._src.framework.tensor_shape import TensorShape, internal_v2_shapes

__all__ = ["as_tf_error", "eager_prefix", "passes_through", "format_shape", "no_cpu_kernel", "KERNEL_ERROR_TABLE"]


def format_shape(shape) -> str:
    """A shape (TensorShape, torch.Size, list) as TF prints it in errors: ``[2,3]``; ``?`` where unknown."""
    if isinstance(shape, TensorShape):
        if shape.rank is None:
            return "?"
        shape = shape.as_list()
    return "[" + ",".join("?" if d is None else str(int(d)) for d in shape) + "]"


def no_cpu_kernel(op_type: str, torch_dtype) -> errors.NotFoundError:
    """TF's error for a dtype its op definition allows but no CPU kernel implements (e.g. integer Reciprocal)."""
    name = dtypes.from_torch(torch_dtype).name
    return errors.NotFoundError(f"Could not find device for node: {{{{node {op_type}}}}} = {op_type}"
                                f"[T=DT_{TF_NAME_OF.get(name, name).upper()}]")


def _oom(match, exc, op_type):
    return f"OOM when allocating tensor for {op_type} on /job:localhost/replica:0/task:0/device:CPU:0 by " \
           f"allocator cpu ({exc})"


def _zero_division(match, exc, op_type):
    return "Integer division by zero"


# (exception class, message pattern or None, TF error class, message function or None: keep the text).
# First match wins. Exceptions of other classes, and those in PASS_THROUGH, are not kernel failures to map.
KERNEL_ERROR_TABLE = (
    (torch.OutOfMemoryError, None, errors.ResourceExhaustedError, _oom),
    (RuntimeError, re.compile(r"can't allocate memory|not enough memory|out of memory|Cannot allocate memory"),
     errors.ResourceExhaustedError, _oom),
    (MemoryError, None, errors.ResourceExhaustedError, _oom),
    (ZeroDivisionError, None, errors.InvalidArgumentError, _zero_division),
    (RuntimeError, re.compile(r"ZeroDivisionError|division by zero"), errors.InvalidArgumentError, _zero_division),
    (IndexError, None, errors.InvalidArgumentError, None),
    (RuntimeError, None, errors.InvalidArgumentError, None),
    (OverflowError, None, errors.InvalidArgumentError, None),
)

# Raised by kernels on purpose with the exception TF raises (TypeError/ValueError from argument checks,
# NotImplementedError for unsupported features, LookupError from a missing gradient): not re-mapped.
PASS_THROUGH = (TypeError, ValueError, NotImplementedError, KeyError)


def passes_through(exc: BaseException) -> bool:
    """Whether a kernel's exception is already the one TF raises (re-raised unchanged, apart from an OpError's
    op suffix)."""
    if isinstance(exc, errors.OpError):
        return False
    return isinstance(exc, PASS_THROUGH) or (isinstance(exc, LookupError) and not isinstance(exc, IndexError))


# The int attributes that size an op's list inputs/outputs: TF's eager runtime names the function wrapping one op
# after them (``__wrapped__ConcatV2_N_2_device_...``).
_NUMBER_ATTRS = {"Split": ("num_split",), "SplitV": ("num_split",), "Unpack": ("num",)}


def eager_prefix(op_def, attrs, device: str = "CPU:0") -> str:
    """The ``{{function_node __wrapped__Op_device_...}} `` TF 2.21 puts before an eager op's kernel error: TF runs
    each eager op as a one-node function named after the op (and its list-size attributes) and its device."""
    name = op_def.name
    for key in _NUMBER_ATTRS.get(name, ("N",) if op_def.list_input else ()):
        value = (attrs or {}).get(key)
        if isinstance(value, int):
            name += f"_{key}_{value}"
    return f"{{{{function_node __wrapped__{name}_device_/job:localhost/replica:0/task:0/device:{device}}}}} "


def as_tf_error(exc: BaseException, op_def, *, shapes=None, attrs=None, values=None, suffix: str = "",
                node=None, prefix: str = "") -> errors.OpError:
    """The TF error for ``exc`` raised by ``op_def``'s kernel.

    ``shapes``/``attrs``/``values`` are the failing call's input shapes, attributes and input values (the op's
    ``shape_check`` words shape errors from them); ``suffix`` is appended to the message (eager: `` [Op:Type]
    name: n``; graph: the node and its creation site); ``prefix`` goes before it (eager: :func:`eager_prefix`,
    unless the message has one from an inner op); ``node`` is the graph ``Operation`` (TF's ``error.op``)."""
    if isinstance(exc, errors.OpError):
        if exc.message.startswith("{{function_node "):
            prefix = ""
        err = type(exc)(exc.node_def, node if exc.op is None else exc.op, prefix + exc.message + suffix)
    else:
        err = _from_table(exc, op_def, shapes, attrs, values, suffix, node, prefix)
    err.kernel_exception = exc
    return err


def _from_table(exc, op_def, shapes, attrs, values, suffix, node, prefix):
    if shapes is not None and op_def.shape_check is not None and isinstance(exc, (RuntimeError, IndexError)):
        try:
            with internal_v2_shapes():
                op_def.shape_check(shapes, attrs or {}, values or [None] * len(shapes))
        except ShapeMismatch as m:
            return errors.InvalidArgumentError(None, node, prefix + m.eager_message + suffix)
    for cls, pattern, tf_cls, message in KERNEL_ERROR_TABLE:
        if not isinstance(exc, cls):
            continue
        match = None
        if pattern is not None:
            match = pattern.search(str(exc))
            if match is None:
                continue
        text = message(match, exc, op_def.name) if message is not None else str(exc)
        return tf_cls(None, node, prefix + text + suffix)
    return errors.UnknownError(None, node, f"{prefix}{type(exc).__name__}: {exc}{suffix}")
