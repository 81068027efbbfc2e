"""``tf.estimator.export``: the export outputs a ``model_fn`` may put in ``EstimatorSpec.export_outputs``, the
serving input receivers of ``export_saved_model``, and the helpers that turn them into SignatureDefs and export
directories (mirror TF's ``saved_model/model_utils/export_output.py`` and ``export_utils.py``, and
tensorflow_estimator's ``export/export.py``)."""
from __future__ import annotations

import os
import time

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.runtime import tf_logging as logging
from tfcompat._src.saved_model import builder as signature_lib

__all__ = ["ExportOutput", "ClassificationOutput", "RegressionOutput", "PredictOutput", "ServingInputReceiver",
           "build_raw_serving_input_receiver_fn", "get_export_outputs", "build_all_signature_defs",
           "get_timestamped_export_dir", "get_temp_export_dir"]

DEFAULT_SERVING_KEY = signature_lib.signature_constants.DEFAULT_SERVING_SIGNATURE_DEF_KEY
SINGLE_RECEIVER_DEFAULT_NAME = "input"
_MAX_DIRECTORY_CREATION_ATTEMPTS = 10


class ExportOutput:
    """Mirrors ``tf.estimator.export.ExportOutput``: the base of the export outputs."""

    def as_signature_def(self, receiver_tensors: dict):
        """The SignatureDef serving this output from ``receiver_tensors`` (a dict of placeholders)."""
        raise NotImplementedError("ExportOutput subclasses implement as_signature_def")


def _single_string_input(receiver_tensors: dict, kind: str):
    """The one string placeholder a Classification/Regression signature reads (TF's check and message)."""
    message = (f"{kind} signatures can only accept a single tensor input of type tf.string. Please check to make "
               f"sure that you have structured the serving_input_receiver_fn so that it creates a single string "
               f"placeholder. If your model function expects multiple inputs, then use `tf.io.parse_example()` to "
               f"parse the string into multiple tensors.\n Received: {receiver_tensors}")
    if len(receiver_tensors) != 1:
        raise ValueError(message)
    (_, examples), = receiver_tensors.items()
    if examples.dtype != dtypes.string:
        raise ValueError(message)
    return examples


class ClassificationOutput(ExportOutput):
    """Mirrors ``tf.estimator.export.ClassificationOutput``: float32 ``scores`` and/or string ``classes``.

    Raises:
      ValueError / TypeError: TF's checks (at least one given, Tensors of those dtypes)."""

    def __init__(self, scores=None, classes=None):
        if scores is not None and not isinstance(scores, Tensor):
            raise TypeError("scores must be a Tensor; got {}".format(scores))
        if classes is not None and not isinstance(classes, Tensor):
            raise TypeError("classes must be a Tensor; got {}".format(classes))
        if scores is not None and scores.dtype != dtypes.float32:
            raise ValueError("Classification scores must be a float32 Tensor; got {}".format(scores))
        if classes is not None and classes.dtype != dtypes.string:
            raise ValueError("Classification classes must be a string Tensor; got {}".format(classes))
        if scores is None and classes is None:
            raise ValueError("Cannot create a ClassificationOutput with empty arguments. At least one of `scores` "
                             "and `classes` must be defined.")
        self._scores = scores
        self._classes = classes

    scores = property(lambda self: self._scores)
    classes = property(lambda self: self._classes)

    def as_signature_def(self, receiver_tensors: dict):
        """A ``classify`` signature over the single string input (ValueError otherwise, as TF)."""
        examples = _single_string_input(receiver_tensors, "Classification")
        return signature_lib.classification_signature_def(examples, self._classes, self._scores)


class RegressionOutput(ExportOutput):
    """Mirrors ``tf.estimator.export.RegressionOutput``: one float32 ``value`` Tensor.

    Raises:
      ValueError: ``value`` not a float32 Tensor (TF's message)."""

    def __init__(self, value):
        if not (isinstance(value, Tensor) and value.dtype.is_floating):
            raise ValueError("Regression output value must be a float32 Tensor; got {}".format(value))
        self._value = value

    value = property(lambda self: self._value)

    def as_signature_def(self, receiver_tensors: dict):
        """A ``regress`` signature over the single string input (ValueError otherwise, as TF)."""
        examples = _single_string_input(receiver_tensors, "Regression")
        return signature_lib.regression_signature_def(examples, self._value)


class PredictOutput(ExportOutput):
    """Mirrors ``tf.estimator.export.PredictOutput``: a dict of named Tensors (a single Tensor is named
    ``'output'``).

    Raises:
      ValueError: a key that is not a string or a value that is not a Tensor (TF's messages)."""

    def __init__(self, outputs):
        if not isinstance(outputs, dict):
            outputs = {"output": outputs}
        for key, value in outputs.items():
            if not isinstance(key, str):
                raise ValueError("Prediction output key must be a string; got {}.".format(key))
            if not isinstance(value, Tensor):
                raise ValueError("Prediction output value for key {} must be a Tensor; got {}.".format(key, value))
        self._outputs = dict(outputs)

    outputs = property(lambda self: self._outputs)

    def as_signature_def(self, receiver_tensors: dict):
        """A ``predict`` signature from ``receiver_tensors`` to these outputs."""
        return signature_lib.predict_signature_def(receiver_tensors, self._outputs)


class ServingInputReceiver:
    """Mirrors ``tf.estimator.export.ServingInputReceiver``: the features a serving graph feeds the model_fn and
    the tensors it receives (a single Tensor becomes ``{'feature': t}`` / ``{'input': t}``, as TF)."""

    def __init__(self, features, receiver_tensors, receiver_tensors_alternatives=None):
        self.features = features if isinstance(features, dict) else {"feature": features}
        self.receiver_tensors = receiver_tensors if isinstance(receiver_tensors, dict) else {"input": receiver_tensors}
        if not self.receiver_tensors:
            raise ValueError("receiver_tensors must be defined.")
        self.receiver_tensors_alternatives = receiver_tensors_alternatives


def build_raw_serving_input_receiver_fn(features, default_batch_size=None):
    """Mirrors ``tf.estimator.export.build_raw_serving_input_receiver_fn``: a function making one placeholder per
    feature (batch dimension ``default_batch_size``) and returning a ServingInputReceiver of them."""
    def serving_input_receiver_fn():
        from tfcompat._src.ops.array_ops import placeholder
        receivers = {}
        for name, tensor in features.items():
            shape = [default_batch_size] + list(tensor.shape.as_list()[1:])
            receivers[name] = placeholder(dtype=tensor.dtype, shape=shape, name=name)
        return ServingInputReceiver(receivers, dict(receivers))
    return serving_input_receiver_fn


def get_export_outputs(export_outputs, predictions) -> dict:
    """TF's ``export_utils.get_export_outputs``: ``export_outputs`` validated, defaulting to a PredictOutput of
    ``predictions``; a single output is also served as ``serving_default``.

    Raises:
      TypeError: not a dict of ExportOutputs. ValueError: several outputs and none is ``serving_default``."""
    if export_outputs is None:
        export_outputs = {DEFAULT_SERVING_KEY: PredictOutput(predictions)}
    if not isinstance(export_outputs, dict):
        raise TypeError("export_outputs must be dict, given: {}".format(export_outputs))
    for value in export_outputs.values():
        if not isinstance(value, ExportOutput):
            raise TypeError("Values in export_outputs must be ExportOutput objects. Given: {}".format(export_outputs))
    export_outputs = dict(export_outputs)
    if len(export_outputs) == 1:
        (key, value), = export_outputs.items()
        if key != DEFAULT_SERVING_KEY:
            export_outputs[DEFAULT_SERVING_KEY] = value
    if len(export_outputs) > 1 and DEFAULT_SERVING_KEY not in export_outputs:
        raise ValueError("Multiple export_outputs were provided, but none of them is specified as the default.  Do "
                         "this by naming one of them with signature_constants.DEFAULT_SERVING_SIGNATURE_DEF_KEY.")
    return export_outputs


def build_all_signature_defs(receiver_tensors, export_outputs: dict, receiver_tensors_alternatives=None,
                             serving_only: bool = True) -> dict:
    """TF's ``export_utils.build_all_signature_defs``: one SignatureDef per export output (and per alternative
    receiver), dropping, with a logged reason, those an output cannot serve (a classify/regress output needs one
    string input).

    Raises:
      ValueError: ``export_outputs`` is not a dict."""
    if not isinstance(receiver_tensors, dict):
        receiver_tensors = {SINGLE_RECEIVER_DEFAULT_NAME: receiver_tensors}
    if export_outputs is None or not isinstance(export_outputs, dict):
        raise ValueError("export_outputs must be a dict and not{}".format(type(export_outputs)))
    signatures, excluded = {}, {}
    receivers = [("", receiver_tensors)]
    for name, alternative in (receiver_tensors_alternatives or {}).items():
        receivers.append((name + ":", alternative if isinstance(alternative, dict)
                          else {SINGLE_RECEIVER_DEFAULT_NAME: alternative}))
    for prefix, receiver in receivers:
        for output_key, export_output in export_outputs.items():
            signature_name = prefix + "{}".format(output_key or "None")
            try:
                signatures[signature_name] = export_output.as_signature_def(receiver)
            except ValueError as e:
                excluded[signature_name] = str(e)
    for name, reason in excluded.items():
        logging.info("Signature %s excluded from export: %s", name, reason)
    if DEFAULT_SERVING_KEY not in signatures:
        logging.warning("Export includes no default signature!")
    return {k: v for k, v in signatures.items() if signature_lib.is_valid_signature(v)}


def get_timestamped_export_dir(export_dir_base) -> bytes:
    """TF's ``export_utils.get_timestamped_export_dir``: ``export_dir_base/<seconds since the epoch>`` (bytes, as
    TF returns it), waiting a second while that directory exists.

    Raises:
      RuntimeError: no free name after 10 attempts (TF's message)."""
    for _ in range(_MAX_DIRECTORY_CREATION_ATTEMPTS):
        result = os.path.join(os.fsencode(export_dir_base), str(int(time.time())).encode())
        if not os.path.exists(result):
            return result
        time.sleep(1)
        logging.warning("Directory {} already exists; retrying (attempt {}/{})".format(
            result.decode(), _ + 1, _MAX_DIRECTORY_CREATION_ATTEMPTS))
    raise RuntimeError("Failed to obtain a unique export directory name after {} attempts.".format(
        _MAX_DIRECTORY_CREATION_ATTEMPTS))


def get_temp_export_dir(timestamped_export_dir) -> bytes:
    """TF's ``export_utils.get_temp_export_dir``: ``<base>/temp-<timestamp>``, where the export is written
    before being renamed into place."""
    dirname, basename = os.path.split(os.fsencode(timestamped_export_dir))
    return os.path.join(dirname, b"temp-" + basename)
