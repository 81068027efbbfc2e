"""``tf.autodiff.ForwardAccumulator``: Jacobian-vector products, eagerly, nested, and inside graphs.

Three ways to compute a JVP, picked when the accumulator is entered:

* **forward** (the outermost accumulator running eagerly): torch forward-mode AD. Entering opens torch's dual
  level and replaces each primal's torch value by a dual tensor carrying its tangent; every op dispatched
  inside carries a tangent, which dispatch hands to ``_record`` so ``jvp`` answers after the context exits.
* **reverse** (an accumulator entered inside another one: torch has a single dual level): the accumulator
  records with a persistent GradientTape and ``jvp(y)`` is the transpose of a VJP (TF's own forwardprop
  builds JVPs from gradient functions the same way): ``u -> vjp(y, primals, u)`` is linear in ``u``, so
  ``jvp = d(vjp . t)/du``. Outer accumulators see the result's tangent (JVPs of JVPs: forward-over-forward).
* **graph** (inside a tf.function or a TF1 graph): the same transpose with ``tf.gradients``, as ops of the
  graph.

A tensor not computed from the primals inside the accumulator's context has no JVP: None, as in TF."""
from __future__ import annotations

import weakref

import torch
import torch.autograd.forward_ad as fwAD

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import dispatch
from tfcompat._src.framework import nest
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor
from tfcompat._src.autodiff import forward as forward_lib
from tfcompat._src.autodiff import gradients as gradients_lib
from tfcompat._src.autodiff.tape import GradientTape
from tfcompat._src.autodiff.unconnected import UnconnectedGradients, resolve_unconnected
from tfcompat._src.ops import array_ops
from tfcompat._src.ops import variables as variables_lib

__all__ = ["ForwardAccumulator"]

_active = forward_lib._active   # accumulators with torch's dual level open (at most one)
_FORWARD, _REVERSE, _GRAPH = "forward", "reverse", "graph"


class ForwardAccumulator:
    """Mirrors ``tf.autodiff.ForwardAccumulator``: Jacobian-vector products by forward-mode AD.

    Accumulators nest (Hessians by forward-over-forward), combine with GradientTapes both ways, and work
    inside ``tf.function`` and TF1 graphs (see the module docstring for how each case is computed).

    Args:
      primals: a tensor, Variable, or nested structure of them to watch.
      tangents: the same structure, each tangent with its primal's dtype and shape.

    Raises:
      ValueError: structures, shapes or dtypes of primals and tangents differ."""

    def __init__(self, primals, tangents):
        flat_p, flat_t = nest.flatten(primals), nest.flatten(tangents)
        if len(flat_p) != len(flat_t):
            raise ValueError(f"The two structures don't have the same number of elements. First structure: "
                             f"{primals}, second structure: {tangents}.")
        self._pairs = []
        for p, t in zip(flat_p, flat_t):
            if not isinstance(p, (EagerTensor, SymbolicTensor, variables_lib.Variable)):
                p = dispatch.convert_to_tensor(p)
            t = t._eager_read() if isinstance(t, variables_lib.Variable) and t._graph is None \
                else dispatch.convert_to_tensor(t)
            if t.dtype is not p.dtype:
                raise ValueError(f"Tangent dtype {t.dtype.name} does not match primal dtype {p.dtype.name}.")
            if not p.shape.is_compatible_with(t.shape):
                raise ValueError(f"Tangent shape {t.shape} does not match primal shape {p.shape}.")
            self._pairs.append((p, t))
        self._mode = None
        self._tangents = {}   # forward mode: id(tensor or variable) -> (weakref, torch tangent)
        self._duals = []      # forward mode: (primal object, the torch tensor it had, the dual we put in its place)
        self._level = None
        self._tape = None     # reverse mode

    # -- context -------------------------------------------------------------------------------------
    def __enter__(self):
        if ctx_lib.graph_mode_graph() is not None or any(isinstance(p, SymbolicTensor) for p, _ in self._pairs):
            self._mode = _GRAPH
        elif _active:
            self._mode = _REVERSE
            self._tape = GradientTape(persistent=True)
            self._tape.__enter__()
            self._tape.watch([p for p, _ in self._pairs])
        else:
            self._mode = _FORWARD
            self._enter_dual_level()
        return self

    def __exit__(self, exc_type, exc, tb):
        if self._mode == _REVERSE:
            self._tape.__exit__(exc_type, exc, tb)
        elif self._mode == _FORWARD:
            self._exit_dual_level(exc_type, exc, tb)
        return False

    def _enter_dual_level(self):
        self._level = fwAD.dual_level()
        self._level.__enter__()
        _active.append(self)
        for p, t in self._pairs:
            is_var = isinstance(p, variables_lib.Variable)
            base = p._value if is_var else p._t
            dual = fwAD.make_dual(base, t._t.to(base.dtype))
            if is_var:
                p._value = dual
            else:
                p._t = dual
            self._duals.append((p, base, dual))
            self._keep(p, t._t)

    def _exit_dual_level(self, exc_type, exc, tb):
        _active.remove(self)
        for p, base, dual in self._duals:
            # Restore the plain value unless a tape made the dual itself its watched leaf meanwhile.
            keep = dual.requires_grad and dual.grad_fn is None and not base.requires_grad
            if isinstance(p, variables_lib.Variable):
                if p._value is dual and not keep:
                    p._value = base
            elif p._t is dual and not keep:
                p._t = base
        self._duals = []
        level, self._level = self._level, None
        level.__exit__(exc_type, exc, tb)

    # -- forward mode: tangents recorded by dispatch ---------------------------------------------------
    def _keep(self, obj, tangent):
        key = id(obj)
        tangents = self._tangents
        tangents[key] = (weakref.ref(obj, lambda _r, k=key, d=tangents: d.pop(k, None)), tangent)

    def _record(self, outputs):
        for o in outputs:
            if isinstance(o, EagerTensor) and o.dtype is not dtypes.string:   # (a string's _t is not torch)
                tangent = fwAD.unpack_dual(o._t).tangent
                if tangent is not None:
                    self._keep(o, tangent)

    # -- jvp -----------------------------------------------------------------------------------------
    def jvp(self, primals, unconnected_gradients=UnconnectedGradients.NONE):
        """Mirrors ``ForwardAccumulator.jvp``: the tangent of each watched computation (same structure).

        None (zeros with ``unconnected_gradients=ZERO``) for a tensor not computed from the primals inside
        the accumulator's context."""
        unconnected = resolve_unconnected(unconnected_gradients)
        flat = nest.flatten(primals)
        for p in flat:
            if not isinstance(p, (EagerTensor, SymbolicTensor, variables_lib.Variable)):
                raise ValueError(f"jvp expects tensors or variables, got {p!r}")
        if self._mode == _FORWARD:
            out = [self._forward_jvp(p, unconnected) for p in flat]
        elif self._mode is None:
            out = [self._unconnected(p, unconnected) for p in flat]
        else:
            out = [self._transposed_vjp(p, unconnected) for p in flat]
        if _active:
            forward_lib.record([o for o in out if isinstance(o, EagerTensor)])
        return nest.pack_sequence_as(primals, out)

    @staticmethod
    def _unconnected(p, unconnected):
        if unconnected is UnconnectedGradients.ZERO:
            return array_ops.zeros_like(p.read_value() if isinstance(p, variables_lib.Variable) else p)
        return None

    def _forward_jvp(self, p, unconnected):
        entry = self._tangents.get(id(p))
        tangent = entry[1] if entry is not None and entry[0]() is p else None
        value = p._value if isinstance(p, variables_lib.Variable) else p._t
        if tangent is None and self._level is not None:
            tangent = fwAD.unpack_dual(value).tangent
        if tangent is None:
            return EagerTensor(torch.zeros_like(value.detach()), p.dtype) \
                if unconnected is UnconnectedGradients.ZERO else None
        tapes = p._tapes if tangent.requires_grad else ()
        return EagerTensor(tangent, p.dtype, tapes)

    def _transposed_vjp(self, y, unconnected):
        """d/du [vjp(y, primals, u) . tangents] (u is a dummy upstream gradient; the VJP is linear in it)."""
        if isinstance(y, variables_lib.Variable):
            y = y.read_value() if self._mode == _GRAPH else y._eager_read()
        primals = [p for p, _ in self._pairs]
        tangents = [t for _, t in self._pairs]
        if self._mode == _GRAPH:
            u = array_ops.zeros_like(y)
            vjps = gradients_lib.gradients(y, primals, grad_ys=u)
            pairs = [(g, t) for g, t in zip(vjps, tangents) if g is not None]
            if not pairs:
                return self._unconnected(y, unconnected)
            jvp = gradients_lib.gradients([g for g, _ in pairs], u, grad_ys=[t for _, t in pairs])[0]
        else:
            u = array_ops.zeros_like(y)
            with GradientTape() as outer:
                outer.watch(u)
                vjps = self._tape.gradient(y, primals, output_gradients=u)
            pairs = [(g, t) for g, t in zip(vjps, tangents) if g is not None]
            if not pairs:
                return self._unconnected(y, unconnected)
            jvp = outer.gradient([g for g, _ in pairs], u, output_gradients=[t for _, t in pairs])
        return self._unconnected(y, unconnected) if jvp is None else jvp
