"""``tf.keras.utils.experimental.DatasetCreator`` (tf-keras 2.21): a ``dataset_fn`` wrapper that ``Model.fit``
calls with a ``tf.distribute.InputContext`` to build its input dataset."""
from __future__ import annotations

from tfcompat._src.data.dataset_ops import DatasetV2
from tfcompat._src.distribute.distribute_lib import InputOptions

__all__ = ["DatasetCreator"]


class DatasetCreator:
    """Mirrors ``tf.keras.utils.experimental.DatasetCreator``: holds ``dataset_fn`` (called with an
    ``InputContext``) and optional ``tf.distribute.InputOptions``; calling it returns ``dataset_fn``'s dataset.

    Raises:
      TypeError: ``dataset_fn`` is not callable, ``input_options`` is not an ``InputOptions``, or (on call) the
        function returns something other than a ``tf.data.Dataset``."""

    def __init__(self, dataset_fn, input_options=None):
        if not callable(dataset_fn):
            raise TypeError(f"`dataset_fn` for `DatasetCreator` must be a `callable`. Received: {dataset_fn}")
        if input_options and not isinstance(input_options, InputOptions):
            raise TypeError("`input_options` for `DatasetCreator` must be a `tf.distribute.InputOptions`. "
                            f"Received: {input_options}")
        self.dataset_fn = dataset_fn
        self.input_options = input_options

    def __call__(self, *args, **kwargs):
        dataset = self.dataset_fn(*args, **kwargs)
        if not isinstance(dataset, DatasetV2):
            raise TypeError(f'The `callable` provided to `DatasetCreator` must return a Dataset. It returns '
                            f'"{dataset}"')
        return dataset
