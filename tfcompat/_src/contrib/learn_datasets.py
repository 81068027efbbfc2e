"""``tf.contrib.learn.datasets.load_dataset`` of TF 1.15 (``contrib/learn/python/learn/datasets/__init__.py``):
the data sets by name. Only ``'mnist'`` is provided: TF's ``'iris'`` and ``'boston'`` read CSV files shipped inside
the TF package, ``'dbpedia'`` downloads a corpus and ``'synthetic'`` needs its own arguments."""
from __future__ import annotations

from tfcompat._src.contrib import learn_datasets_mnist
from tfcompat._src.tools.unsupported import UnsupportedAPIError

__all__ = ["DATASETS", "load_dataset"]

DATASETS = {"mnist": learn_datasets_mnist.load_mnist}
_NOT_PROVIDED = {
    "iris": "TF read it from a CSV file inside the TF package; load it with numpy "
            "(tf.contrib.learn.datasets.base.load_csv_with_header reads TF's CSV layout)",
    "boston": "TF read it from a CSV file inside the TF package; load it with numpy "
              "(tf.contrib.learn.datasets.base.load_csv_with_header reads TF's CSV layout)",
    "dbpedia": "the DBpedia download and extraction are not provided",
    "synthetic": "the synthetic (circles/spirals) generators are not provided",
}


def load_dataset(name, size="small", test_with_fake_data=False):
    """Mirrors ``tf.contrib.learn.datasets.load_dataset`` for ``name='mnist'`` (``mnist.load_mnist()``: the
    idx files in ``./MNIST-data``, downloaded when missing).

    Raises:
      ValueError: ``name`` is not one of TF's data sets (TF's message).
      UnsupportedAPIError: one of TF's other data sets (``iris``, ``boston``, ``dbpedia``, ``synthetic``)."""
    if name in _NOT_PROVIDED:
        raise UnsupportedAPIError(f"tf.contrib.learn.datasets.load_dataset({name!r})", _NOT_PROVIDED[name])
    if name not in DATASETS:
        raise ValueError(f"Name of dataset is not found: {name}")
    return DATASETS[name]()
