"""``tf.Module``: a container whose variables and submodules are found by walking its attributes.

As in TF, a list or dict assigned as an attribute is wrapped (``ListWrapper``/``_DictWrapper``,
runtime/data_structures.py), so it prints and behaves as TF's and later appends are tracked."""
from __future__ import annotations

import functools
import re

from tfcompat._src.framework.name_scope import name_scope as name_scope_cls
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.runtime import data_structures

__all__ = ["Module"]

_CAMEL_TO_SNAKE = re.compile(r"((?<=[a-z0-9])[A-Z]|(?!^)[A-Z](?=[a-z]))")
_VALID_IDENTIFIER = re.compile(r"^[a-zA-Z_]([a-zA-Z0-9_])*$")


def _camel_to_snake(value: str) -> str:
    return _CAMEL_TO_SNAKE.sub(r"_\1", value).lower()


def _leaves(value, out):
    """TF's nest.flatten: dict values in sorted-key order, lists/tuples in order, anything else a leaf."""
    if isinstance(value, dict):
        try:
            keys = sorted(value)
        except TypeError:
            keys = sorted(value, key=repr)
        for k in keys:
            _leaves(value[k], out)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _leaves(v, out)
    else:
        out.append(value)
    return out


# tf.train.Checkpoint (runtime/training/checkpoint.py) installs a hook here, called as hook(module, name, value)
# after every attribute assignment: TF restores a dependency added after `Checkpoint.restore` at that moment.
attribute_hooks: list = []


class Module:
    """Mirrors ``tf.Module``: ``variables``, ``trainable_variables``, ``non_trainable_variables`` and
    ``submodules`` are found through attributes (sorted by attribute name, depth first per module, each object
    once), including inside lists, tuples and dicts, and variables created lazily (e.g. on a tf.function's
    first trace) as soon as they are attributes.

    Difference: eager variable names do not get the module's name scope prefix."""

    _TF_MODULE_IGNORED_PROPERTIES = frozenset(("_self_unconditional_checkpoint_dependencies",
                                               "_self_unconditional_dependency_names"))

    def __init__(self, name: str | None = None):
        if name is None:
            name = _camel_to_snake(type(self).__name__)
        elif not _VALID_IDENTIFIER.match(name):
            raise ValueError(f"{name!r} is not a valid module name. Module names must be valid Python identifiers "
                             f"(e.g. a valid class name).")
        self._name = name
        self._scope_name = name + "/"

    def __setattr__(self, name, value):
        # TF's AutoTrackable wraps list/dict values of every attribute. A subclass with its own attribute
        # tracking (Keras layers: keras/engine/layer_tracking.py) keeps the values it passes here.
        if type(self).__setattr__ is Module.__setattr__:
            value = data_structures.wrap_container(value)
        object.__setattr__(self, name, value)
        for hook in attribute_hooks:
            hook(self, name, value)

    @property
    def name(self) -> str:
        """The name passed to the constructor (or the snake_case class name)."""
        return self._name

    @property
    def name_scope(self):
        """A ``tf.name_scope`` for this module."""
        return name_scope_cls(self._name)

    @property
    def variables(self) -> tuple:
        """All variables of this module and its submodules."""
        return tuple(self._flatten(predicate=lambda v: isinstance(v, variables_lib.Variable)))

    @property
    def trainable_variables(self) -> tuple:
        """The trainable variables of this module and its submodules."""
        return tuple(self._flatten(predicate=lambda v: isinstance(v, variables_lib.Variable) and v.trainable))

    @property
    def non_trainable_variables(self) -> tuple:
        """The non-trainable variables of this module and its submodules."""
        return tuple(self._flatten(predicate=lambda v: isinstance(v, variables_lib.Variable) and not v.trainable))

    @property
    def submodules(self) -> tuple:
        """All modules reachable from this one's attributes (not including itself)."""
        return tuple(self._flatten(predicate=lambda v: isinstance(v, Module)))

    def _flatten(self, recursive=True, predicate=None, attribute_traversal_key=None, with_path=False,
                 expand_composites=False):
        """Mirrors ``Module._flatten`` (without ``with_path``)."""
        predicate = predicate or (lambda _: True)
        return _flatten_module(self, recursive, predicate, attribute_traversal_key, {id(self)}, [])

    @classmethod
    def with_name_scope(cls, method):
        """Mirrors ``Module.with_name_scope``: runs ``method`` inside the module's name scope."""
        @functools.wraps(method)
        def method_with_name_scope(self, *args, **kwargs):
            with self.name_scope:
                return method(self, *args, **kwargs)
        return method_with_name_scope

    def __repr__(self):
        return f"<{type(self).__module__}.{type(self).__name__} object at {hex(id(self))}>"


def _flatten_module(module, recursive, predicate, key, seen, stack):
    if id(module) in stack:
        recursive = False
    attrs = vars(module)
    submodules = []
    ignored = getattr(module, "_TF_MODULE_IGNORED_PROPERTIES", ())
    for name in sorted(attrs, key=key):
        if name in ignored:
            continue
        for leaf in _leaves(attrs[name], []):
            if id(leaf) in seen:
                continue
            seen.add(id(leaf))
            if predicate(leaf):
                yield leaf
            if recursive and isinstance(leaf, Module):
                submodules.append(leaf)
    stack.append(id(module))
    for sub in submodules:
        yield from _flatten_module(sub, recursive, predicate, key, seen, stack)
    stack.pop()


data_structures.TRACKABLE_TYPES.append(Module)
