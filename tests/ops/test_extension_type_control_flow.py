"""ExtensionType values through ``tf.map_fn`` (ops/functional_ops.py) and ``tf.while_loop`` (ops/while_loop.py),
eagerly, in a tf.function, and as an AutoGraph ``for`` loop variable: the examples of TF's extension_type guide.
Expected values are TF's (the oracle); the classes are defined inside each program so each side builds its own."""
# No `from __future__ import annotations`: the field annotations must be evaluated where the classes are defined.

from tests.runtime.test_extension_type import _network


def _masked_tensor(tf, batchable=False):
    base = tf.experimental.BatchableExtensionType if batchable else tf.experimental.ExtensionType

    class MaskedTensor(base):
        values: tf.Tensor
        mask: tf.Tensor

        def with_values(self, new_values):
            return MaskedTensor(new_values, self.mask)
    return MaskedTensor


def _balance(tf, Network):
    def balance_work_greedy(network):
        delta = (tf.expand_dims(network.work, -1) - tf.expand_dims(network.work, -2))
        delta /= 4
        delta = tf.maximum(tf.minimum(delta, network.bandwidth), -network.bandwidth)
        new_work = network.work + tf.reduce_sum(delta, -1)
        return Network(new_work, network.bandwidth)
    return balance_work_greedy


def _batch_of_networks(tf, Network):
    net1 = Network([5., 3, 8], [[0., 2, 0], [2, 0, 3], [0, 3, 0]])
    net2 = Network([3., 4, 2], [[0., 2, 2], [2, 0, 2], [2, 2, 0]])
    return Network(work=tf.stack([net1.work, net2.work]), bandwidth=tf.stack([net1.bandwidth, net2.bandwidth]))


def _net(n):
    return [type(n).__name__, n.shape, n.work, n.bandwidth]


def test_map_fn_batchable_extension_type(oracle):
    def prog(tf):
        Network = _network(tf)
        batch = _batch_of_networks(tf, Network)
        return _net(tf.map_fn(_balance(tf, Network), batch))
    oracle.check(prog)


def test_map_fn_output_signature_spec(oracle):
    def prog(tf):
        MaskedTensor = _masked_tensor(tf, batchable=True)
        spec = MaskedTensor.Spec(values=tf.TensorSpec([], tf.float32), mask=tf.TensorSpec([], tf.bool))
        out = tf.map_fn(lambda x: MaskedTensor(x * 2.0, x > 1.0), tf.constant([0.5, 1.5, 3.0]),
                        fn_output_signature=spec)
        back = tf.map_fn(lambda m: tf.where(m.mask, m.values, -1.0), out, fn_output_signature=tf.float32)
        return [type(out).__name__, out.values, out.mask, back]
    oracle.check(prog)


def test_map_fn_in_tf_function(oracle):
    def prog(tf):
        Network = _network(tf)
        batch = _batch_of_networks(tf, Network)
        f = tf.function(lambda b: tf.map_fn(_balance(tf, Network), b))
        return _net(f(batch))
    oracle.check(prog)


def test_while_loop_extension_type(oracle):
    def prog(tf):
        MaskedTensor = _masked_tensor(tf)
        b = MaskedTensor([1., 2, 3, 4, 5], [True, False, True, True, False])

        def body(i, mt):
            return i + 1, mt.with_values(mt.values + 3 / 7)
        eager = tf.while_loop(lambda i, _: i < 10, body, [0, b])[1]
        graph = tf.function(lambda m: tf.while_loop(lambda i, _: i < 10, body, [0, m])[1])(b)
        return [type(eager).__name__, eager.values, eager.mask, type(graph).__name__, graph.values, graph.mask]
    oracle.check(prog)


def test_autograph_for_loop_extension_type(oracle):
    # The guide's example with ``b`` a python bool (a tensor ``b``: tests/ops/test_extension_type_cond.py).
    def prog(tf):
        MaskedTensor = _masked_tensor(tf)

        @tf.function
        def fn(x, b):
            if b:
                x = MaskedTensor(x, tf.less(x, 0))
            else:
                x = MaskedTensor(x, tf.greater(x, 0))
            for i in tf.range(5 if b else 7):
                x = x.with_values(x.values + 1 / 2)
            return x
        r1 = fn(tf.constant([1., -2, 3]), True)
        r2 = fn(tf.constant([1., -2, 3]), False)
        return [r1.values, r1.mask, r2.values, r2.mask]
    oracle.check(prog)
