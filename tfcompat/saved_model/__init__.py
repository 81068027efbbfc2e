"""``tf.saved_model`` (TF2): re-exports only."""
from __future__ import annotations

from tfcompat._src.saved_model.builder import signature_constants as _sig, tag_constants as _tags
from tfcompat._src.saved_model.constants import (
    ASSETS_DIRECTORY, ASSETS_KEY, CLASSIFY_INPUTS, CLASSIFY_OUTPUT_CLASSES, CLASSIFY_OUTPUT_SCORES, DEBUG_DIRECTORY,
    DEBUG_INFO_FILENAME_PB, REGRESS_INPUTS, REGRESS_OUTPUTS, SAVED_MODEL_FILENAME_PB, SAVED_MODEL_FILENAME_PBTXT,
    SAVED_MODEL_SCHEMA_VERSION, VARIABLES_DIRECTORY, VARIABLES_FILENAME,
)
from tfcompat._src.saved_model.load import load
from tfcompat._src.saved_model.loader_v1 import contains_saved_model
from tfcompat._src.saved_model.save import LoadOptions, SaveOptions, save

DEFAULT_SERVING_SIGNATURE_DEF_KEY = _sig.DEFAULT_SERVING_SIGNATURE_DEF_KEY
PREDICT_METHOD_NAME = _sig.PREDICT_METHOD_NAME
PREDICT_INPUTS = _sig.PREDICT_INPUTS
PREDICT_OUTPUTS = _sig.PREDICT_OUTPUTS
CLASSIFY_METHOD_NAME = _sig.CLASSIFY_METHOD_NAME
REGRESS_METHOD_NAME = _sig.REGRESS_METHOD_NAME
SERVING = _tags.SERVING
TRAINING = _tags.TRAINING
GPU = _tags.GPU
TPU = _tags.TPU

__all__ = ["CLASSIFY_METHOD_NAME", "DEFAULT_SERVING_SIGNATURE_DEF_KEY", "GPU", "LoadOptions", "PREDICT_INPUTS",
           "PREDICT_METHOD_NAME", "PREDICT_OUTPUTS", "REGRESS_METHOD_NAME", "SERVING", "SaveOptions", "TPU",
           "TRAINING", "contains_saved_model", "load", "save"]
__all__ += ["ASSETS_DIRECTORY", "ASSETS_KEY", "CLASSIFY_INPUTS", "CLASSIFY_OUTPUT_CLASSES", "CLASSIFY_OUTPUT_SCORES",
            "DEBUG_DIRECTORY", "DEBUG_INFO_FILENAME_PB", "REGRESS_INPUTS", "REGRESS_OUTPUTS", "SAVED_MODEL_FILENAME_PB",
            "SAVED_MODEL_FILENAME_PBTXT", "SAVED_MODEL_SCHEMA_VERSION", "VARIABLES_DIRECTORY", "VARIABLES_FILENAME"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.saved_model", __name__)
