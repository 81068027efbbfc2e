"""TF's ``SingleSampleAdapter<PhiloxRandom>``: the one-sample-at-a-time Philox stream behind tf.data's shuffle.

tf.data's shuffle draws its buffer positions from ``random::PhiloxRandom(seed, seed2)`` one 32-bit sample at a
time; reproducing that stream bit for bit makes ``Dataset.shuffle(..., seed=s)`` give TF's exact order. The
Philox blocks come from ``ops/philox.py`` (the generator of the stateless random kernels), many counters at a
time: the generator is counter based, so block ``n`` depends only on the key and the counter ``start + n``."""
from __future__ import annotations

from tfcompat._src.ops.philox import counter_blocks, philox

__all__ = ["PhiloxStream"]

_CHUNK = 1024  # blocks (of four samples) computed per refill
_M128 = (1 << 128) - 1


class PhiloxStream:
    """``SingleSampleAdapter<PhiloxRandom>(PhiloxRandom(seed, seed2))``: uint32 samples, one per call.

    ``PhiloxRandom(seed_lo, seed_hi)`` keys on ``seed_lo`` and starts its 128-bit counter at ``seed_hi << 64``;
    each block yields four samples in order."""

    def __init__(self, seed: int, seed2: int):
        seed &= (1 << 64) - 1
        seed2 &= (1 << 64) - 1
        self._key = (seed & 0xFFFFFFFF, seed >> 32)
        self._counter = seed2 << 64          # the 128-bit counter as a python int
        self._samples: list = []
        self._pos = 0

    def _refill(self):
        counter = tuple((self._counter >> (32 * j)) & 0xFFFFFFFF for j in range(4))
        self._samples = philox(counter_blocks(counter, 0, _CHUNK), self._key).reshape(-1).tolist()
        self._counter = (self._counter + _CHUNK) & _M128
        self._pos = 0

    def __call__(self) -> int:
        if self._pos == len(self._samples):
            self._refill()
        v = self._samples[self._pos]
        self._pos += 1
        return v

    def take(self, n: int) -> list:
        """The next ``n`` samples."""
        out = []
        while len(out) < n:
            if self._pos == len(self._samples):
                self._refill()
            k = min(n - len(out), len(self._samples) - self._pos)
            out.extend(self._samples[self._pos:self._pos + k])
            self._pos += k
        return out
