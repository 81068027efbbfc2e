"""``tf.contrib.learn`` (TF 1.15): ``preprocessing`` (the text vocabulary) and ``datasets`` (the MNIST loader,
``load_dataset('mnist')``, ``base``); ``python.learn.datasets`` is the module path scripts import them from.
Re-exports only."""
from __future__ import annotations

from tfcompat.compat.v1.contrib.learn import datasets, preprocessing, python

__all__ = ["datasets", "preprocessing", "python"]
