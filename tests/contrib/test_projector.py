"""``tf.contrib.tensorboard.plugins.projector`` (TF 1.15): the ``ProjectorConfig`` proto and
``visualize_embeddings``.

TF 2.21 has no contrib and TensorBoard (whose ``projector_config.proto`` this is) is not installed here, so the
expected file contents are written by hand from the proto's field names and protobuf's text format (two-space
indentation, one repeated scalar per line), as TF 1.15's ``text_format.MessageToString`` writes them."""
from __future__ import annotations

import os

import pytest

EXPECTED = """model_checkpoint_path: "model.ckpt"
embeddings {
  tensor_name: "embedding:0"
  metadata_path: "metadata.tsv"
  sprite {
    image_path: "sprite.png"
    single_image_dim: 28
    single_image_dim: 28
  }
}
embeddings {
  tensor_name: "other"
  tensor_shape: 10
  tensor_shape: 3
  tensor_path: "values.tsv"
}
"""


def test_visualize_embeddings_writes_pbtxt_by_hand(tmp_path):
    import tfcompat.compat.v1 as tf
    projector = tf.contrib.tensorboard.plugins.projector
    config = projector.ProjectorConfig()
    config.model_checkpoint_path = "model.ckpt"
    embedding = config.embeddings.add()
    embedding.tensor_name = "embedding:0"
    embedding.metadata_path = "metadata.tsv"
    embedding.sprite.image_path = "sprite.png"
    embedding.sprite.single_image_dim.extend([28, 28])
    other = config.embeddings.add(tensor_name="other", tensor_path="values.tsv")
    other.tensor_shape.extend([10, 3])
    with tf.Graph().as_default():
        writer = tf.summary.FileWriter(str(tmp_path))
        projector.visualize_embeddings(writer, config)
        writer.close()
    with open(os.path.join(tmp_path, "projector_config.pbtxt")) as f:
        assert f.read() == EXPECTED
    parsed = projector.ProjectorConfig()
    from google.protobuf import text_format
    text_format.Parse(EXPECTED, parsed)
    assert parsed == config
    assert isinstance(config.embeddings[0], projector.EmbeddingInfo)
    assert isinstance(config.embeddings[0].sprite, projector.SpriteMetadata)


def test_visualize_embeddings_without_logdir_by_hand():
    """Expected by hand from TF 1.15: a writer whose get_logdir() is None is a ValueError."""
    import tfcompat.compat.v1 as tf

    class NoLogdir:
        def get_logdir(self):
            return None

    with pytest.raises(ValueError, match="Summary writer must have a logdir"):
        tf.contrib.tensorboard.plugins.projector.visualize_embeddings(NoLogdir(), None)


def test_proto_wire_format_by_hand():
    """Expected by hand: field 1 (string, tag 0x0a), field 2 (message, tag 0x12) holding tensor_name (0x0a) and
    sprite (field 5, tag 0x2a) with single_image_dim packed (field 2, tag 0x12, proto3)."""
    import tfcompat.compat.v1 as tf
    config = tf.contrib.tensorboard.plugins.projector.ProjectorConfig(model_checkpoint_path="m")
    config.embeddings.add(tensor_name="e").sprite.single_image_dim.extend([4, 5])
    assert config.SerializeToString() == b"\x0a\x01m\x12\x09\x0a\x01e\x2a\x04\x12\x02\x04\x05"
