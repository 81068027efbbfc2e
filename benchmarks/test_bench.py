"""pytest-benchmark suite: every (workload, implementation) of ``benchmarks/workloads.py``.

Run from the repository root (not collected by ``pytest tests``)::

    python -m pytest benchmarks/test_bench.py --benchmark-only
    BENCH_DEVICE=cuda BENCH_THREADS=1 BENCH_QUICK=1 python -m pytest benchmarks/test_bench.py

Implementations that do not apply, need TensorFlow when it is absent, or need a tfcompat API that is missing
are skipped. pytest-benchmark runs implementations one after another; ``python -m tfcompat bench``
interleaves them, which is the fairer comparison on a noisy machine.
"""
from __future__ import annotations

import os

import numpy as np
import pytest

from benchmarks import catalog, report
from benchmarks import workloads as W


@pytest.fixture(scope="session")
def env() -> W.Env:
    threads = int(os.environ["BENCH_THREADS"]) if os.environ.get("BENCH_THREADS") else None
    return W.make_env(os.environ.get("BENCH_DEVICE", "cpu"), bool(os.environ.get("BENCH_QUICK")), threads)


@pytest.fixture(scope="session")
def references(env):
    """torch's outputs per workload (the correctness reference), computed once."""
    cache: dict[str, list[np.ndarray]] = {}

    def get(w: W.Workload) -> list[np.ndarray]:
        if w.key not in cache:
            cache[w.key] = W.to_numpy(w.build(env, "torch")())
        return cache[w.key]
    return get


@pytest.mark.parametrize("impl", W.IMPLS)
@pytest.mark.parametrize("key", [w.key for w in catalog.WORKLOADS])
def test_bench(benchmark, env, references, key, impl):
    w = catalog.WORKLOAD_BY_KEY[key]
    try:
        step = W.timed_step(env, impl, w.build(env, impl))
    except W.NotApplicable as e:
        pytest.skip(str(e))
    problem = report._check(references(w), W.to_numpy(step()), w.rtol)
    assert problem is None, f"{impl} disagrees with torch on {key}: {problem}"
    benchmark.group = W.workload_label(env, w)
    if w.flops is not None:
        benchmark.extra_info["flops"] = w.flops(env)
    benchmark(step)
