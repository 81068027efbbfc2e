"""Plan-level kernel choices made when a plan is compiled, from the graph's static facts.

``fusion_groups`` picks the groups of ops that run as one kernel and ``lower_group`` emits one; a group's
intermediate values are used only inside it (not fetched, fed, differentiated against, used by another op or
named as another op's control input), none of its ops has a gradient override, and none is downstream of a
gradient node's ``stop_gradients`` tensor (that recompute re-lowers single ops by their input names). The groups:

* ``MatMul`` + bias: a 2-D ``MatMul`` whose only use is a ``BiasAdd`` (or an ``AddV2`` of a vector as long as the
  product's last dimension, TF's "bias-semantic add") becomes one ``torch.addmm``, as TF's grappler remapper
  rewrites the pair into ``_FusedMatMul``. Values and gradients are TF's up to float rounding (addmm adds the bias
  in the GEMM's epilogue; the bias gradient is the batch sum, BiasAddGrad's). Products large enough for
  a GEMM of the MatMul kernel's own (ops/cpu_gemm.py: oneDNN's linear, narrow results) keep it and add after.
* ``Conv2D`` + bias (a ``BiasAdd`` in the convolution's data format, or an ``AddV2`` of a vector as long as an
  NHWC convolution's channels), optionally + the bias add's only use ``Relu``/``Relu6``/``Elu``, optionally + the
  ReLU's only use ``MaxPool``: ops/conv_fused.py's kernel, as grappler's ``_FusedConv2D`` (TF fuses the first
  three). Not in plans that build second-order gradients (the fused ReLU + pool gradient is first-order only).
* Pass-through kernel wrappers: kernels wrapped for dtypes torch lacks (``ops/unsigned_kernels.wide_unsigned``)
  or for string values (``framework/string_kernels.on_string_ids``) are called unwrapped when the op's static
  input dtypes (and attributes) prove the wrapper would only pass its arguments on: one Python call less per op.

The graph is not changed: only the generated code differs, so names, fetches and errors stay the graph's."""
from __future__ import annotations

import dataclasses
import functools

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.op_def import DIFFERENTIABLE, KIND_GRADIENTS
from tfcompat._src.ops import conv_fused, cpu_gemm

__all__ = ["FusedGroup", "fusion_groups", "lower_group", "fused_matmul_bias", "plain_kernel"]

_FUSABLE_DTYPES = (dtypes.float32, dtypes.float64)
_WIDE_UNSIGNED = (dtypes.uint16, dtypes.uint32, dtypes.uint64)


def _static_dims(t):
    shape = t.shape
    return shape.as_list() if shape.rank is not None else None


def _bias_index(add_op, product) -> int | None:
    """Which input of ``add_op`` is the bias added to ``product`` (a MatMul output), or None when ``add_op`` is not
    a bias add of it."""
    ins = add_op.inputs
    if add_op.grad_override is not None or len(ins) != 2 or add_op.outputs[0].dtype is not product.dtype:
        return None
    n = _static_dims(product)
    if n is None or len(n) != 2 or n[1] is None:
        return None
    if add_op.type == "BiasAdd":
        other = 1
    elif add_op.type == "AddV2":
        other = 1 if ins[0] is product else 0
    else:
        return None
    if ins[1 - other] is not product or ins[other] is product:
        return None
    b = _static_dims(ins[other])
    return other if b == [n[1]] else None


@dataclasses.dataclass(frozen=True)
class FusedGroup:
    """The ops ``ops`` (in plan order) run as one kernel call ``kernel(*inputs)``, giving the last op's output; the
    call's code line maps to ``line_op`` (whose errors the kernel raises first). ``hint``: the bound kernel's name
    prefix."""
    ops: tuple
    line_op: object
    inputs: tuple
    kernel: object
    hint: str


def fusion_groups(program, fed_ids, keep_ids) -> dict:
    """``{id(last op): FusedGroup, id(absorbed op): None}`` for the groups of the plan ``program`` (a
    ``codegen.PlanProgram``) to run as one kernel. ``fed_ids``: fed tensors; ``keep_ids``: tensors whose value
    must exist on its own (gradient xs)."""
    order = program.order
    grad_ops = [op for op in order if op.op_def.kind == KIND_GRADIENTS]
    uses: dict = {}
    for op in order:
        for t in op.inputs:
            uses.setdefault(id(t), []).append(op)
    for t in program.fetches:
        uses.setdefault(id(t), []).append(None)
    groups: dict = {}
    _matmul_bias_groups(order, uses, fed_ids, keep_ids, groups)
    if not program.create_graph and len(grad_ops) <= 1:
        _conv_bias_groups(order, uses, fed_ids, keep_ids, groups)
    if not groups:
        return groups
    controlled = {id(c) for op in order for c in op.control_inputs}
    recomputed = _downstream_of_stop_gradients(order, grad_ops)
    for group in [g for g in groups.values() if g is not None]:
        if any(id(op) in recomputed for op in group.ops) or any(id(op) in controlled for op in group.ops[:-1]):
            for op in group.ops:
                del groups[id(op)]
    return groups


def _downstream_of_stop_gradients(order, grad_ops) -> set:
    """Ids of the ops a gradient node's ``stop_gradients`` recompute may re-lower one by one, by their input
    names (autodiff/graph_gradients.py): every op downstream of a stop tensor."""
    tainted = {id(t) for op in grad_ops for t in op.attrs.get("stop_gradients") or ()}
    ops: set = set()
    if tainted:
        for op in order:
            if any(id(t) in tainted for t in op.inputs):
                ops.add(id(op))
                tainted.update(id(t) for t in op.outputs)
    return ops


def lower_group(em, last_op, group: FusedGroup, outs) -> None:
    """Emits ``group`` (ending with ``last_op``, at its place in the plan) writing its result to ``outs[0]``."""
    ins = [em.name_of(t) for t in group.inputs]
    em.emit(group.line_op, f"{outs[0]} = {em.bind(group.kernel, group.hint)}({', '.join(ins)})", ins, outs)


def _sole_user(t, uses, fed_ids, keep_ids):
    """The one op using ``t`` when ``t`` may live only inside a fused group, else None."""
    if id(t) in fed_ids or id(t) in keep_ids:
        return None
    users = uses.get(id(t), [])
    return users[0] if len(users) == 1 else None


def _matmul_bias_groups(order, uses, fed_ids, keep_ids, groups) -> None:
    for op in order:
        if op.type != "MatMul" or op.grad_override is not None or op.attrs.get("transpose_a") or \
                op.attrs.get("transpose_b"):
            continue
        out = op.outputs[0]
        a, w = op.inputs
        if out.dtype not in _FUSABLE_DTYPES:
            continue
        da, dw = _static_dims(a), _static_dims(w)
        if da is None or dw is None or len(da) != 2 or len(dw) != 2 or da[1] is None or da[1] != dw[0]:
            continue
        add_op = _sole_user(out, uses, fed_ids, keep_ids)
        if add_op is None or id(add_op) in groups:
            continue
        index = _bias_index(add_op, out)
        if index is None or id(add_op.outputs[0]) in fed_ids:
            continue
        kernel = fused_matmul_bias(plain_kernel(op.op_def.kernel, op), plain_kernel(add_op.op_def.kernel, add_op))
        groups[id(add_op)] = FusedGroup((op, add_op), add_op, (a, w, add_op.inputs[index]), kernel, "mmb")
        groups[id(op)] = None


_CONV_ACTIVATIONS = ("Relu", "Relu6", "Elu")


def _bound_kernel(op):
    kernel = plain_kernel(op.op_def.kernel, op)
    return functools.partial(kernel, **op.attrs) if op.attrs else kernel


def _fusable_member(op) -> bool:
    op_def = op.op_def
    return op.grad_override is None and op_def.grad is DIFFERENTIABLE and len(op.outputs) == 1


def _conv_bias_index(add_op, conv_out, channels_last: bool) -> int | None:
    """Which input of ``add_op`` is a bias of the Conv2D output ``conv_out``, or None."""
    ins = add_op.inputs
    if not _fusable_member(add_op) or len(ins) != 2 or add_op.outputs[0].dtype is not conv_out.dtype:
        return None
    if add_op.type == "BiasAdd":
        if ins[0] is not conv_out or ins[1] is conv_out or \
                add_op.attrs.get("data_format", "NHWC").startswith("NC") == channels_last:
            return None
        index = 1
    elif add_op.type == "AddV2" and channels_last:
        index = 1 if ins[0] is conv_out else 0
        if ins[1 - index] is not conv_out or ins[index] is conv_out:
            return None
    else:
        return None
    dims = _static_dims(conv_out)
    channels = None if dims is None or len(dims) != 4 else dims[3 if channels_last else 1]
    return index if channels is not None and _static_dims(ins[index]) == [channels] else None


def _conv_bias_groups(order, uses, fed_ids, keep_ids, groups) -> None:
    def sole_user(op):
        if id(op) in groups:
            return None
        user = _sole_user(op.outputs[0], uses, fed_ids, keep_ids)
        if user is None or id(user) in groups or not _fusable_member(user) or id(user.outputs[0]) in fed_ids:
            return None
        return user

    for conv in order:
        if conv.type != "Conv2D" or not _fusable_member(conv) or conv.outputs[0].dtype not in _FUSABLE_DTYPES:
            continue
        data_format = conv.attrs.get("data_format", "NHWC")
        add_op = sole_user(conv)
        index = None if add_op is None else _conv_bias_index(add_op, conv.outputs[0],
                                                             not data_format.startswith("NC"))
        if index is None:
            continue
        members = [conv, add_op]
        act = sole_user(add_op)
        if act is not None and act.type in _CONV_ACTIVATIONS:
            members.append(act)
            pool = sole_user(act) if act.type == "Relu" else None
            if pool is not None and pool.type == "MaxPool" and pool.attrs.get("data_format", "NHWC") == data_format:
                members.append(pool)
        kernel = conv_fused.fused_conv2d(
            dict(conv.attrs), act.type if len(members) > 2 else None,
            _bound_kernel(act) if len(members) > 2 else None,
            (dict(members[3].attrs), _bound_kernel(members[3])) if len(members) > 3 else None,
            _unfused_conv_group(members, index))
        groups[id(members[-1])] = FusedGroup(tuple(members), conv,
                                             (conv.inputs[0], conv.inputs[1], add_op.inputs[index]), kernel, "fconv")
        for op in members[:-1]:
            groups[id(op)] = None


def _unfused_conv_group(members, bias_index: int):
    """``(x, w, b) ->`` the group's result by its ops' own kernels, one after the other."""
    conv, add, *rest = [_bound_kernel(op) for op in members]

    def unfused(x, w, b):
        z = conv(x, w)
        out = add(z, b) if bias_index == 1 else add(b, z)
        for kernel in rest:
            out = kernel(out)
        return out
    return unfused


def fused_matmul_bias(matmul_kernel, add_kernel):
    """The kernel ``(a, w, bias) -> a @ w + bias`` of a fused pair (see the module docstring)."""
    addmm, uses_own_gemm, f32 = torch.addmm, cpu_gemm.uses_own_gemm, torch.float32

    def matmul_bias(a, w, bias):
        if a.dtype is f32 and a.device.type == "cpu" and uses_own_gemm(a, w):   # the MatMul kernel's own choice
            return add_kernel(matmul_kernel(a, w), bias)
        return addmm(bias, a, w)
    return matmul_bias


def _wrapper_kind(kernel) -> str | None:
    qualname = getattr(kernel, "__qualname__", "")
    module = getattr(kernel, "__module__", "")
    if getattr(kernel, "__wrapped__", None) is None:
        return None
    if qualname == "wide_unsigned.<locals>.run" and module.endswith("ops.unsigned_kernels"):
        return "unsigned"
    if qualname == "on_string_ids.<locals>.run" and module.endswith("framework.string_kernels"):
        return "string"
    return None


def _is_string_value(v) -> bool:
    return isinstance(v, bytes) or (isinstance(v, np.ndarray) and v.dtype == object)


def plain_kernel(kernel, op):
    """``kernel`` without the pass-through wrappers ``op``'s static dtypes and attributes make idle."""
    while True:
        kind = _wrapper_kind(kernel)
        if kind == "unsigned":
            # The wrapper dispatches on its first argument only.
            if not op.inputs or op.inputs[0].dtype in _WIDE_UNSIGNED or op.inputs[0].dtype.torch_dtype is None:
                return kernel
        elif kind == "string":
            if any(t.dtype is dtypes.string for t in op.inputs) or \
                    any(_is_string_value(v) for v in op.attrs.values()):
                return kernel
        else:
            return kernel
        kernel = kernel.__wrapped__
