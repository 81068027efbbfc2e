"""The batch iterators of ``tf.keras.preprocessing.image`` (tf-keras 2.21): ``Iterator`` and its numpy,
directory and dataframe flavours. They are ``keras.utils.Sequence``s (``model.fit`` indexes them) and Python
iterators (``next`` cycles forever, reshuffling each pass). With a ``seed``, numpy's global generator is reseeded
with ``seed + batches seen`` before each batch, as tf-keras does, so augmentations repeat tf-keras's draws."""
from __future__ import annotations

import os
import threading
import warnings

import numpy as np

from tfcompat._src.keras import backend
from tfcompat._src.keras.utils.data_utils import Sequence
from tfcompat._src.keras.utils.image_files import array_to_img, img_to_array, load_img
from tfcompat._src.tools.unsupported import UnsupportedAPIError

__all__ = ["Iterator", "NumpyArrayIterator", "DirectoryIterator", "DataFrameIterator"]


class Iterator(Sequence):
    """Mirrors ``tf.keras.preprocessing.image.Iterator``: batches of ``batch_size`` indices over ``n`` samples;
    subclasses implement ``_get_batches_of_transformed_samples(index_array)``."""

    white_list_formats = ("png", "jpg", "jpeg", "bmp", "ppm", "tif", "tiff")

    def __init__(self, n, batch_size, shuffle, seed):
        self.n = n
        self.batch_size = batch_size
        self.seed = seed
        self.shuffle = shuffle
        self.batch_index = 0
        self.total_batches_seen = 0
        self.lock = threading.Lock()
        self.index_array = None
        self.index_generator = self._flow_index()

    def _set_index_array(self):
        self.index_array = np.arange(self.n)
        if self.shuffle:
            self.index_array = np.random.permutation(self.n)

    def __getitem__(self, idx):
        if idx >= len(self):
            raise ValueError(f"Asked to retrieve element {idx}, but the Sequence has length {len(self)}")
        if self.seed is not None:
            np.random.seed(self.seed + self.total_batches_seen)
        self.total_batches_seen += 1
        if self.index_array is None:
            self._set_index_array()
        index_array = self.index_array[self.batch_size * idx:self.batch_size * (idx + 1)]
        return self._get_batches_of_transformed_samples(index_array)

    def __len__(self):
        return (self.n + self.batch_size - 1) // self.batch_size

    def on_epoch_end(self):
        self._set_index_array()

    def reset(self):
        self.batch_index = 0

    def _flow_index(self):
        self.reset()
        while True:
            if self.seed is not None:
                np.random.seed(self.seed + self.total_batches_seen)
            if self.batch_index == 0:
                self._set_index_array()
            current_index = 0 if self.n == 0 else (self.batch_index * self.batch_size) % self.n
            if self.n > current_index + self.batch_size:
                self.batch_index += 1
            else:
                self.batch_index = 0
            self.total_batches_seen += 1
            yield self.index_array[current_index:current_index + self.batch_size]

    def __iter__(self):
        return self

    def __next__(self):
        return self.next()

    def next(self):
        """The next batch (the index order wraps around and reshuffles after each pass)."""
        with self.lock:
            index_array = next(self.index_generator)
        return self._get_batches_of_transformed_samples(index_array)

    def _get_batches_of_transformed_samples(self, index_array):
        raise NotImplementedError(f"{type(self).__name__} must implement _get_batches_of_transformed_samples")


def _save_batch(batch_x, index_array, data_format, save_to_dir, save_prefix, save_format, hash_range):
    for i, j in enumerate(index_array):
        img = array_to_img(batch_x[i], data_format, scale=True)
        fname = f"{save_prefix}_{j}_{np.random.randint(hash_range)}.{save_format}"
        img.save(os.path.join(save_to_dir, fname))


class NumpyArrayIterator(Iterator):
    """Mirrors ``tf.keras.preprocessing.image.NumpyArrayIterator`` (what ``ImageDataGenerator.flow`` returns):
    batches ``(x, y[, sample_weight])`` of augmented and standardized images from a rank-4 array; ``x`` may be
    ``(images, extra_array_or_list)`` whose extras pass through untouched.

    Raises:
      ValueError: lengths differ, the array is not rank 4, a bad ``subset``, or the validation split leaves the
        subsets with different classes (unless ``ignore_class_split``)."""

    def __init__(self, x, y, image_data_generator, batch_size=32, shuffle=False, sample_weight=None, seed=None,
                 data_format=None, save_to_dir=None, save_prefix="", save_format="png", subset=None,
                 ignore_class_split=False, dtype=None):
        data_format = data_format or backend.image_data_format()
        self.dtype = dtype or backend.floatx()
        if isinstance(x, (tuple, list)):
            x_misc = [np.asarray(x[1])] if not isinstance(x[1], list) else [np.asarray(xx) for xx in x[1]]
            x = x[0]
            for xx in x_misc:
                if len(x) != len(xx):
                    raise ValueError("All of the arrays in `x` should have the same length. Found a pair with: "
                                     f"len(x[0]) = {len(x)}, len(x[?]) = {len(xx)}")
        else:
            x_misc = []
        if y is not None and len(x) != len(y):
            raise ValueError("`x` (images tensor) and `y` (labels) should have the same length. Found: "
                             f"x.shape = {np.asarray(x).shape}, y.shape = {np.asarray(y).shape}")
        if sample_weight is not None and len(x) != len(sample_weight):
            raise ValueError("`x` (images tensor) and `sample_weight` should have the same length. Found: "
                             f"x.shape = {np.asarray(x).shape}, "
                             f"sample_weight.shape = {np.asarray(sample_weight).shape}")
        if subset is not None:
            if subset not in {"training", "validation"}:
                raise ValueError("Invalid subset name:", subset, '; expected "training" or "validation".')
            split_idx = int(len(x) * image_data_generator._validation_split)
            if (y is not None and not ignore_class_split
                    and not np.array_equal(np.unique(y[:split_idx]), np.unique(y[split_idx:]))):
                raise ValueError("Training and validation subsets have different number of classes after the "
                                 "split. If your numpy arrays are sorted by the label, you might want to shuffle "
                                 "them.")
            part = slice(None, split_idx) if subset == "validation" else slice(split_idx, None)
            x = x[part]
            x_misc = [np.asarray(xx[part]) for xx in x_misc]
            if y is not None:
                y = y[part]
        self.x = np.asarray(x, dtype=self.dtype)
        self.x_misc = x_misc
        if self.x.ndim != 4:
            raise ValueError("Input data in `NumpyArrayIterator` should have rank 4. You passed an array with "
                             "shape", self.x.shape)
        channels_axis = 3 if data_format == "channels_last" else 1
        if self.x.shape[channels_axis] not in {1, 3, 4}:
            warnings.warn(f'NumpyArrayIterator is set to use the data format convention "{data_format}" '
                          f"(channels on axis {channels_axis}), i.e. expected either 1, 3, or 4 channels on axis "
                          f"{channels_axis}. However, it was passed an array with shape {self.x.shape} "
                          f"({self.x.shape[channels_axis]} channels).")
        self.y = np.asarray(y) if y is not None else None
        self.sample_weight = np.asarray(sample_weight) if sample_weight is not None else None
        self.image_data_generator = image_data_generator
        self.data_format = data_format
        self.save_to_dir = save_to_dir
        self.save_prefix = save_prefix
        self.save_format = save_format
        super().__init__(self.x.shape[0], batch_size, shuffle, seed)

    def _get_batches_of_transformed_samples(self, index_array):
        batch_x = np.zeros((len(index_array),) + self.x.shape[1:], dtype=self.dtype)
        generator = self.image_data_generator
        for i, j in enumerate(index_array):
            x = self.x[j]
            params = generator.get_random_transform(x.shape)
            x = generator.apply_transform(x.astype(self.dtype), params)
            batch_x[i] = generator.standardize(x)
        if self.save_to_dir:
            _save_batch(batch_x, index_array, self.data_format, self.save_to_dir, self.save_prefix,
                        self.save_format, 1e4)
        miscs = [xx[index_array] for xx in self.x_misc]
        output = (batch_x if not miscs else [batch_x] + miscs,)
        if self.y is None:
            return output[0]
        output += (self.y[index_array],)
        if self.sample_weight is not None:
            output += (self.sample_weight[index_array],)
        return output


def _iter_valid_files(directory, white_list_formats, follow_links):
    for root, _, files in sorted(os.walk(directory, followlinks=follow_links), key=lambda entry: entry[0]):
        for fname in sorted(files):
            if fname.lower().endswith(".tiff"):
                warnings.warn('Using ".tiff" files with multiple bands will cause distortion. Please verify your '
                              "output.")
            if fname.lower().endswith(white_list_formats):
                yield root, fname


def _list_valid_filenames_in_directory(directory, white_list_formats, split, class_indices, follow_links):
    """(class indices, paths relative to ``directory``'s parent) of the images under one class directory;
    ``split`` = (start, stop) fractions keeps that slice of the sorted files."""
    dirname = os.path.basename(directory)
    valid_files = list(_iter_valid_files(directory, white_list_formats, follow_links))
    if split:
        start, stop = int(split[0] * len(valid_files)), int(split[1] * len(valid_files))
        valid_files = valid_files[start:stop]
    classes, filenames = [], []
    for root, fname in valid_files:
        classes.append(class_indices[dirname])
        filenames.append(os.path.join(dirname, os.path.relpath(os.path.join(root, fname), directory)))
    return classes, filenames


class BatchFromFilesMixin:
    """tf-keras's mixin turning file paths into batches (loading, augmenting, labelling)."""

    def set_processing_attrs(self, image_data_generator, target_size, color_mode, data_format, save_to_dir,
                             save_prefix, save_format, subset, interpolation, keep_aspect_ratio):
        self.image_data_generator = image_data_generator
        self.target_size = tuple(target_size)
        self.keep_aspect_ratio = keep_aspect_ratio
        if color_mode not in {"rgb", "rgba", "grayscale"}:
            raise ValueError("Invalid color mode:", color_mode, '; expected "rgb", "rgba", or "grayscale".')
        self.color_mode = color_mode
        self.data_format = data_format
        channels = {"rgba": 4, "rgb": 3, "grayscale": 1}[color_mode]
        self.image_shape = (self.target_size + (channels,) if data_format == "channels_last"
                            else (channels,) + self.target_size)
        self.save_to_dir = save_to_dir
        self.save_prefix = save_prefix
        self.save_format = save_format
        self.interpolation = interpolation
        if subset is None:
            split = None
        elif subset == "validation":
            split = (0, image_data_generator._validation_split)
        elif subset == "training":
            split = (image_data_generator._validation_split, 1)
        else:
            raise ValueError(f'Invalid subset name: {subset};expected "training" or "validation"')
        self.split = split
        self.subset = subset

    def _get_batches_of_transformed_samples(self, index_array):
        batch_x = np.zeros((len(index_array),) + self.image_shape, dtype=self.dtype)
        filepaths = self.filepaths
        generator = self.image_data_generator
        for i, j in enumerate(index_array):
            img = load_img(filepaths[j], color_mode=self.color_mode, target_size=self.target_size,
                           interpolation=self.interpolation, keep_aspect_ratio=self.keep_aspect_ratio)
            x = img_to_array(img, data_format=self.data_format)
            if hasattr(img, "close"):
                img.close()
            if generator:
                params = generator.get_random_transform(x.shape)
                x = generator.apply_transform(x, params)
                x = generator.standardize(x)
            batch_x[i] = x
        if self.save_to_dir:
            _save_batch(batch_x, index_array, self.data_format, self.save_to_dir, self.save_prefix,
                        self.save_format, 1e7)
        if self.class_mode == "input":
            batch_y = batch_x.copy()
        elif self.class_mode in {"binary", "sparse"}:
            batch_y = np.empty(len(batch_x), dtype=self.dtype)
            for i, n_observation in enumerate(index_array):
                batch_y[i] = self.classes[n_observation]
        elif self.class_mode == "categorical":
            batch_y = np.zeros((len(batch_x), len(self.class_indices)), dtype=self.dtype)
            for i, n_observation in enumerate(index_array):
                batch_y[i, self.classes[n_observation]] = 1.0
        elif self.class_mode == "multi_output":
            batch_y = [output[index_array] for output in self.labels]
        elif self.class_mode == "raw":
            batch_y = self.labels[index_array]
        else:
            return batch_x
        if self.sample_weight is None:
            return batch_x, batch_y
        return batch_x, batch_y, self.sample_weight[index_array]

    @property
    def filepaths(self):
        raise NotImplementedError(f"`filepaths` property method has not been implemented in {type(self).__name__}.")

    @property
    def labels(self):
        raise NotImplementedError(f"`labels` property method has not been implemented in {type(self).__name__}.")

    @property
    def sample_weight(self):
        raise NotImplementedError("`sample_weight` property method has not been implemented in "
                                  f"{type(self).__name__}.")


class DirectoryIterator(BatchFromFilesMixin, Iterator):
    """Mirrors ``tf.keras.preprocessing.image.DirectoryIterator`` (what ``flow_from_directory`` returns): one
    class per sub-directory (sorted, or ``classes``), images loaded with ``load_img`` (pillow) at
    ``target_size``. Prints ``Found N images belonging to K classes.`` as tf-keras."""

    allowed_class_modes = {"categorical", "binary", "sparse", "input", None}

    def __init__(self, directory, image_data_generator, target_size=(256, 256), color_mode="rgb", classes=None,
                 class_mode="categorical", batch_size=32, shuffle=True, seed=None, data_format=None,
                 save_to_dir=None, save_prefix="", save_format="png", follow_links=False, subset=None,
                 interpolation="nearest", keep_aspect_ratio=False, dtype=None):
        data_format = data_format or backend.image_data_format()
        dtype = dtype or backend.floatx()
        self.set_processing_attrs(image_data_generator, target_size, color_mode, data_format, save_to_dir,
                                  save_prefix, save_format, subset, interpolation, keep_aspect_ratio)
        self.directory = directory
        self.classes = classes
        if class_mode not in self.allowed_class_modes:
            raise ValueError(f"Invalid class_mode: {class_mode}; expected one of: {self.allowed_class_modes}")
        self.class_mode = class_mode
        self.dtype = dtype
        if not classes:
            classes = [d for d in sorted(os.listdir(directory)) if os.path.isdir(os.path.join(directory, d))]
        self.num_classes = len(classes)
        self.class_indices = dict(zip(classes, range(len(classes))))
        self.filenames = []
        labels = []
        for subdir in classes:
            sub_labels, filenames = _list_valid_filenames_in_directory(
                os.path.join(directory, subdir), self.white_list_formats, self.split, self.class_indices,
                follow_links)
            labels += sub_labels
            self.filenames += filenames
        self.samples = len(self.filenames)
        self.classes = np.asarray(labels, dtype="int32").reshape((self.samples,))
        print(f"Found {self.samples} images belonging to {self.num_classes} classes.")
        self._filepaths = [os.path.join(self.directory, fname) for fname in self.filenames]
        super().__init__(self.samples, batch_size, shuffle, seed)

    @property
    def filepaths(self):
        return self._filepaths

    @property
    def labels(self):
        return self.classes

    @property
    def sample_weight(self):
        return None


class DataFrameIterator(BatchFromFilesMixin, Iterator):
    """Mirrors the name ``tf.keras.preprocessing.image.DataFrameIterator`` (what ``flow_from_dataframe``
    returns); not implemented.

    Raises:
      UnsupportedAPIError: always: tf-keras reads the file names and labels from a pandas DataFrame, and
        tfcompat has no pandas dependency to test that path against."""

    def __init__(self, dataframe, *args, **kwargs):
        raise UnsupportedAPIError(
            "tf.keras.preprocessing.image.ImageDataGenerator.flow_from_dataframe",
            "it reads pandas DataFrames and tfcompat does not depend on pandas; use flow_from_directory, or "
            "flow(x, y) on arrays built from the DataFrame (df[col].to_numpy())")
