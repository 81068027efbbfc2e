"""``tf.contrib.tensorboard.plugins.projector`` of TF 1.15: the Embedding Projector's ``ProjectorConfig`` proto
(TensorBoard's ``projector_config.proto``: ``ProjectorConfig{model_checkpoint_path, embeddings, model_checkpoint_dir}``,
``EmbeddingInfo{tensor_name, metadata_path, bookmarks_path, tensor_shape, sprite, tensor_path}``,
``SpriteMetadata{image_path, single_image_dim}``) and ``visualize_embeddings``, which writes the config as a text
proto to ``<logdir>/projector_config.pbtxt`` for TensorBoard to read."""
from __future__ import annotations

import os

from google.protobuf import text_format

from tfcompat._src.protos.schema import Field, ProtoFile
from tfcompat._src.runtime import gfile

__all__ = ["EmbeddingInfo", "PROJECTOR_FILENAME", "ProjectorConfig", "SpriteMetadata", "visualize_embeddings"]

PROJECTOR_FILENAME = "projector_config.pbtxt"

PROJECTOR_CONFIG_FILE = ProtoFile("tensorflow/contrib/tensorboard/plugins/projector/projector_config.proto")
PROJECTOR_CONFIG_FILE.message("SpriteMetadata", [
    Field("image_path", 1, "string"), Field("single_image_dim", 2, "uint32", repeated=True),
])
PROJECTOR_CONFIG_FILE.message("EmbeddingInfo", [
    Field("tensor_name", 1, "string"), Field("metadata_path", 2, "string"), Field("bookmarks_path", 3, "string"),
    Field("tensor_shape", 4, "uint32", repeated=True), Field("sprite", 5, "SpriteMetadata"),
    Field("tensor_path", 6, "string"),
])
PROJECTOR_CONFIG_FILE.message("ProjectorConfig", [
    Field("model_checkpoint_path", 1, "string"), Field("embeddings", 2, "EmbeddingInfo", repeated=True),
    Field("model_checkpoint_dir", 3, "string"),
])
SpriteMetadata = PROJECTOR_CONFIG_FILE.build("SpriteMetadata")
EmbeddingInfo = PROJECTOR_CONFIG_FILE.build("EmbeddingInfo")
ProjectorConfig = PROJECTOR_CONFIG_FILE.build("ProjectorConfig")


def visualize_embeddings(summary_writer, config) -> None:
    """Mirrors ``tf.contrib.tensorboard.plugins.projector.visualize_embeddings(summary_writer, config)``: writes
    ``config`` (a ``ProjectorConfig``) in protobuf text format to ``projector_config.pbtxt`` in the writer's
    logdir (``summary_writer.get_logdir()``).

    Raises:
      ValueError: the writer has no logdir."""
    logdir = summary_writer.get_logdir()
    if logdir is None:
        raise ValueError("Summary writer must have a logdir")
    config_pbtxt = text_format.MessageToString(config)
    with gfile.GFile(os.path.join(logdir, PROJECTOR_FILENAME), "w") as f:
        f.write(config_pbtxt)
