"""``tf.compat.v1.train.ProfilerHook`` against TF 2.21 (expected values: TF's, through the oracle): which timeline
files a MonitoredSession run writes (and the events file of the hook's summary writer), that each is a Chrome
trace document, and TF's errors. The trace events themselves differ from TF's (known deviation
``profiler-hook-trace-content``): only the document's shape is compared."""
from __future__ import annotations

import json
import os
import tempfile

import pytest


def _run(tf, steps, **hook_kw):
    v1 = tf.compat.v1
    d = tempfile.mkdtemp()
    with tf.Graph().as_default():
        gs = v1.train.get_or_create_global_step()
        w = v1.Variable(1.0)
        train = v1.train.GradientDescentOptimizer(0.1).minimize(w * w, global_step=gs)
        hook = v1.train.ProfilerHook(output_dir=d, **hook_kw)
        with v1.train.MonitoredSession(hooks=[hook]) as s:
            for _ in range(steps):
                s.run(train)
    names = sorted(os.listdir(d))
    docs = []
    for name in names:
        if name.startswith("timeline-"):
            with open(os.path.join(d, name)) as f:
                doc = json.load(f)
            docs.append((sorted(doc), all(isinstance(e, dict) and "ph" in e for e in doc["traceEvents"])))
    return [n.split(".")[0] if n.startswith("events.") else n for n in names], docs


def _no_global_step(tf):
    with tf.Graph().as_default():
        tf.compat.v1.train.MonitoredSession(hooks=[tf.compat.v1.train.ProfilerHook(save_steps=2,
                                                                                   output_dir=tempfile.mkdtemp())])


def _no_trigger(tf):
    with tf.Graph().as_default():
        tf.compat.v1.train.ProfilerHook(output_dir=tempfile.mkdtemp())


CASES = {
    "every_2_steps": (lambda tf: _run(tf, 7, save_steps=2), None),
    "every_3_steps": (lambda tf: _run(tf, 4, save_steps=3), None),
    "no_global_step": (_no_global_step, "Global step should be created to use ProfilerHook."),
    "no_trigger": (_no_trigger, "Either every_secs or every_steps should be provided."),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_profiler_hook(oracle, case):
    prog, message = CASES[case]
    oracle.check(prog, match_message=message)


def test_saver_def_proto(oracle):
    def prog(tf):
        saver_def = tf.compat.v1.train.SaverDef
        sd = saver_def(filename_tensor_name="save/Const:0", max_to_keep=3, version=saver_def.V2)
        back = saver_def.FromString(sd.SerializeToString())
        return str(sd), sd.SerializeToString(), back.max_to_keep, back.version, saver_def.V1, saver_def.LEGACY
    oracle.check(prog)
