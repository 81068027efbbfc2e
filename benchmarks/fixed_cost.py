"""Per-call fixed cost of tfcompat vs raw torch, measured so that a loaded machine does not blur it.

``python -m benchmarks.fixed_cost --only session1,linreg`` prints, for each (workload, implementation) pair:

* Python calls per step (cProfile's call count over ``--calls`` warm steps): load-independent;
* the minimum over ``--repeats`` rounds of the mean time of ``--inner`` steps, the rounds of all pairs taken
  interleaved in one process (load drift affects them alike), and each tfcompat pair's ratio to torch's.

The implementations compared are each workload's tfcompat ones that apply (``--impls``) and ``torch``."""
from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time

from benchmarks import catalog, workloads as W


def python_calls_per_step(step, calls: int) -> float:
    """cProfile's count of Python (and builtin) calls per call of ``step``."""
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(calls):
        step()
    prof.disable()
    return pstats.Stats(prof).total_calls / calls


def interleaved_min_us(steps: dict, inner: int, repeats: int) -> dict:
    """Per step: the minimum over ``repeats`` rounds of the mean time of ``inner`` calls (microseconds); the
    pairs take turns within each round."""
    best = {k: float("inf") for k in steps}
    for _ in range(repeats):
        for k, step in steps.items():
            t0 = time.perf_counter()
            for _ in range(inner):
                step()
            best[k] = min(best[k], (time.perf_counter() - t0) / inner)
    return {k: v * 1e6 for k, v in best.items()}


def main(argv: list[str] | None = None) -> int:
    """Measures the selected workloads; returns the exit status."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.fixed_cost", description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--only", default="session1,linreg", help="comma-separated workload keys")
    p.add_argument("--impls", default="tfc-session,tfc-eager,tfc-function", help="tfcompat implementations")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--calls", type=int, default=100, help="steps profiled for the call count")
    p.add_argument("--inner", type=int, default=200)
    p.add_argument("--repeats", type=int, default=40)
    args = p.parse_args(argv)
    env = W.make_env("cpu", False, args.threads)
    steps = {}
    for key in args.only.split(","):
        build = catalog.WORKLOAD_BY_KEY[key].build
        for impl in [*args.impls.split(","), "torch"]:
            try:
                step = build(env, impl)
            except W.NotApplicable:
                continue
            step()
            step()   # traced / compiled / warm
            steps[(key, impl)] = step
    calls = {k: python_calls_per_step(s, args.calls) for k, s in steps.items()}
    times = interleaved_min_us(steps, args.inner, args.repeats)
    print(f"{'workload':<10} {'impl':<13} {'py calls/step':>13} {'min us':>9} {'/ torch':>8}")
    for (key, impl), us in times.items():
        ref = times.get((key, "torch"))
        ratio = f"{us / ref:8.2f}" if ref and impl != "torch" else ""
        print(f"{key:<10} {impl:<13} {calls[(key, impl)]:>13.1f} {us:>9.2f} {ratio:>8}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
