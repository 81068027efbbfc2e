"""The MNIST loader of TF 1.15, in its two public forms: ``tf.contrib.learn.datasets.mnist``
(``contrib/learn/python/learn/datasets/mnist.py``) and ``tensorflow.examples.tutorials.mnist.input_data``
(``examples/tutorials/mnist/input_data.py``, a copy of the former with ``_``-prefixed helpers). Pure NumPy, as
in TF: the data sets are numpy arrays, not tensors.

- ``read_data_sets(train_dir, ...)`` reads the four idx files (``train-images-idx3-ubyte.gz`` ...) from
  ``train_dir``, downloading each missing one from ``source_url`` first; the first ``validation_size`` training
  examples become the validation set. It prints ``Extracting <path>`` per file, as TF did.
- ``DataSet`` holds ``images`` (float32 scaled by 1/255, or uint8 kept in [0, 255]; ``[n, 784]`` when
  ``reshape`` else ``[n, 28, 28, 1]``) and ``labels`` (uint8, or float64 one-hot rows). ``next_batch`` walks the
  examples in order, reshuffles the whole set with numpy's *global* generator at the start of the first epoch and
  at every epoch end, and joins the end of one epoch to the start of the next in one batch (TF's algorithm).
- Seeding: constructing a ``DataSet`` calls ``numpy.random.seed`` (as TF did): with ``seed`` given, with
  ``seed % (2**31 - 1)`` (``2**31 - 1`` when that and the graph-level seed are both 0); otherwise with the
  graph-level seed (``tf.set_random_seed``), or from the OS when there is none. So the batches are TF 1.15's for
  the same seeds. Unlike TF 2.x's ``get_seed`` this does not count as an unseeded random op: later random ops
  get the op seeds they would get without the data set (TF 1.15 did not count it either).
- Each function logs TF's deprecation notice once, naming the module it was called through.

Deviation from TF 1.15: ``maybe_download`` fails with a ``URLError`` naming the file and URL, without a partial
file; TF left whatever urllib had written."""
from __future__ import annotations

import collections
import dataclasses
import gzip
from typing import Callable

import numpy as np

from tfcompat._src.contrib import learn_datasets_base as base
from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes

__all__ = ["DEFAULT_SOURCE_URL", "DataSet", "TutorialDataSet", "TutorialDatasets", "dense_to_one_hot", "extract_images",
           "extract_labels", "graph_seed_source", "load_mnist", "read_data_sets", "tutorial_dense_to_one_hot",
           "tutorial_extract_images", "tutorial_extract_labels", "tutorial_maybe_download",
           "tutorial_read_data_sets"]

DEFAULT_SOURCE_URL = "https://storage.googleapis.com/cvdf-datasets/mnist/"
TRAIN_IMAGES, TRAIN_LABELS = "train-images-idx3-ubyte.gz", "train-labels-idx1-ubyte.gz"
TEST_IMAGES, TEST_LABELS = "t10k-images-idx3-ubyte.gz", "t10k-labels-idx1-ubyte.gz"

_MAXINT32 = 2 ** 31 - 1
_DEFAULT_GRAPH_SEED = 87654321
_TF_DATA = "Please use tf.data to implement this functionality."


@dataclasses.dataclass(frozen=True)
class _Api:
    """One public form of the loader: the module TF's deprecation notices name, and their texts."""
    module: str
    read_data_sets: str
    dataset_init: str
    prefix: str  # "_" in input_data, whose helpers are private
    datasets: type  # the (train, validation, test) namedtuple read_data_sets returns


# input_data's own copy of base.Datasets (TF 1.15 named it _Datasets).
TutorialDatasets = collections.namedtuple("_Datasets", ["train", "validation", "test"])

_CONTRIB = _Api("tensorflow.contrib.learn.python.learn.datasets.mnist",
                "Please use alternatives such as official/mnist/dataset.py from tensorflow/models.",
                "Please use alternatives such as official/mnist/dataset.py from tensorflow/models.", "", base.Datasets)
_TUTORIAL = _Api("tensorflow.examples.tutorials.mnist.input_data",
                 "Please use alternatives such as: tensorflow_datasets.load('mnist')",
                 "Please use alternatives such as official/mnist/_DataSet.py from tensorflow/models.", "_",
                 TutorialDatasets)


def _tfcompat_graph_seed():
    graph = ctx_lib.graph_mode_graph() or ctx_lib.get_default_graph()
    return graph.seed


# Where ``DataSet`` reads the graph-level seed: tfcompat's current graph (or, eagerly, the global seed, which
# tfcompat keeps on the default graph). The real-script harness points it at real TF's when it runs this loader
# under TensorFlow (tests/real_scripts/runner.py), so both sides shuffle alike.
graph_seed_source: Callable[[], "int | None"] = _tfcompat_graph_seed


def _numpy_seed(seed):
    """The seed TF 1.15's ``DataSet`` gave ``numpy.random.seed``: ``get_seed(seed)``'s op-level seed when
    ``seed`` is given, else its graph-level one (None: no seed anywhere, numpy seeds itself from the OS)."""
    graph_seed = graph_seed_source()
    if seed is None:
        return None if graph_seed is None else int(graph_seed) % _MAXINT32
    op_seed = int(seed) % _MAXINT32
    graph_part = _DEFAULT_GRAPH_SEED if graph_seed is None else int(graph_seed) % _MAXINT32
    return _MAXINT32 if (graph_part, op_seed) == (0, 0) else op_seed


def _read32(bytestream) -> np.uint32:
    return np.frombuffer(bytestream.read(4), dtype=np.dtype(np.uint32).newbyteorder(">"))[0]


def _extract_images(f) -> np.ndarray:
    print("Extracting", f.name)
    with gzip.GzipFile(fileobj=f) as bytestream:
        magic = _read32(bytestream)
        if magic != 2051:
            raise ValueError(f"Invalid magic number {magic} in MNIST image file: {f.name}")
        num_images, rows, cols = (int(_read32(bytestream)) for _ in range(3))
        data = np.frombuffer(bytestream.read(rows * cols * num_images), dtype=np.uint8)
        return data.reshape(num_images, rows, cols, 1)


def _dense_to_one_hot(labels_dense, num_classes) -> np.ndarray:
    num_labels = labels_dense.shape[0]
    one_hot = np.zeros((num_labels, num_classes))  # float64, as TF's
    one_hot.flat[np.arange(num_labels) * num_classes + labels_dense.ravel()] = 1
    return one_hot


def _extract_labels(api: _Api, f, one_hot, num_classes) -> np.ndarray:
    print("Extracting", f.name)
    with gzip.GzipFile(fileobj=f) as bytestream:
        magic = _read32(bytestream)
        if magic != 2049:
            raise ValueError(f"Invalid magic number {magic} in MNIST label file: {f.name}")
        num_items = int(_read32(bytestream))
        labels = np.frombuffer(bytestream.read(num_items), dtype=np.uint8)
    if one_hot:
        base.deprecation_notice(api.prefix + "dense_to_one_hot", api.module, "Please use tf.one_hot on tensors.")
        return _dense_to_one_hot(labels, num_classes)
    return labels


class DataSet:
    """Mirrors ``tf.contrib.learn.datasets.mnist.DataSet`` (TF 1.15): images and labels as numpy arrays, served in
    shuffled batches by ``next_batch``. ``dtype`` is uint8 (images kept in [0, 255]) or float32 (scaled into
    [0, 1]); ``reshape`` flattens ``[n, rows, cols, 1]`` images to ``[n, rows * cols]``; ``one_hot`` only
    matters with ``fake_data``. Constructing one seeds numpy's global generator (see the module docstring).

    Raises:
      TypeError: ``dtype`` is neither uint8 nor float32.
      AssertionError: images and labels differ in length (TF's ``assert``)."""

    _api = _CONTRIB

    def __init__(self, images, labels, fake_data=False, one_hot=False, dtype=dtypes.float32, reshape=True,
                 seed=None):
        base.deprecation_notice(f"{type(self)._api.prefix}DataSet.__init__", type(self)._api.module,
                                type(self)._api.dataset_init)
        np.random.seed(_numpy_seed(seed))
        dtype = dtypes.as_dtype(getattr(dtype, "as_numpy_dtype", dtype)).base_dtype
        if dtype not in (dtypes.uint8, dtypes.float32):
            raise TypeError(f"Invalid image dtype {dtype!r}, expected uint8 or float32")
        if fake_data:
            self._num_examples = 10000
            self.one_hot = one_hot
        else:
            assert images.shape[0] == labels.shape[0], f"images.shape: {images.shape} labels.shape: {labels.shape}"
            self._num_examples = images.shape[0]
            if reshape:
                assert images.shape[3] == 1
                images = images.reshape(images.shape[0], images.shape[1] * images.shape[2])
            if dtype == dtypes.float32:
                # TF's exact arithmetic: float32 values times the Python float 1/255 (a float32 result).
                images = np.multiply(images.astype(np.float32), 1.0 / 255.0)
        self._images = images
        self._labels = labels
        self._epochs_completed = 0
        self._index_in_epoch = 0

    @property
    def images(self):
        return self._images

    @property
    def labels(self):
        return self._labels

    @property
    def num_examples(self) -> int:
        return self._num_examples

    @property
    def epochs_completed(self) -> int:
        return self._epochs_completed

    def next_batch(self, batch_size, fake_data=False, shuffle=True):
        """The next ``batch_size`` (images, labels); with ``fake_data``, lists of ``batch_size`` all-ones
        784-pixel images and label 0 (one-hot ``[1, 0, ..., 0]``). A batch crossing an epoch end is the rest of
        the epoch followed by the start of the (reshuffled) next one."""
        if fake_data:
            fake_image = [1] * 784
            fake_label = [1] + [0] * 9 if self.one_hot else 0
            return [fake_image for _ in range(batch_size)], [fake_label for _ in range(batch_size)]
        start = self._index_in_epoch
        if self._epochs_completed == 0 and start == 0 and shuffle:
            self._shuffle()
        if start + batch_size > self._num_examples:
            self._epochs_completed += 1
            images_rest = self._images[start:self._num_examples]
            labels_rest = self._labels[start:self._num_examples]
            if shuffle:
                self._shuffle()
            self._index_in_epoch = end = batch_size - (self._num_examples - start)
            return (np.concatenate((images_rest, self._images[:end]), axis=0),
                    np.concatenate((labels_rest, self._labels[:end]), axis=0))
        self._index_in_epoch += batch_size
        return self._images[start:self._index_in_epoch], self._labels[start:self._index_in_epoch]

    def _shuffle(self) -> None:
        perm = np.arange(self._num_examples)
        np.random.shuffle(perm)
        self._images = self._images[perm]
        self._labels = self._labels[perm]


class TutorialDataSet(DataSet):
    """``input_data._DataSet`` of TF 1.15: ``DataSet`` under the tutorial module's name (its notices say so)."""

    _api = _TUTORIAL


def _read_data_sets(api: _Api, dataset_cls, train_dir, fake_data, one_hot, dtype, reshape, validation_size,
                    seed, source_url):
    base.deprecation_notice("read_data_sets", api.module, api.read_data_sets)
    if fake_data:
        def fake():
            return dataset_cls([], [], fake_data=True, one_hot=one_hot, dtype=dtype, seed=seed)
        return api.datasets(train=fake(), validation=fake(), test=fake())
    if not source_url:
        source_url = DEFAULT_SOURCE_URL

    def load(filename, extract):
        path = _maybe_download(api, filename, train_dir, source_url + filename)
        with open(path, "rb") as f:
            return extract(f)

    def images(f):
        base.deprecation_notice(api.prefix + "extract_images", api.module, _TF_DATA)
        return _extract_images(f)

    def labels(f):
        base.deprecation_notice(api.prefix + "extract_labels", api.module, _TF_DATA)
        return _extract_labels(api, f, one_hot, 10)

    train_images, train_labels = load(TRAIN_IMAGES, images), load(TRAIN_LABELS, labels)
    test_images, test_labels = load(TEST_IMAGES, images), load(TEST_LABELS, labels)
    if not 0 <= validation_size <= len(train_images):
        raise ValueError(f"Validation size should be between 0 and {len(train_images)}. "
                         f"Received: {validation_size}.")
    options = dict(dtype=dtype, reshape=reshape, seed=seed)
    train = dataset_cls(train_images[validation_size:], train_labels[validation_size:], **options)
    validation = dataset_cls(train_images[:validation_size], train_labels[:validation_size], **options)
    test = dataset_cls(test_images, test_labels, **options)
    return api.datasets(train=train, validation=validation, test=test)


def _maybe_download(api: _Api, filename, work_directory, source_url) -> str:
    base.deprecation_notice(api.prefix + "maybe_download", api.module if api.prefix else base.MODULE,
                            "Please write your own downloading logic.")
    return base.download_unless_present(filename, work_directory, source_url)


# -- tf.contrib.learn.datasets.mnist ----------------------------------------------------------------------------
def extract_images(f) -> np.ndarray:
    """Mirrors ``tf.contrib.learn.datasets.mnist.extract_images``: a gzipped idx3 file object (prints
    ``Extracting <name>``) as a uint8 ``[n, rows, cols, 1]`` array. Raises ValueError unless the magic is 2051."""
    base.deprecation_notice("extract_images", _CONTRIB.module, _TF_DATA)
    return _extract_images(f)


def extract_labels(f, one_hot=False, num_classes=10) -> np.ndarray:
    """Mirrors ``tf.contrib.learn.datasets.mnist.extract_labels``: a gzipped idx1 file object as uint8 labels,
    or float64 one-hot rows. Raises ValueError unless the magic is 2049."""
    base.deprecation_notice("extract_labels", _CONTRIB.module, _TF_DATA)
    return _extract_labels(_CONTRIB, f, one_hot, num_classes)


def dense_to_one_hot(labels_dense, num_classes) -> np.ndarray:
    """Mirrors ``tf.contrib.learn.datasets.mnist.dense_to_one_hot``: float64 ``[n, num_classes]`` one-hot rows."""
    base.deprecation_notice("dense_to_one_hot", _CONTRIB.module, "Please use tf.one_hot on tensors.")
    return _dense_to_one_hot(labels_dense, num_classes)


def read_data_sets(train_dir, fake_data=False, one_hot=False, dtype=dtypes.float32, reshape=True,
                   validation_size=5000, seed=None, source_url=DEFAULT_SOURCE_URL) -> base.Datasets:
    """Mirrors ``tf.contrib.learn.datasets.mnist.read_data_sets`` (TF 1.15): ``Datasets(train, validation,
    test)`` of ``DataSet``s read from the idx files in ``train_dir`` (each downloaded from ``source_url`` when
    missing). See the module docstring for scaling, shuffling and seeding.

    Raises:
      ValueError: ``validation_size`` is not in [0, number of training examples], or a file has a wrong magic.
      urllib.error.URLError: a missing file could not be downloaded."""
    return _read_data_sets(_CONTRIB, DataSet, train_dir, fake_data, one_hot, dtype, reshape, validation_size,
                           seed, source_url)


def load_mnist(train_dir="MNIST-data") -> base.Datasets:
    """Mirrors ``tf.contrib.learn.datasets.mnist.load_mnist``: ``read_data_sets(train_dir)``."""
    return read_data_sets(train_dir)


# -- tensorflow.examples.tutorials.mnist.input_data -------------------------------------------------------------
def tutorial_extract_images(f) -> np.ndarray:
    """``input_data._extract_images`` (TF 1.15): ``extract_images`` under the tutorial module's name."""
    base.deprecation_notice("_extract_images", _TUTORIAL.module, _TF_DATA)
    return _extract_images(f)


def tutorial_extract_labels(f, one_hot=False, num_classes=10) -> np.ndarray:
    """``input_data._extract_labels`` (TF 1.15): ``extract_labels`` under the tutorial module's name."""
    base.deprecation_notice("_extract_labels", _TUTORIAL.module, _TF_DATA)
    return _extract_labels(_TUTORIAL, f, one_hot, num_classes)


def tutorial_dense_to_one_hot(labels_dense, num_classes) -> np.ndarray:
    """``input_data._dense_to_one_hot`` (TF 1.15): ``dense_to_one_hot`` under the tutorial module's name."""
    base.deprecation_notice("_dense_to_one_hot", _TUTORIAL.module, "Please use tf.one_hot on tensors.")
    return _dense_to_one_hot(labels_dense, num_classes)


def tutorial_maybe_download(filename, work_directory, source_url) -> str:
    """``input_data._maybe_download`` (TF 1.15): ``base.maybe_download`` under the tutorial module's name."""
    return _maybe_download(_TUTORIAL, filename, work_directory, source_url)


def tutorial_read_data_sets(train_dir, fake_data=False, one_hot=False, dtype=dtypes.float32, reshape=True,
                            validation_size=5000, seed=None, source_url=DEFAULT_SOURCE_URL) -> TutorialDatasets:
    """Mirrors ``tensorflow.examples.tutorials.mnist.input_data.read_data_sets`` (TF 1.15): the same loader as
    ``tf.contrib.learn.datasets.mnist.read_data_sets`` (see there), with ``input_data._DataSet``s."""
    return _read_data_sets(_TUTORIAL, TutorialDataSet, train_dir, fake_data, one_hot, dtype, reshape,
                           validation_size, seed, source_url)
