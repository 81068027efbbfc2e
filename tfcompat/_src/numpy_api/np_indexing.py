"""NumPy-style advanced indexing of ``tf.Tensor`` under ``experimental_enable_numpy_behavior()`` (TF NumPy's
``_getitem``): integer-array indices (lists, tuples, numpy arrays, tensors) and boolean arrays inside an index tuple
select elements as NumPy does.

The selection is computed by NumPy itself on the tensor's flat positions (``np.arange(size).reshape(shape)[index]``)
and taken with one ``gather``, so values, the result shape and the gradient (through ``gather``) are NumPy's and
TF's. This needs the tensor's static shape and index values known before running (eager tensors, constants);
otherwise indexing is left to ``tf.Tensor``'s own ``__getitem__``."""
from __future__ import annotations

import numpy as np

from tfcompat._src.framework import dtypes
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.ops import array_ops
from tfcompat._src.ops.array_more_ops import get_static_value

__all__ = ["numpy_getitem"]


def _is_advanced(item) -> bool:
    # A tuple inside the index tuple is an array index, as in NumPy (x[:, (True, False, True)]).
    if isinstance(item, (list, tuple, np.ndarray)):
        return True
    if isinstance(item, Tensor):
        return item.dtype is dtypes.bool_ or item.shape.rank is None or item.shape.rank > 0
    return False


def numpy_getitem(self, index, basic_getitem):
    """``self[index]`` with NumPy's advanced indexing where ``index`` has array parts; ``basic_getitem`` (tf.Tensor's
    own) for everything else."""
    items = index if isinstance(index, tuple) else (index,)
    if not any(_is_advanced(i) for i in items) or not self.shape.is_fully_defined():
        return basic_getitem(self, index)
    np_items = []
    for item in items:
        if isinstance(item, Tensor):
            value = get_static_value(item)
            if value is None:
                return basic_getitem(self, index)
            item = np.asarray(value)
        elif isinstance(item, (list, tuple)):
            item = np.asarray(item)
        np_items.append(item)
    shape = self.shape.as_list()
    positions = np.arange(int(np.prod(shape, dtype=np.int64)), dtype=np.int64).reshape(shape)
    selected = positions[tuple(np_items) if isinstance(index, tuple) else np_items[0]]
    return array_ops.gather(array_ops.reshape(self, [-1]), selected)
