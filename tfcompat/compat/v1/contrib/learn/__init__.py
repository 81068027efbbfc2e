"""``tf.contrib.learn`` (TF 1.15): ``preprocessing`` (the text vocabulary) and ``datasets`` (the MNIST loader,
``load_dataset('mnist')``, ``base``), ``ModeKeys``; ``python.learn.datasets`` is the module path scripts import them from.
Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.learn_mode_keys import ModeKeys
from tfcompat.compat.v1.contrib.learn import datasets, preprocessing, python

__all__ = ["ModeKeys", "datasets", "preprocessing", "python"]
