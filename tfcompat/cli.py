"""Command line: ``python -m tfcompat run SCRIPT.py`` runs an unmodified TensorFlow script on tfcompat."""
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
    bench = sub.add_parser("bench", help="benchmark tfcompat against raw torch (and TensorFlow when installed)")
    bench.add_argument("--device", default="cpu", choices=("cpu", "cuda", "mps"))
    bench.add_argument("--quick", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "run":
        return _run(args)
    return _bench(args)
