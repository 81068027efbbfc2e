"""Random ops with TF's seed rules (graph seed + op seed) and TF's numbers.

RandomUniform, RandomStandardNormal, TruncatedNormal and RandomUniformInt draw from TF's Philox stream for the
op's (seed, seed2) exactly as TF's kernels (``GuardedPhiloxRandom``: key = seed, counter = [0, seed2], each run
reserving 256 samples per output), so seeded draws equal TF's. Graph ops keep one stream per op and session, as
TF. An eager op starts a fresh stream at each call; TF's eager kernel cache continues one stream across calls
with the same explicit op seed (known deviation "eager-op-seed-restarts"). The other random ops (multinomial,
shuffle, gamma, poisson, candidate samplers) draw from torch generators: their
distributions, shapes, dtypes and reproducibility match TF, not their values (known deviation "random-values").
"""
from __future__ import annotations

import numpy as np
import os
import random as py_random

import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import apply_op, constant_value
from tfcompat._src.framework import errors, kernel_errors
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import INT32, INT32_64, REAL_NUMBER, Arg
from tfcompat._src.framework.shape_values import constant_value_as_shape
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_manip_ops, array_ops, math_ops, philox
from tfcompat._src.ops._helpers import has_non_integer, is_tensor_like, static_int_list, to_tensor

DEFAULT_GRAPH_SEED = 87654321
_MAXINT32 = 2 ** 31 - 1
_global_seed = {"seed": None, "rng": None}


class PhiloxStream:
    """TF's ``GuardedPhiloxRandom``: a Philox key and 128-bit counter; each run reserves its samples."""

    __slots__ = ("key", "counter")

    def __init__(self, seed: int, seed2: int):
        if seed == 0 and seed2 == 0:     # TF: both zero means fresh nondeterministic seeds
            seed, seed2 = (int.from_bytes(os.urandom(8), "little") for _ in range(2))
        seed &= 2 ** 64 - 1
        seed2 &= 2 ** 64 - 1
        self.key = (seed & 0xFFFFFFFF, seed >> 32)
        self.counter = seed2 << 64

    def reserve(self, n_outputs: int):
        """The (key, counter words) for a run of ``n_outputs`` values; advances 256 Philox calls per output
        (``ReserveRandomOutputs(n, 256)``)."""
        c = self.counter
        self.counter = (c + n_outputs * 256) & (2 ** 128 - 1)
        return self.key, (c & 0xFFFFFFFF, (c >> 32) & 0xFFFFFFFF, (c >> 64) & 0xFFFFFFFF, c >> 96)


class SeedState:
    """The generators behind one random op: TF's Philox stream for (seed, seed2) (``philox``) and a torch
    generator for the ops drawing from torch (``generator``); one of each per session."""

    __slots__ = ("seed", "seeds", "_gens", "_streams")

    def __init__(self, seed, seeds=(0, 0)):
        self.seed = seed
        self.seeds = seeds
        self._gens = {}
        self._streams = {}

    def philox(self) -> PhiloxStream:
        store = ctx_lib.context().__dict__.get("resource_store")
        stream = self._streams.get(id(store))
        if stream is None:
            stream = self._streams[id(store)] = PhiloxStream(*self.seeds)
        return stream

    def generator(self, device):
        if self.seed is None:
            return None
        store = ctx_lib.context().__dict__.get("resource_store")
        key = (id(store), str(device))
        gen = self._gens.get(key)
        if gen is None:
            gen = torch.Generator(device=device)
            gen.manual_seed(self.seed)
            self._gens[key] = gen
        return gen


def set_random_seed(seed):
    """Mirrors ``tf.compat.v1.set_random_seed`` / ``tf.random.set_seed``: graph-level (and eager) seed."""
    graph = ctx_lib.graph_mode_graph()
    if graph is not None:
        graph.seed = seed   # inside a graph only the graph's seed is set (the eager global seed is untouched)
        graph._last_op_seed = 0
        return
    ctx_lib.get_default_graph().seed = seed
    _global_seed["seed"] = seed
    # TF's eager context: the op seeds of unseeded eager ops come from random.Random(seed).
    try:
        _global_seed["rng"] = py_random.Random(seed)
    except TypeError:
        _global_seed["rng"] = py_random.Random(int(np.array(seed)))


def get_seed(op_seed):
    """TF's ``random_seed.get_seed``: combine the graph-level and op-level seeds (None = nondeterministic)."""
    graph = ctx_lib.graph_mode_graph()
    global_seed = graph.seed if graph is not None else _global_seed["seed"]
    if global_seed is None and graph is not None and getattr(graph, "_building_function", False):
        global_seed = _global_seed["seed"]   # TF: a tf.function graph takes the eager global seed
    if global_seed is not None:
        if op_seed is None:
            if graph is not None:
                op_seed = graph._last_op_seed   # TF counts a graph's unseeded random ops from 0
                graph._last_op_seed += 1
            else:
                op_seed = _global_seed["rng"].randint(0, _MAXINT32)
        seeds = int(global_seed) % _MAXINT32, int(op_seed) % _MAXINT32
    elif op_seed is not None:
        seeds = DEFAULT_GRAPH_SEED, int(op_seed) % _MAXINT32
    else:
        return None, None
    return (0, _MAXINT32) if seeds == (0, 0) else seeds


def _seed_state(seed):
    s1, s2 = get_seed(seed)
    if s1 is None:
        return SeedState(None)
    return SeedState((s1 * 1000003 + s2) % (2 ** 63), (s1, s2))


def _random_shape(inputs, attrs):
    return [(TensorShape(attrs["shape"]), attrs["dtype"])]


def _dims(dyn, shape):
    # The shape is an attribute when known before running, else the op's one input (an int tensor).
    return dyn[0].tolist() if dyn else shape


def _philox_values(kind: str, dims, dtype, state, device, minval=None, maxval=None) -> torch.Tensor:
    n = 1
    for d in dims:
        if int(d) < 0:
            raise errors.InvalidArgumentError(f"Dimension {int(d)} must be >= 0")
        n *= int(d)
    key, counter = state.philox().reserve(n)
    name = dtype.name
    if kind == "int":
        values = philox.uniform_int(key, counter, n, minval, maxval, 64 if dtype.size == 8 else 32)
    elif kind == "uniform":
        sampler = {"float64": philox.uniform_double, "float16": philox.uniform_half,
                   "bfloat16": philox.uniform_bfloat16}.get(name, philox.uniform_float)
        values = sampler(key, counter, n)
    elif kind == "normal":
        values = (philox.normal_double if name == "float64" else philox.normal_float)(key, counter, n)
    else:
        values = philox.truncated_normal(key, counter, n, double=name == "float64")
    return torch.from_numpy(np.ascontiguousarray(values)).reshape(list(dims)).to(dtype.torch_dtype).to(device)


@register_op("RandomStandardNormal", grad=NOT_DIFFERENTIABLE, inputs=("shape",), creates=True, stateful=True,
             types={"shape": Arg("T", INT32_64, from_attr="shape")},
             shape_fn=_random_shape)
def _normal(*dyn, shape, dtype, state, device):
    return _philox_values("normal", _dims(dyn, shape), dtype, state, device)


@register_op("RandomUniform", grad=NOT_DIFFERENTIABLE, inputs=("shape",), creates=True, stateful=True,
             types={"shape": Arg("T", INT32_64, from_attr="shape")},
             shape_fn=_random_shape)
def _uniform(*dyn, shape, dtype, state, device):
    return _philox_values("uniform", _dims(dyn, shape), dtype, state, device)


@register_op("RandomUniformInt", grad=NOT_DIFFERENTIABLE, inputs=("shape", "minval", "maxval"), creates=True,
             stateful=True,
             types={"shape": Arg("T", INT32_64, from_attr="shape"), "minval": Arg("Tout", INT32_64, from_attr="minval"),
                    "maxval": Arg("Tout", INT32_64, from_attr="maxval")},
             shape_fn=_random_shape)
def _uniform_int(*dyn, shape, dtype, minval, maxval, state, device):
    if minval is None:
        # Bounds known only when running (tensors in a tf.function): the op's last two inputs.
        *dyn, low, high = dyn
        minval, maxval = int(low), int(high)
    dims = _dims(dyn, shape)
    if minval >= maxval and all(int(d) > 0 for d in dims):
        raise errors.InvalidArgumentError(f"Need minval < maxval: {minval} >= {maxval} [Op:RandomUniformInt]")
    return _philox_values("int", dims, dtype, state, device, minval, maxval)


@register_op("TruncatedNormal", grad=NOT_DIFFERENTIABLE, inputs=("shape",), creates=True, stateful=True,
             types={"shape": Arg("T", INT32_64, from_attr="shape")},
             shape_fn=_random_shape)
def _truncated(*dyn, shape, dtype, state, device):
    # TF resamples values more than two standard deviations from the mean.
    return _philox_values("truncated", _dims(dyn, shape), dtype, state, device)


def _multinomial_shape(inputs, attrs):
    return [(TensorShape([inputs[0].shape[0], attrs["num_samples"]]), attrs["output_dtype"])]


@register_op("Multinomial", grad=NOT_DIFFERENTIABLE, inputs=("logits",), stateful=True,
             types={"logits": Arg("T", REAL_NUMBER), "num_samples": Arg(None, INT32, from_attr="num_samples")},
             shape_fn=_multinomial_shape)
def _multinomial(logits, *, num_samples, output_dtype, state):
    if not logits.is_floating_point():
        raise kernel_errors.no_cpu_kernel("Multinomial", logits.dtype)
    probs = torch.softmax(logits.double(), dim=-1)
    return torch.multinomial(probs, num_samples, replacement=True,
                             generator=state.generator(logits.device)).to(output_dtype.torch_dtype)


@register_op("RandomShuffle", grad=NOT_DIFFERENTIABLE, inputs=("value",), stateful=True)
def _shuffle(x, *, state):
    if not isinstance(x, torch.Tensor):  # tf.string values (numpy object arrays): the same permutation rule
        if getattr(x, "ndim", 0) == 0:
            return x
        return x[torch.randperm(x.shape[0], generator=state.generator(torch.device("cpu"))).numpy()]
    if x.dim() == 0:
        return x
    perm = torch.randperm(x.shape[0], generator=state.generator(x.device), device=x.device)
    return x[perm]


def _shape_args(shape, attrs):
    """(inputs, attrs) for a random op: a shape known before running is an attribute; otherwise the shape
    tensor is the op's input and ``attrs["shape"]`` keeps what is statically known (TF's partial shape)."""
    if has_non_integer(shape) and not is_tensor_like(shape):
        attrs["shape"] = shape   # the op's dtype check rejects it as TF does
        return []
    s = static_int_list(shape.as_list() if isinstance(shape, TensorShape) and shape.is_fully_defined() else shape)
    if s is not None and all(d >= 0 for d in s):
        attrs["shape"] = s
        return []
    t = _int_shape_tensor(to_tensor(shape) if not isinstance(shape, TensorShape) else None)
    attrs["shape"] = _partial_shape(t)
    return [t]


def _int_shape_tensor(t):
    if t is None:
        raise ValueError("a random op's shape must be a list or a tensor; got a partially known TensorShape")
    if t.dtype not in (dtypes.int32, dtypes.int64):
        raise TypeError(f"shape must be an int32 or int64 tensor, got {t.dtype.name}")
    return t


def _partial_shape(t):
    """The static shape of a random op's output from its shape tensor, as TF's shape functions infer it
    (``tf.random.normal((tf.shape(x)[0], 128))`` is ``(None, 128)``)."""
    return constant_value_as_shape(t)


def _scale_shift(x, scale, shift, one, zero, name):
    if not (isinstance(scale, (int, float)) and scale == one):
        x = math_ops.multiply(x, scale)
    if not (isinstance(shift, (int, float)) and shift == zero):
        x = math_ops.add(x, shift, name=name)
    return x


def _check_float_params(dtype, *params):
    """TF converts mean/stddev to the requested dtype first: TypeError for an integer or bool dtype."""
    for p in params:
        if not is_tensor_like(p):
            to_tensor(p, dtype=dtype)


def random_normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None):
    """Mirrors ``tf.random.normal`` / ``tf.compat.v1.random_normal``."""
    dtype = dtypes.as_dtype(dtype)
    _check_float_params(dtype, mean, stddev)
    attrs = {"dtype": dtype, "state": _seed_state(seed)}
    x = apply_op("RandomStandardNormal", _shape_args(shape, attrs), attrs, name=name or "random_normal")
    return _scale_shift(x, stddev, mean, 1.0, 0.0, name)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, seed=None, name=None):
    """Mirrors ``tf.random.truncated_normal``."""
    dtype = dtypes.as_dtype(dtype)
    _check_float_params(dtype, mean, stddev)
    attrs = {"dtype": dtype, "state": _seed_state(seed)}
    x = apply_op("TruncatedNormal", _shape_args(shape, attrs), attrs, name=name or "truncated_normal")
    return _scale_shift(x, stddev, mean, 1.0, 0.0, None)


def random_uniform(shape, minval=0, maxval=None, dtype=dtypes.float32, seed=None, name=None):
    """Mirrors ``tf.random.uniform``: [minval, maxval); integer dtypes need ``maxval``."""
    dtype = dtypes.as_dtype(dtype)
    if dtype.is_integer:
        if maxval is None:
            raise ValueError(f"Must specify maxval for integer dtype {dtype!r}")
        bounds = [_static_bound(minval), _static_bound(maxval)]
        if None in bounds:
            return _uniform_int_dynamic_bounds(shape, minval, maxval, dtype, seed, name)
        attrs = {"dtype": dtype, "minval": bounds[0], "maxval": bounds[1], "state": _seed_state(seed)}
        return apply_op("RandomUniformInt", _shape_args(shape, attrs), attrs, name=name or "random_uniform")
    if maxval is None:
        maxval = 1
    attrs = {"dtype": dtype, "state": _seed_state(seed)}
    x = apply_op("RandomUniform", _shape_args(shape, attrs), attrs, name=name or "random_uniform")
    if isinstance(minval, (int, float)) and isinstance(maxval, (int, float)):
        rng = maxval - minval
        return _scale_shift(x, float(rng), float(minval), 1.0, 0.0, None)
    return math_ops.add(math_ops.multiply(x, math_ops.subtract(maxval, minval)), minval)


def _static_bound(value):
    """An integer bound as a python int, or None for a tensor whose value is known only when running."""
    if is_tensor_like(value):
        known = constant_value(to_tensor(value))
        return None if known is None else int(known)
    return int(value)


def _uniform_int_dynamic_bounds(shape, minval, maxval, dtype, seed, name):
    """``RandomUniformInt`` whose bounds are tensors without a value yet: they are its 0-D inputs (TF's)."""
    bounds = [to_tensor(b, dtype=dtype) for b in (minval, maxval)]
    for arg, b in zip(("minval", "maxval"), bounds):
        if b.shape.rank not in (None, 0):
            raise ValueError(f"Shape must be rank 0 but is rank {b.shape.rank} for '{{{{node RandomUniformInt}}}} = "
                             f"RandomUniformInt[T=DT_INT32, Tout={dtype.name}] ({arg})")
    attrs = {"dtype": dtype, "minval": None, "maxval": None, "state": _seed_state(seed)}
    return apply_op("RandomUniformInt", _shape_args(shape, attrs) + bounds, attrs, name=name or "random_uniform")


def multinomial(logits, num_samples, seed=None, name=None, output_dtype=None):
    """Mirrors ``tf.random.categorical`` / ``tf.compat.v1.multinomial``."""
    return apply_op("Multinomial", [to_tensor(logits)],
                    {"num_samples": int(num_samples), "output_dtype": dtypes.as_dtype(output_dtype or dtypes.int64),
                     "state": _seed_state(seed)}, name=name)


def categorical(logits, num_samples, dtype=None, seed=None, name=None):
    """Mirrors ``tf.random.categorical`` (``dtype`` of the samples, int64 by default)."""
    return multinomial(logits, num_samples, seed=seed, name=name, output_dtype=dtype)


def random_shuffle(value, seed=None, name=None):
    """Mirrors ``tf.random.shuffle``."""
    return apply_op("RandomShuffle", [to_tensor(value)], {"state": _seed_state(seed)}, name=name)


def _rate_shape(inputs, attrs):
    return [(TensorShape(attrs["shape"]).concatenate(inputs[0].shape), attrs["dtype"])]


def _expand_params(param: torch.Tensor, dims) -> torch.Tensor:
    return param.expand(list(dims) + list(param.shape))


@register_op("RandomGamma", grad=DIFFERENTIABLE, inputs=("alpha",), stateful=True,
             types={"alpha": Arg("T", ("half", "float", "double")), "shape": Arg("S", INT32_64, from_attr="shape")},
             shape_fn=_rate_shape)
def _random_gamma(alpha, *, shape, dtype, state):
    # torch's _standard_gamma draws from the global torch generator: fork it and seed it from the op's stream.
    # Its autograd gives the implicit reparameterisation gradient d sample / d alpha, TF's RandomGammaGrad.
    gen = state.generator(alpha.device)
    expanded = _expand_params(alpha, shape)
    if gen is None:
        return torch._standard_gamma(expanded)
    seed = int(torch.randint(0, 2 ** 62, (1,), generator=gen))
    devices = [alpha.device] if alpha.device.type == "cuda" else []
    with torch.random.fork_rng(devices=devices):
        torch.manual_seed(seed)
        return torch._standard_gamma(expanded)


@register_op("RandomPoissonV2", grad=NOT_DIFFERENTIABLE, inputs=("rate",), stateful=True,
             types={"rate": Arg("R", ("half", "float", "double", "int32", "int64")),
                    "shape": Arg("S", INT32_64, from_attr="shape")}, shape_fn=_rate_shape)
def _random_poisson(rate, *, shape, dtype, state):
    rates = _expand_params(rate.double(), shape).contiguous()
    return torch.poisson(rates, generator=state.generator(rate.device)).to(dtype.torch_dtype)


def random_gamma(shape, alpha, beta=None, dtype=dtypes.float32, seed=None, name=None):
    """Mirrors ``tf.random.gamma``: samples of shape ``shape + broadcast(alpha, beta).shape``, differentiable
    with respect to ``alpha`` and ``beta`` (TF's implicit reparameterisation); torch draws (known deviation
    "random-values")."""
    dtype = dtypes.as_dtype(dtype)
    if dtype not in (dtypes.float16, dtypes.float32, dtypes.float64):
        raise TypeError(f"Value passed to parameter 'alpha' has DataType {dtype.name} not in list of allowed "
                        f"values: half, float32, float64")
    alpha = to_tensor(alpha, dtype=dtype)
    beta = to_tensor(1 if beta is None else beta, dtype=dtype)
    full = array_manip_ops.broadcast_to(alpha, array_ops.shape(math_ops.add(alpha, beta)))
    dims = static_int_list(shape)
    if dims is None:
        raise NotImplementedError("tf.random.gamma: tfcompat needs the sample shape when the op is built")
    sample = apply_op("RandomGamma", [full], {"shape": dims, "dtype": dtype, "state": _seed_state(seed)})
    tiny = float(np.finfo(dtype.as_numpy_dtype).tiny)
    return math_ops.maximum(tiny, math_ops.truediv(sample, beta), name=name)


def random_poisson(lam, shape, dtype=dtypes.float32, seed=None, name=None):
    """Mirrors ``tf.random.poisson``: samples of shape ``shape + lam.shape``; torch draws (known deviation
    "random-values")."""
    lam = to_tensor(lam)
    dims = static_int_list(shape)
    if dims is None:
        raise NotImplementedError("tf.random.poisson: tfcompat needs the sample shape when the op is built")
    return apply_op("RandomPoissonV2", [lam], {"shape": dims, "dtype": dtypes.as_dtype(dtype),
                                               "state": _seed_state(seed)}, name=name)


def random_poisson_v2(shape, lam, dtype=dtypes.float32, seed=None, name=None):
    """Mirrors ``tf.random.poisson`` (TF2 argument order: shape first); see ``random_poisson``."""
    return random_poisson(lam, shape, dtype=dtype, seed=seed, name=name)
