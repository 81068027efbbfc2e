"""``tf.GradientTape`` on torch autograd, with TF's recording scope.

Torch records every op on a tensor that requires grad; TF records only ops run inside a tape on tensors that
tape watches. Each eager tensor carries the ids of the tapes that track it (``EagerTensor._tapes``); dispatch
runs an op with grad enabled, and marks its outputs, only for the recording tapes that track an input. A
target not tracked by a tape, or a source it does not watch, gives ``None`` exactly where TF does.

Inside a graph being built (tf.function) the same scope is kept statically: dispatch reports every new op to
the recording tapes (``_on_graph_op``), a tape remembers which symbolic tensors it tracks, and ``gradient``
adds one ``tf.gradients`` node whose ``stop_gradients`` are the untracked inputs of tracked ops."""
from __future__ import annotations

import itertools
import logging
import weakref

import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dispatch
from tfcompat._src.framework import errors
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import indexed_slices as indexed_slices_lib
from tfcompat._src.framework import nest
from tfcompat._src.framework.tensor import EagerTensor, SymbolicTensor, Tensor
from tfcompat._src.autodiff import forward as forward_lib
from tfcompat._src.autodiff import sparse_grad
from tfcompat._src.autodiff.gradients import run_backward
from tfcompat._src.autodiff import jacobians
from tfcompat._src.autodiff.live_tapes import LIVE_TAPES
from tfcompat._src.autodiff.unconnected import UnconnectedGradients, resolve_unconnected
from tfcompat._src.ops import variables as variables_lib

__all__ = ["GradientTape"]

_ctx = ctx_lib.context()
_ids = itertools.count(1)
_logger = logging.getLogger("tensorflow")
_warned = {"watch": 0}


def _is_float(dtype) -> bool:
    return dtype.is_floating or dtype.is_complex


def _on_variable_read(var):
    if not LIVE_TAPES:
        return
    for tid in _ctx.recording_tapes:
        tape = LIVE_TAPES.get(tid)
        if tape is None:
            continue
        if tid in var._tapes:
            if var._graph is None:   # (tape._note_value, inlined: called on every read)
                values = tape._var_values.setdefault(id(var), [])
                if not values or values[-1] is not var._value:
                    values.append(var._value)
        elif tape._watch_accessed and var.trainable:
            tape._watch_variable(var)


def _tape_live(tape) -> None:
    """``tape`` records: reads of variables call ``_on_variable_read`` while any tape does."""
    if not LIVE_TAPES:
        variables_lib.add_read_hook(_on_variable_read)
    LIVE_TAPES[tape._id] = tape


def _tape_gone(tape_id) -> None:
    LIVE_TAPES.pop(tape_id, None)
    if not LIVE_TAPES:
        variables_lib.remove_read_hook(_on_variable_read)


def _on_graph_op(op):
    """Dispatch hook for ops added to a graph while tapes record: the graph-mode twin of ``_tracking_tapes``."""
    for tid in _ctx.recording_tapes:
        tape = LIVE_TAPES.get(tid)
        if tape is not None and tape._graph is op.graph:
            tape._record_graph_op(op)


dispatch.hooks["graph_op"] = _on_graph_op


def _on_gather(params, indices, out):
    """``indexed_slices.GATHER_RECORDERS`` hook: an eager gather recorded by the tapes tracking its output."""
    for tid in out._tapes:
        tape = LIVE_TAPES.get(tid)
        if tape is not None and tape._graph is None:
            tape._gathers.append((params, indices, out._t))


indexed_slices_lib.GATHER_RECORDERS.append(_on_gather)


def _flat_leaves(structure):
    """``nest.flatten(structure)`` when it is a tensor or variable, or a plain list/tuple of them (the usual
    ``tape.gradient(loss, [w, b])``); None for any other structure (the caller flattens it with nest)."""
    t = type(structure)
    if t is list or t is tuple:
        for x in structure:
            if type(x) is not EagerTensor and not isinstance(x, variables_lib.Variable):
                return None
        return list(structure)
    if t is EagerTensor or isinstance(structure, variables_lib.Variable):
        return [structure]
    return None


def _seen_from(graph, t):
    """Symbolic ``t`` as ``graph`` sees it: a tensor of a graph enclosing ``graph`` (a tf.function or while body
    built inside it) is captured, as TF's tape does (``self._graph.capture(t)``), so the body's uses of it (the
    same captured placeholder) are recorded."""
    if graph is None or t.graph is graph:
        return t
    outer = getattr(graph, "outer_graph", None)
    while outer is not None:
        if outer is t.graph:
            return graph.capture(t)
        outer = getattr(outer, "outer_graph", None)
    return t


class GradientTape:
    """Mirrors ``tf.GradientTape``: records watched computations for reverse-mode differentiation.

    Works eagerly (torch autograd, recording scoped as in TF) and inside ``tf.function`` (a static
    ``tf.gradients`` node restricted to what this tape recorded)."""

    def __init__(self, persistent: bool = False, watch_accessed_variables: bool = True):
        self._id = next(_ids)
        self._persistent = persistent
        self._watch_accessed = watch_accessed_variables
        self._recording = False
        self._entered = False
        self._used = False
        self._graph = None            # set when entered while building a graph (tf.function)
        self._targets = []            # weakrefs to targets a persistent tape differentiated (freed on del)
        self._clear()

    def _clear(self, keep_variables=False):
        if not keep_variables:  # TF still lists a used non-persistent tape's watched_variables()
            self._watched_vars = {}   # id(var) -> var
        self._var_values = {}         # id(var) -> torch values read while watched (assignments rebind)
        self._graph_tracked = {}      # id(symbolic tensor) -> tensor, tracked by this tape in graph mode
        self._graph_stops = {}        # untracked inputs of tracked graph ops (constants for the gradient)
        self._gathers = []            # (params, indices, output) torch tensors of recorded eager gathers

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
        self._entered = True
        _ctx.recording_tapes.append(self._id)
        _tape_live(self)
        for v in self._watched_vars.values():
            if self._id not in v._tapes:
                v._tapes = v._tapes + (self._id,)

    def _pop(self):
        if not self._recording:
            raise ValueError("Tape is not recording.")
        self._recording = False
        if self._id in _ctx.recording_tapes:
            _ctx.recording_tapes.remove(self._id)
        _tape_gone(self._id)
        # Variables outlive tapes: drop this tape's id so per-op tracking stays cheap over many steps.
        own = (self._id,)
        for v in self._watched_vars.values():
            if v._tapes == own:
                v._tapes = ()
            elif self._id in v._tapes:
                v._tapes = tuple(t for t in v._tapes if t != self._id)

    def stop_recording(self):
        """Mirrors ``GradientTape.stop_recording``: ops run inside are not recorded by this tape.

        Other (outer) tapes keep recording. Raises RuntimeError when the tape is not recording."""
        return _Pause(self)

    def reset(self):
        """Mirrors ``GradientTape.reset``: forgets everything recorded so far (ValueError if not recording)."""
        self._pop()
        self._id = next(_ids)  # tensors tracked under the old id are no longer tracked
        self._clear()
        self._used = False
        self._push()

    # -- watching ------------------------------------------------------------------------------------
    def watch(self, tensor) -> None:
        """Mirrors ``GradientTape.watch``: tensors, Variables, or nested structures of them."""
        for t in nest.flatten(tensor):
            if isinstance(t, variables_lib.Variable):
                if not _is_float(t.dtype):
                    self._warn_watch(t.dtype)
                self._watch_variable(t)
            elif isinstance(t, EagerTensor):
                if not _is_float(t.dtype):
                    self._warn_watch(t.dtype)  # TF warns, then never differentiates it
                    continue
                if self._graph is not None:
                    self._graph_tracked_add(dispatch.capture(self._graph, t))
                    continue
                if not t._t.requires_grad or (not t._tapes and t._t.grad_fn is None):
                    # (The second case: a leaf owned elsewhere, e.g. a variable's value read before the tape;
                    # this tensor gets its own leaf so its gradient and the variable's stay apart, as in TF.)
                    t._t = forward_lib.as_grad_leaf(t._t)
                if self._id not in t._tapes:
                    t._tapes = t._tapes + (self._id,)
            elif isinstance(t, SymbolicTensor):
                if not _is_float(t.dtype):
                    self._warn_watch(t.dtype)
                self._graph_tracked_add(_seen_from(self._graph, t))
            else:
                raise ValueError(f"Passed in object {t!r} of type {type(t).__name__!r}, not tf.Tensor or "
                                 f"tf.Variable or ExtensionType.")

    @staticmethod
    def _warn_watch(dtype):
        if _warned["watch"] < 5:  # TF: logging.log_first_n(WARN, ..., 5)
            _warned["watch"] += 1
            _logger.warning("The dtype of the watched tensor must be floating (e.g. tf.float32), got %r", dtype)

    def _watch_variable(self, var):
        if var._graph is None and not var._value.requires_grad and _is_float(var.dtype):
            var._value = forward_lib.as_grad_leaf(var._value)
        if id(var) not in self._watched_vars:
            self._watched_vars[id(var)] = var
        if self._recording and self._id not in var._tapes:
            var._tapes = var._tapes + (self._id,)
        if self._graph is not None:
            self._graph_tracked_add(var._graph_handle(self._graph))
        elif var._graph is None:
            self._note_value(var)

    def _note_value(self, var):
        if var._graph is not None:
            return
        values = self._var_values.setdefault(id(var), [])
        if not values or values[-1] is not var._value:
            values.append(var._value)

    def watched_variables(self) -> tuple:
        """Mirrors ``GradientTape.watched_variables`` (TF orders them by creation, not by first access)."""
        return tuple(sorted(self._watched_vars.values(), key=lambda v: v._uid))

    # -- graph-mode recording ------------------------------------------------------------------------
    def _graph_tracked_add(self, t):
        self._graph_tracked[id(t)] = t

    def _record_graph_op(self, op):
        tracked = self._graph_tracked
        for x in op.inputs:   # a variable read: ReadVariableOp of its handle, or the handle itself (TF1 refs)
            if x.op.type == "VarHandleOp" and id(x) not in tracked:
                var = x.op.attrs["var"]
                if id(var) in self._watched_vars or (self._watch_accessed and var.trainable):
                    self._watch_variable(var)
        if not any(id(x) in tracked for x in op.inputs):
            return
        for x in op.inputs:
            if id(x) not in tracked:
                self._graph_stops[id(x)] = x
        for o in op.outputs:
            if _is_float(o.dtype) or o.dtype is dtypes.variant:  # a TensorList carries its elements' gradients
                tracked[id(o)] = o

    # -- gradients -----------------------------------------------------------------------------------
    def gradient(self, target, sources, output_gradients=None, unconnected_gradients=UnconnectedGradients.NONE):
        """Mirrors ``GradientTape.gradient``; the result has the structure of ``sources``.

        Sources the tape did not watch, targets it did not record, and non-float sources or targets give
        None (zeros with ``unconnected_gradients=ZERO``), as in TF. A non-scalar target is summed, weighted
        by ``output_gradients``.

        Raises:
          RuntimeError: a non-persistent tape was already used.
          TypeError: ``target`` is None."""
        if self._used and not self._persistent:
            raise RuntimeError("A non-persistent GradientTape can only be used to compute one set of gradients "
                               "(or jacobians)")
        unconnected = unconnected_gradients if unconnected_gradients is UnconnectedGradients.NONE \
            else resolve_unconnected(unconnected_gradients)
        if self._recording:
            if not self._persistent:
                self._pop()
            else:
                _logger.warning("Calling GradientTape.gradient on a persistent tape inside its context is "
                                "significantly less efficient than calling it outside the context (it causes "
                                "the gradient ops to be recorded on the tape, leading to increased CPU and "
                                "memory usage). Only call GradientTape.gradient inside the context if you "
                                "actually want to trace the gradient in order to compute higher order "
                                "derivatives.")
        if target is None:
            raise TypeError("Argument `target` should be a list or nested structure of Tensors, Variables or "
                            "CompositeTensors to be differentiated, but received None.")
        flat_sources = _flat_leaves(sources)
        shallow = flat_sources is not None   # a tensor/variable, or a plain list/tuple of them
        if not shallow:
            flat_sources = nest.flatten(sources)
        flat_targets = _flat_leaves(target)   # (eager tensors and variables only: no symbolic target)
        symbolic = flat_targets is None
        if symbolic:
            flat_targets = nest.flatten(target)
        ogs = None if output_gradients is None else nest.flatten(output_gradients)
        for s in flat_sources:
            if s is None:
                raise TypeError("Cannot convert the argument `type_value`: None to a TensorFlow DType.")
        if self._graph is not None or (symbolic and any(isinstance(t, SymbolicTensor) for t in flat_targets)):
            result = self._graph_gradient(flat_targets, flat_sources, ogs, unconnected)
        else:
            result = self._eager_gradient(flat_targets, flat_sources, ogs, unconnected)
        if not self._persistent:
            self._release(flat_targets)
        else:
            self._targets.extend(weakref.ref(t) for t in flat_targets if type(t) is EagerTensor)
        if shallow:   # what nest.pack_sequence_as gives for these structures, without walking them again
            t = type(sources)
            return result if t is list else tuple(result) if t is tuple else result[0]
        return nest.pack_sequence_as(sources, result)

    def _release(self, targets):
        """After the one gradient of a non-persistent tape: targets only this tape tracked drop their torch
        graph, so a loss kept for logging does not pin the graph (and old variable values) across steps."""
        self._used = True
        self._clear(keep_variables=True)
        own = (self._id,)
        for t in targets:
            if type(t) is EagerTensor and t._tapes == own:
                t._t = t._t.detach()
                t._tapes = ()

    def _source_tensors(self, s):
        """(torch tensors to differentiate, or [] if unwatched; dtype; template for zeros)."""
        if isinstance(s, variables_lib.Variable):
            if id(s) not in self._watched_vars:
                # A wrapper (Keras's AutoCastVariable) of a watched variable: TF's tape matches the handle.
                s = getattr(s, "_wrapped_variable", s)
            dt = s._dtype
            if id(s) not in self._watched_vars or not (dt.is_floating or dt.is_complex):
                return [], dt, s._value
            return self._var_values.get(id(s)) or [s._value], dt, s._value
        if isinstance(s, EagerTensor):
            dt = s._dtype
            watched = self._id in s._tapes and s._t.requires_grad and (dt.is_floating or dt.is_complex)
            return ([s._t] if watched else []), dt, s._t
        if isinstance(s, Tensor):
            raise ValueError("GradientTape.gradient got a symbolic source while executing eagerly")
        raise ValueError(f"Passed in object {s!r} of type {type(s).__name__!r}, not tf.Tensor or tf.Variable or "
                         f"ExtensionType.")

    def _eager_gradient(self, targets, sources, ogs, unconnected):
        outs, grad_outs = [], []
        direct = {}  # a target that IS a source (TF compares handles): its output gradient, recorded or not
        for i, t in enumerate(targets):
            og = ogs[i] if ogs is not None and i < len(ogs) else None
            if og is not None and not isinstance(og, EagerTensor):
                og = dispatch.convert_to_tensor(og)
            if isinstance(t, variables_lib.Variable):
                direct.setdefault(id(t), []).append(og._t if og is not None else torch.ones_like(t._value))
                continue
            if not isinstance(t, EagerTensor):
                t = dispatch.convert_to_tensor(t)
            is_source = False
            for s in sources:
                if s is t:
                    is_source = True
                    break
            if is_source and not (self._id in t._tapes and t._t.requires_grad):
                # TF compares ids: d(t)/d(t) is the output gradient even for an unrecorded or int tensor.
                direct.setdefault(id(t), []).append(og._t if og is not None else torch.ones_like(t._t))
                continue
            if not (t._dtype.is_floating or t._dtype.is_complex):
                _logger.debug("The dtype of the target tensor must be floating (e.g. tf.float32) when calling "
                              "GradientTape.gradient, got %r", t.dtype)
                continue
            if self._id in t._tapes and t._t.requires_grad:
                if og is not None and og._t.shape != t._t.shape:
                    # TF would propagate a gradient of the wrong shape (known deviation
                    # "tape-output-gradients-shape"); torch cannot.
                    raise errors.InvalidArgumentError(
                        f"output_gradients[{i}] has shape {list(og._t.shape)}, but the target has shape "
                        f"{list(t._t.shape)}")
                outs.append(t._t)
                grad_outs.append(torch.ones_like(t._t) if og is None else og._t)
        src = []
        for s in sources:
            ts, dt, tmpl = self._source_tensors(s)
            if not (dt.is_floating or dt.is_complex):
                _logger.debug("The dtype of the source tensor must be floating (e.g. tf.float32) when calling "
                              "GradientTape.gradient, got %r", dt)
            src.append((s, ts, dt, tmpl))
        # Differentiable by an outer tape (or accumulator) still recording: build a graph for higher order.
        recording = _ctx.recording_tapes
        outer = tuple(t for t in recording if t != self._id) if recording else ()
        carriers = targets + sources + list(ogs or ())   # an outer tape watching output_gradients counts too
        outer_tracking = dispatch._tracking_tapes(
            [x for x in carriers if isinstance(x, (EagerTensor, variables_lib.Variable))], outer) if outer else ()
        higher = bool(outer_tracking) or forward_lib.active()
        # Sources reached only through gathers get TF's IndexedSlices gradient (autodiff/sparse_grad.py).
        sparse = sparse_grad.sparse_sources(outs, [ts for _, ts, _, _ in src], self._gathers) \
            if self._gathers and outs and not higher else {}
        wanted, seen = [], set()
        for k, (_, ts, _, _) in enumerate(src):
            for x in (ts if k not in sparse else [out for _, _, out in sparse[k]]):
                if id(x) not in seen:
                    seen.add(id(x))
                    wanted.append(x)
        grads = {}
        if outs and wanted:
            retain = self._persistent or higher
            if higher:
                with torch.enable_grad():
                    res = run_backward(outs, grad_outs, wanted, retain, True)
            else:
                res = run_backward(outs, grad_outs, wanted, retain, False)
            grads = {id(w): g for w, g in zip(wanted, res)}
        result = []
        for k, (s, ts, dt, tmpl) in enumerate(src):
            if k in sparse:
                result.append(sparse_grad.indexed_slices_gradient(sparse[k], grads, direct.get(id(s), []), dt,
                                                                  tmpl, unconnected is UnconnectedGradients.ZERO))
                continue
            g = None
            for x in ts:
                p = grads.get(id(x))
                if p is not None:
                    g = p if g is None else g + p
            for p in direct.get(id(s), ()):
                g = p if g is None else g + p
            if g is None:
                result.append(EagerTensor(torch.zeros_like(tmpl.detach()), dt)
                              if unconnected is UnconnectedGradients.ZERO else None)
                continue
            tapes = outer_tracking if (outer_tracking and g.requires_grad) else ()
            out = EagerTensor(g if (tapes or higher or not g.requires_grad) else g.detach(), dt, tapes)
            if higher:   # an active ForwardAccumulator makes `higher` true
                forward_lib.record([out])
            result.append(out)
        return result

    def _graph_gradient(self, targets, sources, ogs, unconnected):
        from tfcompat._src.autodiff.gradients import gradients
        from tfcompat._src.ops import array_ops
        graph = self._graph if self._graph is not None else next(
            t.graph for t in targets if isinstance(t, SymbolicTensor))
        tracked = self._graph_tracked

        def sym(x):
            if isinstance(x, variables_lib.Variable):
                return x._graph_handle(graph)
            if isinstance(x, EagerTensor):
                return dispatch.capture(graph, x)
            if isinstance(x, SymbolicTensor):
                return _seen_from(graph, x)
            with ctx_lib.push_graph(graph):
                return dispatch.convert_to_tensor(x)

        with ctx_lib.push_graph(graph):
            sym_sources = [sym(s) for s in sources]
            src_ids = {id(s) for s in sym_sources}
            ys, gys, direct = [], [], {}
            for i, t in enumerate(targets):
                y = sym(t)
                og = ogs[i] if ogs is not None and i < len(ogs) else None
                gy = array_ops.ones_like(y) if og is None else sym(og)
                if id(y) in src_ids and (id(y) not in tracked or not _is_float(y.dtype)):
                    direct.setdefault(id(y), []).append(gy)   # TF compares ids: d(t)/d(t) is the output gradient
                    continue
                if not _is_float(y.dtype) or id(y) not in tracked:
                    continue
                ys.append(y)
                gys.append(gy)
            keep = [s for s in sym_sources if id(s) in tracked and _is_float(s.dtype)]
            grads = {}
            if ys and keep:
                res = gradients(ys, keep, grad_ys=gys, stop_gradients=list(self._graph_stops.values()))
                grads = {id(k): g for k, g in zip(keep, res)}
            out = []
            for s in sym_sources:
                g = grads.get(id(s))
                for d in direct.get(id(s), []):
                    g = d if g is None else g + d
                if g is None and unconnected is UnconnectedGradients.ZERO:
                    g = array_ops.zeros_like(s)
                out.append(g)
        # The gradient node is differentiable by outer tapes that track its inputs (higher order).
        for tid in _ctx.recording_tapes:
            tape = LIVE_TAPES.get(tid)
            if tape is None or tape is self or tape._graph is not graph:
                continue
            if any(id(x) in tape._graph_tracked for x in ys + keep):
                for g in out:
                    if g is not None:
                        tape._graph_tracked_add(g)
        return out

    # -- jacobians -----------------------------------------------------------------------------------
    def jacobian(self, target, sources, unconnected_gradients=UnconnectedGradients.NONE, parallel_iterations=None,
                 experimental_use_pfor=True):
        """Mirrors ``GradientTape.jacobian``: for each source, shape target.shape + source.shape.

        Both ``experimental_use_pfor`` paths give identical results (vectorised ``is_grads_batched`` or a loop
        of ``autograd.grad`` calls)."""
        return jacobians.jacobian(self, target, sources, unconnected_gradients, experimental_use_pfor)

    def batch_jacobian(self, target, source, unconnected_gradients=UnconnectedGradients.NONE,
                       parallel_iterations=None, experimental_use_pfor=True):
        """Mirrors ``GradientTape.batch_jacobian``: shape [batch] + target.shape[1:] + source.shape[1:]."""
        return jacobians.batch_jacobian(self, target, source, unconnected_gradients, experimental_use_pfor)

    def __del__(self):
        if getattr(self, "_recording", False) and LIVE_TAPES is not None and _tape_gone is not None:
            _tape_gone(self._id)
        # A persistent tape frees its recording when the last reference goes, as in TF: targets it alone
        # tracked drop their torch graph.
        own = (getattr(self, "_id", None),)
        for ref in getattr(self, "_targets", ()):
            t = ref()
            if t is not None and t._tapes == own:
                t._t = t._t.detach()
                t._tapes = ()


class _Pause:
    """``GradientTape.stop_recording()``: removes the tape from the recording set, then puts it back."""

    def __init__(self, tape):
        self._tape = tape

    def __enter__(self):
        tape = self._tape
        if not tape._entered or (tape._used and not tape._persistent):
            raise RuntimeError("Trying to stop recording a tape which is not recording.")
        tape._pop()

    def __exit__(self, *exc):
        self._tape._push()
        return False
