"""TF's trackable containers: ``ListWrapper`` and ``_DictWrapper`` (tensorflow/python/trackable/data_structures).

TF wraps a list or dict assigned as an attribute of a ``tf.Module`` or a ``tf.train.Checkpoint`` (and the lists
and dicts nested in it, and those added to it later) so that what is appended later is tracked: a variable
appended to ``module.layers`` is in ``module.trainable_variables`` and in the checkpoint under ``layers/0/...``.
The wrappers are real ``list``/``dict`` subclasses holding their elements, so every list or dict consumer sees
them as one; they print as TF's (``ListWrapper([...])``, ``DictWrapper({...})``), compare equal to plain lists
and dicts, and a ``ListWrapper`` is unhashable under its own name, as in TF. Slices and ``+`` give plain lists.

A ``ListWrapper`` records, as TF's does, a mutation other than appending once it holds a trackable object
(replacing, deleting, inserting or sorting elements): ``non_append_mutation``. TF refuses to checkpoint such a
list (the names ``layers/<i>`` would no longer say which object was saved): so does tfcompat's checkpoint
(``_checkpoint_children`` raises TF's ValueError).

Difference: TF's ``ListWrapper`` keeps the user's list as its storage (a later change through the original
list shows through the wrapper, and TF then refuses to save it); tfcompat's holds a shallow copy, so changes
made through the original list after the assignment are not seen."""
from __future__ import annotations

from tfcompat._src.ops import variables as variables_lib

__all__ = ["ListWrapper", "_DictWrapper", "wrap_container", "TRACKABLE_TYPES"]

# The types whose instances carry checkpoint dependencies (plain data does not); runtime/module.py adds
# tf.Module.
TRACKABLE_TYPES: list = [variables_lib.Variable]


def _is_trackable(value) -> bool:
    return isinstance(value, (ListWrapper, _DictWrapper, *TRACKABLE_TYPES))


class ListWrapper(list):
    """Mirrors TF's ``ListWrapper``: a list attribute of a trackable object (see the module docstring)."""

    def __init__(self, wrapped_list=()):
        super().__init__(wrap_container(v) for v in wrapped_list)
        self._non_append_mutation = False

    @property
    def non_append_mutation(self) -> bool:
        """Whether an element was replaced, deleted, inserted or moved while the list held a trackable."""
        return self._non_append_mutation

    def _note_mutation(self, *values) -> None:
        if any(_is_trackable(v) for v in self) or any(_is_trackable(v) for v in values):
            self._non_append_mutation = True

    # -- appends: tracked -------------------------------------------------------------------------
    def append(self, value) -> None:
        super().append(wrap_container(value))

    def extend(self, values) -> None:
        super().extend(wrap_container(v) for v in values)

    def __iadd__(self, values):
        self.extend(values)
        return self

    # -- other mutations: recorded ------------------------------------------------------------------
    def __setitem__(self, key, value) -> None:
        if isinstance(key, slice):
            self._note_mutation()
            super().__setitem__(key, [wrap_container(v) for v in value])
        else:
            if _is_trackable(self[key]):
                self._non_append_mutation = True
            super().__setitem__(key, wrap_container(value))

    def __delitem__(self, key) -> None:
        self._note_mutation()
        super().__delitem__(key)

    def insert(self, index, value) -> None:
        self._note_mutation(value)
        super().insert(index, wrap_container(value))

    def pop(self, index=-1):
        self._note_mutation()
        return super().pop(index)

    def remove(self, value) -> None:
        self._note_mutation()
        super().remove(value)

    def clear(self) -> None:
        self._note_mutation()
        super().clear()

    def sort(self, *args, **kwargs) -> None:
        self._note_mutation()
        super().sort(*args, **kwargs)

    def reverse(self) -> None:
        self._note_mutation()
        super().reverse()

    def __imul__(self, n):
        if n <= 0:
            self._note_mutation()
            super().clear()
            return self
        return super().__imul__(n)

    def _checkpoint_children(self) -> list:
        """(name, element) pairs of the trackable elements, named by position (``layers/0``) as in TF.

        Raises:
          ValueError: an element was replaced, deleted, inserted or moved (TF refuses to save the list)."""
        if self._non_append_mutation:
            raise ValueError(
                f"Unable to save the object {self!r} (a list wrapper constructed to track trackable TensorFlow "
                f"objects). A list element was replaced (__setitem__, __setslice__), deleted (__delitem__, "
                f"__delslice__), or moved (sort). In order to support restoration on object creation, tracking is "
                f"exclusively for append-only data structures.\n\nIf you don't need this list checkpointed, wrap "
                f"it in a non-trackable object; it will be subsequently ignored.")
        return [(str(i), v) for i, v in enumerate(self) if _is_trackable(v)]

    def __copy__(self) -> "ListWrapper":
        copied = ListWrapper(self)
        copied._non_append_mutation = self._non_append_mutation
        return copied

    def copy(self) -> list:
        return list(self)

    def __hash__(self):
        raise TypeError("unhashable type: 'ListWrapper'")

    def __reduce_ex__(self, protocol):
        return (ListWrapper, (list(self),))

    def __repr__(self) -> str:
        return f"ListWrapper({list.__repr__(self)})"


class _DictWrapper(dict):
    """Mirrors TF's ``_DictWrapper``: a dict attribute of a trackable object (its values wrapped in turn)."""

    def __init__(self, wrapped_dict=(), **kwargs):
        super().__init__()
        self.update(wrapped_dict, **kwargs)

    def __setitem__(self, key, value) -> None:
        super().__setitem__(key, wrap_container(value))

    def update(self, *args, **kwargs) -> None:
        for key, value in dict(*args, **kwargs).items():
            self[key] = value

    def setdefault(self, key, default=None):
        if key not in self:
            self[key] = default
        return self[key]

    def copy(self) -> "_DictWrapper":
        return _DictWrapper(self)

    def __copy__(self) -> "_DictWrapper":
        return _DictWrapper(self)

    def __reduce_ex__(self, protocol):
        return (_DictWrapper, (dict(self),))

    def __repr__(self) -> str:
        return f"DictWrapper({dict.__repr__(self)})"


def wrap_container(value):
    """``value`` wrapped as TF wraps a trackable's list/dict attribute (TF's ``wrap_or_unwrap``: exact ``list``
    and ``dict`` types only, so subclasses such as ``collections.Counter`` keep their own behaviour; other values
    unchanged)."""
    if type(value) is list:
        return ListWrapper(value)
    if type(value) is dict:
        return _DictWrapper(value)
    return value
