"""``tf.compat.v1.logging``: re-exports only."""
from tfcompat._src.runtime.tf_logging import (
    DEBUG, ERROR, FATAL, INFO, WARN, TaskLevelStatusMessage, debug, error, fatal, flush, get_verbosity, info, log,
    log_every_n, log_first_n, log_if, set_verbosity, vlog, warn, warning,
)

__all__ = [
    "DEBUG", "ERROR", "FATAL", "INFO", "WARN", "TaskLevelStatusMessage", "debug", "error", "fatal", "flush",
    "get_verbosity", "info", "log", "log_every_n", "log_first_n", "log_if", "set_verbosity", "vlog", "warn",
    "warning",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.logging", __name__)
