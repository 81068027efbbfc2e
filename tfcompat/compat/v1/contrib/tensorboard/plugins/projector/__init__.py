"""``tf.contrib.tensorboard.plugins.projector`` (TF 1.15): the ``ProjectorConfig`` proto and
``visualize_embeddings``. Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.projector import (
    PROJECTOR_FILENAME, EmbeddingInfo, ProjectorConfig, SpriteMetadata, visualize_embeddings,
)

__all__ = ["EmbeddingInfo", "PROJECTOR_FILENAME", "ProjectorConfig", "SpriteMetadata", "visualize_embeddings"]
