"""File datasets against TF 2.21: TextLineDataset, FixedLengthRecordDataset, TFRecordDataset (with
compression; files written by tfcompat's record writer, so TF reading them is a cross-check), CsvDataset and
make_csv_dataset. Results name files by basename only, so recorded results do not depend on the temp dir."""
from __future__ import annotations

import gzip
import os
import zlib

import numpy as np
import pytest

from tests.data.helpers import elements, spec, summary
from tfcompat._src.lib.io import tf_record as tf_record_lib


@pytest.fixture
def files(tmp_path):
    d = tmp_path
    (d / "a.txt").write_bytes(b"l1\nl2\r\n\nl4")
    (d / "b.txt").write_bytes(b"m1\nm2\n")
    (d / "empty.txt").write_bytes(b"")
    with gzip.open(d / "a.txt.gz", "wb") as f:
        f.write(b"l1\nl2\r\n\nl4")
    (d / "a.txt.z").write_bytes(zlib.compress(b"z1\nz2\n"))
    (d / "f.bin").write_bytes(b"HHabcdefghFF")
    (d / "t.csv").write_bytes(b'a,b,c\n1,2.5,x\n3,,"y,z"\r\n4,5,w')
    (d / "u.csv").write_bytes(b"a,b\n7,0.5\n8,1e3\n")
    records = [b"hello", b"", b"world!" * 50, bytes(range(256))]
    for name, comp in (("r.tfrecord", None), ("r.tfrecord.gz", "GZIP"), ("r.tfrecord.z", "ZLIB")):
        with open(d / name, "wb") as f:
            w = tf_record_lib.RecordWriter(f, comp)
            for r in records:
                w.write(r)
            w.close()
    (d / "bad.tfrecord").write_bytes(b"not a record file at all")
    return str(d)


def _p(files, *names):
    paths = [os.path.join(files, n) for n in names]
    return paths[0] if len(paths) == 1 else paths


def test_text_line_dataset(oracle, files):
    def prog(tf):
        one = tf.data.TextLineDataset(_p(files, "a.txt"))
        return (summary(one), repr(one),
                elements(tf.data.TextLineDataset(_p(files, "a.txt", "b.txt", "empty.txt"))),
                elements(tf.data.TextLineDataset(_p(files, "a.txt", "b.txt"), num_parallel_reads=2)),
                elements(tf.data.TextLineDataset(_p(files, "a.txt.gz"), compression_type="GZIP")),
                elements(tf.data.TextLineDataset(_p(files, "a.txt.z"), compression_type="ZLIB")),
                elements(tf.data.TextLineDataset(tf.data.Dataset.from_tensor_slices([_p(files, "b.txt")]))))
    oracle.check(prog)


def test_text_line_dataset_pipeline(oracle, files):
    def prog(tf):
        ds = tf.data.Dataset.list_files(os.path.join(files, "*.txt"), shuffle=False).interleave(
            tf.data.TextLineDataset, cycle_length=2).batch(2)
        return elements(ds), spec(ds)
    oracle.check(prog)


def test_text_line_dataset_errors(oracle, files):
    oracle.check(lambda tf: elements(tf.data.TextLineDataset(_p(files, "missing.txt"))),
                 match_message="missing.txt; No such file or directory")
    oracle.check(lambda tf: tf.data.TextLineDataset(3),
                 match_message="The `filenames` argument must contain `tf.string` elements. Got `tf.int32` "
                               "elements.")


def test_fixed_length_record_dataset(oracle, files):
    def prog(tf):
        ds = tf.data.FixedLengthRecordDataset(_p(files, "f.bin"), 4, header_bytes=2, footer_bytes=2)
        return summary(ds), repr(ds), elements(tf.data.FixedLengthRecordDataset(_p(files, "f.bin"), 6))
    oracle.check(prog)
    oracle.check(lambda tf: elements(tf.data.FixedLengthRecordDataset(_p(files, "f.bin"), 3, header_bytes=2,
                                                                      footer_bytes=2)),
                 match_message="which is not an exact multiple of the record length (3 bytes).")


def test_tfrecord_dataset(oracle, files):
    def prog(tf):
        ds = tf.data.TFRecordDataset(_p(files, "r.tfrecord"))
        return (summary(ds), repr(ds),
                elements(tf.data.TFRecordDataset(_p(files, "r.tfrecord.gz"), compression_type="GZIP")),
                elements(tf.data.TFRecordDataset(_p(files, "r.tfrecord.z"), compression_type="ZLIB")),
                elements(tf.data.TFRecordDataset(_p(files, "r.tfrecord", "r.tfrecord"), num_parallel_reads=2)
                         .take(3)))
    oracle.check(prog)


def test_tfrecord_dataset_errors(oracle, files):
    oracle.check(lambda tf: elements(tf.data.TFRecordDataset(_p(files, "bad.tfrecord"))),
                 match_message="corrupted record at 0")
    oracle.check(lambda tf: elements(tf.data.TFRecordDataset(_p(files, "missing.tfrecord"))))


def test_tfrecord_writer_round_trip(oracle, tmp_path):
    def prog(tf):
        path = os.path.join(str(tmp_path), f"w_{tf.__name__}.tfrecord")
        tf.data.experimental.TFRecordWriter(path).write(tf.data.Dataset.from_tensor_slices(["x", "yz"]))
        with open(path, "rb") as f:
            raw = f.read()
        return raw, elements(tf.data.TFRecordDataset(path))
    oracle.check(prog)


def test_csv_dataset(oracle, files):
    def prog(tf):
        ds = tf.data.experimental.CsvDataset(_p(files, "t.csv"), [tf.int32, tf.constant(0.0), tf.string],
                                             header=True)
        sel = tf.data.experimental.CsvDataset(_p(files, "t.csv"), [tf.int64, tf.string], header=True,
                                              select_cols=[0, 2])
        # (TF reads a default of 1.0 as the dtype enum 1, float32: avoid defaults equal to a dtype enum)
        dflt = tf.data.experimental.CsvDataset(_p(files, "u.csv"), [0, np.float64(0.5)], header=True)
        return summary(ds), repr(ds), elements(sel), summary(dflt)
    oracle.check(prog)


def test_csv_dataset_errors(oracle, files):
    oracle.check(lambda tf: elements(tf.data.experimental.CsvDataset(
        _p(files, "t.csv"), [tf.int32, tf.float32, tf.string], header=True)),
        match_message="Field 1 is required but missing in record!")
    oracle.check(lambda tf: elements(tf.data.experimental.CsvDataset(
        _p(files, "t.csv"), [tf.int32, tf.float32, tf.int32], header=True)),
        match_message="Field 2 in record is not a valid int32: x")


def test_make_csv_dataset(oracle, files):
    def prog(tf):
        plain = tf.data.experimental.make_csv_dataset(_p(files, "t.csv"), batch_size=2, shuffle=False,
                                                      num_epochs=1)
        labeled = tf.data.experimental.make_csv_dataset(_p(files, "t.csv"), batch_size=3, label_name="a",
                                                        shuffle=False, num_epochs=1)
        forever = tf.data.experimental.make_csv_dataset(_p(files, "u.csv"), batch_size=3, shuffle=False)
        return (elements(plain), spec(plain), elements(labeled), spec(labeled), type(next(iter(plain))).__name__,
                elements(forever.take(2)), spec(forever))
    oracle.check(prog)


def test_make_csv_dataset_of_compressed_files(oracle, files):
    """GZIP files are probed for column names and types through gzip; ZLIB ones cannot be probed (TF's error)."""
    with gzip.open(os.path.join(files, "u.csv.gz"), "wb") as f:
        f.write(b"a,b\n7,0.5\n8,1e3\n")
    with open(os.path.join(files, "u.csv.z"), "wb") as f:
        f.write(zlib.compress(b"a,b\n7,0.5\n"))

    def prog(tf):
        gz = tf.data.experimental.make_csv_dataset(_p(files, "u.csv.gz"), batch_size=2, label_name="b",
                                                   shuffle=False, num_epochs=1, compression_type="GZIP")
        return elements(gz), spec(gz)
    oracle.check(prog)
    oracle.check(lambda tf: tf.data.experimental.make_csv_dataset(_p(files, "u.csv.z"), batch_size=2,
                                                                  compression_type="ZLIB"),
                 match_message="is not supported for probing columns")


def test_csv_dataset_made_in_interleave(oracle, files):
    """python record_defaults inside the traced interleave function (the csv tutorial's make_font_csv_ds)."""
    def prog(tf):
        names = tf.data.Dataset.from_tensor_slices([_p(files, "u.csv"), _p(files, "u.csv")])
        rows = names.interleave(lambda name: tf.data.experimental.CsvDataset(name, [0, 0.0], header=True),
                                cycle_length=2)
        return elements(rows), spec(rows)
    oracle.check(prog)


def test_tfrecord_examples_parsed_in_map(oracle, tmp_path):
    def prog(tf):
        path = os.path.join(str(tmp_path), f"examples_{tf.__name__}.tfrecord")
        with tf.io.TFRecordWriter(path) as w:
            for i in range(3):
                ex = tf.train.Example(features=tf.train.Features(feature={
                    "x": tf.train.Feature(float_list=tf.train.FloatList(value=[i, i + 0.5])),
                    "y": tf.train.Feature(int64_list=tf.train.Int64List(value=[i])),
                    "name": tf.train.Feature(bytes_list=tf.train.BytesList(value=[b"n%d" % i]))}))
                w.write(ex.SerializeToString())
        feats = {"x": tf.io.FixedLenFeature([2], tf.float32), "y": tf.io.FixedLenFeature([], tf.int64),
                 "name": tf.io.FixedLenFeature([], tf.string)}
        one = tf.data.TFRecordDataset(path).map(lambda r: tf.io.parse_single_example(r, feats))
        batched = tf.data.TFRecordDataset(path).batch(2).map(lambda r: tf.io.parse_example(r, feats))
        return elements(one), spec(one), elements(batched), spec(batched)
    oracle.check(prog)


def test_text_lines_decoded_as_csv_in_map(oracle, tmp_path):
    def prog(tf):
        path = os.path.join(str(tmp_path), "rows.csv")
        with open(path, "w") as f:
            f.write("1,2.5,a\n3,4.5,b\n")
        ds = tf.data.TextLineDataset(path).map(lambda line: tf.io.decode_csv(line, [[0], [0.0], [""]]))
        return elements(ds), spec(ds), elements(ds.batch(2))
    oracle.check(prog)
