"""A stand-in for ``wandb`` (Weights & Biases; not installed in tests, and it logs to a server): ``init`` and
``log`` record nothing and print nothing, so scripts that only report metrics to W&B run offline, unpatched.

Only what the corpus's scripts touch exists: ``wandb.init(**kwargs)`` (returns a run object with ``log`` and
``finish``), ``wandb.log(data, step=None, commit=None)``, ``wandb.finish()`` and ``wandb.config`` (a namespace)."""
from __future__ import annotations

import types

__all__ = ["init", "log", "finish", "config"]

config = types.SimpleNamespace()


class _Run:
    """What ``wandb.init`` returns: a run whose ``log``/``finish`` are ``wandb.log``/``wandb.finish``."""

    def log(self, data: dict, step=None, commit=None) -> None:
        log(data, step=step, commit=commit)

    def finish(self) -> None:
        finish()


def init(**kwargs) -> _Run:
    """``wandb.init``: no project, no server; the keyword arguments are ignored."""
    return _Run()


def log(data: dict, step=None, commit=None) -> None:
    """``wandb.log``: checks ``data`` is a dict, as wandb does, and drops it."""
    if not isinstance(data, dict):
        raise TypeError(f"wandb.log: data must be a dict, got {type(data).__name__}")


def finish() -> None:
    """``wandb.finish``: nothing to flush."""
