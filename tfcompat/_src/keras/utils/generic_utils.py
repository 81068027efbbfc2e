"""``tf.keras.utils.Progbar`` (tf-keras 2.21's text, byte for byte), ``print_msg`` and the interactive-logging
switch (``enable_interactive_logging`` & co.)."""
from __future__ import annotations

import logging
import os
import sys
import threading
import time

import numpy as np

__all__ = ["Progbar", "print_msg", "enable_interactive_logging", "disable_interactive_logging",
           "is_interactive_logging_enabled"]

_INTERACTIVE_LOGGING = threading.local()  # per thread, as tf-keras; on by default
_absl_logger = logging.getLogger("absl")  # where tf-keras sends non-interactive logs (absl.logging.info)


def enable_interactive_logging() -> None:
    """Mirrors ``tf.keras.utils.enable_interactive_logging``: Keras' logs (progress bars, epoch lines) go to
    stdout (the default)."""
    _INTERACTIVE_LOGGING.enable = True


def disable_interactive_logging() -> None:
    """Mirrors ``tf.keras.utils.disable_interactive_logging``: Keras' logs go to the ``absl`` logger at INFO
    level instead of stdout (in this thread)."""
    _INTERACTIVE_LOGGING.enable = False


def is_interactive_logging_enabled() -> bool:
    """Mirrors ``tf.keras.utils.is_interactive_logging_enabled``."""
    return getattr(_INTERACTIVE_LOGGING, "enable", True)


def print_msg(message: str, line_break: bool = True) -> None:
    """Keras' ``io_utils.print_msg``: writes to stdout and flushes, or logs to ``absl`` when interactive logging
    is disabled."""
    if not is_interactive_logging_enabled():
        _absl_logger.info(message)
        return
    sys.stdout.write(message + "\n" if line_break else message)
    sys.stdout.flush()


class Progbar:
    """Mirrors ``tf.keras.utils.Progbar``. As in tf-keras, the display is "dynamic" (backspaces and carriage
    returns redraw the line) whenever stdout is a tty, IPython is loaded or -- always on POSIX systems -- the
    ``posix`` module is imported."""

    def __init__(self, target, width=30, verbose=1, interval=0.05, stateful_metrics=None, unit_name="step"):
        self.target = target
        self.width = width
        self.verbose = verbose
        self.interval = interval
        self.unit_name = unit_name
        self.stateful_metrics = set(stateful_metrics) if stateful_metrics else set()
        self._dynamic_display = ((hasattr(sys.stdout, "isatty") and sys.stdout.isatty()) or
                                 "ipykernel" in sys.modules or "posix" in sys.modules or
                                 "PYCHARM_HOSTED" in os.environ)
        self._total_width = 0
        self._seen_so_far = 0
        self._values = {}
        self._values_order = []
        self._start = time.time()
        self._last_update = 0
        self._time_at_epoch_start = self._start
        self._time_at_epoch_end = None
        self._time_after_first_step = None

    def update(self, current, values=None, finalize=None):
        """Mirrors ``Progbar.update``: running means of non-stateful values, the bar, ETA/time per step."""
        if finalize is None:
            finalize = False if self.target is None else current >= self.target
        values = values or []
        for k, v in values:
            if k not in self._values_order:
                self._values_order.append(k)
            if k not in self.stateful_metrics:
                value_base = max(current - self._seen_so_far, 1)
                if k not in self._values:
                    self._values[k] = [v * value_base, value_base]
                else:
                    self._values[k][0] += v * value_base
                    self._values[k][1] += value_base
            else:
                self._values[k] = [v, 1]
        self._seen_so_far = current
        message = ""
        now = time.time()
        info = f" - {now - self._start:.0f}s"
        if current == self.target:
            self._time_at_epoch_end = now
        if self.verbose == 1:
            if now - self._last_update < self.interval and not finalize:
                return
            prev_total_width = self._total_width
            if self._dynamic_display:
                message += "\b" * prev_total_width
                message += "\r"
            else:
                message += "\n"
            if self.target is not None:
                numdigits = int(np.log10(self.target)) + 1
                bar = ("%" + str(numdigits) + "d/%d [") % (current, self.target)
                prog = float(current) / self.target
                prog_width = int(self.width * prog)
                if prog_width > 0:
                    bar += "=" * (prog_width - 1)
                    bar += ">" if current < self.target else "="
                bar += "." * (self.width - prog_width)
                bar += "]"
            else:
                bar = "%7d/Unknown" % current
            self._total_width = len(bar)
            message += bar
            time_per_unit = self._estimate_step_duration(current, now)
            if self.target is None or finalize:
                info += self._format_time(time_per_unit, self.unit_name)
            else:
                eta = time_per_unit * (self.target - current)
                if eta > 3600:
                    eta_format = "%d:%02d:%02d" % (eta // 3600, (eta % 3600) // 60, eta % 60)
                elif eta > 60:
                    eta_format = "%d:%02d" % (eta // 60, eta % 60)
                else:
                    eta_format = "%ds" % eta
                info = f" - ETA: {eta_format}"
            for k in self._values_order:
                info += f" - {k}:"
                if isinstance(self._values[k], list):
                    avg = np.mean(self._values[k][0] / max(1, self._values[k][1]))
                    info += f" {avg:.4f}" if abs(avg) > 1e-3 else f" {avg:.4e}"
                else:
                    info += f" {self._values[k]}"
            self._total_width += len(info)
            if prev_total_width > self._total_width:
                info += " " * (prev_total_width - self._total_width)
            if finalize:
                info += "\n"
            message += info
            print_msg(message, line_break=False)
            message = ""
        elif self.verbose == 2:
            if finalize:
                numdigits = int(np.log10(self.target)) + 1
                count = ("%" + str(numdigits) + "d/%d") % (current, self.target)
                info = count + info
                for k in self._values_order:
                    info += f" - {k}:"
                    avg = np.mean(self._values[k][0] / max(1, self._values[k][1]))
                    info += f" {avg:.4f}" if avg > 1e-3 else f" {avg:.4e}"
                if self._time_at_epoch_end:
                    time_per_epoch = self._time_at_epoch_end - self._time_at_epoch_start
                    avg_time_per_step = time_per_epoch / self.target
                    self._time_at_epoch_start = now
                    self._time_at_epoch_end = None
                    info += " -" + self._format_time(time_per_epoch, "epoch")
                    info += " -" + self._format_time(avg_time_per_step, self.unit_name)
                    info += "\n"
                message += info
                print_msg(message, line_break=False)
                message = ""
        self._last_update = now

    def add(self, n, values=None):
        self.update(self._seen_so_far + n, values)

    @staticmethod
    def _format_time(time_per_unit, unit_name):
        if time_per_unit >= 1 or time_per_unit == 0:
            return f" {time_per_unit:.0f}s/{unit_name}"
        if time_per_unit >= 1e-3:
            return f" {time_per_unit * 1000.0:.0f}ms/{unit_name}"
        return f" {time_per_unit * 1000000.0:.0f}us/{unit_name}"

    def _estimate_step_duration(self, current, now):
        if not current:
            return 0
        if self._time_after_first_step is not None and current > 1:
            time_per_unit = (now - self._time_after_first_step) / (current - 1)
        else:
            time_per_unit = (now - self._start) / current
        if current == 1:
            self._time_after_first_step = now
        return time_per_unit

    def _update_stateful_metrics(self, stateful_metrics):
        self.stateful_metrics = self.stateful_metrics.union(stateful_metrics)
