"""An Estimator whose ``Scaffold(saver=...)`` is a ``tf.train.Checkpoint``: the Checkpoint is replaced by the
``ObjectGraphSaver`` TF's ``Scaffold.finalize`` makes of it (runtime/training/object_graph_saver.py).

Difference from TF: the swap happens when the model_fn returns (TF: when the scaffold is finalized, which sees
the same graph), so the Estimator's export and hooks see the Saver from the start."""
from __future__ import annotations

from tfcompat._src.runtime.training.checkpoint import Checkpoint
from tfcompat._src.runtime.training.monitored_session import Scaffold
from tfcompat._src.runtime.training.object_graph_saver import ObjectGraphSaver

__all__ = ["ObjectGraphSaver", "with_checkpoint_saver_replaced"]


def with_checkpoint_saver_replaced(spec):
    """``spec`` itself, or (its scaffold's saver a ``tf.train.Checkpoint``) a copy whose scaffold has an
    ``ObjectGraphSaver`` of that checkpoint."""
    scaffold = spec.scaffold
    if not isinstance(getattr(scaffold, "saver", None), Checkpoint):
        return spec
    return spec._replace(scaffold=Scaffold(saver=ObjectGraphSaver(scaffold.saver), copy_from_scaffold=scaffold))
