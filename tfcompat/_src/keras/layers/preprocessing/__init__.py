"""Keras preprocessing layers (tf-keras 2.21 ``layers/preprocessing``)."""
