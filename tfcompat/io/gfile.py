"""``tf.io.gfile``: re-exports only."""
from __future__ import annotations

from tfcompat._src.runtime.gfile import (
    GFile, copy, exists, get_registered_schemes, glob, isdir, join, listdir, makedirs, mkdir, remove, rename,
    rmtree, stat, walk,
)

__all__ = [
    "GFile", "copy", "exists", "get_registered_schemes", "glob", "isdir", "join", "listdir", "makedirs", "mkdir",
    "remove", "rename", "rmtree", "stat", "walk",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.io.gfile", __name__)
