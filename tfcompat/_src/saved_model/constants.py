"""TF's SavedModel constants (``tf.saved_model.*`` and ``tf.compat.v1.saved_model.constants``): file and
directory names of the format, and the signature keys of classify/regress signatures."""
from __future__ import annotations

from tfcompat._src.saved_model.reader import SAVED_MODEL_FILENAME_PB, SAVED_MODEL_FILENAME_PBTXT

__all__ = ["ASSETS_DIRECTORY", "ASSETS_KEY", "CLASSIFY_INPUTS", "CLASSIFY_OUTPUT_CLASSES", "CLASSIFY_OUTPUT_SCORES",
           "DEBUG_DIRECTORY", "DEBUG_INFO_FILENAME_PB", "REGRESS_INPUTS", "REGRESS_OUTPUTS",
           "SAVED_MODEL_FILENAME_PB", "SAVED_MODEL_FILENAME_PBTXT", "SAVED_MODEL_SCHEMA_VERSION",
           "VARIABLES_DIRECTORY", "VARIABLES_FILENAME"]

ASSETS_DIRECTORY = "assets"
ASSETS_KEY = "saved_model_assets"
DEBUG_DIRECTORY = "debug"
DEBUG_INFO_FILENAME_PB = "saved_model_debug_info.pb"
SAVED_MODEL_SCHEMA_VERSION = 1
VARIABLES_DIRECTORY = "variables"
VARIABLES_FILENAME = "variables"
CLASSIFY_INPUTS = "inputs"
CLASSIFY_OUTPUT_CLASSES = "classes"
CLASSIFY_OUTPUT_SCORES = "scores"
REGRESS_INPUTS = "inputs"
REGRESS_OUTPUTS = "outputs"
