"""``tf.keras.applications`` models, built on tfcompat's Keras layers (tf-keras 2.21 architectures)."""
