"""``tf.debugging.enable_check_numerics`` / ``disable_check_numerics`` (TF's ``check_numerics_callback.py``)
and the op they add, ``CheckNumericsV2``.

While enabled, every op's floating outputs are checked for NaN and infinities, as TF's op callback does:
executing eagerly, right after the op's kernel (InvalidArgumentError naming the op, its dtype, shape, how many
elements are -Inf/+Inf/NaN and its inputs); while building a graph, a ``CheckNumericsV2`` op is added after each
op built, failing when the graph runs (a TF1 graph hands back the checked tensor, as TF's v1 graph mode does; a
tf.function keeps the op's own tensor and runs the check for its side effect). Disabled (the default), dispatch
checks nothing and the fused eager entry runs (``dispatch.NUMERICS_CHECKERS`` is empty).

Differences from TF: the graph-mode message leaves out the stack trace of the op's creation; gradients computed
by torch autograd (GradientTape, tf.gradients) are not checked op by op (TF checks each gradient op it runs);
placeholders are not checked (TF adds their check as a control input of their consumers); the switch is
process-wide (TF: per thread)."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dispatch
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.op_def import DIFFERENTIABLE, KIND_OP, KIND_CONSTANT, register_op
from tfcompat._src.framework.op_types import FLOAT, Arg
from tfcompat._src.framework.tensor import EagerTensor
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["enable_check_numerics", "disable_check_numerics"]

# TF's OP_CALLBACK_SKIP_OPS (control flow, identity, function calls) and SAFE_OPS (ops that cannot produce a
# NaN/Inf their inputs lack), plus tfcompat's graph nodes that are no TF op output a check could see: variable
# handles (TF: resource tensors) and placeholders (see the module docstring).
_SKIP_OPS = frozenset({
    "Enter", "Exit", "Identity", "If", "LoopCond", "Merge", "NextIteration", "StatelessIf",
    "StatefulPartitionedCall", "Switch", "While", "RemoteCall", "DestroyResourceOp",
    "Concat", "ConcatV2", "ExpandDims", "Fill", "Gather", "Maximum", "Minimum", "Reshape", "Slice", "Squeeze",
    "Stack", "StridedSlice", "StridedSliceGrad", "TensorListConcatV2", "TensorListGather", "TensorListGetItem",
    "TensorListPopBack", "TensorListStack", "Transpose", "Unpack",
    "CheckNumericsV2", "VarHandleOp", "Placeholder", "PlaceholderWithDefault",
})
# TF's IGNORE_OP_OUTPUTS: FusedBatchNorm's batch statistics and reserve spaces are NaN for an empty batch.
_IGNORED_OUTPUTS = frozenset((op, slot) for op in ("FusedBatchNorm", "FusedBatchNormV2", "FusedBatchNormV3")
                             for slot in (1, 2, 3, 4, 5) if slot < 5 or op == "FusedBatchNormV3")
_FLOATING = (torch.float16, torch.bfloat16, torch.float32, torch.float64)


def _status(t: torch.Tensor) -> str:
    """TF's CheckNumericsV2 wording of what ``t`` holds: '-Inf', '+Inf', 'NaN' or a combination; '' if finite."""
    if t.device.type == "meta" or bool(torch.isfinite(t).all()):
        return ""
    parts = []
    inf = torch.isinf(t)
    if bool((inf & (t < 0)).any()):
        parts.append("-Inf")
    if bool((inf & (t > 0)).any()):
        parts.append("+Inf")
    if bool(torch.isnan(t).any()):
        parts.append("NaN")
    if len(parts) == 3:
        return "-Inf, +Inf, and NaN"
    return " and ".join(parts)


@register_op("CheckNumericsV2", grad=DIFFERENTIABLE, inputs=("tensor",), types={"tensor": Arg("T", FLOAT)},
             side_effects=True)
def _check_numerics_v2(x, message):
    status = _status(x) if x.dtype in _FLOATING else ""
    if status:
        raise errors.InvalidArgumentError(f"{message} : Tensor had {status} values")
    return x


def _counts(t: torch.Tensor) -> str:
    inf = torch.isinf(t)
    lines = ""
    for label, mask in (("-Inf", inf & (t < 0)), ("+Inf", inf & (t > 0)), ("+NaN", torch.isnan(t))):
        n = int(mask.sum())
        if n:
            lines += f"  # of {label} elements: {n}\n"
    return lines


def _message(slot, n_outputs, op_type, dtype, shape, inputs, graph=None) -> str:
    """TF's ``get_check_numerics_error_message`` (without the graph-mode stack trace)."""
    kind = "graph" if graph is not None else "eagerly-executing"
    msg = (f"\n\n!!! Detected Infinity or NaN in output {slot} of {kind} op \"{op_type}\" (# of outputs: "
           f"{n_outputs}) !!!\n  dtype: {dtype!r}\n  shape: {shape}\n")
    if graph is None:
        msg += _counts(inputs[1])
        inputs = inputs[0]
    if len(inputs) > 1:
        msg += f"\n  Input tensors ({len(inputs)}):\n"
        for i, x in enumerate(inputs):
            msg += f"         {i}: {x}\n"
    elif len(inputs) == 1:
        msg += f"\n  Input tensor: {inputs[0]}\n"
    name = getattr(graph, "name", None) if graph is not None else None
    if isinstance(name, str) and name:
        msg += f"  Graph name: \"{name}\"\n"
    return msg + "\n"


class _Checker:
    """The installed callback (``dispatch.NUMERICS_CHECKERS``)."""

    def eager(self, op_def, outs, torch_inputs) -> None:
        op_type = op_def.name
        if op_type in _SKIP_OPS:
            return
        outs = (outs,) if isinstance(outs, torch.Tensor) else outs
        for slot, o in enumerate(outs):
            if not isinstance(o, torch.Tensor) or o.dtype not in _FLOATING or (op_type, slot) in _IGNORED_OUTPUTS:
                continue
            if not _status(o):
                continue
            value = EagerTensor(o.detach())
            inputs = [EagerTensor(t.detach()) for t in torch_inputs if isinstance(t, torch.Tensor)]
            message = _message(slot, len(outs), op_type, value.dtype, value.shape, (inputs, o.detach()))
            apply_op("CheckNumericsV2", [value], {"message": message})   # raises TF's error, as TF's callback

    def graph(self, op, outs):
        op_type = op.type
        # (Assignments have no outputs in TF; control flow, calls and gradient nodes are checked inside.)
        if op_type in _SKIP_OPS or op.op_def.kind not in (KIND_OP, KIND_CONSTANT) or op.op_def.writes_variables:
            return outs
        v1 = not op.graph.building_function
        checked = []
        for slot, o in enumerate(outs):
            if not o.dtype.is_floating or (op_type, slot) in _IGNORED_OUTPUTS:
                checked.append(o)
                continue
            message = _message(slot, len(outs), op_type, o.dtype, TensorShape(o.shape), list(op.inputs),
                               graph=op.graph)
            # Named inside the op's scope ('Log/CheckNumericsV2'), a constant's at top level, as TF names them.
            scope = op.graph.name_scope("" if op.op_def.kind == KIND_CONSTANT else op.name + "/")
            with scope:
                c = apply_op("CheckNumericsV2", [o], {"message": message})
            checked.append(c if v1 else o)
        return checked


_CHECKER = _Checker()


def enable_check_numerics(stack_height_limit=30, path_length_limit=50) -> None:
    """Mirrors ``tf.debugging.enable_check_numerics``: from now on an op whose floating output holds NaN or
    Inf raises InvalidArgumentError (eagerly: at once; in a graph: when it runs, for ops built from now on).
    Idempotent. The limits shape TF's stack trace, which tfcompat's message leaves out."""
    if _CHECKER not in dispatch.NUMERICS_CHECKERS:
        dispatch.NUMERICS_CHECKERS.append(_CHECKER)


def disable_check_numerics() -> None:
    """Mirrors ``tf.debugging.disable_check_numerics``; idempotent (no error when it was not enabled)."""
    while _CHECKER in dispatch.NUMERICS_CHECKERS:
        dispatch.NUMERICS_CHECKERS.remove(_CHECKER)
