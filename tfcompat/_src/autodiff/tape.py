"""``tf.GradientTape`` on torch autograd, with TF's recording scope.

Torch records every op on a tensor that requires grad; TF records only ops run inside a tape on tensors that
tape watches. Each eager tensor carries the ids of the tapes that track it (``EagerTensor._tapes``); dispatch
runs an op with grad enabled, and marks its outputs, only for the recording tapes that track an input. A
target not tracked by a tape, or a source it does not watch, gives ``None`` exactly where TF does."""
from __future__ import annotations

import itertools
import logging
import warnings

import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor, Tensor
from tfcompat._src.autodiff.unconnected import UnconnectedGradients, resolve_unconnected
from tfcompat._src.ops import variables as variables_lib

__all__ = ["GradientTape"]

_ctx = ctx_lib.context()
_ids = itertools.count(1)
_live_tapes: dict = {}   # id -> tape, for tapes currently recording (the variable-read hook looks here)
_logger = logging.getLogger("tensorflow")


def _flatten(structure, out):
    if isinstance(structure, dict):
        return ("dict", type(structure), [(k, _flatten(structure[k], out)) for k in structure])
    if isinstance(structure, (list, tuple)) and not hasattr(structure, "_fields"):
        return (type(structure), [_flatten(x, out) for x in structure])
    if hasattr(structure, "_fields") and isinstance(structure, tuple):
        return ("nt", type(structure), [_flatten(x, out) for x in structure])
    out.append(structure)
    return ("leaf", len(out) - 1)


def _unflatten(s, values):
    kind = s[0]
    if kind == "leaf":
        return values[s[1]]
    if kind == "dict":
        return s[1]((k, _unflatten(v, values)) for k, v in s[2])
    if kind == "nt":
        return s[1](*[_unflatten(x, values) for x in s[2]])
    typ, items = s
    built = [_unflatten(x, values) for x in items]
    return built if typ is list else typ(built)


def _on_variable_read(var):
    if not _live_tapes or not var.trainable:
        return
    for tid in _ctx.recording_tapes:
        tape = _live_tapes.get(tid)
        if tape is not None and tape._watch_accessed and tid not in var._tapes:
            tape._watch_variable(var)


variables_lib.read_hooks.append(_on_variable_read)


def _is_float(dtype) -> bool:
    return dtype.is_floating or dtype.is_complex


class GradientTape:
    """Mirrors ``tf.GradientTape``: records watched computations for reverse-mode differentiation."""

    def __init__(self, persistent: bool = False, watch_accessed_variables: bool = True):
        self._id = next(_ids)
        self._persistent = persistent
        self._watch_accessed = watch_accessed_variables
        self._watched_vars = []
        self._watched_var_ids = set()
        self._recording = False
        self._used = False
        self._graph = None            # set when entered while building a graph (tf.function)
        self._graph_watched = set()   # ids of symbolic tensors watched in graph mode

    # -- recording scope -----------------------------------------------------------------------------
    def __enter__(self):
        self._push()
        return self

    def __exit__(self, exc_type, exc, tb):
        if self._recording:
            self._pop()
        return False

    def _push(self):
        if self._recording:
            raise ValueError("Tape is still recording, This can happen if you try to re-enter an already-active "
                             "tape.")
        self._graph = ctx_lib.graph_mode_graph()
        self._recording = True
        _ctx.recording_tapes.append(self._id)
        _live_tapes[self._id] = self
        for v in self._watched_vars:
            if self._id not in v._tapes:
                v._tapes = v._tapes + (self._id,)

    def _pop(self):
        self._recording = False
        if self._id in _ctx.recording_tapes:
            _ctx.recording_tapes.remove(self._id)
        _live_tapes.pop(self._id, None)
        # Variables outlive tapes: drop this tape's id so per-op tracking stays cheap over many steps.
        for v in self._watched_vars:
            if self._id in v._tapes:
                v._tapes = tuple(t for t in v._tapes if t != self._id)

    def stop_recording(self):
        """Mirrors ``GradientTape.stop_recording``: ops inside are not recorded by this tape."""
        tape = self

        class _Pause:
            def __enter__(self_inner):
                if not tape._recording:
                    raise ValueError("Tape must be recording when stop_recording is called.")
                _ctx.recording_tapes.remove(tape._id)

            def __exit__(self_inner, *exc):
                _ctx.recording_tapes.append(tape._id)
                return False
        return _Pause()

    def reset(self):
        """Mirrors ``GradientTape.reset``: forgets everything recorded so far."""
        recording = self._recording
        if recording:
            self._pop()
        for v in self._watched_vars:
            v._tapes = tuple(t for t in v._tapes if t != self._id)
        old = self._id
        self._id = next(_ids)  # tensors tracked under the old id are no longer tracked
        self._watched_vars = []
        self._watched_var_ids = set()
        self._graph_watched = set()
        self._used = False
        if recording:
            self._push()
        return old

    # -- watching ------------------------------------------------------------------------------------
    def watch(self, tensor):
        """Mirrors ``GradientTape.watch``: tensors, Variables, or nested structures of them."""
        flat = []
        _flatten(tensor, flat)
        for t in flat:
            if isinstance(t, variables_lib.Variable):
                self._watch_variable(t)
            elif isinstance(t, EagerTensor):
                if not _is_float(t.dtype):
                    _logger.warning("The dtype of the watched tensor must be floating (e.g. tf.float32), got %r",
                                    t.dtype)
                    continue
                if not t._t.requires_grad:
                    t._t = t._t.detach().requires_grad_()
                if self._id not in t._tapes:
                    t._tapes = t._tapes + (self._id,)
            elif isinstance(t, SymbolicTensor):
                self._graph_watched.add(id(t))
            else:
                raise ValueError(f"Passed in object {t!r} of type {type(t).__name__!r}, not tf.Tensor or "
                                 f"tf.Variable or ExtensionType.")

    def _watch_variable(self, var):
        if var._graph is None and not var._value.requires_grad and _is_float(var.dtype):
            var._value = var._value.detach().requires_grad_()
        if id(var) not in self._watched_var_ids:
            self._watched_var_ids.add(id(var))
            self._watched_vars.append(var)
        if self._recording and self._id not in var._tapes:
            var._tapes = var._tapes + (self._id,)

    def watched_variables(self):
        """Mirrors ``GradientTape.watched_variables`` (in watch order)."""
        return tuple(self._watched_vars)

    # -- gradients -----------------------------------------------------------------------------------
    def gradient(self, target, sources, output_gradients=None, unconnected_gradients=UnconnectedGradients.NONE):
        """Mirrors ``GradientTape.gradient``; the result has the structure of ``sources``."""
        unconnected = resolve_unconnected(unconnected_gradients)
        if self._used and not self._persistent:
            raise RuntimeError("A non-persistent GradientTape can only be used to compute one set of gradients "
                               "(or jacobians)")
        if self._recording and self._persistent:
            _logger.warning("Calling GradientTape.gradient on a persistent tape inside its context is "
                            "significantly less efficient than calling it outside the context (it causes the "
                            "gradient ops to be recorded on the tape, leading to increased CPU and memory "
                            "usage). Only call GradientTape.gradient inside the context if you actually want to "
                            "trace the gradient in order to compute higher order derivatives.")
        flat_sources = []
        structure = _flatten(sources, flat_sources)
        flat_targets = []
        _flatten(target, flat_targets)
        if self._graph is not None or any(isinstance(t, SymbolicTensor) for t in flat_targets):
            result = self._graph_gradient(flat_targets, flat_sources, output_gradients, unconnected)
        else:
            result = self._eager_gradient(flat_targets, flat_sources, output_gradients, unconnected)
        if not self._persistent:
            self._used = True
            if self._recording:
                self._pop()
        return _unflatten(structure, result)

    def _source_tensor(self, s):
        """(torch tensor or None if unwatched, dtype, template for zeros)."""
        if isinstance(s, variables_lib.Variable):
            watched = id(s) in self._watched_var_ids
            return (s._value if watched else None), s.dtype, s._value
        if isinstance(s, EagerTensor):
            return (s._t if self._id in s._tapes else None), s.dtype, s._t
        if isinstance(s, Tensor):
            raise ValueError("GradientTape.gradient got a symbolic source while executing eagerly")
        raise ValueError(f"Passed in object {s!r} of type {type(s).__name__!r}, not tf.Tensor or tf.Variable or "
                         f"ExtensionType.")

    def _eager_gradient(self, targets, sources, output_gradients, unconnected):
        outs, grad_outs = [], []
        ogs = None
        if output_gradients is not None:
            ogs = []
            _flatten(output_gradients, ogs)
        for i, t in enumerate(targets):
            if isinstance(t, variables_lib.Variable):
                t = t._eager_read()
            if not isinstance(t, EagerTensor):
                from tfcompat._src.framework.dispatch import convert_to_tensor
                t = convert_to_tensor(t)
            if not _is_float(t.dtype):
                _logger.warning("The dtype of the target tensor must be floating (e.g. tf.float32) when calling "
                                "GradientTape.gradient, got %r", t.dtype)
                continue
            if self._id in t._tapes and t._t.requires_grad:
                outs.append(t._t)
                og = ogs[i] if ogs is not None and i < len(ogs) else None
                grad_outs.append(torch.ones_like(t._t) if og is None else
                                 (og._t if isinstance(og, EagerTensor) else torch.as_tensor(og, dtype=t._t.dtype)))
        src = []
        for s in sources:
            ts, dt, tmpl = self._source_tensor(s)
            if not _is_float(dt):
                _logger.warning("The dtype of the source tensor must be floating (e.g. tf.float32) when calling "
                                "GradientTape.gradient, got %r", dt)
                ts = None
            src.append((ts, dt, tmpl))
        wanted = [ts for ts, _, _ in src if ts is not None and ts.requires_grad]
        # Differentiable by an outer tape that is still recording: build a graph for higher-order gradients.
        outer = tuple(t for t in _ctx.recording_tapes if t != self._id)
        outer_tracking = ()
        if outer:
            from tfcompat._src.framework.dispatch import _tracking_tapes
            carriers = [x for x in targets if isinstance(x, EagerTensor)] + \
                       [x for x in sources if isinstance(x, (EagerTensor, variables_lib.Variable))]
            outer_tracking = _tracking_tapes(carriers, outer)
        grads = {}
        if outs and wanted:
            with torch.enable_grad() if outer_tracking else torch.no_grad():
                res = torch.autograd.grad(outs, wanted, grad_outputs=grad_outs, allow_unused=True,
                                          retain_graph=self._persistent or bool(outer_tracking),
                                          create_graph=bool(outer_tracking))
            for w, g in zip(wanted, res):
                grads.setdefault(id(w), g)
        result = []
        for ts, dt, tmpl in src:
            g = grads.get(id(ts)) if ts is not None else None
            if g is None:
                if unconnected is UnconnectedGradients.ZERO:
                    result.append(EagerTensor(torch.zeros_like(tmpl.detach()), dt))
                else:
                    result.append(None)
                continue
            tapes = outer_tracking if (outer_tracking and g.requires_grad) else ()
            result.append(EagerTensor(g if tapes else g.detach(), dt, tapes))
        return result

    def _graph_gradient(self, targets, sources, output_gradients, unconnected):
        from tfcompat._src.autodiff.gradients import gradients
        ogs = None
        if output_gradients is not None:
            ogs = []
            _flatten(output_gradients, ogs)
        keep = []
        for s in sources:
            if isinstance(s, variables_lib.Variable):
                keep.append(id(s) in self._watched_var_ids or (self._watch_accessed and s.trainable))
            else:
                keep.append(id(s) in self._graph_watched or True)
        grads = gradients(targets, [s for s in sources], grad_ys=ogs, unconnected_gradients=unconnected)
        return [g if k else None for g, k in zip(grads, keep)]

    # -- jacobians -----------------------------------------------------------------------------------
    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE, parallel_iterations=None,
                 experimental_use_pfor=True):
        """Mirrors ``GradientTape.jacobian``: for each source, shape target.shape + source.shape."""
        from tfcompat._src.autodiff import jacobians
        return jacobians.jacobian(self, target, sources, unconnected_gradients, experimental_use_pfor)

    def batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE,
                       parallel_iterations=None, experimental_use_pfor=True):
        """Mirrors ``GradientTape.batch_jacobian``: [batch] + target.shape[1:] + source.shape[1:]."""
        from tfcompat._src.autodiff import jacobians
        return jacobians.batch_jacobian(self, target, source, unconnected_gradients, experimental_use_pfor)

    def __del__(self):
        try:
            if self._recording:
                self._pop()
        except Exception:  # noqa: BLE001 - interpreter shutdown
            pass
