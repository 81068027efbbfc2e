"""``tf.keras.utils.audio_dataset_from_directory`` (tfcompat._src.keras.utils.audio_dataset): WAV clips of
different lengths under class directories give tf-keras 2.21's batches (padded to the longest clip, or cut/padded
to ``output_sequence_length``), labels, ``class_names``, splits and argument errors. Expected values: tf-keras
through the oracle. Batch-level shuffling is off (its order is tfcompat's own: known deviation random-values); the
file-level shuffle with a seed is tf-keras's."""
from __future__ import annotations

import os
import tempfile
import wave

import numpy as np
import pytest


def _write_clips(root):
    rng = np.random.RandomState(0)
    for cls, count, channels in (("cat", 2, 1), ("dog", 3, 1)):
        os.makedirs(os.path.join(root, cls))
        for i in range(count):
            with wave.open(os.path.join(root, cls, f"{i}.wav"), "wb") as w:
                w.setnchannels(channels)
                w.setsampwidth(2)
                w.setframerate(8000)
                w.writeframes(rng.randint(-3000, 3000, size=(5 + 3 * i + count) * channels).astype("<i2").tobytes())


def _collect(dataset):
    return [tuple(x for x in element) if isinstance(element, tuple) else element for element in dataset]


_CASES = {
    "padded_int": dict(batch_size=2, shuffle=False),
    "fixed_length_categorical": dict(batch_size=2, shuffle=False, output_sequence_length=6,
                                     label_mode="categorical"),
    "binary_unbatched": dict(batch_size=None, shuffle=False, label_mode="binary", output_sequence_length=9),
    "no_labels_unbatched": dict(batch_size=None, shuffle=False, label_mode=None),
    "seeded_file_shuffle_validation": dict(batch_size=2, shuffle=True, seed=3, validation_split=0.4,
                                           subset="validation"),
}


@pytest.mark.parametrize("case", sorted(_CASES))
def test_audio_dataset_from_directory(oracle, case):
    def prog(tf):
        with tempfile.TemporaryDirectory() as root:
            _write_clips(root)
            ds = tf.keras.utils.audio_dataset_from_directory(root, **_CASES[case])
            return ds.class_names, ds.element_spec, _collect(ds)
    oracle.check(prog)


def test_audio_dataset_both_subsets(oracle):
    def prog(tf):
        with tempfile.TemporaryDirectory() as root:
            _write_clips(root)
            train, val = tf.keras.utils.audio_dataset_from_directory(root, batch_size=2, seed=5, shuffle=True,
                                                                     validation_split=0.4, subset="both")
            return sorted(int(y) for _, labels in train for y in labels), _collect(val)
    oracle.check(prog)


@pytest.mark.parametrize("bad", [dict(ragged=True, output_sequence_length=3), dict(sampling_rate=1.5),
                                 dict(sampling_rate=0), dict(label_mode="x"), dict(labels=[0, 1], class_names=["a"]),
                                 dict(label_mode="binary", labels=[0, 1, 2, 0, 1]), dict(validation_split=0.5)])
def test_audio_dataset_errors(oracle, bad):
    def prog(tf):
        with tempfile.TemporaryDirectory() as root:
            _write_clips(root)
            return tf.keras.utils.audio_dataset_from_directory(root, **bad)
    oracle.check(prog)
