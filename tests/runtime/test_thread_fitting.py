"""runtime/thread_fitting.py: torch's intra-op team follows the CPUs other processes leave free, unless the user
chose a thread count. tfcompat's own policy (TF has no counterpart), so no oracle: the expected team sizes follow
from the measured busy CPUs by hand (2 CPUs; others busy 0.1 -> 2 threads, 1.0 -> 1, 1.6 -> 1 at least)."""
from __future__ import annotations

import pytest
import torch

from tfcompat._src.runtime import thread_fitting


@pytest.fixture
def fitter(monkeypatch):
    before = torch.get_num_threads()
    for k in thread_fitting.USER_THREAD_ENV:
        monkeypatch.delenv(k, raising=False)
    torch.set_num_threads(2)
    thread_fitting.reset()
    thread_fitting._state["cpus"] = 2
    clock = {"t": 0.0, "busy": 0, "own": 0.0}

    def sample():
        return clock["t"], clock["busy"], clock["own"]
    monkeypatch.setattr(thread_fitting, "_sample", sample)

    def step(seconds: float, others_busy: float, own_cpu: float = 0.5):
        """Advance the fake clocks by ``seconds`` with other processes using ``others_busy`` CPUs, then let the
        plan runner check."""
        clock["t"] += seconds
        clock["own"] += own_cpu * seconds
        clock["busy"] += round((others_busy + own_cpu) * seconds * thread_fitting._CLOCK_TICKS)
        if thread_fitting._next_check[0] != float("inf"):   # due now (unless fitting is off)
            thread_fitting._next_check[0] = 0.0
        thread_fitting.refit_if_due()
        return torch.get_num_threads()
    yield step
    torch.set_num_threads(before)
    thread_fitting.reset()


def test_team_follows_the_free_cpus(fitter):
    assert fitter(1.0, 0.1) == 2          # first check only takes a sample
    assert fitter(1.0, 0.1) == 2          # quiet: the full team
    assert fitter(1.0, 1.0) == 1          # one busy process on 2 CPUs
    assert fitter(1.0, 1.6) == 1          # never below one thread
    assert fitter(1.0, 0.0) == 2          # the load went away: back to the team torch started with


def test_a_users_choice_is_kept(fitter):
    import tfcompat as tf
    fitter(1.0, 0.0)
    tf.config.threading.set_intra_op_parallelism_threads(2)
    try:
        assert fitter(1.0, 1.0) == 2
    finally:
        tf.config.threading.set_intra_op_parallelism_threads(0)   # the getter's value is process state


def test_a_direct_torch_setting_stops_the_fitting(fitter):
    fitter(1.0, 0.0)
    assert fitter(1.0, 1.0) == 1
    torch.set_num_threads(2)
    assert fitter(1.0, 1.0) == 2


def test_thread_variables_in_the_environment_switch_it_off(monkeypatch):
    monkeypatch.setenv("OMP_NUM_THREADS", "2")
    thread_fitting.reset()
    try:
        assert thread_fitting._next_check[0] == float("inf")
    finally:
        monkeypatch.delenv("OMP_NUM_THREADS")
        thread_fitting.reset()


def test_others_busy_cpus_arithmetic():
    ticks = thread_fitting._CLOCK_TICKS
    # 2 s of wall time; the machine was busy 3 CPU-seconds, 1 of them this process's: others kept 1 CPU busy.
    assert thread_fitting.others_busy_cpus((10.0, 0, 5.0), (12.0, 3 * ticks, 6.0)) == pytest.approx(1.0)
    assert thread_fitting.others_busy_cpus((10.0, 0, 5.0), (12.0, 1 * ticks, 6.0)) == 0.0
    assert thread_fitting.others_busy_cpus((10.0, None, 5.0), (12.0, 3 * ticks, 6.0)) == 0.0


def test_a_torch_setting_made_before_the_first_check_is_kept(fitter):
    torch.set_num_threads(1)           # e.g. a benchmark harness choosing one thread right after import
    assert fitter(1.0, 0.0) == 1
    assert fitter(1.0, 0.0) == 1


def test_run_start_fit_keeps_the_fitting_on(fitter):
    thread_fitting.set_team_size(1)    # what `python -m tfcompat run` does when the machine is busy at start
    fitter(1.0, 1.0)
    assert fitter(1.0, 0.0) == 2       # the load went away: the team grows back
