"""``tf.keras.layers.experimental.preprocessing`` (tf-keras 2.21): re-exports only."""
from __future__ import annotations

from tfcompat._src.keras.engine.base_preprocessing_layer import PreprocessingLayer
from tfcompat._src.keras.layers import (
    CategoryEncoding, CenterCrop, Discretization, Hashing, Normalization, RandomContrast, RandomCrop, RandomFlip,
    RandomHeight, RandomRotation, RandomTranslation, RandomWidth, RandomZoom, Rescaling, Resizing,
    IntegerLookup, StringLookup, TextVectorization,
)

__all__ = ["CategoryEncoding", "CenterCrop", "Discretization", "Hashing", "Normalization", "PreprocessingLayer",
           "RandomContrast", "RandomCrop", "RandomFlip", "RandomHeight", "RandomRotation", "RandomTranslation",
           "RandomWidth", "RandomZoom", "Rescaling", "Resizing", "IntegerLookup", "StringLookup",
           "TextVectorization"]
