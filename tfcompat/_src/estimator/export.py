"""``tf.estimator.export``: the export outputs a ``model_fn`` may put in ``EstimatorSpec.export_outputs`` and the
serving input receivers of ``export_saved_model`` (mirror TF's ``saved_model/model_utils/export_output.py`` and
tensorflow_estimator's ``export/export.py``). They are validated and kept; tfcompat's Estimator does not export
SavedModels (``Estimator.export_saved_model`` raises ``UnsupportedAPIError``), so nothing consumes them."""
from __future__ import annotations

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor import Tensor

__all__ = ["ExportOutput", "ClassificationOutput", "RegressionOutput", "PredictOutput", "ServingInputReceiver",
           "build_raw_serving_input_receiver_fn"]


class ExportOutput:
    """Mirrors ``tf.estimator.export.ExportOutput``: the base of the export outputs."""


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


class RegressionOutput(ExportOutput):
    """Mirrors ``tf.estimator.export.RegressionOutput``: one float32 ``value`` Tensor.

    Raises:
      ValueError: ``value`` not a float32 Tensor (TF's message)."""

    def __init__(self, value):
        if not (isinstance(value, Tensor) and value.dtype.is_floating):
            raise ValueError("Regression output value must be a float32 Tensor; got {}".format(value))
        self._value = value

    value = property(lambda self: self._value)


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
