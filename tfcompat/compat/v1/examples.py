"""``tf.examples`` seen from a TF1 script's ``tensorflow`` (``tf.compat.v1``): TF 1.x's ``tensorflow.examples``
package, so ``import tensorflow.examples.tutorials.mnist.input_data as input_data`` resolves attribute by
attribute. Re-exports only (the package is ``tfcompat.examples``)."""
from __future__ import annotations

from tfcompat.examples import tutorials

__all__ = ["tutorials"]
