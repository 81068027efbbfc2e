"""tfcompat's side of an aligned or traced ``compare``: runs a script as ``python -m tfcompat run`` does, with
TensorFlow's recorded initial values and random draws substituted and (traced) intermediate tensors recorded.

Usage: ``python -m tfcompat._src.tools.compare.tfcompat_side API TF_RECORD OUT_RECORD|- TRACE_RUNS SCRIPT [ARGS]``

The substitutions go through documented hooks, not through the script:

- ``runtime.session.run_interceptors`` (graph mode): the N-th ``Session.run`` call gets TF's N-th call's values
  fed: each variable whose initializer TF ran in that call has its ``initial_value`` tensor fed TF's value (so
  its initializer assigns it), and each random op TF ran has its output fed TF's draw (matched by tensor name,
  dtype and shape). Traced calls also fetch the tensors TF traced (by name) and read the variables afterwards.
- ``ops.variables.initial_value_hooks`` (eager): a new variable takes the value of TF's next unused variable
  with the same name, shape and dtype (else the same shape and dtype, in creation order).
- ``framework.dispatch.EAGER_OBSERVERS`` (eager ops, outside tf.function: a function's plan calls kernels itself,
  and TF records no eager op for those): TF2 random ops get TF's draws in call order per op type (same shape and
  dtype), and a traced TF2 run records every eager op's outputs (``Aligner.observe_eager``).
"""
from __future__ import annotations

import atexit
import collections
import linecache
import os
import runpy
import sys

import numpy as np
import torch

from tfcompat._src.framework import errors
from tfcompat._src.tools.compare.graph_walk import executed_ops
from tfcompat._src.tools.compare.record import Record, load_record, write_record

__all__ = ["Aligner", "main"]


def _graph_variables(graph) -> dict:
    found = {}
    for key in graph.get_all_collection_keys():
        for v in graph.get_collection(key):
            if hasattr(v, "initializer") and hasattr(v, "initial_value"):
                found.setdefault(v.name, v)
    return found


def _source_line(op, script: str) -> str:
    script = os.path.abspath(script)
    for frame in reversed(list(getattr(op, "traceback", None) or [])):
        if os.path.abspath(frame.filename) == script:
            line = frame.line or linecache.getline(frame.filename, frame.lineno)
            return f"{os.path.basename(frame.filename)}:{frame.lineno}: {line.strip()}"
    return ""


_RANDOM_OP_TYPES = frozenset({
    "RandomUniform", "RandomUniformInt", "RandomStandardNormal", "TruncatedNormal", "RandomShuffle",
    "Multinomial", "RandomGamma", "RandomPoisson", "RandomPoissonV2", "ParameterizedTruncatedNormal"})
_UNTRACED_DTYPES = frozenset({"resource", "variant", "string"})


def _executed_ops(graph, fetches, feed_dict) -> list:
    """The graph's ops one Session.run executes, inputs before users (stopping at fed tensors)."""
    from tfcompat._src.framework import nest
    fed = set()
    for k in nest.flatten(list(feed_dict or {})):  # keys may be tuples (an LSTMStateTuple of tensors)
        fed.add(k if isinstance(k, str) else getattr(k, "name", None))
    starts = []
    for f in nest.flatten(fetches):
        if isinstance(f, str):
            f = graph.as_graph_element(f, allow_tensor=True, allow_operation=True)
        op = getattr(f, "op", None) if not hasattr(f, "control_inputs") else f
        if op is not None and getattr(op, "graph", None) is graph:
            starts.append(op)
    return executed_ops(starts, fed)


def _random_op_by_rank(graph, op_type: str, rank: int):
    count = -1
    for op in graph.get_operations():
        if op.type == op_type:
            count += 1
            if count == rank:
                return op
    return None


def _fits(tensor, value: np.ndarray) -> bool:
    return tensor.dtype.as_numpy_dtype == value.dtype and tensor.shape.is_compatible_with(value.shape)


class Aligner:
    """Holds TF's record and tfcompat's own record; installs and serves the hooks."""

    def __init__(self, tf_record: Record | None, script: str, trace_runs: int = 0):
        self.tf = tf_record
        self.script = script
        self.trace_runs = trace_runs
        self.calls = 0
        self.arrays: dict = {}
        self.eager_trace_ops = 20000
        self.manifest = {"api": tf_record.manifest["api"] if tf_record else "", "trace": {}, "vars_after": {},
                         "eager_trace": [],
                         "stats": {"variables_aligned": 0, "variables_unmatched": [], "random_fed": 0,
                                   "random_unmatched": []}}
        self._eager_used: set = set()
        self._eager_draws: dict = {}    # op type -> TF's eager draws of it, in call order
        self._eager_drawn = collections.Counter()
        self._eager_trace = False

    def _add(self, value) -> str:
        key = f"a{len(self.arrays)}"
        self.arrays[key] = np.asarray(value)
        return key

    # -- graph mode --------------------------------------------------------------------------------------
    def intercept_run(self, session, fetches, feed_dict, options, run_metadata):
        index = self.calls
        self.calls += 1
        graph = session.graph
        stats = self.manifest["stats"]
        entry = self.tf.manifest["runs"].get(str(index)) if self.tf else None
        feeds = {}
        if entry:
            variables = _graph_variables(graph)
            for name, key in entry["init"]:
                var, value = variables.get(name), self.tf.array(key)
                if var is not None and var.initial_value is not None and _fits(var.initial_value, value):
                    feeds[var.initial_value] = value
                    stats["variables_aligned"] += 1
                else:
                    stats["variables_unmatched"].append(name)
            for name, key, op_type, rank in entry["random"]:
                value = self.tf.array(key)
                try:
                    tensor = graph.get_tensor_by_name(name)
                except (KeyError, ValueError):
                    tensor = None
                if tensor is None or tensor.op.type != op_type:
                    # tfcompat names the op differently: the op of the same type created at the same rank.
                    op = _random_op_by_rank(graph, op_type, rank)
                    tensor = op.outputs[0] if op is not None else None
                if tensor is not None and _fits(tensor, value):
                    feeds[tensor] = value
                    stats["random_fed"] += 1
                else:
                    stats["random_unmatched"].append(name)
        if feeds and feed_dict:
            feeds = {**feeds, **dict(feed_dict)}
        elif not feeds:
            feeds = feed_dict
        if index >= self.trace_runs:
            return session._run(fetches, feeds, options, run_metadata)
        traced = [t for op in _executed_ops(graph, fetches, feeds) if op.type not in ("Placeholder",)
                  for t in op.outputs if t.dtype.name not in _UNTRACED_DTYPES]
        result, values = session._run([fetches, traced], feeds, options, run_metadata)
        self.manifest["trace"][str(index)] = [[t.name, t.op.type, _source_line(t.op, self.script), self._add(v)]
                                              for t, v in zip(traced, values)]
        self._record_variables(session, index)
        return result

    def _record_variables(self, session, index):
        rows = self.manifest["vars_after"][str(index)] = []
        variables = _graph_variables(session.graph)
        for name, _ in self.tf.manifest["vars_after"].get(str(index), []):
            var = variables.get(name)
            if var is None:
                continue
            try:
                rows.append([name, self._add(session._run(var, None))])
            except errors.FailedPreconditionError:
                continue

    # -- eager -------------------------------------------------------------------------------------------
    def initial_value(self, name, shape, dtype, value: torch.Tensor):
        if not self.tf:
            return None
        entries = self.tf.manifest["vars"]
        dims = None if shape.rank is None else [d for d in shape.as_list()]
        choice = None
        for exact in (True, False):
            for i, (tf_name, tf_shape, tf_dtype, key) in enumerate(entries):
                if i in self._eager_used or key is None or tf_shape != dims or tf_dtype != dtype.name:
                    continue
                if exact and tf_name != name:
                    continue
                choice = i
                break
            if choice is not None:
                break
        stats = self.manifest["stats"]
        if choice is None:
            stats["variables_unmatched"].append(name)
            return None
        self._eager_used.add(choice)
        recorded = self.tf.array(entries[choice][3])
        stats["variables_aligned"] += 1
        return torch.from_numpy(np.array(recorded, copy=True)).to(device=value.device, dtype=value.dtype)

    def observe_eager(self, op_def, outs, torch_inputs):
        """The eager observer (``dispatch.EAGER_OBSERVERS``): for an op type TF drew eagerly, TF's next draw of
        that type replaces the outputs (when shape and dtype agree); when tracing, the outputs and the script line
        are recorded."""
        op_type = op_def.name
        records = self._eager_draws.get(op_type)
        if records is not None and self._eager_drawn[op_type] < len(records):
            position = self._eager_drawn[op_type]
            self._eager_drawn[op_type] += 1
            _, shape, dtype, key = records[position]
            stats = self.manifest["stats"]
            if list(outs.shape) == shape and str(outs.dtype).removeprefix("torch.") == dtype:
                stats["random_fed"] += 1
                outs = torch.from_numpy(np.array(self.tf.array(key), copy=True)).to(outs.device)
            else:
                stats["random_unmatched"].append(f"eager {op_type} #{position}")
        rows = self.manifest["eager_trace"]
        if self._eager_trace and len(rows) < self.eager_trace_ops:
            flat = (outs,) if isinstance(outs, torch.Tensor) else outs
            keys = [self._add(o.detach().cpu().numpy()) if isinstance(o, torch.Tensor) else None
                    for o in (flat if isinstance(flat, (tuple, list)) else ())]
            rows.append([op_type, self._eager_source(), keys])
        return outs

    def _eager_source(self) -> str:
        script = os.path.abspath(self.script)
        frame = sys._getframe(1)
        while frame is not None:
            if os.path.abspath(frame.f_code.co_filename) == script:
                line = linecache.getline(frame.f_code.co_filename, frame.f_lineno).strip()
                return f"{os.path.basename(script)}:{frame.f_lineno}: {line}"
            frame = frame.f_back
        return ""

    def install(self) -> None:
        """Installs the hooks: ``run_interceptors``, ``initial_value_hooks`` and, for TF2 eager random draws and
        eager traces, the eager observer ``observe_eager``."""
        from tfcompat._src.framework import dispatch
        from tfcompat._src.ops import variables
        from tfcompat._src.runtime import session
        session.run_interceptors.append(self.intercept_run)
        variables.initial_value_hooks.append(self.initial_value)
        if not self.tf:
            return
        for row in self.tf.manifest.get("eager_random", []):
            self._eager_draws.setdefault(row[0], []).append(row)
        self._eager_trace = self.tf.manifest["api"] == "v2" and self.trace_runs > 0
        if self._eager_trace or self._eager_draws:
            dispatch.EAGER_OBSERVERS.append(self.observe_eager)

    def uninstall(self) -> None:
        """Removes what ``install`` installed."""
        from tfcompat._src.framework import dispatch
        from tfcompat._src.ops import variables
        from tfcompat._src.runtime import session
        for hooks, hook in ((session.run_interceptors, self.intercept_run),
                            (variables.initial_value_hooks, self.initial_value),
                            (dispatch.EAGER_OBSERVERS, self.observe_eager)):
            if hook in hooks:
                hooks.remove(hook)

    def write(self, path: str) -> None:
        write_record(path, self.manifest, self.arrays)


def main(argv=None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    api, tf_path, out_path, trace_runs, script = argv[:5]
    tf_record = load_record(tf_path) if tf_path != "-" else None
    aligner = Aligner(tf_record, script, int(trace_runs))
    aligner.install()
    if out_path != "-":
        atexit.register(aligner.write, out_path)
    # As `python -m tfcompat run --api API SCRIPT ARGS` runs it.
    from tfcompat._src.runtime.install import install
    install(api)
    sys.argv = [script, *argv[5:]]
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    try:
        runpy.run_path(script, run_name="__main__")
    finally:
        aligner.uninstall()
    return 0


if __name__ == "__main__":
    sys.exit(main())
