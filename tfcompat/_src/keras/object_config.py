"""Keras object configs: ``serialize``/``deserialize``/``get`` for the object families (losses, metrics,
activations, initializers, regularizers, constraints), mirroring tf-keras 2.21's ``serialization_lib`` format::

    {"module": "keras.losses", "class_name": "Huber", "config": {...}, "registered_name": None}

plain functions serialize to ``{"module": "builtins", "class_name": "function", "config": <name>,
"registered_name": "function"}``. Legacy configs (no ``module``) and plain names are accepted, as in tf-keras: a
name that resolves to a class gives an instance built with its defaults. Without TF2 behaviour
(``tf.compat.v1.disable_v2_behavior``) both directions use the legacy format, as tf-keras does.

``CUSTOM_OBJECTS`` is the global registry that ``keras.utils.custom_object_scope`` and
``register_keras_serializable`` fill; it is consulted after a call's own ``custom_objects``.

Each family's ``get``/``serialize`` is ``get_object``/``serialize_object`` with the family's table and its
tf-keras variations (what None gives, how a name is read, the error raised)."""
from __future__ import annotations

import inspect
import types
import warnings
from typing import Any, Callable, Iterable, Mapping

from tfcompat._src.framework import context as ctx_lib

__all__ = ["CUSTOM_OBJECTS", "serialize_keras_object", "deserialize_keras_object", "public_module", "module_objects",
           "serialize_object", "get_object", "RAISE"]

CUSTOM_OBJECTS: dict[str, Any] = {}

# Private implementation modules -> the public Keras module named in configs.
_PUBLIC_MODULES = {
    "tfcompat._src.keras.losses": "keras.losses",
    "tfcompat._src.keras.loss_functions": "keras.losses",
    "tfcompat._src.keras.activations": "keras.activations",
    "tfcompat._src.keras.initializers": "keras.initializers",
    "tfcompat._src.ops.init_ops_v2": "keras.initializers",
    "tfcompat._src.keras.regularizers": "keras.regularizers",
    "tfcompat._src.keras.constraints": "keras.constraints",
    "tfcompat._src.keras.optimizers.optimizers": "keras.optimizers",
    "tfcompat._src.keras.optimizers.legacy": "keras.optimizers.legacy",
    "tfcompat._src.keras.engine.sequential": "keras",
}


def public_module(cls) -> str:
    """The module a config names for ``cls``: the public Keras module for built-in classes, else the class's
    own module."""
    module = cls.__module__
    if module.startswith("tfcompat._src.keras.metrics"):
        return "keras.metrics"
    return _PUBLIC_MODULES.get(module, module)


def _is_builtin(cls) -> bool:
    return cls.__module__.startswith("tfcompat._src.")


def serialize_keras_object(obj) -> Any:
    """Mirrors ``tf.keras.saving.serialize_keras_object`` for functions and objects with ``get_config`` (the legacy
    format without TF2 behaviour).

    Raises:
      ValueError: ``obj`` has no ``get_config`` and is not a function or a plain value."""
    if not ctx_lib.v2_behavior():
        return legacy_serialize_keras_object(obj)
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return obj
    if isinstance(obj, (types.FunctionType, types.BuiltinFunctionType)):
        return {"module": "builtins", "class_name": "function", "config": obj.__name__,
                "registered_name": "function"}
    get_config = getattr(obj, "get_config", None)
    if get_config is None:
        raise ValueError(f"Cannot serialize {obj!r}: it has no `get_config()` method.")
    cls = type(obj)
    return {"module": public_module(cls), "class_name": cls.__name__, "config": get_config(),
            "registered_name": None if _is_builtin(cls) else cls.__name__}


def _lookup(name, custom_objects: Mapping | None, module_objects: Mapping):
    if not isinstance(name, str):
        return None
    for table in (custom_objects or {}, CUSTOM_OBJECTS, module_objects):
        if name in table:
            return table[name]
    return None


def _unknown(printable_module_name: str, name) -> ValueError:
    return ValueError(f"Unknown {printable_module_name}: '{name}'. Please ensure you are using a "
                      f"`keras.utils.custom_object_scope` and that this object is included in the scope. See "
                      f"https://www.tensorflow.org/guide/keras/save_and_serialize#registering_the_custom_object "
                      f"for details.")


def deserialize_keras_object(config, module_objects: Mapping | None = None, custom_objects: Mapping | None = None,
                             printable_module_name: str = "object", legacy: bool = False,
                             unlisted_functions: tuple = (), module_name: str = "keras") -> Any:
    """Mirrors ``tf.keras.saving.deserialize_keras_object`` (``legacy``: tf-keras's legacy deserializer): the
    object a name or a config describes, looked up in ``custom_objects``, then ``CUSTOM_OBJECTS``, then
    ``module_objects``; a class named without arguments is instantiated with its defaults.

    tf-keras's two paths differ on unknown names, and each module's ``get`` picks one: the legacy path raises
    ValueError; the current path returns the unknown name itself (a string), raises TypeError for a function of
    ``unlisted_functions`` (aliases missing from the public module ``module_name``) and re-raises a TypeError of
    ``from_config`` with Keras's message.

    Without TF2 behaviour the legacy path is always taken, as in tf-keras.

    Raises:
      ValueError: (legacy) an unknown name; a dict without ``class_name``. TypeError: see above."""
    if config is None:
        return None
    module_objects = module_objects or {}
    if legacy or not ctx_lib.v2_behavior():
        return _deserialize_legacy(config, module_objects, custom_objects, printable_module_name)
    if isinstance(config, str):
        found = _lookup(config, custom_objects, CUSTOM_OBJECTS)
        if found is not None:
            return found
    inner = None
    module = None
    if isinstance(config, dict):
        if "class_name" not in config:
            raise ValueError(f"Unknown `config` as a `dict`, config={config}")
        inner = config.get("config")
        if config["class_name"] == "function":
            module = config.get("module")
            name = inner if module == "builtins" else config.get("registered_name")
        else:
            name = config.get("registered_name") or config["class_name"]
    else:
        name = config
    obj = _lookup(name, custom_objects, module_objects)
    if obj is None:
        return name
    if not inspect.isclass(obj):
        if name in unlisted_functions:
            raise TypeError(f"Could not locate function '{name}'. Make sure custom classes are decorated with "
                            f"`@keras.saving.register_keras_serializable()`. Full object config: "
                            f"{{'module': '{module_name}', 'class_name': 'function', "
                            f"'config': '{name}', 'registered_name': '{name}'}}")
        return obj
    inner = dict(inner or {})
    try:
        return obj.from_config(inner) if hasattr(obj, "from_config") else obj(**inner)
    except TypeError as e:
        raise TypeError(f"Error when deserializing class '{name}' using config={inner}.\n\nException "
                        f"encountered: {e}") from e


def _deserialize_legacy(config, module_objects, custom_objects, printable_module_name):
    if isinstance(config, dict):
        if "class_name" not in config:
            raise ValueError(f"Improper config format for {config}. Expecting python dict contains `class_name` "
                             f"and `config` as keys")
        class_name = config["class_name"]
        obj = _lookup(class_name, custom_objects, module_objects)
        if obj is None:
            raise _unknown(printable_module_name, class_name)
        if not inspect.isclass(obj):
            return obj
        inner = config.get("config") or {}
        for key, item in list(inner.items()):
            if isinstance(item, dict) and "__passive_serialization__" in item:
                # As tf-keras: revived in place, in the caller's config.
                inner[key] = _deserialize_legacy(item, module_objects, custom_objects, "config_item")
        inner = dict(inner)
        return obj.from_config(inner) if hasattr(obj, "from_config") else obj(**inner)
    if isinstance(config, str):
        obj = _lookup(config, custom_objects, module_objects)
        if obj is None:
            raise _unknown(printable_module_name, config)
        return obj() if inspect.isclass(obj) else obj
    if callable(config):
        return config
    raise ValueError(f"Could not interpret serialized {printable_module_name}: {config}")


def legacy_serialize_keras_object(obj) -> Any:
    """Mirrors ``tf.keras.utils.legacy.serialize_keras_object``: Keras 2's older format, ``{"class_name",
    "config"}`` (no ``module``/``registered_name`` at the top level), a function's name, or a plain value.

    Raises:
      ValueError: ``obj`` has no ``get_config`` and no ``__name__``."""
    if obj is None or isinstance(obj, (str, int, float, bool)):
        return obj
    if hasattr(obj, "get_config") and not inspect.isclass(obj):
        cls = type(obj)
        registered = {v: k for k, v in CUSTOM_OBJECTS.items()}.get(cls, cls.__name__)
        config = {}
        for key, item in obj.get_config().items():
            # As tf-keras: objects left in a config are serialized, and marked for revival.
            try:
                serialized = legacy_serialize_keras_object(item)
            except ValueError:
                serialized = item
            if isinstance(serialized, dict) and not isinstance(item, dict):
                serialized["__passive_serialization__"] = True
            config[key] = serialized
        return {"class_name": registered, "config": config}
    if hasattr(obj, "__name__"):
        return {v: k for k, v in CUSTOM_OBJECTS.items()}.get(obj, obj.__name__)
    raise ValueError(f"Cannot serialize {obj} since it doesn't implement `get_config()`.")


def legacy_deserialize_keras_object(identifier, module_objects: Mapping | None = None,
                                    custom_objects: Mapping | None = None,
                                    printable_module_name: str = "object") -> Any:
    """Mirrors ``tf.keras.utils.legacy.deserialize_keras_object``: a ``{"class_name", "config"}`` dict or a
    name, looked up in ``custom_objects``, the registered objects, then ``module_objects``.

    Raises:
      ValueError: an unknown name or a config without ``class_name``."""
    if identifier is None:
        return None
    return _deserialize_legacy(identifier, module_objects or {}, custom_objects, printable_module_name)


# ------------------------------------------------------------------------------------------------
# the families' get / serialize (activations, constraints, initializers, losses, metrics, regularizers)
# ------------------------------------------------------------------------------------------------
_FAMILY_FUNCTIONS = ("serialize", "deserialize", "get")
RAISE = object()   # get_object's ``none``: None is not an identifier (raises as any other non-identifier)


def module_objects(namespace: Mapping, names: Iterable[str], exclude: Iterable[str] = _FAMILY_FUNCTIONS) -> dict:
    """A family's name -> object table: ``names`` (its ``__all__``) looked up in ``namespace`` (its globals), less
    ``exclude`` (names tf-keras's table lacks: the family's own functions, by default)."""
    exclude = set(exclude)
    return {n: namespace[n] for n in names if n not in exclude}


def serialize_object(obj, use_legacy_format: bool, family: str, base_name: str, bases: type | tuple) -> Any:
    """``keras.<family>.serialize`` (tf-keras's for constraints, initializers, losses, metrics, regularizers):
    None for None; a UserWarning for an object that is not one of ``bases`` (the warning names
    ``keras.<family>.<base_name>``); ``legacy_serialize_keras_object`` with ``use_legacy_format``, else
    ``serialize_keras_object``."""
    if obj is None:
        return None
    if not isinstance(obj, bases):
        warnings.warn(f"The `keras.{family}.serialize()` API should only be used for objects of type "
                      f"`keras.{family}.{base_name}`. Found an instance of type {type(obj)}, which may lead to "
                      f"improper serialization.", stacklevel=3)
    if use_legacy_format:
        return legacy_serialize_keras_object(obj)
    return serialize_keras_object(obj)


def get_object(identifier, deserialize: Callable, description: str, *, none: Any = None, names: str = "plain",
               dicts: str = "by_format", instantiate_classes: bool = False, error: type = ValueError) -> Any:
    """``keras.<family>.get``: ``none`` for None (``RAISE``: None is not an identifier); a name or config through
    the family's ``deserialize``; a callable unchanged (a class instantiated with ``instantiate_classes``);
    anything else raises ``error`` ("Could not interpret <description> identifier: ...").

    tf-keras's families read names and dicts differently; ``names``: "plain" (``deserialize(name)``),
    "class_config" (as the legacy config ``{"class_name": name, "config": {}}``) or "by_format" (the legacy path
    unless the name contains "module", as tf-keras's losses test it); ``dicts``: "by_format" (the legacy path
    for a config without "module") or "plain"."""
    if identifier is None and none is not RAISE:
        return none
    if isinstance(identifier, dict):
        if dicts == "plain":
            return deserialize(identifier)
        return deserialize(identifier, use_legacy_format="module" not in identifier)
    if isinstance(identifier, str):
        if names == "class_config":
            return deserialize({"class_name": str(identifier), "config": {}}, use_legacy_format=True)
        if names == "by_format":
            return deserialize(identifier, use_legacy_format="module" not in identifier)
        return deserialize(identifier)
    if callable(identifier):
        if instantiate_classes and isinstance(identifier, type):
            return identifier()
        return identifier
    raise error(f"Could not interpret {description} identifier: {identifier}")
