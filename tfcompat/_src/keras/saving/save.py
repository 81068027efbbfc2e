"""Saving (tf-keras 2.21): ``Model.save``/``models.save_model``/``load_model`` in Keras 2's HDF5 layout,
``save_weights``/``load_weights`` in HDF5 or TF's checkpoint format, ``to_json``/``model_from_json``/
``model_from_config``.

HDF5 needs ``h5py`` (the ``hdf5`` extra), imported when first used. Weights in the TF format (``save_format='tf'``
or a path without an ``.h5``/``.keras``/``.hdf5`` suffix) are an object-based checkpoint (``prefix.index``,
``prefix.data-00000-of-00001`` and the directory's ``checkpoint`` file) keyed as tf-keras keys it
(``layer_with_weights-0/kernel/.ATTRIBUTES/VARIABLE_VALUE``, ``optimizer/_variables/1/...``; see
``engine/trackable.py``), written and read by ``tf.train.Checkpoint``'s machinery, so files cross between
tf-keras and tfcompat both ways. A whole model in the SavedModel format (``Model.save`` to a path without such a
suffix, or ``save_format='tf'``) is written and read by ``saved_model_format.py`` (variables, config and
``keras_metadata.pb``; models are revived from their config, not from traced call functions)."""
from __future__ import annotations

import os

from tfcompat._src.framework import errors
from tfcompat._src.runtime.training import checkpoint as checkpoint_lib
from tfcompat._src.runtime.training import checkpoint_io
from tfcompat._src.runtime.training import checkpoint_management
from tfcompat._src.keras.saving import hdf5_format
from tfcompat._src.keras.saving import keras_v3_format
from tfcompat._src.keras.saving import saved_model_format
from tfcompat._src.keras.saving.model_config import (  # re-exported: the public entry points live here
    KERAS_VERSION, json_default, model_from_config, model_from_json,
)

__all__ = ["save_model", "load_model", "save_weights", "load_weights", "model_from_json", "model_from_config",
           "json_default", "KERAS_VERSION"]


def _is_hdf5(filepath, save_format) -> bool:
    if save_format is not None:
        fmt = save_format.lower().strip()
        if fmt in ("h5", "hdf5", "keras"):
            return True
        if fmt in ("tf", "tensorflow"):
            return False
        raise ValueError(f"Unknown format. Received: `save_format`={save_format}. Expected one of \"tf\" or "
                         f"\"h5\" or \"keras\".")
    path = os.fspath(filepath) if not hasattr(filepath, "attrs") else ".h5"
    return path.endswith((".h5", ".keras", ".hdf5"))


def save_model(model, filepath, overwrite=True, include_optimizer=True, save_format=None, signatures=None,
               options=None, save_traces=True, **kwargs):
    """Mirrors ``tf.keras.models.save_model``: HDF5 for a ``.h5``/``.keras``/``.hdf5`` path (or
    ``save_format='h5'``), else tf-keras's SavedModel directory (``saved_model_format.py``; the layers' call
    functions are not traced into it).

    Raises:
      NotImplementedError: a subclassed model to an HDF5 file (as tf-keras)."""
    if not _is_hdf5(filepath, save_format):
        saved_model_format.save_model_to_saved_model(model, filepath, overwrite, include_optimizer, signatures,
                                                     options)
        return
    path = "" if hasattr(filepath, "attrs") else os.fspath(filepath)
    is_keras_file = save_format is None and path.endswith(".keras") or \
        save_format is not None and save_format.lower().strip() == "keras"
    if not is_keras_file and not getattr(model, "_is_graph_network", False) and \
            getattr(model, "_object_identifier", None) != "_tf_keras_sequential":
        raise NotImplementedError(
            "Saving the model to HDF5 format requires the model to be a Functional model or a Sequential model. It "
            "does not work for subclassed models, because such models are defined via the body of a Python "
            "method, which isn't safely serializable. Consider saving to the Tensorflow SavedModel format (by "
            'setting save_format="tf") or using `save_weights`.')
    if is_keras_file and path:
        keras_v3_format.save_model(model, path)
        return
    hdf5_format.save_model_to_hdf5(model, filepath, overwrite, include_optimizer)


def load_model(filepath, custom_objects=None, compile=True, options=None, safe_mode=True):  # noqa: A002
    """Mirrors ``tf.keras.models.load_model`` for HDF5 files and SavedModel directories (config, weights and,
    when ``compile``, the training configuration and optimizer state).

    Raises:
      NotImplementedError: a SavedModel directory without Keras metadata or config. IOError: no such file."""
    path = os.fspath(filepath) if not hasattr(filepath, "attrs") else filepath
    if isinstance(path, str) and saved_model_format.is_keras_saved_model(path):
        return saved_model_format.load_model_from_saved_model(path, custom_objects, compile)
    if isinstance(path, str) and not os.path.exists(path):
        raise IOError(f"No file or directory found at {path}")
    if keras_v3_format.is_keras_zip(path):
        return keras_v3_format.load_model(path, custom_objects, compile)
    return hdf5_format.load_model_from_hdf5(filepath, custom_objects, compile)


def _is_hdf5_path(path: str) -> bool:
    return path.endswith((".h5", ".keras", ".hdf5"))


def save_weights(model, filepath, overwrite=True, save_format=None, options=None):
    """Mirrors tf-keras's ``Model.save_weights``: HDF5 (Keras 2's layout: a group per layer, ``weight_names``
    attributes) for a path ending in ``.h5``/``.keras``/``.hdf5`` or ``save_format='h5'``, otherwise TF's
    checkpoint format (the model as the root object, attached as ``root`` too, as tf-keras's
    ``Model._checkpoint`` does) and the directory's ``checkpoint`` file pointing at ``filepath``.

    Raises:
      ValueError: an unknown ``save_format``; ``save_format='tf'`` with an HDF5 path.
      FileExistsError: ``overwrite=False`` and the file exists (tf-keras asks on the console instead)."""
    model._assert_weights_created()
    path = os.fspath(filepath)
    if save_format is None:
        save_format = "h5" if _is_hdf5_path(path) else "tf"
    else:
        fmt = save_format.lower().strip()
        if fmt in ("tensorflow", "tf"):
            save_format = "tf"
        elif fmt in ("hdf5", "h5", "keras"):
            save_format = "h5"
        else:
            raise ValueError(f"Unknown format. Received: `save_format`={save_format}. Was expecting one of "
                             f"{{\"tf\", \"h5\"}}.")
    if save_format == "tf" and _is_hdf5_path(path):
        raise ValueError(f'save_weights got save_format="tf"/"tensorflow", but the filepath ({path}) looks like '
                         f'an HDF5 file. Omit the ".h5"/".keras" when saving in TensorFlow format.')
    if save_format == "h5":
        hdf5_format.save_weights_to_hdf5(model, path, overwrite)
        return
    if not overwrite and os.path.isfile(path + ".index"):
        raise FileExistsError(f"{path}.index exists and overwrite=False")
    checkpoint_lib.write_trackable(model, path, attached=[("root", model)])
    checkpoint_management.update_checkpoint_state_internal(os.path.dirname(path), path, [path],
                                                           save_relative_paths=True)


def load_weights(model, filepath, by_name=False, skip_mismatch=False, options=None):
    """Mirrors tf-keras's ``Model.load_weights``: HDF5 (by topology, or ``by_name``), or a TF checkpoint
    (a prefix whose ``.index`` TF can read, or a SavedModel directory's ``variables/variables``) restored as
    ``tf.train.Checkpoint.read`` restores: variables that exist now get their values, variables created later
    (an unbuilt model, an optimizer's slots) when they are created.

    Returns:
      for a TF checkpoint, the load status (``assert_consumed``, ``expect_partial``, ...); None for HDF5.
    Raises:
      ValueError: ``skip_mismatch`` without ``by_name``; counts or shapes that do not match; a SavedModel
        directory without variables. NotImplementedError: ``by_name`` with a TF checkpoint.
      AssertionError: nothing in a TF checkpoint matched the model. NotFoundError: no such checkpoint."""
    if skip_mismatch and not by_name:
        raise ValueError("When calling model.load_weights, skip_mismatch can only be set to True when by_name is "
                         "True.")
    path, save_format = _detect_weights_format(os.fspath(filepath))
    if save_format == "h5":
        hdf5_format.load_weights_from_hdf5(model, path, by_name, skip_mismatch)
        status = None
    else:
        status = checkpoint_lib.read_trackable(model, path, attached=[("root", model)])
        if by_name:
            raise NotImplementedError("Weights may only be loaded based on topology into Models when loading "
                                      "TensorFlow-formatted weights (got by_name=True to load_weights).")
        status.assert_nontrivial_match()
    for layer in model.layers:   # as tf-keras (its HDF5 loader has already finalized every layer)
        layer.finalize_state()
    return status


def _detect_weights_format(path: str) -> tuple:
    """tf-keras's ``_detect_save_format``: (path to read, "h5" or "tf"); a TF checkpoint wins over a SavedModel
    directory of the same name, and anything else is taken for HDF5."""
    if _is_hdf5_path(path):
        return path, "h5"
    if _readable_checkpoint(path):
        return path, "tf"
    if os.path.isfile(os.path.join(path, "saved_model.pb")) or os.path.isfile(os.path.join(path, "saved_model.pbtxt")):
        variables = os.path.join(path, "variables", "variables")
        if _readable_checkpoint(variables):
            return variables, "tf"
        raise ValueError(f"Unable to load weights. filepath {path} appears to be a SavedModel directory, but "
                         f"checkpoint either doesn't exist, or is incorrectly formatted.")
    return path, "h5"


def _readable_checkpoint(path: str) -> bool:
    # TF: NewCheckpointReader succeeds; a missing prefix raises NotFoundError (it propagates, as in TF), an
    # unreadable one DataLossError (then the file is taken for HDF5).
    if not checkpoint_io.checkpoint_exists(path) and os.path.isfile(path):
        return False   # TF reads it as a V1 checkpoint table, which an HDF5 file is not (DataLossError)
    try:
        checkpoint_io.open_checkpoint(path)
    except errors.DataLossError:
        return False
    return True
