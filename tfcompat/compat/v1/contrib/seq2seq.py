"""``tf.contrib.seq2seq`` (TF 1.15): the helpers, ``BasicDecoder``, ``dynamic_decode`` and ``sequence_loss``.
Re-exports only."""
from __future__ import annotations

from tfcompat._src.contrib.seq2seq import sequence_loss
from tfcompat._src.contrib.seq2seq_attention import (
    AttentionMechanism, AttentionWrapper, AttentionWrapperState, BahdanauAttention, LuongAttention, hardmax,
)
from tfcompat._src.contrib.seq2seq_beam_search import (
    BeamSearchDecoder, BeamSearchDecoderOutput, BeamSearchDecoderState, FinalBeamSearchDecoderOutput, gather_tree,
    tile_batch,
)
from tfcompat._src.contrib.seq2seq_decoder import BasicDecoder, BasicDecoderOutput, Decoder, dynamic_decode
from tfcompat._src.contrib.seq2seq_helper import (
    CustomHelper, GreedyEmbeddingHelper, Helper, InferenceHelper, SampleEmbeddingHelper,
    ScheduledEmbeddingTrainingHelper, ScheduledOutputTrainingHelper, TrainingHelper,
)

__all__ = ["AttentionMechanism", "AttentionWrapper", "AttentionWrapperState", "BahdanauAttention",
           "LuongAttention", "hardmax"]
__all__ += ["BeamSearchDecoder", "BeamSearchDecoderOutput", "BeamSearchDecoderState", "FinalBeamSearchDecoderOutput",
            "gather_tree", "tile_batch"]
__all__ += ["BasicDecoder", "BasicDecoderOutput", "CustomHelper", "Decoder", "GreedyEmbeddingHelper", "Helper",
           "InferenceHelper", "SampleEmbeddingHelper", "ScheduledEmbeddingTrainingHelper",
           "ScheduledOutputTrainingHelper", "TrainingHelper", "dynamic_decode", "sequence_loss"]
