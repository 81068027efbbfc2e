"""Stateless random ops (``tf.random.stateless_*``, ``tf.random.split``/``fold_in``) with TF's Philox numbers.

A seed (shape [2], int32 or int64) selects a Philox key and counter (``StatelessRandomGetKeyCounter``); the V2
kernels fill their output from those exactly as TF's CPU kernels do (see ``philox.py``), so uniform, normal,
truncated normal and integer draws equal TensorFlow's bit for bit. The samplers TF builds on other algorithms
(categorical, binomial, gamma, poisson, parameterized truncated normal) draw from a torch generator seeded by
the same key: deterministic per seed, TF's distributions, shapes and dtypes, not TF's values (known deviation
"stateless-random-samplers").
"""
from __future__ import annotations

import enum

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import apply_op, constant_value
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, TF_GRADIENT_NONE, register_op
from tfcompat._src.framework.op_types import Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_manip_ops, array_ops, math_ops, philox, sort_ops
from tfcompat._src.ops._helpers import is_tensor_like, static_int_list, to_tensor

__all__ = ["Algorithm", "convert_alg_to_int", "key_counter_alg", "stateless_random_uniform",
           "stateless_random_normal", "stateless_truncated_normal", "stateless_categorical",
           "stateless_multinomial", "stateless_random_binomial", "stateless_random_gamma",
           "stateless_random_poisson", "stateless_parameterized_truncated_normal", "split", "fold_in",
           "stateless_shuffle"]

_SEED_TYPES = ("int32", "int64")
_UNIFORM_TYPES = (dtypes.float16, dtypes.bfloat16, dtypes.float32, dtypes.float64, dtypes.int32, dtypes.int64,
                  dtypes.uint32, dtypes.uint64)
_FLOAT_TYPES = ("float16", "bfloat16", "float32", "float64")


class Algorithm(enum.Enum):
    """Mirrors ``tf.random.Algorithm``: the RNG algorithm ids of TF's counter-based generators."""
    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


def _unsupported_alg_message(alg) -> str:
    if isinstance(alg, int):
        names = (1, 2, 3)
    elif isinstance(alg, str):
        names = ("philox", "threefry", "auto_select")
    else:
        names = (Algorithm.PHILOX, Algorithm.THREEFRY, Algorithm.AUTO_SELECT)
    return (f"Argument `alg` got unsupported value {alg}. Supported values are {names[0]} for the Philox "
            f"algorithm, {names[1]} for the ThreeFry algorithm, and {names[2]} for auto-selection.")


def convert_alg_to_int(alg) -> int:
    """TF's ``random_ops_util.convert_alg_to_int``: an ``Algorithm``, its name or its id, as the id."""
    if isinstance(alg, bool):
        raise TypeError(f"Can't convert argument `alg` (of value {alg} and type {type(alg)}) to int.")
    if isinstance(alg, int):
        return alg
    if isinstance(alg, Algorithm):
        return alg.value
    if is_tensor_like(alg):
        return int(to_tensor(alg).numpy())
    if isinstance(alg, str):
        canon = alg.strip().lower().replace("-", "").replace("_", "")
        ids = {"philox": 1, "threefry": 2, "autoselect": 3}
        if canon in ids:
            return ids[canon]
        raise ValueError(_unsupported_alg_message(alg))
    raise TypeError(f"Can't convert argument `alg` (of value {alg} and type {type(alg)}) to int.")


# ------------------------------------------------------------------------------------------------
# key / counter
# ------------------------------------------------------------------------------------------------
def _seed_pair(seed: torch.Tensor) -> tuple[int, int]:
    if tuple(seed.shape) != (2,):
        raise errors.InvalidArgumentError(f"seed must have shape [2], not {list(seed.shape)}")
    s = seed.cpu().tolist()
    return int(s[0]), int(s[1])


def _key_counter_tensors(seed: torch.Tensor):
    key, counter = philox.scramble_seed(*_seed_pair(seed))
    key64 = key[0] | key[1] << 32
    counter64 = [counter[0] | counter[1] << 32, counter[2] | counter[3] << 32]
    return (torch.tensor(np.array([key64], np.uint64)), torch.tensor(np.array(counter64, np.uint64)))


def _key_counter_shape(inputs, attrs):
    return [(TensorShape([1]), dtypes.uint64), (TensorShape([2]), dtypes.uint64)]


@register_op("StatelessRandomGetKeyCounter", grad=NOT_DIFFERENTIABLE, inputs=("seed",), num_outputs=2,
             tf_gradient=TF_GRADIENT_NONE, types={"seed": Arg("Tseed", _SEED_TYPES)}, shape_fn=_key_counter_shape)
def _get_key_counter(seed):
    return _key_counter_tensors(seed)


@register_op("StatelessRandomGetKeyCounterAlg", grad=NOT_DIFFERENTIABLE, inputs=("seed",), num_outputs=3,
             tf_gradient=TF_GRADIENT_NONE, types={"seed": Arg("Tseed", _SEED_TYPES)},
             shape_fn=lambda inputs, attrs: _key_counter_shape(inputs, attrs) + [(TensorShape([]), dtypes.int32)])
def _get_key_counter_alg(seed):
    key, counter = _key_counter_tensors(seed)
    return key, counter, torch.tensor(Algorithm.PHILOX.value, dtype=torch.int32)


def _philox_state(key: torch.Tensor, counter: torch.Tensor, alg: torch.Tensor, op: str):
    alg_id = int(alg.cpu())
    if alg_id == Algorithm.THREEFRY.value:
        raise NotImplementedError(f"{op}: tfcompat implements TF's Philox generator only, not ThreeFry; use "
                                  f"alg='philox' (or 'auto_select', which is Philox on CPU and GPU).")
    if alg_id not in (Algorithm.PHILOX.value, Algorithm.AUTO_SELECT.value):
        raise errors.InvalidArgumentError(f"Unsupported algorithm id: {alg_id} [Op:{op}]")
    k = int(key.cpu().view(torch.int64)[0]) & (2 ** 64 - 1)
    c = [int(v) & (2 ** 64 - 1) for v in counter.cpu().view(torch.int64).tolist()[:2]]
    return ((k & 0xFFFFFFFF, k >> 32),
            (c[0] & 0xFFFFFFFF, c[0] >> 32, c[1] & 0xFFFFFFFF, c[1] >> 32))


def _dims(shape: torch.Tensor) -> list[int]:
    dims = [int(d) for d in shape.cpu().reshape(-1).tolist()]
    if any(d < 0 for d in dims):
        raise errors.InvalidArgumentError(f"Dimension {min(dims)} must be >= 0")
    return dims


def _to_torch(values: np.ndarray, dims, dtype: dtypes.DType, device) -> torch.Tensor:
    t = torch.from_numpy(np.ascontiguousarray(values)).reshape(dims)
    return t.to(dtype=dtype.torch_dtype, device=device)


def _out_shape(inputs, attrs):
    shape = attrs.get("out_shape")
    if shape is None:  # an op imported from a GraphDef: TF's node has no such attr; read a constant shape input
        value = constant_value(inputs[0])
        shape = TensorShape([int(d) for d in value.tolist()]) if value is not None else \
            TensorShape(None if inputs[0].shape.rank is None or inputs[0].shape[0] is None
                        else [None] * inputs[0].shape[0])
    return [(shape, attrs["dtype"])]


_V2_TYPES = {"shape": Arg("Tshape", ("int32", "int64")), "key": Arg(None, ("uint64",)),
             "counter": Arg(None, ("uint64",)), "alg": Arg(None, ("int32",))}


def _float_sampler(kind: str, dtype: dtypes.DType):
    name = dtype.name
    if kind == "uniform":
        return {"float32": philox.uniform_float, "float64": philox.uniform_double,
                "float16": philox.uniform_half, "bfloat16": philox.uniform_bfloat16}[name]
    if kind == "normal":
        return philox.normal_double if name == "float64" else philox.normal_float
    if name == "float64":
        return lambda k, c, n: philox.truncated_normal(k, c, n, double=True)
    return philox.truncated_normal


def _float_kernel(kind: str, op: str):
    def kernel(shape, key, counter, alg, *, dtype, out_shape=None, device=None):
        if dtype.name not in _FLOAT_TYPES:
            raise errors.InvalidArgumentError(f"{op}: unsupported dtype {dtype.name}")
        dims = _dims(shape)
        k, c = _philox_state(key, counter, alg, op)
        return _to_torch(_float_sampler(kind, dtype)(k, c, int(np.prod(dims))), dims, dtype, device)
    return kernel


for _kind, _op in (("uniform", "StatelessRandomUniformV2"), ("normal", "StatelessRandomNormalV2"),
                   ("truncated", "StatelessTruncatedNormalV2")):
    register_op(_op, grad=NOT_DIFFERENTIABLE, inputs=("shape", "key", "counter", "alg"), creates=True,
                tf_gradient=TF_GRADIENT_NONE, types=_V2_TYPES, shape_fn=_out_shape)(_float_kernel(_kind, _op))


@register_op("StatelessRandomUniformIntV2", grad=NOT_DIFFERENTIABLE,
             inputs=("shape", "key", "counter", "alg", "minval", "maxval"), creates=True,
             tf_gradient=TF_GRADIENT_NONE, shape_fn=_out_shape,
             types={**_V2_TYPES, "minval": Arg("dtype", ("int32", "int64", "uint32", "uint64")),
                    "maxval": Arg("dtype", ("int32", "int64", "uint32", "uint64"))})
def _uniform_int_v2(shape, key, counter, alg, minval, maxval, *, dtype, out_shape=None, device=None):
    if minval.dim() != 0 or maxval.dim() != 0:
        raise errors.InvalidArgumentError(
            f"minval must be 0-D, got shape {list(minval.shape)} [Op:StatelessRandomUniformIntV2]"
            if minval.dim() else
            f"maxval must be 0-D, got shape {list(maxval.shape)} [Op:StatelessRandomUniformIntV2]")
    lo, hi = int(minval), int(maxval)
    dims = _dims(shape)
    n = int(np.prod(dims))
    if n and not lo < hi:
        raise errors.InvalidArgumentError(
            f"Need minval < maxval: {lo} >= {hi} [Op:StatelessRandomUniformIntV2]")
    k, c = _philox_state(key, counter, alg, "StatelessRandomUniformIntV2")
    bits = 64 if dtype.size == 8 else 32
    return _to_torch(philox.uniform_int(k, c, n, lo, hi, bits) if n else np.zeros(0, dtype.as_numpy_dtype),
                     dims, dtype, device)


@register_op("StatelessRandomUniformFullIntV2", grad=NOT_DIFFERENTIABLE, inputs=("shape", "key", "counter", "alg"),
             creates=True, tf_gradient=TF_GRADIENT_NONE, types=_V2_TYPES, shape_fn=_out_shape)
def _uniform_full_int_v2(shape, key, counter, alg, *, dtype, out_shape=None, device=None):
    dims = _dims(shape)
    k, c = _philox_state(key, counter, alg, "StatelessRandomUniformFullIntV2")
    return _to_torch(philox.uniform_full_int(k, c, int(np.prod(dims)), dtype.name), dims, dtype, device)


# ------------------------------------------------------------------------------------------------
# samplers TF builds on other algorithms: torch draws seeded from the Philox key
# ------------------------------------------------------------------------------------------------
def _seeded_generator(seed: torch.Tensor) -> torch.Generator:
    key, counter = philox.scramble_seed(*_seed_pair(seed))
    gen = torch.Generator()
    gen.manual_seed((key[0] | key[1] << 32 ^ counter[2] << 7 ^ counter[3] << 39) & (2 ** 63 - 1))
    return gen


@register_op("StatelessMultinomial", grad=NOT_DIFFERENTIABLE, inputs=("logits", "num_samples", "seed"),
             tf_gradient=TF_GRADIENT_NONE,
             types={"logits": Arg("T", ("half", "bfloat16", "float", "double", "int8", "int16", "int32", "int64",
                                        "uint8", "uint16", "uint32", "uint64")),
                    "num_samples": Arg(None, ("int32",)), "seed": Arg("Tseed", _SEED_TYPES)})
def _stateless_multinomial(logits, num_samples, seed, *, output_dtype):
    if logits.dim() != 2:
        raise errors.InvalidArgumentError(f"logits should be a matrix, got shape {list(logits.shape)}")
    n = int(num_samples)
    if n < 0:
        raise errors.InvalidArgumentError(f"num_samples should be nonnegative, got {n}")
    probs = torch.softmax(logits.double().cpu(), dim=-1)
    if n == 0 or probs.shape[0] == 0:
        return torch.zeros((logits.shape[0], n), dtype=output_dtype.torch_dtype, device=logits.device)
    out = torch.multinomial(probs, n, replacement=True, generator=_seeded_generator(seed))
    return out.to(dtype=output_dtype.torch_dtype, device=logits.device)


def _broadcast_params(dims, *params):
    # Parameters broadcast against the innermost dimensions of the sample shape.
    return [p.double().cpu().expand(dims) for p in params]


@register_op("StatelessRandomBinomial", grad=NOT_DIFFERENTIABLE, inputs=("shape", "seed", "counts", "probs"),
             tf_gradient=TF_GRADIENT_NONE, shape_fn=_out_shape,
             types={"shape": Arg("S", ("int32", "int64")), "seed": Arg("Tseed", _SEED_TYPES),
                    "counts": Arg("T", ("half", "float", "double", "int32", "int64")),
                    "probs": Arg("T", ("half", "float", "double", "int32", "int64"))})
def _stateless_binomial(shape, seed, counts, probs, *, dtype, out_shape=None):
    dims = _dims(shape)
    counts, probs = _broadcast_params(dims, counts, probs)
    out = torch.binomial(counts.contiguous(), probs.contiguous(), generator=_seeded_generator(seed))
    return out.to(dtype.torch_dtype)


@register_op("StatelessRandomGammaV2", grad=NOT_DIFFERENTIABLE, inputs=("shape", "seed", "alpha"),
             tf_gradient=TF_GRADIENT_NONE, shape_fn=_out_shape,
             types={"shape": Arg("T", ("int32", "int64")), "seed": Arg("Tseed", _SEED_TYPES),
                    "alpha": Arg("dtype", ("half", "float", "double"))})
def _stateless_gamma(shape, seed, alpha, *, dtype, out_shape=None):
    dims = _dims(shape)
    (a,) = _broadcast_params(dims, alpha)
    gen = _seeded_generator(seed)
    # torch._standard_gamma takes no generator: draw with Marsaglia-Tsang from seeded normals and uniforms.
    return _marsaglia_tsang(a.contiguous(), gen).to(dtype.torch_dtype)


def _marsaglia_tsang(alpha: torch.Tensor, gen: torch.Generator) -> torch.Tensor:
    boost = alpha < 1.0
    a = torch.where(boost, alpha + 1.0, alpha)
    d = a - 1.0 / 3.0
    c = 1.0 / torch.sqrt(9.0 * d)
    out = torch.full_like(a, float("nan"))
    pending = torch.ones_like(a, dtype=torch.bool) & (alpha > 0)
    while bool(pending.any()):
        x = torch.randn(a.shape, generator=gen, dtype=torch.float64)
        u = torch.rand(a.shape, generator=gen, dtype=torch.float64)
        v = (1.0 + c * x) ** 3
        ok = pending & (v > 0) & (torch.log(u) < 0.5 * x * x + d - d * v + d * torch.log(v.clamp_min(1e-300)))
        out = torch.where(ok, d * v, out)
        pending = pending & ~ok
    u = torch.rand(a.shape, generator=gen, dtype=torch.float64)
    out = torch.where(boost, out * u ** (1.0 / alpha), out)
    return torch.where(alpha == 0, torch.zeros_like(out), out)


@register_op("StatelessRandomPoisson", grad=NOT_DIFFERENTIABLE, inputs=("shape", "seed", "lam"),
             tf_gradient=TF_GRADIENT_NONE, shape_fn=_out_shape,
             types={"shape": Arg("T", ("int32", "int64")), "seed": Arg("Tseed", _SEED_TYPES),
                    "lam": Arg("Rtype", ("half", "float", "double", "int32", "int64"))})
def _stateless_poisson(shape, seed, lam, *, dtype, out_shape=None):
    dims = _dims(shape)
    (rate,) = _broadcast_params(dims, lam)
    return torch.poisson(rate.contiguous(), generator=_seeded_generator(seed)).to(dtype.torch_dtype)


@register_op("StatelessParameterizedTruncatedNormal", grad=NOT_DIFFERENTIABLE,
             inputs=("shape", "seed", "means", "stddevs", "minvals", "maxvals"), tf_gradient=TF_GRADIENT_NONE,
             shape_fn=_out_shape,
             types={"shape": Arg("S", ("int32", "int64")), "seed": Arg("Tseed", _SEED_TYPES),
                    "means": Arg("dtype", ("half", "float", "double")),
                    "stddevs": Arg("dtype", ("half", "float", "double")),
                    "minvals": Arg("dtype", ("half", "float", "double")),
                    "maxvals": Arg("dtype", ("half", "float", "double"))})
def _stateless_ptn(shape, seed, means, stddevs, minvals, maxvals, *, dtype, out_shape=None):
    dims = _dims(shape)
    mean, std, lo, hi = _broadcast_params(dims, means, stddevs, minvals, maxvals)
    # Inverse-CDF sampling of the standardised bounds, clamped into [lo, hi].
    normal = torch.distributions.Normal(0.0, 1.0)
    a, b = normal.cdf((lo - mean) / std), normal.cdf((hi - mean) / std)
    u = torch.rand(dims, generator=_seeded_generator(seed), dtype=torch.float64)
    p = (a + u * (b - a)).clamp(1e-300, 1.0 - 1e-16)
    out = torch.minimum(torch.maximum(mean + std * normal.icdf(p), lo), hi)
    return out.to(dtype.torch_dtype)


# ------------------------------------------------------------------------------------------------
# public functions
# ------------------------------------------------------------------------------------------------
def _shape_input(shape):
    """The shape as an int tensor input, and the static (partial) output shape."""
    if isinstance(shape, TensorShape):
        shape = shape.as_list()
    dims = static_int_list(shape)
    if dims is not None and all(d >= 0 for d in dims) and not is_tensor_like(shape):
        return to_tensor(dims if dims else np.zeros([0], np.int32), dtype=dtypes.int32), TensorShape(dims)
    t = to_tensor(shape)
    if t.dtype not in (dtypes.int32, dtypes.int64):
        raise TypeError(f"shape must be an int32 or int64 tensor, got {t.dtype.name}")
    if dims is not None:
        return t, TensorShape(dims)
    n = t.shape.as_list()[0] if t.shape.rank == 1 else None
    return t, TensorShape(None if n is None else [None] * n)


def key_counter_alg(seed, alg):
    """TF's ``random_ops_util.get_key_counter_alg``: (key, counter, alg) tensors for a seed and algorithm."""
    alg = convert_alg_to_int("auto_select" if alg is None else alg)
    seed = to_tensor(seed)
    if alg == Algorithm.AUTO_SELECT.value:
        return apply_op("StatelessRandomGetKeyCounterAlg", [seed])
    if alg == Algorithm.PHILOX.value:
        key, counter = apply_op("StatelessRandomGetKeyCounter", [seed])
        return key, counter, to_tensor(alg, dtype=dtypes.int32)
    if alg == Algorithm.THREEFRY.value:
        raise NotImplementedError("tfcompat implements TF's Philox generator only, not ThreeFry; use alg='philox' "
                                  "(or 'auto_select', which is Philox on CPU and GPU).")
    raise ValueError(_unsupported_alg_message(alg))


def stateless_random_uniform(shape, seed, minval=0, maxval=None, dtype=dtypes.float32, name=None,
                             alg="auto_select"):
    """Mirrors ``tf.random.stateless_uniform``: TF's exact Philox values for every dtype; integer dtypes
    with ``minval=maxval=None`` give the full range."""
    dtype = dtypes.as_dtype(dtype)
    if dtype not in _UNIFORM_TYPES:
        raise ValueError(f"Argument `dtype` got invalid value {dtype!r}. Accepted dtypes are "
                         f"({', '.join(repr(d) for d in _UNIFORM_TYPES)}).")
    if dtype.is_integer:
        if (minval is None) != (maxval is None):
            raise ValueError(f"For integer `dtype` argument {dtype!r}, argument `minval` and `maxval` must be both "
                             f"None or not None. Got `minval`={minval} and `maxval`={maxval}.")
        if minval is not None and dtype in (dtypes.uint32, dtypes.uint64):
            raise ValueError(f"Argument `dtype` got invalid value {dtype!r} when argument `minval` is not None. "
                             f"Please don't use unsigned integers in this case.")
    elif maxval is None:
        maxval = 1
    shape_t, static = _shape_input(shape)
    attrs = {"dtype": dtype, "out_shape": static}
    if dtype.is_integer and minval is None:
        key, counter, alg_t = key_counter_alg(seed, alg)
        return apply_op("StatelessRandomUniformFullIntV2", [shape_t, key, counter, alg_t], attrs, name=name)
    minval = to_tensor(minval, dtype=dtype)
    maxval = to_tensor(maxval, dtype=dtype)
    key, counter, alg_t = key_counter_alg(seed, alg)
    if dtype.is_integer:
        return apply_op("StatelessRandomUniformIntV2", [shape_t, key, counter, alg_t, minval, maxval], attrs,
                        name=name)
    rnd = apply_op("StatelessRandomUniformV2", [shape_t, key, counter, alg_t], attrs)
    return math_ops.add(math_ops.multiply(rnd, math_ops.subtract(maxval, minval)), minval, name=name)


def _float_dtype(dtype, fn: str) -> dtypes.DType:
    dtype = dtypes.as_dtype(dtype)
    if dtype.name not in _FLOAT_TYPES:
        raise TypeError(f"Value passed to parameter 'dtype' has DataType {dtype.name} not in list of allowed "
                        f"values: float16, bfloat16, float32, float64")
    return dtype


def stateless_random_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None,
                            alg="auto_select"):
    """Mirrors ``tf.random.stateless_normal`` (TF's exact Philox values)."""
    dtype = dtypes.as_dtype(dtype)
    shape_t, static = _shape_input(shape)
    mean = to_tensor(mean, dtype=dtype)
    stddev = to_tensor(stddev, dtype=dtype)
    dtype = _float_dtype(dtype, "stateless_normal")
    key, counter, alg_t = key_counter_alg(seed, alg)
    rnd = apply_op("StatelessRandomNormalV2", [shape_t, key, counter, alg_t], {"dtype": dtype, "out_shape": static})
    return math_ops.add(math_ops.multiply(rnd, stddev), mean, name=name)


def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None,
                               alg="auto_select"):
    """Mirrors ``tf.random.stateless_truncated_normal`` (TF's exact Philox values)."""
    dtype = dtypes.as_dtype(dtype)
    shape_t, static = _shape_input(shape)
    mean = to_tensor(mean, dtype=dtype)
    stddev = to_tensor(stddev, dtype=dtype)
    dtype = _float_dtype(dtype, "stateless_truncated_normal")
    key, counter, alg_t = key_counter_alg(seed, alg)
    rnd = apply_op("StatelessTruncatedNormalV2", [shape_t, key, counter, alg_t],
                   {"dtype": dtype, "out_shape": static})
    return math_ops.add(math_ops.multiply(rnd, stddev), mean, name=name)


def stateless_multinomial(logits, num_samples, seed, output_dtype=dtypes.int64, name=None):
    """Mirrors ``tf.compat.v1.random.stateless_multinomial`` (deterministic per seed; not TF's values)."""
    return _multinomial(logits, num_samples, seed, output_dtype, name)


def stateless_categorical(logits, num_samples, seed, dtype=dtypes.int64, name=None):
    """Mirrors ``tf.random.stateless_categorical`` (deterministic per seed; not TF's values)."""
    return _multinomial(logits, num_samples, seed, dtype, name)


def _multinomial(logits, num_samples, seed, dtype, name):
    dtype = dtypes.as_dtype(dtype)
    if dtype not in (dtypes.int32, dtypes.int64):
        raise ValueError(f"Argument `dtype` got invalid value {dtype!r}. Accepted dtypes are "
                         f"(tf.int32, tf.int64).")
    return apply_op("StatelessMultinomial",
                    [to_tensor(logits), to_tensor(num_samples, dtype=dtypes.int32), to_tensor(seed)],
                    {"output_dtype": dtype}, name=name)


def stateless_random_binomial(shape, seed, counts, probs, output_dtype=dtypes.int32, name=None):
    """Mirrors ``tf.random.stateless_binomial`` (deterministic per seed; not TF's values)."""
    shape_t, static = _shape_input(shape)
    probs = to_tensor(probs)
    counts = to_tensor(counts, dtype=probs.dtype)
    return apply_op("StatelessRandomBinomial", [shape_t, to_tensor(seed), counts, probs],
                    {"dtype": dtypes.as_dtype(output_dtype), "out_shape": static}, name=name)


def stateless_random_gamma(shape, seed, alpha, beta=None, dtype=dtypes.float32, name=None):
    """Mirrors ``tf.random.stateless_gamma`` (deterministic per seed; not TF's values): Gamma(alpha) / beta."""
    dtype = dtypes.as_dtype(dtype)
    shape_t, static = _shape_input(shape)
    alpha = to_tensor(alpha, dtype=dtype)
    beta = to_tensor(1 if beta is None else beta, dtype=dtype)
    full = array_manip_ops.broadcast_to(alpha, array_ops.shape(math_ops.add(alpha, beta)))
    out = apply_op("StatelessRandomGammaV2", [shape_t, to_tensor(seed), full],
                   {"dtype": dtype, "out_shape": static})
    # TF clamps to the smallest normal number after dividing by beta.
    return math_ops.maximum(float(np.finfo(dtype.as_numpy_dtype).tiny), math_ops.truediv(out, beta), name=name)


def stateless_random_poisson(shape, seed, lam, dtype=dtypes.int32, name=None):
    """Mirrors ``tf.random.stateless_poisson`` (deterministic per seed; not TF's values)."""
    shape_t, static = _shape_input(shape)
    return apply_op("StatelessRandomPoisson", [shape_t, to_tensor(seed), to_tensor(lam)],
                    {"dtype": dtypes.as_dtype(dtype), "out_shape": static}, name=name)


def stateless_parameterized_truncated_normal(shape, seed, means=0.0, stddevs=1.0, minvals=-2.0, maxvals=2.0,
                                             name=None):
    """Mirrors ``tf.random.stateless_parameterized_truncated_normal`` (deterministic per seed; not TF's
    values)."""
    shape_t, static = _shape_input(shape)
    means = to_tensor(means)
    stddevs, minvals, maxvals = (to_tensor(v, dtype=means.dtype) for v in (stddevs, minvals, maxvals))
    return apply_op("StatelessParameterizedTruncatedNormal",
                    [shape_t, to_tensor(seed), means, stddevs, minvals, maxvals],
                    {"dtype": means.dtype, "out_shape": static}, name=name)


def split(seed, num=2, alg="auto_select"):
    """Mirrors ``tf.random.split`` / ``tf.random.experimental.stateless_split``: [num, 2] new seeds of the
    seed's dtype (TF's exact values)."""
    seed = to_tensor(seed)
    return stateless_random_uniform([num, 2], seed, minval=None, maxval=None, dtype=seed.dtype, alg=alg)


def fold_in(seed, data, alg="auto_select"):
    """Mirrors ``tf.random.fold_in`` / ``tf.random.experimental.stateless_fold_in``: a new seed
    ``[uniform_full_int(seed), data]`` of ``data``'s dtype (TF's exact values)."""
    data = to_tensor(data)
    seed1 = stateless_random_uniform([], seed, minval=None, maxval=None, dtype=data.dtype, alg=alg)
    return array_ops.stack([seed1, data])


def stateless_shuffle(value, seed, alg="auto_select", name=None):
    """Mirrors ``tf.random.experimental.stateless_shuffle``: a permutation of ``value``'s first axis fixed by
    the seed (not TF's permutation)."""
    value = to_tensor(value)
    if value.shape.rank == 0:
        raise ValueError("input must be >= 1-D")
    keys = stateless_random_uniform(array_ops.shape(value)[:1], seed, minval=None, maxval=None,
                                    dtype=dtypes.int64, alg=alg)
    return array_ops.gather(value, sort_ops.argsort(keys, stable=True), name=name)
