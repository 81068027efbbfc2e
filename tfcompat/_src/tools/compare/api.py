"""``compare_script``: the API behind ``python -m tfcompat compare`` (plain, aligned and traced runs)."""
from __future__ import annotations

import dataclasses

from tfcompat._src.runtime.compare import compare_outputs
from tfcompat._src.tools.compare.divergence import Divergence, first_divergence, format_divergence
from tfcompat._src.tools.compare.runner import BothRuns, run_both_aligned

__all__ = ["CompareResult", "compare_script"]


@dataclasses.dataclass
class CompareResult:
    """What ``compare_script`` found. ``ok``: both runs exit 0 and print the same (within tolerance)."""
    runs: BothRuns
    diffs: list                       # (line number, TF line, tfcompat line) of differing printed lines
    divergence: Divergence | None     # traced runs: the first differing tensor or variable
    trace_counts: dict
    rtol: float
    atol: float

    @property
    def ok(self) -> bool:
        return self.runs.tf_run.returncode == 0 and self.runs.tc_run.returncode == 0 and not self.diffs

    @property
    def alignment(self) -> dict:
        """tfcompat's alignment counts: variables aligned/unmatched, random draws fed/unmatched ({} if none)."""
        return (self.runs.tc_record.manifest.get("stats", {}) if self.runs.tc_record else {})

    def report(self) -> str:
        """The text ``python -m tfcompat compare`` prints."""
        tf_run, tc_run = self.runs.tf_run, self.runs.tc_run
        lines = []
        for name, run in (("TensorFlow", tf_run), ("tfcompat", tc_run)):
            if run.returncode != 0:
                lines.append(f"{name} run failed (exit {run.returncode}):\n{run.stderr[-3000:]}")
        if tf_run.returncode == 0 and tc_run.returncode == 0:
            n = len(tf_run.stdout.splitlines())
            mode = "aligned" if self.runs.tf_record is not None else "not aligned"
            if not self.diffs:
                lines.append(f"same output ({n} lines, api {self.runs.api}, {mode}, rtol={self.rtol}, "
                             f"atol={self.atol})")
            else:
                lines.append(f"{len(self.diffs)} of {n} lines differ (api {self.runs.api}, {mode}, "
                             f"rtol={self.rtol}, atol={self.atol}):")
                for line, e, a in self.diffs[:50]:
                    lines.append(f"  line {line}:\n    TensorFlow: {e}\n    tfcompat:   {a}")
        stats = self.alignment
        if stats:
            unmatched = stats["variables_unmatched"] + stats["random_unmatched"]
            lines.append(f"aligned: {stats['variables_aligned']} variable initial values and {stats['random_fed']} "
                         f"random draws from TF's run" + (f"; not matched in tfcompat's run: "
                                                          f"{', '.join(sorted(set(unmatched))[:10])}"
                                                          if unmatched else ""))
        if self.trace_counts:
            lines.append(format_divergence(self.divergence, self.trace_counts, self.rtol, self.atol))
        return "\n".join(lines)


def compare_script(script: str, args=(), api: str | None = None, align: bool = True, trace: bool = False,
                   trace_runs: int = 3, rtol: float = 1e-5, atol: float = 1e-6, timeout: float = 600,
                   cwd: str | None = None) -> CompareResult:
    """Runs ``script`` under real TensorFlow and under tfcompat and compares them (``python -m tfcompat compare``).

    Args:
      script, args: the script and its command-line arguments.
      api: "v1" (``import tensorflow`` is ``tf.compat.v1`` in graph mode) or "v2"; default: detected.
      align: TF's variable initial values (graph: by name, in the Session.run call that initializes them;
        eager: by creation order, name, shape and dtype) and TF1 graphs' random draws (by op name, else op type and
        creation rank) are given to tfcompat's run, so random-init scripts compare number by number.
      trace: also record every intermediate tensor of the first ``trace_runs`` Session.run calls (TF1 graphs)
        and the variables after each, or the outputs of the first 20000 eager ops (TF2), and find the first
        that differs (``CompareResult.divergence``).
      rtol, atol: tolerances for printed numbers and float32/float64 tensors (half precision: at least 1e-3).

    Needs real TensorFlow installed (it runs in a subprocess with the reference settings)."""
    runs = run_both_aligned(script, args, api, align=align or trace, trace_runs=trace_runs if trace else 0,
                            timeout=timeout, cwd=cwd)
    diffs = []
    if runs.tf_run.returncode == 0 and runs.tc_run.returncode == 0:
        diffs = compare_outputs(runs.tf_run.stdout, runs.tc_run.stdout, rtol=rtol, atol=atol)
    divergence, counts = None, {}
    if trace and runs.tf_record is not None and runs.tc_record is not None:
        divergence, counts = first_divergence(runs.tf_record, runs.tc_record, rtol, atol)
    return CompareResult(runs, diffs, divergence, counts, rtol, atol)
