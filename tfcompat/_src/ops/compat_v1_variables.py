"""TF1 variable helpers of ``tf.compat.v1`` with no TF2 name: the ``scatter_*`` updates of a variable,
``initialize_variables``/``assert_variables_initialized``, partitioners and ``create_partitioned_variables``
(a list of slices, as TF1 returns them), ``make_template`` and ``variable_op_scope``.

Scatter updates are written as a functional ``tensor_scatter_nd_*`` of the variable's value followed by
``variable.assign`` (registered ops only, so they run in eager and graph mode alike and return the updated
value as TF's resource-variable versions do)."""
from __future__ import annotations

import inspect
import math

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.graph import GraphKeys
from tfcompat._src.framework.name_scope import name_scope
from tfcompat._src.framework.tensor_shape import TensorShape
from tfcompat._src.ops import array_more_ops, array_ops, math_ops, scatter_ops, segment_ops, state_ops
from tfcompat._src.ops import variable_scope as vs_lib

__all__ = [
    "PartitionInfo", "Template", "assert_variables_initialized", "batch_scatter_update",
    "create_partitioned_variables", "fixed_size_partitioner", "initialize_variables", "make_template",
    "min_max_variable_partitioner", "report_uninitialized_variables", "scatter_add", "scatter_div", "scatter_max", "scatter_min", "scatter_mul",
    "scatter_nd_add", "scatter_nd_sub", "scatter_nd_update", "scatter_sub", "scatter_update",
    "variable_axis_size_partitioner", "variable_op_scope",
]


# ------------------------------------------------------------------------------------------------
# scatter updates of a variable
# ------------------------------------------------------------------------------------------------
def _rows(indices):
    """Row indices of a ``scatter_*`` (indices into dimension 0) as ``scatter_nd`` indices."""
    return array_ops.expand_dims(convert_to_tensor(indices), -1)


def _updates(ref, updates):
    return convert_to_tensor(updates, dtype=ref.dtype)


def scatter_update(ref, indices, updates, use_locking=True, name=None):
    """Mirrors ``tf.compat.v1.scatter_update``: ``ref[indices, ...] = updates``; returns the updated value.
    With repeated indices TF does not say which update wins; here the last one does."""
    new = scatter_ops.tensor_scatter_nd_update(ref, _rows(indices), _updates(ref, updates))
    return ref.assign(new, name=name)


def scatter_add(ref, indices, updates, use_locking=False, name=None):
    """Mirrors ``tf.compat.v1.scatter_add``: ``ref[indices, ...] += updates`` (repeated indices add up)."""
    return ref.assign(scatter_ops.tensor_scatter_nd_add(ref, _rows(indices), _updates(ref, updates)), name=name)


def scatter_sub(ref, indices, updates, use_locking=False, name=None):
    """Mirrors ``tf.compat.v1.scatter_sub``: ``ref[indices, ...] -= updates`` (repeated indices add up)."""
    return ref.assign(scatter_ops.tensor_scatter_nd_sub(ref, _rows(indices), _updates(ref, updates)), name=name)


def scatter_max(ref, indices, updates, use_locking=False, name=None):
    """Mirrors ``tf.compat.v1.scatter_max``: ``ref[indices, ...] = max(ref[indices, ...], updates)``."""
    return ref.assign(scatter_ops.tensor_scatter_nd_max(ref, _rows(indices), _updates(ref, updates)), name=name)


def scatter_min(ref, indices, updates, use_locking=False, name=None):
    """Mirrors ``tf.compat.v1.scatter_min``: ``ref[indices, ...] = min(ref[indices, ...], updates)``."""
    return ref.assign(scatter_ops.tensor_scatter_nd_min(ref, _rows(indices), _updates(ref, updates)), name=name)


def _row_products(ref, indices, updates):
    """The product of the updates aimed at each row of ``ref`` (1 for rows no index names)."""
    rows = ref.shape.as_list()[0] if ref.shape.rank else None
    if rows is None:
        raise ValueError(f"scatter_mul/scatter_div need a variable with a known first dimension; got {ref.shape}")
    return segment_ops.unsorted_segment_prod(_updates(ref, updates), convert_to_tensor(indices), rows)


def scatter_mul(ref, indices, updates, use_locking=False, name=None):
    """Mirrors ``tf.compat.v1.scatter_mul``: ``ref[indices, ...] *= updates`` (repeated indices multiply)."""
    return ref.assign(math_ops.multiply(ref, _row_products(ref, indices, updates)), name=name)


def scatter_div(ref, indices, updates, use_locking=False, name=None):
    """Mirrors ``tf.compat.v1.scatter_div``: ``ref[indices, ...] /= updates`` (repeated indices divide in
    turn, computed as one division by their product)."""
    return ref.assign(math_ops.div(ref, _row_products(ref, indices, updates)), name=name)


def scatter_nd_update(ref, indices, updates, use_locking=True, name=None):
    """Mirrors ``tf.compat.v1.scatter_nd_update``: ``ref[indices] = updates`` with N-d indices."""
    return ref.assign(scatter_ops.tensor_scatter_nd_update(ref, indices, _updates(ref, updates)), name=name)


def scatter_nd_add(ref, indices, updates, use_locking=False, name=None):
    """Mirrors ``tf.compat.v1.scatter_nd_add``: ``ref[indices] += updates`` with N-d indices."""
    return ref.assign(scatter_ops.tensor_scatter_nd_add(ref, indices, _updates(ref, updates)), name=name)


def scatter_nd_sub(ref, indices, updates, use_locking=False, name=None):
    """Mirrors ``tf.compat.v1.scatter_nd_sub``: ``ref[indices] -= updates`` with N-d indices."""
    return ref.assign(scatter_ops.tensor_scatter_nd_sub(ref, indices, _updates(ref, updates)), name=name)


def batch_scatter_update(ref, indices, updates, use_locking=True, name=None):
    """Mirrors ``tf.compat.v1.batch_scatter_update``: row ``i`` of ``indices`` updates row ``i`` of ``ref``
    (``ref[i, indices[i, j]] = updates[i, j]``); the leading rank(indices) - 1 dimensions are batch dimensions.

    Raises:
      ValueError: ``indices`` has an unknown or not fully defined shape (tfcompat builds the batch coordinates
        statically; TF needs only the rank)."""
    indices = convert_to_tensor(indices)
    shape = indices.shape
    if not shape.is_fully_defined():
        raise ValueError(f"batch_scatter_update needs indices of a known shape; got {shape}")
    dims = shape.as_list()
    if len(dims) <= 1:
        return scatter_update(ref, indices, updates, use_locking, name)
    grids = array_more_ops.meshgrid(*[array_ops.range(d, dtype=indices.dtype) for d in dims], indexing="ij")
    coords = [grids[i] for i in range(len(dims) - 1)] + [indices]
    nd_indices = array_ops.stack(coords, axis=-1)
    return scatter_nd_update(ref, nd_indices, updates, use_locking, name)


# ------------------------------------------------------------------------------------------------
# initialization checks
# ------------------------------------------------------------------------------------------------
def initialize_variables(var_list, name="init"):
    """Mirrors ``tf.compat.v1.initialize_variables`` (deprecated): ``variables_initializer``."""
    return state_ops.variables_initializer(var_list, name=name)


def assert_variables_initialized(var_list=None):
    """Mirrors ``tf.compat.v1.assert_variables_initialized``: the rank of each of ``var_list`` (default: all
    global and local variables); a scalar for one variable, a vector for several, None for none. As in TF 2.21,
    whose variables are resource variables, the rank comes from the variable's shape, so running it does not fail
    on an uninitialized variable (it did for TF1's reference variables)."""
    if var_list is None:
        var_list = state_ops.global_variables() + state_ops.local_variables()
    if not var_list:
        return None
    ranks = [array_ops.rank(v) if v.shape.rank is None else array_ops.constant(v.shape.rank, name="Rank")
             for v in var_list]
    return ranks[0] if len(ranks) == 1 else array_ops.stack(ranks)


def report_uninitialized_variables(var_list=None, name="report_uninitialized_variables"):
    """Mirrors ``tf.compat.v1.report_uninitialized_variables``: a 1-D string tensor of the names (``op.name``)
    of the variables of ``var_list`` (default: all global and local variables) not yet initialized when it
    runs; empty in eager mode."""
    if var_list is None:
        var_list = state_ops.global_variables() + state_ops.local_variables()
    # An eager variable in a graph's collection (a Keras metric built outside the graph) is always initialized.
    var_list = [v for v in var_list if v.graph is not None]
    with name_scope(name):
        if not var_list or ctx_lib.graph_mode_graph() is None:
            return array_ops.constant([], dtype=dtypes.string)
        initialized = array_ops.stack([convert_to_tensor(v.is_initialized()) for v in var_list])
        names = array_ops.constant([v.op.name for v in var_list])
        return array_more_ops.boolean_mask(names, math_ops.logical_not(initialized))


# ------------------------------------------------------------------------------------------------
# partitioned variables
# ------------------------------------------------------------------------------------------------
def _element_bytes(dtype, bytes_per_string_element):
    dtype = dtypes.as_dtype(dtype)
    return bytes_per_string_element if dtype.base_dtype is dtypes.string else dtype.size


def fixed_size_partitioner(num_shards, axis=0):
    """Mirrors ``tf.compat.v1.fixed_size_partitioner``: a partitioner splitting ``axis`` into ``num_shards``
    parts (at most one per element)."""
    def partitioner(shape, **unused_kwargs):
        shape = TensorShape(shape)
        parts = [1] * shape.rank
        parts[axis] = min(num_shards, shape.as_list()[axis])
        return parts
    return partitioner


def min_max_variable_partitioner(max_partitions=1, axis=0, min_slice_size=256 << 10,
                                 bytes_per_string_element=16):
    """Mirrors ``tf.compat.v1.min_max_variable_partitioner``: as many parts along ``axis`` as keep each at least
    ``min_slice_size`` bytes, between 1 and ``max_partitions`` (and the axis length)."""
    def partitioner(shape, dtype):
        shape = TensorShape(shape)
        if axis >= shape.rank:
            raise ValueError(f"Cannot partition variable along axis {axis} when shape is only {shape}")
        total = shape.num_elements() * _element_bytes(dtype, bytes_per_string_element)
        parts = [1] * shape.rank
        parts[axis] = max(1, min(shape.as_list()[axis], max_partitions, int(math.ceil(total / min_slice_size))))
        return parts
    return partitioner


def variable_axis_size_partitioner(max_shard_bytes, axis=0, bytes_per_string_element=16, max_shards=None):
    """Mirrors ``tf.compat.v1.variable_axis_size_partitioner``: parts along ``axis`` of at most
    ``max_shard_bytes`` each (at least one slice per part), at most ``max_shards``.

    Raises:
      ValueError: a non-positive size, or (when partitioning) a shape that is not a fully defined TensorShape."""
    if max_shard_bytes < 1 or bytes_per_string_element < 1:
        raise ValueError(f"Both max_shard_bytes and bytes_per_string_element must be positive. Currently, "
                         f"max_shard_bytes is {max_shard_bytes} andbytes_per_string_element is "
                         f"{bytes_per_string_element}")
    if max_shards and max_shards < 1:
        raise ValueError("max_shards must be positive.")

    def partitioner(shape, dtype):
        if not isinstance(shape, TensorShape):
            raise ValueError(f"shape is not a TensorShape: {shape}")
        if not shape.is_fully_defined():
            raise ValueError(f"shape is not fully defined: {shape}")
        axis_len = shape.as_list()[axis]
        slice_bytes = shape.num_elements() / axis_len * _element_bytes(dtype, bytes_per_string_element)
        per_shard = max(1, math.floor(max_shard_bytes / slice_bytes))
        shards = int(math.ceil(axis_len / per_shard))
        parts = [1] * shape.rank
        parts[axis] = min(max_shards, shards) if max_shards else shards
        return parts
    return partitioner


class PartitionInfo:
    """Mirrors TF's ``variable_scope._PartitionInfo``: what an initializer of one slice of a partitioned
    variable gets as ``partition_info`` (the full shape and the slice's offset in it)."""

    def __init__(self, full_shape, var_offset):
        self.full_shape = list(full_shape)
        self.var_offset = list(var_offset)

    def single_offset(self, shape):
        """The offset along the one partitioned dimension (0 when none is)."""
        dim = self.single_slice_dim(shape)
        return 0 if dim is None else self.var_offset[dim]

    def single_slice_dim(self, shape):
        """The dimension along which ``shape`` is a slice of ``full_shape`` (None when it is all of it)."""
        dims = [i for i, (s, f) in enumerate(zip(shape, self.full_shape)) if s != f]
        if len(dims) > 1:
            raise ValueError(f"Cannot use single_slice_dim() with shape {shape}: it is partitioned along more "
                             f"than one dimension of {self.full_shape}.")
        return dims[0] if dims else None


def _slice_bounds(length, parts):
    """(offset, size) of each of ``parts`` slices of ``length``: the first ``length % parts`` get one more."""
    base, extra = divmod(length, parts)
    out, offset = [], 0
    for i in range(parts):
        size = base + (1 if i < extra else 0)
        out.append((offset, size))
        offset += size
    return out


def _takes_partition_info(initializer) -> bool:
    try:
        params = inspect.signature(initializer).parameters
    except (TypeError, ValueError):
        return False
    return "partition_info" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def _slice_initializer(initializer, info):
    if inspect.isclass(initializer):
        initializer = initializer()
    if not _takes_partition_info(initializer):
        return initializer

    def init(shape, dtype=None, partition_info=None):
        return initializer(shape, dtype=dtype, partition_info=info)
    return init


def create_partitioned_variables(shape, slicing, initializer, dtype=dtypes.float32, trainable=True,
                                 collections=None, name=None, reuse=None):
    """Mirrors ``tf.compat.v1.create_partitioned_variables`` (deprecated in TF): the variables
    ``<name>/part_<i>`` (default name ``PartitionedVariable``), one per slice of ``shape`` cut along the one
    dimension ``slicing`` splits, as a list. The initializer gets each slice's shape and, where it takes one, a
    ``partition_info`` with the slice's offset.

    Raises:
      ValueError: ``shape`` and ``slicing`` differ in length, ``shape`` is a scalar, or ``slicing`` splits more
        than one dimension."""
    shape = list(TensorShape(shape).as_list())
    slicing = list(slicing)
    if len(shape) != len(slicing):
        raise ValueError(f"The 'shape' and 'slicing' of a partitioned Variable must have the length: shape: "
                         f"{shape}, slicing: {slicing}")
    if len(shape) < 1:
        raise ValueError(f"A partitioned Variable must have rank at least 1: shape: {shape}")
    split = [i for i, p in enumerate(slicing) if p > 1]
    if len(split) > 1:
        raise ValueError(f"Can only slice a variable along one dimension: shape: {shape}, partitioning: {slicing}")
    axis = split[0] if split else 0
    bounds = _slice_bounds(shape[axis], slicing[axis] if split else 1)
    out = []
    with vs_lib.variable_scope(name, "PartitionedVariable", reuse=reuse):
        for i, (offset, size) in enumerate(bounds):
            part_shape = list(shape)
            part_shape[axis] = size
            part_offset = [0] * len(shape)
            part_offset[axis] = offset
            init = _slice_initializer(initializer, PartitionInfo(shape, part_offset))
            out.append(vs_lib.get_variable(f"part_{i}", shape=part_shape, dtype=dtype, initializer=init,
                                           trainable=trainable, collections=collections))
    return out


# ------------------------------------------------------------------------------------------------
# templates
# ------------------------------------------------------------------------------------------------
class Template:
    """Mirrors TF's ``Template`` (what ``tf.compat.v1.make_template`` returns): calls ``func`` in its own
    variable scope, creating variables on the first call and reusing them on every later call.

    Raises (when called):
      ValueError: a later call creates a new trainable variable (as TF; ``tf.compat.v1.get_variable`` raises
        its own reuse error first)."""

    def __init__(self, name, func, create_scope_now=False, unique_name=None, custom_getter=None, **kwargs):
        self._name = name
        self._func = func
        self._kwargs = kwargs
        self._unique_name = unique_name
        self._custom_getter = custom_getter
        self._variable_scope = None
        self._variables_created = False
        if create_scope_now:
            with vs_lib.variable_scope(unique_name, name, custom_getter=custom_getter) as scope:
                self._variable_scope = scope

    def _call_func(self, args, kwargs):
        before = len(state_ops.trainable_variables())
        result = self._func(*args, **dict(self._kwargs, **kwargs))
        if self._variables_created and len(state_ops.trainable_variables()) > before:
            raise ValueError(f"Trainable variable created when calling a template after the first time, perhaps "
                             f"you used tf.Variable when you meant tf.get_variable: "
                             f"{state_ops.trainable_variables()[before:]}")
        self._variables_created = True
        return result

    def __call__(self, *args, **kwargs):
        if self._variable_scope is not None:
            with vs_lib.variable_scope(self._variable_scope, reuse=True if self._variables_created else None):
                return self._call_func(args, kwargs)
        with vs_lib.variable_scope(self._unique_name, self._name, custom_getter=self._custom_getter) as scope:
            self._variable_scope = scope
            return self._call_func(args, kwargs)

    @property
    def name(self) -> str:
        return self._name

    @property
    def func(self):
        return self._func

    @property
    def variable_scope(self):
        return self._variable_scope

    @property
    def variable_scope_name(self) -> str | None:
        if self._variable_scope is None:
            return None
        name = self._variable_scope.name
        return name + "/" if name and not name.endswith("/") else name

    def _collection(self, key):
        if not self._variables_created:
            return []
        return ctx_lib.get_default_graph().get_collection(key, self.variable_scope_name)

    @property
    def variables(self) -> list:
        return self.global_variables + self.local_variables

    @property
    def trainable_variables(self) -> list:
        return self._collection(GraphKeys.TRAINABLE_VARIABLES)

    @property
    def non_trainable_variables(self) -> list:
        trainable = {id(v) for v in self.trainable_variables}
        return [v for v in self.global_variables if id(v) not in trainable]

    @property
    def global_variables(self) -> list:
        return self._collection(GraphKeys.GLOBAL_VARIABLES)

    @property
    def local_variables(self) -> list:
        return self._collection(GraphKeys.LOCAL_VARIABLES)

    @property
    def weights(self) -> list:
        return self.variables

    @property
    def trainable_weights(self) -> list:
        return self.trainable_variables

    @property
    def non_trainable_weights(self) -> list:
        return self.non_trainable_variables


def make_template(name_, func_, create_scope_now_=False, unique_name_=None, custom_getter_=None, **kwargs):
    """Mirrors ``tf.compat.v1.make_template``: ``func_`` wrapped so all its calls share the variables its first
    call creates with ``tf.compat.v1.get_variable`` (``kwargs`` are bound to every call).

    Difference: TF's eager-mode template (EagerTemplate) keeps its own variable store; here eager templates
    share the default store, which gives the same reuse behaviour for the common one-template programs."""
    return Template(name_, func_, create_scope_now=create_scope_now_, unique_name=unique_name_,
                    custom_getter=custom_getter_, **kwargs)


def variable_op_scope(values, name_or_scope, default_name=None, initializer=None, regularizer=None,
                      caching_device=None, partitioner=None, custom_getter=None, reuse=None, dtype=None,
                      use_resource=None, constraint=None):
    """Mirrors ``tf.compat.v1.variable_op_scope`` (deprecated): ``variable_scope(name_or_scope, default_name,
    values, ...)``."""
    return vs_lib.variable_scope(name_or_scope, default_name=default_name, values=values, initializer=initializer,
                                 regularizer=regularizer, caching_device=caching_device, partitioner=partitioner,
                                 custom_getter=custom_getter, reuse=reuse, dtype=dtype, use_resource=use_resource,
                                 constraint=constraint)
