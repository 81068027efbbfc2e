"""``TFGradFunction``: the base of tfcompat's ``torch.autograd.Function`` kernels whose backward is TF's formula
(ops/tf_grad_kernels.py, ops/elementwise_grads.py).

Such a kernel also defines ``jvp`` (forward-mode AD, for ``tf.autodiff.ForwardAccumulator``), but torch.compile
(dynamo) refuses to trace a Function that has a custom ``jvp``, and compiled plans (runtime/compiled_plan.py)
trace these kernels. So the ``jvp`` a subclass defines is moved to a twin subclass made with it: the class itself
has none (what dynamo traces), and ``apply`` runs the twin while a ForwardAccumulator records tangents (compiled
plans never run then: they take the Python plan). Behaviour is otherwise the class's own."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dispatch

__all__ = ["TFGradFunction"]

_ACCUMULATORS = dispatch.FORWARD_ACCUMULATORS


class TFGradFunction(torch.autograd.Function):
    """A ``torch.autograd.Function`` whose ``jvp`` lives on a twin used only under forward-mode AD."""

    _jvp_twin = None   # the subclass that has this class's jvp (None: the class defines no jvp, or is the twin)

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        jvp = cls.__dict__.get("jvp")
        if jvp is None or cls.__dict__.get("_is_jvp_twin"):
            return
        delattr(cls, "jvp")
        cls._jvp_twin = type(cls)(f"{cls.__name__}WithJvp", (cls,),
                                  {"jvp": jvp, "_is_jvp_twin": True, "_jvp_twin": None,
                                   "__module__": cls.__module__, "__qualname__": f"{cls.__qualname__}WithJvp"})

    @classmethod
    def apply(cls, *args, **kwargs):
        twin = cls._jvp_twin
        if twin is not None and _ACCUMULATORS:
            return twin.apply(*args, **kwargs)
        return super().apply(*args, **kwargs)
