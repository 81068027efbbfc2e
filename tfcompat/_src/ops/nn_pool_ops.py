"""More pooling-like ops: ``MaxPoolWithArgmax`` (TF's flattened argmax), ``Dilation2D`` (and erosion through
it), ``FractionalMaxPool`` / ``FractionalAvgPool`` (TF's row/column sequences), and the ``tf.compat.v1.nn``
spellings of ``pool``, ``max_pool_v2`` and ``avg_pool_v2``. NHWC, TF's asymmetric SAME padding."""
from __future__ import annotations

import numpy as np
import torch
import torch.nn.functional as F

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.op_def import DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import REAL_NUMBER, Arg
from tfcompat._src.ops import array_ops, math_ops, max_pool_nan, nn_conv_ops, nn_ops, random_ops
from tfcompat._src.ops._nn_args import either
from tfcompat._src.ops._helpers import to_tensor

__all__ = ["max_pool_with_argmax", "max_pool_with_argmax_v1", "dilation2d", "dilation2d_v1", "erosion2d",
           "erosion2d_v1", "fractional_max_pool", "fractional_avg_pool", "fractional_max_pool_v1",
           "fractional_avg_pool_v1", "pool_v1", "max_pool_v2", "avg_pool_v2"]


def _same_or_valid(padding):
    if padding not in ("SAME", "VALID"):
        raise ValueError(f"padding must be 'SAME' or 'VALID', got {padding!r}")


# ------------------------------------------------------------------------------------------------
# MaxPoolWithArgmax
# ------------------------------------------------------------------------------------------------
@register_op("MaxPoolWithArgmax", grad=DIFFERENTIABLE, inputs=("input",), num_outputs=2,
             types={"input": Arg("T", REAL_NUMBER)})
def _max_pool_with_argmax(x, *, ksize, strides, padding, Targmax=dtypes.int64,  # noqa: N803
                          include_batch_in_index=False):
    _same_or_valid(padding)
    n, h, w, c = x.shape
    kh, kw = ksize[1], ksize[2]
    sh, sw = strides[1], strides[2]
    xs = x.permute(0, 3, 1, 2)
    if padding == "SAME":
        (pt, pb), (pl, pr) = nn_ops._same_pads(h, kh, sh), nn_ops._same_pads(w, kw, sw)
    else:
        pt = pb = pl = pr = 0
    xp = F.pad(xs, (pl, pr, pt, pb), value=float("-inf")) if pt + pb + pl + pr else xs
    out, idx = F.max_pool2d(xp, (kh, kw), (sh, sw), return_indices=True)
    if not max_pool_nan.torch_max_pool_is_tf(out):
        # TF's argmax rule at NaN / -inf (ops/max_pool_nan.py); the value is the input there, NaN included.
        _, idx = max_pool_nan.tf_max_pool2d_argmax(xs, (kh, kw), (sh, sw), (pl, pr, pt, pb))
        out = xp.reshape(n, c, -1).gather(2, idx.reshape(n, c, -1)).reshape(idx.shape)
    # torch's index is y' * W' + x' in the padded plane; TF's is ((b * H + y) * W + x) * C + c unpadded.
    wp = xp.shape[3]
    y = idx // wp - pt
    xx = idx % wp - pl
    chan = torch.arange(c, device=x.device).reshape(1, c, 1, 1)
    flat = (y * w + xx) * c + chan
    if include_batch_in_index:
        flat = flat + torch.arange(n, device=x.device).reshape(n, 1, 1, 1) * (h * w * c)
    return out.permute(0, 2, 3, 1), flat.permute(0, 2, 3, 1).to(dtypes.as_dtype(Targmax).torch_dtype)


def max_pool_with_argmax(input, ksize, strides, padding, data_format="NHWC", output_dtype=dtypes.int64,  # noqa: A002
                         include_batch_in_index=False, name=None):
    """Mirrors ``tf.nn.max_pool_with_argmax``: (output, argmax) where argmax is the flattened index
    ``(y * width + x) * channels + c`` (plus ``b * height * width * channels`` with include_batch_in_index).
    NHWC only, as TF."""
    if data_format != "NHWC":
        raise ValueError(f"`data_format` values other  than 'NHWC' are not supported. Received: "
                         f"data_format={data_format}")
    return apply_op("MaxPoolWithArgmax", [to_tensor(input)], {
        "ksize": tuple(nn_ops._norm_list(ksize)), "strides": tuple(nn_ops._norm_list(strides)),
        "padding": padding.upper(), "Targmax": dtypes.as_dtype(output_dtype),
        "include_batch_in_index": bool(include_batch_in_index)}, name=name)


def max_pool_with_argmax_v1(input, ksize, strides, padding, data_format="NHWC", Targmax=None,  # noqa: A002,N803
                            name=None, output_dtype=None, include_batch_in_index=False):
    """Mirrors ``tf.compat.v1.nn.max_pool_with_argmax`` (``Targmax`` alias of ``output_dtype``)."""
    output_dtype = either("output_dtype", output_dtype, "Targmax", Targmax) or dtypes.int64
    return max_pool_with_argmax(input, ksize, strides, padding, data_format=data_format, output_dtype=output_dtype,
                                include_batch_in_index=include_batch_in_index, name=name)


# ------------------------------------------------------------------------------------------------
# Dilation2D (grayscale morphological dilation)
# ------------------------------------------------------------------------------------------------
@register_op("Dilation2D", grad=DIFFERENTIABLE, inputs=("input", "filter"),
             types={"input": Arg("T", REAL_NUMBER), "filter": Arg("T", REAL_NUMBER)})
def _dilation2d(x, filt, *, strides, rates, padding):
    _same_or_valid(padding)
    if x.dim() != 4:
        raise errors.InvalidArgumentError(f"input must be 4-dimensional, got {x.dim()}")
    if filt.dim() != 3:
        raise errors.InvalidArgumentError(f"filter must be 3-dimensional, got {filt.dim()}")
    n, h, w, c = x.shape
    fh, fw, _ = filt.shape
    sh, sw = strides[1], strides[2]
    rh, rw = rates[1], rates[2]
    xs = x.permute(0, 3, 1, 2)
    if padding == "SAME":
        (pt, pb), (pl, pr) = nn_ops._same_pads(h, fh, sh, rh), nn_ops._same_pads(w, fw, sw, rw)
        xs = F.pad(xs, (pl, pr, pt, pb), value=float("-inf"))
    hp, wp = xs.shape[2], xs.shape[3]
    oh = (hp - (fh - 1) * rh - 1) // sh + 1
    ow = (wp - (fw - 1) * rw - 1) // sw + 1
    # windows[n, c, oy, ox, i, j] = input[n, c, oy * sh + i * rh, ox * sw + j * rw]
    rows = (torch.arange(oh, device=x.device) * sh).reshape(oh, 1) + torch.arange(fh, device=x.device) * rh
    cols = (torch.arange(ow, device=x.device) * sw).reshape(ow, 1) + torch.arange(fw, device=x.device) * rw
    windows = xs[:, :, rows[:, None, :, None], cols[None, :, None, :]]
    scores = windows + filt.permute(2, 0, 1).reshape(1, c, 1, 1, fh, fw)
    # torch.max gives one index (the first maximum), so the gradient goes to one tap, as TF's.
    out = scores.reshape(n, c, oh, ow, fh * fw).max(dim=-1).values
    return out.permute(0, 2, 3, 1)


def _four(v, what):
    vals = [int(e) for e in v]
    if len(vals) != 4 or vals[0] != 1 or vals[3] != 1:
        raise ValueError(f"{what} must be a list of 4 ints [1, h, w, 1]. Received: {what}={list(v)}")
    return tuple(vals)


def dilation2d(input, filters, strides, padding, data_format, dilations, name=None):  # noqa: A002
    """Mirrors ``tf.nn.dilation2d`` (op ``Dilation2D``): out = max over taps of input + filter. NHWC only."""
    if data_format != "NHWC":
        raise ValueError(f"`data_format` values other than 'NHWC' are not supported. Received: "
                         f"data_format={data_format}")
    x = to_tensor(input)
    f = to_tensor(filters, dtype=x.dtype)
    return apply_op("Dilation2D", [x, f], {"strides": tuple(int(e) for e in strides), "padding": padding.upper(),
                                           "rates": tuple(int(e) for e in dilations)}, name=name)


def dilation2d_v1(input, filter=None, strides=None, rates=None, padding=None, name=None, filters=None,  # noqa: A002
                  dilations=None):
    """Mirrors ``tf.compat.v1.nn.dilation2d`` (``filter``/``rates``, or ``filters``/``dilations``)."""
    filter = either("filter", filter, "filters", filters)  # noqa: A001
    rates = either("rates", rates, "dilations", dilations)
    return dilation2d(input, filter, strides, padding, "NHWC", rates, name=name)


def erosion2d(value, filters, strides, padding, data_format, dilations, name=None):
    """Mirrors ``tf.nn.erosion2d``: -dilation2d(-value, reverse(filters)), as TF builds it. NHWC only."""
    if data_format != "NHWC":
        raise ValueError(f"`data_format` values other than 'NHWC' are not supported. Received: "
                         f"data_format={data_format}")
    with name_scope(name or "erosion2d"):
        value = to_tensor(value)
        filters = to_tensor(filters, dtype=value.dtype)
        return math_ops.negative(dilation2d(math_ops.negative(value), array_ops.reverse(filters, [0, 1]), strides,
                                            padding, "NHWC", dilations))


def erosion2d_v1(value, kernel, strides, rates, padding, name=None):
    """Mirrors ``tf.compat.v1.nn.erosion2d``."""
    return erosion2d(value, kernel, strides, padding, "NHWC", rates, name=name)


# ------------------------------------------------------------------------------------------------
# fractional pooling
# ------------------------------------------------------------------------------------------------
def _pooling_sequence(input_size, output_size, pseudo_random, gen):
    """TF's GeneratePoolingSequence: cumulative boundaries 0 = s[0] < ... < s[output_size] = input_size with
    steps of floor(alpha) or floor(alpha) + 1."""
    if pseudo_random:
        alpha = input_size / output_size
        k = input_size // output_size
        max_u = min((k + 2) / alpha - 1, (input_size + 1 - k) / alpha - (output_size - 1))
        u = float(torch.rand((), generator=gen, dtype=torch.float64)) * max_u
        return [0] + [int(np.ceil(alpha * (i + u))) - 1 for i in range(1, output_size)] + [input_size]
    base = input_size // output_size
    n_big = input_size - base * output_size
    diffs = np.array([base + 1] * n_big + [base] * (output_size - n_big))
    diffs = diffs[torch.randperm(output_size, generator=gen).numpy()]
    return [0] + np.cumsum(diffs).tolist()


def _fractional_pool(x, pooling_ratio, pseudo_random, overlapping, deterministic, seed, seed2, kind):
    n, h, w, c = x.shape
    if pooling_ratio[0] != 1 or pooling_ratio[3] != 1:
        raise errors.UnimplementedError("Fractional pooling is not yet supported on the batch nor channel "
                                        "dimension.")
    oh, ow = int(h / pooling_ratio[1]), int(w / pooling_ratio[2])
    if oh <= 0 or ow <= 0:
        raise errors.InvalidArgumentError(f"Output size must be positive, got {oh}x{ow}")
    gen = torch.Generator()
    gen.manual_seed((seed * 1000003 + seed2) if (seed or seed2) else int(torch.randint(2 ** 31, ())))
    rows = _pooling_sequence(h, oh, pseudo_random, gen)
    cols = _pooling_sequence(w, ow, pseudo_random, gen)
    extra = 1 if overlapping else 0
    out_rows = []
    for i in range(oh):
        r0, r1 = rows[i], min(rows[i + 1] + extra, h)
        cells = []
        for j in range(ow):
            c0, c1 = cols[j], min(cols[j + 1] + extra, w)
            cell = x[:, r0:r1, c0:c1, :].reshape(n, -1, c)
            # torch.max sends the gradient to one element (the first maximum), as TF's FractionalMaxPoolGrad.
            cells.append(cell.max(dim=1).values if kind == "max" else cell.mean(dim=1))
        out_rows.append(torch.stack(cells, dim=1))
    out = torch.stack(out_rows, dim=1)
    as_int64 = (lambda s: torch.tensor(s, dtype=torch.int64))
    return out, as_int64(rows), as_int64(cols)


@register_op("FractionalMaxPool", grad=DIFFERENTIABLE, inputs=("value",), num_outputs=3, stateful=True)
def _fractional_max_pool(x, *, pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False, seed=0,
                         seed2=0):
    return _fractional_pool(x, pooling_ratio, pseudo_random, overlapping, deterministic, seed, seed2, "max")


@register_op("FractionalAvgPool", grad=DIFFERENTIABLE, inputs=("value",), num_outputs=3, stateful=True)
def _fractional_avg_pool(x, *, pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False, seed=0,
                         seed2=0):
    return _fractional_pool(x, pooling_ratio, pseudo_random, overlapping, deterministic, seed, seed2, "avg")


def _ratio(pooling_ratio):
    vals = [float(pooling_ratio)] * 2 if isinstance(pooling_ratio, (int, float)) else [float(v) for v in
                                                                                        pooling_ratio]
    if len(vals) == 2:
        vals = [1.0] + vals + [1.0]
    if len(vals) != 4:
        raise ValueError(f"`pooling_ratio` should have length 1, 2, or 4. Received: pooling_ratio={pooling_ratio}")
    if vals[0] != 1.0 or vals[3] != 1.0:
        raise ValueError(f"`pooling_ratio` should have first and last elements with value 1.0. Received: "
                         f"pooling_ratio={list(pooling_ratio)}")
    return tuple(vals)


def _fractional(op, value, pooling_ratio, pseudo_random, overlapping, deterministic, seed, seed2, name):
    return apply_op(op, [to_tensor(value)], {
        "pooling_ratio": _ratio(pooling_ratio), "pseudo_random": bool(pseudo_random),
        "overlapping": bool(overlapping), "deterministic": bool(deterministic), "seed": int(seed),
        "seed2": int(seed2)}, name=name)


def _v2_seeds(seed):
    # TF: seed 0 runs unseeded (op seeds (0, 0), no get_seed call: the graph's op-seed counter is not advanced);
    # another seed goes through get_seed, with the graph-level seed.
    return (0, 0) if seed == 0 else random_ops.get_seed(seed)


def fractional_max_pool(value, pooling_ratio, pseudo_random=False, overlapping=False, seed=0, name=None):
    """Mirrors ``tf.nn.fractional_max_pool``: (output, row_pooling_sequence, col_pooling_sequence). The
    sequences follow TF's rules (steps of floor(ratio) or +1) but not its random stream."""
    return _fractional("FractionalMaxPool", value, pooling_ratio, pseudo_random, overlapping, seed != 0,
                       *_v2_seeds(seed), name)


def fractional_avg_pool(value, pooling_ratio, pseudo_random=False, overlapping=False, seed=0, name=None):
    """Mirrors ``tf.nn.fractional_avg_pool`` (see ``fractional_max_pool``)."""
    return _fractional("FractionalAvgPool", value, pooling_ratio, pseudo_random, overlapping, seed != 0,
                       *_v2_seeds(seed), name)


def fractional_max_pool_v1(value, pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False,
                           seed=0, seed2=0, name=None):
    """Mirrors ``tf.compat.v1.nn.fractional_max_pool``."""
    return _fractional("FractionalMaxPool", value, pooling_ratio, pseudo_random, overlapping, deterministic, seed,
                       seed2, name)


def fractional_avg_pool_v1(value, pooling_ratio, pseudo_random=False, overlapping=False, deterministic=False,
                           seed=0, seed2=0, name=None):
    """Mirrors ``tf.compat.v1.nn.fractional_avg_pool``."""
    return _fractional("FractionalAvgPool", value, pooling_ratio, pseudo_random, overlapping, deterministic, seed,
                       seed2, name)


# ------------------------------------------------------------------------------------------------
# tf.compat.v1.nn spellings
# ------------------------------------------------------------------------------------------------
def pool_v1(input, window_shape, pooling_type, padding, dilation_rate=None, strides=None, name=None,  # noqa: A002
            data_format=None, dilations=None):
    """Mirrors ``tf.compat.v1.nn.pool`` (argument order: padding before strides; ``dilation_rate``)."""
    dilation_rate = either("dilation_rate", dilation_rate, "dilations", dilations)
    return nn_conv_ops.pool(input, window_shape, pooling_type, strides=strides, padding=padding,
                            data_format=data_format, dilations=dilation_rate, name=name)


def max_pool_v2(input, ksize, strides, padding, data_format=None, name=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.nn.max_pool_v2`` (= ``tf.nn.max_pool``: 1-, 2- or 3-D by the input's rank)."""
    return _pool_nd("MAX", input, ksize, strides, padding, data_format, name)


def avg_pool_v2(input, ksize, strides, padding, data_format=None, name=None):  # noqa: A002
    """Mirrors ``tf.compat.v1.nn.avg_pool_v2`` (= ``tf.nn.avg_pool``)."""
    return _pool_nd("AVG", input, ksize, strides, padding, data_format, name)


def _pool_nd(kind, input, ksize, strides, padding, data_format, name):  # noqa: A002
    x = to_tensor(input)
    n = (x.shape.rank or 4) - 2
    if n == 1:
        fn = nn_conv_ops.max_pool1d if kind == "MAX" else nn_conv_ops.avg_pool1d
        return fn(x, ksize, strides, padding, data_format or "NWC", name=name)
    if n == 2:
        fn = nn_ops.max_pool2d if kind == "MAX" else nn_ops.avg_pool2d
        return fn(x, ksize, strides, padding, data_format or "NHWC", name=name)
    if n == 3:
        fn = nn_conv_ops.max_pool3d if kind == "MAX" else nn_conv_ops.avg_pool3d
        return fn(x, ksize, strides, padding, data_format or "NDHWC", name=name)
    raise ValueError(f"`input.shape.rank` must be 3, 4 or 5. Received: input.shape={x.shape} of rank {n + 2}")
