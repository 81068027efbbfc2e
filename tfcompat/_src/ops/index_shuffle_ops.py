"""``tf.random.experimental.index_shuffle`` (op ``RandomIndexShuffle``): the position of ``index`` in a
pseudorandom permutation of ``[0, max_index]`` fixed by the seed, without building the permutation.

TF's kernel (``core/kernels/random_index_shuffle.cc``) encrypts the index with a Simon-like Feistel cipher of a
block size just large enough for ``max_index`` (at least 16 bits, even), keyed by the three uint32 seed words, and
repeats ("cycle walking") until the result is at most ``max_index``. This module computes the same permutation
with Python integers, so the values equal TF's for every seed."""
from __future__ import annotations

import math

import torch

from tfcompat._src.framework import dtypes, errors
from tfcompat._src.framework.dispatch import apply_op, convert_to_tensor
from tfcompat._src.framework.op_def import NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.op_types import Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_manip_ops

__all__ = ["index_shuffle", "shuffled_index"]

_UINTS = ("int32", "int64", "uint32", "uint64")
_MIN_BLOCK_BITS = 16
# The stateless seed [s0, s1] gets this word in front (TF's index_shuffle pads the seed to the op's three words).
_SEED_PAD = 498247692


def _rotl(x: int, r: int, w: int, mask: int) -> int:
    return ((x << r) | (x >> (w - r))) & mask


def _rotr(x: int, r: int, w: int, mask: int) -> int:
    return ((x >> r) | (x << (w - r))) & mask


def _round_function(x: int, w: int, mask: int) -> int:
    return (_rotl(x, 1, w, mask) & _rotl(x, 8, w, mask)) ^ _rotl(x, 2, w, mask)


def _round_keys(key: tuple, rounds: int, w: int, mask: int) -> list:
    const = 0xFFFFFFFC & mask
    z = 0x7369F885192C0EF5 & mask
    keys = [k & mask for k in key]
    for i in range(3, rounds):
        keys.append(const ^ (z & 1) ^ keys[i - 3] ^ _rotr(keys[i - 1], 3, w, mask) ^ _rotr(keys[i - 1], 4, w, mask))
        z >>= 1
    return keys


def _encrypt(value: int, keys: list, w: int, mask: int) -> int:
    left, right = (value >> w) & mask, value & mask
    for i in range(0, len(keys) - 1, 2):
        left ^= _round_function(right, w, mask) ^ keys[i]
        right ^= _round_function(left, w, mask) ^ keys[i + 1]
    return (left << w) | right


def shuffled_index(index: int, key: tuple, max_index: int, rounds: int = 4) -> int:
    """TF's ``random::index_shuffle``: where ``index`` goes in the permutation of ``[0, max_index]`` keyed by the
    three uint32 words ``key``."""
    if max_index == 0:
        return 0
    bits = math.ceil(math.log2(max_index))
    bits = max(bits + bits % 2, _MIN_BLOCK_BITS)
    w = min(bits, 64) // 2
    mask = (1 << w) - 1
    keys = _round_keys(key, rounds, w, mask)
    new = index
    while True:
        new = _encrypt(new, keys, w, mask)
        if new <= max_index:
            return new


def _as_uint(value: int, bits: int) -> int:
    return value & ((1 << bits) - 1)


def _shuffle_shape(inputs, attrs):
    index, seed, max_index = (t.shape for t in inputs)
    if index.rank == 0 and seed.rank == 1 and max_index.rank == 0:
        return [(TensorShape([]), inputs[0].dtype)]
    n = None
    for s, lead in ((index, 1), (max_index, 1), (seed, 2)):
        if s.rank == lead and s.as_list()[0] is not None:
            n = s.as_list()[0]
    return [(TensorShape([n]), inputs[0].dtype)]


@register_op("RandomIndexShuffle", grad=NOT_DIFFERENTIABLE, inputs=("index", "seed", "max_index"),
             types={"index": Arg("dtype", _UINTS), "seed": Arg("Tseed", _UINTS), "max_index": Arg("dtype", _UINTS)},
             shape_fn=_shuffle_shape)
def _random_index_shuffle(index, seed, max_index, *, rounds=4):
    if rounds < 4 or rounds % 2:
        raise errors.InvalidArgumentError(f"rounds must be an even integer >= 4 but got {rounds}")
    n = max(index.numel(), max_index.numel(), seed.numel() // 3)
    if not (index.dim() == 0 or (index.dim() == 1 and index.shape[0] == n)):
        raise errors.InvalidArgumentError("Index bust be a scalar or vector.")
    if not ((seed.dim() == 1 and seed.shape[0] == 3) or (seed.dim() == 2 and seed.shape[0] == n
                                                          and seed.shape[1] == 3)):
        raise errors.InvalidArgumentError(f"Seed must be a vector of size [3] or a matrix of size [{n}, 3] but got "
                                          f"[{','.join(str(d) for d in seed.shape)}].")
    if not (max_index.dim() == 0 or (max_index.dim() == 1 and max_index.shape[0] == n)):
        raise errors.InvalidArgumentError(f"Maxval must be a scalar or a vector of the same size as index but got "
                                          f"[{','.join(str(d) for d in max_index.shape)}]")
    bits = index.element_size() * 8
    idx, mx, sd = index.reshape(-1).tolist(), max_index.reshape(-1).tolist(), seed.reshape(-1, 3).tolist()
    out = []
    for i in range(n):
        key = tuple(_as_uint(s, 32) for s in sd[0 if seed.dim() == 1 else i])
        value = shuffled_index(_as_uint(idx[0 if index.dim() == 0 else i], 64), key,
                               _as_uint(mx[0 if max_index.dim() == 0 else i], 64), rounds)
        value = _as_uint(value, bits)
        if value >= 1 << (bits - 1) and index.dtype in (torch.int32, torch.int64):
            value -= 1 << bits   # TF's static_cast back to the signed index type
        out.append(value)
    result = torch.tensor(out, dtype=index.dtype)
    all_scalar = index.dim() == 0 and seed.dim() == 1 and max_index.dim() == 0
    return result.reshape(()) if all_scalar else result


def index_shuffle(index, seed, max_index):
    """Mirrors ``tf.random.experimental.index_shuffle``: the position of ``index`` in the permutation of
    ``[0, max_index]`` fixed by ``seed`` (shape [2], or [n, 2] with vector inputs); TF's exact values."""
    seed = convert_to_tensor(seed)
    paddings = [[1, 0]] if seed.shape.rank is None else [[1, 0]] + (seed.shape.rank - 1) * [[0, 0]]
    seed = array_manip_ops.pad(seed, paddings, constant_values=_SEED_PAD)
    index = convert_to_tensor(index)
    max_index = convert_to_tensor(max_index, dtype=index.dtype if not hasattr(max_index, "dtype") else None)
    return apply_op("RandomIndexShuffle", [index, seed, max_index], {"rounds": 4})
