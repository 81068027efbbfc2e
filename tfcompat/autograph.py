"""``tf.autograph``: re-exports only (see ``tfcompat/_src/autograph``)."""
from __future__ import annotations

from types import SimpleNamespace

from tfcompat._src.autograph.api import (do_not_convert, set_loop_options, set_verbosity, to_code, to_graph,
                                         trace)
from tfcompat._src.autograph.core import Feature

__all__ = ["experimental", "set_verbosity", "to_code", "to_graph", "trace"]

# TF's tf.autograph.experimental namespace.
experimental = SimpleNamespace(Feature=Feature, do_not_convert=do_not_convert, set_loop_options=set_loop_options)

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.autograph", __name__)
