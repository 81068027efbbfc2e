"""The tensors an optimizer update writes in place, for a whole list of variables at once.

``writable_values(vs)`` returns ``[v._writable_value() for v in vs]`` (``ops/variables.py``: the variable's own
tensor when nothing else holds it, else a private copy bound first, TF's copy-on-write) with ``_unshared``'s tests
inline for the two common cases: a tensor the variable allocated, held by no other Python object and no other
tensor, either alone (``_use_count() == 1``) or also by its leaf's AccumulateGrad node (a trainable variable read in
a live autograd graph). Through ``_writable_value``/``_unshared``/``_baseline_refs`` that took ten Python calls per
tensor; inline, four (five with the node). Every other case (a shared tensor, a variable type that overrides the
reads, no Session store, an uninitialized variable) goes through the variable's own ``_writable_value``, so the
copy-on-write decisions and errors are unchanged."""
from __future__ import annotations

import sys

import torch

from tfcompat._src.ops import variables as variables_lib

__all__ = ["writable_values"]

_Variable = variables_lib.Variable
_FAST_TYPES: set = set()
_storage_use_count = torch._C._storage_Use_Count
_only_autograd_holds = variables_lib._only_autograd_holds
_getrefcount = sys.getrefcount


def _fast_type(tp) -> bool:
    ok = tp._writable_value is _Variable._writable_value and tp._current_value is _Variable._current_value
    if ok:
        _FAST_TYPES.add(tp)
    return ok


def writable_values(variables) -> list[torch.Tensor]:
    """Mirrors ``[v._writable_value() for v in variables]`` (same tensors, same copies; see the module docstring)."""
    out = []
    base = None
    for v in variables:
        cur = None
        if type(v) in _FAST_TYPES or _fast_type(type(v)):
            if base is None:   # at the first variable that takes the inline checks
                store = getattr(variables_lib._ctx, "resource_store", None)
                owned = variables_lib._OWNED
                # The reference count an unshared tensor shows below, measured through the same shape (one
                # container entry, one local, getrefcount's argument) on every call, as _baseline_refs does.
                cur = variables_lib._PROBE[0]
                base = _getrefcount(cur)
                cur = None
            try:
                cur = v._value if v._graph is None else store[v]
            except (KeyError, TypeError):   # uninitialized, or no Session runs: _writable_value raises TF's error
                pass
        # __dict__ membership: no call (the mark is an instance attribute, variables._owned_leaf).
        if cur is not None and owned in cur.__dict__ and \
                _storage_use_count(cur.untyped_storage()._cdata) == 2:
            uses = cur._use_count()
            # While C++ holds more references than the Python object's own, torch keeps one extra reference.
            if uses == 1 and _getrefcount(cur) == base or uses == 2 and cur.requires_grad and \
                    _getrefcount(cur) - 1 == base and _only_autograd_holds(cur):
                out.append(cur)
                continue
        cur = None     # the check in _writable_value must not see this frame's reference
        out.append(v._writable_value())
    return out
