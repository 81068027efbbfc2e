"""``tfcompat.examples.tutorials.mnist.input_data`` (TF 1.15's ``tensorflow.examples.tutorials.mnist.input_data``).

No oracle: TF 2.21 has no ``tensorflow.examples`` (and TF 1.15 does not run here), so every expected value is
derived by hand: from the small idx files ``idx_files.py`` writes (image i carries its number in pixel (0, 0)),
and, for batch order, from TF 1.15's documented algorithm (``numpy.random.seed`` at each ``DataSet``'s
construction, then ``numpy.random.shuffle`` of ``arange(n)`` at the first batch and at every epoch end) replayed
with a ``numpy.random.RandomState`` of the same seed."""
from __future__ import annotations

import os
import urllib.error

import numpy as np
import pytest

import tfcompat.compat.v1 as tf1
from tests.examples.idx_files import FILES, numbered_images, write_idx_files, write_split
from tfcompat._src.contrib import learn_datasets_base
from tfcompat.examples.tutorials.mnist import input_data


@pytest.fixture
def data_dir(tmp_path):
    return write_idx_files(str(tmp_path / "MNIST_data"))


def _ids(images):
    """The numbers of the images in a batch (pixel 0, scaled back when float)."""
    first = np.asarray(images).reshape(len(images), -1)[:, 0]
    return [int(round(float(v) * 255)) if np.asarray(images).dtype == np.float32 else int(v) for v in first]


def _hand_batches(n, seed, sizes, shuffle=True):
    """Example numbers of each ``next_batch(size)`` by TF 1.15's algorithm, replayed by hand."""
    rng = np.random.RandomState(seed)
    order, index, epochs, out = np.arange(n), 0, 0, []
    for size in sizes:
        if epochs == 0 and index == 0 and shuffle:
            perm = np.arange(n)
            rng.shuffle(perm)
            order = order[perm]
        if index + size > n:
            epochs += 1
            rest = list(order[index:])
            if shuffle:
                perm = np.arange(n)
                rng.shuffle(perm)
                order = order[perm]
            index = size - len(rest)
            out.append(rest + list(order[:index]))
        else:
            out.append(list(order[index:index + size]))
            index += size
    return out


@pytest.mark.parametrize("kwargs, image_shape, image_dtype, label_shape, label_dtype", [
    ({}, (784,), np.float32, (), np.uint8),
    ({"one_hot": True}, (784,), np.float32, (10,), np.float64),
    ({"reshape": False}, (28, 28, 1), np.float32, (), np.uint8),
    ({"dtype": tf1.uint8}, (784,), np.uint8, (), np.uint8),
    ({"dtype": tf1.uint8, "reshape": False, "one_hot": True}, (28, 28, 1), np.uint8, (10,), np.float64),
])
def test_read_data_sets_shapes_dtypes_and_split(data_dir, kwargs, image_shape, image_dtype, label_shape,
                                                label_dtype):
    mnist = input_data.read_data_sets(data_dir, validation_size=3, seed=1, **kwargs)
    for part, n in ((mnist.train, 9), (mnist.validation, 3), (mnist.test, 5)):
        assert part.num_examples == n and part.epochs_completed == 0
        assert part.images.shape == (n,) + image_shape and part.images.dtype == image_dtype
        assert part.labels.shape == (n,) + label_shape and part.labels.dtype == label_dtype
    # validation: the file's first 3 training examples; train: the rest; in file order until next_batch
    assert _ids(mnist.validation.images) == [0, 1, 2]
    assert _ids(mnist.train.images) == list(range(3, 12))
    assert _ids(mnist.test.images) == list(range(100, 105))
    assert type(mnist) is input_data._Datasets and type(mnist).__name__ == "_Datasets"
    assert mnist._fields == ("train", "validation", "test") and type(mnist.train) is input_data._DataSet


def test_float32_images_are_uint8_times_one_over_255(data_dir):
    mnist = input_data.read_data_sets(data_dir, validation_size=0, seed=1)
    expected = numbered_images(12).reshape(12, 784).astype(np.float32) * np.float32(1.0 / 255.0)
    np.testing.assert_array_equal(mnist.train.images, expected)
    assert mnist.train.images.min() >= 0.0 and mnist.train.images.max() == np.float32(1.0)
    raw = input_data.read_data_sets(data_dir, validation_size=0, seed=1, dtype=tf1.uint8)
    np.testing.assert_array_equal(raw.train.images, numbered_images(12).reshape(12, 784))


def test_one_hot_labels_are_float64_rows(data_dir):
    mnist = input_data.read_data_sets(data_dir, one_hot=True, validation_size=0, seed=1)
    expected = np.zeros((12, 10))
    expected[np.arange(12), np.arange(12) % 10] = 1.0
    np.testing.assert_array_equal(mnist.train.labels, expected)
    np.testing.assert_array_equal(input_data._dense_to_one_hot(np.array([2, 0], np.uint8), 3),
                                  [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]])


@pytest.mark.parametrize("sizes", [(4, 4, 4, 4, 4), (5, 5, 5), (9, 9, 2), (12, 12, 1, 11)])
def test_next_batch_sequence_across_epochs(data_dir, sizes):
    """``seed=7`` seeds numpy with 7 at each DataSet's construction (test last), so the first shuffle comes from
    a fresh RandomState(7); batches crossing an epoch end join its rest to the reshuffled next epoch."""
    mnist = input_data.read_data_sets(data_dir, validation_size=0, seed=7)
    expected = [[i for i in batch] for batch in _hand_batches(12, 7, sizes)]
    got, epochs = [], []
    for size in sizes:
        images, labels = mnist.train.next_batch(size)
        got.append(_ids(images))
        assert len(images) == len(labels) == size
        np.testing.assert_array_equal(labels, np.array(got[-1]) % 10)
        epochs.append(mnist.train.epochs_completed)
    assert got == expected
    assert epochs == [(sum(sizes[:i + 1]) - 1) // 12 if sum(sizes[:i + 1]) > 12 else 0 for i in range(len(sizes))]


def test_next_batch_without_shuffle_wraps_in_file_order(data_dir):
    mnist = input_data.read_data_sets(data_dir, validation_size=2, seed=3)
    got = [_ids(mnist.train.next_batch(4, shuffle=False)[0]) for _ in range(3)]
    assert got == [[2, 3, 4, 5], [6, 7, 8, 9], [10, 11, 2, 3]]
    assert mnist.train.epochs_completed == 1


def test_graph_level_seed_seeds_numpy_when_no_seed_is_given(data_dir):
    """TF 1.15: ``numpy.random.seed(seed1)``, the graph-level seed, when ``seed`` is None."""
    with tf1.Graph().as_default():
        tf1.set_random_seed(5)
        mnist = input_data.read_data_sets(data_dir, validation_size=0)
        got = _ids(mnist.train.next_batch(12)[0])
    assert got == _hand_batches(12, 5, [12])[0]


@pytest.mark.parametrize("graph_seed, seed, numpy_seed", [
    (None, 7, 7),                      # op-level seed as given
    (3, 7, 7),                         # the op-level seed wins over the graph's
    (None, 2 ** 31 + 4, 5),            # truncated modulo 2**31 - 1
    (0, 0, 2 ** 31 - 1),               # (0, 0) is TF's "no seed": get_seed makes it (0, 2**31 - 1)
])
def test_seed_follows_tf_get_seed(data_dir, graph_seed, seed, numpy_seed):
    with tf1.Graph().as_default():
        if graph_seed is not None:
            tf1.set_random_seed(graph_seed)
        mnist = input_data.read_data_sets(data_dir, validation_size=0, seed=seed)
    assert _ids(mnist.train.next_batch(12)[0]) == _hand_batches(12, numpy_seed, [12])[0]


def test_constructing_a_dataset_reseeds_numpy_global_generator(data_dir):
    """TF's DataSet calls numpy.random.seed: the script's own numpy draws after read_data_sets follow it."""
    np.random.seed(123)
    input_data.read_data_sets(data_dir, validation_size=0, seed=9)
    assert np.random.rand() == np.random.RandomState(9).rand()


def test_loading_does_not_use_up_an_op_seed(data_dir):
    """Unlike TF 2.x's get_seed, TF 1.15's DataSet did not count as an unseeded random op: the next random op
    gets the same op seed as without the loader (hand: both graphs draw identical numbers)."""
    def draw(load):
        with tf1.Graph().as_default():
            tf1.set_random_seed(4)
            if load:
                input_data.read_data_sets(data_dir, validation_size=0)
            x = tf1.random_uniform([3])
            with tf1.Session() as sess:
                return sess.run(x)
    np.testing.assert_array_equal(draw(True), draw(False))


def test_fake_data(tmp_path):
    mnist = input_data.read_data_sets(str(tmp_path / "unused"), fake_data=True, one_hot=True)
    assert mnist.train.num_examples == mnist.validation.num_examples == mnist.test.num_examples == 10000
    images, labels = mnist.train.next_batch(3, fake_data=True)
    assert images == [[1] * 784] * 3 and labels == [[1] + [0] * 9] * 3
    plain = input_data.read_data_sets(str(tmp_path / "unused"), fake_data=True)
    assert plain.test.next_batch(2, fake_data=True) == ([[1] * 784] * 2, [0, 0])
    assert not os.path.exists(tmp_path / "unused")


@pytest.mark.parametrize("validation_size", [-1, 13])
def test_validation_size_out_of_range(data_dir, validation_size):
    with pytest.raises(ValueError, match=f"Validation size should be between 0 and 12. Received: {validation_size}."):
        input_data.read_data_sets(data_dir, validation_size=validation_size)


@pytest.mark.parametrize("split, image_magic, label_magic, message", [
    ("train", 2049, 2049, "Invalid magic number 2049 in MNIST image file: .*train-images-idx3-ubyte.gz"),
    ("test", 2051, 2051, "Invalid magic number 2051 in MNIST label file: .*t10k-labels-idx1-ubyte.gz"),
])
def test_wrong_magic_number(data_dir, split, image_magic, label_magic, message):
    write_split(data_dir, split, numbered_images(3), np.arange(3), image_magic, label_magic)
    with pytest.raises(ValueError, match=message):
        input_data.read_data_sets(data_dir, validation_size=0)


def test_invalid_image_dtype(data_dir):
    with pytest.raises(TypeError, match="Invalid image dtype tf.int32, expected uint8 or float32"):
        input_data.read_data_sets(data_dir, dtype=tf1.int32, validation_size=0)


def test_extract_prints_the_file_name(data_dir, capsys):
    input_data.read_data_sets(data_dir, validation_size=0, seed=1)
    names = [FILES["train"][0], FILES["train"][1], FILES["test"][0], FILES["test"][1]]
    assert capsys.readouterr().out.splitlines() == [f"Extracting {os.path.join(data_dir, n)}" for n in names]


def test_missing_files_are_downloaded_from_source_url(tmp_path, data_dir, capsys):
    target = tmp_path / "downloads"
    mnist = input_data.read_data_sets(str(target), source_url=f"file://{data_dir}/", validation_size=0, seed=1)
    assert mnist.train.num_examples == 12
    out = capsys.readouterr().out.splitlines()
    size = os.path.getsize(os.path.join(data_dir, FILES["train"][0]))
    assert out[0] == f"Successfully downloaded {FILES['train'][0]} {size} bytes."
    assert sorted(os.listdir(target)) == sorted(FILES["train"] + FILES["test"])
    # a second call uses the files now there (no download message)
    input_data.read_data_sets(str(target), source_url="file:///nonexistent/", validation_size=0, seed=1)
    assert not any(line.startswith("Successfully") for line in capsys.readouterr().out.splitlines())


def test_offline_download_names_the_file_and_url_and_leaves_nothing(tmp_path):
    target = tmp_path / "data"
    url = f"file://{tmp_path}/no_such_mirror/"
    with pytest.raises(urllib.error.URLError) as info:
        input_data.read_data_sets(str(target), source_url=url)
    message = str(info.value)
    assert FILES["train"][0] in message and url + FILES["train"][0] in message
    assert str(target / FILES["train"][0]) in message
    assert os.listdir(target) == []


def test_deprecation_notices_once_each_naming_the_tutorial_module(data_dir, monkeypatch):
    monkeypatch.setattr(learn_datasets_base, "_warned", set())
    with pytest.warns(UserWarning) as record:
        input_data.read_data_sets(data_dir, one_hot=True, validation_size=0, seed=1)
        input_data.read_data_sets(data_dir, one_hot=True, validation_size=0, seed=1)
    names = [str(w.message).split(" (from ")[0] for w in record]
    assert names == ["read_data_sets", "_maybe_download", "_extract_images", "_extract_labels",
                     "_dense_to_one_hot", "_DataSet.__init__"]
    assert all("(from tensorflow.examples.tutorials.mnist.input_data) is deprecated" in str(w.message)
               for w in record)
    assert {os.path.basename(w.filename) for w in record} == {os.path.basename(__file__)}


def test_module_has_tf_1_15_names():
    assert input_data.DEFAULT_SOURCE_URL == "https://storage.googleapis.com/cvdf-datasets/mnist/"
    for name in ("read_data_sets", "_DataSet", "_Datasets", "_maybe_download", "_extract_images",
                 "_extract_labels", "_dense_to_one_hot"):
        assert callable(getattr(input_data, name)), name


@pytest.mark.parametrize("api", ["v1", "v2"])
def test_tensorflow_examples_resolves_under_install(api):
    from tfcompat._src.runtime import install as install_lib
    install_lib.install(api)
    import tensorflow
    import tensorflow.examples.tutorials.mnist.input_data as by_path
    from tensorflow.examples.tutorials.mnist import input_data as by_from
    assert by_path is by_from is input_data
    assert tensorflow.examples.tutorials.mnist.input_data is input_data
