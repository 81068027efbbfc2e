"""``tf.Tensor``: the eager tensor (wrapping a torch tensor) and the symbolic graph tensor.

Python operators are attached by ``ops/operators.py`` (as TF's ``Tensor._override_operator`` does), so
this module does not depend on the op layer."""
from __future__ import annotations

import numpy as np
import torch

from tfcompat._src.framework import dtypes, tensor_annotations
from tfcompat._src.framework.errors import OperatorNotAllowedInGraphError
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["Tensor", "EagerTensor", "SymbolicTensor"]

# dtypes.from_torch's table, read without a call: every eager tensor is built through EagerTensor.__init__.
_DTYPE_OF_TORCH = dtypes._BY_TORCH  # noqa: SLF001
_ABSENT = object()


class Tensor:
    """Mirrors ``tf.Tensor``; both eager and symbolic tensors are instances."""

    __slots__ = ()
    # TF gives Tensors priority over numpy arrays in binary operators.
    __array_priority__ = 100
    OVERLOADABLE_OPERATORS = frozenset()

    @property
    def ndim(self):
        return self.shape.rank

    def get_shape(self) -> TensorShape:
        return self.shape

    def __iter__(self):
        if not isinstance(self, EagerTensor):
            raise OperatorNotAllowedInGraphError(
                "Iterating over a symbolic `tf.Tensor` is not allowed. You can attempt the following resolutions "
                "to the problem: If you are running in Graph mode, use Eager execution mode or decorate this "
                "function with @tf.function. If you are using AutoGraph, you can try decorating this function "
                "with @tf.function. If that does not work, then you may be using an unsupported feature or your "
                "source code may not be visible to AutoGraph. See https://github.com/tensorflow/tensorflow/blob/"
                "master/tensorflow/python/autograph/g3doc/reference/limitations.md#access-to-source-code for "
                "more information.")
        shape = self.shape
        if shape.rank is None:
            raise TypeError("Cannot iterate over a tensor with unknown shape.")
        if shape.rank == 0:
            raise TypeError("Cannot iterate over a scalar tensor.")
        if shape.as_list()[0] is None:
            raise TypeError("Cannot iterate over a tensor with unknown first dimension.")
        for i in range(shape[0]):
            yield self[i]

    def __bool__(self):
        raise OperatorNotAllowedInGraphError(
            "Using a symbolic `tf.Tensor` as a Python `bool` is not allowed. You can attempt the following "
            "resolutions to the problem: If you are running in Graph mode, use Eager execution mode or decorate "
            "this function with @tf.function. If you are using AutoGraph, you can try decorating this function "
            "with @tf.function. If that does not work, then you may be using an unsupported feature or your "
            "source code may not be visible to AutoGraph. See https://github.com/tensorflow/tensorflow/blob/"
            "master/tensorflow/python/autograph/g3doc/reference/limitations.md#access-to-source-code for more "
            "information.")

    @property
    def _keras_mask(self):
        # Keras's attribute, kept in a side table (the slots leave no room): absent until a layer or user sets it.
        mask = tensor_annotations.KERAS_MASK.get(self, _ABSENT)
        if mask is _ABSENT:
            name = ("tensorflow.python.framework.ops.EagerTensor" if isinstance(self, EagerTensor)
                    else type(self).__name__)
            raise AttributeError(f"'{name}' object has no attribute '_keras_mask'")
        return mask

    @_keras_mask.setter
    def _keras_mask(self, mask):
        tensor_annotations.KERAS_MASK.set(self, mask)

    def experimental_ref(self):
        return Reference(self)

    ref = experimental_ref


class Reference:
    """Mirrors TF's ``Reference`` (``Tensor.ref()``, ``Variable.ref()``): a hashable key compared by the identity
    of the wrapped tensor or variable; ``deref()`` returns it."""

    __slots__ = ("_t",)

    def __init__(self, t):
        self._t = t

    def deref(self):
        return self._t

    def __hash__(self):
        return id(self._t)

    def __eq__(self, other):
        return isinstance(other, Reference) and other._t is self._t

    def __repr__(self):
        return f"<Reference wrapping {self._t!r}>"


class EagerTensor(Tensor):
    """An eager ``tf.Tensor``: a torch tensor plus the tapes that track it.

    ``_tapes`` is the tuple of GradientTape ids that recorded the op producing this tensor (or watch it);
    TF records only ops run inside a tape on tensors that tape watches, torch records everything, and this
    tuple is how ``GradientTape.gradient`` tells the two apart."""

    __slots__ = ("_t", "_dtype", "_tapes", "__weakref__")

    def __setitem__(self, key, value):
        # TF's EagerTensor is a C type, so Python's message names its full module path.
        raise TypeError("'tensorflow.python.framework.ops.EagerTensor' object does not support item assignment")

    def __init__(self, t: torch.Tensor, dtype=None, tapes=()):
        self._t = t
        self._dtype = dtype if dtype is not None else _DTYPE_OF_TORCH[t.dtype]
        self._tapes = tapes

    @property
    def dtype(self):
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return TensorShape._of_sizes(self._t.shape)

    @property
    def device(self) -> str:
        from tfcompat._src.framework.device import device_name
        return device_name(self._t.device)

    @property
    def backing_device(self) -> str:
        return self.device

    @property
    def name(self):
        raise AttributeError("Tensor.name is undefined when eager execution is enabled.")

    @property
    def op(self):
        raise AttributeError("Tensor.op is undefined when eager execution is enabled.")

    @property
    def graph(self):
        raise AttributeError("Tensor.graph is undefined when eager execution is enabled.")

    def numpy(self) -> np.ndarray:
        """Mirrors ``EagerTensor.numpy``: a numpy copy (a numpy scalar for rank 0)."""
        t = self._t.detach()
        if t.device.type != "cpu":
            t = t.cpu()
        if self._dtype is dtypes.bfloat16:
            t = t.float()
        arr = t.numpy()
        return arr[()] if arr.ndim == 0 else arr.copy()

    def __array__(self, dtype=None, copy=None):
        arr = np.asarray(self.numpy())
        return arr.astype(dtype) if dtype is not None else arr

    def set_shape(self, shape):
        if not TensorShape(shape).is_compatible_with(self.shape):
            raise ValueError(f"Tensor's shape {self.shape} is not compatible with supplied shape {TensorShape(shape)}.")

    def eval(self, feed_dict=None, session=None):
        raise NotImplementedError("eval is not supported when eager execution is enabled, is .numpy() what "
                                  "you're looking for?")

    def _numpy_text(self, is_repr=False) -> str:
        # TF's numpy_text: numpy's own repr/str of the value; scalars print as their item.
        value = self.numpy()
        if self._t.dim() == 0:
            # TF 2.21 under NumPy 2: a float/complex scalar's repr is the repr of its Python value
            # (float32 0.1 -> 0.10000000149011612); its str stays NumPy's shortest form (0.1).
            is_inexact = isinstance(value, np.generic) and np.issubdtype(value.dtype, np.inexact)
            text = repr(value.item()) if is_repr and is_inexact else str(value)
        else:
            text = repr(value) if is_repr else str(value)
        return "\n" + text if "\n" in text else text

    def __repr__(self):
        return f"<tf.Tensor: shape={self.shape}, dtype={self._dtype.name}, numpy={self._numpy_text(True)}>"

    def __str__(self):
        return f"tf.Tensor({self._numpy_text()}, shape={self.shape}, dtype={self._dtype.name})"

    def __bool__(self):
        return bool(self.numpy())

    def __int__(self):
        return int(self.numpy())

    def __float__(self):
        return float(self.numpy())

    def __index__(self):
        return self.numpy().__index__()  # as TF: AttributeError for floats, TypeError for arrays

    def __len__(self):
        if self._t.dim() == 0:
            raise TypeError("Scalar tensor has no `len()`")
        return self._t.shape[0]

    def __format__(self, spec):
        # TF formats the numpy value: "{}".format(t) is "[1. 2.]"; a spec on a non-scalar raises TypeError.
        return format(self.numpy(), spec)

    def __copy__(self):
        return self

    def __deepcopy__(self, memo):
        return EagerTensor(self._t.detach().clone(), self._dtype)

    def __reduce__(self):
        return _rebuild_eager, (self.numpy(), self._dtype.name)

    def _torch(self) -> torch.Tensor:
        return self._t


def _rebuild_eager(arr, dtype_name):
    dtype = dtypes.as_dtype(dtype_name)
    if dtype is dtypes.bfloat16:
        return EagerTensor(torch.from_numpy(np.array(arr, np.float32)).to(torch.bfloat16), dtype)
    return EagerTensor(torch.from_numpy(np.array(arr, dtype.np_dtype)), dtype)


class SymbolicTensor(Tensor):
    """A graph ``tf.Tensor``: output ``value_index`` of ``op``, named ``op_name:index``."""

    __slots__ = ("op", "value_index", "_dtype", "_shape", "_consumers", "__weakref__")

    def __init__(self, op, value_index, dtype, shape):
        self.op = op
        self.value_index = value_index
        self._dtype = dtype
        self._shape = shape if isinstance(shape, TensorShape) else TensorShape(shape)

    @property
    def dtype(self):
        return self._dtype

    @property
    def shape(self) -> TensorShape:
        return self._shape

    @property
    def name(self) -> str:
        return f"{self.op.name}:{self.value_index}"

    @property
    def graph(self):
        return self.op.graph

    @property
    def device(self) -> str:
        return self.op._device_str

    def set_shape(self, shape):
        """Mirrors ``Tensor.set_shape``: merges a more specific static shape (ValueError if incompatible)."""
        shape = TensorShape(shape)
        if not self._shape.is_compatible_with(shape):
            raise ValueError(f"Tensor's shape {self._shape} is not compatible with supplied shape {shape}.")
        self._shape = self._shape.merge_with(shape)

    def consumers(self):
        return [op for op in self.op.graph._ops if any(t is self for t in op.inputs)]

    def eval(self, feed_dict=None, session=None):
        """Mirrors ``Tensor.eval``: evaluates in the default (or given) session."""
        from tfcompat._src.framework import session_hooks
        return session_hooks.run_in_default_session(self, feed_dict, session)

    @property
    def numpy(self):
        # TF 2.21's graph tensor has no numpy method at all (a leaked tf.function tensor: AttributeError).
        raise AttributeError(f"'{type(self).__name__}' object has no attribute 'numpy'")

    def __array__(self, dtype=None, copy=None):
        raise NotImplementedError(
            f"Cannot convert a symbolic tf.Tensor ({self.name}) to a numpy array. This error may indicate that "
            f"you're trying to pass a Tensor to a NumPy call, which is not supported.")

    def __len__(self):
        raise TypeError(f"len is not well defined for a symbolic Tensor ({self.name}). Please call "
                        f"`x.shape` rather than `len(x)` for shape information.")

    def __repr__(self):
        return f"<tf.Tensor '{self.name}' shape={self._shape} dtype={self._dtype.name}>"

    def __str__(self):
        if self._shape.rank is None:   # TF leaves the shape out when even the rank is unknown
            return f"Tensor(\"{self.name}\", dtype={self._dtype.name})"
        return f"Tensor(\"{self.name}\", shape={self._shape}, dtype={self._dtype.name})"

    def _as_graph_element(self):
        return self
