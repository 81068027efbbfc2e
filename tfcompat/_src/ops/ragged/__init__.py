"""Ragged tensors (``tf.RaggedTensor``, ``tf.ragged``): the composite class, its raw ops and ``tf.ragged.*``."""
