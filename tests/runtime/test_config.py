"""``tf.config``: device listing (TF's names and namedtuple shape), no-op GPU settings, threads,
``run_functions_eagerly``."""
from __future__ import annotations

import pytest
import torch

from tfcompat._src.runtime import config as config_lib
from tfcompat._src.runtime import function as function_lib


@pytest.fixture(autouse=True)
def _restore_settings():
    saved = {k: (dict(v) if isinstance(v, dict) else v) for k, v in config_lib._settings.items()}
    yield
    config_lib._settings.update(saved)
    function_lib.RUN_FUNCTIONS_EAGERLY[0] = False


@pytest.mark.oracle
def test_cpu_devices_match_tf(tfc, tf):
    # The TF oracle here is a CPU build: compare the CPU entries (GPUs are listed from torch.cuda).
    for ours, theirs in ((tfc.config.list_physical_devices("CPU"), tf.config.list_physical_devices("CPU")),
                         (tfc.config.list_logical_devices("CPU"), tf.config.list_logical_devices("CPU"))):
        assert [tuple(d) for d in ours] == [tuple(d) for d in theirs]
        assert [d._fields for d in ours] == [d._fields for d in theirs]
        assert repr(ours[0]) == repr(theirs[0])
    assert tfc.config.experimental.list_physical_devices("CPU") == tfc.config.list_physical_devices("CPU")


def test_gpus_follow_torch(tfc):
    gpus = tfc.config.list_physical_devices("GPU")
    n = torch.cuda.device_count() if torch.cuda.is_available() else 0
    if n:
        assert [g.name for g in gpus] == [f"/physical_device:GPU:{i}" for i in range(n)]
    elif not (getattr(torch.backends, "mps", None) and torch.backends.mps.is_available()):
        assert gpus == []
    for g in gpus:  # the usual legacy preamble must not fail
        tfc.config.experimental.set_memory_growth(g, True)
        assert tfc.config.experimental.get_memory_growth(g)
    tfc.config.set_visible_devices([], "GPU")
    assert tfc.config.get_visible_devices("GPU") == [] and tfc.config.list_logical_devices("GPU") == []
    assert [d.device_type for d in tfc.config.get_visible_devices()] == ["CPU"]


def test_set_memory_growth_rejects_non_devices(tfc):
    with pytest.raises(ValueError, match="Unrecognized device"):
        tfc.config.experimental.set_memory_growth("GPU:0", True)


@pytest.mark.oracle
def test_thread_settings(tfc, tf):
    assert tfc.config.threading.get_intra_op_parallelism_threads() == \
        tf.config.threading.get_intra_op_parallelism_threads() == 0
    before = torch.get_num_threads()
    try:
        tfc.config.threading.set_intra_op_parallelism_threads(1)
        assert torch.get_num_threads() == 1 and tfc.config.threading.get_intra_op_parallelism_threads() == 1
    finally:
        torch.set_num_threads(before)


def test_session_config_intra_op_threads_set_torch_threads(tfc):
    # TF gives the session an intra-op pool of that size; torch's pool is process-wide. The tf.config getters
    # report the context's settings, which a session's config does not change (real TF is not run here: its
    # first session's config would size TF's process-wide pool for the rest of the test run).
    before = torch.get_num_threads()
    try:
        torch.set_num_threads(2)
        v1 = tfc.compat.v1
        cfg = v1.ConfigProto(intra_op_parallelism_threads=1, inter_op_parallelism_threads=1)
        with v1.Session(graph=v1.Graph(), config=cfg):
            assert tfc.config.threading.get_intra_op_parallelism_threads() == 0
        assert torch.get_num_threads() == 1
        with tfc.compat.v1.Session(graph=tfc.compat.v1.Graph(), config=tfc.compat.v1.ConfigProto()):
            assert torch.get_num_threads() == 1      # 0 (unset) keeps the current pool
    finally:
        torch.set_num_threads(before)


def test_run_functions_eagerly(tfc):
    calls = []

    @tfc.function
    def f(x):
        calls.append(tfc.executing_eagerly())
        return x * 2.0

    f(tfc.constant(1.0))
    f(tfc.constant(2.0))
    assert calls == [False]  # traced once, replayed
    tfc.config.run_functions_eagerly(True)
    assert tfc.config.functions_run_eagerly()
    assert float(f(tfc.constant(3.0))) == 6.0
    assert calls == [False, True]  # ran the Python function eagerly
    tfc.config.experimental_run_functions_eagerly(False)
    f(tfc.constant(4.0))
    assert calls == [False, True]


def test_device_lib_list_local_devices(tfc):
    from tfcompat.python.client import device_lib
    devs = device_lib.list_local_devices()
    assert devs[0].name == "/device:CPU:0" and devs[0].device_type == "CPU"
    assert [d.name for d in devs[1:]] == [d.name.replace("physical_device", "device")
                                          for d in tfc.config.list_physical_devices("GPU")]


def test_config_experimental_cpu_answers(oracle):
    """tf.config.experimental's determinism/TF32/synchronous/device-policy switches and memory statistics, as
    TF answers them on a CPU (TF's values, live or recorded). TF32's default is not compared: TF's is True,
    torch's False (known deviation "config-tf32-default-off")."""
    def prog(tf):
        c = tf.config.experimental
        out = [c.get_synchronous_execution(), c.get_device_policy()]
        for call in (lambda: c.get_memory_info("CPU:0"), lambda: c.reset_memory_stats("CPU:0"),
                     lambda: c.get_memory_info("GPU:7"), lambda: c.set_device_policy("bogus")):
            try:
                out.append(call())
            except ValueError as e:
                out.append(("ValueError", str(e)))
        c.set_device_policy("warn")
        out.append(c.get_device_policy())
        c.set_device_policy(None)
        out.append(c.get_device_policy())
        c.set_synchronous_execution(False)
        out.append(c.get_synchronous_execution())
        c.set_synchronous_execution(True)
        before = c.tensor_float_32_execution_enabled()
        c.enable_tensor_float_32_execution(False)
        out.append(c.tensor_float_32_execution_enabled())
        c.enable_tensor_float_32_execution(before)
        return out
    oracle.check(prog)
