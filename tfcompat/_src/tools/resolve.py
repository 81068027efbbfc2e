"""Resolving a TensorFlow attribute chain (``tf.nn.rnn_cell.LSTMCell``) against tfcompat, for ``check``.

A chain is a tuple of names starting with ``"tf"``: ``("tf", "nn", "rnn_cell", "LSTMCell")``. It is looked up
the way ``python -m tfcompat run`` makes ``import tensorflow`` resolve (``runtime/install.py``): ``tf`` is
``tfcompat.compat.v1`` for a TF1 script and ``tfcompat`` for a TF2 one; ``tf.compat.v1`` is always
``tfcompat.compat.v1`` and ``tf.compat.v2`` is ``tfcompat``. Each name is a ``getattr`` on the previous object
(a submodule that is not yet an attribute is imported, as ``from tensorflow.python.framework import ops``
would). The symbol ends at the first object that is neither a module nor a class: in ``tf.float32.max`` the
symbol is ``tf.float32``, in ``tf.GraphKeys.TRAINABLE_VARIABLES`` it is the whole chain. An unsupported symbol
is the whole chain (``tf.contrib.layers.fully_connected``, not just ``tf.contrib``).

The outcome is *supported*, *partial* (it resolves, and a known deviation in ``partial_support.PARTIAL``
applies) or *unsupported* (listed in ``unsupported.UNSUPPORTED``, or absent from tfcompat; the reason then says
whether TF 2.21 has the name)."""
from __future__ import annotations

import dataclasses
import functools
import importlib
import types

from tfcompat._src.tools import unsupported
from tfcompat._src.tools.partial_support import PARTIAL

__all__ = ["Resolution", "Resolver", "ROOT_CHAINS", "SUPPORTED", "PARTIAL_STATUS", "UNSUPPORTED_STATUS"]

SUPPORTED, PARTIAL_STATUS, UNSUPPORTED_STATUS = "supported", "partial", "unsupported"

# Chains that name tfcompat's root modules; importing one of them is not a use worth reporting.
ROOT_CHAINS = frozenset({("tf",), ("tf", "compat"), ("tf", "compat", "v1"), ("tf", "compat", "v2")})


@dataclasses.dataclass(frozen=True)
class Resolution:
    """What one chain resolves to: ``symbol`` (the TF path the status is about), ``status``, ``reason`` (empty
    when supported), ``deviation`` (the known-deviation key when partial), ``complete`` (the whole chain is
    the symbol, so a name bound to it stands for a TF object) and ``value`` (the tfcompat object, or None)."""

    symbol: str
    status: str
    reason: str = ""
    deviation: str | None = None
    complete: bool = True
    value: object = dataclasses.field(default=None, repr=False, compare=False)


def _roots(api: str) -> list[tuple[tuple[str, ...], object]]:
    import tfcompat
    from tfcompat import compat
    from tfcompat.compat import v1
    top = v1 if api == "v1" else tfcompat
    # Longest prefix first.
    return [(("tf", "compat", "v1"), v1), (("tf", "compat", "v2"), tfcompat), (("tf", "compat"), compat),
            (("tf",), top)]


def _descends(obj) -> bool:
    return isinstance(obj, (types.ModuleType, type))


def _submodule(obj, name: str):
    """The submodule ``name`` of package ``obj`` imported, or None (it is not yet an attribute)."""
    if not isinstance(obj, types.ModuleType) or not hasattr(obj, "__path__"):
        return None
    try:
        return importlib.import_module(f"{obj.__name__}.{name}")
    except ImportError:
        return None


class Resolver:
    """Resolves chains for one API (``'v1'``: ``tf`` is ``tf.compat.v1``; ``'v2'``: ``tf`` is TF2's ``tf``)."""

    def __init__(self, api: str):
        if api not in ("v1", "v2"):
            raise ValueError(f"api must be 'v1' or 'v2', got {api!r}")
        self.api = api
        self._roots = _roots(api)
        self._cache: dict[tuple[str, ...], Resolution] = {}

    def tf_api_path(self, chain: tuple[str, ...]) -> str:
        """The chain's name in TF 2.21's recorded API: ``tf.X`` of a TF1 script is ``tf.compat.v1.X``,
        ``tf.compat.v2.X`` is ``tf.X``."""
        if chain[:3] == ("tf", "compat", "v2"):
            chain = ("tf",) + chain[3:]
        elif self.api == "v1" and chain[:3] != ("tf", "compat", "v1") and chain[:2] != ("tf", "compat"):
            chain = ("tf", "compat", "v1") + chain[1:]
        return ".".join(chain)

    def resolve(self, chain: tuple[str, ...]) -> Resolution:
        """The resolution of ``chain`` (cached)."""
        if chain not in self._cache:
            self._cache[chain] = self._resolve(chain)
        return self._cache[chain]

    def _resolve(self, chain: tuple[str, ...]) -> Resolution:
        prefix, obj = next((p, o) for p, o in self._roots if chain[:len(p)] == p)
        seen = [obj]
        n = len(prefix)
        while n < len(chain) and _descends(obj) and not chain[n].startswith("__"):
            if isinstance(obj, unsupported.UnsupportedNamespace):  # everything under it is unsupported
                return Resolution(".".join(chain), UNSUPPORTED_STATUS, obj._reason, value=obj)
            name = chain[n]
            try:
                value = getattr(obj, name)
            except unsupported.UnsupportedAPIError as e:
                return Resolution(".".join(chain), UNSUPPORTED_STATUS, e.reason)
            except AttributeError:
                value = _submodule(obj, name)
                if value is None:
                    return Resolution(".".join(chain), UNSUPPORTED_STATUS, self._missing_reason(chain[:n + 1]))
            obj = value
            seen.append(obj)
            n += 1
        symbol = ".".join(chain[:n])
        complete = n == len(chain)
        if isinstance(obj, unsupported.UnsupportedNamespace):
            return Resolution(symbol, UNSUPPORTED_STATUS, obj._reason, complete=complete, value=obj)
        deviation = _deviation_for(seen[1:])
        if deviation is not None:
            key, reason = deviation
            return Resolution(symbol, PARTIAL_STATUS, reason, key, complete, obj)
        return Resolution(symbol, SUPPORTED, complete=complete, value=obj)

    def _missing_reason(self, chain: tuple[str, ...]) -> str:
        path = self.tf_api_path(chain)
        if unsupported.reason_for(path) is not None:
            return unsupported.reason_for(path)
        if _in_tf_api(path):
            return f"TensorFlow 2.21 has {path}; tfcompat does not implement it"
        removed = next((_REMOVED_IN_TF2[name] for name in chain[1:4] if name in _REMOVED_IN_TF2), None)
        if removed is not None:
            return removed
        if self.api == "v2" and chain[:2] != ("tf", "compat") and _in_tf_api("tf.compat.v1." + ".".join(chain[1:])):
            return (f"a TF1 name, not in TensorFlow 2.21's tf namespace: use tf.compat.v1.{'.'.join(chain[1:])} "
                    f"(or run the script with --api v1)")
        return f"not part of TensorFlow 2.21's public API, and tfcompat does not provide {path}"


# TF1 namespaces TF 2.x removed (so TF 2.21's recorded API has no entry for them) -> why they are missing.
_REMOVED_IN_TF2 = {
    "contrib": "tf.contrib was removed in TensorFlow 2.0; tfcompat does not provide this part of it",
    "examples": "tensorflow.examples is not part of TensorFlow 2.x; tfcompat provides only TF 1.x's MNIST loader "
                "tensorflow.examples.tutorials.mnist.input_data",
}


@functools.lru_cache(maxsize=1)
def _tf_api() -> dict:
    from tfcompat._src.tools.api_coverage import load_tf_api
    return load_tf_api()


def _in_tf_api(path: str) -> bool:
    ns, _, name = path.rpartition(".")
    return name in _tf_api().get(ns, {}) or path in _tf_api()


@functools.lru_cache(maxsize=1)
def _partial_objects() -> tuple[dict[int, tuple[str, str]], list[tuple[type, tuple[str, str]]], list[object]]:
    """``PARTIAL`` resolved to tfcompat objects: ``({id(obj): entry}, [(class, entry)], objects kept alive)``.

    Entries are resolved with the TF2 root (they are written as ``tf.X`` / ``tf.compat.v1.X``); an entry that
    does not resolve raises (a test resolves them all)."""
    resolver = Resolver("v2")
    by_id, classes, keep = {}, [], []
    for path, entry in PARTIAL.items():
        prefix, obj = next((p, o) for p, o in resolver._roots if tuple(path.split("."))[:len(p)] == p)
        for name in path.split(".")[len(prefix):]:
            obj = getattr(obj, name)
        by_id[id(obj)] = entry
        keep.append(obj)
        if isinstance(obj, type):
            classes.append((obj, entry))
    return by_id, classes, keep


def _deviation_for(objects: list) -> tuple[str, str] | None:
    """The ``PARTIAL`` entry matching the resolved object (itself, or a subclass of an entry's class) or, failing
    that, the innermost namespace or class it was reached through."""
    by_id, classes, _ = _partial_objects()
    for obj in reversed(objects):
        if id(obj) in by_id:
            return by_id[id(obj)]
        if isinstance(obj, type):
            for cls, entry in classes:
                if issubclass(obj, cls):
                    return entry
    return None
