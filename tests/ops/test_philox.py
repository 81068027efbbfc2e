"""ops/philox.py's float transforms against the C library they stand for. TF's normal and truncated normal
kernels call ``logf``/``sinf``/``cosf`` per element; philox.py rounds numpy's float64 values and calls the C
functions only near a rounding midpoint. Expected values: the C library's own results (ctypes), on a sample of
the 2**23 inputs the kernels can produce (all of them were checked once: see ``_LIBM_BAND``). TF's draws
themselves are compared exactly in test_random_stateless.py."""
from __future__ import annotations

import numpy as np
import pytest

from tfcompat._src.ops import philox

pytestmark = pytest.mark.skipif(not philox.libm_available(), reason="no C math library to compare with")


def _kernel_inputs(count: int, seed: int):
    """``count`` of the possible (logf argument, sinf/cosf argument) pairs: u = k / 2**23 for sampled k."""
    k = np.random.default_rng(seed).integers(0, 1 << 23, size=count, dtype=np.uint32)
    u = (k | np.uint32(0x3F800000)).view(np.float32) - np.float32(1.0)
    return np.maximum(u, np.float32(1.0e-7)), (2.0 * np.pi * u.astype(np.float64)).astype(np.float32)


def _libm_values(values, index):
    fn = philox._libm()[index]
    return np.array([fn(v) for v in values.tolist()], np.float32)


@pytest.mark.parametrize("index,name,float64_fn", [(0, "logf", np.log), (1, "sinf", np.sin), (2, "cosf", np.cos)])
def test_float_functions_are_the_c_librarys(index, name, float64_fn):
    log_args, trig_args = _kernel_inputs(20000, seed=index)
    values = log_args if name == "logf" else trig_args
    got = philox._float_fn(values, index, float64_fn)
    assert got.dtype == np.float32
    np.testing.assert_array_equal(got.view(np.uint32), _libm_values(values, index).view(np.uint32))


def test_near_midpoint_marks_values_next_to_a_rounding_boundary():
    """Expected by hand: 1.5's float32 ulp is 2**-23; a band of 0.08 ulp flags rounding errors of 0.42 ulp or more,
    and powers of two (whose ulp below is half) always."""
    ulp = 2.0 ** -23
    band = 0.08
    exact = np.array([1.5, 1.5 + 0.5 * ulp, 1.5 + 0.4 * ulp, 1.5 - 0.45 * ulp, 1.0, 1.0 + 0.1 * ulp])
    rounded = exact.astype(np.float32)
    assert philox._near_midpoint(exact, rounded, band).tolist() == [False, True, False, True, True, True]


def _truncated_normal_reference(key, counter, n):
    """TF's TruncatedNormalDistribution<float> written from its definition, group by group: the group's reserved
    Philox calls, their words turned into normals two at a time, the first four with |x| < 2 kept."""
    stride = 4 * philox.RESERVED_SAMPLES_PER_OUTPUT // 4
    out = []
    for group in range(-(-n // 4)):
        w = philox.philox(philox.counter_blocks(counter, group * stride, stride), key).reshape(-1)
        f0, f1 = philox._box_muller_float(w[0::2], w[1::2])
        normals = np.stack([f0, f1], axis=1).reshape(-1)
        out.extend(normals[np.abs(normals) < 2.0][:4])
    return np.array(out[:n], np.float32)


def test_truncated_normal_keeps_each_groups_first_accepted_values():
    key, counter = philox.scramble_seed(13, 14)
    got = philox.truncated_normal(key, counter, 401)
    np.testing.assert_array_equal(got.view(np.uint32), _truncated_normal_reference(key, counter, 401).view(np.uint32))
