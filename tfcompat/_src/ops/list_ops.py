"""TensorList ops: the run-time lists behind graph-mode ``tf.TensorArray`` (mirrors TF's ``list_ops.py``).

A TensorList is a ``variant`` tensor; its run-time value is a ``TensorListValue``, an immutable tuple of torch
tensors (``None`` where nothing was written). Every op returns a new value, so an earlier list (the ``flow`` of
an older TensorArray) is unchanged, as TF's flow semantics require. The elements are ordinary torch tensors:
``stack``/``gather`` record their autograd history, so gradients flow through a list written in a loop body
without any gradient code here."""
from __future__ import annotations

import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.dispatch import apply_op
from tfcompat._src.framework.op_def import DIFFERENTIABLE, NOT_DIFFERENTIABLE, register_op
from tfcompat._src.framework.tensor_shape import TensorShape

__all__ = ["TensorListValue", "tensor_list_reserve", "tensor_list_from_tensor", "tensor_list_set_item",
           "tensor_list_get_item", "tensor_list_stack", "tensor_list_gather", "tensor_list_scatter",
           "tensor_list_length", "tensor_list_concat", "tensor_list_split"]


class TensorListValue:
    """The run-time value of a TensorList: elements (torch tensors or None), their dtype and known shape.

    ``stacked``: a tensor whose rows are exactly ``items`` (a list made from one tensor), so stacking the list
    returns it instead of copying the rows; None otherwise."""

    __slots__ = ("items", "dtype", "element_shape", "stacked", "dims")

    def __init__(self, items: tuple, dtype: torch.dtype, element_shape: TensorShape, stacked=None, dims=False):
        self.items = items
        self.dtype = dtype
        self.element_shape = element_shape
        self.stacked = stacked
        # element_shape as a tuple (None for unknown dimensions; None if the rank is unknown), for the per-write
        # check; computed once per list and handed on to the lists made from it.
        if dims is False:
            dims = tuple(element_shape.as_list()) if element_shape.rank is not None else None
        self.dims = dims

    def replace(self, items) -> "TensorListValue":
        return TensorListValue(tuple(items), self.dtype, self.element_shape, None, self.dims)

    def with_stacked(self, tensor: torch.Tensor) -> "TensorListValue":
        """The list whose elements are the rows of ``tensor`` (views; stacking returns ``tensor`` itself)."""
        return TensorListValue(tuple(tensor.unbind(0)), self.dtype, self.element_shape, tensor, self.dims)

    def accepts_shape(self, shape: torch.Size) -> bool:
        """Whether an element of ``shape`` is compatible with ``element_shape``."""
        dims = self.dims
        return dims is None or (len(dims) == len(shape) and all(d is None or d == n for d, n in zip(dims, shape)))

    def detach(self) -> "TensorListValue":
        """The list with its elements cut from autograd (a stop_gradients tensor of tf.gradients)."""
        if self.stacked is not None:
            return self.with_stacked(self.stacked.detach())
        return self.replace(None if i is None else i.detach() for i in self.items)

    def __len__(self):
        return len(self.items)

    def __repr__(self):
        return f"<TensorList of {len(self.items)} {self.dtype} elements>"


def _scalar_int(t, what) -> int:
    if t.dim() != 0:
        raise errors.InvalidArgumentError(f"{what} must be a scalar, but it has shape {list(t.shape)}")
    return int(t)


def _fill_shape(lst: TensorListValue, index: int):
    """The shape an unset element reads as (zeros): the declared shape, else any set element's shape."""
    if lst.element_shape.is_fully_defined():
        return lst.element_shape.as_list()
    for item in lst.items:
        if item is not None:
            return list(item.shape)
    raise errors.InvalidArgumentError(
        f"Trying to read an uninitialized tensor but element_shape is not fully defined: "
        f"{_shape_str(lst.element_shape)} and no list element is set. (element {index})")


def _shape_str(shape: TensorShape) -> str:
    if shape.rank is None:
        return "<unknown>"
    return "[" + ",".join("?" if d is None else str(d) for d in shape.as_list()) + "]"


def _element(lst: TensorListValue, index: int, device=None):
    item = lst.items[index]
    if item is not None:
        return item
    return torch.zeros(_fill_shape(lst, index), dtype=lst.dtype, device=device)


def _all_elements(lst: TensorListValue, empty_leading: int = 0):
    if not lst.items:
        tail = lst.element_shape.as_list() if lst.element_shape.rank is not None else None
        if tail is None or None in tail[empty_leading:]:
            raise errors.InvalidArgumentError(
                f"Tried to stack elements of an empty list with non-fully-defined element_shape: "
                f"{_shape_str(lst.element_shape)}")
        return None, tail
    device = next((i.device for i in lst.items if i is not None), None)
    return [_element(lst, i, device) for i in range(len(lst.items))], None


def _variant_spec(inputs, attrs):
    return [(TensorShape([]), dtypes.variant)]


def _elements_spec(leading):
    def spec(inputs, attrs):
        return [(TensorShape([leading]).concatenate(attrs["element_shape"]), attrs["element_dtype"])]
    return spec


# ------------------------------------------------------------------------------------------------
# kernels
# ------------------------------------------------------------------------------------------------
@register_op("TensorListReserve", grad=NOT_DIFFERENTIABLE, inputs=("num_elements",), shape_fn=_variant_spec,
             same_type=())
def _reserve(num_elements, *, element_dtype, element_shape):
    n = _scalar_int(num_elements, "num_elements")
    if n < 0:
        raise errors.InvalidArgumentError(f"The num_elements to reserve must be a non negative number, but got {n}")
    return TensorListValue((None,) * n, element_dtype.torch_dtype, element_shape)


@register_op("TensorListFromTensor", grad=DIFFERENTIABLE, inputs=("tensor",), shape_fn=_variant_spec, same_type=())
def _from_tensor(tensor, *, element_dtype, element_shape):
    if tensor.dim() == 0:
        raise errors.InvalidArgumentError("Tensor must be at least a vector, but saw shape: []")
    return TensorListValue(tuple(tensor.unbind(0)), tensor.dtype, element_shape, tensor)


@register_op("TensorListSetItem", grad=DIFFERENTIABLE, inputs=("input_handle", "index", "item"),
             shape_fn=_variant_spec, same_type=())
def _set_item(lst, index, item, *, resize_if_index_out_of_bounds=False):
    i = _scalar_int(index, "index")
    items = list(lst.items)
    if i < 0 or i >= len(items):
        if not resize_if_index_out_of_bounds or i < 0:
            raise errors.InvalidArgumentError(f"Trying to modify element {i} in a list with {len(items)} elements.")
        items.extend([None] * (i + 1 - len(items)))
    if item.dtype != lst.dtype:
        raise errors.InvalidArgumentError(f"Invalid data types; list elements {lst.dtype} but tried to append "
                                          f"{item.dtype}")
    if not lst.accepts_shape(item.shape):
        raise errors.InvalidArgumentError(f"Tried to set a tensor with incompatible shape at a list index. Item "
                                          f"element shape: {_shape_str(TensorShape(item.shape))} list shape: "
                                          f"{_shape_str(lst.element_shape)}")
    items[i] = item
    return lst.replace(items)


@register_op("TensorListGetItem", grad=DIFFERENTIABLE, inputs=("input_handle", "index"),
             shape_fn=lambda inputs, attrs: [(attrs["element_shape"], attrs["element_dtype"])], same_type=())
def _get_item(lst, index, *, element_dtype, element_shape):
    i = _scalar_int(index, "index")
    if i < 0 or i >= len(lst.items):
        raise errors.InvalidArgumentError(f"Trying to access element {i} in a list with {len(lst.items)} "
                                          f"elements.")
    return _element(lst, i, index.device)


@register_op("TensorListStack", grad=DIFFERENTIABLE, inputs=("input_handle",), shape_fn=_elements_spec(None),
             same_type=())
def _stack(lst, *, element_dtype, element_shape):
    if lst.stacked is not None:
        return lst.stacked
    elements, empty_tail = _all_elements(lst)
    if elements is None:
        return torch.zeros([0] + empty_tail, dtype=lst.dtype)
    return torch.stack(elements)


@register_op("TensorListGather", grad=DIFFERENTIABLE, inputs=("input_handle", "indices"),
             shape_fn=lambda inputs, attrs: [(inputs[1].shape.concatenate(attrs["element_shape"]),
                                              attrs["element_dtype"])], same_type=())
def _gather(lst, indices, *, element_dtype, element_shape):
    idx = [int(i) for i in indices.reshape(-1).tolist()]
    n = len(lst.items)
    for i in idx:
        if i < 0 or i >= n:
            raise errors.InvalidArgumentError(f"Trying to gather element {i} in a list with {n} elements.")
    if not idx:
        elements, tail = _all_elements(lst.replace(()))
        return torch.zeros(list(indices.shape) + tail, dtype=lst.dtype)
    device = next((x.device for x in lst.items if x is not None), None)
    rows = torch.stack([_element(lst, i, device) for i in idx])
    return rows.reshape(list(indices.shape) + list(rows.shape[1:]))


@register_op("TensorListScatterIntoExistingList", grad=DIFFERENTIABLE,
             inputs=("input_handle", "tensor", "indices"), shape_fn=_variant_spec, same_type=())
def _scatter(lst, tensor, indices, *, resize_if_index_out_of_bounds=False):
    idx = [int(i) for i in indices.reshape(-1).tolist()]
    if tensor.dim() == 0 or tensor.shape[0] != len(idx):
        raise errors.InvalidArgumentError(f"Invalid number of rows in input tensor. Expected: {len(idx)} Actual: "
                                          f"{tensor.shape[0] if tensor.dim() else 0}")
    items = list(lst.items)
    for i, row in zip(idx, tensor.unbind(0)):
        if i < 0:
            raise errors.InvalidArgumentError(f"Indices must be non-negative, but got {i}")
        if i >= len(items):
            if not resize_if_index_out_of_bounds:
                raise errors.InvalidArgumentError(f"Trying to scatter at index {i} in list with size {len(items)}")
            items.extend([None] * (i + 1 - len(items)))
        items[i] = row
    return lst.replace(items)


@register_op("TensorListLength", grad=NOT_DIFFERENTIABLE, inputs=("input_handle",),
             shape_fn=lambda inputs, attrs: [(TensorShape([]), dtypes.int32)], same_type=())
def _length(lst):
    return torch.tensor(len(lst.items), dtype=torch.int32)


@register_op("TensorListConcatV2", grad=DIFFERENTIABLE, inputs=("input_handle",), num_outputs=2,
             shape_fn=lambda inputs, attrs: [(TensorShape([None]).concatenate(attrs["element_shape"][1:])
                                              if attrs["element_shape"].rank else TensorShape(None),
                                              attrs["element_dtype"]), (TensorShape([None]), dtypes.int64)],
             same_type=())
def _concat(lst, *, element_dtype, element_shape):
    elements, tail = _all_elements(lst, empty_leading=1)
    if elements is None:
        return torch.zeros([0] + tail[1:], dtype=lst.dtype), torch.zeros([0], dtype=torch.int64)
    lengths = torch.tensor([e.shape[0] if e.dim() else 0 for e in elements], dtype=torch.int64)
    return torch.cat(elements, 0), lengths


@register_op("TensorListSplit", grad=DIFFERENTIABLE, inputs=("tensor", "lengths"), shape_fn=_variant_spec,
             same_type=())
def _split(tensor, lengths, *, element_shape):
    sizes = [int(n) for n in lengths.reshape(-1).tolist()]
    if tensor.dim() == 0:
        raise errors.InvalidArgumentError("Tensor must be at least a vector, but saw shape: []")
    if sum(sizes) != tensor.shape[0]:
        raise errors.InvalidArgumentError(f"Unable to split tensor of shape {list(tensor.shape)} into lengths "
                                          f"summing to {sum(sizes)}")
    return TensorListValue(tuple(torch.split(tensor, sizes, 0)), tensor.dtype, element_shape)


# ------------------------------------------------------------------------------------------------
# wrappers
# ------------------------------------------------------------------------------------------------
def tensor_list_reserve(num_elements, element_dtype, element_shape):
    """A list of ``num_elements`` unset elements (TF's ``list_ops.tensor_list_reserve``)."""
    return apply_op("TensorListReserve", [num_elements], {"element_dtype": element_dtype,
                                                          "element_shape": TensorShape(element_shape)},
                    name="TensorListReserve")


def tensor_list_from_tensor(tensor, element_shape):
    """The rows of ``tensor`` as a list (TF's ``list_ops.tensor_list_from_tensor``)."""
    return apply_op("TensorListFromTensor", [tensor], {"element_dtype": tensor.dtype,
                                                       "element_shape": TensorShape(element_shape)},
                    name="TensorListFromTensor")


def tensor_list_set_item(handle, index, item, resize_if_index_out_of_bounds=False):
    """The list with element ``index`` set to ``item``; grows it when allowed (TF's ``tensor_list_set_item``)."""
    return apply_op("TensorListSetItem", [handle, index, item],
                    {"resize_if_index_out_of_bounds": resize_if_index_out_of_bounds}, name="TensorListSetItem")


def tensor_list_get_item(handle, index, element_dtype, element_shape, name=None):
    """Element ``index``; zeros if unset (TF's ``list_ops.tensor_list_get_item``)."""
    return apply_op("TensorListGetItem", [handle, index], {"element_dtype": element_dtype,
                                                           "element_shape": TensorShape(element_shape)},
                    name=name or "TensorListGetItem")


def tensor_list_stack(handle, element_dtype, element_shape, name=None):
    """All elements stacked on a new axis 0 (TF's ``list_ops.tensor_list_stack``)."""
    return apply_op("TensorListStack", [handle], {"element_dtype": element_dtype,
                                                  "element_shape": TensorShape(element_shape)},
                    name=name or "TensorListStack")


def tensor_list_gather(handle, indices, element_dtype, element_shape, name=None):
    """The elements at ``indices``, stacked (TF's ``list_ops.tensor_list_gather``)."""
    return apply_op("TensorListGather", [handle, indices], {"element_dtype": element_dtype,
                                                            "element_shape": TensorShape(element_shape)},
                    name=name or "TensorListGather")


def tensor_list_scatter(handle, tensor, indices, resize_if_index_out_of_bounds=False):
    """The list with element ``indices[k]`` set to ``tensor[k]`` (TF's ``tensor_list_scatter``)."""
    return apply_op("TensorListScatterIntoExistingList", [handle, tensor, indices],
                    {"resize_if_index_out_of_bounds": resize_if_index_out_of_bounds},
                    name="TensorListScatterIntoExistingList")


def tensor_list_length(handle, name=None):
    """The number of elements, an int32 scalar (TF's ``list_ops.tensor_list_length``)."""
    return apply_op("TensorListLength", [handle], name=name or "TensorListLength")


def tensor_list_concat(handle, element_dtype, element_shape, name=None):
    """``(elements concatenated on axis 0, their lengths)`` (TF's ``list_ops.tensor_list_concat``)."""
    return apply_op("TensorListConcatV2", [handle], {"element_dtype": element_dtype,
                                                     "element_shape": TensorShape(element_shape)},
                    name=name or "TensorListConcatV2")


def tensor_list_split(tensor, lengths, element_shape):
    """Consecutive pieces of ``tensor`` of ``lengths`` as a list (TF's ``list_ops.tensor_list_split``)."""
    return apply_op("TensorListSplit", [tensor, lengths], {"element_shape": TensorShape(element_shape)},
                    name="TensorListSplit")
