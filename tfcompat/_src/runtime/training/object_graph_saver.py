"""The name-based Saver TF makes of a ``tf.train.Checkpoint`` given as a ``Scaffold``'s saver: TF's
``Scaffold.finalize`` swaps in ``tf.compat.v1.train.Saver(var_list=ObjectGraphView(checkpoint)
.frozen_saveable_objects(), sharded=True)``, whose names are the checkpoint's object-graph keys and which also
writes the (frozen) object graph, so the files it writes are object-based checkpoints.

Difference from TF: only the checkpoint's variables are saved (TF also saves other saveable objects)."""
from __future__ import annotations

from tfcompat._src.ops.variables import Variable
from tfcompat._src.runtime.training.checkpoint import OBJECT_GRAPH_KEY, Checkpoint
from tfcompat._src.runtime.training.checkpoint_graph import ObjectGraph
from tfcompat._src.runtime.training.saver import Saver

__all__ = ["ObjectGraphSaver", "saver_for"]


class ObjectGraphSaver(Saver):
    """TF's ``Saver`` over a Checkpoint's frozen saveable objects: its variables under their object-graph
    checkpoint keys, plus the object graph (as it was when the Saver was made) under
    ``_CHECKPOINTABLE_OBJECT_GRAPH``."""

    def __init__(self, checkpoint: Checkpoint):
        graph = ObjectGraph(*checkpoint._graph_root())
        self._object_graph = graph.to_proto().SerializeToString()
        super().__init__(var_list={graph.key(j): obj for j, obj in enumerate(graph.objects)
                                   if isinstance(obj, Variable)}, sharded=True)

    def _values(self, sess) -> dict:
        values = super()._values(sess)
        values[OBJECT_GRAPH_KEY] = self._object_graph
        return values


def saver_for(saver):
    """What TF's ``Scaffold.finalize`` makes of a scaffold's ``saver``: an ``ObjectGraphSaver`` of a
    ``tf.train.Checkpoint``, else ``saver`` itself."""
    return ObjectGraphSaver(saver) if isinstance(saver, Checkpoint) else saver
