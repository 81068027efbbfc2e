"""``TFGradFunction``: the base of tfcompat's ``torch.autograd.Function`` kernels whose backward is TF's formula
(ops/tf_grad_kernels.py, ops/elementwise_grads.py).

Such a kernel also defines ``jvp`` (forward-mode AD, for ``tf.autodiff.ForwardAccumulator``), but torch.compile
(dynamo) refuses to trace a Function that has a custom ``jvp``, and compiled plans (runtime/compiled_plan.py)
trace these kernels. So the ``jvp`` a subclass defines is moved to a twin subclass made with it: the class itself
has none (what dynamo traces), and ``apply`` runs the twin while a ForwardAccumulator records tangents (compiled
plans never run then: they take the Python plan). Behaviour is otherwise the class's own.

``apply`` also skips ``torch.autograd.Function.apply``'s Python layers (setup_context probe, functorch
unwrapping: ~8 Python calls per op) when no functorch transform is active: it calls the C ``apply`` they end in.
Dynamo never runs this ``apply``: it traces ``cls.apply`` of any autograd.Function as the Function itself."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dispatch

__all__ = ["TFGradFunction", "output_function"]

_ACCUMULATORS = dispatch.FORWARD_ACCUMULATORS


class TFGradFunction(torch.autograd.Function):
    """A ``torch.autograd.Function`` whose ``jvp`` lives on a twin used only under forward-mode AD."""

    _jvp_twin = None   # the subclass that has this class's jvp (None: the class defines no jvp, or is the twin)
    _c_apply = None    # the class's C apply (torch._C._FunctionBase.apply bound to it); None: use Function.apply

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # A setup_context makes Function.apply bind default arguments first: keep its path then.
        if cls.setup_context is torch.autograd.Function.setup_context:
            cls._c_apply = super(torch.autograd.function._SingleLevelFunction, cls).apply
        jvp = cls.__dict__.get("jvp")
        if jvp is None or cls.__dict__.get("_is_jvp_twin"):
            return
        delattr(cls, "jvp")
        cls._jvp_twin = type(cls)(f"{cls.__name__}WithJvp", (cls,),
                                  {"jvp": jvp, "_is_jvp_twin": True, "_jvp_twin": None,
                                   "__module__": cls.__module__, "__qualname__": f"{cls.__qualname__}WithJvp"})

    @classmethod
    def apply(cls, *args, **kwargs):
        if _ACCUMULATORS:
            twin = cls._jvp_twin
            if twin is not None:
                return twin.apply(*args, **kwargs)
        c_apply = cls._c_apply
        if c_apply is None or kwargs or torch._C._are_functorch_transforms_active():
            return super().apply(*args, **kwargs)
        return c_apply(*args)


def output_function(name: str, value_fn, grad_kernel, jvp_value) -> type:
    """A ``TFGradFunction`` for an op whose TF gradient kernel reads its *output* (SqrtGrad, RsqrtGrad,
    ReciprocalGrad, Relu6Grad, EluGrad, SeluGrad): forward ``value_fn(x)``, backward ``grad_kernel(dy, y)``
    (differentiable again, giving TF's second-order gradient), forward mode ``jvp_value(t, y)``."""

    def forward(ctx, x):
        y = value_fn(x)
        ctx.save_for_backward(y)
        ctx.save_for_forward(y)
        return y

    def backward(ctx, dy):
        y, = ctx.saved_tensors
        return grad_kernel(dy, y)

    def jvp(ctx, t):
        y, = ctx.saved_tensors
        return jvp_value(t, y)

    return type(name, (TFGradFunction,), {"forward": staticmethod(forward), "backward": staticmethod(backward),
                                          "jvp": staticmethod(jvp), "__module__": __name__})
