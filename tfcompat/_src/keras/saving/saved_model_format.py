"""Whole Keras models in tf-keras's SavedModel format (``Model.save(dir)``, ``save_format='tf'``).

Writing: ``tf.saved_model.save`` of the model (its variables under tf-keras's checkpoint keys,
``layer_with_weights-N/kernel/...``, ``optimizer/...``; see ``engine/trackable.py``) plus ``keras_metadata.pb``,
tf-keras's ``SavedMetadata``: one node per Keras layer or model of the object graph (node id, path such as
``root.layer_with_weights-0``, identifier ``_tf_keras_layer``/``_tf_keras_network``/..., and the JSON metadata
tf-keras writes: name, dtype, class name and config, ``build_input_shape``; for the root model also
``model_config`` and ``training_config``, as in an HDF5 file).

Reading (``load_model(dir)``): the root node's ``class_name`` (the registered name) and ``config`` are
deserialized, the variables are restored from ``variables/variables`` by tf-keras's keys (so directories written
by tf-keras load too), and the model is compiled from ``training_config`` when asked, with a fresh optimizer as
tf-keras's loader gives (the saved optimizer state is not restored).

Differences from tf-keras: the layers' ``call`` functions are not traced and saved (no
``call_and_return_conditional_losses`` and friends, no ``serving_default`` signature unless ``signatures`` is
given), so a model is revived from its config only: a subclassed model needs ``get_config`` (the default one
works for constructors without arguments) and a registered class or ``custom_objects``; a model that cannot be
revived from config raises NotImplementedError naming the ``.h5`` alternative."""
from __future__ import annotations

import json
import logging
import os

from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.keras.saving import hdf5_format
from tfcompat._src.keras.saving.model_config import KERAS_VERSION, decode_json_object, json_default
from tfcompat._src.protos.schema import Field, ProtoFile
from tfcompat._src.runtime.module import Module
from tfcompat._src.runtime.training import checkpoint as checkpoint_lib
from tfcompat._src.runtime.training import checkpoint_graph
from tfcompat._src.saved_model import save as saved_model_save
from tfcompat._src.saved_model.reader import meta_graph_for_tags, read_saved_model

__all__ = ["METADATA_FILE", "SavedMetadata", "save_model_to_saved_model", "load_model_from_saved_model",
           "is_keras_saved_model"]

_log = logging.getLogger("tensorflow")
METADATA_FILE = "keras_metadata.pb"

# tf-keras's tf_keras/protobuf/saved_metadata.proto (and its copy of versions.proto), field numbers as there.
_VERSIONS_FILE = ProtoFile("tf_keras/protobuf/versions.proto", package="third_party.py.tf_keras.protobuf")
_VERSIONS_FILE.message("VersionDef", [Field("producer", 1, "int32"), Field("min_consumer", 2, "int32"),
                                      Field("bad_consumers", 3, "int32", repeated=True)])
_METADATA_FILE = ProtoFile("tf_keras/protobuf/saved_metadata.proto", package="third_party.py.tf_keras.protobuf",
                           dependencies=[_VERSIONS_FILE])
_METADATA_FILE.message("SavedMetadata", [Field("nodes", 1, "SavedObject", repeated=True)])
_METADATA_FILE.message("SavedObject", [
    Field("node_id", 2, "int32"), Field("node_path", 3, "string"), Field("identifier", 4, "string"),
    Field("metadata", 5, "string"), Field("version", 6, "VersionDef"),
])
_VERSIONS_FILE.build("VersionDef")
SavedMetadata, _SavedObject = _METADATA_FILE.build("SavedMetadata", "SavedObject")

# tf-keras's metadata versions (saved_model/constants.py / layer_serialization.py).
_PRODUCER, _MIN_CONSUMER = 2, 1


def is_keras_saved_model(path: str) -> bool:
    """Whether ``path`` is a SavedModel directory."""
    return os.path.isdir(path) and (os.path.isfile(os.path.join(path, "saved_model.pb"))
                                    or os.path.isfile(os.path.join(path, "saved_model.pbtxt")))


# -- writing ---------------------------------------------------------------------------------------------------
def _identifier(obj) -> str | None:
    """tf-keras's identifier of a Keras object (``Layer._object_identifier``, as tf-keras defines it), or None."""
    return getattr(obj, "_object_identifier", None)


def _class_and_config(obj) -> dict:
    from tfcompat._src.keras.utils.object_scope import get_registered_name
    out = {"class_name": get_registered_name(type(obj))}
    try:
        out["config"] = obj.get_config()
    except NotImplementedError:   # tf-keras leaves the config out when get_config is not implemented
        pass
    return out


def _layer_metadata(obj, identifier: str, include_optimizer: bool) -> dict:
    if identifier == "_tf_keras_input_layer":
        meta = {"class_name": type(obj).__name__, "name": obj.name, "dtype": obj.dtype,
                "sparse": getattr(obj, "sparse", False), "ragged": getattr(obj, "ragged", False),
                "batch_input_shape": getattr(obj, "_batch_input_shape", None)}
        meta.update(_class_and_config(obj))
        return meta
    if identifier == "_tf_keras_metric":
        meta = {"name": obj.name, "dtype": obj.dtype}
        meta.update(_class_and_config(obj))
        return meta
    meta = {"name": obj.name, "trainable": obj.trainable,
            "expects_training_arg": bool(getattr(obj, "_expects_training_arg", False)), "dtype": obj.dtype,
            "batch_input_shape": getattr(obj, "_batch_input_shape", None),
            "stateful": bool(getattr(obj, "stateful", False)), "must_restore_from_config": False,
            "preserve_input_structure_in_config": False, "autocast": bool(getattr(obj, "_autocast", True))}
    meta.update(_class_and_config(obj))
    build_shape = getattr(obj, "_build_input_shape", None)
    if build_shape is not None:
        meta["build_input_shape"] = build_shape
    if identifier in ("_tf_keras_network", "_tf_keras_sequential", "_tf_keras_model"):
        meta.pop("stateful")
        meta["is_graph_network"] = bool(getattr(obj, "_is_graph_network", False))
        meta.update(hdf5_format.model_metadata(obj, include_optimizer, require_config=False))
    return meta


def _json_default(obj):
    # json_utils.Encoder: TensorShapes and tuples keep their kind ({"class_name": "TensorShape", "items": ...}).
    if isinstance(obj, TensorShape):
        return {"class_name": "TensorShape", "items": obj.as_list() if obj.rank is not None else None}
    return json_default(obj)


def _encode(value) -> str:
    def mark_tuples(v):
        if isinstance(v, tuple):
            return {"class_name": "__tuple__", "items": [mark_tuples(x) for x in v]}
        if isinstance(v, list):
            return [mark_tuples(x) for x in v]
        if isinstance(v, dict):
            return {k: mark_tuples(x) for k, x in v.items()}
        return v
    return json.dumps(mark_tuples(value), default=_json_default)


def _object_paths(root, object_graph) -> list:
    """``[(node id, "root.a.b", object), ...]`` for the saved object graph's nodes reachable from the root by
    checkpoint dependencies (breadth first, as TF numbers them)."""
    out, seen, queue = [], {0}, [(0, "root", root)]
    while queue:
        node_id, path, obj = queue.pop(0)
        out.append((node_id, path, obj))
        children = dict(checkpoint_graph.trackable_children(obj)) if obj is not None else {}
        for ref in object_graph.nodes[node_id].children:
            if ref.node_id in seen:
                continue
            seen.add(ref.node_id)
            queue.append((ref.node_id, f"{path}.{ref.local_name}", children.get(ref.local_name)))
    return out


def _write_metadata(model, export_dir: str, include_optimizer: bool) -> None:
    meta_graph = meta_graph_for_tags(read_saved_model(export_dir), ["serve"])
    saved = SavedMetadata()
    for node_id, path, obj in _object_paths(model, meta_graph.object_graph_def):
        identifier = _identifier(obj) if obj is not None else None
        if identifier is None:
            continue
        node = saved.nodes.add(node_id=node_id, node_path=path, identifier=identifier,
                               metadata=_encode(_layer_metadata(obj, identifier, include_optimizer and obj is model)))
        node.version.producer = _PRODUCER
        node.version.min_consumer = _MIN_CONSUMER
    with open(os.path.join(export_dir, METADATA_FILE), "wb") as f:
        f.write(saved.SerializeToString())


def save_model_to_saved_model(model, export_dir, overwrite=True, include_optimizer=True, signatures=None,
                              options=None) -> None:
    """tf-keras's ``saved_model_save.save``: the model as a SavedModel plus ``keras_metadata.pb`` (see the module
    docstring for what is and is not written)."""
    export_dir = os.fspath(export_dir)
    if not overwrite and os.path.exists(export_dir):
        raise FileExistsError(f"{export_dir} exists and overwrite=False")
    optimizer = model.__dict__.get("optimizer")
    hidden = None
    if not include_optimizer and optimizer is not None:
        # tf-keras leaves the optimizer out of the object graph (and its checkpoint) for include_optimizer=False.
        from tfcompat._src.keras.engine import trackable
        deps = dict(trackable.layer_children(model))
        if deps.get("optimizer") is optimizer:
            hidden = optimizer
            trackable.untrack(model, "optimizer")
    try:
        saved_model_save.save(model, export_dir, signatures=signatures, options=options)
    finally:
        if hidden is not None:
            from tfcompat._src.keras.engine import trackable
            trackable.track(model, "optimizer", hidden, notify=False)
    _write_metadata(model, export_dir, include_optimizer)


# -- reading ---------------------------------------------------------------------------------------------------
def _root_metadata(export_dir: str) -> dict:
    path = os.path.join(export_dir, METADATA_FILE)
    if not os.path.isfile(path):
        raise NotImplementedError(
            f"{export_dir} is a SavedModel without Keras metadata ({METADATA_FILE}): tfcompat revives Keras models "
            f"from their saved config only. Load it with tf.saved_model.load, or save the model with "
            f"model.save('model.h5').")
    saved = SavedMetadata()
    with open(path, "rb") as f:
        saved.ParseFromString(f.read())
    for node in saved.nodes:
        if node.node_path == "root":
            return json.loads(node.metadata, object_hook=decode_json_object)
    raise ValueError(f"{path} has no metadata for the root object.")


def load_model_from_saved_model(export_dir, custom_objects=None, compile=True):  # noqa: A002
    """tf-keras's ``saved_model_load.load`` for models revivable from config: config, optimizer (``compile``)
    and variables (the checkpoint under ``variables/``, restored by tf-keras's keys).

    Raises:
      NotImplementedError: no ``keras_metadata.pb``, or a root object saved without a config."""
    from tfcompat._src.keras.saving.model_config import model_from_config
    from tfcompat._src.keras.utils.object_scope import custom_object_scope
    export_dir = os.fspath(export_dir)
    meta = _root_metadata(export_dir)
    # The node's class name is the registered one ("Custom>MyModel"); model_config's is the bare class name.
    config = {"class_name": meta["class_name"], "config": meta["config"]} if "config" in meta else None
    if config is None:
        raise NotImplementedError(
            f"The model saved in {export_dir} ({meta.get('class_name')}) has no config (its get_config is not "
            f"implemented): tfcompat revives Keras SavedModels from their config only, not from traced call "
            f"functions. Implement get_config, or save with model.save('model.h5').")
    with custom_object_scope(custom_objects or {}):
        model = model_from_config(config, custom_objects=custom_objects)
        if not model.built and meta.get("build_input_shape") is not None:
            model.build(meta["build_input_shape"])
        variables = os.path.join(export_dir, "variables", "variables")
        # The saved optimizer node is matched to a stand-in that is then dropped, so the optimizer compiled below
        # starts afresh, as with tf-keras's loader (it revives that node as a separate object whose state never
        # reaches the compiled optimizer).
        status = checkpoint_lib.read_trackable(model, variables,
                                               attached=[("root", model), ("optimizer", Module())])
        status.expect_partial()   # tf-keras's files also hold keras_api/metrics and other nodes tfcompat has not
        training_config = meta.get("training_config")
        if compile and training_config is not None:
            model.compile(**hdf5_format.compile_args(training_config, custom_objects), from_serialized=True)
        elif compile:
            _log.warning("No training configuration found in save file, so the model was *not* compiled. "
                         "Compile it manually.")
    return model
