"""Keras 2's HDF5 layout (tf-keras 2.21 ``saving/legacy/hdf5_format.py``), so files written here load in
tf-keras and the other way round.

A weights file: attributes ``layer_names``, ``backend``, ``keras_version``; a group per layer (sorted by name)
with attribute ``weight_names`` and one dataset per weight at its variable name ('dense/kernel:0'), plus
``top_level_model_weights``. A model file adds the attributes ``model_config`` (JSON), ``training_config`` and
the groups ``model_weights`` (the weights file layout) and ``optimizer_weights``."""
from __future__ import annotations

import json
import logging
import os

import numpy as np

from tfcompat._src.framework import nest
from tfcompat._src.keras import backend
from tfcompat._src.keras.saving.model_config import (
    KERAS_VERSION, decode_json_object, json_default, model_from_config,
)

__all__ = ["save_weights_to_hdf5", "load_weights_from_hdf5", "save_model_to_hdf5", "load_model_from_hdf5",
           "model_metadata", "compile_args"]

_log = logging.getLogger("tensorflow")
_HDF5_OBJECT_HEADER_LIMIT = 64512


def _h5py():
    try:
        import h5py
    except ImportError:
        raise ImportError("Saving or loading Keras models in the HDF5 format requires h5py: install tfcompat's "
                          "`hdf5` extra (pip install 'tfcompat[hdf5]').") from None
    return h5py


def _legacy_weights(layer):
    return layer.trainable_weights + layer.non_trainable_weights


def save_attributes_to_hdf5_group(group, name, data):
    """Keras: an attribute too large for the HDF5 object header is split into ``name0``, ``name1``, ..."""
    bad = [x for x in data if len(x) > _HDF5_OBJECT_HEADER_LIMIT]
    if bad:
        raise RuntimeError(f"The following attributes cannot be saved to HDF5 file because they are larger than "
                           f"{_HDF5_OBJECT_HEADER_LIMIT} bytes: {bad}")
    data_npy = np.asarray(data)
    num_chunks = 1
    chunked = np.array_split(data_npy, num_chunks)
    while any(x.nbytes > _HDF5_OBJECT_HEADER_LIMIT for x in chunked):
        num_chunks += 1
        chunked = np.array_split(data_npy, num_chunks)
    if num_chunks > 1:
        for i, chunk in enumerate(chunked):
            group.attrs["%s%d" % (name, i)] = chunk
    else:
        group.attrs[name] = data


def load_attributes_from_hdf5_group(group, name):
    def decode(values):
        return [n.decode("utf8") if hasattr(n, "decode") else n for n in values]
    if name in group.attrs:
        return decode(group.attrs[name])
    data = []
    chunk_id = 0
    while "%s%d" % (name, chunk_id) in group.attrs:
        data.extend(decode(group.attrs["%s%d" % (name, chunk_id)]))
        chunk_id += 1
    return data


def save_subset_weights_to_hdf5_group(f, weights):
    values = backend.batch_get_value(weights)
    names = [w.name.encode("utf8") for w in weights]
    save_attributes_to_hdf5_group(f, "weight_names", names)
    for name, val in zip(names, values):
        val = np.asarray(val)
        dset = f.create_dataset(name, val.shape, dtype=val.dtype)
        if not val.shape:
            dset[()] = val
        else:
            dset[:] = val


def load_subset_weights_from_hdf5_group(f):
    return [np.asarray(f[name]) for name in load_attributes_from_hdf5_group(f, "weight_names")]


def save_weights_to_hdf5_group(f, model):
    layers = model.layers
    save_attributes_to_hdf5_group(f, "layer_names", [layer.name.encode("utf8") for layer in layers])
    f.attrs["backend"] = backend.backend().encode("utf8")
    f.attrs["keras_version"] = str(KERAS_VERSION).encode("utf8")
    for layer in sorted(layers, key=lambda x: x.name):
        g = f.create_group(layer.name)
        save_subset_weights_to_hdf5_group(g, _legacy_weights(layer))
    g = f.create_group("top_level_model_weights")
    save_subset_weights_to_hdf5_group(g, model._trainable_weights + model._non_trainable_weights)


def load_weights_from_hdf5_group(f, model):
    layers = [layer for layer in model.layers if _legacy_weights(layer)]
    names = [n for n in load_attributes_from_hdf5_group(f, "layer_names")
             if load_attributes_from_hdf5_group(f[n], "weight_names")]
    if len(names) != len(layers):
        raise ValueError(f"Layer count mismatch when loading weights from file. Model expected {len(layers)} "
                         f"layers, found {len(names)} saved layers.")
    pairs = []
    for k, name in enumerate(names):
        layer = layers[k]
        symbolic = _legacy_weights(layer)
        values = load_subset_weights_from_hdf5_group(f[name])
        if len(values) != len(symbolic):
            raise ValueError(f"Weight count mismatch for layer #{k} (named {layer.name} in the current model, {name} "
                             f"in the save file). Layer expects {len(symbolic)} weight(s). Received {len(values)} "
                             f"saved weight(s)")
        pairs += zip(symbolic, values)
    if "top_level_model_weights" in f:
        symbolic = model._trainable_weights + model._non_trainable_weights
        values = load_subset_weights_from_hdf5_group(f["top_level_model_weights"])
        if len(values) != len(symbolic):
            raise ValueError(f"Weight count mismatch for top-level weights when loading weights from file. Model "
                             f"expects {len(symbolic)} top-level weight(s). Received {len(values)} saved top-level "
                             f"weight(s)")
        pairs += zip(symbolic, values)
    _check_shapes(pairs)
    backend.batch_set_value(pairs)
    _finalize_layers(model)


def _finalize_layers(model):
    for layer in model._flatten_layers():
        layer.finalize_state()


def _check_shapes(pairs):
    for var, value in pairs:
        if tuple(var.shape.as_list()) != tuple(np.shape(value)):
            raise ValueError(f"Cannot assign value to variable ' {var.name}': Shape mismatch.The variable shape "
                             f"{var.shape}, and the assigned value shape {np.shape(value)} are incompatible.")


def load_weights_from_hdf5_group_by_name(f, model, skip_mismatch=False):
    index = {}
    for layer in model.layers:
        if layer.name:
            index.setdefault(layer.name, []).append(layer)
    pairs = []
    for k, name in enumerate(load_attributes_from_hdf5_group(f, "layer_names")):
        values = load_subset_weights_from_hdf5_group(f[name])
        for layer in index.get(name, []):
            symbolic = _legacy_weights(layer)
            if len(values) != len(symbolic):
                if skip_mismatch:
                    _log.warning(f"Skipping loading of weights for layer #{k} (named {layer.name}) due to mismatch in "
                                 f"number of weights. Layer expects {len(symbolic)} weight(s). Received "
                                 f"{len(values)} saved weight(s)")
                    continue
                raise ValueError(f"Weight count mismatch for layer #{k} (named {layer.name}). Layer expects "
                                 f"{len(symbolic)} weight(s). Received {len(values)} saved weight(s)")
            for w, v in zip(symbolic, values):
                expected = tuple(w.shape.as_list())
                if expected != v.shape:
                    if skip_mismatch:
                        _log.warning(f"Skipping loading weights for layer #{k} (named {layer.name}) due to mismatch "
                                     f"in shape for weight {w.name}. Weight expects shape {expected}. Received saved "
                                     f"weight with shape {v.shape}")
                        continue
                    raise ValueError(f"Shape mismatch in layer #{k} (named {layer.name}) for weight {w.name}. Weight "
                                     f"expects shape {expected}. Received saved weight with shape {v.shape}")
                pairs.append((w, v))
    backend.batch_set_value(pairs)
    _finalize_layers(model)


def save_weights_to_hdf5(model, filepath, overwrite=True):
    h5py = _h5py()
    if not overwrite and os.path.isfile(filepath):
        raise FileExistsError(f"{filepath} exists and overwrite=False")
    dirpath = os.path.dirname(os.fspath(filepath))
    if dirpath and not os.path.exists(dirpath):
        os.makedirs(dirpath, exist_ok=True)
    with h5py.File(filepath, "w") as f:
        save_weights_to_hdf5_group(f, model)


def load_weights_from_hdf5(model, filepath, by_name=False, skip_mismatch=False):
    h5py = _h5py()
    if skip_mismatch and not by_name:
        raise ValueError("When calling model.load_weights, skip_mismatch can only be set to True when by_name is "
                         "True.")
    with h5py.File(filepath, "r") as f:
        if "layer_names" not in f.attrs and "model_weights" in f:
            f = f["model_weights"]
        if by_name:
            load_weights_from_hdf5_group_by_name(f, model, skip_mismatch)
        else:
            load_weights_from_hdf5_group(f, model)


def _serialize_nested(config):
    from tfcompat._src.keras import object_config

    def serialize(obj):
        if callable(obj) and not isinstance(obj, str):
            if hasattr(obj, "get_config"):
                return {"class_name": type(obj).__name__, "config": obj.get_config()}
            return obj.__name__
        return obj
    del object_config
    return nest.map_structure(serialize, config)


def model_metadata(model, include_optimizer: bool, require_config: bool = True) -> dict:
    """tf-keras's ``saving_utils.model_metadata``: Keras version, backend, ``model_config`` (without ``config``
    when ``get_config`` is not implemented and ``require_config`` is False) and ``training_config``."""
    model_config = {"class_name": type(model).__name__}
    try:
        model_config["config"] = model.get_config()
    except NotImplementedError:
        if require_config:
            raise
    metadata = {"keras_version": KERAS_VERSION, "backend": backend.backend(), "model_config": model_config}
    from tfcompat._src.keras.optimizers import TFOptimizer
    if model.optimizer and include_optimizer:
        if isinstance(model.optimizer, TFOptimizer):
            _log.warning("TensorFlow optimizers do not make it possible to access optimizer attributes or optimizer "
                         "state after instantiation. As a result, we cannot save the optimizer as part of the model "
                         "save file. You will have to compile your model again after loading it. Prefer using a "
                         "TF-Keras optimizer instead (see keras.io/optimizers).")
        elif model._is_compiled:
            cm = model.compiled_metrics
            metrics = cm._user_metrics if cm._user_metrics is None or not cm.built else cm._metrics
            weighted = cm._user_weighted_metrics if cm._user_weighted_metrics is None or not cm.built else \
                cm._weighted_metrics
            training_config = {"loss": model.compiled_loss._user_losses, "metrics": metrics,
                               "weighted_metrics": weighted, "loss_weights": model.compiled_loss._user_loss_weights}
            training_config = _serialize_nested(training_config)
            from tfcompat._src.keras.utils.object_scope import get_registered_name
            training_config["optimizer_config"] = {"class_name": get_registered_name(type(model.optimizer)),
                                                   "config": model.optimizer.get_config()}
            metadata["training_config"] = training_config
    return metadata


def save_model_to_hdf5(model, filepath, overwrite=True, include_optimizer=True):
    h5py = _h5py()
    if not overwrite and os.path.isfile(filepath):
        raise FileExistsError(f"{filepath} exists and overwrite=False")
    dirpath = os.path.dirname(os.fspath(filepath))
    if dirpath and not os.path.exists(dirpath):
        os.makedirs(dirpath, exist_ok=True)
    with h5py.File(filepath, mode="w") as f:
        for k, v in model_metadata(model, include_optimizer).items():
            f.attrs[k] = json.dumps(v, default=json_default).encode("utf8") if isinstance(v, (dict, list, tuple)) \
                else v
        save_weights_to_hdf5_group(f.create_group("model_weights"), model)
        from tfcompat._src.keras.optimizers import TFOptimizer
        if include_optimizer and model.optimizer and not isinstance(model.optimizer, TFOptimizer):
            _save_optimizer_weights(f, model.optimizer)


def _optimizer_weights(optimizer):
    variables = getattr(optimizer, "variables", None)
    if callable(variables) and not isinstance(variables, list):
        return list(optimizer.weights)
    return list(variables)


def _save_optimizer_weights(f, optimizer):
    weights = _optimizer_weights(optimizer)
    if not weights:
        return
    group = f.create_group("optimizer_weights")
    names = [str(w.name).encode("utf8") for w in weights]
    save_attributes_to_hdf5_group(group, "weight_names", names)
    for name, val in zip(names, backend.batch_get_value(weights)):
        val = np.asarray(val)
        dset = group.create_dataset(name, val.shape, dtype=val.dtype)
        if not val.shape:
            dset[()] = val
        else:
            dset[:] = val


def _decode(value):
    return value.decode("utf-8") if hasattr(value, "decode") else value


def load_model_from_hdf5(filepath, custom_objects=None, compile=True):  # noqa: A002
    h5py = _h5py()
    from tfcompat._src.keras.utils.object_scope import custom_object_scope
    with h5py.File(filepath, mode="r") as f, custom_object_scope(custom_objects or {}):
        model_config = f.attrs.get("model_config")
        if model_config is None:
            raise ValueError(f"No model config found in the file at {filepath}.")
        config = json.loads(_decode(model_config), object_hook=decode_json_object)
        model = model_from_config(config, custom_objects=custom_objects)
        load_weights_from_hdf5_group(f["model_weights"], model)
        if not compile:
            return model
        training_config = f.attrs.get("training_config")
        if training_config is None:
            _log.warning("No training configuration found in the save file, so the model was *not* compiled. "
                         "Compile it manually.")
            return model
        training_config = json.loads(_decode(training_config), object_hook=decode_json_object)
        model.compile(**compile_args(training_config, custom_objects), from_serialized=True)
        if "optimizer_weights" in f:
            group = f["optimizer_weights"]
            values = [np.asarray(group[n]) for n in load_attributes_from_hdf5_group(group, "weight_names")]
            optimizer = model.optimizer
            try:
                if hasattr(optimizer, "_create_all_weights"):
                    optimizer._create_all_weights(model.trainable_variables)
                else:
                    optimizer.build(model.trainable_variables)
                optimizer.set_weights(values)
            except (ValueError, NotImplementedError, AttributeError):
                _log.warning("Error in loading the saved optimizer state. As a result, your model is starting with "
                             "a freshly initialized optimizer.")
    return model


def compile_args(training_config, custom_objects) -> dict:
    """The ``compile`` arguments a saved ``training_config`` gives (tf-keras's
    ``compile_args_from_training_config``)."""
    from tfcompat._src.keras import losses, metrics, optimizers
    optimizer = optimizers.deserialize(training_config["optimizer_config"], custom_objects=custom_objects)

    def deserialize_nested(fn, config):
        if isinstance(config, dict) and "class_name" in config:
            return fn(config)
        if isinstance(config, (str, dict)) and not isinstance(config, dict):
            return fn(config)
        if isinstance(config, dict):
            return {k: deserialize_nested(fn, v) for k, v in config.items()}
        if isinstance(config, (list, tuple)):
            return [deserialize_nested(fn, v) for v in config]
        return config

    def metric(config):
        if config in ("accuracy", "acc", "crossentropy", "ce"):
            return config
        return metrics.deserialize(config)
    loss = training_config.get("loss")
    if loss is not None:
        loss = deserialize_nested(losses.deserialize, loss)
    m = training_config.get("metrics")
    if m is not None:
        m = deserialize_nested(metric, m)
    wm = training_config.get("weighted_metrics")
    if wm is not None:
        wm = deserialize_nested(metric, wm)
    return {"optimizer": optimizer, "loss": loss, "metrics": m, "weighted_metrics": wm,
            "loss_weights": training_config.get("loss_weights")}
