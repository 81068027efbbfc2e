"""Running torch's meta kernels (static shape inference of graph ops, ``shape_inference._meta_specs``) without importing
``torch._dynamo``.

Trap: torch registers python decompositions as the Meta kernels of most aten ops, and the elementwise ones are
wrapped in ``torch._disable_dynamo``, whose first call imports ``torch._dynamo`` (seconds) only to wrap the
function in ``torch._dynamo.disable``. While dynamo is not imported no frame can be under dynamo, so calling the
function directly is the same; :func:`prepare` gives each such wrapper a stand-in that does that and, once
something imports ``torch._dynamo`` (``torch.compile``), installs the real ``disable`` as torch would have."""
from __future__ import annotations

import sys

import torch

__all__ = ["prepare"]

_DISABLE_ATTR = "__dynamo_disable"   # the attribute torch._compile's wrapper caches its disabled function in
_state = {"done": False}


def _stand_in(fn, recursive):
    def call(*args, **kwargs):
        if "torch._dynamo" in sys.modules:
            import torch._dynamo
            real = torch._dynamo.disable(fn, recursive, wrapping=False)
            setattr(fn, _DISABLE_ATTR, real)
            return real(*args, **kwargs)
        return fn(*args, **kwargs)
    return call


def _wrapper_code():
    make = getattr(getattr(torch, "_compile", None), "_disable_dynamo", None)
    if make is None:
        return None
    code = getattr(make(lambda: None), "__code__", None)
    return code if code is not None and set(code.co_freevars) >= {"fn", "recursive"} else None


def _seed(f, code, seen, depth=0):
    if id(f) in seen or depth > 8:
        return
    seen.add(id(f))
    if getattr(f, "__code__", None) is code:
        cells = dict(zip(code.co_freevars, f.__closure__))
        fn = cells["fn"].cell_contents
        if getattr(fn, _DISABLE_ATTR, None) is None:
            setattr(fn, _DISABLE_ATTR, _stand_in(fn, cells["recursive"].cell_contents))
    wrapped = getattr(f, "__wrapped__", None)
    if wrapped is not None:
        _seed(wrapped, code, seen, depth + 1)
    for cell in getattr(f, "__closure__", None) or ():
        try:
            value = cell.cell_contents
        except ValueError:   # an empty cell
            continue
        if hasattr(value, "__code__"):
            _seed(value, code, seen, depth + 1)


def prepare() -> None:
    """Once per process, before the first meta run: the stand-ins for the meta kernels' dynamo wrappers (a no-op
    when dynamo is already imported or this torch lays its wrappers out differently)."""
    if _state["done"]:
        return
    _state["done"] = True
    if "torch._dynamo" in sys.modules:
        return
    code = _wrapper_code()
    decomp = sys.modules.get("torch._decomp")
    if code is None or decomp is None:
        return
    seen: set = set()
    for table in decomp.global_decomposition_table.values():
        for fn in list(table.values()):
            _seed(fn, code, seen)
