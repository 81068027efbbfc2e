"""Command line.

- ``python -m tfcompat run SCRIPT.py``: runs an unmodified TensorFlow script on tfcompat.
- ``python -m tfcompat compare SCRIPT.py``: runs it under real TensorFlow and tfcompat; compares the output.
- ``python -m tfcompat bench``: the benchmark suite (from a repository checkout)."""
from __future__ import annotations

import argparse
import runpy
import sys

__all__ = ["main"]


def _run(args) -> int:
    from tfcompat._src.runtime.install import detect_api, install
    with open(args.script, encoding="utf-8") as f:
        source = f.read()
    api = args.api or detect_api(source)
    install(api)
    sys.argv = [args.script] + list(args.script_args)
    sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(args.script)))
    runpy.run_path(args.script, run_name="__main__")
    return 0


def _compare(args) -> int:
    from tfcompat._src.runtime.compare import compare_outputs, run_both
    import importlib.util
    if importlib.util.find_spec("tensorflow") is None:
        print("compare needs real TensorFlow: pip install tensorflow-cpu==2.21.0 (or the `oracle` extra)",
              file=sys.stderr)
        return 2
    tf_run, tc_run, api = run_both(args.script, args.script_args, args.api)
    for name, run in (("TensorFlow", tf_run), ("tfcompat", tc_run)):
        if run.returncode != 0:
            print(f"{name} run failed (exit {run.returncode}):\n{run.stderr[-3000:]}", file=sys.stderr)
    if tf_run.returncode != 0 or tc_run.returncode != 0:
        return 1
    diffs = compare_outputs(tf_run.stdout, tc_run.stdout, rtol=args.rtol, atol=args.atol)
    n = len(tf_run.stdout.splitlines())
    if not diffs:
        print(f"same output ({n} lines, api {api}, rtol={args.rtol}, atol={args.atol})")
        return 0
    print(f"{len(diffs)} of {n} lines differ (api {api}, rtol={args.rtol}, atol={args.atol}):")
    for line, e, a in diffs[:50]:
        print(f"  line {line}:\n    TensorFlow: {e}\n    tfcompat:   {a}")
    return 1


def _bench(args) -> int:
    try:
        from benchmarks import report
    except ImportError:
        print("The benchmark suite lives in the repository's benchmarks/ folder; run this from a checkout.",
              file=sys.stderr)
        return 2
    return report.main(["--device", args.device] + (["--quick"] if args.quick else []))


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tfcompat", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("run", help="run a TensorFlow script with `import tensorflow` resolved to tfcompat")
    run.add_argument("--api", choices=("v1", "v2"), default=None,
                     help="TF1 graph-mode API or TF2 eager API (default: detected from the script)")
    run.add_argument("script")
    run.add_argument("script_args", nargs=argparse.REMAINDER)
    cmp_ = sub.add_parser("compare", help="run a script under real TensorFlow and under tfcompat; compare output")
    cmp_.add_argument("--api", choices=("v1", "v2"), default=None)
    cmp_.add_argument("--rtol", type=float, default=1e-5)
    cmp_.add_argument("--atol", type=float, default=1e-6)
    cmp_.add_argument("script")
    cmp_.add_argument("script_args", nargs=argparse.REMAINDER)
    bench = sub.add_parser("bench", help="benchmark tfcompat against raw torch (and TensorFlow when installed)")
    bench.add_argument("--device", default="cpu", choices=("cpu", "cuda", "mps"))
    bench.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "run":
        return _run(args)
    if args.command == "compare":
        return _compare(args)
    return _bench(args)
