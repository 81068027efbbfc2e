"""The public file datasets: ``tf.data.TextLineDataset``, ``TFRecordDataset``, ``FixedLengthRecordDataset``
and ``tf.data.experimental.CsvDataset`` (and their ``tf.compat.v1.data`` forms)."""
from __future__ import annotations

import os

from tfcompat._src.framework import dtypes
from tfcompat._src.data import readers
from tfcompat._src.data import structure
from tfcompat._src.data.dataset_ops import DatasetV2, int64_arg
from tfcompat._src.data.dataset_ops_v1 import DatasetV1

__all__ = ["TextLineDatasetV2", "TFRecordDatasetV2", "FixedLengthRecordDatasetV2", "CsvDatasetV2",
           "TextLineDatasetV1", "TFRecordDatasetV1", "FixedLengthRecordDatasetV1", "CsvDatasetV1"]


def _filenames_node(filenames):
    """TF's ``_create_or_validate_filenames_dataset``: a dataset of scalar strings, or a string tensor of any
    rank (flattened)."""
    if isinstance(filenames, DatasetV2):
        spec = filenames.element_spec
        if structure.is_nested(spec) or spec.dtype is not dtypes.string:
            raise TypeError(f"The `filenames` argument must contain `tf.string` elements. Got a dataset of "
                            f"`{spec!r}` elements.")
        if spec.shape.rank not in (0, None):
            raise TypeError(f"The `filenames` argument must contain `tf.string` elements of shape [] (i.e. "
                            f"scalars). Got a dataset of element shape {spec.shape}.")
        return filenames._node
    if isinstance(filenames, os.PathLike):
        filenames = os.fspath(filenames)
    if isinstance(filenames, (list, tuple)):
        filenames = [os.fspath(f) if isinstance(f, os.PathLike) else f for f in filenames]
    return readers.FilenamesNode(structure.to_component(filenames))


def _reads(num_parallel_reads):
    return None if num_parallel_reads is None else int64_arg(num_parallel_reads, "num_parallel_reads")


class TextLineDatasetV2(DatasetV2):
    """Mirrors ``tf.data.TextLineDataset``: the lines of text files (without ``\\n``/``\\r\\n``)."""

    def __init__(self, filenames, compression_type=None, buffer_size=None, num_parallel_reads=None, name=None):
        super().__init__(readers.TextLineNode(_filenames_node(filenames), compression_type,
                                              _reads(num_parallel_reads)))


class TFRecordDatasetV2(DatasetV2):
    """Mirrors ``tf.data.TFRecordDataset``: the records of TFRecord files (``compression_type`` ``""``,
    ``"ZLIB"`` or ``"GZIP"``), CRCs checked (DataLossError on a corrupt record)."""

    def __init__(self, filenames, compression_type=None, buffer_size=None, num_parallel_reads=None, name=None):
        super().__init__(readers.TFRecordNode(_filenames_node(filenames), compression_type,
                                              _reads(num_parallel_reads)))


class FixedLengthRecordDatasetV2(DatasetV2):
    """Mirrors ``tf.data.FixedLengthRecordDataset``: ``record_bytes``-long records between a header and a
    footer."""

    def __init__(self, filenames, record_bytes, header_bytes=None, footer_bytes=None, buffer_size=None,
                 compression_type=None, num_parallel_reads=None, name=None):
        super().__init__(readers.FixedLengthRecordNode(_filenames_node(filenames), record_bytes, header_bytes,
                                                       footer_bytes, compression_type, _reads(num_parallel_reads)))


class CsvDatasetV2(DatasetV2):
    """Mirrors ``tf.data.experimental.CsvDataset``: one tuple of scalars per record; ``record_defaults`` gives
    each column's dtype and default (a dtype alone: the column is required)."""

    def __init__(self, filenames, record_defaults, compression_type=None, buffer_size=None, header=False,
                 field_delim=",", use_quote_delim=True, na_value="", select_cols=None, exclude_cols=None,
                 name=None):
        columns = [readers.csv_column(d) for d in record_defaults]
        super().__init__(readers.CsvNode(_filenames_node(filenames), columns, compression_type, header,
                                         field_delim, use_quote_delim, na_value, select_cols, exclude_cols))


class TextLineDatasetV1(DatasetV1, TextLineDatasetV2):
    """Mirrors ``tf.compat.v1.data.TextLineDataset``."""


class TFRecordDatasetV1(DatasetV1, TFRecordDatasetV2):
    """Mirrors ``tf.compat.v1.data.TFRecordDataset``."""


class FixedLengthRecordDatasetV1(DatasetV1, FixedLengthRecordDatasetV2):
    """Mirrors ``tf.compat.v1.data.FixedLengthRecordDataset``."""


class CsvDatasetV1(DatasetV1, CsvDatasetV2):
    """Mirrors ``tf.compat.v1.data.experimental.CsvDataset``."""
