"""Process-wide settings tfcompat applies once, when it is imported (``tfcompat/__init__.py`` imports this module
right after the op modules). Today one: glibc ``malloc`` settings that keep a conv net's large activation buffers
in the process between steps.

torch's CPU tensors come from ``malloc``. With glibc's defaults, buffers of a few MB (a batch-64 28x28x32 float32
activation is 6.4 MB; its ReLU mask, bias-add output and pooling gradient as many again) are served by ``mmap`` or
from the top of the heap, and a step's frees give them back to the kernel (``munmap``, heap trimming); the next step
touches fresh pages and pays a page fault per 4 KiB. Measured on the build box (1 thread, ``getrusage``, workload
10 of ``benchmarks/``: conv2d 5x5 1->32 and 32->64, max_pool, dense, Adam; batch 64 of 28x28x1): ~5000 minor page
faults and 7-10 ms of system CPU time per step (a 48-50 ms step), against 0 for real TF in the same process, whose
allocator keeps its memory. With a fixed mmap threshold of 32 MiB and a trim threshold of 256 MiB (``mallopt``)
the faults and the system time are gone (0-160 faults, 0.2 ms) and the user time is unchanged; the Keras CNN step
(workload 15) goes from 22.7 to 17.5 ms of CPU time. See ``benchmarks/conv_decision.md``.

The cost: up to ``TRIM_THRESHOLD`` bytes of freed memory stay mapped per malloc arena instead of going back to the
kernel. Nothing changes where the C library is not glibc, where the user set glibc's own variables
(``MALLOC_MMAP_THRESHOLD_``, ``MALLOC_TRIM_THRESHOLD_``, ``MALLOC_TOP_PAD_``), or with ``TFCOMPAT_MALLOC_TUNING=0``.
Applied once per process, at the end of this module."""
from __future__ import annotations

import ctypes
import os
from collections.abc import Mapping

__all__ = ["ENV_SWITCH", "USER_MALLOC_ENV", "MMAP_THRESHOLD", "TRIM_THRESHOLD", "wanted",
           "keep_activation_buffers"]

ENV_SWITCH = "TFCOMPAT_MALLOC_TUNING"
USER_MALLOC_ENV = ("MALLOC_MMAP_THRESHOLD_", "MALLOC_TRIM_THRESHOLD_", "MALLOC_TOP_PAD_", "MALLOC_MMAP_MAX_")
MMAP_THRESHOLD = 32 << 20    # glibc's largest allowed value (HEAP_MAX / 2 on 64-bit)
TRIM_THRESHOLD = 256 << 20
# glibc's mallopt parameter numbers (malloc.h).
_M_TRIM_THRESHOLD = -1
_M_MMAP_THRESHOLD = -3

_applied: list[bool] = []


def _glibc():
    try:
        if not os.confstr("CS_GNU_LIBC_VERSION").startswith("glibc"):
            return None
    except (AttributeError, ValueError, OSError):   # no confstr, or not glibc
        return None
    try:
        libc = ctypes.CDLL(None)   # the process's own symbols: glibc's malloc is the one in use
    except OSError:
        return None
    return libc if hasattr(libc, "mallopt") else None


def wanted(environ: Mapping[str, str]) -> bool:
    """Whether ``environ`` leaves the malloc settings to tfcompat (not switched off, no glibc variables of the
    user's)."""
    return environ.get(ENV_SWITCH, "1") != "0" and not any(k in environ for k in USER_MALLOC_ENV)


def keep_activation_buffers(environ: Mapping[str, str] | None = None) -> bool:
    """Sets glibc's mmap and trim thresholds as the module docstring says, once per process; returns whether
    they are set (False: not glibc, switched off, or the user's own malloc variables are in ``environ``)."""
    if _applied:
        return _applied[0]
    if not wanted(os.environ if environ is None else environ):
        return False
    libc = _glibc()
    ok = libc is not None and bool(libc.mallopt(_M_MMAP_THRESHOLD, MMAP_THRESHOLD)) and bool(
        libc.mallopt(_M_TRIM_THRESHOLD, TRIM_THRESHOLD))
    _applied.append(ok)
    return ok


keep_activation_buffers()
