"""Runs a script under real TensorFlow for ``python -m tfcompat compare`` and records what an aligned or traced
comparison needs (executed as a file in a subprocess: it must not import tfcompat, which would load torch).

Usage: ``python tf_side.py API RECORD_PATH TRACE_RUNS SCRIPT [ARGS...]`` (a plain run, recording nothing, is
``runtime/compare.py``'s ``_TF_RUNNER``).

- API ``v1``: ``import tensorflow`` resolves to ``tf.compat.v1`` with v2 behaviour off (as ``tfcompat run`` does).
- RECORD_PATH: where to write the record (an ``.npz``: arrays ``a0, a1, ...`` plus a JSON ``__manifest__``).
- TRACE_RUNS: how many ``Session.run`` calls (v1) to trace: every intermediate tensor they compute is fetched
  too. 0 traces nothing. For v2, any value > 0 traces the first ops run eagerly (tfdbg2 dumps).

What is recorded (see ``record.py`` for the manifest layout):

- v1 graph mode: ``BaseSession.run`` is wrapped (TF's library, not the script). For each call it finds the ops
  the call executes (the fetches' transitive inputs and control inputs, stopping at fed tensors) and adds to the
  same call's fetches: the ``initial_value`` of every variable whose initializer runs, the outputs of random ops
  that run outside loops/conds, and (traced calls) every intermediate tensor; after a traced call, the values of
  the graph's variables.
- v2 eager: a ``tf.variable_creator_scope`` around the script records each variable's name, shape, dtype and
  value at creation, in creation order; the random-op wrappers of ``gen_random_ops`` are wrapped to record
  each output produced eagerly (not inside a tf.function), in call order.
"""
import atexit
import json
import linecache
import os
import runpy
import sys

# This file runs as a script (see above), so its folder is sys.path[0]: graph_walk is imported as a top-level
# module, without the tfcompat package (which would load torch).
from graph_walk import executed_ops  # noqa: E402

_RANDOM_OP_TYPES = frozenset({
    "RandomUniform", "RandomUniformInt", "RandomStandardNormal", "TruncatedNormal", "RandomShuffle",
    "Multinomial", "RandomGamma", "RandomPoisson", "RandomPoissonV2", "ParameterizedTruncatedNormal"})
# Outputs of these dtypes are not traced (not plain numbers).
_UNTRACED_DTYPES = frozenset({"resource", "variant", "string"})


# Eager ops traced (TF2 scripts under --trace): the first this many.
_EAGER_TRACE_OPS = 20000


class Recorder:
    """Collects arrays and their manifest entries; writes both at exit."""

    def __init__(self, path, api):
        self.path = path
        self.arrays = {}
        self.manifest = {"api": api, "runs": {}, "vars": [], "eager_random": [], "trace": {}, "vars_after": {},
                         "eager_trace": []}

    def add(self, value):
        import numpy as np
        key = f"a{len(self.arrays)}"
        self.arrays[key] = np.asarray(value)
        return key

    def write(self):
        import numpy as np
        arrays = dict(self.arrays)
        arrays["__manifest__"] = np.array(json.dumps(self.manifest))
        tmp = self.path + ".tmp.npz"
        np.savez(tmp, **arrays)
        os.replace(tmp, self.path)


def _source_line(op, script):
    """``file:line: code`` of the script frame that created ``op`` (the innermost one), or ''."""
    script = os.path.abspath(script)
    for frame in reversed(list(getattr(op, "traceback", None) or [])):
        filename, lineno = frame[0], frame[1]
        if os.path.abspath(filename) == script:
            line = (frame[3] if len(frame) > 3 else "") or linecache.getline(filename, lineno)
            return f"{os.path.basename(filename)}:{lineno}: {(line or '').strip()}"
    return ""


def _fetch_ops(graph, fetches, nest):
    ops = []
    for f in nest.flatten(fetches):
        if isinstance(f, str):
            f = graph.as_graph_element(f)
        op = getattr(f, "op", None)
        if op is None and hasattr(f, "type") and hasattr(f, "inputs"):
            op = f  # an Operation
        if op is not None:
            ops.append(op)
    return ops


def _executed_ops(graph, fetches, feed_dict, nest):
    """The ops one Session.run executes, in topological order (inputs before users)."""
    fed = set()
    for k in nest.flatten(list(feed_dict or {})):  # keys may be tuples (an LSTMStateTuple of tensors)
        if isinstance(k, str):
            k = graph.as_graph_element(k)
        name = getattr(k, "name", None)
        if name is not None:
            fed.add(name)
    return executed_ops(_fetch_ops(graph, fetches, nest), fed)


def _graph_variables(graph):
    found, names = [], set()
    for key in graph.get_all_collection_keys():
        for v in graph.get_collection(key):
            if hasattr(v, "initializer") and hasattr(v, "initial_value") and v.name not in names:
                names.add(v.name)
                found.append(v)
    return found


def install_v1(tf, recorder, script, trace_runs):
    from tensorflow.python.client import session as session_lib
    nest = tf.nest
    orig_run = session_lib.BaseSession.run
    state = {"calls": 0}
    plans = {}

    def plan_for(graph, fetches, feed_dict):
        key = (id(graph), tuple(op.name for op in _fetch_ops(graph, fetches, nest)),
               tuple(sorted(str(getattr(k, "name", k)) for k in (feed_dict or {}))), len(graph.get_operations()))
        plan = plans.get(key)
        if plan is None:
            order = _executed_ops(graph, fetches, feed_dict, nest)
            names = {op.name for op in order}
            inits = [v for v in _graph_variables(graph) if v.initializer.name in names]
            # Random ops that only feed initial values need no replay: the initial values are fed.
            init_ops = {op.name for op in _executed_ops(graph, [v.initial_value for v in inits], None, nest)} \
                if inits else set()
            ranks, counts = {}, {}
            for op in graph.get_operations():
                if op.type in _RANDOM_OP_TYPES:
                    ranks[op.name] = counts[op.type] = counts.get(op.type, -1) + 1
            randoms = [(op.outputs[0], ranks[op.name]) for op in order if op.type in _RANDOM_OP_TYPES
                       and getattr(op, "_control_flow_context", None) is None and op.name not in init_ops]
            traced = [t for op in order if getattr(op, "_control_flow_context", None) is None
                      and op.type not in ("Placeholder", "PlaceholderWithDefault") for t in op.outputs
                      if t.dtype.base_dtype.name not in _UNTRACED_DTYPES and not t.dtype._is_ref_dtype]
            plan = plans[key] = (inits, randoms, traced)
        return plan

    def run(self, fetches, feed_dict=None, options=None, run_metadata=None):
        index = state["calls"]
        state["calls"] += 1
        try:
            inits, randoms, traced = plan_for(self.graph, fetches, feed_dict)
        except (TypeError, ValueError, KeyError, AttributeError):
            # A fetch TF itself will reject: let TF raise its own error.
            return orig_run(self, fetches, feed_dict, options, run_metadata)
        tracing = index < trace_runs
        extra = [v.initial_value for v in inits] + [t for t, _ in randoms] + (traced if tracing else [])
        if not extra:
            return orig_run(self, fetches, feed_dict, options, run_metadata)
        result, values = orig_run(self, [fetches, extra], feed_dict, options, run_metadata)
        values = list(values)
        entry = recorder.manifest["runs"].setdefault(str(index), {"init": [], "random": []})
        for v in inits:
            entry["init"].append([v.name, recorder.add(values.pop(0))])
        for t, rank in randoms:
            entry["random"].append([t.name, recorder.add(values.pop(0)), t.op.type, rank])
        if tracing:
            rows = []
            for t in traced:
                rows.append([t.name, t.op.type, _source_line(t.op, script), recorder.add(values.pop(0))])
            recorder.manifest["trace"][str(index)] = rows
            rows = recorder.manifest["vars_after"][str(index)] = []
            for v in _graph_variables(self.graph):
                try:
                    rows.append([v.name, recorder.add(orig_run(self, v))])
                except tf.errors.FailedPreconditionError:
                    continue  # not initialized yet
        return result

    session_lib.BaseSession.run = run


# TF's python wrappers of the random ops (tensorflow/python/ops/random_ops.py calls them through the module).
_EAGER_RANDOM_WRAPPERS = {"random_standard_normal": "RandomStandardNormal", "random_uniform": "RandomUniform",
                          "random_uniform_int": "RandomUniformInt", "truncated_normal": "TruncatedNormal",
                          "random_shuffle": "RandomShuffle"}


def install_eager_random(tf, recorder):
    """Records the output of every random op run eagerly (not inside a tf.function), in call order."""
    from tensorflow.python.ops import gen_random_ops

    def wrap(fn, op_type):
        def wrapper(*args, **kwargs):
            out = fn(*args, **kwargs)
            if tf.executing_eagerly() and hasattr(out, "numpy"):
                recorder.manifest["eager_random"].append([op_type, list(out.shape), out.dtype.name,
                                                          recorder.add(out.numpy())])
            return out
        return wrapper

    for attr, op_type in _EAGER_RANDOM_WRAPPERS.items():
        setattr(gen_random_ops, attr, wrap(getattr(gen_random_ops, attr), op_type))


def install_eager_trace(tf, recorder, script, max_ops):
    """Dumps every eagerly executed op's outputs with tfdbg2 (``enable_dump_debug_info``, FULL_TENSOR); at exit,
    records the first ``max_ops`` as ``eager_trace`` rows ``[op type, source line, [keys]]``."""
    import shutil
    import tempfile
    folder = tempfile.mkdtemp(prefix="tfcompat_tfdbg_")
    tf.debugging.experimental.enable_dump_debug_info(folder, tensor_debug_mode="FULL_TENSOR",
                                                     circular_buffer_size=-1)
    script_path = os.path.abspath(script)

    def collect():
        from tensorflow.python.debug.lib import debug_events_reader
        tf.debugging.experimental.disable_dump_debug_info()
        rows = recorder.manifest["eager_trace"]
        with debug_events_reader.DebugDataReader(folder) as reader:
            reader.update()
            for execution in reader.executions()[:max_ops]:
                values = reader.execution_to_tensor_values(execution)
                _, frames = reader.read_execution_stack_trace(execution)
                source = ""
                for filename, lineno, _func in reversed(frames):
                    if os.path.abspath(filename) == script_path:
                        source = f"{os.path.basename(filename)}:{lineno}: {linecache.getline(filename, lineno).strip()}"
                        break
                keys = [recorder.add(v) if getattr(v, "dtype", None) is not None and v.dtype.kind in "fciub"
                        else None for v in values]
                rows.append([execution.op_type, source, keys])
        shutil.rmtree(folder, ignore_errors=True)

    return collect


def install_v2(tf, recorder):
    """Returns a context manager recording every variable created inside it."""

    def creator(next_creator, **kwargs):
        v = next_creator(**kwargs)
        key = None
        try:
            with tf.init_scope():
                key = recorder.add(v.numpy())
        except (AttributeError, NotImplementedError, ValueError, TypeError, tf.errors.OpError):
            key = None  # created symbolically (inside a tf.function trace): not recorded
        recorder.manifest["vars"].append([v.name, list(v.shape.as_list()) if v.shape.rank is not None else None,
                                          v.dtype.base_dtype.name, key])
        return v

    return tf.variable_creator_scope(creator)


def main(argv):
    api, record_path, trace_runs, script = argv[0], argv[1], int(argv[2]), argv[3]
    sys.argv = argv[3:]
    sys.path.insert(0, os.path.dirname(os.path.abspath(script)))
    import tensorflow as tf
    recorder = Recorder(record_path, api)
    atexit.register(recorder.write)
    if api == "v1":
        v1 = tf.compat.v1
        v1.disable_v2_behavior()
        sys.modules["tensorflow"] = v1
        install_v1(tf, recorder, script, trace_runs)
        runpy.run_path(script, run_name="__main__")
    else:
        install_eager_random(tf, recorder)
        if trace_runs > 0:
            atexit.register(install_eager_trace(tf, recorder, script, _EAGER_TRACE_OPS))  # runs before write
        with install_v2(tf, recorder):
            runpy.run_path(script, run_name="__main__")


if __name__ == "__main__":
    main(sys.argv[1:])
