"""An Operation-like view of one eager op call, for user gradient functions run in eager mode."""
from __future__ import annotations

from tfcompat._src.framework.tensor import EagerTensor


class EagerOpInfo:
    """What a ``RegisterGradient`` function may read from ``op`` when the op ran eagerly."""

    def __init__(self, op_def, inputs, attrs, name):
        self.op_def = op_def
        self.type = op_def.name
        self.name = name or op_def.name
        self.inputs = list(inputs)
        self.attrs = attrs
        self.outputs = []

    def set_outputs(self, outs):
        self.outputs = [EagerTensor(o.detach()) for o in outs]

    def get_attr(self, name):
        if name in self.attrs:
            return self.attrs[name]
        if name == "T" and self.inputs:
            return self.inputs[0].dtype
        raise ValueError(f"Operation '{self.name}' has no attr named '{name}'.")
