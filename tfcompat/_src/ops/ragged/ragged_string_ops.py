"""The ragged behaviour of the elementwise ``tf.strings`` wrappers (TF's ragged dispatch for string ops):
``tf.strings.substr(rt, 0, 2)``, ``lower``/``upper``/``strip``, ``regex_full_match``/``regex_replace``,
``length``, ``as_string``, ``to_number``, ``to_hash_bucket*`` and ``join`` on RaggedTensors.

Registered with the fallback API dispatch (``framework/api_dispatch.py``): the dense wrapper runs first and, when it
cannot convert a RaggedTensor, the handler here runs the same wrapper on ``flat_values`` and keeps the row
partition. Only the string operand is ragged here (TF also accepts ragged ``pos``/``len`` for ``substr``; a
ragged non-string argument falls back to the dense wrapper's error)."""
from __future__ import annotations

import inspect
from typing import Callable

from tfcompat._src.framework import api_dispatch, dtypes
from tfcompat._src.framework.api_dispatch import dispatch_for_types
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.ops import string_hash_ops, string_ops, string_transform_ops
from tfcompat._src.ops.ragged.ragged_operands import flat_operand
from tfcompat._src.ops.ragged.ragged_tensor import RaggedTensor

__all__: list[str] = []


def _register_elementwise(api: Callable) -> None:
    """``api(rt, ...)``: ``api(rt.flat_values, ...)`` with ``rt``'s row partition."""
    first = next(iter(inspect.signature(api).parameters))

    @dispatch_for_types(api, RaggedTensor)
    def handler(*args, **kwargs):
        if args:
            x, args = args[0], args[1:]
        else:
            x = kwargs.pop(first, None)
        if not isinstance(x, RaggedTensor):
            return api_dispatch.NOT_SUPPORTED
        return x.with_flat_values(api(x.flat_values, *args, **kwargs))


for _api in (string_transform_ops.lower, string_transform_ops.upper, string_transform_ops.strip,
             string_transform_ops.regex_full_match, string_transform_ops.regex_replace, string_transform_ops.substr,
             string_ops.length, string_ops.as_string, string_ops.to_number, string_hash_ops.to_hash_bucket_fast,
             string_hash_ops.to_hash_bucket_strong, string_hash_ops.to_hash_bucket):
    _register_elementwise(_api)


@dispatch_for_types(string_ops.join, RaggedTensor)
def _ragged_join(inputs, separator="", name=None):
    """``tf.strings.join`` of RaggedTensors with one row partition (dense scalars broadcast), as TF's ragged
    dispatch: the flat values joined, the partition kept."""
    base = next(v for v in inputs if isinstance(v, RaggedTensor))
    flats = [v.flat_values if v is base else
             flat_operand(base, v if isinstance(v, RaggedTensor) else convert_to_tensor(v, dtype=dtypes.string))
             for v in inputs]
    return base.with_flat_values(string_ops.join(flats, separator=separator, name=name))
