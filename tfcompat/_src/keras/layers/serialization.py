"""``tf.keras.layers.serialize``/``deserialize`` in tf-keras 2.21's format::

    {"module": "keras.layers", "class_name": "Dense", "config": {...}, "registered_name": None,
     "build_config": {"input_shape": [None, 4]}}

Deserialization also reads the legacy format (no ``module``) found in older HDF5 files and JSON. Class names
resolve through ``custom_objects``, the global custom objects (``custom_object_scope``), then the built-in
layers and models registered here.

This module is a registry below the layers and models: each defining module registers its classes at import
(``register_builtin``: ``layers/__init__`` the layer classes, ``engine.functional``/``sequential``/``training``/
``op_layer`` the models and ``TFOpLambda``), so it imports none of them."""
from __future__ import annotations

import inspect

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.keras import object_config

__all__ = ["serialize", "deserialize", "register_builtin", "builtin_objects"]

_BUILTIN: dict = {}
# The ``module`` a built-in class serializes under: 'keras.layers' unless registered otherwise.
_SERIALIZED_MODULE: dict = {}


def register_builtin(*classes, module: str = "keras.layers") -> None:
    """Makes built-in layer (and model) classes resolvable by class name; ``module`` is the ``"module"`` their
    configs carry ('keras' for ``Functional`` and ``Sequential``, as tf-keras writes)."""
    for cls in classes:
        _BUILTIN[cls.__name__] = cls
        _SERIALIZED_MODULE[cls] = module


def builtin_objects() -> dict:
    return dict(_BUILTIN)


def _is_builtin(cls) -> bool:
    return cls.__module__.startswith("tfcompat._src.keras") and _BUILTIN.get(cls.__name__) is cls


def serialize(layer) -> dict:
    """Mirrors ``tf.keras.layers.serialize`` (legacy ``{'class_name', 'config'}`` without TF2 behaviour, as
    tf-keras)."""
    if not ctx_lib.v2_behavior():
        return object_config.legacy_serialize_keras_object(layer)
    cls = type(layer)
    builtin = _is_builtin(cls)
    if builtin:
        module = _SERIALIZED_MODULE[cls]
    else:
        module = cls.__module__
    registered = None
    if not builtin:
        from tfcompat._src.keras.utils.object_scope import get_registered_name
        registered = get_registered_name(cls)
    config = {"module": module, "class_name": cls.__name__, "config": layer.get_config(),
              "registered_name": registered}
    build_config = layer.get_build_config() if getattr(layer, "built", False) else None
    if build_config is not None and not getattr(layer, "_is_graph_network", False):
        config["build_config"] = build_config
    return config


def deserialize(config, custom_objects=None, use_legacy_format=False):
    """Mirrors ``tf.keras.layers.deserialize``: the layer (or model) a config describes.

    Raises:
      ValueError: an unknown class name."""
    if not isinstance(config, dict) or "class_name" not in config:
        raise ValueError(f"Improper config format for {config}. Expecting python dict contains `class_name` and "
                         f"`config` as keys")
    class_name = config["class_name"]
    registered = config.get("registered_name")
    cls = None
    for table in (custom_objects or {}, object_config.CUSTOM_OBJECTS, _BUILTIN):
        for key in (registered, class_name):
            if key and key in table:
                cls = table[key]
                break
        if cls is not None:
            break
    if cls is None:
        raise ValueError(f"Unknown layer: '{class_name}'. Please ensure you are using a "
                         f"`keras.utils.custom_object_scope` and that this object is included in the scope. See "
                         f"https://www.tensorflow.org/guide/keras/save_and_serialize#registering_the_custom_object "
                         f"for details.")
    inner = dict(config.get("config") or {})
    from_config = cls.from_config
    if "custom_objects" in inspect.signature(from_config).parameters:
        from tfcompat._src.keras.utils import object_scope
        with object_scope.custom_object_scope(custom_objects or {}):
            return from_config(inner, custom_objects=custom_objects)
    from tfcompat._src.keras.utils import object_scope
    with object_scope.custom_object_scope(custom_objects or {}):
        return from_config(inner)
