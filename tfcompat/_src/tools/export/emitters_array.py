"""Export emitters of constants, variables and array manipulation (reshape, concat, stack, split, slicing, fill).

Shape arguments fixed when the op was built (tfcompat keeps them as attributes) are written as literals; run-time
shape tensors are turned into Python tuples with ``.tolist()``."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.tools.export.emitters_math import raise_unsupported
from tfcompat._src.tools.export.lowering import dtype_src, emitter

__all__: list = []


def _numpy(value):
    if isinstance(value, torch.Tensor):
        return value.detach().cpu().numpy()
    if hasattr(value, "numpy"):
        return value.numpy()
    return np.asarray(value)


@emitter("Const")
def _const(op, ins, lw):
    return lw.constant(_numpy(op.attrs["value"]), op.outputs[0].dtype, op.name)


@emitter("VarHandleOp", "VariableV2")
def _variable(op, ins, lw):
    return lw.variable(op.attrs["var"])


@emitter("ReadVariableOp")
def _read_variable(op, ins, lw):
    return ins[0]


@emitter("NoOp")
def _no_op(op, ins, lw):
    return ""


def _shape_arg(ins, index: int, attrs, name: str):
    """A static shape attribute as a literal list, or the run-time shape tensor input as a tuple."""
    if len(ins) > index:
        return f"tuple({ins[index]}.tolist())"
    return repr([int(d) for d in attrs[name]])


@emitter("Reshape")
def _reshape(op, ins, lw):
    return f"{ins[0]}.reshape({_shape_arg(ins, 1, op.attrs, 'shape')})"


@emitter("Transpose")
def _transpose(op, ins, lw):
    if len(ins) > 1:
        return f"{ins[0]}.permute(tuple({ins[1]}.tolist()))"
    perm = op.attrs.get("perm")
    if perm is None:
        return f"{ins[0]}.permute(tuple(range({ins[0]}.dim() - 1, -1, -1)))"
    return f"{ins[0]}.permute({tuple(int(p) for p in perm)!r})"


@emitter("ConcatV2")
def _concat(op, ins, lw):
    n = op.attrs["N"]
    axis = f"int({ins[n]})" if op.attrs.get("axis") is None else int(op.attrs["axis"])
    return f"torch.cat([{', '.join(ins[:n])}], dim={axis})"


@emitter("Pack")
def _pack(op, ins, lw):
    n = op.attrs["N"]
    return f"torch.stack([{', '.join(ins[:n])}], dim={int(op.attrs.get('axis', 0))})"


@emitter("Unpack")
def _unpack(op, ins, lw):
    return f"torch.unbind({ins[0]}, dim={int(op.attrs.get('axis', 0))})"


@emitter("Split")
def _split(op, ins, lw):
    axis, n = int(op.attrs["axis"]), int(op.attrs["num_split"])
    return f"torch.chunk({ins[0]}, {n}, dim={axis})"


@emitter("SplitV")
def _split_v(op, ins, lw):
    sizes = [int(s) for s in op.attrs["sizes"]]
    if any(s < 0 for s in sizes):
        raise_unsupported(op, "a size of -1")
    return f"torch.split({ins[0]}, {sizes!r}, dim={int(op.attrs['axis'])})"


@emitter("Shape")
def _shape(op, ins, lw):
    return f"torch.tensor({ins[0]}.shape, dtype={dtype_src(op.outputs[0].dtype)}, device=device)"


@emitter("Size")
def _size(op, ins, lw):
    return f"torch.tensor({ins[0]}.numel(), dtype={dtype_src(op.outputs[0].dtype)}, device=device)"


@emitter("ExpandDims")
def _expand_dims(op, ins, lw):
    axis = f"int({ins[1]})" if len(ins) > 1 else int(op.attrs["axis"])
    return f"{ins[0]}.unsqueeze({axis})"


@emitter("Squeeze")
def _squeeze(op, ins, lw):
    dims = tuple(int(d) for d in op.attrs.get("squeeze_dims", ()) or ())
    if not dims:
        return f"{ins[0]}.reshape([d for d in {ins[0]}.shape if d != 1])"
    return f"{ins[0]}.squeeze({dims!r})"


@emitter("Tile")
def _tile(op, ins, lw):
    return f"{ins[0]}.repeat({_shape_arg(ins, 1, op.attrs, 'multiples')})"


@emitter("ZerosLike")
def _zeros_like(op, ins, lw):
    return f"torch.zeros_like({ins[0]}, dtype={dtype_src(op.outputs[0].dtype)})"


@emitter("OnesLike")
def _ones_like(op, ins, lw):
    return f"torch.ones_like({ins[0]}, dtype={dtype_src(op.outputs[0].dtype)})"


@emitter("Fill")
def _fill(op, ins, lw):
    attrs = op.attrs
    if attrs.get("dims") is None:
        dims, rest = f"tuple({ins[0]}.tolist())", ins[1:]
    else:
        dims, rest = repr([int(d) for d in attrs["dims"]]), ins
    if rest:  # a value tensor: TF's Fill is differentiable with respect to it
        return f"{rest[0]}.expand({dims}).clone()"
    dtype = op.outputs[0].dtype
    return f"torch.full({dims}, {attrs['value']!r}, dtype={dtype_src(dtype)}, device=device)"


@emitter("SelectV2")
def _select_v2(op, ins, lw):
    return f"torch.where({ins[0]}, {ins[1]}, {ins[2]})"


@emitter("GatherV2")
def _gather(op, ins, lw):
    if op.attrs.get("batch_dims", 0) != 0 or len(ins) > 2:
        raise_unsupported(op, "batch_dims or a run-time axis")
    axis = int(op.attrs.get("axis", 0))
    if axis == 0:
        return f"{ins[0]}[{ins[1]}.long()]"
    return f"torch.index_select({ins[0]}, {axis}, {ins[1]}.reshape(-1).long()).reshape(" \
           f"{ins[0]}.shape[:{axis}] + {ins[1]}.shape + {ins[0]}.shape[{axis} + 1:])"


@emitter("StridedSlice")
def _strided_slice(op, ins, lw):
    """tfcompat's slice spec (see ops/slicing_ops.py) as a Python subscript; TF's negative steps are refused."""
    dyn = ins[1:]

    def value(v):
        return f"int({dyn[v[1]]})" if isinstance(v, tuple) else ("" if v is None else repr(int(v)))

    parts = []
    for item in op.attrs["spec"]:
        kind = item[0]
        if kind == "i":
            parts.append(value(item[1]))
        elif kind == "e":
            parts.append("...")
        elif kind == "n":
            parts.append("None")
        else:
            start, stop, step = item[1:]
            if step is not None and (isinstance(step, tuple) or step < 0):
                raise_unsupported(op, "a negative or run-time slice step")
            text = f"{value(start)}:{value(stop)}"
            if step not in (None, 1):
                text += f":{value(step)}"
            parts.append(text)
    if not parts:
        return ins[0]
    return f"{ins[0]}[{', '.join(parts)}]"


@emitter("Select")
def _select(op, ins, lw):
    cond_rank, value_rank = op.inputs[0].shape.rank, op.inputs[1].shape.rank
    if cond_rank == 1 and value_rank is not None and value_rank > 1:
        # TF1's Select with a vector condition picks whole rows.
        return f"torch.where({ins[0]}.reshape([-1] + [1] * {value_rank - 1}), {ins[1]}, {ins[2]})"
    if cond_rank is None or (cond_rank not in (0, value_rank)):
        raise_unsupported(op, "a condition of unknown or other rank")
    return f"torch.where({ins[0]}, {ins[1]}, {ins[2]})"
