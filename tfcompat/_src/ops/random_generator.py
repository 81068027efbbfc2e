"""``tf.random.Generator``: a Philox state in an int64 Variable, drawn from through TF's stateless kernels.

The state is [counter low 64 bits, counter high 64 bits, key] (TF's Philox layout). Each draw of n values reads
the state and advances the counter by 256 * n (``RngReadAndSkip``), then runs the stateless V2 kernel on the
state it read, as TF's Generator does, so a generator made with ``from_seed`` gives TF's exact numbers.
"""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, TF_GRADIENT_NONE, register_op
from tfcompat._src.framework.op_types import Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_ops, math_ops, reduction_ops
from tfcompat._src.ops import stateless_random_ops as stateless
from tfcompat._src.ops._helpers import is_tensor_like, to_tensor
from tfcompat._src.ops.stateless_random_ops import Algorithm, convert_alg_to_int
from tfcompat._src.ops.variables import Variable, _ordered_after_writes

__all__ = ["Generator", "create_rng_state", "get_global_generator", "set_global_generator"]

PHILOX_STATE_SIZE = 3
THREEFRY_STATE_SIZE = 2
_SKIP_PER_SAMPLE = 256      # TF's RngReadAndSkip: the counter advances 256 per requested value
_U64 = 2 ** 64


def _state_size(alg: int) -> int:
    if alg == Algorithm.PHILOX.value or alg == Algorithm.AUTO_SELECT.value:
        return PHILOX_STATE_SIZE
    if alg == Algorithm.THREEFRY.value:
        return THREEFRY_STATE_SIZE
    raise ValueError(stateless._unsupported_alg_message(alg))


def _to_int64(n: int) -> int:
    n &= _U64 - 1
    return n - _U64 if n >= 2 ** 63 else n


def _make_1d_state(size: int, seed) -> np.ndarray:
    # TF's _make_1d_state: a python int is cut into 64-bit words (low first); a shorter seed is padded with
    # zeros in front; a longer one is truncated.
    if isinstance(seed, int) and not isinstance(seed, bool):
        words = []
        for _ in range(size):
            words.append(seed & (_U64 - 1))
            seed >>= 64
        seed = words
    if is_tensor_like(seed):
        seed = to_tensor(seed).numpy()
    flat = [_to_int64(int(v)) for v in np.asarray(seed, dtype=object).reshape(-1)][:size]
    return np.array([0] * (size - len(flat)) + flat, np.int64)


def create_rng_state(seed, alg) -> "np.ndarray":
    """Mirrors ``tf.random.create_rng_state``: the int64 state a seed gives for an algorithm (a numpy array,
    as TF returns)."""
    return _make_1d_state(_state_size(convert_alg_to_int(alg)), seed)


def _skip_shape(inputs, attrs):
    return [(TensorShape([PHILOX_STATE_SIZE]), dtypes.int64)]


@register_op("RngReadAndSkip", grad=NOT_DIFFERENTIABLE, inputs=("alg", "delta"), stateful=True,
             types={"alg": Arg(None, ("int32",)), "delta": Arg(None, ("uint64",))},
             writes_variables=True, tf_gradient=TF_GRADIENT_NONE, shape_fn=_skip_shape)
def _rng_read_and_skip(alg, delta, *, var):
    old = var._current_value().clone()
    words = [int(v) & (_U64 - 1) for v in old.cpu().tolist()]
    counter = (words[0] | words[1] << 64) + int(delta) * _SKIP_PER_SAMPLE
    new = torch.tensor([_to_int64(counter), _to_int64(counter >> 64)] + [_to_int64(w) for w in words[2:]],
                       dtype=torch.int64, device=old.device)
    var._assign_value(new, "assign")
    return old


class Generator:
    """Mirrors ``tf.random.Generator`` for the Philox algorithm (TF's exact numbers): the state lives in a
    non-trainable int64 Variable (``.state``). ThreeFry generators are not implemented."""

    def __init__(self, copy_from=None, state=None, alg=None):
        if copy_from is not None:
            if alg is not None or state is not None:
                raise AssertionError("copy_from excludes state and alg")
            state, alg = copy_from.state.numpy(), copy_from.algorithm
        elif alg is None or state is None:
            raise AssertionError("Generator needs either copy_from or both state and alg")
        alg = convert_alg_to_int(alg)
        if alg == Algorithm.THREEFRY.value:
            raise NotImplementedError("tfcompat's tf.random.Generator implements TF's Philox algorithm only, not "
                                      "ThreeFry; use alg='philox'.")
        self._alg = alg
        if isinstance(state, Variable):
            self._check_shape(state.shape)
            self._state_var = state
        else:
            state = to_tensor(np.asarray(state).astype(np.int64) if not is_tensor_like(state) else state)
            if state.dtype != dtypes.int64:
                state = math_ops.cast(state, dtypes.int64)
            self._check_shape(state.shape)
            self._state_var = Variable(state, trainable=False, dtype=dtypes.int64, name="Variable")

    def _check_shape(self, shape):
        size = _state_size(self._alg)
        if not TensorShape(shape).is_compatible_with([size]):
            raise ValueError(f"Shapes {TensorShape(shape)} and ({size},) are incompatible")

    @classmethod
    def from_state(cls, state, alg):
        """Mirrors ``Generator.from_state``."""
        return cls(state=state, alg=alg)

    @classmethod
    def from_seed(cls, seed, alg=None):
        """Mirrors ``Generator.from_seed``: TF's state for ``seed`` (Philox unless ``alg`` says otherwise)."""
        alg = convert_alg_to_int(Algorithm.PHILOX if alg is None else alg)
        return cls(state=create_rng_state(seed, alg), alg=alg)

    @classmethod
    def from_non_deterministic_state(cls, alg=None):
        """Mirrors ``Generator.from_non_deterministic_state``: a state from the OS's entropy source."""
        alg = convert_alg_to_int(Algorithm.PHILOX if alg is None else alg)
        state = np.frombuffer(np.random.default_rng().bytes(8 * _state_size(alg)), dtype=np.int64).copy()
        return cls(state=state, alg=alg)

    @classmethod
    def from_key_counter(cls, key, counter, alg):
        """Mirrors ``Generator.from_key_counter``: state = counter words then the key."""
        counter = np.asarray(to_tensor(counter, dtype=dtypes.int64).numpy()).reshape(-1)
        key = int(to_tensor(key, dtype=dtypes.int64).numpy())
        return cls(state=np.concatenate([counter, [key]]).astype(np.int64), alg=alg)

    @property
    def state(self) -> Variable:
        """The state Variable (int64, shape [3] for Philox)."""
        return self._state_var

    @property
    def algorithm(self) -> int:
        """The algorithm id (1 = Philox)."""
        return self._alg

    @property
    def key(self):
        """The key word of the state (its last element)."""
        return self._state_var[-1]

    def reset(self, state):
        """Mirrors ``Generator.reset``."""
        self._state_var.assign(math_ops.cast(to_tensor(state), dtypes.int64))

    def reset_from_seed(self, seed):
        """Mirrors ``Generator.reset_from_seed``."""
        self._state_var.assign(create_rng_state(seed, self._alg))

    def reset_from_key_counter(self, key, counter):
        """Mirrors ``Generator.reset_from_key_counter``."""
        counter = np.asarray(to_tensor(counter, dtype=dtypes.int64).numpy()).reshape(-1)
        self._state_var.assign(np.concatenate([counter, [int(to_tensor(key, dtype=dtypes.int64).numpy())]]))

    def skip(self, delta):
        """Mirrors ``Generator.skip``: advances the counter as ``normal([delta])`` would; returns the old state."""
        var = self._state_var
        graph = ctx_lib.graph_mode_graph()
        inputs = [to_tensor(self._alg, dtype=dtypes.int32), math_ops.cast(to_tensor(delta), dtypes.uint64)]
        if graph is None and var._graph is None:
            return apply_op("RngReadAndSkip", inputs, {"var": var})
        if var._graph is None:
            var._graph_handle(graph)
        with _ordered_after_writes(graph, var, write=True):
            return apply_op("RngReadAndSkip", inputs, {"var": var})

    def _key_counter(self, shape_t):
        state = self.skip(reduction_ops.reduce_prod(shape_t))
        counter = math_ops.cast(state[:2], dtypes.uint64)     # int64 -> uint64 keeps the bits, as TF's bitcast
        key = math_ops.cast(state[2:3], dtypes.uint64)
        return key, counter, to_tensor(self._alg, dtype=dtypes.int32)

    def _draw(self, op, shape, dtype, extra=()):
        shape_t, static = stateless._shape_input(shape)
        key, counter, alg = self._key_counter(shape_t)
        return apply_op(op, [shape_t, key, counter, alg, *extra], {"dtype": dtype, "out_shape": static})

    def normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        """Mirrors ``Generator.normal``."""
        dtype = dtypes.as_dtype(dtype)
        mean, stddev = to_tensor(mean, dtype=dtype), to_tensor(stddev, dtype=dtype)
        rnd = self._draw("StatelessRandomNormalV2", shape, dtype)
        return math_ops.add(math_ops.multiply(rnd, stddev), mean, name=name)

    def truncated_normal(self, shape, mean=0.0, stddev=1.0, dtype=dtypes.float32, name=None):
        """Mirrors ``Generator.truncated_normal``."""
        dtype = dtypes.as_dtype(dtype)
        mean, stddev = to_tensor(mean, dtype=dtype), to_tensor(stddev, dtype=dtype)
        rnd = self._draw("StatelessTruncatedNormalV2", shape, dtype)
        return math_ops.add(math_ops.multiply(rnd, stddev), mean, name=name)

    def uniform(self, shape, minval=0, maxval=None, dtype=dtypes.float32, name=None):
        """Mirrors ``Generator.uniform``: [minval, maxval); integer dtypes with both bounds None give the full
        range."""
        dtype = dtypes.as_dtype(dtype)
        if dtype.is_integer:
            if (minval is None) != (maxval is None):
                raise ValueError(f"For integer dtype {dtype!r}, minval and maxval must be both `None` or both "
                                 f"non-`None`; got minval={minval} and maxval={maxval}")
        elif maxval is None:
            maxval = 1
        if dtype.is_integer and minval is None:
            return self._draw("StatelessRandomUniformFullIntV2", shape, dtype)
        minval, maxval = to_tensor(minval, dtype=dtype), to_tensor(maxval, dtype=dtype)
        if dtype.is_integer:
            return self._draw("StatelessRandomUniformIntV2", shape, dtype, (minval, maxval))
        rnd = self._draw("StatelessRandomUniformV2", shape, dtype)
        return math_ops.add(math_ops.multiply(rnd, math_ops.subtract(maxval, minval)), minval, name=name)

    def uniform_full_int(self, shape, dtype=dtypes.uint64, name=None):
        """Mirrors ``Generator.uniform_full_int``."""
        return self._draw("StatelessRandomUniformFullIntV2", shape, dtypes.as_dtype(dtype))

    def binomial(self, shape, counts, probs, dtype=dtypes.int32, name=None):
        """Mirrors ``Generator.binomial`` (TF's distribution, not its values: known deviation
        "stateless-random-samplers")."""
        seed = self.make_seeds(1)[:, 0]
        return stateless.stateless_random_binomial(shape, seed, counts, probs, output_dtype=dtype, name=name)

    def make_seeds(self, count=1):
        """Mirrors ``Generator.make_seeds``: [2, count] int64 seeds for the stateless ops."""
        keys = self.uniform_full_int([count], dtype=dtypes.int64)
        return array_ops.stack([keys, array_ops.zeros_like(keys)])

    def split(self, count=1):
        """Mirrors ``Generator.split``: ``count`` new generators keyed by fresh 64-bit draws."""
        keys = self.uniform_full_int([count], dtype=dtypes.int64).numpy()
        return [Generator(state=np.array([0] * (_state_size(self._alg) - 1) + [int(k)], np.int64), alg=self._alg)
                for k in keys]


_global = {"generator": None}


def get_global_generator() -> Generator:
    """Mirrors ``tf.random.get_global_generator`` (created from OS entropy on first use)."""
    if _global["generator"] is None:
        _global["generator"] = Generator.from_non_deterministic_state()
    return _global["generator"]


def set_global_generator(generator: Generator) -> None:
    """Mirrors ``tf.random.set_global_generator``."""
    _global["generator"] = generator
