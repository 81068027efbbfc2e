"""``tf.experimental.DynamicRaggedShape`` / ``RowPartition`` and the ragged ``tf.shape``/``reshape``/``zeros``/
``ones``/``fill`` (ops/ragged/dynamic_ragged_shape.py, row_partition.py) against TF 2.21, as TF's ragged_tensor
guide uses them.

Until ``array_ops.shape/reshape/zeros/ones/fill`` fall back to dispatch (``add_dispatch_support``) and
``tf.experimental`` exports the classes, the tfcompat side reaches them through ``_api`` below."""
from __future__ import annotations

import types

import pytest


def _tf_api(tf):
    e = tf.experimental
    return types.SimpleNamespace(DRS=e.DynamicRaggedShape, RP=e.RowPartition, shape=tf.shape, reshape=tf.reshape,
                                 zeros=tf.zeros, ones=tf.ones, fill=tf.fill)


def _tfc_api(tf):
    from tfcompat._src.framework.api_dispatch import add_dispatch_support
    from tfcompat._src.ops import array_ops
    from tfcompat._src.ops.ragged.dynamic_ragged_shape import DynamicRaggedShape
    from tfcompat._src.ops.ragged.row_partition import RowPartition
    wrapped = {n: add_dispatch_support(getattr(array_ops, n)) for n in ("shape", "reshape", "zeros", "ones", "fill")}
    return types.SimpleNamespace(DRS=DynamicRaggedShape, RP=RowPartition, **wrapped)


def _check(oracle, prog):
    oracle.check(lambda tf: prog(tf, _tf_api(tf)), lambda tf: prog(tf, _tfc_api(tf)))


def test_shape_of_ragged_tensor_and_what_it_builds(oracle):
    def prog(tf, api):
        x = tf.constant([["a", "b"], ["c", "d"], ["e", "f"]])
        rt = tf.ragged.constant([[1], [2, 3, 4], [], [5, 6]])
        s = api.shape(rt)
        built = [api.reshape(x, s), api.zeros(s), api.ones(s, dtype=tf.int32), api.fill(s, "x")]
        return (repr(s), s.dtype, s.num_row_partitions, s.rank, s.inner_shape, s.row_partitions[0].row_splits(),
                [(b.to_list(), b.dtype) for b in built], s[0], repr(s[:1]), repr(s[:2]),
                api.shape(rt, out_type=tf.int64).dtype)
    _check(oracle, prog)


def test_ragged_dimension_has_no_length(oracle):
    def prog(tf, api):
        s = api.shape(tf.ragged.constant([[1], [2, 3, 4], [], [5, 6]]))
        try:
            s[1]
        except ValueError as e:
            return "ValueError", str(e)
    _check(oracle, prog)


def test_shapes_of_other_ragged_tensors(oracle):
    def prog(tf, api):
        rts = [tf.ragged.constant([[[1, 2]], [[3, 4], [5, 6]]], ragged_rank=1),
               tf.ragged.constant([[[1], [2, 3]], [[4]]]),
               tf.RaggedTensor.from_uniform_row_length([1, 2, 3, 4], 2)]
        return [(repr(api.shape(rt)), api.shape(rt).inner_shape) for rt in rts]
    _check(oracle, prog)


def test_constructors(oracle):
    def prog(tf, api):
        rp = api.RP.from_row_lengths([5, 3, 2])
        s = api.DRS(row_partitions=[rp], inner_shape=[10, 8])
        shapes = [s, api.DRS.from_lengths([4, (2, 1, 0, 8), 12]), api.DRS.from_lengths([2, 3, 4]),
                  api.DRS.from_lengths([2, (2, 1), (2, 0, 3)]),
                  api.DRS.from_lengths([2, (3, 2), 2], num_row_partitions=2),
                  api.DRS.from_lengths([2, 2, 3], num_row_partitions=1)]
        return (repr(rp), rp.row_splits(), rp.static_nrows, [repr(x) for x in shapes],
                [(x.dtype, x.inner_shape, x.rank, x.num_row_partitions) for x in shapes],
                s[0], s[2], s[-1], repr(s[:2]), repr(shapes[2][1:]), shapes[2][1],
                api.zeros(api.DRS.from_lengths([2, (2, 1), 3]), dtype=tf.int32).to_list())
    _check(oracle, prog)


@pytest.mark.parametrize("bad", ["ragged_index", "too_big", "slice_past_ragged", "stride", "inconsistent"])
def test_errors(oracle, bad):
    def prog(tf, api):
        s = api.DRS(row_partitions=[api.RP.from_row_lengths([5, 3, 2])], inner_shape=[10, 8])
        return {"ragged_index": lambda: s[1], "too_big": lambda: s[5], "slice_past_ragged": lambda: s[1:],
                "stride": lambda: s[::2], "inconsistent": lambda: api.DRS.from_lengths([2, (1,)])}[bad]()
    _check(oracle, prog)
