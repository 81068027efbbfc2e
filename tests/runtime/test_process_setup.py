"""Process-wide settings (runtime/process_setup.py): glibc malloc thresholds for large activation buffers, applied
once when tfcompat is imported, switched off by ``TFCOMPAT_MALLOC_TUNING=0`` or the user's own glibc variables.
No TF behaviour is involved (expected values: by hand). Their effect (page faults per CNN step) is a benchmark
measurement (benchmarks/conv_decision.md), not a test: a small probe process faults 0-4704 pages with or without
them, so no threshold separates the two reliably."""
from __future__ import annotations

import os

import pytest

import tfcompat  # noqa: F401  (imports runtime/process_setup, which applies the settings)
from tfcompat._src.runtime import process_setup


@pytest.mark.parametrize("environ, expected", [
    ({}, True),
    ({"TFCOMPAT_MALLOC_TUNING": "1"}, True),
    ({"TFCOMPAT_MALLOC_TUNING": "0"}, False),
    ({"MALLOC_TRIM_THRESHOLD_": "0"}, False),
    ({"MALLOC_MMAP_THRESHOLD_": "131072"}, False),
])
def test_wanted_respects_switch_and_user_variables(environ, expected):
    assert process_setup.wanted(environ) is expected


def test_applied_at_import_where_glibc_allows():
    expected = process_setup.wanted(os.environ) and process_setup._glibc() is not None
    assert process_setup._applied == ([True] if expected else ([False] if process_setup._applied else []))
    assert process_setup.keep_activation_buffers() is expected   # idempotent


class _RecordingLibc:
    def __init__(self):
        self.calls = []

    def mallopt(self, param, value):
        self.calls.append((param, value))
        return 1


def test_sets_glibc_thresholds_once(monkeypatch):
    """The values and the parameter numbers (malloc.h: M_MMAP_THRESHOLD -3, M_TRIM_THRESHOLD -1), by hand; a
    second call does nothing."""
    libc = _RecordingLibc()
    monkeypatch.setattr(process_setup, "_applied", [])
    monkeypatch.setattr(process_setup, "_glibc", lambda: libc)
    assert process_setup.keep_activation_buffers({}) is True
    assert process_setup.keep_activation_buffers({}) is True
    assert libc.calls == [(-3, 32 << 20), (-1, 256 << 20)]


@pytest.mark.parametrize("environ", [{"TFCOMPAT_MALLOC_TUNING": "0"}, {"MALLOC_TOP_PAD_": "0"}])
def test_switched_off_leaves_malloc_alone(monkeypatch, environ):
    libc = _RecordingLibc()
    monkeypatch.setattr(process_setup, "_applied", [])
    monkeypatch.setattr(process_setup, "_glibc", lambda: libc)
    assert process_setup.keep_activation_buffers(environ) is False
    assert libc.calls == []
