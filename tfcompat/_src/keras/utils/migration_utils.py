"""``tf.compat.v1.keras.utils.DeterministicRandomTestTool`` (tf-keras 2.21's ``legacy_tf_layers/migration_utils``):
makes the random ops run inside ``scope()`` draw the same numbers in a TF1 graph/Session and eagerly, as TF's
"validate correctness" migration guide uses it.

``scope()`` sets the global seed and, while it is open, replaces the op-seed choice of every random op
(``random_ops.get_seed``, which all of tfcompat's seeded ops consult) by ``(seed, operation_seed)``: in
``"constant"`` mode every op gets the same seeds (and the global seed is set to ``operation_seed``, as TF does);
in ``"num_random_ops"`` mode ``operation_seed`` counts the ops up from 0 and may not be reused.

What it reaches is what TF 2.21's mock of ``random_seed.get_seed`` reaches: the stateful random ops (tf.random.*,
dropout, compat.v1 and compat.v1.keras initializers, ``get_variable``'s default) and the ops that only take an op
seed (``tf.nn.dropout`` at rate 0). Not Keras's v2 initializers, which are stateless and seeded from Python's
``random`` (also the default kernels of ``compat.v1.layers`` and ``compat.v1.nn.rnn_cell``, tf-keras legacy
layers), nor stateless ops and ``tf.random.Generator``: so, as under TF 2.21, a Keras model and a TF1
``compat.v1.layers`` model do not get equal initial weights from the tool alone."""
from __future__ import annotations

import contextlib

from tfcompat._src.ops import random_ops

__all__ = ["DeterministicRandomTestTool"]


class DeterministicRandomTestTool:
    """Mirrors ``tf.compat.v1.keras.utils.DeterministicRandomTestTool``.

    Raises:
      ValueError: a ``mode`` other than ``"constant"``/``"num_random_ops"``; in ``"num_random_ops"`` mode, an
        operation seed used twice."""

    def __init__(self, seed: int = 42, mode: str = "constant"):
        if mode not in {"constant", "num_random_ops"}:
            raise ValueError(f"Mode arg must be 'constant' or 'num_random_ops'. Got: {mode}")
        self._seed = seed
        self._mode = mode
        self.operation_seed = 0
        self._observed_seeds: set = set()

    @property
    def operation_seed(self) -> int:
        """The op-level seed the next random op gets (settable)."""
        return self._operation_seed

    @operation_seed.setter
    def operation_seed(self, value: int) -> None:
        self._operation_seed = value

    def _seeds(self, _op_seed):
        op_seed = self._operation_seed
        if self._mode == "constant":
            random_ops.set_random_seed(op_seed)
        else:
            if op_seed in self._observed_seeds:
                raise ValueError(f"This `DeterministicRandomTestTool` object is trying to re-use the already-used "
                                 f"operation seed {op_seed}. It cannot guarantee random numbers will match between "
                                 f"eager and sessions when an operation seed is reused. You most likely set "
                                 f"`operation_seed` explicitly but used a value that caused the "
                                 f"naturally-incrementing operation seed sequences to overlap with an already-used "
                                 f"seed.")
            self._observed_seeds.add(op_seed)
            self._operation_seed += 1
        return self._seed, op_seed

    @contextlib.contextmanager
    def scope(self):
        """Sets the global seed to ``seed`` and routes every random op's seeds through the tool until exit."""
        random_ops.set_random_seed(self._seed)
        saved = random_ops.get_seed
        random_ops.get_seed = self._seeds
        try:
            yield
        finally:
            random_ops.get_seed = saved
