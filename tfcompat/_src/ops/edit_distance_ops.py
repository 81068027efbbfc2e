"""``tf.edit_distance`` (op ``EditDistance``): Levenshtein distances between the sequences of two SparseTensors."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op, constant_value
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import Arg
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["edit_distance"]


def _levenshtein(a: list, b: list) -> int:
    prev = list(range(len(b) + 1))
    for i, x in enumerate(a, 1):
        cur = [i] + [0] * len(b)
        for j, y in enumerate(b, 1):
            cur[j] = min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (x != y))
        prev = cur
    return prev[-1]


def _as_list(values):
    if isinstance(values, np.ndarray):
        return values.reshape(-1).tolist()
    return values.reshape(-1).tolist()


def _sequences(indices, values, shape, what):
    idx = indices.long().tolist() if isinstance(indices, torch.Tensor) else np.asarray(indices).tolist()
    vals = _as_list(values)
    if len(idx) != len(vals):
        raise errors.InvalidArgumentError(f"{what}_indices and {what}_values must have the same number of "
                                          f"entries, got {len(idx)} and {len(vals)}")
    groups: dict[tuple, list] = {}
    for ix, v in zip(idx, vals):
        if len(ix) != len(shape):
            raise errors.InvalidArgumentError(f"{what}_indices rank must match {what}_shape's length")
        groups.setdefault(tuple(ix[:-1]), []).append(v)
    return groups


def _edit_distance_shape(inputs, attrs):
    hs, ts = constant_value(inputs[2]), constant_value(inputs[5])
    if hs is not None and ts is not None:
        return [(TensorShape([max(int(a), int(b)) for a, b in zip(hs.tolist()[:-1], ts.tolist()[:-1])]),
                 dtypes.float32)]
    n = inputs[2].shape[0] if inputs[2].shape.rank == 1 else None
    return [(TensorShape(None if n is None else [None] * (n - 1)), dtypes.float32)]


@register_op("EditDistance", grad=NOT_DIFFERENTIABLE,
             inputs=("hypothesis_indices", "hypothesis_values", "hypothesis_shape", "truth_indices",
                     "truth_values", "truth_shape"),
             types={"hypothesis_indices": Arg(None, ("int64",)), "hypothesis_values": Arg("T"),
                    "hypothesis_shape": Arg(None, ("int64",)), "truth_indices": Arg(None, ("int64",)),
                    "truth_values": Arg("T"), "truth_shape": Arg(None, ("int64",))},
             shape_fn=_edit_distance_shape)
def _edit_distance(h_idx, h_vals, h_shape, t_idx, t_vals, t_shape, *, normalize=True):
    hs, ts = [int(v) for v in h_shape.tolist()], [int(v) for v in t_shape.tolist()]
    if len(hs) != len(ts):
        raise errors.InvalidArgumentError(f"hypothesis and truth must have the same rank: {len(hs)} vs. {len(ts)}")
    out_shape = [max(a, b) for a, b in zip(hs[:-1], ts[:-1])]
    hyp = _sequences(h_idx, h_vals, hs, "hypothesis")
    truth = _sequences(t_idx, t_vals, ts, "truth")
    out = np.zeros(out_shape, dtype=np.float32)
    for loc in set(hyp) | set(truth):
        h, t = hyp.get(loc, []), truth.get(loc, [])
        if h and t:
            d = float(_levenshtein(h, t))
            out[loc] = d / len(t) if normalize else d
        elif h:
            # TF: a hypothesis against an empty truth is its length, or inf when normalized
            out[loc] = np.inf if normalize else float(len(h))
        else:
            out[loc] = 1.0 if normalize else float(len(t))
    return torch.from_numpy(out)


def edit_distance(hypothesis, truth, normalize=True, name="edit_distance"):
    """Mirrors ``tf.edit_distance`` (op ``EditDistance``): the Levenshtein distance between the sequences of
    ``hypothesis`` and ``truth`` (SparseTensors; the last dimension is the sequence), optionally normalized by
    the truth's length; float32 of the leading dimensions (their maximum over both inputs)."""
    from tfcompat._src.framework.sparse_tensor import SparseTensor
    if not isinstance(hypothesis, SparseTensor):
        raise TypeError("Hypothesis must be a SparseTensor.")
    if not isinstance(truth, SparseTensor):
        raise TypeError("Truth must be a SparseTensor.")
    return apply_op("EditDistance", [hypothesis.indices, hypothesis.values, hypothesis.dense_shape, truth.indices,
                                     truth.values, truth.dense_shape], {"normalize": bool(normalize)}, name=name)
