"""``tf.compat.v1.gfile`` (TF1's CamelCase file API): re-exports only."""
from __future__ import annotations

from tfcompat._src.runtime.gfile import (
    GFile, FastGFile, GFile as Open, copy as Copy, exists as Exists, glob as Glob, isdir as IsDirectory,
    listdir as ListDirectory, makedirs as MakeDirs, mkdir as MkDir, remove as Remove, rename as Rename,
    rmtree as DeleteRecursively, stat as Stat, walk as Walk,
)

__all__ = [
    "Copy", "DeleteRecursively", "Exists", "FastGFile", "GFile", "Glob", "IsDirectory", "ListDirectory",
    "MakeDirs", "MkDir", "Open", "Remove", "Rename", "Stat", "Walk",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.gfile", __name__)
