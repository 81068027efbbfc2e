"""The data ``fit``/``evaluate``/``predict`` accept: numpy arrays and tensors (and lists/dicts of them, sliced
into batches, shuffled per epoch), ``tf.data`` datasets and any iterable of ``(x, y[, sample_weight])``
batches (duck typed), plus ``validation_split`` and ``class_weight`` as tf-keras 2.21 applies them.

As in Keras, float numpy arrays become ``floatx`` tensors; shuffling draws from tfcompat's random ops (see the
``random-values`` deviation), so shuffled batch orders differ from TF's."""
from __future__ import annotations

import math
import random
import sys
import warnings

import numpy as np
import torch

from tfcompat._src.framework import dtypes
from tfcompat._src.framework import nest
from tfcompat._src.framework.dispatch import convert_to_tensor
from tfcompat._src.framework.sparse_tensor import SparseTensor, SparseTensorValue
from tfcompat._src.framework.string_tensor import StringTensor
from tfcompat._src.framework.tensor import EagerTensor, Tensor
from tfcompat._src.ops import variables as variables_lib
from tfcompat._src.distribute import distribute_context
from tfcompat._src.distribute import input_lib as distribute_input_lib
from tfcompat._src.keras import backend
from tfcompat._src.keras.engine import composite_inputs
from tfcompat._src.keras.utils import data_utils, dataset_creator

__all__ = ["unpack_x_y_sample_weight", "pack_x_y_sample_weight", "train_validation_split", "DataHandler",
           "single_batch"]


def unpack_x_y_sample_weight(data):
    """Mirrors ``tf.keras.utils.unpack_x_y_sample_weight``: (x, y, sample_weight) from a batch."""
    if isinstance(data, list):
        data = tuple(data)
    if not isinstance(data, tuple):
        return data, None, None
    if len(data) == 1:
        return data[0], None, None
    if len(data) == 2:
        return data[0], data[1], None
    if len(data) == 3:
        return data[0], data[1], data[2]
    raise ValueError(f"Data is expected to be in format `x`, `(x,)`, `(x, y)`, or `(x, y, sample_weight)`, found: "
                     f"{data}")


def pack_x_y_sample_weight(x, y=None, sample_weight=None):
    """Mirrors ``tf.keras.utils.pack_x_y_sample_weight``."""
    if y is None:
        if not isinstance(x, (tuple, list)):
            return x
        return (x,)
    if sample_weight is None:
        return (x, y)
    return (x, y, sample_weight)


def _pandas_types() -> tuple:
    """(pandas.Series, pandas.DataFrame) once pandas is imported (a value cannot be one before), else ()."""
    pd = sys.modules.get("pandas")
    return (pd.Series, pd.DataFrame) if pd is not None else ()


def _is_array_like(x) -> bool:
    return isinstance(x, (np.ndarray, Tensor, variables_lib.Variable, *_pandas_types())) or (
        isinstance(x, (list, tuple)) and x and all(isinstance(v, (int, float, np.generic)) for v in x))


def _is_list_of_scalars(x) -> bool:
    """tf-keras's ``_is_list_of_scalars`` (``ListsOfScalarsDataAdapter``): a non-empty (nested) list of Python
    scalars or strings is one array, not a structure of single values."""
    if isinstance(x, (float, int, str, bytes, bytearray)):
        return True
    return isinstance(x, (list, tuple)) and len(x) > 0 and _is_list_of_scalars(x[0])


def eager_from_numpy(value) -> EagerTensor:
    """An eager tensor holding ``value`` whatever the mode (a TF1 graph's batches are fed, not built as ops)."""
    from tfcompat._src.framework.dispatch import to_torch_value
    if isinstance(value, EagerTensor):
        return value
    arr = np.asarray(value)
    dtype = dtypes.as_dtype(arr.dtype) if arr.dtype.kind != "U" and arr.dtype.kind != "O" else dtypes.string
    return EagerTensor(to_torch_value(arr, dtype), dtype)


def _to_tensor(x):
    """Keras' ``_process_tensorlike``: float arrays become floatx tensors; lists of scalars become arrays."""
    if x is None:
        return None
    if isinstance(x, SparseTensorValue):
        x = SparseTensor.from_value(x)
    if composite_inputs.is_composite_value(x):
        return composite_inputs.check_training_data(x)
    if isinstance(x, variables_lib.Variable):
        if x.graph is not None:
            raise TypeError("Variables of a TF1 graph cannot be used as training data; pass numpy arrays.")
        x = x.read_value()
    if isinstance(x, (list, tuple)) and all(isinstance(v, (int, float, np.generic)) for v in x):
        x = np.asarray(x)
    if isinstance(x, Tensor) and not isinstance(x, (EagerTensor, StringTensor)):   # (eager string tensors pass)
        raise TypeError(f"Symbolic tensors cannot be used as training data; pass numpy arrays. Received: {x}")
    if isinstance(x, (EagerTensor, StringTensor)):
        return x
    pandas_types = _pandas_types()
    if pandas_types and isinstance(x, pandas_types[0]):
        x = np.expand_dims(x.to_numpy(), axis=-1)   # tf-keras: a pandas Series is one feature column, [n, 1]
    arr = np.asarray(x)
    if np.issubdtype(arr.dtype, np.floating):
        arr = arr.astype(dtypes.as_dtype(backend.floatx()).np_dtype, copy=False)
    return eager_from_numpy(arr)


def _take_rows(t, rows):
    """Rows ``rows`` (a slice or an int64 index tensor) of a batch-major tensor, SparseTensor, RaggedTensor or
    ExtensionType."""
    if t is None:
        return None
    if composite_inputs.is_composite_value(t):
        return composite_inputs.take_rows(t, rows)
    return EagerTensor(t._t[rows], t.dtype)


def _flat_arrays(structure):
    # An ExtensionType without a `shape` counts by its first component's rows.
    return [c for a in nest.flatten(structure) if a is not None
            for c in ([a] if hasattr(a, "shape") else composite_inputs.components_of(a)[:1])]


def _num_samples(structure) -> int:
    sizes = {int(a.shape[0]) for a in _flat_arrays(structure)}
    if len(sizes) > 1:
        raise ValueError(f"Data cardinality is ambiguous:\n" + "".join(
            f"  {label} sizes: {', '.join(str(int(a.shape[0])) for a in _flat_arrays(part))}\n"
            for label, part in (("x", structure[0]), ("y", structure[1]), ("sample_weight", structure[2]))
            if part is not None) + "Make sure all arrays contain the same number of samples.")
    return sizes.pop() if sizes else 0


def train_validation_split(arrays, validation_split):
    """Keras' split: the last ``validation_split`` fraction of the samples (before any shuffling) validates.

    Raises:
      ValueError: the split leaves no training sample."""
    flat = nest.flatten(arrays)
    unsplitable = [type(t) for t in flat if t is not None and not _is_array_like(t)]
    if unsplitable:
        raise ValueError(f"`validation_split` is only supported for Tensors or NumPy arrays, found following types "
                         f"in the input: {unsplitable}")
    if all(t is None for t in flat):
        return arrays, arrays
    first = next(t for t in flat if t is not None)
    batch_dim = int(first.shape[0])
    split_at = int(math.floor(batch_dim * (1.0 - validation_split)))
    if split_at == 0 or split_at == batch_dim:
        raise ValueError(f"Training data contains {batch_dim} samples, which is not sufficient to split it into a "
                         f"validation and training set as specified by `validation_split={validation_split}`. "
                         f"Either provide more data, or a different value for the `validation_split` argument.")

    def split(t, start, end):
        if t is None:
            return t
        return t[start:end]
    train = nest.map_structure(lambda t: split(t, 0, split_at), arrays)
    val = nest.map_structure(lambda t: split(t, split_at, batch_dim), arrays)
    return train, val


def _class_weights_to_sample_weights(class_weight, y, sample_weight):
    flat_y = nest.flatten(y)
    if len(flat_y) > 1:
        raise ValueError("`class_weight` is only supported for Models with a single output.")
    y = flat_y[0]
    class_ids = list(sorted(class_weight.keys()))
    expected = list(range(len(class_ids)))
    if class_ids != expected:
        raise ValueError(f"Expected `class_weight` to be a dict with keys from 0 to one less than the number of "
                         f"classes, found {class_weight}")
    from tfcompat._src.framework.dispatch import to_torch_value
    values = to_torch_value([class_weight[int(c)] for c in class_ids])
    table = EagerTensor(values)
    yt = y._t
    if yt.dim() > 2:
        raise ValueError("`class_weight` not supported for 3+ dimensional targets.")
    if yt.dim() == 2 and yt.shape[1] > 1:
        classes = yt.argmax(dim=1)
    else:
        classes = yt.reshape(-1).to(torch.int64)
    cw = EagerTensor(table._t[classes], table.dtype)
    if sample_weight is not None:
        return EagerTensor(sample_weight._t * cw._t.to(sample_weight._t.dtype), sample_weight.dtype)
    return cw


class _ArrayIterator:
    """Batches of (x, y, sample_weight) tensors sliced from whole-array tensors."""

    def __init__(self, data, num_samples, batch_size, shuffle, class_weight, repeat):
        self._data = data
        self._n = num_samples
        self._batch_size = batch_size
        self._shuffle = shuffle
        self._class_weight = class_weight
        self._repeat = repeat
        self._order = self._make_order()
        self._pos = 0

    def _make_order(self):
        if not self._shuffle:
            return None
        from tfcompat._src.framework import context as ctx_lib
        with ctx_lib.init_scope():
            return self._shuffled_order()

    def _shuffled_order(self):
        from tfcompat._src.ops import random_ops
        if self._shuffle == "batch":
            n_batches = math.ceil(self._n / self._batch_size)
            perm = random_ops.random_shuffle(convert_to_tensor(np.arange(n_batches, dtype=np.int64)))._t
            order = torch.cat([torch.arange(b * self._batch_size, min((b + 1) * self._batch_size, self._n))
                               for b in perm.tolist()])
            return order
        return random_ops.random_shuffle(convert_to_tensor(np.arange(self._n, dtype=np.int64)))._t

    def __iter__(self):
        return self

    def __next__(self):
        if self._pos >= self._n:
            if not self._repeat:
                raise StopIteration
            self._pos = 0
            self._order = self._make_order()
        start, end = self._pos, min(self._pos + self._batch_size, self._n)
        self._pos = end
        rows = slice(start, end) if self._order is None else self._order[start:end]
        x, y, sw = nest.map_structure(lambda t: _take_rows(t, rows), self._data)
        if self._class_weight is not None and y is not None:
            sw = _class_weights_to_sample_weights(self._class_weight, y, sw)
        return pack_x_y_sample_weight(x, y, sw)


class _IterableIterator:
    """Batches from a dataset or any iterable of batches; applies ``class_weight``; converts numpy batches."""

    def __init__(self, iterator, class_weight):
        self._it = iterator
        self._class_weight = class_weight

    def __iter__(self):
        return self

    def __next__(self):
        batch = next(self._it)
        x, y, sw = unpack_x_y_sample_weight(batch)
        x, y, sw = nest.map_structure(_to_tensor, (x, y, sw))
        if self._class_weight is not None and y is not None:
            sw = _class_weights_to_sample_weights(self._class_weight, y, sw)
        return pack_x_y_sample_weight(x, y, sw)


def _dataset_from_creator(creator, steps):
    # tf-keras's DatasetCreatorAdapter: steps are required, and the dataset comes from the strategy's
    # distribute_datasets_from_function (iterated once across epochs, as a distributed dataset is below).
    if steps is None:
        raise ValueError("When using a `tf.keras.utils.experimental.DatasetCreator`, `steps_per_epoch`, "
                         "`validation_steps`, `steps`, or `pss_evaluation_shards` argument must be provided in "
                         "`Model.fit`, `Model.evaluate`, or `Model.predict`.")
    return distribute_context.get_strategy().distribute_datasets_from_function(creator,
                                                                               options=creator.input_options)


def _is_iterable_data(x) -> bool:
    if x is None or _is_array_like(x) or isinstance(x, (dict, str, bytes, composite_inputs.RaggedTensor)):
        return False
    if isinstance(x, (list, tuple)):
        return False
    return hasattr(x, "__iter__") or hasattr(x, "__next__")


class DataHandler:
    """Keras' ``DataHandler``: epochs, steps per epoch and a batch iterator per epoch."""

    def __init__(self, x, y=None, sample_weight=None, batch_size=None, steps_per_epoch=None, initial_epoch=0,
                 epochs=1, shuffle=False, class_weight=None, predict=False):
        self._initial_epoch = initial_epoch
        self._initial_step = 0   # set by fit when BackupAndRestore resumes mid-epoch
        self._epochs = epochs
        self._class_weight = class_weight
        self._steps_per_epoch = steps_per_epoch
        self._insufficient_data = False
        self.step_increment = 0     # steps_per_execution - 1, as tf-keras
        if isinstance(x, dataset_creator.DatasetCreator):
            x = _dataset_from_creator(x, steps_per_epoch)
        self._sequence = x if isinstance(x, data_utils.Sequence) else None
        if self._sequence is not None:
            self._init_sequence(x, y, sample_weight, steps_per_epoch, shuffle)
        elif _is_iterable_data(x):
            if y is not None:
                raise ValueError("`y` argument is not supported when using dataset as input.")
            if sample_weight is not None:
                raise ValueError("`sample_weight` argument is not supported when using dataset as input.")
            self._source = x
            self._is_array = False
            self.inferred_steps = steps_per_epoch if steps_per_epoch is not None else self._cardinality(x)
            self._persistent = None
            if hasattr(x, "__next__") and not hasattr(x, "element_spec"):
                self._persistent = _IterableIterator(x, class_weight)   # a generator: one pass shared by epochs
            if isinstance(x, distribute_input_lib.DistributedDataset):  # tf-keras: steps required, one iterator
                if steps_per_epoch is None:
                    raise ValueError("When providing a distributed dataset, you must specify the number of steps "
                                     "to run.")
                self._persistent = _IterableIterator(iter(x), class_weight)
        else:
            data = nest.map_structure(_to_tensor, tuple(np.asarray(v) if _is_list_of_scalars(v) else v
                                                        for v in (x, y, sample_weight)))
            self._data = data
            self._is_array = True
            self._num_samples = _num_samples(data)
            if batch_size is None:
                batch_size = 32
            self._batch_size = batch_size
            self._shuffle = shuffle
            steps = math.ceil(self._num_samples / batch_size) if self._num_samples else 0
            self.inferred_steps = steps_per_epoch if steps_per_epoch is not None else steps
            self._repeat = steps_per_epoch is not None
            self._persistent = None
            if self._repeat:
                self._persistent = _ArrayIterator(data, self._num_samples, batch_size, shuffle, class_weight, True)

    def _init_sequence(self, x, y, sample_weight, steps_per_epoch, shuffle):
        # tf-keras's KerasSequenceAdapter: batches x[i] in order (python-random shuffled order when
        # `shuffle`), x.on_epoch_end() after each epoch, and one peek at x[0] up front (it advances a seeded
        # image Iterator's batch count, so later batches depend on it).
        if y is not None:
            raise ValueError("`y` argument is not supported when using `keras.utils.Sequence` as input.")
        if sample_weight is not None:
            raise ValueError("`sample_weight` argument is not supported when using `keras.utils.Sequence` as "
                             "input.")
        x[0]
        self._source = x
        self._is_array = False
        self._shuffle = shuffle
        self.inferred_steps = steps_per_epoch if steps_per_epoch is not None else len(x)
        self._persistent = None

    def _sequence_batches(self):
        order = list(range(len(self._sequence)))
        if self._shuffle:
            random.shuffle(order)
        return (self._sequence[i] for i in order)

    @staticmethod
    def _cardinality(dataset):
        card = getattr(dataset, "cardinality", None)
        if callable(card):
            try:
                n = int(card())
            except (TypeError, ValueError):
                return None
            return n if n >= 0 else None
        if hasattr(dataset, "__len__"):
            try:
                return len(dataset)
            except TypeError:
                return None
        return None

    def _epoch_iterator(self):
        if self._persistent is not None:
            return self._persistent
        if self._is_array:
            return _ArrayIterator(self._data, self._num_samples, self._batch_size, self._shuffle,
                                  self._class_weight, False)
        if self._sequence is not None:
            return _IterableIterator(self._sequence_batches(), self._class_weight)
        return _IterableIterator(iter(self._source), self._class_weight)

    def enumerate_epochs(self):
        """Yields (epoch, iterator) for the epochs to run."""
        for epoch in range(self._initial_epoch, self._epochs):
            if self._insufficient_data:
                break
            yield epoch, self._epoch_iterator()
            if self._sequence is not None:
                self._sequence.on_epoch_end()

    def steps(self):
        """Step indices of one epoch (until the data ends when the number of steps is unknown)."""
        step, self._initial_step = self._initial_step, 0
        while self.inferred_steps is None or step < self.inferred_steps:
            if self._insufficient_data:
                break
            yield step
            step += 1

    def next_batch(self, iterator):
        """The next batch, or None when the data ran out (then later epochs do not run)."""
        try:
            return next(iterator)
        except StopIteration:
            if self.inferred_steps is None:
                return None
            self._insufficient_data = True
            warnings.warn("Your input ran out of data; interrupting training. Make sure that your dataset or "
                          "generator can generate at least `steps_per_epoch * epochs` batches. You may need to "
                          "use the `.repeat()` function when building your dataset.", stacklevel=3)
            return None

    def end_of_epoch(self, steps_done):
        if self.inferred_steps is None:
            self.inferred_steps = steps_done


def single_batch(x, y=None, sample_weight=None, class_weight=None):
    """The one batch ``train_on_batch`` & co. run on."""
    x, y, sw = nest.map_structure(_to_tensor, (x, y, sample_weight))
    if class_weight is not None and y is not None:
        sw = _class_weights_to_sample_weights(class_weight, y, sw)
    return pack_x_y_sample_weight(x, y, sw)
