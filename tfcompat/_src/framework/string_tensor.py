"""``tf.string`` values: an eager string tensor and the run-time representation of string values.

Torch tensors hold no strings. A string value is a numpy object array of ``bytes`` (or a bare ``bytes`` for a
scalar, as ``Session.run`` returns it); kernels that take or give strings work on those. Eagerly, such a value is
wrapped in :class:`StringTensor`, which has TF's ``dtype``, ``shape``, ``numpy()`` (``bytes`` for a scalar) and
``repr``; in a graph, ops with string outputs declare their static shapes (no meta-device run can infer them).

``tf.constant``/``convert_to_tensor`` of strings give these values (``python_values.python_to_torch``); the string
kernels live in ``ops/string_ops.py``."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor import EagerTensor
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["StringTensor", "as_bytes_array", "c_escape", "is_meta", "is_string_value", "kernel_numpy",
           "string_value"]


def as_bytes_array(value) -> np.ndarray:
    """A str/bytes value, nested list or array as a numpy object array of ``bytes`` (TF's string elements)."""
    if isinstance(value, StringTensor):
        return value._value
    if isinstance(value, (bytes, str)):
        out = np.empty((), dtype=object)
        out[()] = value.encode("utf-8") if isinstance(value, str) else value
        return out
    arr = np.asarray(value, dtype=object)
    flat = [v.encode("utf-8") if isinstance(v, str) else bytes(v) if isinstance(v, (bytes, np.bytes_)) else v
            for v in arr.reshape(-1)]
    for v in flat:
        if not isinstance(v, bytes):
            raise TypeError(f"Expected a string value, got {v!r} of type {type(v).__name__}.")
    out = np.empty(len(flat), dtype=object)
    out[:] = flat
    return out.reshape(arr.shape)


def is_string_value(value) -> bool:
    """Whether a kernel value is a string value (``bytes`` or an object array), not a torch tensor."""
    return isinstance(value, (bytes, np.ndarray))


def string_value(arr):
    """The run-time form of a string array: ``bytes`` for a scalar (as ``Session.run`` returns it), else the
    object array itself (``bytes`` pass through)."""
    if isinstance(arr, np.ndarray):
        return arr[()] if arr.ndim == 0 else arr
    return arr


def kernel_numpy(value) -> np.ndarray:
    """A kernel's input as numpy: a torch tensor's values, or a string value as an object array of bytes."""
    if is_string_value(value):
        return as_bytes_array(value)
    return value.detach().cpu().numpy()


def is_meta(value) -> bool:
    """Whether a kernel runs on meta tensors (static shape inference); string values never are."""
    return not is_string_value(value) and value.device.type == "meta"


_C_ESCAPES = {0x0A: "\\n", 0x0D: "\\r", 0x09: "\\t", 0x22: '\\"', 0x27: "\\'", 0x5C: "\\\\"}


def c_escape(value: bytes) -> str:
    """TF's ``absl::Utf8SafeCEscape`` of one string element, as text: ``\\n``, ``\\"`` ... and octal
    ``\\ooo`` for other control bytes; bytes >= 0x80 pass through (decoded as UTF-8)."""
    out = bytearray()
    for b in value:
        esc = _C_ESCAPES.get(b)
        if esc is not None:
            out += esc.encode()
        elif b < 0x20 or b == 0x7F:
            out += b"\\%03o" % b
        else:
            out.append(b)
    return out.decode("utf-8", "replace")


class StringTensor(EagerTensor):
    """An eager ``tf.Tensor`` of dtype ``tf.string`` (numpy object array of ``bytes``).

    A subclass of ``EagerTensor`` so that ``isinstance(tf.constant("a"), type(tf.constant(0)))`` holds, as in TF.
    Trap: its ``_t`` is the string value (``bytes`` or an object array), never a torch tensor; code that needs a
    torch payload tests ``type(x) is EagerTensor`` or excludes ``StringTensor`` first."""

    __slots__ = ("_value",)
    _dtype = dtypes.string   # shadows EagerTensor's slot: a string tensor's dtype is fixed

    def __init__(self, value):
        self._value = as_bytes_array(value)
        self._tapes = ()

    @property
    def dtype(self):
        return dtypes.string

    @property
    def shape(self) -> TensorShape:
        return TensorShape(self._value.shape)

    @property
    def _t(self):
        # The kernel-side value, so that dispatch passes string inputs to kernels like torch ones.
        return string_value(self._value)

    @property
    def device(self) -> str:
        return "/job:localhost/replica:0/task:0/device:CPU:0"

    def numpy(self):
        """Mirrors ``EagerTensor.numpy``: ``bytes`` for a scalar, else an object array of bytes."""
        return self._value[()] if self._value.ndim == 0 else self._value.copy()

    def __array__(self, dtype=None, copy=None):
        return self._value if dtype is None else self._value.astype(dtype)

    def __len__(self):
        if self._value.ndim == 0:
            raise TypeError("Scalar tensor has no `len()`")
        return self._value.shape[0]

    def __getitem__(self, index):
        return StringTensor(self._value[index])

    def __bool__(self):
        return bool(self._value)

    def __deepcopy__(self, memo):
        return StringTensor(self._value.copy())

    def __reduce__(self):
        return StringTensor, (self._value,)

    def _torch(self):
        raise TypeError("A tf.string tensor has no torch value.")

    def _numpy_text(self, is_repr=False) -> str:
        # As EagerTensor's: numpy's repr/str of the value (a scalar's bytes repr), multi-line on a new line.
        value = self.numpy()
        text = repr(value) if is_repr or self._value.ndim == 0 else str(value)
        return "\n" + text if "\n" in text else text

    def __repr__(self):
        return f"<tf.Tensor: shape={self.shape}, dtype=string, numpy={self._numpy_text(True)}>"

    def __str__(self):
        return f"tf.Tensor({self._numpy_text()}, shape={self.shape}, dtype=string)"
