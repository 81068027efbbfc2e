"""TF's trackable containers: ``ListWrapper`` and ``_DictWrapper`` (tensorflow/python/trackable/data_structures).

TF wraps a list or dict assigned as an attribute of a ``tf.train.Checkpoint`` so the checkpoint can track what is
added to it later. tfcompat's checkpoints read containers' contents when they save or restore, so the wrappers
only need TF's types and reprs (``ListWrapper([...])``, ``DictWrapper({...})``); they are plain list/dict
subclasses otherwise.

Difference: TF also wraps the list/dict attributes of ``tf.Module`` and Keras layers; tfcompat keeps those as
the user's own objects."""
from __future__ import annotations

__all__ = ["ListWrapper", "_DictWrapper", "wrap_container"]


class ListWrapper(list):
    """Mirrors TF's ``ListWrapper``: a list attribute of a trackable object."""

    def __repr__(self) -> str:
        return f"ListWrapper({list.__repr__(self)})"


class _DictWrapper(dict):
    """Mirrors TF's ``_DictWrapper``: a dict attribute of a trackable object."""

    def __repr__(self) -> str:
        return f"DictWrapper({dict.__repr__(self)})"


def wrap_container(value):
    """``value`` wrapped as TF wraps a trackable's list/dict attribute (other values unchanged)."""
    if type(value) is list:
        return ListWrapper(value)
    if type(value) is dict:
        return _DictWrapper(value)
    return value
