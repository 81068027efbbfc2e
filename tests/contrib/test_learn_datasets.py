"""``tf.contrib.learn.datasets`` (TF 1.15): ``mnist`` (the loader ``input_data`` copies), ``base`` and
``load_dataset``, also under the module path ``tensorflow.contrib.learn.python.learn.datasets``.

No oracle: TF 2.21 has no ``tf.contrib``, so every expected value is derived by hand from the small files the
tests write (idx files from ``tests/examples/idx_files.py``, CSV text here). The loader's behaviour is covered in
``tests/examples/test_mnist_input_data.py``; this file checks the contrib names and what only they have."""
from __future__ import annotations

import gzip
import os
import struct

import numpy as np
import pytest

import tfcompat.compat.v1 as tf1
from tests.examples.idx_files import FILES, numbered_images, write_idx_files
from tfcompat._src.contrib import learn_datasets_base
from tfcompat._src.tools.unsupported import UnsupportedAPIError
from tfcompat.compat.v1.contrib.learn.python.learn.datasets import base as path_base
from tfcompat.compat.v1.contrib.learn.python.learn.datasets import mnist as path_mnist


def test_contrib_namespace_and_module_path_are_the_same_functions():
    datasets = tf1.contrib.learn.datasets
    assert datasets.mnist.read_data_sets is path_mnist.read_data_sets
    assert datasets.base.maybe_download is path_base.maybe_download
    assert datasets.load_dataset is tf1.contrib.learn.python.learn.datasets.load_dataset
    assert datasets.mnist.DEFAULT_SOURCE_URL == "https://storage.googleapis.com/cvdf-datasets/mnist/"


def test_read_data_sets_gives_contrib_datasets_with_contrib_notices(tmp_path, monkeypatch):
    monkeypatch.setattr(learn_datasets_base, "_warned", set())
    folder = write_idx_files(str(tmp_path / "data"))
    with pytest.warns(UserWarning) as record:
        mnist = path_mnist.read_data_sets(folder, validation_size=2, seed=1)
    assert type(mnist.train) is path_mnist.DataSet
    assert isinstance(mnist, learn_datasets_base.Datasets) and mnist.train.num_examples == 10
    notices = [str(w.message).split(" is deprecated")[0] for w in record]
    assert notices == [
        "read_data_sets (from tensorflow.contrib.learn.python.learn.datasets.mnist)",
        "maybe_download (from tensorflow.contrib.learn.python.learn.datasets.base)",
        "extract_images (from tensorflow.contrib.learn.python.learn.datasets.mnist)",
        "extract_labels (from tensorflow.contrib.learn.python.learn.datasets.mnist)",
        "DataSet.__init__ (from tensorflow.contrib.learn.python.learn.datasets.mnist)"]


def test_extract_functions_on_file_objects(tmp_path, capsys):
    folder = write_idx_files(str(tmp_path / "data"), n_train=4)
    with open(os.path.join(folder, FILES["train"][0]), "rb") as f:
        images = path_mnist.extract_images(f)
    assert images.shape == (4, 28, 28, 1) and images.dtype == np.uint8
    np.testing.assert_array_equal(images[..., 0], numbered_images(4))
    with open(os.path.join(folder, FILES["train"][1]), "rb") as f:
        one_hot = path_mnist.extract_labels(f, one_hot=True, num_classes=5)
    np.testing.assert_array_equal(one_hot, np.eye(5)[[0, 1, 2, 3]])
    expected = [f"Extracting {os.path.join(folder, name)}" for name in FILES["train"]]
    assert capsys.readouterr().out.splitlines() == expected
    np.testing.assert_array_equal(path_mnist.dense_to_one_hot(np.array([1, 1]), 2), [[0.0, 1.0], [0.0, 1.0]])


def test_dataset_constructed_directly(tmp_path):
    images = numbered_images(6).reshape(6, 28, 28, 1)
    labels = np.arange(6) % 10
    data = path_mnist.DataSet(images, labels, dtype=tf1.uint8, seed=2)
    assert data.images.shape == (6, 784) and data.images.dtype == np.uint8
    batch, batch_labels = data.next_batch(6, shuffle=False)
    np.testing.assert_array_equal(batch[:, 0], np.arange(6))
    with pytest.raises(AssertionError, match=r"images.shape: \(6, 28, 28, 1\) labels.shape: \(5,\)"):
        path_mnist.DataSet(images, labels[:5])


def test_load_dataset_mnist_reads_mnist_data_in_the_working_directory(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    write_idx_files("MNIST-data", n_train=5003)  # load_mnist keeps read_data_sets' validation_size=5000
    mnist = tf1.contrib.learn.datasets.load_dataset("mnist")
    assert (mnist.train.num_examples, mnist.validation.num_examples, mnist.test.num_examples) == (3, 5000, 5)


@pytest.mark.parametrize("name, error, match", [
    ("iris", UnsupportedAPIError, "load_dataset\\('iris'\\) is not supported"),
    ("dbpedia", UnsupportedAPIError, "DBpedia"),
    ("cifar", ValueError, "Name of dataset is not found: cifar"),
])
def test_load_dataset_other_names(name, error, match):
    with pytest.raises(error, match=match):
        tf1.contrib.learn.datasets.load_dataset(name)


def test_maybe_download_uses_an_existing_file_else_downloads(tmp_path, capsys):
    source = tmp_path / "mirror"
    source.mkdir()
    (source / "a.bin").write_bytes(b"12345")
    work = tmp_path / "work" / "nested"
    path = path_base.maybe_download("a.bin", str(work), f"file://{source}/a.bin")
    assert path == str(work / "a.bin") and (work / "a.bin").read_bytes() == b"12345"
    assert capsys.readouterr().out == "Successfully downloaded a.bin 5 bytes.\n"
    (source / "a.bin").write_bytes(b"changed")
    assert path_base.maybe_download("a.bin", str(work), f"file://{source}/a.bin") == path
    assert (work / "a.bin").read_bytes() == b"12345" and capsys.readouterr().out == ""


def test_load_csv_with_and_without_header(tmp_path):
    with_header = tmp_path / "iris_like.csv"
    with_header.write_text("3,2,setosa,versicolor\n5.1,3.5,0\n4.9,3.0,1\n6.2,2.9,2\n")
    data = path_base.load_csv_with_header(str(with_header), target_dtype=np.int32, features_dtype=np.float32)
    np.testing.assert_array_equal(data.data, np.array([[5.1, 3.5], [4.9, 3.0], [6.2, 2.9]], np.float32))
    np.testing.assert_array_equal(data.target, [0, 1, 2])
    assert data.data.dtype == np.float32 and data.target.dtype == np.int32
    plain = tmp_path / "plain.csv"
    plain.write_text("1,10.5,2\n0,11.5,3\n")
    first = path_base.load_csv_without_header(str(plain), target_dtype=np.int64, features_dtype=np.float64,
                                              target_column=0)
    np.testing.assert_array_equal(first.data, [[10.5, 2.0], [11.5, 3.0]])
    np.testing.assert_array_equal(first.target, [1, 0])


def test_tensorflow_contrib_module_path_resolves_under_install():
    from tfcompat._src.runtime import install as install_lib
    install_lib.install("v1")
    from tensorflow.contrib.learn.python.learn.datasets.mnist import read_data_sets
    from tensorflow.contrib.learn.python.learn.datasets import base
    import tensorflow as tf
    assert read_data_sets is path_mnist.read_data_sets and base is path_base
    assert tf.contrib.learn.datasets.mnist.read_data_sets is read_data_sets


def test_gzip_header_is_read_big_endian(tmp_path):
    """A hand-written 2-image, 2x3 file: the header's count/rows/cols are big-endian uint32."""
    path = tmp_path / "tiny-images.gz"
    with gzip.open(path, "wb") as f:
        f.write(struct.pack(">IIII", 2051, 2, 2, 3) + bytes(range(12)))
    with open(path, "rb") as f:
        images = path_mnist.extract_images(f)
    np.testing.assert_array_equal(images[..., 0], np.arange(12, dtype=np.uint8).reshape(2, 2, 3))
