"""``tf.compat.v1.graph_util``: re-exports only."""
from __future__ import annotations

from tfcompat._src.framework.graph_util import (
    convert_variables_to_constants, extract_sub_graph, must_run_on_cpu, remove_training_nodes,
    tensor_shape_from_node_def_name,
)
from tfcompat._src.runtime.graph_import import import_graph_def

__all__ = ["convert_variables_to_constants", "extract_sub_graph", "import_graph_def", "must_run_on_cpu",
           "remove_training_nodes", "tensor_shape_from_node_def_name"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.compat.v1.graph_util", __name__)
