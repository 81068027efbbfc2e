"""The record files of aligned and traced runs: ``.npz`` archives of arrays ``a0, a1, ...`` and a JSON manifest.

Manifest layout (written by ``tf_side.py`` for TensorFlow's run, by ``tfcompat_side`` for tfcompat's)::

    {"api": "v1" | "v2",
     "runs": {"<Session.run call index>": {"init": [[variable name, key]],      # initial values assigned
                                          "random": [[tensor name, key, op type, rank]]}},
         # random op outputs; rank: the op's index among the graph's ops of its type, in creation order
     "vars": [[name, shape, dtype, key or null]],        # v2: variables in creation order, values at creation
     "eager_random": [[op type, shape, dtype, key]],      # v2: random ops run eagerly, in call order
     "trace": {"<call index>": [[tensor name, op type, source line, key]]},    # topological order
     "vars_after": {"<call index>": [[variable name, key]]},                   # after a traced call
     "eager_trace": [[op type, source line, [key or null per output]]]}        # v2: eager ops in order
"""
from __future__ import annotations

import json

import numpy as np

__all__ = ["Record", "load_record"]


class Record:
    """A loaded record: ``manifest`` (dict as above) and ``array(key)``."""

    def __init__(self, manifest: dict, arrays):
        self.manifest = manifest
        self._arrays = arrays

    def array(self, key: str) -> np.ndarray:
        return self._arrays[key]


def load_record(path: str) -> Record:
    """Reads a record written by either side."""
    with np.load(path, allow_pickle=False) as data:
        arrays = {k: data[k] for k in data.files}
    manifest = json.loads(str(arrays.pop("__manifest__")))
    return Record(manifest, arrays)


def write_record(path: str, manifest: dict, arrays: dict) -> None:
    """Writes ``arrays`` (key -> array) and ``manifest`` to ``path``."""
    np.savez(path, __manifest__=np.array(json.dumps(manifest)), **arrays)
