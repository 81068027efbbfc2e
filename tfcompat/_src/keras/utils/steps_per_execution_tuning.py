"""``tf.keras.utils.StepsPerExecutionTuner`` (tf-keras 2.21): a background thread that measures training speed
(optimizer iterations per second) and scales a ``steps_per_execution`` variable up or down to raise it."""
from __future__ import annotations

import logging
import threading
import time

import numpy as np

__all__ = ["StepsPerExecutionTuner"]

_logger = logging.getLogger(__name__)


class StepsPerExecutionTuner:
    """Mirrors ``tf.keras.utils.StepsPerExecutionTuner``: every ``interval`` seconds it records the global steps
    per second since the last measurement (``optimizer.iterations``); every ``change_spe_interval``
    measurements it compares their average with the previous one and multiplies ``spe_variable`` by 1.5 or 0.5
    (repeating the last direction while speed improves by more than ``change_threshold``, reversing it when it
    drops by more)."""

    def __init__(self, optimizer, spe_variable, interval=5, change_spe_interval=10, change_threshold=0.1):
        self.optimizer = optimizer
        self._steps_per_execution = spe_variable
        self.interval = interval
        self.change_spe_interval = change_spe_interval
        self.spe_change_threshold = change_threshold
        self.steps_per_execution_stop_event = threading.Event()
        self.thread = None

    def start(self) -> threading.Thread:
        """Starts tuning on a daemon thread (the running thread if already started) and returns it."""
        if self.thread and self.thread.is_alive():
            return self.thread
        self._begin_tuning()
        self.thread = threading.Thread(target=self._steps_per_execution_interval_call, daemon=True)
        self.thread.start()
        return self.thread

    @property
    def steps_per_execution(self):
        return self._steps_per_execution

    @steps_per_execution.setter
    def steps_per_execution(self, value):
        self._steps_per_execution.assign(value)
        self.init_spe = value

    def stop(self) -> None:
        """Stops the tuning thread after its current measurement."""
        self.steps_per_execution_stop_event.set()

    def _steps_per_execution_interval_call(self):
        while not self.steps_per_execution_stop_event.is_set():
            self._measure_and_tune()
            self.steps_per_execution_stop_event.wait(self.interval)

    def _begin_tuning(self):
        self.start_time = time.time()
        self.init_iterations = self.optimizer.iterations.numpy()
        self.init_spe = self._steps_per_execution.numpy().item()
        self.spe_last_logged = {"iteration": self.init_iterations, "time_secs": self.start_time}
        self.rgsps = []  # recent global steps per second, the last change_spe_interval measurements
        self.avg_rgsps = 0
        self.prev_avg_rgsps = 0
        self.spe_tune_last_action_add = True
        self.spe_measurement_count = 0

    def _should_tune(self) -> bool:
        # A zero-speed measurement marks an epoch boundary: no tuning on it.
        return bool(self.spe_measurement_count % self.change_spe_interval == 0 and self.rgsps
                    and self.rgsps[-1] != 0)

    def _tune(self):
        self.avg_rgsps = sum(self.rgsps) / len(self.rgsps)
        fast_threshold = (1 + self.spe_change_threshold) * self.prev_avg_rgsps
        slow_threshold = (1 - self.spe_change_threshold) * self.prev_avg_rgsps
        repeat_mult, opposite_mult = (1.5, 0.5) if self.spe_tune_last_action_add else (0.5, 1.5)
        current_spe = self._steps_per_execution.numpy().item()
        if self.avg_rgsps > fast_threshold:
            new_spe = current_spe * repeat_mult
        elif self.avg_rgsps < slow_threshold:
            new_spe = current_spe * opposite_mult
            self.spe_tune_last_action_add = not self.spe_tune_last_action_add
        else:
            new_spe = current_spe
        if current_spe >= self._steps_per_execution.dtype.max / 1.5:
            new_spe = current_spe
        elif current_spe <= 0:
            new_spe = self.init_spe
        self._steps_per_execution.assign(np.round(new_spe))
        self.prev_avg_rgsps = self.avg_rgsps

    def _measure_and_tune(self):
        self.spe_measurement_count += 1
        cur_iteration = self.optimizer.iterations.numpy()
        cur_time_secs = time.time()
        self.rgsps.append((cur_iteration - self.spe_last_logged["iteration"])
                          / (cur_time_secs - self.spe_last_logged["time_secs"]))
        if len(self.rgsps) > self.change_spe_interval:
            self.rgsps.pop(0)
        if cur_iteration == 0:  # nothing measured yet
            self.start_time = cur_time_secs
            return
        self.spe_last_logged = {"iteration": cur_iteration, "time_secs": cur_time_secs}
        try:
            if self._should_tune():
                self._tune()
        except RuntimeError:
            _logger.exception("Steps per execution autotuner failed to run.")
