"""torch's intra-op thread team, re-fitted while a program runs to the CPUs other processes leave free.

TF's own thread pool spins briefly and then sleeps, so real TF slows down little when other processes share the
cores. torch's OpenMP team spin-waits between parallel regions; when the team is larger than the CPUs left free,
a step waits for descheduled threads. Measured on the 2-core build box (a 64x100-64-10 MLP + Adam step in a
tf.function): 2 threads 0.58 ms quiet but 3.0 ms with one competing busy process and 40-490 ms with ~12; one
thread 0.56 ms and 2.3 ms there. Shortening the spin (GOMP_SPINCOUNT=0) rescued the loaded cases but cost 4x on a
quiet machine, so the team size is what adapts instead.

At most once per ``INTERVAL_S``, the plan runner (every ``Session.run`` and ``tf.function`` call) measures how many
CPUs other processes kept busy over the last interval (the machine's busy CPU time from ``/proc/stat`` less this
process's own CPU time, divided by the wall time) and sets ``torch.set_num_threads`` to the CPUs left free, between
1 and the team size torch started with. A thread count chosen by the user is never changed: OpenMP/MKL variables
in the environment, ``tf.config.threading.set_intra_op_parallelism_threads``, a Session's
``ConfigProto(intra_op_parallelism_threads=n)``, ``python -m tfcompat run --keep-threads``, or a direct
``torch.set_num_threads`` call all switch the fitting off. Where ``/proc/stat`` does not exist, nothing happens."""
from __future__ import annotations

import os
import time

import torch

__all__ = ["USER_THREAD_ENV", "INTERVAL_S", "refit_if_due", "set_team_size", "disable", "others_busy_cpus", "reset"]

USER_THREAD_ENV = ("OMP_NUM_THREADS", "MKL_NUM_THREADS", "OMP_WAIT_POLICY", "GOMP_SPINCOUNT", "KMP_BLOCKTIME")
INTERVAL_S = 1.0

_CLOCK_TICKS = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
_next_check = [0.0]   # monotonic time of the next check; +inf once fitting is off
_state: dict = {}


def reset() -> None:
    """(Re)starts fitting from torch's current team size (called at import; tests call it too)."""
    _state.clear()
    # ``ours``: the team size tfcompat last chose (or found); any other value later means someone else chose one.
    _state.update(ceiling=torch.get_num_threads(), ours=torch.get_num_threads(), sample=None)
    try:
        _state["cpus"] = len(os.sched_getaffinity(0))
    except AttributeError:
        _state["cpus"] = os.cpu_count() or 1
    user_set = any(os.environ.get(k) for k in USER_THREAD_ENV)
    _next_check[0] = float("inf") if user_set or _busy_jiffies() is None else 0.0


def set_team_size(n: int) -> None:
    """Sets torch's team to ``n`` threads as tfcompat's own choice (``python -m tfcompat run``'s start-time fit), so
    the fitting goes on from there."""
    torch.set_num_threads(n)
    _state["ours"] = torch.get_num_threads()


def disable() -> None:
    """The user chose a thread count: leave torch's team alone from now on."""
    _next_check[0] = float("inf")


def _busy_jiffies():
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = f.readline().split()
    except OSError:
        return None
    if not fields or fields[0] != "cpu":
        return None
    user, nice, system, _idle, _iowait, irq, softirq, steal = (int(x) for x in fields[1:9])
    return user + nice + system + irq + softirq + steal


def _sample():
    times = os.times()
    return time.monotonic(), _busy_jiffies(), times.user + times.system


def others_busy_cpus(previous, current) -> float:
    """CPUs other processes kept busy between two ``_sample()``s (machine busy time less this process's)."""
    (wall0, busy0, own0), (wall1, busy1, own1) = previous, current
    if wall1 <= wall0 or busy0 is None or busy1 is None:
        return 0.0
    return max(0.0, ((busy1 - busy0) / _CLOCK_TICKS - (own1 - own0)) / (wall1 - wall0))


def refit_if_due() -> None:
    """Called before each plan run; does something at most once per ``INTERVAL_S``."""
    if time.monotonic() < _next_check[0]:
        return
    _next_check[0] = time.monotonic() + INTERVAL_S
    current = torch.get_num_threads()
    if current != _state["ours"]:
        disable()   # someone else set the team size since we did
        return
    sample = _sample()
    previous, _state["sample"] = _state["sample"], sample
    if previous is None:
        return
    free = _state["cpus"] - others_busy_cpus(previous, sample)
    target = max(1, min(_state["ceiling"], int(free + 0.5)))
    if target != current:
        torch.set_num_threads(target)
    _state["ours"] = target


reset()
