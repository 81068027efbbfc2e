"""``tf.compat.v1.saved_model``: re-exports only."""
from __future__ import annotations

from tfcompat._src.saved_model.builder import (
    SavedModelBuilder as Builder, build_signature_def, build_tensor_info, classification_signature_def,
    get_tensor_from_tensor_info, is_valid_signature, predict_signature_def, regression_signature_def, simple_save,
)
from tfcompat._src.saved_model.load import load as load_v2
from tfcompat._src.saved_model.loader_v1 import (
    LEGACY_INIT_OP_KEY, MAIN_OP_KEY, contains_saved_model, load, maybe_saved_model_directory,
)
from tfcompat._src.saved_model.save import save
from tfcompat.compat.v1.saved_model import (
    builder, constants, loader, signature_constants, signature_def_utils, tag_constants, utils,
)
from tfcompat.saved_model import (  # noqa: I001
    ASSETS_DIRECTORY, ASSETS_KEY, CLASSIFY_INPUTS, CLASSIFY_OUTPUT_CLASSES, CLASSIFY_OUTPUT_SCORES, DEBUG_DIRECTORY,
    DEBUG_INFO_FILENAME_PB, REGRESS_INPUTS, REGRESS_OUTPUTS, SAVED_MODEL_FILENAME_PB, SAVED_MODEL_FILENAME_PBTXT,
    SAVED_MODEL_SCHEMA_VERSION, SaveOptions, VARIABLES_DIRECTORY, VARIABLES_FILENAME,
    CLASSIFY_METHOD_NAME, DEFAULT_SERVING_SIGNATURE_DEF_KEY, GPU, PREDICT_INPUTS, PREDICT_METHOD_NAME,
    PREDICT_OUTPUTS, REGRESS_METHOD_NAME, SERVING, TPU, TRAINING,
)

__all__ = ["Builder", "CLASSIFY_METHOD_NAME", "DEFAULT_SERVING_SIGNATURE_DEF_KEY", "GPU", "PREDICT_INPUTS",
           "PREDICT_METHOD_NAME", "PREDICT_OUTPUTS", "REGRESS_METHOD_NAME", "SERVING", "TPU", "TRAINING",
           "build_signature_def", "build_tensor_info", "builder", "classification_signature_def", "constants",
           "contains_saved_model", "get_tensor_from_tensor_info", "is_valid_signature", "load", "load_v2",
           "loader", "maybe_saved_model_directory", "predict_signature_def", "regression_signature_def", "save",
           "signature_constants", "signature_def_utils", "simple_save", "tag_constants", "utils"]
__all__ += ["ASSETS_DIRECTORY", "ASSETS_KEY", "CLASSIFY_INPUTS", "CLASSIFY_OUTPUT_CLASSES", "CLASSIFY_OUTPUT_SCORES",
            "DEBUG_DIRECTORY", "DEBUG_INFO_FILENAME_PB", "REGRESS_INPUTS", "REGRESS_OUTPUTS", "SAVED_MODEL_FILENAME_PB",
            "SAVED_MODEL_FILENAME_PBTXT", "SAVED_MODEL_SCHEMA_VERSION", "SaveOptions", "VARIABLES_DIRECTORY",
            "VARIABLES_FILENAME", "LEGACY_INIT_OP_KEY", "MAIN_OP_KEY"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.saved_model", __name__)
