"""TF NumPy's shape manipulation, joining, splitting and indexing functions (TF's ``np_array_ops``)."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.numpy_api import np_dtypes
from tfcompat._src.numpy_api.np_arrays import array, asarray, broadcast_fill, promote
from tfcompat._src.ops import array_more_ops, array_ops, math_ops

__all__ = ["reshape", "ravel", "flatten", "expand_dims", "squeeze", "transpose", "swapaxes", "moveaxis",
           "concatenate", "append", "stack", "hstack", "vstack", "dstack", "split", "vsplit", "hsplit",
           "dsplit", "tile", "repeat", "flip", "fliplr", "flipud", "roll", "rot90", "broadcast_to",
           "broadcast_arrays", "take", "take_along_axis", "where", "select", "nonzero", "compress", "pad",
           "atleast_1d", "atleast_2d", "atleast_3d", "diff"]


def reshape(a, newshape, order="C"):
    """Mirrors ``tnp.reshape`` (order 'C' or 'F')."""
    if order not in ("C", "F"):
        raise ValueError(f"Unsupported order argument {order}")
    a = asarray(a)
    if isinstance(newshape, int):
        newshape = [newshape]
    if order == "F":
        return array_ops.transpose(array_ops.reshape(array_ops.transpose(a), list(newshape)[::-1]))
    return array_ops.reshape(a, newshape)


def reshape_method(a, *newshape, **kwargs):
    """``Tensor.reshape`` under NumPy behavior: ``t.reshape(2, 3)`` or ``t.reshape((2, 3))``."""
    order = kwargs.pop("order", "C")
    if kwargs:
        raise ValueError(f"Unsupported arguments: {kwargs.keys()}")
    if len(newshape) == 1 and not isinstance(newshape[0], int):
        newshape = newshape[0]
    return reshape(a, newshape, order=order)


def ravel(a):
    """Mirrors ``tnp.ravel``."""
    return array_ops.reshape(asarray(a), [-1])


def flatten(a, order="C"):
    """Mirrors ``ndarray.flatten`` (``tnp.flatten``)."""
    a = asarray(a)
    if order in ("C", "A", "K"):
        return array_ops.reshape(a, [-1])
    if order == "F":
        return array_ops.reshape(array_ops.transpose(a), [-1])
    raise ValueError("order can only be C, A, K (all row major) or F (column major).")


def expand_dims(a, axis):
    """Mirrors ``tnp.expand_dims``."""
    return array_ops.expand_dims(asarray(a), axis=axis)


def squeeze(a, axis=None):
    """Mirrors ``tnp.squeeze``."""
    return array_ops.squeeze(asarray(a), axis)


def transpose(a, axes=None):
    """Mirrors ``tnp.transpose``."""
    a = asarray(a)
    return array_ops.transpose(a, perm=None if axes is None else list(axes) if not isinstance(axes, Tensor)
                               else axes)


def swapaxes(a, axis1, axis2):
    """Mirrors ``tnp.swapaxes``."""
    a = asarray(a)
    rank = a.shape.rank
    axis1, axis2 = axis1 + rank if axis1 < 0 else axis1, axis2 + rank if axis2 < 0 else axis2
    perm = list(range(rank))
    perm[axis1], perm[axis2] = axis2, axis1
    return array_ops.transpose(a, perm)


def moveaxis(a, source, destination):
    """Mirrors ``tnp.moveaxis``."""
    if not source and not destination:
        return a
    a = asarray(a)
    source = (source,) if isinstance(source, int) else tuple(source)
    destination = (destination,) if isinstance(destination, int) else tuple(destination)
    if len(source) != len(destination):
        raise ValueError("The lengths of source and destination must equal")
    rank = a.shape.rank
    source = tuple(s + rank if s < 0 else s for s in source)
    destination = tuple(d + rank if d < 0 else d for d in destination)
    perm = [i for i in range(rank) if i not in source]
    for dest, src in sorted(zip(destination, source)):
        perm.insert(dest, src)
    return array_ops.transpose(a, perm)


def concatenate(arys, axis=0):
    """Mirrors ``tnp.concatenate`` (arguments promoted to their common dtype)."""
    if not isinstance(arys, (list, tuple)):
        arys = [arys]
    if not arys:
        raise ValueError(f"Need at least one array to concatenate. Received empty input: arys={arys}")
    dtype = np_dtypes.result_type(*arys)
    return array_ops.concat([array(a, dtype=dtype, copy=False) for a in arys], axis)


def append(arr, values, axis=None):
    """Mirrors ``tnp.append``."""
    if axis is None:
        return concatenate([ravel(arr), ravel(values)], 0)
    return concatenate([arr, values], axis=axis)


def stack(arrays, axis=0):
    """Mirrors ``tnp.stack``."""
    if isinstance(arrays, Tensor):
        return arrays if axis == 0 else swapaxes(arrays, 0, axis)
    return array_ops.stack(promote(*arrays), axis)


def _pad_left_to(n, shape):
    return [1] * max(n - len(shape), 0) + shape


def _atleast_nd(n, new_shape, *arys):
    def one(x):
        x = asarray(x)
        dims = [-1 if d is None else d for d in x.shape.as_list()]
        return reshape(x, new_shape(n, dims)) if n > len(dims) else x
    out = [one(a) for a in arys]
    return out[0] if len(out) == 1 else out


def atleast_1d(*arys):
    """Mirrors ``tnp.atleast_1d``."""
    return _atleast_nd(1, _pad_left_to, *arys)


def atleast_2d(*arys):
    """Mirrors ``tnp.atleast_2d``."""
    return _atleast_nd(2, _pad_left_to, *arys)


def atleast_3d(*arys):
    """Mirrors ``tnp.atleast_3d`` (a 1-D array becomes (1, N, 1), a 2-D one (M, N, 1))."""
    def new_shape(_, old):
        if len(old) == 0:
            return [1, 1, 1]
        if len(old) == 1:
            return [1] + old + [1]
        return old + [1]
    return _atleast_nd(3, new_shape, *arys)


def hstack(tup):
    """Mirrors ``tnp.hstack``."""
    arrays = promote(*[atleast_1d(a) for a in tup])
    return array_ops.concat(arrays, axis=0 if arrays[0].shape.rank == 1 else 1)


def vstack(tup):
    """Mirrors ``tnp.vstack``."""
    return array_ops.concat(promote(*[atleast_2d(a) for a in tup]), axis=0)


def dstack(tup):
    """Mirrors ``tnp.dstack``."""
    return array_ops.concat(promote(*[atleast_3d(a) for a in tup]), axis=2)


def _boundaries_to_sizes(a, boundaries, axis):
    if axis >= len(a.shape):
        raise ValueError(f"axis {axis} is out of bound for shape {a.shape}")
    total = a.shape[axis]
    sizes, sizes_sum, prev = [], 0, 0
    for i, b in enumerate(boundaries):
        size = b - prev
        if size < 0:
            raise ValueError(f"The {i}-th boundary {b} is smaller than the previous boundary {prev}")
        size = min(size, max(0, total - sizes_sum))
        sizes.append(size)
        sizes_sum += size
        prev = b
    sizes.append(max(0, total - sizes_sum))
    return sizes


def split(ary, indices_or_sections, axis=0):
    """Mirrors ``tnp.split`` (an int: equal sections; a list: split points)."""
    ary = asarray(ary)
    if not isinstance(indices_or_sections, int):
        indices_or_sections = _boundaries_to_sizes(ary, indices_or_sections, axis)
    return array_ops.split(ary, indices_or_sections, axis=axis)


def _split_on_axis(name, axis):
    def fn(ary, indices_or_sections):
        ary = asarray(ary)
        new_axis = 0 if axis == 1 and ary.shape.rank == 1 else axis
        if isinstance(indices_or_sections, int):
            dim = ary.shape.as_list()[new_axis]
            if dim is not None and dim % indices_or_sections:
                raise ValueError("array split does not result in an equal division")
        return split(ary, indices_or_sections, axis=new_axis)
    fn.__name__ = name
    fn.__doc__ = f"Mirrors ``tnp.{name}``."
    return fn


vsplit = _split_on_axis("vsplit", 0)
hsplit = _split_on_axis("hsplit", 1)
dsplit = _split_on_axis("dsplit", 2)


def tile(a, reps):
    """Mirrors ``tnp.tile`` (``reps`` and the shape padded with ones on the left to the same length)."""
    a = asarray(a)
    reps = [reps] if isinstance(reps, int) else list(np.asarray(reps).reshape([-1]))
    dims = [-1 if d is None else d for d in a.shape.as_list()]
    n = max(len(reps), len(dims))
    reps = [1] * (n - len(reps)) + [int(r) for r in reps]
    a = array_ops.reshape(a, [1] * (n - len(dims)) + dims)
    return array_ops.tile(a, reps)


def repeat(a, repeats, axis=None):
    """Mirrors ``tnp.repeat``."""
    a = asarray(a)
    if axis is None:
        a, axis = array_ops.reshape(a, [-1]), 0
    return array_more_ops.repeat(a, asarray(repeats), axis)


def flip(m, axis=None):
    """Mirrors ``tnp.flip`` (all axes when ``axis`` is None)."""
    m = asarray(m)
    if axis is None:
        return array_ops.reverse(m, list(range(m.shape.rank)))
    return array_ops.reverse(m, [axis + m.shape.rank if axis < 0 else axis])


def flipud(m):
    """Mirrors ``tnp.flipud``."""
    return flip(m, 0)


def fliplr(m):
    """Mirrors ``tnp.fliplr``."""
    return flip(m, 1)


def roll(a, shift, axis=None):
    """Mirrors ``tnp.roll`` (flattened when ``axis`` is None)."""
    a = asarray(a)
    if axis is not None:
        return array_more_ops.roll(a, shift, axis)
    rolled = array_more_ops.roll(array_ops.reshape(a, [-1]), shift, 0)
    return array_ops.reshape(rolled, array_ops.shape(a))


def rot90(m, k=1, axes=(0, 1)):
    """Mirrors ``tnp.rot90``."""
    m = asarray(m)
    rank = m.shape.rank
    ax1, ax2 = (ax + rank if ax < 0 else ax for ax in axes)
    k = k % 4
    if k == 0:
        return m
    if k == 2:
        return flip(flip(m, ax1), ax2)
    perm = list(range(rank))
    perm[ax1], perm[ax2] = ax2, ax1
    if k == 1:
        return transpose(flip(m, ax2), perm)
    return flip(transpose(m, perm), ax2)


def broadcast_to(array_, shape):
    """Mirrors ``tnp.broadcast_to``."""
    return broadcast_fill(shape, array_)


def broadcast_arrays(*args, **kwargs):
    """Mirrors ``tnp.broadcast_arrays`` (subok=False only)."""
    if kwargs.pop("subok", False):
        raise ValueError("subok=True is not supported.")
    if kwargs:
        raise ValueError(f"Received unsupported arguments {kwargs.keys()}")
    args = [asarray(a) for a in args]
    if len(args) <= 1:
        return args
    shape = array_ops.shape(args[0])
    for a in args[1:]:
        shape = array_more_ops.broadcast_dynamic_shape(shape, array_ops.shape(a))
    return [array_ops.broadcast_to(a, shape) for a in args]


def take(a, indices, axis=None, out=None, mode="clip"):
    """Mirrors ``tnp.take`` (mode 'clip' or 'wrap'; 'raise' is rejected, as in TF)."""
    if out is not None:
        raise ValueError("out argument is not supported in take.")
    if mode not in ("raise", "clip", "wrap"):
        raise ValueError(f"Invalid mode '{mode}' for take")
    a = asarray(a)
    indices = asarray(indices)
    if axis is None:
        a, axis = array_ops.reshape(a, [-1]), 0
    axis_size = array_ops.shape(a, out_type=indices.dtype)[axis]
    if mode == "clip":
        indices = math_ops.clip_by_value(indices, 0, axis_size - 1)
    elif mode == "wrap":
        indices = math_ops.floormod(indices, axis_size)
    else:
        raise ValueError("The 'raise' mode to take is not supported.")
    return array_ops.gather(a, indices, axis=axis)


def take_along_axis(arr, indices, axis):
    """Mirrors ``tnp.take_along_axis``."""
    arr = asarray(arr)
    indices = asarray(indices)
    if axis is None:
        return take_along_axis(ravel(arr), indices, 0)
    rank = arr.shape.rank
    axis = axis + rank if axis < 0 else axis
    arr_dims = arr.shape.as_list()
    idx_dims = indices.shape.as_list()
    common = [max(x, y) if i != axis else None for i, (x, y) in enumerate(zip(arr_dims, idx_dims))]
    arr = array_ops.broadcast_to(arr, [arr_dims[axis] if i == axis else d for i, d in enumerate(common)])
    indices = array_ops.broadcast_to(indices, [idx_dims[axis] if i == axis else d for i, d in enumerate(common)])
    indices = array_ops.where(indices < 0, indices + arr_dims[axis], indices)
    last = axis == rank - 1
    if not last:
        arr, indices = swapaxes(arr, axis, -1), swapaxes(indices, axis, -1)
    arr_shape = arr.shape.as_list()
    idx_shape = indices.shape.as_list()
    result = array_ops.gather(array_ops.reshape(arr, [-1, arr_shape[-1]]),
                              array_ops.reshape(indices, [-1, idx_shape[-1]]), batch_dims=1)
    result = array_ops.reshape(result, idx_shape)
    return result if last else swapaxes(result, axis, -1)


def nonzero(a):
    """Mirrors ``tnp.nonzero``: one int64 index vector per dimension."""
    a = atleast_1d(a)
    if a.shape.rank is None:
        raise ValueError("The rank of `a` is unknown, so we can't decide how many arrays to return.")
    return array_ops.unstack(array_ops.where(math_ops.cast(a, dtypes.bool_)), a.shape.rank, axis=1)


def where(condition, x=None, y=None):
    """Mirrors ``tnp.where`` (one argument: ``nonzero``)."""
    condition = asarray(condition, dtype=np.bool_)
    if x is None and y is None:
        return nonzero(condition)
    if x is not None and y is not None:
        x, y = promote(x, y)
        return array_ops.where(condition, x, y)
    raise ValueError("Both x and y must be ndarrays, or both must be None.")


def select(condlist, choicelist, default=0):
    """Mirrors ``tnp.select``."""
    if len(condlist) != len(choicelist):
        raise ValueError(f"condlist must have length equal to choicelist ({len(condlist)} vs {len(choicelist)})")
    if not condlist:
        raise ValueError("condlist must be non-empty")
    choices = promote(default, *choicelist)
    output = choices[0]
    for cond, choice in zip(condlist[::-1], choices[1:][::-1]):
        output = where(cond, choice, output)
    return output


def compress(condition, a, axis=None):
    """Mirrors ``tnp.compress``."""
    condition = asarray(condition, dtype=bool)
    a = asarray(a)
    if condition.shape.rank != 1:
        raise ValueError("condition must be a 1-d array.")
    if a.shape.rank == 0 or axis is None:
        a, axis = ravel(a), 0
    if axis < 0:
        axis += a.shape.rank
    n_cond, n_axis = condition.shape.as_list()[0], a.shape.as_list()[axis]
    if n_cond < n_axis:
        condition = array_ops.concat([condition, array_ops.fill([n_axis - n_cond], False)], axis=0)
    return array_more_ops.boolean_mask(a, condition, axis=axis)


def pad(array_, pad_width, mode, **kwargs):
    """Mirrors ``tnp.pad`` (modes 'constant', 'reflect', 'symmetric')."""
    if mode not in ("constant", "reflect", "symmetric"):
        raise ValueError("Unsupported padding mode: " + mode)
    return array_ops.pad(asarray(array_), asarray(pad_width, dtype=dtypes.int32), mode=mode.upper(),
                         constant_values=kwargs.get("constant_values", 0))


def diff(a, n=1, axis=-1):
    """Mirrors ``tnp.diff``: the n-th discrete difference along ``axis``."""
    a = asarray(a)
    nd = a.shape.rank
    if nd is None:
        raise ValueError(f"Function `diff` currently requires a known rank for input `a`. Received: a={a} "
                         "(unknown rank)")
    if (axis + nd if axis < 0 else axis) >= nd:
        raise ValueError(f"Argument `axis` (received axis={axis}) is out of bounds for input {a} of rank {nd}.")
    if n < 0:
        raise ValueError(f"Argument `order` must be a non-negative integer. Received: axis={n}")
    hi = [slice(None)] * nd
    lo = [slice(None)] * nd
    hi[axis] = slice(1, None)
    lo[axis] = slice(None, -1)
    op = math_ops.not_equal if a.dtype == dtypes.bool_ else math_ops.subtract
    for _ in range(n):
        a = op(a[tuple(hi)], a[tuple(lo)])
    return a
