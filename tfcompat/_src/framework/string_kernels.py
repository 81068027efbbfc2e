"""Type-polymorphic array ops on ``tf.string`` values: run the op's torch kernel on integer ids of the strings.

TF's data-movement ops (Reshape, Transpose, GatherV2, ConcatV2, Pack, Tile, Pad, Select, ...) accept any dtype,
strings included. Torch tensors hold no strings (a string value is a numpy object array of ``bytes``, see
``string_tensor.py``), so an op registered with ``strings=`` runs its kernel on int64 ids instead: the string
inputs (and string attributes, e.g. Fill's value) are mapped to their index in one sorted vocabulary that always
holds ``b""`` at id 0 — so zeros (padding, ZerosLike, ScatterNd's empty slots) come back as TF's empty string —
and the outputs that carry the input's type are mapped back. Equal strings get equal ids, so Unique works too.

Only ops that move, select or compare-for-equality elements may use this; never an op that does arithmetic."""
from __future__ import annotations

import functools
from typing import Callable

import numpy as np
import torch

__all__ = ["ALL_OUTPUTS", "on_string_ids", "is_string_kernel_value"]

ALL_OUTPUTS = "all"   # every output has the input's type (Split, Unpack)


def is_string_kernel_value(value) -> bool:
    """Whether a kernel argument is a string value (``bytes`` or a numpy object array of bytes)."""
    return isinstance(value, bytes) or (isinstance(value, np.ndarray) and value.dtype == object)


def _as_object_array(value) -> np.ndarray:
    if isinstance(value, np.ndarray):
        return value
    out = np.empty((), dtype=object)
    out[()] = value
    return out


def on_string_ids(kernel: Callable, string_outputs) -> Callable:
    """``kernel`` extended to string inputs: ``string_outputs`` is a tuple of output indices (or
    ``ALL_OUTPUTS``) that are strings when the inputs are."""

    @functools.wraps(kernel)
    def run(*args, **attrs):
        string_args = [i for i, a in enumerate(args) if is_string_kernel_value(a)]
        string_attrs = [k for k, v in attrs.items() if is_string_kernel_value(v)]
        if not string_args and not string_attrs:
            return kernel(*args, **attrs)
        values = [_as_object_array(args[i]) for i in string_args] + [_as_object_array(attrs[k]) for k in string_attrs]
        flat = np.concatenate([v.reshape(-1) for v in values] + [np.array([b""], dtype=object)])
        vocab, ids = np.unique(flat, return_inverse=True)
        ids = torch.from_numpy(ids.astype(np.int64))
        args = list(args)
        start = 0
        for i, v in zip(string_args + string_attrs, values):
            coded = ids[start:start + v.size].reshape(v.shape)
            start += v.size
            if isinstance(i, int):
                args[i] = coded
            else:
                attrs[i] = coded
        out = kernel(*args, **attrs)
        if isinstance(out, torch.Tensor):
            return _decode(out, vocab) if string_outputs == ALL_OUTPUTS or 0 in string_outputs else out
        return type(out)(_decode(o, vocab) if string_outputs == ALL_OUTPUTS or k in string_outputs else o
                         for k, o in enumerate(out))

    return run


def _decode(ids: torch.Tensor, vocab: np.ndarray):
    """The strings of ``ids``: an object array, or ``bytes`` for a scalar (the run-time form of a string)."""
    arr = vocab[ids.numpy()]   # indexing with a 0-d array gives the element itself
    return arr if isinstance(arr, np.ndarray) and arr.ndim else np.asarray(arr, dtype=object)[()]
