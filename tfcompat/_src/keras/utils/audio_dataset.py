"""``tf.keras.utils.audio_dataset_from_directory`` (tf-keras 2.21's ``utils/audio_dataset.py``): ``.wav`` files
under one sub-directory per class, indexed, shuffled and split as the image and text loaders do
(directory_datasets.py), read and decoded in a ``Dataset.map`` (``tf.io.read_file`` + ``tf.audio.decode_wav``) into
float32 ``(samples, channels)`` audio, batched with padding to the longest clip (or cut/padded to
``output_sequence_length``).

Differences: ``sampling_rate`` (resampling through ``tensorflow_io``) and ``ragged=True`` (tfcompat's tf.data has no
ragged elements) are not supported (``UnsupportedAPIError``); the batch-level ``Dataset.shuffle`` draws tfcompat's
order (known deviation ``random-values``)."""
from __future__ import annotations

from tfcompat._src.data.dataset_ops import AUTOTUNE
from tfcompat._src.data.dataset_ops import DatasetV2 as Dataset
from tfcompat._src.ops import audio_ops
from tfcompat._src.runtime import gfile
from tfcompat._src.keras.utils import directory_datasets as dirs
from tfcompat._src.tools.unsupported import UnsupportedAPIError

__all__ = ["audio_dataset_from_directory"]

AUDIO_FORMATS = (".wav",)


def _decode(path, output_sequence_length):
    audio, _ = audio_ops.decode_wav(gfile.read_file(path),
                                    desired_samples=-1 if output_sequence_length is None else output_sequence_length)
    return audio


def _prepare(dataset, batch_size, shuffle, seed, class_names, output_sequence_length, ragged):
    dataset = dataset.prefetch(AUTOTUNE)
    if batch_size is not None:
        if shuffle:
            dataset = dataset.shuffle(buffer_size=batch_size * 8, seed=seed)
        if output_sequence_length is None and not ragged:
            dataset = dataset.padded_batch(batch_size)
        else:
            dataset = dataset.batch(batch_size)
    elif shuffle:
        dataset = dataset.shuffle(buffer_size=1024, seed=seed)
    dataset.class_names = class_names
    return dataset


def audio_dataset_from_directory(directory, labels="inferred", label_mode="int", class_names=None, batch_size=32,
                                 sampling_rate=None, output_sequence_length=None, ragged=False, shuffle=True,
                                 seed=None, validation_split=None, subset=None, follow_links=False):
    """Mirrors ``tf.keras.utils.audio_dataset_from_directory``: ``(audio, label)`` batches (audio float32
    ``(batch, samples, channels)``), a ``class_names`` attribute; ``subset="both"`` gives (training, validation).

    Raises:
      ValueError: as tf-keras for bad ``labels``/``label_mode``/split arguments, ``ragged`` with
        ``output_sequence_length``, a bad ``sampling_rate`` or no ``.wav`` files.
      UnsupportedAPIError: a valid ``sampling_rate`` (resampling needs tensorflow_io), ``ragged=True``."""
    dirs._check_labels(labels, label_mode, class_names)
    if ragged and output_sequence_length is not None:
        raise ValueError("Cannot set both `ragged` and `output_sequence_length`")
    if sampling_rate is not None:
        if not isinstance(sampling_rate, int):
            raise ValueError(f"`sampling_rate` should have an integer value. Received: sampling_rate={sampling_rate}")
        if sampling_rate <= 0:
            raise ValueError(f"`sampling_rate` should be higher than 0. Received: sampling_rate={sampling_rate}")
        raise UnsupportedAPIError("audio_dataset_from_directory(sampling_rate=...) resamples with tensorflow_io's "
                                  "tfio.audio.resample, which tfcompat does not provide; resample the files "
                                  "beforehand (e.g. torchaudio.functional.resample) and pass sampling_rate=None")
    if ragged:
        raise UnsupportedAPIError("audio_dataset_from_directory(ragged=True): tfcompat's tf.data elements cannot be "
                                  "RaggedTensors yet; use the default padded batches or output_sequence_length")
    if labels is None or label_mode is None:
        labels, label_mode = None, None
    paths, labels, class_names, seed = dirs._index_files(directory, labels, label_mode, AUDIO_FORMATS, class_names,
                                                         shuffle, seed, validation_split, subset, follow_links)
    parts = ["training", "validation"] if subset == "both" else [subset]
    results = []
    for part in parts:
        part_paths, part_labels = dirs._split(paths, labels, validation_split, part)
        if not part_paths:
            kind = {"training": "training audio files", "validation": "validation audio files"}.get(
                part if subset == "both" else None, "audio files")
            raise ValueError(f"No {kind} found in directory {directory}. Allowed format(s): {AUDIO_FORMATS}")
        dataset = Dataset.from_tensor_slices(part_paths).map(lambda p: _decode(p, output_sequence_length),
                                                             num_parallel_calls=AUTOTUNE)
        if label_mode:
            dataset = Dataset.zip((dataset, dirs._labels_dataset(part_labels, label_mode, len(class_names))))
        results.append(_prepare(dataset, batch_size, shuffle and not (subset == "both" and part == "validation"),
                                seed, class_names, output_sequence_length, ragged))
    return results if subset == "both" else results[0]
