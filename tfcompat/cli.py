"""Command line.

- ``python -m tfcompat run SCRIPT.py``: runs an unmodified TensorFlow script on tfcompat.
- ``python -m tfcompat compare [--no-align] [--trace] SCRIPT.py``: runs it under real TensorFlow and tfcompat
  (tfcompat given TF's initial values and random draws); compares the output, and with ``--trace`` reports the
  first op whose output differs.
- ``python -m tfcompat check SCRIPT.py|DIR``: lists the TensorFlow symbols the code uses and whether tfcompat
  supports each (static: nothing runs); exit status 1 when something is unsupported.
- ``python -m tfcompat bench``: the benchmark suite (from a repository checkout).
- ``python -m tfcompat export SCRIPT.py --fetch NAME --feed NAME -o out.py``: runs the script on tfcompat and writes
  part of its graph as a plain PyTorch module (see migration_guide/export.md)."""
from __future__ import annotations

import argparse
import runpy
import sys

__all__ = ["main"]


# Thread-count settings a user may have made; when one is set, `run` leaves torch's threads alone.
_THREAD_ENV = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OMP_WAIT_POLICY", "GOMP_SPINCOUNT", "KMP_BLOCKTIME")
# (runtime/thread_fitting.py keeps re-fitting torch's team while the script runs, unless the user chose it.)


def _busy_cpus(samples: int = 5, interval_s: float = 0.004) -> int:
    """Other runnable tasks right now: the median over a few samples of /proc/loadavg's running count, less
    this process (0 where /proc is missing)."""
    import time
    counts = []
    for i in range(samples):
        try:
            with open("/proc/loadavg", encoding="ascii") as f:
                counts.append(int(f.read().split()[3].split("/")[0]) - 1)
        except (OSError, ValueError, IndexError):
            return 0
        if i + 1 < samples:
            time.sleep(interval_s)
    return max(0, sorted(counts)[len(counts) // 2])


def _fit_threads_to_free_cpus() -> None:
    """Before the script runs: torch's intra-op threads = the CPUs other processes leave free (at least one).

    torch's OpenMP threads spin-wait at every parallel region; a team larger than the free CPUs has threads
    descheduled mid-region, and the step waits for them. Measured on a 2-core box with one competing busy
    process (MLP + Adam Session step, 2026-11-24): 2 spinning threads (torch's default) 25-37 ms, 1 thread
    10-12 ms, OMP_WAIT_POLICY=PASSIVE 10.7-11.7 ms, real TF 7.3-11.5 ms. On a quiet machine nothing changes.
    The wait policy itself cannot change here: libgomp reads it when torch loads, before this runs. A
    script's own ConfigProto(intra_op_parallelism_threads=) or tf.config.threading settings apply afterwards,
    as in TF. Load that starts or ends while the script runs is followed by runtime/thread_fitting.py."""
    import os
    if any(os.environ.get(k) for k in _THREAD_ENV):
        return
    import torch
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:
        cpus = os.cpu_count() or 1
    free = max(1, cpus - _busy_cpus())
    if free < torch.get_num_threads():
        from tfcompat._src.runtime import thread_fitting
        thread_fitting.set_team_size(free)


def _run(args) -> int:
    from tfcompat._src.runtime.install import detect_script_api, install
    if args.keep_threads:
        from tfcompat._src.runtime import thread_fitting
        thread_fitting.disable()
    else:
        _fit_threads_to_free_cpus()
    api = args.api or detect_script_api(args.script)
    install(api)
    sys.argv = [args.script] + list(args.script_args)
    sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(args.script)))
    runpy.run_path(args.script, run_name="__main__")
    return 0


def _compare(args) -> int:
    from tfcompat._src.tools.compare import compare_script
    import importlib.util
    if importlib.util.find_spec("tensorflow") is None:
        print("compare needs real TensorFlow: pip install tensorflow-cpu==2.21.0 (or the `oracle` extra)",
              file=sys.stderr)
        return 2
    result = compare_script(args.script, args.script_args, args.api, align=not args.no_align, trace=args.trace,
                            trace_runs=args.trace_runs, rtol=args.rtol, atol=args.atol)
    failed = result.runs.tf_run.returncode != 0 or result.runs.tc_run.returncode != 0
    print(result.report(), file=sys.stderr if failed else sys.stdout)
    if failed:
        return 1
    return 0 if result.ok and result.divergence is None else 1


def _check(args) -> int:
    from tfcompat._src.tools.check import check_paths, exit_code, format_json, format_text
    import os
    missing = [p for p in args.paths if not os.path.exists(p)]
    if missing:
        print(f"check: no such file or directory: {', '.join(missing)}", file=sys.stderr)
        return 2
    reports = check_paths(args.paths, api=args.api)
    if args.format == "json":
        print(format_json(reports))
    else:
        print(format_text(reports, show_supported=not args.problems_only))
    return exit_code(reports)


def _bench(args) -> int:
    try:
        from benchmarks import report
    except ImportError:
        print("The benchmark suite lives in the repository's benchmarks/ folder; run this from a checkout.",
              file=sys.stderr)
        return 2
    argv = ["--device", args.device, "--clock", args.clock] + (["--quick"] if args.quick else [])
    return report.main(argv + (["--only", args.only] if args.only else []))


def _export(args) -> int:
    from tfcompat._src.tools.export.lowering import UnsupportedOpError
    from tfcompat._src.tools.export.script import export_script
    try:
        result = export_script(args.script, args.output, fetches=args.fetch, feeds=args.feed,
                               train_op=args.train_op, function=args.function, checkpoint=args.checkpoint,
                               script_args=args.script_args, api=args.api)
    except (UnsupportedOpError, ValueError, KeyError) as e:
        print(f"export: {e}", file=sys.stderr)
        return 1
    print(f"wrote {result.module_path} and {result.state_dict_path}"
          + (f" and {result.optimizer_state_path}" if result.optimizer_state_path else ""), file=sys.stderr)
    return 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tfcompat", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run a TensorFlow script with `import tensorflow` resolved to tfcompat")
    run.add_argument("--api", choices=("v1", "v2"), default=None,
                     help="TF1 graph-mode API or TF2 eager API (default: detected from the script)")
    run.add_argument("--keep-threads", action="store_true",
                     help="keep torch's default thread count even when other processes keep CPUs busy")
    run.add_argument("script")
    run.add_argument("script_args", nargs=argparse.REMAINDER)
    cmp_ = sub.add_parser("compare", help="run a script under real TensorFlow and under tfcompat; compare output")
    cmp_.add_argument("--api", choices=("v1", "v2"), default=None)
    cmp_.add_argument("--rtol", type=float, default=1e-5)
    cmp_.add_argument("--atol", type=float, default=1e-6)
    cmp_.add_argument("--no-align", action="store_true",
                      help="do not give tfcompat's run TF's initial variable values and random draws")
    cmp_.add_argument("--trace", action="store_true",
                      help="record every op's output in both runs (TF1: the first Session.run calls; TF2: the first "
                           "eager ops) and report the first op or variable that differs beyond --rtol/--atol")
    cmp_.add_argument("--trace-runs", type=int, default=3, metavar="N",
                      help="with --trace: how many Session.run calls to trace (default 3)")
    cmp_.add_argument("script")
    cmp_.add_argument("script_args", nargs=argparse.REMAINDER)
    check = sub.add_parser("check", help="report the TensorFlow symbols a script or directory uses and whether "
                                         "tfcompat supports each (static; exit status 1 if any is unsupported)")
    check.add_argument("--api", choices=("v1", "v2"), default=None,
                       help="read every file as TF1 or TF2 code (default: detected per file, as `run` does)")
    check.add_argument("--format", choices=("text", "json"), default="text")
    check.add_argument("--problems-only", action="store_true",
                       help="list only partial and unsupported uses (the summary still counts all)")
    check.add_argument("paths", nargs="+", metavar="SCRIPT.py|DIR")
    bench = sub.add_parser("bench", help="benchmark tfcompat against raw torch (and TensorFlow when installed)")
    bench.add_argument("--device", default="cpu", choices=("cpu", "cuda", "mps"))
    bench.add_argument("--quick", action="store_true")
    bench.add_argument("--only", default=None, help="comma-separated workload keys (benchmarks/workloads.py)")
    bench.add_argument("--clock", default="wall", choices=("wall", "cpu"),
                       help="time samples by wall time (default) or by the process's CPU time (steadier when shared)")
    export = sub.add_parser("export", help="run a script on tfcompat, then write part of its graph as a plain "
                                           "PyTorch module (no tfcompat import) and its weights as a state dict")
    export.add_argument("--api", choices=("v1", "v2"), default=None)
    export.add_argument("--fetch", action="append", default=[], metavar="NAME",
                        help="TF1: a tensor of the default graph to compute (repeatable; `loss` or `loss:0`)")
    export.add_argument("--feed", action="append", default=[], metavar="NAME",
                        help="TF1: a placeholder that becomes an argument of forward (repeatable, in order)")
    export.add_argument("--train-op", default=None, metavar="NAME",
                        help="TF1: the operation minimize() returned; adds make_optimizer(model)")
    export.add_argument("--checkpoint", default=None, metavar="PATH",
                        help="TF1: restore variable values from this tf.train.Saver checkpoint (default: the "
                             "script's open session, else the variables' initial values)")
    export.add_argument("--function", default=None, metavar="NAME",
                        help="TF2: a global tf.function of the script to export instead of TF1 fetches")
    export.add_argument("-o", "--output", required=True, metavar="OUT.py")
    export.add_argument("script")
    export.add_argument("script_args", nargs=argparse.REMAINDER)
    args = parser.parse_args(argv)
    if args.command == "run":
        return _run(args)
    if args.command == "compare":
        return _compare(args)
    if args.command == "check":
        return _check(args)
    if args.command == "export":
        return _export(args)
    return _bench(args)
