"""File datasets: ``TextLineDataset``, ``FixedLengthRecordDataset``, ``TFRecordDataset`` and
``experimental.CsvDataset``.

Each reads the files its filenames dataset names, one after another, or ``num_parallel_reads`` at a time
interleaved record by record (TF's parallel interleave with ``block_length=1``). Records are ``tf.string``
scalars (Python ``bytes`` inside the pipeline). A missing file raises ``NotFoundError`` when iteration reaches
it, as in TF."""
from __future__ import annotations

import csv
import gzip
import io
import os
import zlib

import numpy as np
import torch

from tfcompat._src.framework import context as ctx_lib
from tfcompat._src.framework import dtypes
from tfcompat._src.framework import errors
from tfcompat._src.framework.string_tensor import as_bytes_array
from tfcompat._src.framework.tensor import Tensor
from tfcompat._src.lib.io import errors as record_errors
from tfcompat._src.lib.io import tf_record
from tfcompat._src.runtime.function import TensorSpec
from tfcompat._src.data import parallel
from tfcompat._src.data.node import UNKNOWN, Node

__all__ = ["FilenamesNode", "TextLineNode", "FixedLengthRecordNode", "TFRecordNode", "CsvNode"]

_STRING_SPEC = TensorSpec([], dtypes.string)


def _as_path(v) -> str:
    return v.decode("utf-8") if isinstance(v, bytes) else str(v)


class FilenamesNode(Node):
    """The file names of a reader given as a string tensor of any rank (flattened), one ``bytes`` each."""

    tf_name = "_TensorSliceDataset"

    def __init__(self, filenames):
        if filenames.dtype is not dtypes.string:
            raise TypeError(f"The `filenames` argument must contain `tf.string` elements. Got "
                            f"`tf.{filenames.dtype.name}` elements.")
        super().__init__((), _STRING_SPEC, [filenames])
        self.filenames = filenames

    def iterate(self, env):
        v = env.value(self.filenames)
        for name in (as_bytes_array(v).reshape(-1) if not isinstance(v, bytes) else [v]):
            yield (name,)


def _open(path: str, compression: str):
    try:
        f = open(path, "rb")  # noqa: SIM115 - closed by the caller's generator
    except FileNotFoundError:
        raise errors.NotFoundError(None, None, f"{path}; No such file or directory") from None
    except IsADirectoryError:
        raise errors.FailedPreconditionError(None, None, f"{path}; Is a directory") from None
    if compression == "GZIP":
        return gzip.GzipFile(fileobj=f)
    if compression == "ZLIB":
        with f:
            return io.BytesIO(zlib.decompress(f.read()))
    return f


def _compression(compression_type) -> str:
    if isinstance(compression_type, Tensor):
        compression_type = compression_type.numpy()
    if isinstance(compression_type, bytes):
        compression_type = compression_type.decode()
    name = compression_type or ""
    if name not in ("", "ZLIB", "GZIP"):
        raise errors.InvalidArgumentError(f"Unsupported compression_type: {name}.")
    return name


class _FileReaderNode(Node):
    """Records of each file named by ``filenames`` (a node yielding scalar strings)."""

    def __init__(self, filenames: Node, compression_type, num_parallel_reads):
        super().__init__((filenames,), _STRING_SPEC)
        self.compression = _compression(compression_type)
        self.num_parallel_reads = num_parallel_reads

    def records(self, path: str):
        raise NotImplementedError

    def iterate(self, env):
        names = (_as_path(el[0]) for el in self.inputs[0].iterate(env))
        n = self.num_parallel_reads
        if n is None or n == 1:
            return (rec for path in names for rec in self.records(path))
        cycle = parallel.autotune_threads() if n == -1 else int(n)
        return _round_robin(names, self.records, cycle)


def _round_robin(names, records, cycle):
    # TF's interleave with block_length 1: a finished file's slot takes the next file on its next turn.
    current = [None] * cycle
    index, num_open, end = 0, 0, False
    while not end or num_open:
        it = current[index]
        if it is not None:
            try:
                rec = next(it)
            except StopIteration:
                current[index] = None
                num_open -= 1
                index = (index + 1) % cycle
                continue
            index = (index + 1) % cycle
            yield rec
        elif not end:
            try:
                current[index] = iter(records(next(names)))
                num_open += 1
            except StopIteration:
                end = True
        else:
            index = (index + 1) % cycle


class TextLineNode(_FileReaderNode):
    tf_name = "TextLineDatasetV2"

    def records(self, path):
        with _open(path, self.compression) as f:
            for line in f:
                if line.endswith(b"\n"):
                    line = line[:-1]
                if line.endswith(b"\r"):
                    line = line[:-1]
                yield (line,)


class FixedLengthRecordNode(_FileReaderNode):
    tf_name = "FixedLengthRecordDatasetV2"

    def __init__(self, filenames, record_bytes, header_bytes, footer_bytes, compression_type, num_parallel_reads):
        super().__init__(filenames, compression_type, num_parallel_reads)
        self.record_bytes = int(record_bytes)
        self.header_bytes = int(header_bytes or 0)
        self.footer_bytes = int(footer_bytes or 0)
        if self.record_bytes <= 0:
            raise errors.InvalidArgumentError("record_bytes must be greater than zero.")

    def records(self, path):
        with _open(path, self.compression) as f:
            data = f.read()
        body = len(data) - self.header_bytes - self.footer_bytes
        if not self.compression and body % self.record_bytes:
            raise errors.InvalidArgumentError(
                f"Excluding the header ({self.header_bytes} bytes) and footer ({self.footer_bytes} bytes), input "
                f"file \"{path}\" has body length {body} bytes, which is not an exact multiple of the record length"
                f" ({self.record_bytes} bytes).")
        end = self.header_bytes + (body // self.record_bytes) * self.record_bytes
        for off in range(self.header_bytes, end, self.record_bytes):
            yield (data[off:off + self.record_bytes],)


class TFRecordNode(_FileReaderNode):
    tf_name = "TFRecordDatasetV2"

    def records(self, path):
        if not os.path.exists(path):
            raise errors.NotFoundError(None, None, f"{path}; No such file or directory")
        try:
            for rec in tf_record.tf_record_iterator(path, self.compression or None):
                yield (rec,)
        except record_errors.RecordIOError as e:
            raise getattr(errors, e.tf_error_name)(None, None, str(e)) from e


# ------------------------------------------------------------------------------------------------
# CSV
# ------------------------------------------------------------------------------------------------
_CSV_TYPES = (dtypes.int32, dtypes.int64, dtypes.float32, dtypes.float64, dtypes.string)


def csv_column(default):
    """(dtype, default value or None when the column is required) of one ``record_defaults`` entry."""
    if isinstance(default, dtypes.DType):
        dt, value = default, None
    else:
        if isinstance(default, Tensor):
            dt = default.dtype
            arr = np.asarray(default.numpy(), dtype=object if dt is dtypes.string else None)
        else:
            from tfcompat._src.data.structure import to_component
            with ctx_lib.init_scope():   # a python default is a constant, also inside a traced interleave function
                t = to_component(default)
            dt = t.dtype
            arr = np.asarray(t.numpy(), dtype=object if dt is dtypes.string else None)
        flat = arr.reshape(-1)
        if flat.size > 1:
            raise ValueError("Each entry of `record_defaults` must be a scalar or an empty (required) tensor.")
        value = flat[0] if flat.size else None
        if isinstance(value, np.generic):
            value = value.item()
    if dt not in _CSV_TYPES:
        raise TypeError(f"Unsupported type for `record_defaults`: {dt.name}. Supported types are int32, int64, "
                        f"float32, float64 and string.")
    return dt, value


class CsvNode(_FileReaderNode):
    """``experimental.CsvDataset``: one tuple of scalars per CSV record."""

    tf_name = "CsvDatasetV2"

    def __init__(self, filenames, columns, compression_type, header, field_delim, use_quote_delim, na_value,
                 select_cols, exclude_cols):
        super().__init__(filenames, compression_type, None)
        self.columns = columns
        self.element_spec = tuple(TensorSpec([], dt) for dt, _ in columns)
        self.flat_specs = list(self.element_spec)
        self.header = bool(header)
        self.delim = field_delim
        self.quote = use_quote_delim
        self.na_value = na_value
        if select_cols is not None and exclude_cols is not None:
            raise ValueError("Either select_cols or exclude_cols should be set, but not both.")
        if select_cols is not None:
            select_cols = [int(c) for c in select_cols]
            if select_cols != sorted(set(select_cols)):
                raise errors.InvalidArgumentError("select_cols is not monotonically increasing at index 1")
            if len(select_cols) != len(columns):
                raise ValueError(f"Expected {len(columns)} `select_cols` for {len(columns)} `record_defaults`, got "
                                 f"{len(select_cols)}.")
        self.select = select_cols
        self.exclude = set(int(c) for c in exclude_cols) if exclude_cols is not None else None

    def cardinality(self, env):
        return UNKNOWN

    def _parse(self, i, field):
        dt, default = self.columns[i]
        if field == "" or field == self.na_value:
            if default is None:
                raise errors.InvalidArgumentError(f"Field {i} is required but missing in record!")
            value = default
        elif dt is dtypes.string:
            value = field
        else:
            try:
                value = int(field) if dt.is_integer else float(field)
            except ValueError:
                raise errors.InvalidArgumentError(f"Field {i} in record is not a valid {dt.name}: {field}") \
                    from None
            if dt.is_integer and not np.iinfo(dt.np_dtype).min <= value <= np.iinfo(dt.np_dtype).max:
                raise errors.InvalidArgumentError(f"Field {i} in record is not a valid {dt.name}: {field}")
        if dt is dtypes.string:
            return value.encode("utf-8") if isinstance(value, str) else bytes(value)
        return torch.tensor(value, dtype=dt.torch_dtype)

    def records(self, path):
        with _open(path, self.compression) as f:
            text = io.TextIOWrapper(f, encoding="utf-8", newline="")
            reader = csv.reader(text, delimiter=self.delim, quotechar='"' if self.quote else None,
                                quoting=csv.QUOTE_MINIMAL if self.quote else csv.QUOTE_NONE)
            first = True
            for fields in reader:
                if first and self.header:
                    first = False
                    continue
                first = False
                if not fields:
                    continue
                if self.select is not None:
                    picked = [fields[c] if c < len(fields) else "" for c in self.select]
                elif self.exclude is not None:
                    picked = [x for c, x in enumerate(fields) if c not in self.exclude]
                else:
                    picked = fields
                if len(picked) != len(self.columns):
                    raise errors.InvalidArgumentError(f"Expect {len(self.columns)} fields but have {len(picked)} "
                                                      f"in record")
                yield tuple(self._parse(i, x) for i, x in enumerate(picked))
