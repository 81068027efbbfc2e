"""``tf.fingerprint`` (op ``Fingerprint``): FarmHash Fingerprint64 of each row of a tensor, as TF computes it.

The hash is FarmHash's ``farmhashna::Hash64`` (what ``Fingerprint64`` is; ``string_hash_ops.fingerprint64``,
shared with ``tf.strings.to_hash_bucket_fast``); TF stores each fingerprint as 8 little-endian bytes."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops._helpers import to_tensor
from tfcompat._src.ops.string_hash_ops import fingerprint64 as farmhash_fingerprint64

__all__ = ["fingerprint", "farmhash_fingerprint64"]

def _row_bytes(data) -> list[bytes]:
    """The byte string hashed for each row (first dimension) of ``data``: its elements' bytes in order; a row
    of several strings is the concatenation of their own fingerprints, as TF's kernel does."""
    if isinstance(data, np.ndarray) and data.dtype == object:   # tf.string
        rows = data.reshape(data.shape[0], -1)
        if rows.shape[1] == 1:
            return [bytes(r[0]) for r in rows]
        return [b"".join(farmhash_fingerprint64(bytes(s)).to_bytes(8, "little") for s in r) for r in rows]
    arr = data.detach().cpu().contiguous().numpy() if isinstance(data, torch.Tensor) else np.asarray(data)
    arr = np.ascontiguousarray(arr).astype(arr.dtype.newbyteorder("<"), copy=False)
    rows = arr.reshape(arr.shape[0], -1)
    return [rows[k].tobytes() for k in range(rows.shape[0])]


def _fingerprint_shape(inputs, attrs):
    x = inputs[0].shape
    return [(TensorShape([x[0] if x.rank else None, 8]), dtypes.uint8)]


@register_op("Fingerprint", grad=NOT_DIFFERENTIABLE, inputs=("data",), types={"data": Arg("T")},
             shape_fn=_fingerprint_shape)
def _fingerprint(data, *, method):
    if method != "farmhash64":
        raise errors.InvalidArgumentError(f"Unsupported fingerprint method is used: {method}")
    if getattr(data, "ndim", len(getattr(data, "shape", ()))) < 1:
        raise errors.InvalidArgumentError("`data` should have at least one dimension: 0 vs. 1")
    out = np.zeros((data.shape[0], 8), dtype=np.uint8)
    for k, row in enumerate(_row_bytes(data)):
        out[k] = np.frombuffer(farmhash_fingerprint64(row).to_bytes(8, "little"), dtype=np.uint8)
    return torch.from_numpy(out)


def fingerprint(data, method="farmhash64", name=None):
    """Mirrors ``tf.fingerprint`` (op ``Fingerprint``): a ``[batch, 8]`` uint8 FarmHash Fingerprint64 of each
    row of ``data`` (its bytes in memory order; strings by content)."""
    return apply_op("Fingerprint", [to_tensor(data)], {"method": str(method)}, name=name)
