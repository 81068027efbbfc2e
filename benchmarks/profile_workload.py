"""cProfile one (workload, implementation): ``python -m benchmarks.profile_workload chain tfc-function``.

Prints the top frames by own time (``tottime``) over ``--calls`` warm calls."""
from __future__ import annotations

import argparse
import cProfile
import io
import pstats
import sys

from benchmarks import catalog, workloads as W


def main(argv: list[str] | None = None) -> int:
    """Profiles ``--calls`` calls of one implementation of one workload; returns the exit status."""
    p = argparse.ArgumentParser(prog="python -m benchmarks.profile_workload", description=__doc__)
    p.add_argument("workload", choices=[w.key for w in catalog.WORKLOADS])
    p.add_argument("impl", choices=W.IMPLS)
    p.add_argument("--device", default="cpu", choices=("cpu", "cuda", "mps"))
    p.add_argument("--quick", action="store_true")
    p.add_argument("--threads", type=int, default=1)
    p.add_argument("--calls", type=int, default=50)
    p.add_argument("--top", type=int, default=15)
    p.add_argument("--sort", default="tottime")
    args = p.parse_args(argv)
    env = W.make_env(args.device, args.quick, args.threads)
    step = W.timed_step(env, args.impl, catalog.WORKLOAD_BY_KEY[args.workload].build(env, args.impl))
    step()
    step()  # traced / compiled / warm
    prof = cProfile.Profile()
    prof.enable()
    for _ in range(args.calls):
        step()
    prof.disable()
    buf = io.StringIO()
    pstats.Stats(prof, stream=buf).strip_dirs().sort_stats(args.sort).print_stats(args.top)
    print(buf.getvalue())
    return 0


if __name__ == "__main__":
    sys.exit(main())
