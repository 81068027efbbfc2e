"""``tf.keras.utils.image_dataset_from_directory`` and ``text_dataset_from_directory`` (tf-keras 2.21): files under
one sub-directory per class, labels inferred from the directory names (sorted), shuffled with
``np.random.RandomState(seed)`` as tf-keras does, split by ``validation_split``/``subset``.

Difference: the files are read and decoded when the dataset is created (not lazily in a ``map``); the elements,
their order without shuffling, shapes and dtypes are tf-keras's. The batch-level ``Dataset.shuffle`` after the
file shuffle draws tfcompat's order (known deviation ``random-values``)."""
from __future__ import annotations

import os

import numpy as np

from tfcompat._src.data.dataset_ops import DatasetV2 as Dataset
from tfcompat._src.ops import array_ops, image_codecs, image_resize
from tfcompat._src.keras.utils import image_utils

__all__ = ["image_dataset_from_directory", "text_dataset_from_directory", "index_directory"]

IMAGE_FORMATS = (".bmp", ".gif", ".jpeg", ".jpg", ".png")
TEXT_FORMATS = (".txt",)


def index_directory(directory, labels, formats, class_names=None, shuffle=True, seed=None, follow_links=False):
    """(file paths, labels, class names) as tf-keras's ``dataset_utils.index_directory`` finds them."""
    if labels != "inferred":
        subdirs = [""]
        class_names = subdirs
    else:
        subdirs = [d for d in sorted(os.listdir(directory))
                   if os.path.isdir(os.path.join(directory, d)) and not d.startswith(".")]
        if not class_names:
            class_names = subdirs
        elif set(class_names) != set(subdirs):
            raise ValueError(f"The `class_names` passed did not match the names of the subdirectories of the target "
                             f"directory. Expected: {subdirs}, but received: {class_names}")
    class_indices = dict(zip(class_names, range(len(class_names))))
    filenames, inferred = [], []
    for subdir in subdirs:
        root_dir = os.path.join(directory, subdir)
        dirname = os.path.basename(root_dir)
        for root, _, files in sorted(os.walk(root_dir, followlinks=follow_links), key=lambda x: x[0]):
            for fname in sorted(files):
                if fname.lower().endswith(formats):
                    inferred.append(class_indices[dirname])
                    filenames.append(os.path.join(dirname, os.path.relpath(os.path.join(root, fname), root_dir)))
    if labels not in ("inferred", None):
        if len(labels) != len(filenames):
            raise ValueError(f"Expected the lengths of `labels` to match the number of files in the target directory. "
                             f"len(labels) is {len(labels)} while we found {len(filenames)} files in directory "
                             f"{directory}.")
        class_names = sorted(set(labels))
    else:
        labels = np.array(inferred, dtype="int32").reshape([-1])
    if labels is None:
        print(f"Found {len(filenames)} files.")
    else:
        print(f"Found {len(filenames)} files belonging to {len(class_names)} classes.")
    paths = [os.path.join(directory, f) for f in filenames]
    if shuffle:
        if seed is None:
            seed = np.random.randint(1e6)
        np.random.RandomState(seed).shuffle(paths)
        np.random.RandomState(seed).shuffle(labels)
    return paths, labels, class_names


def _check_split(validation_split, subset, shuffle, seed):
    if validation_split and not 0 < validation_split < 1:
        raise ValueError(f"`validation_split` must be between 0 and 1, received: {validation_split}")
    if (validation_split or subset) and not (validation_split and subset):
        raise ValueError("If `subset` is set, `validation_split` must be set, and inversely.")
    if subset not in ("training", "validation", "both", None):
        raise ValueError(f'`subset` must be either "training", "validation" or "both", received: {subset}')
    if validation_split and shuffle and seed is None:
        raise ValueError("If using `validation_split` and shuffling the data, you must provide a `seed` argument, to "
                         "make sure that there is no overlap between the training and validation subset.")


def _split(samples, labels, validation_split, subset):
    if not validation_split:
        return samples, labels
    count = int(validation_split * len(samples))
    if subset == "training":
        print(f"Using {len(samples) - count} files for training.")
        return samples[:-count], labels[:-count]
    print(f"Using {count} files for validation.")
    return samples[-count:], labels[-count:]


def _labels_dataset(labels, label_mode, num_classes):
    labels = np.asarray(labels)
    if label_mode == "binary":
        return Dataset.from_tensor_slices(labels.astype("float32")[:, None])
    if label_mode == "categorical":
        return Dataset.from_tensor_slices(np.eye(num_classes, dtype="float32")[labels])
    return Dataset.from_tensor_slices(labels)


def _finish(dataset, batch_size, shuffle, seed, training, class_names, paths):
    if batch_size is not None:
        if shuffle and training:
            dataset = dataset.shuffle(buffer_size=batch_size * 8, seed=seed)
        dataset = dataset.batch(batch_size)
    elif shuffle and training:
        dataset = dataset.shuffle(buffer_size=1024, seed=seed)
    dataset.class_names = class_names
    dataset.file_paths = paths
    return dataset


def _build(samples_to_dataset, paths, labels, label_mode, class_names, batch_size, shuffle, seed,
           validation_split, subset, directory, formats, what):
    subsets = ["training", "validation"] if subset == "both" else [subset]
    results = []
    for part in subsets:
        part_paths, part_labels = _split(paths, labels, validation_split, part)
        if not part_paths:
            kind = {"training": f"training {what}", "validation": f"validation {what}"}.get(part, what)
            raise ValueError(f"No {kind} found in directory {directory}. Allowed format(s): {formats}")
        dataset = samples_to_dataset(part_paths)
        if label_mode:
            dataset = Dataset.zip((dataset, _labels_dataset(part_labels, label_mode, len(class_names))))
        results.append(_finish(dataset, batch_size, shuffle, seed, part != "validation", class_names, part_paths))
    return results if subset == "both" else results[0]


def _check_labels(labels, label_mode, class_names):
    if labels not in ("inferred", None):
        if not isinstance(labels, (list, tuple)):
            raise ValueError("`labels` argument should be a list/tuple of integer labels, of the same size as the "
                             "number of files in the target directory. If you wish to infer the labels from the "
                             "subdirectory names in the target directory, pass `labels=\"inferred\"`. If you wish "
                             f"to get a dataset that only contains files (no labels), pass `labels=None`. Received: "
                             f"labels={labels}")
        if class_names:
            raise ValueError(f'You can only pass `class_names` if `labels="inferred"`. Received: labels={labels}, and '
                             f"class_names={class_names}")
    if label_mode not in {"int", "categorical", "binary", None}:
        raise ValueError(f'`label_mode` argument must be one of "int", "categorical", "binary", or None. Received: '
                         f"label_mode={label_mode}")


def _index_files(directory, labels, label_mode, formats, class_names, shuffle, seed, validation_split, subset,
                 follow_links):
    """The steps the ``*_dataset_from_directory`` functions share after their own argument checks: the split
    check, a random seed when none is given, ``index_directory``, and the two-class check of ``"binary"`` labels.
    Returns ``(paths, labels, class_names, seed)``."""
    _check_split(validation_split, subset, shuffle, seed)
    if seed is None:
        seed = np.random.randint(1e6)
    paths, labels, class_names = index_directory(directory, labels, formats, class_names, shuffle, seed,
                                                 follow_links)
    if label_mode == "binary" and len(class_names) != 2:
        raise ValueError(f'When passing `label_mode="binary"`, there must be exactly 2 class_names. Received: '
                         f"class_names={class_names}")
    return paths, labels, class_names, seed


def image_dataset_from_directory(directory, labels="inferred", label_mode="int", class_names=None, color_mode="rgb",
                                 batch_size=32, image_size=(256, 256), shuffle=True, seed=None,
                                 validation_split=None, subset=None, interpolation="bilinear", follow_links=False,
                                 crop_to_aspect_ratio=False, **kwargs):
    """Mirrors ``tf.keras.utils.image_dataset_from_directory``: float32 images resized to ``image_size`` (with
    int32 / one-hot / binary labels), ``class_names`` and ``file_paths`` attributes."""
    if "smart_resize" in kwargs:
        crop_to_aspect_ratio = kwargs.pop("smart_resize")
    if kwargs:
        raise TypeError(f"Unknown keywords argument(s): {tuple(kwargs.keys())}")
    _check_labels(labels, label_mode, class_names)
    if labels is None or label_mode is None:
        labels, label_mode = None, None
    channels = {"rgb": 3, "rgba": 4, "grayscale": 1}.get(color_mode)
    if channels is None:
        raise ValueError(f'`color_mode` must be one of {{"rgb", "rgba", "grayscale"}}. Received: '
                         f"color_mode={color_mode}")
    method = image_utils.get_interpolation(interpolation)
    paths, labels, class_names, seed = _index_files(directory, labels, label_mode, IMAGE_FORMATS, class_names, shuffle,
                                                    seed, validation_split, subset, follow_links)

    def load(part_paths):
        images = []
        for path in part_paths:
            with open(path, "rb") as f:
                data = f.read()
            contents = array_ops.constant(data)
            # tf.io.decode_image of a PNG currently fails in tfcompat (its uint16 -> uint8 conversion);
            # decode_png gives the same uint8 pixels for 8-bit PNGs.
            if data[:8] == b"\x89PNG\r\n\x1a\n":
                img = image_codecs.decode_png(contents, channels=channels)
            else:
                img = image_codecs.decode_image(contents, channels=channels, expand_animations=False)
            if crop_to_aspect_ratio:
                img = image_utils.smart_resize(img, image_size, interpolation=method)
            else:
                img = image_resize.resize(img, image_size, method=method)
            images.append(img.numpy())  # tf.image.resize: float32, but nearest keeps uint8 (as in tf-keras)
        return Dataset.from_tensor_slices(np.stack(images))
    return _build(load, paths, labels, label_mode, class_names, batch_size, shuffle, seed, validation_split, subset,
                  directory, IMAGE_FORMATS, "images")


def text_dataset_from_directory(directory, labels="inferred", label_mode="int", class_names=None, batch_size=32,
                                max_length=None, shuffle=True, seed=None, validation_split=None, subset=None,
                                follow_links=False):
    """Mirrors ``tf.keras.utils.text_dataset_from_directory``: the ``.txt`` files' contents as tf.string
    (truncated to ``max_length`` bytes), with labels as for images."""
    _check_labels(labels, label_mode, class_names)
    if labels is None or label_mode is None:
        labels, label_mode = None, None
    paths, labels, class_names, seed = _index_files(directory, labels, label_mode, TEXT_FORMATS, class_names, shuffle,
                                                    seed, validation_split, subset, follow_links)

    def load(part_paths):
        texts = []
        for path in part_paths:
            with open(path, "rb") as f:
                content = f.read()
            texts.append(content if max_length is None else content[:max_length])
        return Dataset.from_tensor_slices(array_ops.constant(np.array(texts, dtype=object)))
    return _build(load, paths, labels, label_mode, class_names, batch_size, shuffle, seed, validation_split, subset,
                  directory, TEXT_FORMATS, "text files")
