"""``tf.signal``: FFTs, windows, framing, spectrograms, DCT/MDCT and mel features (see the modules)."""
