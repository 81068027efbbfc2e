"""``tf.compat.v1.keras.utils`` (tf-keras 2.21's v1 API): ``tf.keras.utils`` without its TF2-only dataset and
evaluation helpers, plus TF's v1-only migration tools (``DeterministicRandomTestTool``,
``track_tf1_style_variables``, ``get_or_create_layer``). Re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.utils.migration_utils import DeterministicRandomTestTool
from tfcompat._src.keras.utils.variable_scope_shim import get_or_create_layer, track_tf1_style_variables
from tfcompat.keras.utils import (
    CustomObjectScope, GeneratorEnqueuer, OrderedEnqueuer, Progbar, Sequence, SequenceEnqueuer,
    StepsPerExecutionTuner, array_to_img, custom_object_scope, deserialize_keras_object,
    disable_interactive_logging, enable_interactive_logging, get_custom_objects, get_file, get_registered_name,
    get_registered_object, get_source_inputs, img_to_array, is_interactive_logging_enabled, legacy, load_img,
    model_to_dot, normalize, pad_sequences, plot_model, register_keras_serializable, save_img,
    serialize_keras_object, to_categorical, to_ordinal, warmstart_embedding_matrix,
)

__all__ = [
    "DeterministicRandomTestTool", "CustomObjectScope", "GeneratorEnqueuer", "OrderedEnqueuer", "Progbar",
    "Sequence", "SequenceEnqueuer",
    "StepsPerExecutionTuner", "array_to_img", "custom_object_scope", "deserialize_keras_object",
    "disable_interactive_logging", "enable_interactive_logging", "get_custom_objects", "get_file",
    "get_registered_name", "get_registered_object", "get_source_inputs", "img_to_array",
    "is_interactive_logging_enabled", "legacy", "load_img", "model_to_dot", "normalize", "pad_sequences",
    "plot_model", "register_keras_serializable", "save_img", "serialize_keras_object", "to_categorical",
    "to_ordinal", "warmstart_embedding_matrix", "get_or_create_layer", "track_tf1_style_variables",
]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.keras.utils", __name__)
