"""What an ``input_fn`` returns, as an Estimator reads it (mirrors tensorflow_estimator's ``util.py``): a
``tf.data.Dataset`` (iterated by an initializable iterator, initialized by a hook when the session starts), a
``(features, labels)`` pair, or features alone."""
from __future__ import annotations

from tfcompat._src.data import dataset_ops, dataset_ops_v1
from tfcompat._src.runtime.training.session_run_hook import SessionRunHook

__all__ = ["DatasetInitializerHook", "parse_input_fn_result", "parse_iterator_result"]


class DatasetInitializerHook(SessionRunHook):
    """TF's ``util._DatasetInitializerHook``: runs a dataset iterator's initializer once the session exists."""

    def __init__(self, iterator):
        self._iterator = iterator

    def begin(self):
        self._initializer = self._iterator.initializer

    def after_create_session(self, session, coord):
        session.run(self._initializer)


def parse_iterator_result(result):
    """``(features, labels)`` from one element: a 2-tuple/list is (features, labels), anything else features.

    Raises:
      ValueError: a tuple or list whose length is not 2 (TF's message)."""
    if isinstance(result, (list, tuple)):
        if len(result) != 2:
            raise ValueError("input_fn should return (features, labels) as a len 2 tuple.")
        return result[0], result[1]
    return result, None


def parse_input_fn_result(result):
    """``(features, labels, input_hooks)`` of an ``input_fn``'s result (TF's ``util.parse_input_fn_result``)."""
    hooks = []
    if isinstance(result, dataset_ops.DatasetV2):
        iterator = dataset_ops_v1.make_initializable_iterator(result)
        hooks.append(DatasetInitializerHook(iterator))
        result = iterator.get_next()
    features, labels = parse_iterator_result(result)
    return features, labels, hooks
