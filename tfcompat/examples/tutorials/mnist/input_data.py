"""``tensorflow.examples.tutorials.mnist.input_data`` of TF 1.15: ``read_data_sets`` and, as TF 1.15 had them,
its private helpers (``_DataSet``, ``_Datasets``, ``_maybe_download``, ``_extract_images``, ``_extract_labels``,
``_dense_to_one_hot``). Behaviour, seeding and deviations: ``tfcompat._src.contrib.learn_datasets_mnist``.
Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.learn_datasets_mnist import DEFAULT_SOURCE_URL
from tfcompat._src.contrib.learn_datasets_mnist import TutorialDataSet as _DataSet
from tfcompat._src.contrib.learn_datasets_mnist import TutorialDatasets as _Datasets
from tfcompat._src.contrib.learn_datasets_mnist import tutorial_dense_to_one_hot as _dense_to_one_hot
from tfcompat._src.contrib.learn_datasets_mnist import tutorial_extract_images as _extract_images
from tfcompat._src.contrib.learn_datasets_mnist import tutorial_extract_labels as _extract_labels
from tfcompat._src.contrib.learn_datasets_mnist import tutorial_maybe_download as _maybe_download
from tfcompat._src.contrib.learn_datasets_mnist import tutorial_read_data_sets as read_data_sets

__all__ = ["DEFAULT_SOURCE_URL", "read_data_sets"]
