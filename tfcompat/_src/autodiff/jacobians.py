"""``GradientTape.jacobian`` / ``batch_jacobian``: vectorised with ``is_grads_batched`` or a loop."""
from __future__ import annotations

import torch

from tfcompat._src.framework.tensor import EagerTensor
from tfcompat._src.autodiff.unconnected import UnconnectedGradients, resolve_unconnected
from tfcompat._src.ops import variables as variables_lib


def _prepare(tape, target, use_pfor):
    if tape._used and not tape._persistent:
        raise RuntimeError("A non-persistent GradientTape can only be used to compute one set of gradients "
                           "(or jacobians)")
    if isinstance(target, variables_lib.Variable):
        target = target._eager_read()
    return target


def _grads(tape, y, srcs, grad_outputs, batched):
    wanted = [s for s in srcs if s is not None and s.requires_grad]
    if not wanted or not y.requires_grad:
        return {}
    res = torch.autograd.grad([y], wanted, grad_outputs=[grad_outputs], allow_unused=True, retain_graph=True,
                              is_grads_batched=batched)
    return {id(w): g for w, g in zip(wanted, res)}


def jacobian(tape, target, sources, unconnected_gradients, use_pfor):
    unconnected = resolve_unconnected(unconnected_gradients)
    target = _prepare(tape, target, use_pfor)
    from tfcompat._src.autodiff.tape import _flatten, _unflatten
    flat = []
    structure = _flatten(sources, flat)
    srcs = [tape._source_tensor(s) for s in flat]
    tracked = tape._id in target._tapes and target._t.requires_grad
    y = target._t
    n = y.numel()
    results = {}
    if tracked and n:
        src_t = [s[0] for s in srcs]
        if use_pfor:
            eye = torch.eye(n, dtype=y.dtype, device=y.device).reshape((n,) + tuple(y.shape))
            results = _grads(tape, y, src_t, eye, True)
        else:
            rows = {}
            flat_y = y.reshape(-1)
            for i in range(n):
                go = torch.zeros_like(flat_y)
                go[i] = 1
                for k, g in _grads(tape, y, src_t, go.reshape(y.shape), False).items():
                    rows.setdefault(k, []).append(g)
            results = {k: (torch.stack(v) if all(g is not None for g in v) else None) for k, v in rows.items()}
    out = []
    for ts, dt, tmpl in srcs:
        g = results.get(id(ts)) if ts is not None else None
        shape = tuple(target._t.shape) + tuple(tmpl.shape)
        if g is None:
            out.append(EagerTensor(torch.zeros(shape, dtype=tmpl.dtype, device=tmpl.device), dt)
                       if unconnected is UnconnectedGradients.ZERO or (tracked and n == 0) else None)
        else:
            out.append(EagerTensor(g.detach().reshape(shape), dt))
    if not tape._persistent:
        tape._used = True
    return _unflatten(structure, out)


def batch_jacobian(tape, target, source, unconnected_gradients, use_pfor):
    unconnected = resolve_unconnected(unconnected_gradients)
    target = _prepare(tape, target, use_pfor)
    ts, dt, tmpl = tape._source_tensor(source)
    y = target._t
    b = y.shape[0]
    if tmpl.shape[0] != b:
        raise ValueError(f"Need first dimension of target shape ({tuple(y.shape)}) and source shape "
                         f"({tuple(tmpl.shape)}) to match.")
    m = y[0].numel() if b else int(torch.tensor(y.shape[1:]).prod().item()) if y.dim() > 1 else 1
    out_shape = (b,) + tuple(y.shape[1:]) + tuple(tmpl.shape[1:])
    tracked = tape._id in target._tapes and y.requires_grad and ts is not None
    g = None
    if tracked and b and m:
        flat_y = y.reshape(b, m)
        if use_pfor:
            eye = torch.eye(m, dtype=y.dtype, device=y.device)            # [m, m]
            go = eye.unsqueeze(1).expand(m, b, m).reshape((m,) + tuple(y.shape))
            res = _grads(tape, y, [ts], go, True).get(id(ts))
            if res is not None:
                g = res.reshape((m, b) + tuple(tmpl.shape[1:])).movedim(0, 1)
        else:
            rows = []
            for i in range(m):
                go = torch.zeros_like(flat_y)
                go[:, i] = 1
                r = _grads(tape, y, [ts], go.reshape(y.shape), False).get(id(ts))
                rows.append(r)
            if all(r is not None for r in rows):
                g = torch.stack(rows, dim=1)
    if not tape._persistent:
        tape._used = True
    if g is None:
        if unconnected is UnconnectedGradients.ZERO or (tracked and (b == 0 or m == 0)):
            return EagerTensor(torch.zeros(out_shape, dtype=tmpl.dtype, device=tmpl.device), dt)
        return None
    return EagerTensor(g.detach().reshape(out_shape), dt)
