"""Kernels and op definitions of the basic array ops (Const, Placeholder, Identity, Reshape, Transpose, ConcatV2,
Pack/Unpack, Split, Squeeze, ExpandDims, Tile, GatherV2/GatherNd, Slice, Shape/Size/Rank, Fill, ZerosLike/
OnesLike, OneHot, Select/SelectV2, Where, Range, LinSpace): the raw ops under TF's names.

The python wrappers (TF's ``array_ops`` functions) are in array_basic_ops.py and array_creation_ops.py,
re-exported by array_ops.py."""
from __future__ import annotations

import builtins
import math

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import constant_value
from tfcompat._src.framework.string_kernels import ALL_OUTPUTS
from tfcompat._src.framework.op_def import (DIFFERENTIABLE, KIND_CONSTANT, NO_GRADIENT, NOT_DIFFERENTIABLE,
                                            TF_GRADIENT_NONE, TF_GRADIENT_RAISING, TF_GRADIENT_REGISTERED,
                                            register_op)
from tfcompat._src.framework.kernel_errors import format_shape
from tfcompat._src.framework import shape_values
from tfcompat._src.framework.op_types import BOOL, FLOAT, INT16_32_64, INT32, INT32_64, NUMBER_BOOL, Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import shape_checks, shape_fns


_RANGE_TYPES = ("bfloat16", "half", "float", "double", "int8", "int16", "int32", "int64", "uint16", "uint32",
                "uint64")


def _const_shape(inputs, attrs):
    v = attrs["value"]
    return [(TensorShape(v.shape), attrs["dtype"])]


@register_op("Const", grad=NOT_DIFFERENTIABLE, inputs=(), shape_fn=_const_shape, kind=KIND_CONSTANT)
def _const(*, value, dtype):
    return value


def _placeholder_shape(inputs, attrs):
    return [(attrs["shape"], attrs["dtype"])]


@register_op("Placeholder", grad=DIFFERENTIABLE, inputs=(), shape_fn=_placeholder_shape, tf_gradient=TF_GRADIENT_NONE)
def _placeholder(*, dtype, shape, name=""):
    shape_s = "?" if shape.rank is None else "[" + ",".join("?" if d is None else str(d) for d in shape) + "]"
    raise errors.InvalidArgumentError(
        f"You must feed a value for placeholder tensor '{name}' with dtype {dtype.name} and shape {shape_s}")


def _pwd_shape(inputs, attrs):
    shape, default = attrs["shape"], inputs[0].shape
    if not shape.is_compatible_with(default):
        msg = f"Shapes must be equal rank, but are {default.rank} and {shape.rank}"
        if default.rank == shape.rank:
            i = next(i for i, (a, b) in enumerate(zip(default.as_list(), shape.as_list()))
                     if a is not None and b is not None and a != b)
            msg = (f"Dimension {i} in both shapes must be equal, but are {default[i]} and {shape[i]}. Shapes are "
                   f"{format_shape(default)} and {format_shape(shape)}.")
        raise ValueError(msg)
    return [(shape, inputs[0].dtype)]


@register_op("PlaceholderWithDefault", grad=DIFFERENTIABLE, inputs=("input",), shape_fn=_pwd_shape,
             tf_gradient=TF_GRADIENT_REGISTERED)
def _placeholder_with_default(x, *, shape):
    return x


@register_op("Identity", grad=DIFFERENTIABLE, inputs=("input",),
             shape_fn=lambda inputs, attrs: [(inputs[0].shape, inputs[0].dtype)])
def _identity(x):
    return x.view_as(x) if getattr(x, "requires_grad", False) else x  # tf.string values pass as they are


@register_op("IdentityN", grad=DIFFERENTIABLE, inputs=("input",), list_input=True, same_type=(),
             num_outputs=lambda attrs: attrs["N"])
def _identity_n(*xs, N):
    return tuple(xs)


@register_op("StopGradient", grad=NOT_DIFFERENTIABLE, inputs=("input",))
def _stop_gradient(x):
    return x.detach()


@register_op("PreventGradient", grad=NO_GRADIENT, inputs=("input",), tf_gradient=TF_GRADIENT_RAISING)
def _prevent_gradient(x, message=""):
    return x.view_as(x)


@register_op("NoOp", grad=NOT_DIFFERENTIABLE, inputs=(), num_outputs=0,
             shape_fn=lambda inputs, attrs: [], tf_gradient=TF_GRADIENT_NONE)
def _no_op():
    return ()


@register_op("Reshape", strings=(0,), grad=DIFFERENTIABLE, inputs=("tensor", "shape"),
             types={"shape": Arg("Tshape", INT32_64, from_attr="shape")}, shape_check=shape_checks.reshape)
def _reshape(x, shape_t=None, *, shape=None):
    if shape_t is not None:
        shape = shape_t.tolist()
    out = x.reshape(shape)
    if x.requires_grad and out.shape == x.shape:
        # Not a plain view: autodiff/sparse_grad.py takes a view of a source for a read of it (Identity,
        # ReadVariableOp), through which TF's IndexedSlices gradients pass; TF's Reshape gradient is dense.
        return torch.ops.aten.alias(x)
    return out


@register_op("Transpose", strings=(0,), grad=DIFFERENTIABLE, inputs=("x", "perm"),
             types={"perm": Arg("Tperm", INT32_64, from_attr="perm")}, shape_check=shape_checks.transpose)
def _transpose(x, perm_t=None, *, perm=None):
    if perm_t is not None:
        perm = perm_t.tolist()
    if perm is None:
        perm = list(builtins.range(x.dim()))[::-1]
    return x.permute(perm)


@register_op("ConcatV2", strings=(0,), grad=DIFFERENTIABLE, inputs=("values",), list_input=True,
             types={"values": Arg("T"), "axis": Arg("Tidx", INT32_64, from_attr="axis")},
             shape_check=shape_checks.concat, shape_fn=shape_fns.concat_shape)
def _concat(*args, N, axis=None):
    if axis is None:
        axis = int(args[N])
    return torch.cat(args[:N], dim=axis)


@register_op("Pack", strings=(0,), grad=DIFFERENTIABLE, inputs=("values",), list_input=True, types={"values": Arg("T")},
             shape_check=shape_checks.pack, shape_fn=shape_fns.pack_shape)
def _pack(*xs, N, axis=0):
    return torch.stack(xs[:N], dim=axis)


@register_op("Unpack", strings=ALL_OUTPUTS, grad=DIFFERENTIABLE, inputs=("value",), num_outputs=lambda a: a["num"])
def _unpack(x, *, num, axis=0):
    if x.shape[axis] != num:
        raise errors.InvalidArgumentError(f"Input shape axis {axis} must equal {num}, got shape "
                                          f"{format_shape(x.shape)}")
    return tuple(torch.unbind(x, dim=axis))


@register_op("Split", strings=ALL_OUTPUTS, grad=DIFFERENTIABLE, inputs=("value",), num_outputs=lambda a: a["num_split"],
             shape_check=shape_checks.split)
def _split(x, *, axis, num_split):
    if x.shape[axis] % num_split:
        raise errors.InvalidArgumentError(
            f"Number of ways to split should evenly divide the split dimension, but got split_dim {axis} (size = "
            f"{x.shape[axis]}) and num_split {num_split}")
    return tuple(torch.split(x, x.shape[axis] // num_split, dim=axis))


@register_op("SplitV", strings=ALL_OUTPUTS, grad=DIFFERENTIABLE, inputs=("value",), num_outputs=lambda a: len(a["sizes"]),
             types={"size_splits": Arg("Tlen", ("int8", "int32", "int64"), from_attr="sizes")})
def _splitv(x, *, sizes, axis):
    sizes = list(sizes)
    if -1 in sizes:
        known = sum(s for s in sizes if s != -1)
        sizes[sizes.index(-1)] = x.shape[axis] - known
    return tuple(torch.split(x, sizes, dim=axis))


def _squeeze_shape(inputs, attrs):
    shape, dims = inputs[0].shape, attrs.get("squeeze_dims", ())
    if shape.rank is None:
        return [(TensorShape(None), inputs[0].dtype)]
    known = shape.as_list()
    if not dims:
        if None in known:  # TF: which dims are 1 is only known at run time
            return [(TensorShape(None), inputs[0].dtype)]
        return [(TensorShape([d for d in known if d != 1]), inputs[0].dtype)]
    for d in dims:
        if not -len(known) <= d < len(known):
            raise ValueError(f"Tried to squeeze dim index {d} for tensor with {len(known)} dimensions.")
    drop = {d % len(known) for d in dims}
    for d in drop:
        if known[d] not in (None, 1):
            raise ValueError(f"Can not squeeze dim[{d}], expected a dimension of 1, got {known[d]}")
    return [(TensorShape([v for i, v in enumerate(known) if i not in drop]), inputs[0].dtype)]


@register_op("Squeeze", strings=(0,), grad=DIFFERENTIABLE, inputs=("input",), shape_fn=_squeeze_shape)
def _squeeze(x, *, squeeze_dims=()):
    if not squeeze_dims:
        return x.reshape([d for d in x.shape if d != 1])
    nd = x.dim()
    for d in squeeze_dims:
        if not -nd <= d < nd:
            raise errors.InvalidArgumentError(f"Tried to squeeze dim index {d} for tensor with {nd} dimensions.")
    dims = sorted({d % nd for d in squeeze_dims})
    for d in dims:
        if x.shape[d] != 1:
            raise errors.InvalidArgumentError(f"Can not squeeze dim[{d}], expected a dimension of 1, got "
                                              f"{x.shape[d]}")
    return x.reshape([s for i, s in enumerate(x.shape) if i not in dims])


@register_op("ExpandDims", strings=(0,), grad=DIFFERENTIABLE, inputs=("input", "dim"),
             types={"dim": Arg("Tdim", INT32_64, from_attr="axis")}, shape_check=shape_checks.expand_dims)
def _expand_dims(x, dim_t=None, *, axis=None):
    if dim_t is not None:
        axis = int(dim_t)
    return x.unsqueeze(axis)


@register_op("Tile", strings=(0,), grad=DIFFERENTIABLE, inputs=("input", "multiples"),
             types={"multiples": Arg("Tmultiples", INT32_64, from_attr="multiples")}, shape_check=shape_checks.tile)
def _tile(x, m_t=None, *, multiples=None):
    if m_t is not None:
        multiples = m_t.tolist()
    return x.repeat(*multiples) if multiples else x.clone()


def _gather_shape(inputs, attrs):
    """GatherV2's static spec: params[:axis] + indices[batch_dims:] + params[axis + 1:], the batch dims merged."""
    params, indices = inputs[0].shape, inputs[1].shape
    if params.rank is None or indices.rank is None:
        return [(TensorShape(None), inputs[0].dtype)]
    p, i = params.as_list(), indices.as_list()
    axis, bd = attrs.get("axis", 0), attrs.get("batch_dims", 0)
    axis, bd = axis + len(p) if axis < 0 else axis, bd + len(i) if bd < 0 else bd
    batch = [a if a is not None else b for a, b in zip(p[:bd], i[:bd])]
    return [(TensorShape(batch + p[bd:axis] + i[bd:] + p[axis + 1:]), inputs[0].dtype)]


def _check_gather_batch_dims(params, indices, axis, batch_dims):
    """The GatherV2 kernel's checks of ``batch_dims`` (TF's wording); returns it made non-negative."""
    if not -indices.dim() <= batch_dims <= indices.dim():
        raise errors.InvalidArgumentError(f"Expected batch_dims in the range [{-indices.dim()}, {indices.dim()}], "
                                          f"but got {batch_dims}")
    if batch_dims < 0:
        batch_dims += indices.dim()
    if params.dim() < batch_dims + 1:
        raise errors.InvalidArgumentError(f"Shape must be at least rank {batch_dims + 1} but is rank {params.dim()}")
    if batch_dims > axis:
        raise errors.InvalidArgumentError(f"batch_dims ({batch_dims}) must be less than or equal to axis ({axis}).")
    for d in builtins.range(batch_dims):
        if params.shape[d] != indices.shape[d]:
            raise errors.InvalidArgumentError(f"params.shape[{d}]: {params.shape[d]} should be equal to "
                                              f"indices.shape[{d}]: {indices.shape[d]}")
    return batch_dims


@register_op("GatherV2", strings=(0,), grad=DIFFERENTIABLE, inputs=("params", "indices"), shape_fn=_gather_shape,
             types={"indices": Arg("Tindices", INT16_32_64), "axis": Arg("Taxis", INT32_64, from_attr="axis")})
def _gather(params, indices, *, axis=0, batch_dims=0):
    if axis < 0:
        axis += params.dim()
    if batch_dims:
        batch_dims = _check_gather_batch_dims(params, indices, axis, batch_dims)
    n = params.shape[axis]
    if indices.device.type != "meta" and indices.numel() and (int(indices.min()) < 0 or int(indices.max()) >= n):
        flat = indices.reshape(-1)
        pos = int(torch.nonzero((flat < 0) | (flat >= n))[0])
        where = ",".join(str(int(c)) for c in np.unravel_index(pos, tuple(indices.shape)))
        raise errors.InvalidArgumentError(f"indices[{where}] = {int(flat[pos])} is not in [0, {n})")
    if batch_dims:
        # Flattened: params [B, M, N, I], indices [B, J] -> [B, M, J, I], then the dims TF's output has.
        b_shape, m_shape = list(params.shape[:batch_dims]), list(params.shape[batch_dims:axis])
        j_shape, i_shape = list(indices.shape[batch_dims:]), list(params.shape[axis + 1:])
        nb, nm = math.prod(b_shape), math.prod(m_shape)
        p = params.reshape(nb, nm, n, math.prod(i_shape))
        idx = indices.reshape(nb, math.prod(j_shape)).long()
        rows = torch.arange(nb, device=params.device)[:, None, None]
        mids = torch.arange(nm, device=params.device)[None, :, None]
        return p[rows, mids, idx[:, None, :]].reshape(b_shape + m_shape + j_shape + i_shape)
    flat = torch.index_select(params, axis, indices.reshape(-1).long())
    shape = list(params.shape[:axis]) + list(indices.shape) + list(params.shape[axis + 1:])
    return flat.reshape(shape)


@register_op("GatherNd", strings=(0,), grad=DIFFERENTIABLE, inputs=("params", "indices"),
             types={"indices": Arg("Tindices", INT16_32_64)})
def _gather_nd(params, indices):
    idx = indices.long()
    k = idx.shape[-1]
    return params[tuple(idx[..., i] for i in builtins.range(k))]


@register_op("Slice", strings=(0,), grad=DIFFERENTIABLE, inputs=("input", "begin", "size"),
             types={"begin": Arg("Index", INT32_64, from_attr="begin"),
                    "size": Arg("Index", INT32_64, from_attr="size")})
def _slice(x, *dyn, begin=None, size=None):
    if dyn:
        begin, size = dyn[0].tolist(), dyn[1].tolist()
    if len(begin) != x.dim() or len(size) != x.dim():
        raise errors.InvalidArgumentError(
            f"Expected begin and size arguments to be 1-D tensors of size {x.dim()}, but got shapes "
            f"[{len(begin)}] and [{len(size)}] instead.")
    idx = []
    for d, (b, s) in enumerate(zip(begin, size)):
        n = x.shape[d]
        if not 0 <= b <= n:
            raise errors.InvalidArgumentError(f"Expected begin[{d}] in [0, {n}], but got {b}")
        e = n if s == -1 else b + s
        if s < -1 or e > n:
            raise errors.InvalidArgumentError(f"Expected size[{d}] in [0, {n - b}], but got {s}")
        idx.append(builtins.slice(b, e))
    return x[tuple(idx)]


def _shape_shape(inputs, attrs):
    return [(TensorShape([inputs[0].shape.rank]), attrs.get("out_type", dtypes.int32))]


@register_op("Shape", strings=(), grad=NOT_DIFFERENTIABLE, inputs=("input",), creates=True, shape_fn=_shape_shape)
def _shape(x, *, out_type=dtypes.int32, device=None):
    return torch.tensor(list(x.shape), dtype=out_type.torch_dtype, device=x.device if device is None or
                        device.type != "meta" else device)


@register_op("Size", strings=(), grad=NOT_DIFFERENTIABLE, inputs=("input",), creates=True,
             shape_fn=lambda inputs, attrs: [(TensorShape([]), attrs.get("out_type", dtypes.int32))])
def _size(x, *, out_type=dtypes.int32, device=None):
    return torch.tensor(x.numel(), dtype=out_type.torch_dtype, device=x.device if device is None or
                        device.type != "meta" else device)


@register_op("Rank", strings=(), grad=NOT_DIFFERENTIABLE, inputs=("input",), creates=True,
             shape_fn=lambda inputs, attrs: [(TensorShape([]), dtypes.int32)])
def _rank(x, *, device=None):
    return torch.tensor(x.dim(), dtype=torch.int32, device=x.device if device is None or
                        device.type != "meta" else device)


def _fill_shape(inputs, attrs):
    """Fill's static spec: its dtype is the value's (not the int dims'), its shape what is known of dims."""
    if attrs.get("dims") is not None:
        return [(TensorShape(list(attrs["dims"])), inputs[0].dtype if inputs else attrs["dtype"])]
    dims, value = inputs
    cv = constant_value(dims)
    if cv is not None:
        return [(TensorShape([int(d) for d in cv.tolist()]), value.dtype)]
    if dims.shape.rank == 1:
        # TF's partial shape of e.g. stack([batch, 4]) or concat([batch_shape, [n]], 0): (?, 4), (..., n)
        return [(shape_values.constant_value_as_shape(dims), value.dtype)]
    return [(TensorShape(None), value.dtype)]


@register_op("Fill", strings=(0,), grad=DIFFERENTIABLE, inputs=("dims", "value"), creates=True, shape_fn=_fill_shape,
             types={"dims": Arg("index_type", INT32_64, from_attr="dims")})
def _fill(*dyn, dims=None, value=None, dtype=None, device=None):
    if dims is None:
        if dyn[0].dim() != 1:
            raise errors.InvalidArgumentError(f"dims must represent a vector, got shape {format_shape(dyn[0].shape)}")
        dims = dyn[0].tolist()
        dyn = dyn[1:]
    for d in dims:
        if d < 0:
            raise errors.InvalidArgumentError(f"Dimension {d} must be >= 0")
    if dyn and dyn[0].dim() != 0:
        raise errors.InvalidArgumentError(f"value must represent a scalar, got shape {format_shape(dyn[0].shape)}")
    if dyn:
        v = dyn[0]
        return v.expand(dims).clone() if v.requires_grad else v.to(device).expand(dims).clone()
    return torch.full(dims, value, dtype=dtype.torch_dtype, device=device)


@register_op("ZerosLike", strings=(0,), grad=NOT_DIFFERENTIABLE, inputs=("x",))
def _zeros_like(x, *, dtype=None):
    return torch.zeros_like(x, dtype=None if dtype is None else dtype.torch_dtype)


@register_op("OnesLike", grad=NOT_DIFFERENTIABLE, inputs=("x",), types={"x": Arg("T", NUMBER_BOOL)})
def _ones_like(x, *, dtype=None):
    return torch.ones_like(x, dtype=None if dtype is None else dtype.torch_dtype)


@register_op("OneHot", grad=NOT_DIFFERENTIABLE, inputs=("indices", "on_value", "off_value"),
             types={"indices": Arg("TI", ("uint8", "int8", "int32", "int64")),
                    "depth": Arg(None, INT32, from_attr="depth"),
                    "on_value": Arg("T"), "off_value": Arg("T")}, shape_check=shape_checks.one_hot)
def _one_hot(indices, on, off, *, depth, axis=-1):
    if depth < 0:
        raise errors.InvalidArgumentError(f"depth must be non-negative, got: {depth}")
    if not -1 <= axis <= indices.dim():
        raise errors.InvalidArgumentError(f"Expected axis to be -1 or between [0, {indices.dim() + 1}).  But "
                                          f"received: {axis}")
    idx = indices.long()
    valid = (idx >= 0) & (idx < depth)
    oh = torch.nn.functional.one_hot(torch.where(valid, idx, torch.zeros_like(idx)), depth) & valid.unsqueeze(-1)
    out = torch.where(oh.bool(), on, off)
    if axis != -1 and axis != idx.dim():
        out = out.movedim(-1, axis)
    return out


@register_op("SelectV2", strings=(0,), grad=DIFFERENTIABLE, inputs=("condition", "t", "e"),
             types={"condition": Arg(None, BOOL), "t": Arg("T"), "e": Arg("T")}, shape_check=shape_checks.broadcast,
             shape_fn=shape_checks.broadcast_spec(dtype_input=1))
def _select(cond, t, e):
    return torch.where(cond, t, e)


def _select_v1_shape(inputs, attrs):
    """TF's Select shape function: then/else merged; a vector condition fixes dim 0, else it fixes all dims."""
    cond, t, e = (x.shape for x in inputs)
    if not t.is_compatible_with(e):
        raise ValueError(f"'then' and 'else' must have the same size.  but received: {t} vs. {e}")
    data = t.merge_with(e)
    if cond.rank == 0:
        pass
    elif cond.rank == 1 and data.rank is not None and data.rank > 1:  # validated, not merged (as TF)
        if not TensorShape([cond[0]]).is_compatible_with(TensorShape([data[0]])):
            raise ValueError(f"Number of batches of 'then' must match size of 'cond', but saw: {data[0]} vs. "
                             f"{cond[0]}")
    elif cond.rank is not None and data.rank is not None:
        if not cond.is_compatible_with(data):
            raise ValueError(f"'cond' and 'then' must have the same size, but received: {cond} vs. {data}")
        data = data.merge_with(cond)
    return [(data, inputs[1].dtype)]


@register_op("Select", strings=(0,), grad=DIFFERENTIABLE, inputs=("condition", "t", "e"), shape_fn=_select_v1_shape,
             types={"condition": Arg(None, BOOL), "t": Arg("T"), "e": Arg("T")})
def _select_v1(cond, t, e):
    if t.shape != e.shape:
        raise ValueError(f"'then' and 'else' must have the same size.  but received: {list(t.shape)} vs. "
                         f"{list(e.shape)}")
    if cond.dim() == 1 and t.dim() > 1:  # TF1 where: a vector condition selects rows
        if cond.shape[0] != t.shape[0]:
            raise ValueError(f"Number of batches of 'then' must match size of 'cond', but saw: {t.shape[0]} vs. "
                             f"{cond.shape[0]}")
        cond = cond.reshape([-1] + [1] * (t.dim() - 1))
    elif cond.dim() != 0 and cond.shape != t.shape:  # a scalar condition selects the whole tensor
        raise ValueError(f"'cond' and 'then' must have the same size, but received: {list(cond.shape)} vs. "
                         f"{list(t.shape)}")
    return torch.where(cond, t, e)


def _where_shape(inputs, attrs):
    r = inputs[0].shape.rank
    return [(TensorShape([None, r]), dtypes.int64)]


@register_op("Where", grad=NOT_DIFFERENTIABLE, inputs=("input",), shape_fn=_where_shape,
             types={"input": Arg("T", NUMBER_BOOL)},
             tf_gradient=TF_GRADIENT_NONE)
def _where_indices(cond):
    return torch.nonzero(cond).to(torch.int64)


def _range_shape(inputs, attrs):
    """TF's Range shape function: a vector, of length ceil((limit - start) / delta) when all three are known."""
    if inputs:
        values = [constant_value(t) for t in inputs]
        if any(v is None for v in values):
            return [(TensorShape([None]), attrs["dtype"])]
        start, limit, delta = (v.item() for v in values)
    else:
        start, limit, delta = attrs["start"], attrs["limit"], attrs["delta"]
    if delta == 0:
        return [(TensorShape([None]), attrs["dtype"])]
    return [(TensorShape([builtins.max(0, math.ceil((limit - start) / delta))]), attrs["dtype"])]


@register_op("Range", grad=NOT_DIFFERENTIABLE, inputs=("start", "limit", "delta"), creates=True,
             types={n: Arg("Tidx", _RANGE_TYPES) for n in ("start", "limit", "delta")}, shape_fn=_range_shape)
def _range(*dyn, start=None, limit=None, delta=None, dtype=None, device=None):
    if dyn:
        start, limit, delta = (v.item() for v in dyn)
    if delta == 0:
        raise errors.InvalidArgumentError(f"Requires delta != 0: {delta}")
    if delta > 0 and start > limit:
        raise errors.InvalidArgumentError(f"Requires start <= limit when delta > 0: {start}/{limit}")
    if delta < 0 and start < limit:
        raise errors.InvalidArgumentError(f"Requires start >= limit when delta < 0: {start}/{limit}")
    return torch.arange(start, limit, delta, dtype=dtype.torch_dtype, device=device)


@register_op("LinSpace", grad=NOT_DIFFERENTIABLE, inputs=("start", "stop", "num"), creates=True,
             types={"start": Arg("T", FLOAT), "stop": Arg("T", FLOAT), "num": Arg("Tidx", INT32_64)})
def _linspace(*dyn, start=None, stop=None, num=None, dtype=None, device=None):
    if dyn:
        start, stop, num = dyn[0].item(), dyn[1].item(), int(dyn[2])
    return torch.linspace(start, stop, num, dtype=dtype.torch_dtype, device=device)
