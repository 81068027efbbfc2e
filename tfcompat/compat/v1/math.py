"""``tf.compat.v1.math``: re-exports only."""
from tfcompat.math import *  # noqa: F401,F403 - the same surface as tf.math
from tfcompat.math import __all__  # noqa: F401
