"""``tf.keras.utils`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.engine.data_adapter import pack_x_y_sample_weight, unpack_x_y_sample_weight
from tfcompat._src.keras.preprocessing.sequence import pad_sequences
from tfcompat._src.keras.utils.data_utils import Sequence, get_file
from tfcompat._src.keras.utils.embedding_utils import warmstart_embedding_matrix
from tfcompat._src.keras.utils.enqueuers import GeneratorEnqueuer, OrderedEnqueuer, SequenceEnqueuer
from tfcompat._src.keras.utils.generic_utils import (
    Progbar, disable_interactive_logging, enable_interactive_logging, is_interactive_logging_enabled,
)
from tfcompat._src.keras.utils.layer_utils import get_source_inputs
from tfcompat._src.keras.utils.np_utils import normalize, to_categorical, to_ordinal
from tfcompat._src.keras.utils.dataset_utils import split_dataset, timeseries_dataset_from_array
from tfcompat._src.keras.utils.directory_datasets import image_dataset_from_directory, text_dataset_from_directory
from tfcompat._src.keras.utils.image_files import array_to_img, img_to_array, load_img, save_img
from tfcompat._src.keras.utils.sidecar_evaluator import SidecarEvaluator
from tfcompat._src.keras.utils.steps_per_execution_tuning import StepsPerExecutionTuner
from tfcompat._src.keras.utils.timed_threads import TimedThread
from tfcompat._src.keras.random_generator import set_random_seed
from tfcompat._src.keras.utils.object_scope import (
    CustomObjectScope, custom_object_scope, get_custom_objects, get_registered_name, get_registered_object,
    register_keras_serializable,
)
from tfcompat._src.keras.utils.vis_utils import model_to_dot, plot_model
from tfcompat._src.keras.object_config import deserialize_keras_object, serialize_keras_object

__all__ = ["CustomObjectScope", "Progbar", "Sequence", "custom_object_scope", "deserialize_keras_object",
           "get_custom_objects", "get_file", "get_registered_name", "get_registered_object", "get_source_inputs",
           "model_to_dot", "normalize", "pack_x_y_sample_weight", "pad_sequences", "plot_model",
           "register_keras_serializable", "serialize_keras_object", "to_categorical", "unpack_x_y_sample_weight",
           "array_to_img", "img_to_array", "load_img", "save_img", "set_random_seed", "split_dataset",
           "timeseries_dataset_from_array", "to_ordinal", "image_dataset_from_directory",
           "text_dataset_from_directory", "warmstart_embedding_matrix", "GeneratorEnqueuer", "OrderedEnqueuer",
           "SequenceEnqueuer", "disable_interactive_logging", "enable_interactive_logging",
           "is_interactive_logging_enabled", "SidecarEvaluator", "StepsPerExecutionTuner", "TimedThread"]

from tfcompat.keras.utils import experimental, legacy  # noqa: E402
from tfcompat._src.keras.utils.audio_dataset import audio_dataset_from_directory  # noqa: E402
from tfcompat._src.keras.utils.feature_space import FeatureSpace  # noqa: E402

__all__ += ["audio_dataset_from_directory", "FeatureSpace"]

__all__ += ["experimental", "legacy"]
