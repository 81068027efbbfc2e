"""``tf.distribute`` for one process with one replica (see ``distribute_lib`` and ``strategies``)."""
from __future__ import annotations

# Loading the package registers the default strategy's factory with distribute_context (which cannot import
# distribute_lib itself: distribute_lib builds on it).
from tfcompat._src.distribute import distribute_lib  # noqa: F401
