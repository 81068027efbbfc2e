"""``tf.contrib.learn.datasets.base`` of TF 1.15 (``contrib/learn/python/learn/datasets/base.py``): the result
tuples, CSV loading and the download helper the MNIST loaders use. Pure Python + NumPy, no TF ops (as in TF).

TF marked each helper deprecated and logged that once per function (``tf.compat.v1.logging``); here each logs the
same notice once as a ``UserWarning`` (``deprecation_notice``). ``maybe_download`` keeps TF's contract (use the
file in ``work_directory`` when it is there, else download it) but, offline, raises ``urllib.error.URLError``
naming the file, the URL and the folder to put the file in, and leaves no partial file behind."""
from __future__ import annotations

import collections
import csv
import os
import shutil
import sys
import tempfile
import urllib.error
import urllib.request
import warnings

import numpy as np

__all__ = ["Dataset", "Datasets", "deprecation_notice", "load_csv_with_header", "load_csv_without_header",
           "maybe_download", "urlretrieve_with_retry"]

MODULE = "tensorflow.contrib.learn.python.learn.datasets.base"

Dataset = collections.namedtuple("Dataset", ["data", "target"])
Datasets = collections.namedtuple("Datasets", ["train", "validation", "test"])

_warned: set[tuple[str, str]] = set()
# Notices point at the first caller outside tfcompat (the script's line), as TF's "From <file>:<line>" did.
_TFCOMPAT_DIR = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))) + os.sep


def deprecation_notice(name: str, module: str, instructions: str) -> None:
    """Warns once per (module, name), with the text TF's ``@deprecated`` logged for ``name`` in ``module``."""
    if (module, name) in _warned:
        return
    _warned.add((module, name))
    warnings.warn(f"{name} (from {module}) is deprecated and will be removed in a future version: {instructions}",
                  UserWarning, stacklevel=_outside_tfcompat_stacklevel())


def _outside_tfcompat_stacklevel() -> int:
    """``warnings.warn``'s ``stacklevel`` (counted from ``deprecation_notice``) of the first frame outside
    tfcompat."""
    frame, level = sys._getframe(2), 2
    while frame is not None and frame.f_code.co_filename.startswith(_TFCOMPAT_DIR):
        frame, level = frame.f_back, level + 1
    return level


def load_csv_with_header(filename, target_dtype, features_dtype, target_column=-1) -> Dataset:
    """Mirrors ``tf.contrib.learn.datasets.base.load_csv_with_header``: the first row holds the number of
    samples and of features (further header cells are ignored); each row's ``target_column`` is the target."""
    deprecation_notice("load_csv_with_header", MODULE, "Use tf.data instead.")
    with open(filename, newline="") as csv_file:
        rows = csv.reader(csv_file)
        header = next(rows)
        n_samples, n_features = int(header[0]), int(header[1])
        data = np.zeros((n_samples, n_features), dtype=features_dtype)
        target = np.zeros((n_samples,), dtype=target_dtype)
        for i, row in enumerate(rows):
            target[i] = np.asarray(row.pop(target_column), dtype=target_dtype)
            data[i] = np.asarray(row, dtype=features_dtype)
    return Dataset(data=data, target=target)


def load_csv_without_header(filename, target_dtype, features_dtype, target_column=-1) -> Dataset:
    """Mirrors ``tf.contrib.learn.datasets.base.load_csv_without_header``: every row is a sample; the
    ``target_column`` column is the target."""
    deprecation_notice("load_csv_without_header", MODULE, "Use tf.data instead.")
    with open(filename, newline="") as csv_file:
        data = [row for row in csv.reader(csv_file)]
    target = np.array([row.pop(target_column) for row in data], dtype=target_dtype)
    return Dataset(data=np.array(data, dtype=features_dtype), target=target)


def urlretrieve_with_retry(url, filename=None):
    """Mirrors ``tf.contrib.learn.datasets.base.urlretrieve_with_retry`` (``urllib.request.urlretrieve``);
    TF retried on timeouts only, which urllib reports as ``URLError`` here, so there is one attempt."""
    deprecation_notice("urlretrieve_with_retry", MODULE, "Use the retry module or similar alternatives.")
    return urllib.request.urlretrieve(url, filename)


def maybe_download(filename, work_directory, source_url):
    """Mirrors ``tf.contrib.learn.datasets.base.maybe_download``: ``work_directory/filename``, downloaded from
    ``source_url`` first unless it is already there (the folder is created when missing).

    Raises:
      urllib.error.URLError: the download failed (offline, bad URL); the message names the file, the URL and
        where to put the file by hand."""
    deprecation_notice("maybe_download", MODULE, "Please write your own downloading logic.")
    return download_unless_present(filename, work_directory, source_url)


def download_unless_present(filename, work_directory, source_url) -> str:
    """``maybe_download`` without the deprecation notice (the MNIST loaders give their own)."""
    os.makedirs(work_directory, exist_ok=True)
    filepath = os.path.join(work_directory, filename)
    if os.path.exists(filepath):
        return filepath
    # Download next to the target and rename when complete: a failed download leaves no partial file that a
    # later run would take for the data set.
    fd, partial = tempfile.mkstemp(prefix=filename + ".", suffix=".part", dir=work_directory)
    os.close(fd)
    try:
        urllib.request.urlretrieve(source_url, partial)
    except (urllib.error.URLError, OSError) as e:
        os.remove(partial)
        reason = getattr(e, "reason", e)
        raise urllib.error.URLError(
            f"could not download {filename} from {source_url} ({reason}); put the file at {filepath} "
            f"to use it without a download") from e
    shutil.move(partial, filepath)
    print("Successfully downloaded", filename, os.path.getsize(filepath), "bytes.")
    return filepath
