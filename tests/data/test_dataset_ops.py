"""The Dataset object itself against TF 2.21: repr, truthiness, as_numpy_iterator, save/load (tfcompat's own
file format, known deviation ``data-save-format``: compared are the elements that come back), the public
namespaces."""
from __future__ import annotations

import os

import numpy as np

from tests.data.helpers import elements, spec


def test_truthiness_and_repr(oracle):
    def prog(tf):
        empty = tf.data.Dataset.range(0)
        return bool(empty), repr(empty), repr(tf.data.Dataset.range(3).map(lambda x: (x, tf.cast(x, tf.float32)))
                                             .batch(2))
    oracle.check(prog)


def test_as_numpy_iterator(oracle):
    def prog(tf):
        ds = tf.data.Dataset.from_tensor_slices({"s": ["a", "b"], "v": [[1.0, 2.0], [3.0, 4.0]]})
        got = elements(ds)
        return got, [type(e["s"]).__name__ for e in got]
    oracle.check(prog)


def test_as_numpy_iterator_is_an_iterator_object(oracle):
    """TF's NumpyIterator: ``next()`` method and ``next(it)`` share one position; the graph-mode refusal comes
    when as_numpy_iterator is called, not at the first element."""
    def prog(tf):
        it = tf.data.Dataset.range(4).as_numpy_iterator()
        first, second = it.next(), next(it)
        return first, second, list(it), iter(it) is it, type(it).__name__, repr(it).split("(")[0]
    oracle.check(prog)
    oracle.check_v1(lambda v1: type(v1.data.Dataset.range(3).as_numpy_iterator()).__name__,
                    match_message="as_numpy_iterator()` is only supported in eager mode.")


def test_as_numpy_iterator_refused_in_graph(oracle):
    oracle.check_v1(lambda v1: elements(v1.data.Dataset.range(3)),
                    match_message="as_numpy_iterator()` is only supported in eager mode.")


def test_save_and_load(oracle, tmp_path):
    def prog(tf):
        path = os.path.join(str(tmp_path), f"saved_{tf.__name__}")
        ds = tf.data.Dataset.from_tensor_slices(({"a": [1, 2, 3]}, np.arange(6.0).reshape(3, 2), ["x", "y", "z"]))
        ds.save(path)
        back = tf.data.Dataset.load(path)
        with_spec = tf.data.Dataset.load(path, element_spec=ds.element_spec)
        return elements(back), spec(back), elements(with_spec)
    oracle.check(prog)


def test_public_namespaces(oracle):
    def prog(tf):
        names = ["Dataset", "Options", "TextLineDataset", "TFRecordDataset", "FixedLengthRecordDataset",
                 "AUTOTUNE", "INFINITE_CARDINALITY", "UNKNOWN_CARDINALITY", "experimental", "Iterator",
                 "DatasetSpec", "ThreadingOptions"]
        exp = ["AUTOTUNE", "CsvDataset", "make_csv_dataset", "get_single_element", "cardinality",
               "assert_cardinality", "Counter", "sample_from_datasets", "choose_from_datasets", "enumerate_dataset",
               "shuffle_and_repeat", "map_and_batch", "unbatch", "parallel_interleave", "group_by_window", "scan",
               "take_while", "unique", "TFRecordWriter", "save", "load", "prefetch_to_device", "copy_to_device",
               "OptimizationOptions", "ThreadingOptions", "DistributeOptions", "AutoShardPolicy",
               "ExternalStatePolicy", "INFINITE_CARDINALITY", "UNKNOWN_CARDINALITY"]
        v1 = ["Dataset", "Iterator", "make_one_shot_iterator", "make_initializable_iterator", "get_output_types",
              "get_output_shapes", "get_output_classes", "TextLineDataset", "TFRecordDataset", "experimental"]
        return ([n for n in names if not hasattr(tf.data, n)],
                [n for n in exp if not hasattr(tf.data.experimental, n)],
                [n for n in v1 if not hasattr(tf.compat.v1.data, n)],
                tf.compat.v1.data.Dataset is not tf.data.Dataset,
                issubclass(tf.compat.v1.data.Dataset, tf.data.Dataset),
                isinstance(tf.data.TextLineDataset.__mro__[0], type))
    oracle.check(prog)
