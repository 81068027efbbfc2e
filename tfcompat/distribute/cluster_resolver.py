"""``tf.distribute.cluster_resolver``: re-exports only."""
from __future__ import annotations

from tfcompat._src.distribute.cluster_resolver import (
    ClusterResolver, SimpleClusterResolver, TFConfigClusterResolver, TPUClusterResolver,
)

__all__ = ["ClusterResolver", "SimpleClusterResolver", "TFConfigClusterResolver", "TPUClusterResolver"]

from tfcompat._src.tools.unsupported import module_getattr as _module_getattr  # noqa: E402

__getattr__ = _module_getattr("tf.distribute.cluster_resolver", __name__)
