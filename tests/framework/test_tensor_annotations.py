"""``Tensor._keras_mask`` (a side table, ``framework/tensor_annotations``) against real TF: what a masking layer
attaches to its eager output, what user code sets, reads and clears, and that the next layer consumes a mask set
by hand (the keras guide ``masking_and_padding`` prints ``masked_output._keras_mask``)."""
from __future__ import annotations


def test_masking_layers_attach_their_mask_to_eager_outputs(oracle):
    def prog(tf):
        raw = [[711, 632, 71, 0], [73, 8, 3215, 55]]
        padded = tf.keras.preprocessing.sequence.pad_sequences(raw, padding="post")
        embedded = tf.keras.layers.Embedding(input_dim=5000, output_dim=4, mask_zero=True)(padded)
        masked = tf.keras.layers.Masking()(tf.constant([[[0.0, 0.0], [1.0, 2.0]]]))
        return embedded._keras_mask, masked._keras_mask
    oracle.check(prog)


def test_an_unmasked_tensor_has_no_keras_mask_attribute(oracle):
    oracle.check(lambda tf: tf.constant([1.0])._keras_mask)


def test_a_mask_set_by_hand_is_read_back_cleared_and_consumed(oracle):
    def prog(tf):
        x = tf.constant([[[1.0], [2.0], [3.0]]])
        x._keras_mask = tf.constant([[True, True, False]])
        seen = x._keras_mask
        pooled = tf.keras.layers.GlobalAveragePooling1D()(x)   # averages over the unmasked steps only
        x._keras_mask = None
        return seen, pooled, x._keras_mask, hasattr(x, "_keras_mask")
    oracle.check(prog)
