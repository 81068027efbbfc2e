"""The ``.keras`` zip format as tf-keras 2.21 writes and reads it (``saving_lib``): ``config.json`` (the model's
serialized config with ``build_config`` and ``compile_config``), ``metadata.json`` and ``model.weights.h5`` whose
groups follow tf-keras's object walk: ``layers/<snake_case class name>[_n]/vars/<i>`` for each layer of the model
(own trainable then non-trainable weights), nested layers under their attribute names.

Differences: optimizer and metric state are not written (a reloaded model starts a fresh optimizer, as after
``compile``); on load they are ignored. h5py is the ``hdf5`` extra."""
from __future__ import annotations

import datetime
import io
import json
import re
import zipfile

import numpy as np

from tfcompat._src.keras.engine.base_layer import Layer
from tfcompat._src.keras.object_config import serialize_keras_object
from tfcompat._src.keras.saving.model_config import KERAS_VERSION, decode_json_object, json_default, model_from_config

__all__ = ["save_model", "load_model", "is_keras_zip"]

_CONFIG, _METADATA, _WEIGHTS = "config.json", "metadata.json", "model.weights.h5"


def is_keras_zip(path) -> bool:
    """Whether ``path`` is a zip archive holding a ``config.json`` (the v3 ``.keras`` format)."""
    if not isinstance(path, str) or not zipfile.is_zipfile(path):
        return False
    with zipfile.ZipFile(path) as archive:
        return _CONFIG in archive.namelist()


def _h5py():
    try:
        import h5py
    except ImportError as e:
        raise ImportError("Saving or loading a `.keras` file needs h5py: `pip install tfcompat[hdf5]`.") from e
    return h5py


def _snake_case(name: str) -> str:
    name = re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)
    name = re.sub(r"([a-z])([A-Z])", r"\1_\2", name).lower()
    return name if name[0] != "_" else "private" + name


def _own_variables(layer):
    return list(layer._trainable_weights) + list(layer._non_trainable_weights)


def _children(layer):
    """Sub-objects in tf-keras's walk order (attribute names sorted in reverse): (attribute, Layer or list)."""
    items = []
    for attr in sorted(vars(layer), reverse=True):
        if attr.startswith("__") or attr in ("_inbound_nodes_value", "_outbound_nodes_value", "_input_layers",
                                             "_output_layers", "_self_tracked_trackables"):
            continue
        value = vars(layer)[attr]
        if isinstance(value, Layer) or (isinstance(value, (list, tuple)) and any(isinstance(v, Layer) for v in value)):
            items.append((attr, value))
    return items


def _walk(obj, path, visited, visit):
    """Calls ``visit(layer, path)`` for ``obj`` and its nested layers, as tf-keras's ``_save_state``."""
    if id(obj) in visited:
        return
    visit(obj, path)
    visited.add(id(obj))
    children = _children(obj)
    if getattr(obj, "_is_graph_network", False) or hasattr(obj, "layers") and isinstance(
            getattr(type(obj), "layers", None), property):
        children = [("layers", list(obj.layers))] + children
    for attr, child in children:
        child_path = f"{path}/{attr}" if path else attr
        if isinstance(child, Layer):
            _walk(child, child_path, visited, visit)
            continue
        used = {}
        for item in child:
            if not isinstance(item, Layer) or id(item) in visited:
                continue
            name = _snake_case(type(item).__name__)
            if name in used:
                used[name] += 1
                name = f"{name}_{used[name]}"
            else:
                used[name] = 0
            _walk(item, f"{child_path}/{name}", visited, visit)


def _lookup_layer_of(layer):
    from tfcompat._src.keras.layers.preprocessing.index_lookup import IndexLookup
    from tfcompat._src.keras.layers.preprocessing.text_vectorization import TextVectorization
    if isinstance(layer, TextVectorization):
        return layer._lookup_layer
    return layer if isinstance(layer, IndexLookup) else None


def _adapted_vocabulary(layer, loading=False):
    """The vocabulary tf-keras saves as an asset (lookup layers without a vocabulary argument), else None."""
    lookup = _lookup_layer_of(layer)
    if lookup is None or lookup.input_vocabulary:
        return None
    return [] if loading else lookup.get_vocabulary(include_special_tokens=True)


def _restore_vocabulary(layer, lines):
    lookup = _lookup_layer_of(layer)
    from tfcompat._src.framework import dtypes
    values = lines if dtypes.as_dtype(lookup.vocabulary_dtype) == dtypes.string else [int(v) for v in lines]
    if lookup.output_mode == "tf_idf":
        return  # tf-keras restores idf weights from the weights file; tfcompat does not save them
    lookup.set_vocabulary(values)


def _compile_config(model):
    if getattr(model, "optimizer", None) is None or getattr(model, "compiled_loss", None) is None:
        return None
    given = getattr(model, "_compile_config", None)
    if given is None:   # compiled without Model.compile's bookkeeping
        given = {"optimizer": model.optimizer, "loss": model.compiled_loss._user_losses, "metrics": None,
                 "loss_weights": None, "weighted_metrics": None, "run_eagerly": None, "steps_per_execution": None,
                 "jit_compile": None}
    return {key: _serialize_compile_arg(value) for key, value in given.items()}


def _serialize_compile_arg(value):
    # As tf-keras: names and numbers stay as given, objects become their serialized configs.
    if value is None or isinstance(value, (str, bool, int, float)):
        return value
    if isinstance(value, (list, tuple)):
        return [_serialize_compile_arg(v) for v in value]
    if isinstance(value, dict):
        return {k: _serialize_compile_arg(v) for k, v in value.items()}
    return serialize_keras_object(value)


def save_model(model, filepath):
    """Writes ``model`` as a ``.keras`` zip (config.json, metadata.json, model.weights.h5)."""
    h5py = _h5py()
    config = serialize_keras_object(model)
    if config["class_name"] == "Functional":  # as tf-keras writes a functional model
        config["module"], config["registered_name"] = "tf_keras.src.engine.functional", "Functional"
    build = model.get_build_config() if hasattr(model, "get_build_config") else None
    if build:
        config["build_config"] = build
    compile_config = _compile_config(model)
    if compile_config is not None:
        config["compile_config"] = compile_config
    metadata = {"keras_version": KERAS_VERSION,
                "date_saved": datetime.datetime.now().strftime("%Y-%m-%d@%H:%M:%S")}
    weights = io.BytesIO()
    assets = {}
    with h5py.File(weights, "w") as h5:
        def write(layer, path):
            group = h5.create_group(f"{path}/vars" if path else "vars")
            for i, variable in enumerate(_own_variables(layer)):
                group.create_dataset(str(i), data=np.asarray(variable.numpy()))
            vocabulary = _adapted_vocabulary(layer)
            if vocabulary is not None:
                assets[f"assets/{path}/vocabulary.txt"] = "\n".join(str(w) for w in vocabulary)
        _walk(model, "", set(), write)
    with zipfile.ZipFile(filepath, "w") as archive:
        archive.writestr(_METADATA, json.dumps(metadata))
        archive.writestr(_CONFIG, json.dumps(config, default=json_default))
        archive.writestr(_WEIGHTS, weights.getvalue())
        for name, text in assets.items():
            archive.writestr(name, text)


def load_model(filepath, custom_objects=None, compile=True):  # noqa: A002 - tf-keras's argument name
    """Reads a ``.keras`` zip written by tf-keras or tfcompat: the model from its config, its weights by the
    object walk, and (``compile``) the compile configuration.

    Raises:
      ValueError: a layer's weight count differs from the file's."""
    h5py = _h5py()
    with zipfile.ZipFile(filepath) as archive:
        config = json.loads(archive.read(_CONFIG).decode("utf-8"), object_hook=decode_json_object)
        weights = io.BytesIO(archive.read(_WEIGHTS))
        assets = {name: archive.read(name).decode("utf-8") for name in archive.namelist()
                  if name.startswith("assets/") and name.endswith("/vocabulary.txt")}
    compile_config = config.pop("compile_config", None)
    build_config = config.pop("build_config", None)
    model = model_from_config(config, custom_objects=custom_objects)
    if not model.built and build_config and hasattr(model, "build_from_config"):
        model.build_from_config(build_config)
    with h5py.File(weights, "r") as h5:
        def read(layer, path):
            key = f"{path}/vars" if path else "vars"
            store = h5[key] if key in h5 else {}
            own = _own_variables(layer)
            if len(store.keys()) != len(own):
                raise ValueError(f"Layer '{layer.name}' expected {len(own)} variables, but received "
                                 f"{len(store.keys())} variables during loading. Expected: {[v.name for v in own]}")
            for i, variable in enumerate(own):
                variable.assign(np.asarray(store[str(i)]))
            if own and getattr(layer, "_finalize_after_variable_load", False):
                layer.finalize_state()   # as tf-keras's Normalization.load_own_variables
            text = assets.get(f"assets/{path}/vocabulary.txt")
            if text is not None and _adapted_vocabulary(layer, loading=True) is not None:
                _restore_vocabulary(layer, text.split("\n"))
        _walk(model, "", set(), read)
    if compile and compile_config is not None:
        model.compile(**_compile_args(compile_config, custom_objects), from_serialized=True)
    return model


def _compile_args(compile_config, custom_objects):
    from tfcompat._src.keras import losses, metrics, optimizers
    optimizer = compile_config["optimizer"]
    optimizer = (optimizers.get(optimizer) if isinstance(optimizer, str)
                 else optimizers.deserialize(optimizer, custom_objects=custom_objects))

    def objects_of(config, deserialize):
        if isinstance(config, dict) and "class_name" in config:
            return deserialize(config, custom_objects=custom_objects)
        if isinstance(config, dict):
            return {k: objects_of(v, deserialize) for k, v in config.items()}
        if isinstance(config, (list, tuple)):
            return [objects_of(v, deserialize) for v in config]
        return config
    return {"optimizer": optimizer, "loss": objects_of(compile_config.get("loss"), losses.deserialize),
            "metrics": objects_of(compile_config.get("metrics"), metrics.deserialize),
            "loss_weights": compile_config.get("loss_weights"),
            "weighted_metrics": objects_of(compile_config.get("weighted_metrics"), metrics.deserialize)}
