"""``tf.test.Benchmark`` and ``tf.test.benchmark_config``: TF's benchmark base class, reporting entries as TF prints
them (a ``BenchmarkEntries`` text block on stdout) and timing graph ops through a Session."""
from __future__ import annotations

import inspect
import time
import types

import numpy as np

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import nest
from tfcompat._src.ops.state_ops import ConfigProto, GraphOptions
from tfcompat._src.runtime.session import Session, get_default_session

__all__ = ["Benchmark", "benchmark_config"]

_REWRITER_OFF = 2   # RewriterConfig.Toggle.OFF


def benchmark_config() -> ConfigProto:
    """Mirrors ``tf.test.benchmark_config``: a ConfigProto with grappler's dependency optimization off (which
    tfcompat's plans do not have; the option is kept for scripts that read it)."""
    rewrite = types.SimpleNamespace(dependency_optimization=_REWRITER_OFF)
    return ConfigProto(graph_options=GraphOptions(rewrite_options=rewrite))


def _number(value) -> str:
    """A double as protobuf's text format prints it: integral values without a fraction, else the shortest repr."""
    value = float(value)
    return str(int(value)) if value.is_integer() else repr(value)


def _format_entry(name, iters, cpu_time, wall_time, throughput, extras, metrics) -> str:
    lines = ["entry {", f'  name: "{name}"']
    for key, value in (("iters", iters), ("cpu_time", cpu_time), ("wall_time", wall_time),
                       ("throughput", throughput)):
        if value is not None:
            lines.append(f"  {key}: {value}" if key == "iters" else f"  {key}: {_number(value)}")
    for key in sorted(extras or {}):
        value = extras[key]
        kind = (f"double_value: {_number(value)}" if isinstance(value, (int, float, np.number))
                else f'string_value: "{value}"')
        lines += ["  extras {", f'    key: "{key}"', "    value {", f"      {kind}", "    }", "  }"]
    for metric in metrics or ():
        lines += ["  metrics {", f'    name: "{metric["name"]}"', f"    value: {_number(metric['value'])}", "  }"]
    lines.append("}")
    return "\n".join(lines) + "\n"


class Benchmark:
    """Mirrors ``tf.test.Benchmark``: subclasses define ``benchmark*`` methods that call ``report_benchmark``
    (printed as TF prints a ``BenchmarkEntries`` entry; TF's ``TEST_REPORT_FILE_PREFIX`` files are not written)
    or ``run_op_benchmark`` (times ``Session.run`` of an op: burn-in runs, then ``min_iters`` timed runs, median)."""

    @classmethod
    def is_abstract(cls) -> bool:
        return len(cls.mro()) <= 2   # Benchmark itself (and object): no benchmarks of its own

    def _get_name(self, overwrite_name=None) -> str:
        """TF's rule: the outermost calling method of a Benchmark instance names the entry ``Class.method``."""
        for frame in reversed(inspect.stack()):
            caller = frame.frame.f_locals.get("self")
            if isinstance(caller, Benchmark):
                return f"{type(caller).__name__}.{overwrite_name or frame.function}"
        raise ValueError("Unable to determine calling Benchmark class.")

    def report_benchmark(self, iters=None, cpu_time=None, wall_time=None, throughput=None, extras=None,
                         name=None, metrics=None) -> None:
        """Mirrors ``Benchmark.report_benchmark``: prints the entry."""
        print(_format_entry(self._get_name(overwrite_name=name), iters, cpu_time, wall_time, throughput,
                            extras, metrics))

    def run_op_benchmark(self, sess, op_or_tensor, feed_dict=None, burn_iters=2, min_iters=10,
                         store_trace=False, store_memory_usage=True, name=None, extras=None, mbs=0) -> dict:
        """Mirrors ``Benchmark.run_op_benchmark``: returns and reports ``iters``, median ``wall_time`` (seconds),
        ``throughput`` (``mbs`` per second), ``name`` (the argument, as TF) and ``extras``. TF's memory-usage extras and traces are
        not measured."""
        for _ in range(burn_iters):
            sess.run(op_or_tensor, feed_dict=feed_dict)
        deltas = []
        for _ in range(min_iters):
            start = time.time()
            sess.run(op_or_tensor, feed_dict=feed_dict)
            deltas.append(time.time() - start)
        wall = float(np.median(deltas)) if deltas else 0.0
        values = {"iters": min_iters, "wall_time": wall, "extras": dict(extras or {}),
                  "name": name, "throughput": mbs / wall if wall else 0.0}
        self.report_benchmark(iters=min_iters, wall_time=wall, throughput=values["throughput"] or None,
                              extras=values["extras"], name=name)
        return values

    def evaluate(self, tensors):
        """Mirrors ``Benchmark.evaluate``: the tensors' values (through the default Session in graph mode)."""
        if ctx_lib.graph_mode_graph() is None:
            return nest.map_structure(lambda t: t.numpy() if hasattr(t, "numpy") else t, tensors)
        sess = get_default_session()
        if sess is not None:
            return sess.run(tensors)
        with Session() as new_sess:
            return new_sess.run(tensors)
