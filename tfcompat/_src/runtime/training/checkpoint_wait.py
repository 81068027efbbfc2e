"""Waiting for checkpoints and checkpoint options: ``tf.train.checkpoints_iterator`` (on TF's
``checkpoint_utils.wait_for_new_checkpoint``, which TF 2.21 does not export) and ``tf.train.CheckpointOptions``."""
from __future__ import annotations

import time
from typing import Callable, Iterator

from tfcompat._src.runtime.training.saver import latest_checkpoint

__all__ = ["CheckpointOptions", "checkpoints_iterator", "wait_for_new_checkpoint"]


class CheckpointOptions:
    """Mirrors ``tf.train.CheckpointOptions``: options for ``Checkpoint.save``/``restore``. tfcompat writes and reads
    checkpoints synchronously on the host, so the options are kept but change nothing."""

    __slots__ = ("experimental_io_device", "experimental_enable_async_checkpoint", "experimental_write_callbacks",
                 "enable_async", "experimental_sharding_callback", "experimental_skip_slot_variables")

    def __init__(self, experimental_io_device=None, experimental_enable_async_checkpoint=False,
                 experimental_write_callbacks=None, enable_async=False, experimental_sharding_callback=None,
                 experimental_skip_slot_variables=False):
        self.experimental_io_device = experimental_io_device
        self.experimental_enable_async_checkpoint = experimental_enable_async_checkpoint
        self.experimental_write_callbacks = experimental_write_callbacks
        self.enable_async = enable_async
        self.experimental_sharding_callback = experimental_sharding_callback
        self.experimental_skip_slot_variables = experimental_skip_slot_variables


def wait_for_new_checkpoint(checkpoint_dir, last_checkpoint=None, seconds_to_sleep=1, timeout=None):
    """TF's ``checkpoint_utils.wait_for_new_checkpoint`` (not a public symbol): polls ``checkpoint_dir`` until its latest checkpoint
    differs from ``last_checkpoint``; returns it, or None after ``timeout`` seconds."""
    stop_time = time.time() + timeout if timeout is not None else None
    while True:
        path = latest_checkpoint(checkpoint_dir)
        if path is not None and path != last_checkpoint:
            return path
        if stop_time is not None and time.time() + seconds_to_sleep > stop_time:
            return None
        time.sleep(seconds_to_sleep)


def checkpoints_iterator(checkpoint_dir, min_interval_secs=0, timeout=None,
                         timeout_fn: Callable[[], bool] | None = None) -> Iterator[str]:
    """Mirrors ``tf.train.checkpoints_iterator``: yields each new checkpoint of ``checkpoint_dir`` as it appears, at
    most one per ``min_interval_secs``. After ``timeout`` seconds without one it stops, unless ``timeout_fn`` is
    given and returns False (then it keeps waiting)."""
    checkpoint_path = None
    while True:
        new_path = wait_for_new_checkpoint(checkpoint_dir, checkpoint_path, timeout=timeout)
        if new_path is None:
            if not timeout_fn or timeout_fn():
                return
            continue
        start = time.time()
        checkpoint_path = new_path
        yield checkpoint_path
        remaining = start + min_interval_secs - time.time()
        if remaining > 0:
            time.sleep(remaining)
