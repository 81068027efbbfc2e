"""``tf.profiler.experimental`` (tools/profiler.py): the session's state machine and errors, checked against real
TF. The profile files TF writes are not compared: tfcompat writes none (documented in the module)."""
from __future__ import annotations

import pytest


def _start_stop_twice(tf, logdir):
    out = []
    tf.profiler.experimental.start(logdir)
    try:
        tf.profiler.experimental.start(logdir)
    except Exception as e:  # noqa: BLE001 - the program reports the error class and message
        out.append((type(e).__name__, str(e)))
    tf.profiler.experimental.stop()
    try:
        tf.profiler.experimental.stop()
    except Exception as e:  # noqa: BLE001
        out.append((type(e).__name__, str(e)))
    return out


def test_start_twice_and_stop_without_start(oracle, tmp_path):
    oracle.check(lambda tf: _start_stop_twice(tf, str(tmp_path / "logs")))


def test_profile_context_and_trace(oracle, tmp_path):
    def prog(tf):
        with tf.profiler.experimental.Profile(str(tmp_path / "ctx")):
            with tf.profiler.experimental.Trace("train", step_num=1, _r=1):
                y = tf.constant(2.0) * 3.0
        return y
    oracle.check(prog)


@pytest.mark.parametrize("name", ["Profile", "ProfilerOptions", "Trace", "start", "stop"])
def test_names_exist(name):
    import tfcompat as tf
    assert hasattr(tf.profiler.experimental, name)
