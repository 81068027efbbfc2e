"""Which ``tf.distribute`` strategy and context the current thread is in (TF's ``distribute_lib`` mode stack).

A *mode* says three things at once: the strategy in effect, whether code runs in the cross-replica context (inside
``strategy.scope()`` or a ``merge_call``) and, if not, which ``ReplicaContext`` it runs in. Outside every scope
the mode is the default one: the default strategy, in its default replica context (as in TF, where
``get_replica_context()`` then returns a replica context and ``in_cross_replica_context()`` is False).

The stack is per thread, as TF's (TF keeps it per graph and thread; tfcompat has one replica, so nothing else
needs it). ``tf.distribute.experimental_set_strategy`` enters a scope that stays entered until replaced."""
from __future__ import annotations

import dataclasses
import threading

__all__ = ["Mode", "current_mode", "push_mode", "pop_mode", "get_strategy", "has_strategy",
           "in_cross_replica_context", "get_replica_context", "get_cross_replica_context",
           "require_cross_replica_or_default", "wrong_strategy_scope", "set_default_mode_factory"]


@dataclasses.dataclass(frozen=True)
class Mode:
    """One entry of the mode stack: ``cross_replica`` is the strategy when in cross-replica context (else None),
    ``replica_context`` the ReplicaContext when in replica context (else None)."""
    strategy: object
    cross_replica: object = None
    replica_context: object = None


class _Stack(threading.local):
    def __init__(self):
        self.modes: list = []


_stack = _Stack()
# Builds the default mode (default strategy + its default replica context); set once by distribute_lib, which
# defines those classes. Kept as a factory so this module needs nothing above it.
_default_mode_factory: list = []
_default_mode_cache: list = []


def set_default_mode_factory(factory) -> None:
    """Registers the function that builds the default mode (called once, lazily)."""
    _default_mode_factory[:] = [factory]


def default_mode() -> Mode:
    if not _default_mode_cache:
        # The factory is registered when the tfcompat._src.distribute package loads (its __init__).
        _default_mode_cache.append(_default_mode_factory[0]())
    return _default_mode_cache[0]


def current_mode() -> Mode:
    return _stack.modes[-1] if _stack.modes else default_mode()


def push_mode(mode: Mode) -> None:
    _stack.modes.append(mode)


def pop_mode(mode: Mode) -> None:
    if not _stack.modes or _stack.modes[-1] is not mode:
        raise RuntimeError("tf.distribute scopes were exited out of order; exit the innermost scope first.")
    _stack.modes.pop()


def get_strategy():
    """Mirrors ``tf.distribute.get_strategy``: the strategy in effect (the default strategy outside any scope)."""
    return current_mode().strategy


def has_strategy() -> bool:
    """Mirrors ``tf.distribute.has_strategy``: whether a non-default strategy is in effect."""
    return current_mode().strategy is not default_mode().strategy


def in_cross_replica_context() -> bool:
    """Mirrors ``tf.distribute.in_cross_replica_context``: True inside ``strategy.scope()`` or a ``merge_call``,
    False in a replica context (inside ``strategy.run``, or outside every scope)."""
    return current_mode().cross_replica is not None


def get_replica_context():
    """Mirrors ``tf.distribute.get_replica_context``: the ReplicaContext code runs in, or None in the
    cross-replica context. Outside every scope: the default strategy's replica context."""
    return current_mode().replica_context


def get_cross_replica_context():
    """Mirrors TF1's ``tf.compat.v1.distribute.get_cross_replica_context`` (not in TF2's public API): the strategy
    when in cross-replica context, else None."""
    return current_mode().cross_replica


def wrong_strategy_scope(strategy) -> None:
    """Raises TF's RuntimeError for using ``strategy`` while another strategy (or none) is in effect."""
    if not has_strategy():
        raise RuntimeError(f'Need to be inside "with strategy.scope()" for {strategy}')
    raise RuntimeError(f"Mixing different tf.distribute.Strategy objects: {current_mode().strategy} is not "
                       f"{strategy}")


def require_cross_replica_or_default(strategy, error_message: str | None = None) -> None:
    """Raises TF's RuntimeError unless in ``strategy``'s cross-replica context or the default mode."""
    mode = current_mode()
    if mode.cross_replica is not None and mode.cross_replica is strategy:
        return
    if mode is default_mode():
        return
    if mode.strategy is not strategy:
        wrong_strategy_scope(strategy)
    raise RuntimeError(error_message or "Method requires being in cross-replica context, use "
                                        "get_replica_context().merge_call()")
