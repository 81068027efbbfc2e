"""``tf.train.TrackableView`` and ``tf.train.CheckpointView``: read-only views of a live object graph and of the
object graph stored in a TF2 checkpoint, and the matching between the two (TF's ``checkpoint_view.py`` and
``trackable_view.py``).

A live object's children are its checkpoint dependencies as ``tf.train.Checkpoint`` saves them
(``checkpoint_graph.trackable_children``), so both views agree with what a save writes and a restore matches."""
from __future__ import annotations

import collections
import logging
import weakref

from tfcompat._src.protos.checkpoint import TrackableObjectGraph
from tfcompat._src.runtime.training import checkpoint as checkpoint_lib
from tfcompat._src.runtime.training.checkpoint_graph import is_trackable, trackable_children
from tfcompat._src.runtime.training.checkpoint_reader import CheckpointReader
from tfcompat._src.framework import errors

__all__ = ["TrackableView", "CheckpointView"]

_log = logging.getLogger("tensorflow")


class TrackableView:
    """Mirrors ``tf.train.TrackableView``: the trackable objects reachable from ``root``.

    Args:
      root: a trackable object (``tf.Module``, ``tf.Variable``, ``tf.train.Checkpoint``, an optimizer, a Keras
        model ...) or a weak reference to one; the view keeps only a weak reference, as TF's does."""

    def __init__(self, root):
        self._root_ref = root if isinstance(root, weakref.ref) else weakref.ref(root)

    @classmethod
    def children(cls, obj, save_type: str = "checkpoint", **kwargs) -> dict:
        """Mirrors ``TrackableView.children``: ``{local name: child}`` of ``obj``'s checkpoint dependencies, in
        TF's order. ``save_type``/``kwargs`` are accepted; tfcompat's dependencies are the same for both save
        types."""
        del save_type, kwargs
        return dict(trackable_children(obj))

    @property
    def root(self):
        """The root object (TF asserts that it is still alive)."""
        root = self._root_ref()
        assert root is not None
        return root

    def descendants(self) -> list:
        """Mirrors ``TrackableView.descendants``: every object reachable from the root, breadth first, each once
        (the root first)."""
        order = [self.root]
        seen = {id(self.root)}
        queue = collections.deque([self.root])
        while queue:
            current = queue.popleft()
            for child in self.children(current).values():
                if id(child) not in seen:
                    seen.add(id(child))
                    order.append(child)
                    queue.append(child)
        return order


class CheckpointView:
    """Mirrors ``tf.train.CheckpointView``: the object graph stored in a TF2 (object-based) checkpoint, by node
    id (0 is the root).

    Raises (constructor):
      NotFoundError: no checkpoint at ``save_path``. ValueError: the checkpoint has no object graph (it was
      written by the TF1 name-based ``Saver``)."""

    def __init__(self, save_path):
        reader = CheckpointReader(save_path)
        key = checkpoint_lib.OBJECT_GRAPH_KEY
        try:
            serialized = reader.get_tensor(key)
        except errors.NotFoundError as e:
            raise ValueError(
                f'The specified checkpoint "{save_path}" does not appear to be object-based (saved with TF2) since '
                f'it is missing the key "{key}". Likely it was created with the TF1 name-based saver and does not '
                "contain an object dependency graph.") from e
        self._object_graph_proto = TrackableObjectGraph.FromString(bytes(serialized))

    def children(self, node_id: int) -> dict:
        """Mirrors ``CheckpointView.children``: ``{local name: child node id}`` of node ``node_id``."""
        return {c.local_name: c.node_id for c in self._object_graph_proto.nodes[node_id].children}

    def descendants(self) -> list:
        """Mirrors ``CheckpointView.descendants``: the node ids reachable from the root, breadth first (0 first)."""
        return list(self._descendants_with_paths())

    def _descendants_with_paths(self) -> dict:
        paths = {0: "root"}
        queue = collections.deque([0])
        while queue:
            node_id = queue.popleft()
            for child in self._object_graph_proto.nodes[node_id].children:
                if child.node_id == 0 or child.node_id in paths:
                    continue
                queue.append(child.node_id)
                paths[child.node_id] = f"{paths[node_id]}.{child.local_name}"
        return paths

    def match(self, obj) -> dict:
        """Mirrors ``CheckpointView.match``: ``{node id: live object}`` for the checkpoint nodes that have a live
        counterpart in ``obj``'s graph (same local names along the path from the root).

        Raises:
          ValueError: ``obj`` is not trackable."""
        if not is_trackable(obj):
            raise ValueError(f"Expected a Trackable, got {obj} of type {type(obj)}.")
        matched = {0: obj}
        queue = collections.deque([(0, obj)])
        visited = set()
        while queue:
            node_id, live = queue.popleft()
            live_children = TrackableView.children(live)
            for name, child_id in self.children(node_id).items():
                if child_id in visited or child_id == 0 or name not in live_children:
                    continue
                current = matched.get(child_id)
                if current is None:
                    matched[child_id] = live_children[name]
                    queue.append((child_id, live_children[name]))
                elif current is not live_children[name]:
                    _log.warning("Inconsistent references when matching the checkpoint into this object graph. "
                                 f"The referenced objects are: ({current} and {live_children[name]}).")
            visited.add(node_id)
        return matched

    def diff(self, obj) -> tuple:
        """Mirrors ``CheckpointView.diff``: ``(match(obj), node ids only in the checkpoint, live objects only in
        obj's graph)``."""
        matched = self.match(obj)
        only_in_checkpoint = [n for n in self.descendants() if n not in matched]
        matched_ids = {id(o) for o in matched.values()}
        only_live = [o for o in TrackableView(obj).descendants() if id(o) not in matched_ids]
        return matched, only_in_checkpoint, only_live
