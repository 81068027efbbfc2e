"""Array construction and manipulation (mirrors TF's ``array_ops.py``)."""
from __future__ import annotations

import builtins
import math

import numpy as np
import torch

from tfcompat._src.framework import api_dispatch, composite_dispatch, dtypes, indexed_slices
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import apply_op, constant_value, convert_to_tensor, to_torch_value
from tfcompat._src.framework.dispatch import hooks as dispatch_hooks
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.string_kernels import ALL_OUTPUTS
from tfcompat._src.framework.op_def import (DIFFERENTIABLE, KIND_CONSTANT, NO_GRADIENT, NOT_DIFFERENTIABLE,
                                            TF_GRADIENT_NONE, TF_GRADIENT_RAISING, TF_GRADIENT_REGISTERED,
                                            register_op, resolve_legacy)
from tfcompat._src.framework.kernel_errors import format_shape
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework import shape_values
from tfcompat._src.framework.op_types import BOOL, FLOAT, INT16_32_64, INT32, INT32_64, NUMBER_BOOL, Arg
from tfcompat._src.framework.sparse_tensor import SparseTensor
from tfcompat._src.framework.tensor import SymbolicTensor, Tensor
from tfcompat._src.framework.tensor_shape import TensorShape, dimension_value
from tfcompat._src.ops._helpers import (has_non_integer, is_tensor_like, match_dtypes, static_axis,
                                        static_int_list, to_tensor)
from tfcompat._src.ops import shape_checks, shape_fns
from tfcompat._src.ops.array_manip_ops import broadcast_to, pad, reverse, unique  # noqa: F401 - array_ops' surface
from tfcompat._src.ops.slicing_ops import strided_slice_from_spec  # noqa: F401 - Tensor.__getitem__


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


# ------------------------------------------------------------------------------------------------
# python wrappers
# ------------------------------------------------------------------------------------------------
def _cast(x, dtype):
    """``tf.cast`` for the wrappers below (math_ops, which holds ``cast``, sits above this module)."""
    dtype = dtypes.as_dtype(dtype)
    return x if x.dtype is dtype else apply_op("Cast", [x], {"DstT": dtype, "SrcT": x.dtype})


def _has_big_int(value) -> bool:
    """Whether a python int (or nested list of them) holds an int at or above 2**63."""
    if isinstance(value, (list, tuple)):
        return builtins.any(_has_big_int(v) for v in value)
    return type(value) is int and value >= 2 ** 63


def constant(value, dtype=None, shape=None, name="Const", verify_shape=False):
    """Mirrors ``tf.constant`` (and ``tf.compat.v1.constant``'s ``verify_shape``)."""
    if isinstance(value, Tensor) or hasattr(value, "_as_tensor"):
        t = convert_to_tensor(value)
        if dtype is not None and t.dtype is not dtypes.as_dtype(dtype):
            t = _cast(t, dtype)
        if shape is not None:
            t = reshape(t, shape)
        return t if name == "Const" else identity(t, name=name)
    if dtype is not None and dtypes.as_dtype(dtype) is dtypes.uint64 and _has_big_int(value):
        value = np.array(value, dtype=np.uint64)   # ints in [2**63, 2**64): TF takes them as uint64
    tv = to_torch_value(value, dtype, ctx_lib.current_device())
    if isinstance(tv, np.ndarray):  # tf.string: an object array of bytes (framework/string_tensor.py)
        return _string_constant(tv, value, shape, name, verify_shape)
    if shape is not None:
        shape = [int(s) for s in (shape.as_list() if hasattr(shape, "as_list") else
                                  ([shape] if isinstance(shape, int) else shape))]
        n = int(np.prod(shape)) if shape else 1
        if verify_shape and list(tv.shape) != shape:
            raise TypeError(f"Expected Tensor's shape: {tuple(shape)}, got {tuple(tv.shape)}.")
        if tv.numel() == 1:
            tv = tv.reshape(()).expand(shape).clone()
        elif tv.numel() == n:
            tv = tv.reshape(shape)
        elif ctx_lib.graph_mode_graph() is not None:
            # TF's graph constants (make_tensor_proto): too many values raise, too few repeat the last one.
            if tv.numel() > n:
                raise ValueError(f"Too many elements provided. Takes at most {n}, but got {tv.numel()}.")
            flat = tv.reshape(-1)
            tv = torch.cat([flat, flat[-1:].expand(n - flat.numel())]).reshape(shape)
        else:
            raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor {value} "
                            f"(converted from {value}) has {tv.numel()} elements, but got `shape` "
                            f"{tuple(shape)} with {n} elements).")
    from tfcompat._src.framework.dispatch import wrap_constant
    return wrap_constant(tv, name, dtypes.as_dtype(dtype) if dtype is not None else None)


def _string_constant(arr: np.ndarray, value, shape, name, verify_shape):
    """``tf.constant`` of strings: ``shape`` as for numbers (one value fills it; in a graph too few values
    repeat the last one)."""
    from tfcompat._src.framework.dispatch import wrap_constant
    if shape is not None:
        shape = [int(s) for s in (shape.as_list() if hasattr(shape, "as_list") else
                                  ([shape] if isinstance(shape, int) else shape))]
        n = int(np.prod(shape)) if shape else 1
        if verify_shape and list(arr.shape) != shape:
            raise TypeError(f"Expected Tensor's shape: {tuple(shape)}, got {arr.shape}.")
        flat = arr.reshape(-1)
        if flat.size == 1 or flat.size == n:
            arr = np.broadcast_to(flat, (n,)).reshape(shape).copy()
        elif ctx_lib.graph_mode_graph() is not None:
            if flat.size > n:
                raise ValueError(f"Too many elements provided. Takes at most {n}, but got {flat.size}.")
            arr = np.concatenate([flat, np.repeat(flat[-1:], n - flat.size)]).reshape(shape)
        else:
            raise TypeError(f"Eager execution of tf.constant with unsupported shape. Tensor {arr} "
                            f"(converted from {value}) has {flat.size} elements, but got `shape` "
                            f"{tuple(shape)} with {n} elements).")
    return wrap_constant(arr, name, dtypes.string)


def identity(input, name=None):  # noqa: A002
    """Mirrors ``tf.identity``. As TF, a composite tensor (IndexedSlices, SparseTensor, RaggedTensor) stays one:
    each component goes through its own Identity op (``name`` is not used for them, as in TF)."""
    if isinstance(input, indexed_slices.IndexedSlices):
        shape = input.dense_shape
        return indexed_slices.IndexedSlices(identity(input.values), identity(input.indices),
                                            None if shape is None else identity(shape))
    if isinstance(input, SparseTensor):
        return SparseTensor(identity(input.indices), identity(input.values), identity(input.dense_shape))
    composite = composite_dispatch.handler_for(input)
    if composite is not None:   # e.g. a RaggedTensor (see framework/composite_dispatch.py)
        return composite.map_flat(identity, input)
    return apply_op("Identity", [to_tensor(input)], name=name)


def identity_n(input, name=None):  # noqa: A002
    xs = [to_tensor(x) for x in input]
    return apply_op("IdentityN", xs, {"N": len(xs)}, name=name)


def stop_gradient(input, name=None):  # noqa: A002
    """Mirrors ``tf.stop_gradient``: gradients through it are None (detach)."""
    return apply_op("StopGradient", [to_tensor(input)], name=name)


def prevent_gradient(input, message="", name=None):  # noqa: A002
    return apply_op("PreventGradient", [to_tensor(input)], {"message": message}, name=name)


def placeholder(dtype, shape=None, name=None):
    """Mirrors ``tf.compat.v1.placeholder``; raises in eager mode as TF does."""
    graph = ctx_lib.graph_mode_graph()
    if graph is None:
        raise RuntimeError("tf.placeholder() is not compatible with eager execution.")
    shape = TensorShape(shape)
    dtype = dtypes.as_dtype(dtype)
    op_name = graph.unique_name(name or "Placeholder", mark_as_used=False)
    return apply_op("Placeholder", [], {"dtype": dtype, "shape": shape, "name": op_name}, name=name or "Placeholder")


def placeholder_with_default(input, shape, name=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.placeholder_with_default``."""
    x = to_tensor(input)
    return apply_op("PlaceholderWithDefault", [x], {"shape": TensorShape(shape)}, name=name)


@api_dispatch.add_dispatch_support
def reshape(tensor, shape, name=None):
    """Mirrors ``tf.reshape``."""
    x = to_tensor(tensor)
    s = None if has_non_integer(shape) else static_int_list(shape)
    if s is not None:
        out = apply_op("Reshape", [x], {"shape": s}, name=name)
        if isinstance(out, SymbolicTensor) and out.shape.rank is None:
            # A given shape is the output's, whatever is known of the input; a -1 is unknown unless solved
            # (the meta run solves it when the input is fully known).
            out.set_shape([None if v == -1 else v for v in s])
        return out
    shape_t = to_tensor(shape)
    out = apply_op("Reshape", [x, shape_t], name=name)
    if isinstance(out, SymbolicTensor) and out.shape.rank is None:
        _set_reshape_partial_shape(out, x, shape_t)   # (KERAS) TF's shape inference reads partial shape tensors
    return out


def _set_reshape_partial_shape(out, x, shape_t):
    """As TF's Reshape shape function (``MakeShapeFromShapeTensor``): the dims of the shape tensor known before
    running (``constant_value_as_shape``: constants, dims of static shapes, Pack/ConcatV2/StridedSlice/scalar
    arithmetic of those); one -1 is solved when the input's and the other dims' sizes are known."""
    if shape_t.shape.rank != 1:
        return
    try:
        out.set_shape(shape_values.constant_value_as_shape(shape_t, x.shape))
    except ValueError:
        pass


def transpose(a, perm=None, name="transpose", conjugate=False):
    """Mirrors ``tf.transpose`` (``perm=None`` reverses the dimensions)."""
    x = to_tensor(a)
    p = static_int_list(perm) if perm is not None and not has_non_integer(perm) else None
    if perm is not None and p is None:
        return apply_op("Transpose", [x, to_tensor(perm)], name=name)
    return apply_op("Transpose", [x], {"perm": p}, name=name)


def matrix_transpose(a, name="matrix_transpose", conjugate=False):
    x = to_tensor(a)
    r = x.shape.rank
    perm = list(builtins.range(r - 2)) + [r - 1, r - 2]
    return transpose(x, perm, name=name)


def concat(values, axis, name="concat"):
    """Mirrors ``tf.concat`` (TF1's ``concat(concat_dim, values)`` order is detected and accepted)."""
    if isinstance(axis, (list, tuple)) and not isinstance(values, (list, tuple)):
        values, axis = axis, values  # TF < 1.0 argument order
    if isinstance(values, (list, tuple)) and isinstance(axis, (list, tuple)):
        values, axis = axis, values
    if not isinstance(values, (list, tuple)):
        values = [values]
    composite = composite_dispatch.handler_for(values)
    if composite is not None:   # e.g. RaggedTensors (see framework/composite_dispatch.py)
        return composite.concat(values, axis, name)
    vals = match_dtypes(*values)
    if len(vals) == 1:
        return identity(vals[0], name=name)
    ax = static_axis(axis)
    if hasattr(ax, "dtype"):
        return apply_op("ConcatV2", vals + [ax], {"N": len(vals)}, name=name)
    return apply_op("ConcatV2", vals, {"N": len(vals), "axis": ax}, name=name)


def stack(values, axis=0, name="stack"):
    """Mirrors ``tf.stack`` (op ``Pack``)."""
    vals = match_dtypes(*values)
    rank = vals[0].shape.rank if vals else None
    if rank is not None and not -(rank + 1) <= axis < rank + 1:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-(rank + 1)}, {rank + 1})")
    return apply_op("Pack", vals, {"N": len(vals), "axis": int(axis)}, name=name)


pack = stack
dispatch_hooks["pack"] = stack


def unstack(value, num=None, axis=0, name="unstack"):
    """Mirrors ``tf.unstack`` (op ``Unpack``)."""
    x = to_tensor(value)
    rank = x.shape.rank
    if rank is not None and not -rank <= axis < rank:
        raise ValueError(f"Argument `axis` = {axis} not in range [{-rank}, {rank})")
    if num is None:
        num = dimension_value(x.shape[axis]) if x.shape.rank is not None else None
        if num is None:
            raise ValueError(f"Cannot infer argument `num` from shape {x.shape}")
    out = apply_op("Unpack", [x], {"num": int(num), "axis": int(axis)}, name=name)
    return out if isinstance(out, list) else [out]


unpack = unstack


def split(value, num_or_size_splits, axis=0, num=None, name="split", split_dim=None):
    """Mirrors ``tf.split``: an int splits evenly (``Split``), a list gives sizes (``SplitV``)."""
    axis = resolve_legacy("axis", axis if axis != 0 or split_dim is None else None, split_dim=split_dim) or 0
    x = to_tensor(value)
    ax = int(static_axis(axis))
    sizes = num_or_size_splits
    if isinstance(sizes, int) or (is_tensor_like(sizes) and to_tensor(sizes).shape.rank == 0):
        n = int(static_int_list(sizes)[0])
        out = apply_op("Split", [x], {"axis": ax, "num_split": n}, name=name)
    else:
        s = sizes if has_non_integer(sizes) else tuple(static_int_list(sizes))
        out = apply_op("SplitV", [x], {"sizes": s, "axis": ax}, name=name)
    return out if isinstance(out, list) else [out]


def squeeze(input, axis=None, name=None, squeeze_dims=None):  # noqa: A002
    """Mirrors ``tf.squeeze`` (TF1 ``squeeze_dims`` alias accepted)."""
    axis = resolve_legacy("axis", axis, squeeze_dims=squeeze_dims)
    x = to_tensor(input)
    dims = () if axis is None else tuple(static_int_list(axis))
    return apply_op("Squeeze", [x], {"squeeze_dims": dims}, name=name)


def _dispatch_or_raise(api, args, kwargs, error):
    """TF's fallback dispatch for an argument that is not a tensor (a RaggedTensor): the registered handler's
    result, else ``error`` (the conversion's)."""
    result = api_dispatch.dispatch(api, args, kwargs)
    if result is api_dispatch.NOT_SUPPORTED:
        raise error
    return result


def expand_dims(input, axis=None, name=None, dim=None):  # noqa: A002
    """Mirrors ``tf.expand_dims`` (TF1 ``dim`` alias accepted; a RaggedTensor ``input`` goes to the ragged
    expand_dims, by TF's fallback dispatch)."""
    axis = resolve_legacy("axis", axis, dim=dim)
    if axis is None:
        raise ValueError("Must specify an axis argument to tf.expand_dims()")
    try:
        x = to_tensor(input)
    except (TypeError, ValueError) as e:
        return _dispatch_or_raise(expand_dims, (input, axis), {"name": name}, e)
    ax = static_axis(axis)
    if hasattr(ax, "dtype"):
        return apply_op("ExpandDims", [x, ax], name=name)
    if isinstance(ax, tuple):
        ax = ax[0]
    return apply_op("ExpandDims", [x], {"axis": ax}, name=name)


def tile(input, multiples, name=None):  # noqa: A002
    """Mirrors ``tf.tile`` (a RaggedTensor ``input`` goes to the ragged tile, by TF's fallback dispatch)."""
    try:
        x = to_tensor(input)
    except (TypeError, ValueError) as e:
        return _dispatch_or_raise(tile, (input, multiples), {"name": name}, e)
    m = None if has_non_integer(multiples) else static_int_list(multiples)
    if m is None:
        return apply_op("Tile", [x, to_tensor(multiples)], name=name)
    return apply_op("Tile", [x], {"multiples": m}, name=name)


def gather(params, indices, validate_indices=None, axis=None, batch_dims=0, name=None):
    """Mirrors ``tf.gather`` (op ``GatherV2``); out-of-range indices raise as on TF's CPU kernel."""
    p = to_tensor(params)
    i = to_tensor(indices)
    ax = batch_dims if axis is None else int(static_axis(axis))
    if ax == 0:
        batch_dims = 0   # TF's gather drops batch_dims when the axis is the constant 0 (it gathers rows)
    if ax < 0 and p.shape.rank is not None:
        ax += p.shape.rank
    out = apply_op("GatherV2", [p, i], {"axis": ax, "batch_dims": batch_dims}, name=name)
    if ax == 0 and not batch_dims and indexed_slices.GATHER_RECORDERS and getattr(out, "_tapes", ()):
        # An eager gather a tape records: its params' gradient is an IndexedSlices in TF (autodiff/tape.py).
        indexed_slices.record_gather(p._t, i._t, out)
    return out


def gather_nd(params, indices, name=None, batch_dims=0):
    """Mirrors ``tf.gather_nd``."""
    return apply_op("GatherNd", [to_tensor(params), to_tensor(indices)], name=name)


def slice(input_, begin, size, name=None):  # noqa: A001
    """Mirrors ``tf.slice``."""
    x = to_tensor(input_)
    b, s = static_int_list(begin), static_int_list(size)
    if b is None or s is None or has_non_integer(begin) or has_non_integer(size):
        return apply_op("Slice", [x, to_tensor(begin), to_tensor(size)], name=name)
    return apply_op("Slice", [x], {"begin": b, "size": s}, name=name)


@api_dispatch.add_dispatch_support
def shape(input, name=None, out_type=dtypes.int32):  # noqa: A002
    """Mirrors ``tf.shape``. Building a graph, a fully known static shape is a ``Const`` named as the op would be
    (TF's ``shape_internal(optimize=True)``); otherwise a ``Shape`` op."""
    x = to_tensor(input)
    out_type = dtypes.as_dtype(out_type)
    if isinstance(x, SymbolicTensor) and x.shape.is_fully_defined():
        return constant(x.shape.as_list(), out_type, name=name or "Shape")
    return apply_op("Shape", [x], {"out_type": out_type}, name=name)


def shape_n(input, out_type=dtypes.int32, name=None):  # noqa: A002
    """Mirrors ``tf.shape_n``: one ``ShapeN`` op (never folded to constants, as in TF)."""
    xs = [to_tensor(x) for x in input]
    if len({x.dtype for x in xs}) > 1:   # (ShapeN's one type attribute T; raw_grad_ops registers the op)
        listed = ", ".join(x.dtype.name for x in xs)
        raise TypeError(f"Tensors in list passed to 'input' of 'ShapeN' Op have types [{listed}] that don't all "
                        f"match.")
    out = apply_op("ShapeN", xs, {"N": len(xs), "out_type": dtypes.as_dtype(out_type)}, name=name)
    return list(out) if isinstance(out, (list, tuple)) else [out]


def size(input, name=None, out_type=dtypes.int32):  # noqa: A002
    """Mirrors ``tf.size``. Building a graph, a statically known element count (every dimension known, or one
    known to be 0) is a ``Const`` named as the op would be (TF's ``size_internal(optimize=True)``)."""
    x = to_tensor(input)
    out_type = dtypes.as_dtype(out_type)
    if isinstance(x, SymbolicTensor) and x.shape.rank is not None:
        dims = x.shape.as_list()
        if None not in dims:
            return constant(int(np.prod(dims, dtype=np.int64)), out_type, name=name or "Size")
        if 0 in dims:
            return constant(0, out_type, name=name or "Size")
    return apply_op("Size", [x], {"out_type": out_type}, name=name)


def rank(input, name=None):  # noqa: A002
    """Mirrors ``tf.rank``. Building a graph, a known static rank is a ``Const`` named as the op would be (TF's
    ``rank_internal(optimize=True)``)."""
    x = to_tensor(input)
    if isinstance(x, SymbolicTensor) and x.shape.rank is not None:
        return constant(x.shape.rank, dtypes.int32, name=name or "Rank")
    return apply_op("Rank", [x], name=name)


def _shape_arg(shape):
    """A shape argument as a python int list, or None when it is only known at run time or is not integral
    (then it goes to the op as a tensor and the op's dtype check rejects it)."""
    if isinstance(shape, TensorShape):
        if not shape.is_fully_defined():
            raise ValueError(f"Cannot convert a partially known TensorShape {_tuple_str(shape)} to a Tensor.")
        return shape.as_list()
    nested = isinstance(shape, (list, tuple)) and any(isinstance(d, (list, tuple)) for d in shape)
    if nested or has_non_integer(shape):
        return None
    return static_int_list(shape)


def _tuple_str(shape) -> str:
    dims = shape.as_list() if shape.rank is not None else []
    return "(" + ", ".join(str(d) for d in dims) + ("," if len(dims) == 1 else "") + ")"


def _python_shape_int32(shape):
    """zeros/ones convert a python shape to int32 as TF does: TypeError for floats."""
    if has_non_integer(shape) and not is_tensor_like(shape):
        raise TypeError(f"Cannot convert {shape!r} to EagerTensor of dtype int32")


@api_dispatch.add_dispatch_support
def fill(dims, value, name=None, layout=None):
    """Mirrors ``tf.fill``."""
    v = to_tensor(value)
    d = _shape_arg(dims)
    if d is None:
        return apply_op("Fill", [to_tensor(dims), v], name=name)
    return apply_op("Fill", [v], {"dims": d}, name=name)


@api_dispatch.add_dispatch_support
def zeros(shape, dtype=dtypes.float32, name=None, layout=None):
    """Mirrors ``tf.zeros``."""
    dtype = dtypes.as_dtype(dtype)
    _python_shape_int32(shape)
    d = _shape_arg(shape)
    if d is not None:
        out = _constant_if_small(b"" if dtype is dtypes.string else False if dtype.is_bool else 0, d, dtype,
                                 name or "zeros")
        if out is not None:
            return out
    if d is None or dtype is dtypes.string:   # TF's zero of tf.string is b""
        return fill(shape, constant(b"" if dtype is dtypes.string else 0, dtype=dtype), name=name)
    return apply_op("Fill", [], {"dims": d, "value": False if dtype.is_bool else 0, "dtype": dtype},
                    name=name or "zeros")


@api_dispatch.add_dispatch_support
def ones(shape, dtype=dtypes.float32, name=None, layout=None):
    """Mirrors ``tf.ones``."""
    dtype = dtypes.as_dtype(dtype)
    _python_shape_int32(shape)
    d = _shape_arg(shape)
    if d is not None:
        out = _constant_if_small(True if dtype.is_bool else 1, d, dtype, name or "ones")
        if out is not None:
            return out
    if d is None:
        return fill(shape, constant(1, dtype=dtype), name=name)
    return apply_op("Fill", [], {"dims": d, "value": True if dtype.is_bool else 1, "dtype": dtype},
                    name=name or "ones")


def _constant_if_small(value, dims, dtype, name):
    """TF's ``_constant_if_small``: building a graph, zeros/ones of a python shape with fewer than 1000 elements
    are one Const (a Fill otherwise, and always when executing eagerly); None when not small."""
    if ctx_lib.graph_mode_graph() is None or int(np.prod(dims, dtype=np.int64)) >= 1000:
        return None
    return constant(value, dtype=dtype, shape=dims, name=name)


def _static_shape_folds(x) -> bool:
    """Whether TF's ``*_like(optimize=True)`` builds from ``x``'s static shape: a graph tensor of fully known
    shape (not a resource or variant handle)."""
    return isinstance(x, SymbolicTensor) and x.shape.is_fully_defined() and \
        x.dtype.name not in ("resource", "variant")


def zeros_like(input, dtype=None, name=None, optimize=True, layout=None):  # noqa: A002
    """Mirrors ``tf.zeros_like``; building a graph, a fully known shape gives ``tf.zeros`` of it (a Const when
    small), as TF's ``zeros_like_impl``."""
    composite = composite_dispatch.handler_for(input)
    if composite is not None:
        return composite.map_flat(zeros_like, input, dtype=dtype, name=name)
    x = to_tensor(input)
    if optimize and _static_shape_folds(x):
        return zeros(x.shape.as_list(), dtype or x.dtype, name=name or "zeros_like")
    attrs = {"dtype": dtypes.as_dtype(dtype)} if dtype is not None else {}
    return apply_op("ZerosLike", [x], attrs, name=name or "zeros_like")


def ones_like(input, dtype=None, name=None, optimize=True, layout=None):  # noqa: A002
    """Mirrors ``tf.ones_like``. Building a graph from a fully known shape, a ``Fill`` named as TF's
    ``ones_like_impl`` builds it (its dims an attribute: known deviation "graph-static-arguments-as-attributes");
    otherwise a ``OnesLike`` op (TF: a Fill of a Shape op, the same value)."""
    composite = composite_dispatch.handler_for(input)
    if composite is not None:
        return composite.map_flat(ones_like, input, dtype=dtype, name=name)
    x = to_tensor(input)
    if optimize and _static_shape_folds(x) and x.dtype is not dtypes.string:
        dt = dtypes.as_dtype(dtype) if dtype is not None else x.dtype
        with name_scope(name, "ones_like", [x]) as scope:
            one = constant(True if dt.is_bool else 1, dtype=dt)
            return apply_op("Fill", [one], {"dims": x.shape.as_list()}, name=scope)
    attrs = {"dtype": dtypes.as_dtype(dtype)} if dtype is not None else {}
    return apply_op("OnesLike", [x], attrs, name=name or "ones_like")


def one_hot(indices, depth, on_value=None, off_value=None, axis=None, dtype=None, name=None):
    """Mirrors ``tf.one_hot`` (float32 by default; out-of-range indices give all-off rows). As TF, the op is
    built in a ``one_hot`` name scope (the node is ``one_hot``); default on/off values are constants named
    ``on_value``/``off_value`` there. (``depth`` is an attribute here, not a ``depth`` Const input.)"""
    with name_scope(name, "one_hot", [indices, depth, on_value, off_value]) as scope:
        want = None if dtype is None else dtypes.as_dtype(dtype)
        # (TF converts given values by ops.convert_to_tensor: 'Const' in the scope, not '<op>/on_value')
        on = None if on_value is None else to_tensor(on_value, dtype=None if is_tensor_like(on_value) else want,
                                                     name="Const")
        off = None if off_value is None else to_tensor(off_value, dtype=None if is_tensor_like(off_value) else want,
                                                       name="Const")
        if want is None:  # TF: the dtype of on_value, else of off_value, else float32
            want = on.dtype if on is not None else off.dtype if off is not None else dtypes.float32
        if on is None:
            on = to_tensor(1, dtype=want, name="on_value")
        if off is None:
            off = to_tensor(0, dtype=want, name="off_value")
        idx = to_tensor(indices, name="indices")
        d = depth if has_non_integer(depth) else int(static_int_list(depth)[0])
        return apply_op("OneHot", [idx, on, off], {"depth": d, "axis": -1 if axis is None else int(axis)},
                        name=scope or None)


def where(condition, x=None, y=None, name=None):
    """Mirrors ``tf.where`` (TF2: broadcasting ``SelectV2``; with only ``condition``, the true indices)."""
    cond = to_tensor(condition)
    if x is None and y is None:
        return apply_op("Where", [cond], name=name)
    if x is None or y is None:
        raise ValueError("x and y must both be non-None or both be None.")
    xt, yt = match_dtypes(x, y)
    return apply_op("SelectV2", [cond, xt, yt], name=name)


def where_v1(condition, x=None, y=None, name=None):
    """Mirrors ``tf.compat.v1.where`` (op ``Select``: no broadcasting, vector condition selects rows)."""
    cond = to_tensor(condition)
    if x is None and y is None:
        return apply_op("Where", [cond], name=name)
    xt, yt = match_dtypes(x, y)
    return apply_op("Select", [cond, xt, yt], name=name)


def range(start, limit=None, delta=1, dtype=None, name="range"):  # noqa: A001
    """Mirrors ``tf.range`` (int32 for python ints, float32 if any argument is a float)."""
    if limit is None:
        start, limit = 0, start
    vals = [start, limit, delta]
    if dtype is None:
        kinds = []
        for v in vals:
            if is_tensor_like(v):
                kinds.append(to_tensor(v).dtype)
            elif isinstance(v, float):
                kinds.append(dtypes.float32)
            else:
                kinds.append(dtypes.int32)
        order = [dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64]
        dtype = max(kinds, key=lambda d: order.index(d) if d in order else 0)
    dtype = dtypes.as_dtype(dtype)
    statics = []
    for v in vals:
        if is_tensor_like(v):
            cv = constant_value(to_tensor(v))
            if cv is None:
                dyn = [_cast(to_tensor(u) if is_tensor_like(u) else constant(u, dtype=dtype), dtype) for u in vals]
                return apply_op("Range", dyn, {"dtype": dtype}, name=name)
            statics.append(cv.item())
        else:
            statics.append(v)
    return apply_op("Range", [], {"start": statics[0], "limit": statics[1], "delta": statics[2],
                                  "dtype": dtype}, name=name)


def linspace(start, stop, num, name=None, axis=0):
    """Mirrors ``tf.linspace``."""
    s, e = (float(constant_value(to_tensor(v))) if is_tensor_like(v) else float(v) for v in (start, stop))
    dtype = to_tensor(start).dtype if is_tensor_like(start) else dtypes.float32
    if dtype.is_integer:   # TF computes integer endpoints in float64
        dtype = dtypes.float64
    n = int(static_int_list(num)[0])
    return apply_op("LinSpace", [], {"start": s, "stop": e, "num": n, "dtype": dtype}, name=name)


lin_space = linspace


newaxis = None
