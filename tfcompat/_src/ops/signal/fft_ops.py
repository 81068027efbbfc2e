"""TF's FFT raw ops (FFT, IFFT, FFT2D … IRFFT3D, FFTND …) on ``torch.fft``, and the ``tf.signal`` wrappers
with TF's ``fft_length`` rules (innermost axes; inputs shorter than ``fft_length`` are zero-padded, longer ones
cropped; the inverse real transforms read ``fft_length // 2 + 1`` bins).

Gradients come from torch autograd: torch's conjugate-Wirtinger convention for a real loss gives the same
numbers as TF's registered FFT/RFFT/IRFFT gradients (tests/ops/test_signal.py compares them). Where TF's own
gradient formula fails (an RFFT whose fft_length crops the input, an IRFFT whose input is not fft_length // 2 + 1
wide) this gives the exact gradient instead (known deviation "fft-gradient-length-mismatch")."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import apply_op, constant_value
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NO_GRADIENT, register_op
from tfcompat._src.framework.op_types import Arg
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_manip_ops, array_ops, math_ops
from tfcompat._src.ops import array_more_ops  # noqa: F401 - registers Roll, which fftshift runs
from tfcompat._src.ops._helpers import to_tensor

__all__ = ["fft", "ifft", "fft2d", "ifft2d", "fft3d", "ifft3d", "rfft", "irfft", "rfft2d", "irfft2d", "rfft3d",
           "irfft3d", "fftnd", "ifftnd", "rfftnd", "irfftnd", "fftshift", "ifftshift"]

_COMPLEX = ("complex64", "complex128")
_REAL = ("float", "double")


def _check_rank(x: torch.Tensor, rank: int, op: str):
    if x.dim() < rank:
        raise errors.InvalidArgumentError(f"Input must have rank of at least {rank} but got: {list(x.shape)} "
                                          f"[Op:{op}]")


def _lengths(fft_length: torch.Tensor, rank: int, op: str) -> list[int]:
    if tuple(fft_length.shape) != (rank,):
        raise errors.InvalidArgumentError(f"fft_length must have shape [{rank}] [Op:{op}]")
    return [int(v) for v in fft_length.cpu().tolist()]


def _complex_kernel(op: str, rank: int, inverse: bool):
    fn = torch.fft.ifftn if inverse else torch.fft.fftn

    def kernel(x):
        _check_rank(x, rank, op)
        if x.numel() == 0:
            return x.clone()
        return fn(x, dim=tuple(range(-rank, 0)))
    return kernel


for _rank, (_f, _i) in {1: ("FFT", "IFFT"), 2: ("FFT2D", "IFFT2D"), 3: ("FFT3D", "IFFT3D")}.items():
    for _name, _inv in ((_f, False), (_i, True)):
        register_op(_name, grad=DIFFERENTIABLE, inputs=("input",),
                    types={"input": Arg("Tcomplex", _COMPLEX)})(_complex_kernel(_name, _rank, _inv))


def _rfft_shape(rank):
    def shape_fn(inputs, attrs):
        shape = inputs[0].shape
        lengths = constant_value(inputs[1])
        if shape.rank is None:
            return [(TensorShape(None), attrs["Tcomplex"])]
        dims = shape.as_list()
        inner = [None] * rank if lengths is None else [int(n) for n in np.reshape(lengths, -1)]
        if inner[-1] is not None:
            inner[-1] = inner[-1] // 2 + 1
        return [(TensorShape(dims[:-rank] + inner), attrs["Tcomplex"])]
    return shape_fn


def _irfft_shape(rank):
    def shape_fn(inputs, attrs):
        shape = inputs[0].shape
        lengths = constant_value(inputs[1])
        if shape.rank is None:
            return [(TensorShape(None), attrs["Treal"])]
        inner = [None] * rank if lengths is None else [int(n) for n in np.reshape(lengths, -1)]
        return [(TensorShape(shape.as_list()[:-rank] + inner), attrs["Treal"])]
    return shape_fn


def _rfft_kernel(op: str, rank: int):
    def kernel(x, fft_length, *, Tcomplex=None, Treal=None):
        _check_rank(x, rank, op)
        n = _lengths(fft_length, rank, op)
        out_dims = list(x.shape[:-rank]) + n[:-1] + [n[-1] // 2 + 1]
        if x.numel() == 0 or 0 in n:
            return torch.zeros(out_dims, dtype=Tcomplex.torch_dtype, device=x.device)
        return torch.fft.rfftn(x, s=n, dim=tuple(range(-rank, 0)))
    return kernel


def _irfft_kernel(op: str, rank: int):
    def kernel(x, fft_length, *, Tcomplex=None, Treal=None):
        _check_rank(x, rank, op)
        n = _lengths(fft_length, rank, op)
        out_dims = list(x.shape[:-rank]) + n
        if x.numel() == 0 or 0 in n:
            return torch.zeros(out_dims, dtype=Treal.torch_dtype, device=x.device)
        return torch.fft.irfftn(x, s=n, dim=tuple(range(-rank, 0)))
    return kernel


# TF registers no gradient for RFFT3D / IRFFT3D (nor for the N-D ops): LookupError there, as in TF.
for _rank, (_f, _i) in {1: ("RFFT", "IRFFT"), 2: ("RFFT2D", "IRFFT2D"), 3: ("RFFT3D", "IRFFT3D")}.items():
    register_op(_f, grad=DIFFERENTIABLE if _rank < 3 else NO_GRADIENT, inputs=("input", "fft_length"),
                shape_fn=_rfft_shape(_rank),
                types={"input": Arg("Treal", _REAL), "fft_length": Arg(None, ("int32",))})(_rfft_kernel(_f, _rank))
    register_op(_i, grad=DIFFERENTIABLE if _rank < 3 else NO_GRADIENT, inputs=("input", "fft_length"),
                shape_fn=_irfft_shape(_rank),
                types={"input": Arg("Tcomplex", _COMPLEX),
                       "fft_length": Arg(None, ("int32",))})(_irfft_kernel(_i, _rank))


def _nd_kernel(op: str, kind: str):
    fn = {"fft": torch.fft.fftn, "ifft": torch.fft.ifftn, "rfft": torch.fft.rfftn, "irfft": torch.fft.irfftn}[kind]

    def kernel(x, fft_length, axes, *, Tcomplex=None, Treal=None):
        dims = [int(a) for a in axes.cpu().tolist()]
        n = [int(v) for v in fft_length.cpu().tolist()]
        if len(n) != len(dims):
            raise errors.InvalidArgumentError(f"fft_length must have the same length as axes [Op:{op}]")
        if x.dim() < len(dims):
            raise errors.InvalidArgumentError(f"Input must have rank of at least {len(dims)} [Op:{op}]")
        return fn(x, s=n, dim=dims)
    return kernel


for _name, _kind, _in in (("FFTND", "fft", _COMPLEX), ("IFFTND", "ifft", _COMPLEX), ("RFFTND", "rfft", _REAL),
                          ("IRFFTND", "irfft", _COMPLEX)):
    register_op(_name, grad=NO_GRADIENT, inputs=("input", "fft_length", "axes"),
                types={"input": Arg("Tcomplex" if _in is _COMPLEX else "Treal", _in),
                       "fft_length": Arg(None, ("int32",)), "axes": Arg(None, ("int32",))})(_nd_kernel(_name, _kind))


# ------------------------------------------------------------------------------------------------
# public wrappers
# ------------------------------------------------------------------------------------------------
def _complex_input(x):
    # TF converts python values to the op's first allowed type unless they are complex already.
    if isinstance(x, (list, tuple, float, int, complex)) and not np.iscomplexobj(np.asarray(x)):
        return to_tensor(x, dtype=dtypes.complex64)
    return to_tensor(x)


def _complex_fn(op: str, tf_name: str):
    def fn(input, name=None):  # noqa: A002 - TF's argument name
        return apply_op(op, [_complex_input(input)], name=name)
    fn.__name__ = tf_name
    fn.__doc__ = f"Mirrors ``tf.signal.{tf_name}`` (raw op ``{op}``): over the innermost axes of a complex tensor."
    return fn


fft = _complex_fn("FFT", "fft")
ifft = _complex_fn("IFFT", "ifft")
fft2d = _complex_fn("FFT2D", "fft2d")
ifft2d = _complex_fn("IFFT2D", "ifft2d")
fft3d = _complex_fn("FFT3D", "fft3d")
ifft3d = _complex_fn("IFFT3D", "ifft3d")


def _static_inner(x, rank):
    dims = x.shape.as_list()[-rank:] if x.shape.rank is not None else None
    return dims if dims is not None and None not in dims else None


def _pad_to(x, rank, lengths, reverse):
    # TF's _maybe_pad_for_rfft: zero-pad the innermost axes up to fft_length (the inverse: to n // 2 + 1);
    # the kernels crop what is longer.
    inner = _static_inner(x, rank)
    if lengths is None or inner is None or 0 in x.shape.as_list():
        return x
    want = list(lengths[:-1]) + [lengths[-1] // 2 + 1] if reverse else list(lengths)
    pads = [max(w - d, 0) for w, d in zip(want, inner)]
    if not any(pads):
        return x
    return array_manip_ops.pad(x, [[0, 0]] * (x.shape.rank - rank) + [[0, p] for p in pads])


def _fft_length(x, rank, fft_length, reverse):
    if fft_length is not None:
        t = to_tensor(fft_length, dtype=dtypes.int32)
        v = constant_value(t)
        return t, None if v is None else [int(n) for n in np.reshape(v, -1)]
    if x.shape.rank is not None and x.shape.rank < rank:
        raise ValueError(f"Shape {x.shape} must have rank at least {rank}")
    inner = _static_inner(x, rank)
    if inner is None:
        t = array_ops.shape(x)[-rank:]
        if reverse:
            last = math_ops.maximum(0, math_ops.multiply(2, math_ops.subtract(t[-1:], 1)))
            t = array_ops.concat([t[:-1], last], 0)
        return t, None
    if reverse:
        inner[-1] = max(0, 2 * (inner[-1] - 1))
    return to_tensor(inner, dtype=dtypes.int32), inner


def _rfft_fn(op: str, rank: int, tf_name: str):
    def fn(input_tensor, fft_length=None, name=None):
        x = to_tensor(input_tensor, dtype=None if not isinstance(input_tensor, (list, tuple, int, float)) else
                      dtypes.float32)
        if x.dtype not in (dtypes.float32, dtypes.float64):
            raise ValueError(f"RFFT requires tf.float32 or tf.float64 inputs, got: {x}")
        complex_dtype = dtypes.complex64 if x.dtype == dtypes.float32 else dtypes.complex128
        if x.shape.rank is not None and x.shape.rank < rank:
            raise ValueError(f"Shape {x.shape} must have rank at least {rank}")
        length_t, lengths = _fft_length(x, rank, fft_length, reverse=False)
        x = _pad_to(x, rank, lengths, reverse=False)
        return apply_op(op, [x, length_t], {"Tcomplex": complex_dtype}, name=name)
    fn.__name__ = tf_name
    fn.__doc__ = (f"Mirrors ``tf.signal.{tf_name}`` (raw op ``{op}``): float32 -> complex64, float64 -> "
                  f"complex128; ``fft_length`` defaults to the innermost {rank} dimension(s).")
    return fn


def _irfft_fn(op: str, rank: int, tf_name: str):
    def fn(input_tensor, fft_length=None, name=None):
        x = to_tensor(input_tensor, dtype=None if not isinstance(input_tensor, (list, tuple, int, float, complex))
                      else dtypes.complex64)
        if x.shape.rank is not None and x.shape.rank < rank:
            raise ValueError(f"Shape {x.shape} must have rank at least {rank}")
        if x.dtype not in (dtypes.complex64, dtypes.complex128):
            raise ValueError(f"IRFFT requires tf.complex64 or tf.complex128 inputs, got: {x}")
        length_t, lengths = _fft_length(x, rank, fft_length, reverse=True)
        x = _pad_to(x, rank, lengths, reverse=True)
        return apply_op(op, [x, length_t], {"Treal": x.dtype.real_dtype}, name=name)
    fn.__name__ = tf_name
    fn.__doc__ = (f"Mirrors ``tf.signal.{tf_name}`` (raw op ``{op}``): complex64 -> float32, complex128 -> "
                  f"float64; ``fft_length`` defaults to 2 * (inner - 1) on the last axis.")
    return fn


rfft = _rfft_fn("RFFT", 1, "rfft")
irfft = _irfft_fn("IRFFT", 1, "irfft")
rfft2d = _rfft_fn("RFFT2D", 2, "rfft2d")
irfft2d = _irfft_fn("IRFFT2D", 2, "irfft2d")
rfft3d = _rfft_fn("RFFT3D", 3, "rfft3d")
irfft3d = _irfft_fn("IRFFT3D", 3, "irfft3d")


def _nd_fn(op: str, tf_name: str, real_in: bool, inverse: bool):
    def fn(input_tensor, fft_length=None, axes=None, norm=None, name=None):
        if real_in:
            x = to_tensor(input_tensor, dtype=None if not isinstance(input_tensor, (list, tuple, int, float))
                          else dtypes.float32)
        else:
            x = _complex_input(input_tensor)
        rank = x.shape.rank
        axes_v = list(range(rank)) if axes is None else [int(a) for a in np.reshape(axes, -1)]
        if fft_length is None:
            dims = x.shape.as_list()
            lengths = [dims[a] for a in axes_v] if axes is not None else dims
            if op == "IRFFTND":
                lengths[-1] = max(0, 2 * (lengths[-1] - 1))
        else:
            lengths = [int(n) for n in np.reshape(to_tensor(fft_length, dtype=dtypes.int32).numpy(), -1)]
        norm_ = "backward" if norm is None else norm
        attrs = {}
        if op == "RFFTND":
            attrs["Tcomplex"] = dtypes.complex64 if x.dtype == dtypes.float32 else dtypes.complex128
        if op == "IRFFTND":
            attrs["Treal"] = x.dtype.real_dtype
        if norm_ in ("forward", "ortho"):
            # TF scales the input: divided by n ('forward') or sqrt(n) ('ortho') for the forward transforms,
            # multiplied for the inverse ones (any other norm string scales nothing, as TF).
            n = float(np.prod(lengths))
            scale = to_tensor(n if norm_ == "forward" else float(np.sqrt(n)), dtype=x.dtype)
            x = math_ops.multiply(x, scale) if inverse else math_ops.truediv(x, scale)
        return apply_op(op, [x, to_tensor(lengths, dtype=dtypes.int32), to_tensor(axes_v, dtype=dtypes.int32)],
                        attrs, name=name)
    fn.__name__ = tf_name
    fn.__doc__ = (f"Mirrors ``tf.signal.{tf_name}`` / ``tf.{tf_name}`` (raw op ``{op}``, TF has a GPU kernel "
                  f"only: TF on CPU raises NotFoundError where this runs).")
    return fn


fftnd = _nd_fn("FFTND", "fftnd", False, False)
ifftnd = _nd_fn("IFFTND", "ifftnd", False, True)
rfftnd = _nd_fn("RFFTND", "rfftnd", True, False)
irfftnd = _nd_fn("IRFFTND", "irfftnd", False, True)


def _shift(x, axes, sign):
    x = to_tensor(x)
    if axes is None:
        dims = x.shape.as_list()
        axes = list(range(len(dims)))
        shifts = [sign * (d // 2) for d in dims]
    else:
        axes_l = [axes] if isinstance(axes, int) else [int(a) for a in np.reshape(axes, -1)]
        dims = x.shape.as_list()
        shifts = [sign * (dims[a] // 2) for a in axes_l]
        axes = axes_l
    return x, shifts, axes


def fftshift(x, axes=None, name=None):
    """Mirrors ``tf.signal.fftshift``: rolls the zero-frequency term to the centre (``np.fft.fftshift``)."""
    x, shifts, axes = _shift(x, axes, 1)
    return apply_op("Roll", [x, to_tensor(shifts, dtype=dtypes.int32), to_tensor(axes, dtype=dtypes.int32)],
                    name=name)


def ifftshift(x, axes=None, name=None):
    """Mirrors ``tf.signal.ifftshift``: the inverse of ``fftshift``."""
    x, shifts, axes = _shift(x, axes, -1)
    return apply_op("Roll", [x, to_tensor(shifts, dtype=dtypes.int32), to_tensor(axes, dtype=dtypes.int32)],
                    name=name)
