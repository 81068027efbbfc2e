"""ExtensionType elements through tf.data (tfcompat/_src/data/structure.py, sources, batching): the examples of
TF's extension_type guide ("Datasets" and "Batchable ExtensionTypes" sections). Expected values are TF's (the
oracle); the classes are defined inside each program so each side builds its own."""
# No `from __future__ import annotations`: the field annotations must be evaluated where the classes are defined.

from tests.runtime.test_extension_type import _network


def _masked_tensor(tf):
    class MaskedTensor(tf.experimental.BatchableExtensionType):
        values: tf.Tensor
        mask: tf.Tensor

        shape = property(lambda self: self.values.shape)
        dtype = property(lambda self: self.values.dtype)

        class Spec:
            def __init__(self, shape, dtype=tf.float32):
                self.values = tf.TensorSpec(shape, dtype)
                self.mask = tf.TensorSpec(shape, tf.bool)
    return MaskedTensor


def _mt(value):
    return ["MT", value.values, value.mask, value.values.shape]


def _spec(spec):
    return [type(spec).__name__, spec.values.shape, spec.values.dtype, spec.mask.shape, spec.mask.dtype]


def test_from_tensor_slices_masked_tensor(oracle):
    def prog(tf):
        MaskedTensor = _masked_tensor(tf)
        mt = MaskedTensor(tf.reshape(range(20), [5, 4]), tf.ones([5, 4], tf.bool))
        ds = tf.data.Dataset.from_tensor_slices(mt)
        return [_spec(ds.element_spec)] + [_mt(v) for v in ds]
    oracle.check(prog)


def test_from_tensor_slices_network(oracle):
    def prog(tf):
        Network = _network(tf)
        net1 = Network([5., 3, 8], [[0., 2, 0], [2, 0, 3], [0, 3, 0]])
        net2 = Network([3., 4, 2], [[0., 2, 2], [2, 0, 2], [2, 2, 0]])
        batch = Network(work=tf.stack([net1.work, net2.work]),
                        bandwidth=tf.stack([net1.bandwidth, net2.bandwidth]))
        ds = tf.data.Dataset.from_tensor_slices(batch)
        spec = ds.element_spec
        return ([spec.shape, spec.work.shape, spec.bandwidth.shape]
                + [[n.shape, n.work, n.bandwidth, isinstance(n, Network)] for n in ds])
    oracle.check(prog)


def test_from_tensors_plain_extension_type(oracle):
    def prog(tf):
        class Pastry(tf.experimental.ExtensionType):
            sweetness: tf.Tensor
            chewiness: tf.Tensor
        ds = tf.data.Dataset.from_tensors(Pastry(5, 5))
        value = iter(ds).next()
        return [type(ds.element_spec).__name__, ds.element_spec.sweetness.shape, value.sweetness,
                value.chewiness, type(value).__name__]
    oracle.check(prog)


def test_generator_batch_unbatch(oracle):
    def prog(tf):
        MaskedTensor = _masked_tensor(tf)

        def value_gen():
            for i in range(2, 7):
                yield MaskedTensor(range(10), [j % i != 0 for j in range(10)])
        ds = tf.data.Dataset.from_generator(
            value_gen, output_signature=MaskedTensor.Spec(shape=[10], dtype=tf.int32))
        batched = ds.batch(2)
        unbatched = batched.unbatch()
        return [[_mt(v) for v in ds], _spec(batched.element_spec), [_mt(v) for v in batched],
                _spec(unbatched.element_spec), [_mt(v) for v in unbatched]]
    oracle.check(prog)


def test_batch_drop_remainder_and_map(oracle):
    def prog(tf):
        MaskedTensor = _masked_tensor(tf)
        mt = MaskedTensor(tf.reshape(tf.range(12.0), [6, 2]), tf.reshape(tf.range(12) % 3 > 0, [6, 2]))
        ds = tf.data.Dataset.from_tensor_slices(mt).map(
            lambda x: MaskedTensor(x.values * 2.0, tf.logical_not(x.mask)))
        batched = ds.batch(4, drop_remainder=True)
        pairs = tf.data.Dataset.from_tensor_slices((mt, tf.range(6))).map(lambda x, i: (i, x.values))
        return [_spec(ds.element_spec), [_mt(v) for v in ds], _spec(batched.element_spec),
                [_mt(v) for v in batched], [list(p) for p in pairs]]
    oracle.check(prog)


def test_network_batch_unbatch_specs(oracle):
    def prog(tf):
        Network = _network(tf)
        nets = Network(work=tf.reshape(tf.range(9.0), [3, 3]), bandwidth=tf.ones([3, 3, 3]))
        ds = tf.data.Dataset.from_tensor_slices(nets)
        out = []
        for d in (ds, ds.batch(2), ds.batch(2, drop_remainder=True), ds.batch(2).unbatch(), ds.take(2).repeat(2)):
            spec = d.element_spec
            out.append([spec.shape, spec.work, spec.bandwidth.shape,
                        [[n.shape, n.work, n.bandwidth.shape] for n in d]])
        return out
    oracle.check(prog)


def test_map_builds_extension_type(oracle):
    def prog(tf):
        MaskedTensor = _masked_tensor(tf)
        ds = tf.data.Dataset.range(4).map(lambda i: (i, MaskedTensor(tf.fill([2], tf.cast(i, tf.float32)),
                                                                       tf.fill([2], i % 2 == 0))))
        flat = ds.map(lambda i, m: m.values * tf.cast(i, tf.float32))
        return [_spec(ds.element_spec[1]), [[i, *_mt(m)] for i, m in ds.batch(3)], list(flat),
                flat.element_spec.shape]
    oracle.check(prog)


def test_iterate_in_tf_function_and_reduce(oracle):
    def prog(tf):
        MaskedTensor = _masked_tensor(tf)
        mt = MaskedTensor(tf.reshape(tf.range(6.0), [3, 2]), tf.constant([[True, False], [True, True],
                                                                            [False, True]]))
        ds = tf.data.Dataset.from_tensor_slices(mt)

        @tf.function
        def loop(d):
            s = tf.zeros([2])
            for x in d:
                s += tf.where(x.mask, x.values, 0.0)
            return s

        @tf.function
        def first():
            x = next(iter(ds))
            return x.values, x.mask
        total = ds.reduce(tf.zeros([2]), lambda s, x: s + tf.where(x.mask, x.values, 10.0))
        kept = ds.filter(lambda x: tf.reduce_all(x.mask))
        numbered = ds.enumerate(5)
        return [loop(ds), list(first()), total, _spec(kept.element_spec), [_mt(v) for v in kept],
                _spec(numbered.element_spec[1]), [[i, *_mt(v)] for i, v in numbered]]
    oracle.check(prog)
