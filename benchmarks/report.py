"""Benchmark report: ``python -m tfcompat bench [--device cpu|cuda|mps] [--quick]``.

Runs every workload of ``benchmarks/workloads.py`` in every implementation, interleaved round-robin in one
process (so machine-load drift hits all implementations alike), checks once that all implementations agree,
prints a table of medians and ratios, and writes ``benchmarks/out/report.md`` and ``benchmarks/out/chart.png``.
"""
from __future__ import annotations

import argparse
import contextlib
import datetime
import gc
import os
import platform
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass, field

import numpy as np

from benchmarks import catalog, workloads as W

# The clock of the timed samples: wall time (default), or the process's CPU time (``--clock cpu``), which a
# machine shared with other jobs disturbs much less; with one thread per framework the two agree on a quiet box.
CLOCK = [time.perf_counter]

OUT_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)), "out")

# (numerator, denominator) of each ratio column.
RATIOS: tuple[tuple[str, str], ...] = (
    ("tfc-session", "torch"), ("tfc-eager", "torch"), ("tfc-function", "torch"),
    ("tfc-session", "tf-session"), ("tfc-eager", "tf-eager"), ("tfc-function", "tf-function"))

# Issue 7's targets for tfcompat/torch (tracked, not asserted); tfcompat/TF must be < 1 everywhere on the CPU.
TORCH_TARGETS: dict[str, float] = {"mlp": 1.10, "matmul": 1.10, "linreg": 1.5, "chain": 1.5, "session1": 1.5}


@dataclass
class Row:
    workload: W.Workload
    label: str
    medians: dict[str, float] = field(default_factory=dict)   # seconds per call
    status: dict[str, str] = field(default_factory=dict)      # impl -> "n/a: ..." / "wrong: ..." / "error: ..."
    samples: dict[str, list[float]] = field(default_factory=dict)

    def ratio(self, num: str, den: str) -> float | None:
        if num in self.medians and den in self.medians:
            return self.medians[num] / self.medians[den]
        return None


def _check(ref: list[np.ndarray], got: list[np.ndarray], rtol: float) -> str | None:
    if len(ref) != len(got):
        return f"{len(got)} outputs, expected {len(ref)}"
    for i, (a, b) in enumerate(zip(ref, got)):
        if a.shape != b.shape:
            return f"output {i}: shape {b.shape}, expected {a.shape}"
        scale = float(np.max(np.abs(a))) if a.size else 0.0
        if not np.allclose(b, a, rtol=rtol, atol=rtol * max(scale, 1e-6)):
            return f"output {i}: max abs diff {float(np.max(np.abs(a - b))):.3g} (scale {scale:.3g})"
    return None


def run_workload(env: W.Env, w: W.Workload, repeats: int, target_s: float, log=print) -> Row:
    """Builds, checks and times every implementation of ``w``; the implementations' repeats interleave."""
    row = Row(w, W.workload_label(env, w))
    steps: dict[str, W.Step] = {}
    for impl in W.IMPLS:
        try:
            steps[impl] = W.timed_step(env, impl, w.build(env, impl))
        except W.NotApplicable as e:
            row.status[impl] = f"n/a: {e}"
        except Exception as e:  # reported in the table and the notes: one broken implementation must not stop the run
            row.status[impl] = f"error: {type(e).__name__}: {str(e).splitlines()[0][:160] if str(e) else ''}"
    # Correctness once, before timing: the first call's outputs against torch's (or the first that ran).
    outputs: dict[str, list[np.ndarray]] = {}
    for impl, step in list(steps.items()):
        try:
            outputs[impl] = W.to_numpy(step())
        except Exception as e:  # as above: recorded, shown as 'error'
            row.status[impl] = f"error: {type(e).__name__}: {str(e).splitlines()[0][:160] if str(e) else ''}"
            del steps[impl]
    if outputs:
        ref_impl = "torch" if "torch" in outputs else next(iter(outputs))
        for impl, out in outputs.items():
            problem = _check(outputs[ref_impl], out, w.rtol)
            if problem is not None:
                row.status[impl] = f"wrong vs {ref_impl}: {problem}"
                del steps[impl]
    # Calibrate: calls per sample so that one sample lasts about target_s (after a warm call).
    number: dict[str, int] = {}
    for impl, step in steps.items():
        t0 = CLOCK[0]()
        step()
        dt = CLOCK[0]() - t0
        number[impl] = max(1, int(target_s / max(dt, 1e-7)))
    order = list(steps)
    gc.collect()
    for r in range(repeats):
        for impl in order[r % len(order):] + order[:r % len(order)] if order else []:
            step, n = steps[impl], number[impl]
            t0 = CLOCK[0]()
            for _ in range(n):
                step()
            row.samples.setdefault(impl, []).append((CLOCK[0]() - t0) / n)
    row.medians = {impl: statistics.median(s) for impl, s in row.samples.items()}
    log(f"  {row.label}: " + ", ".join(f"{i} {_fmt_time(t)}" for i, t in row.medians.items()))
    return row


def _fmt_time(t: float | None) -> str:
    if t is None:
        return "n/a"
    if t < 1e-3:
        return f"{t * 1e6:.0f} us"
    if t < 1:
        return f"{t * 1e3:.2f} ms"
    return f"{t:.2f} s"


def _cell(row: Row, impl: str) -> str:
    if impl in row.medians:
        text = _fmt_time(row.medians[impl])
        if row.workload.flops is not None:
            text += f" ({row.workload.flops(ENV) / row.medians[impl] / 1e9:.0f} GF/s)"
        return text
    status = row.status.get(impl, "n/a")
    return status.split(":")[0]


def _ratio_cell(row: Row, num: str, den: str) -> str:
    r = row.ratio(num, den)
    if r is None:
        return "n/a"
    target = TORCH_TARGETS.get(row.workload.key) if den == "torch" else (1.0 if ENV.device == "cpu" else None)
    miss = target is not None and r > target
    return f"{r:.2f}" + (" !" if miss else "")


def tables(rows: list[Row]) -> tuple[list[str], list[list[str]], list[str], list[list[str]]]:
    head1 = ["workload"] + list(W.IMPLS)
    body1 = [[r.label] + [_cell(r, i) for i in W.IMPLS] for r in rows]
    head2 = ["workload"] + [f"{n}/{d}" for n, d in RATIOS]
    body2 = [[r.label] + [_ratio_cell(r, n, d) for n, d in RATIOS] for r in rows]
    return head1, body1, head2, body2


def _text_table(head: list[str], body: list[list[str]]) -> str:
    widths = [max(len(x) for x in col) for col in zip(head, *body)]
    lines = ["  ".join(h.ljust(w) for h, w in zip(head, widths)), "  ".join("-" * w for w in widths)]
    lines += ["  ".join(c.ljust(w) for c, w in zip(line, widths)) for line in body]
    return "\n".join(lines)


def _md_table(head: list[str], body: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(line) + " |" for line in body]
    return "\n".join(lines)


def environment_lines(env: W.Env, args) -> list[str]:
    import torch
    tf_version = env.tf.__version__ if env.tf is not None else "not installed"
    machine = f"{platform.machine()}, {os.cpu_count()} logical CPUs, {platform.processor() or platform.platform()}"
    if env.device == "cuda":
        machine += f", GPU {torch.cuda.get_device_name(0)}"
    lines = [
        f"date: {datetime.datetime.now(datetime.timezone.utc).strftime('%Y-%m-%d %H:%M UTC')}",
        f"device: {env.device}; mode: {'quick' if env.quick else 'full'}; repeats: {args.repeats}, "
        f"~{args.target_ms:g} ms per sample (median of per-call times over the samples); clock: "
        f"{'process CPU time' if args.clock == 'cpu' else 'wall time'}",
        f"torch {torch.__version__}, TensorFlow {tf_version}, numpy {np.__version__}, Python {platform.python_version()}",
        f"threads: torch.set_num_threads({env.threads}) (torch reports {torch.get_num_threads()}); "
        f"TF intra/inter op = {env.tf_threads}",
        f"machine: {machine}",
    ]
    return lines + [f"note: {n}" for n in env.notes]


def write_chart(rows: list[Row], path: str) -> str | None:
    """Grouped bars: each implementation's median relative to raw torch, per workload (log scale)."""
    try:
        import matplotlib
    except ImportError:
        return "chart skipped: matplotlib not installed (pip install 'tfcompat[plot]' or pip install matplotlib)"
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt
    impls = [i for i in W.IMPLS if i != "torch"]
    fig, ax = plt.subplots(figsize=(12, 5))
    width = 0.8 / len(impls)
    for k, impl in enumerate(impls):
        xs, ys = [], []
        for j, r in enumerate(rows):
            ratio = r.ratio(impl, "torch")
            if ratio is not None:
                xs.append(j + (k - len(impls) / 2 + 0.5) * width)
                ys.append(ratio)
        ax.bar(xs, ys, width, label=impl)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_yscale("log")
    ax.set_xticks(range(len(rows)))
    ax.set_xticklabels([r.label.split(",")[0] for r in rows], rotation=20, ha="right", fontsize=8)
    ax.set_ylabel("median time / raw torch (log)")
    ax.set_title(f"tfcompat vs torch vs TensorFlow ({ENV.device}{', quick' if ENV.quick else ''})")
    ax.legend(fontsize=8, ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
    return None


@contextlib.contextmanager
def busy_process():
    """One CPU-bound competing process (a Python busy loop) for the duration of the block. The loop also ends
    when this process dies without running the ``finally`` (e.g. killed by SIGTERM): it watches its parent."""
    loop = ("import os\nparent = os.getppid()\nwhile os.getppid() == parent:\n"
            "    for _ in range(1000000):\n        pass\n")
    proc = subprocess.Popen([sys.executable, "-c", loop])
    try:
        time.sleep(0.5)  # let the scheduler see it
        yield proc
    finally:
        proc.kill()
        proc.wait()


def slowdown_table(quiet: list[Row], loaded: list[Row]) -> tuple[list[str], list[list[str]]]:
    """Loaded / quiet median per implementation; ``!`` where tfcompat slows down more than TF in that mode."""
    head = ["workload"] + list(W.IMPLS)
    body = []
    for q, ld in zip(quiet, loaded):
        factors = {i: ld.medians[i] / q.medians[i] for i in W.IMPLS if i in q.medians and i in ld.medians}
        cells = [q.label]
        for impl in W.IMPLS:
            if impl not in factors:
                cells.append("n/a")
                continue
            tf_impl = "tf-" + impl.split("-", 1)[1] if impl.startswith("tfc-") else None
            miss = tf_impl in factors and factors[impl] > factors[tf_impl]
            cells.append(f"{factors[impl]:.2f}" + (" !" if miss else ""))
        body.append(cells)
    return head, body


ENV: W.Env  # set by main(); the table helpers read the device and sizes from it


def main(argv: list[str] | None = None) -> int:
    """Runs the benchmarks and writes the report; returns the process exit status."""
    global ENV
    p = argparse.ArgumentParser(prog="python -m tfcompat bench", description=__doc__)
    p.add_argument("--device", default="cpu", choices=("cpu", "cuda", "mps"))
    p.add_argument("--quick", action="store_true", help="fewer repeats, smaller chain and matmul (< 2 min)")
    p.add_argument("--threads", type=int, default=1,
                   help="torch and TF thread count (default 1: per-call overhead is what differs, and "
                        "multi-threaded OpenMP is erratic on a loaded machine)")
    p.add_argument("--only", default=None, help="comma-separated workload keys: "
                   + ",".join(w.key for w in catalog.WORKLOADS))
    p.add_argument("--repeats", type=int, default=None)
    p.add_argument("--target-ms", type=float, default=None, help="approximate duration of one timed sample")
    p.add_argument("--out", default=OUT_DIR)
    p.add_argument("--loaded", action="store_true",
                   help="measure every workload twice, quiet and with one competing busy process, and add a "
                        "slowdown table (loaded / quiet time per implementation)")
    p.add_argument("--clock", default="wall", choices=("wall", "cpu"),
                   help="wall: time.perf_counter (default); cpu: time.process_time, the CPU time of the whole process "
                        "(all threads), steadier on a shared machine")
    args = p.parse_args(argv)
    args.repeats = args.repeats or (5 if args.quick else 11)
    args.target_ms = args.target_ms or (20.0 if args.quick else 60.0)
    CLOCK[0] = time.process_time if args.clock == "cpu" else time.perf_counter
    ENV = env = W.make_env(args.device, args.quick, args.threads)
    selected = catalog.WORKLOADS if not args.only else [catalog.WORKLOAD_BY_KEY[k] for k in args.only.split(",")]
    env_lines = environment_lines(env, args)
    print("\n".join(env_lines), flush=True)
    t_start = time.perf_counter()
    rows = [run_workload(env, w, args.repeats, args.target_ms / 1e3,
                         log=lambda s: print(s, flush=True)) for w in selected]
    loaded_rows = []
    if args.loaded:
        print("\nloaded: one competing busy process", flush=True)
        with busy_process():
            loaded_rows = [run_workload(env, w, args.repeats, args.target_ms / 1e3,
                                        log=lambda s: print(s, flush=True)) for w in selected]
    head1, body1, head2, body2 = tables(rows)
    print("\nmedian time per call\n" + _text_table(head1, body1))
    print("\nratios (! = misses its target: tfcompat/torch <= 1.10 on 3-4, <= 1.5 on 1, 2, 6; "
          "tfcompat/TF < 1 on the CPU)\n" + _text_table(head2, body2))
    notes = [f"{r.label} / {impl}: {s}" for r in rows for impl, s in r.status.items()
             if not s.startswith("n/a")]
    notes += [f"{r.label} / {impl}: {s}" for r in rows for impl, s in r.status.items() if s.startswith("n/a")]
    notes += [n for n in env.notes if f"note: {n}" not in env_lines]   # added while running (tfc-compiled)
    slowdown_md: list[str] = []
    if loaded_rows:
        head3, body3 = slowdown_table(rows, loaded_rows)
        print("\nslowdown under load (loaded / quiet median; target: each tfcompat column <= the TF column of "
              "the same mode)\n" + _text_table(head3, body3))
        slowdown_md = ["## Slowdown with one competing busy process", "",
                       "Loaded / quiet median per implementation (same process, same thread settings).", "",
                       _md_table(head3, body3), ""]
        head1l, body1l, _, _ = tables(loaded_rows)
        slowdown_md += ["## Median time per call, loaded", "", _md_table(head1l, body1l), ""]
    if notes:
        print("\nnotes:\n" + "\n".join("  " + n for n in notes))
    os.makedirs(args.out, exist_ok=True)
    chart_path = os.path.join(args.out, "chart.png")
    chart_note = write_chart(rows, chart_path)
    md = ["# tfcompat benchmark report", ""] + [f"- {line}" for line in env_lines]
    md += [f"- wall time of the run: {time.perf_counter() - t_start:.0f} s", "",
           "## Median time per call", "", _md_table(head1, body1), "",
           "## Ratios", "", "`!` marks a missed target (tfcompat/torch <= 1.10 on workloads 3-4, <= 1.5 on 1, 2 "
           "and 6; tfcompat/TF < 1 on the CPU).", "", _md_table(head2, body2), ""]
    md += slowdown_md
    if notes:
        md += ["## Notes", ""] + [f"- {n}" for n in notes] + [""]
    md += [chart_note or "![chart](chart.png)", ""]
    with open(os.path.join(args.out, "report.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(md))
    print(f"\nwrote {os.path.join(args.out, 'report.md')}" + (f"; {chart_note}" if chart_note else
                                                                 f" and {chart_path}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
