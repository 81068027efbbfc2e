"""``tf.experimental.numpy`` (TF NumPy): NumPy's API on ``tf.Tensor``, built on tfcompat's registered ops so
tapes, ``tf.function`` and graph mode see ordinary ops.

Modules by concern: ``np_dtypes`` (NumPy dtype aliases and TF NumPy's promotion rules), ``np_arrays``
(conversion of array-likes), ``creation``, ``math_ufuncs``, ``reductions``, ``shape_ops``, ``linalg``,
``np_random`` and ``np_config`` (``experimental_enable_numpy_behavior``). The public namespace is
``tfcompat.experimental.numpy``."""
from __future__ import annotations
