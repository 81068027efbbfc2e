"""``tf.IndexedSlices`` (framework/indexed_slices.py) and gradients as TF gives them (autodiff/sparse_grad.py):
the gradient of ``tf.gather`` / ``tf.nn.embedding_lookup`` with respect to their params (a Variable among them) is
an IndexedSlices, concatenated over several gathers and dense as soon as another use is dense; TF1 and Keras
optimizers apply it sparsely with TF's numerics (runtime/training/sparse_update_ops.py). Expected values: TF's,
through the oracle."""
from __future__ import annotations

import numpy as np
import pytest

E0 = (np.arange(18, dtype=np.float32).reshape(6, 3) / 10.0)
# Each step touches other rows, so optimizers that update only the indexed rows (TF's SparseApply* kernels)
# differ from a dense update.
STEP_IDS = [np.array([[0, 2, 2], [5, 0, 1]]), np.array([[3, 3]]), np.array([[4, 0, 4]])]


def _parts(g):
    """(type name, values, indices, dense_shape) of an IndexedSlices gradient, or (type name, value)."""
    if type(g).__name__ == "IndexedSlices":
        return "IndexedSlices", g.values, g.indices, g.dense_shape
    return ("None",) if g is None else ("dense", g)


def _tape_grad(loss_fn, make_source, watch=False):
    def prog(tf):
        src = make_source(tf)
        with tf.GradientTape() as tape:
            if watch:
                tape.watch(src)
            loss = loss_fn(tf, src)
        return _parts(tape.gradient(loss, src))
    return prog


def _var(tf):
    return tf.Variable(E0)


def _const(tf):
    return tf.constant(E0)


EAGER_CASES = {
    "variable_gather": _tape_grad(lambda tf, v: tf.reduce_sum(tf.gather(v, [0, 2, 2]) * [[1.0, 2.0, 3.0]]), _var),
    "variable_two_lookups": _tape_grad(
        lambda tf, v: tf.reduce_sum(tf.gather(v, [4, 1])) + tf.reduce_sum(tf.nn.embedding_lookup(v, [2]) * 5.0),
        _var),
    "embedding_2d_ids": _tape_grad(lambda tf, v: tf.reduce_sum(tf.nn.embedding_lookup(v, [[0, 1], [1, 3]]) ** 2),
                                   _var),
    "int64_indices": _tape_grad(lambda tf, v: tf.reduce_sum(tf.gather(v, tf.constant([3, 3], tf.int64))), _var),
    "read_value_gather": _tape_grad(lambda tf, v: tf.reduce_sum(tf.gather(v.read_value(), [1])), _var),
    "tensor_gather": _tape_grad(lambda tf, x: tf.reduce_sum(tf.gather(x, [1, 1]) * 2.0), _const, watch=True),
    "mixed_with_dense": _tape_grad(lambda tf, v: tf.reduce_sum(tf.gather(v, [1])) + tf.reduce_sum(v * v), _var),
    "mixed_tensor": _tape_grad(lambda tf, x: tf.reduce_sum(tf.gather(x, [1])) + tf.reduce_sum(x), _const,
                               watch=True),
    "gather_axis1": _tape_grad(lambda tf, v: tf.reduce_sum(tf.gather(v, [0, 2], axis=1)), _var),
    "unused_gather": _tape_grad(lambda tf, v: (tf.gather(v, [1]), tf.reduce_sum(v))[1] * 0.0 + 1.0, _const,
                                watch=True),
    "not_reached": _tape_grad(lambda tf, v: (tf.gather(v, [1]), tf.constant(1.0))[1], _var),
}


@pytest.mark.parametrize("case", sorted(EAGER_CASES))
def test_gather_gradient_eager(oracle, case):
    oracle.check(EAGER_CASES[case], name=case)


def test_convert_and_construct(oracle):
    def prog(tf):
        v = tf.Variable(E0)
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.gather(v, [0, 2, 2, 5]))
        g = tape.gradient(loss, v)
        s = tf.IndexedSlices(tf.constant([[1.0, 2.0], [3.0, 4.0]]), tf.constant([2, 0]), tf.constant([3, 2]))
        neg = -s
        return (tf.convert_to_tensor(g), tf.convert_to_tensor(s), s.dtype, s.shape, neg.values, neg.indices,
                tf.math.add_n([tf.convert_to_tensor(s), tf.ones([3, 2])]), tf.reduce_sum(g))
    oracle.check(prog)


def test_convert_without_dense_shape(oracle):
    oracle.check(lambda tf: tf.convert_to_tensor(tf.IndexedSlices(tf.constant([1.0]), tf.constant([0]))))


def test_tf_function_tape(oracle):
    """Inside a tf.function the tape's gradient is an IndexedSlices too."""
    def prog(tf):
        v = tf.Variable(E0)

        @tf.function
        def step(ids):
            with tf.GradientTape() as tape:
                loss = tf.reduce_sum(tf.nn.embedding_lookup(v, ids) * 3.0)
            g = tape.gradient(loss, v)
            return type(g).__name__ == "IndexedSlices", g.values, g.indices, tf.convert_to_tensor(g)
        return step(tf.constant([1, 4, 1]))
    oracle.check(prog)


def test_keras_embedding_gradient(oracle):
    def prog(tf):
        layer = tf.keras.layers.Embedding(6, 3, embeddings_initializer=tf.keras.initializers.Constant(E0))
        ids = tf.constant([[0, 2], [2, 5]])
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(layer(ids) ** 2)
        return _parts(tape.gradient(loss, layer.trainable_variables)[0])
    oracle.check(prog)


def _graph_grads(loss_fn):
    def prog(v1):
        v = v1.get_variable("E", initializer=E0)
        x = v1.placeholder(v1.float32, [6, 3])
        grads = v1.gradients(loss_fn(v1, v, x), [v, x])
        kinds = [type(g).__name__ for g in grads]
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            return kinds, sess.run(grads, {x: E0})
    return prog


GRAPH_CASES = {
    "gather": lambda v1, v, x: v1.reduce_sum(v1.gather(v, [0, 2, 2]) * 2.0) + v1.reduce_sum(v1.gather(x, [1])),
    "two_gathers": lambda v1, v, x: v1.reduce_sum(v1.gather(v, [4])) + v1.reduce_sum(
        v1.nn.embedding_lookup(v, [[1, 1]]) * x[0, 0]),
    "mixed": lambda v1, v, x: v1.reduce_sum(v1.gather(v, [1])) + v1.reduce_sum(v * x),
}


@pytest.mark.parametrize("case", sorted(GRAPH_CASES))
def test_gather_gradient_graph(oracle, case):
    oracle.check_v1(_graph_grads(GRAPH_CASES[case]), name=case)


# ------------------------------------------------------------------------------------------------
# optimizers
# ------------------------------------------------------------------------------------------------
def _loss(tf, table, ids):
    return tf.reduce_sum(tf.square(tf.nn.embedding_lookup(table, ids) - 1.0))


V1_OPTIMIZERS = {
    "gd": lambda t: t.GradientDescentOptimizer(0.1),
    "momentum": lambda t: t.MomentumOptimizer(0.1, 0.9),
    "nesterov": lambda t: t.MomentumOptimizer(0.1, 0.9, use_nesterov=True),
    "adam": lambda t: t.AdamOptimizer(0.1),
    "adagrad": lambda t: t.AdagradOptimizer(0.1),
    "rmsprop": lambda t: t.RMSPropOptimizer(0.1, momentum=0.5),
    "rmsprop_centered": lambda t: t.RMSPropOptimizer(0.1, centered=True),
    "adadelta": lambda t: t.AdadeltaOptimizer(1.0),
    "ftrl": lambda t: t.FtrlOptimizer(0.1, l1_regularization_strength=0.01),
}


def _slots(opt, var):
    return [opt.get_slot(var, n) for n in opt.get_slot_names()]


@pytest.mark.parametrize("name", sorted(V1_OPTIMIZERS))
def test_v1_optimizer_sparse_eager(oracle, name):
    def prog(tf):
        table = tf.Variable(E0)
        dense = tf.Variable([1.0, 2.0, 3.0])
        opt = V1_OPTIMIZERS[name](tf.compat.v1.train)
        for ids in STEP_IDS:
            opt.minimize(lambda: _loss(tf, table, ids) + tf.reduce_sum(dense * dense), var_list=[table, dense])
        return table, dense, _slots(opt, table)
    oracle.check(prog, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("name", sorted(V1_OPTIMIZERS))
def test_v1_optimizer_sparse_graph(oracle, name):
    def prog(v1):
        table = v1.get_variable("E", initializer=E0)
        ids = v1.placeholder(v1.int32, [None, None])
        opt = V1_OPTIMIZERS[name](v1.train)
        step = opt.minimize(_loss(v1, table, ids))
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            for batch in STEP_IDS:
                sess.run(step, {ids: batch})
            return sess.run([table] + _slots(opt, table))
    oracle.check_v1(prog, rtol=1e-5, atol=1e-6)


def test_v1_sparse_differs_from_dense(oracle):
    """TF's sparse Momentum leaves untouched rows (and their momentum) alone: densifying the gradient gives other
    numbers, so the trajectories above test the sparse path."""
    def prog(tf):
        out = []
        for densify in (False, True):
            table = tf.Variable(E0)
            opt = tf.compat.v1.train.MomentumOptimizer(0.1, 0.9)
            for ids in STEP_IDS:
                with tf.GradientTape() as tape:
                    loss = _loss(tf, table, ids)
                g = tape.gradient(loss, table)
                opt.apply_gradients([(tf.convert_to_tensor(g) if densify else g, table)])
            out.append(table)
        return out
    sparse, dense = oracle.check(prog)
    assert not np.allclose(sparse, dense)


KERAS_OPTIMIZERS = {
    "sgd": lambda k: k.SGD(0.1, momentum=0.9),
    "adam": lambda k: k.Adam(0.1),
    "adagrad": lambda k: k.Adagrad(0.1),
    "rmsprop": lambda k: k.RMSprop(0.1, momentum=0.5, centered=True),
    "legacy_sgd": lambda k: k.legacy.SGD(0.1, momentum=0.9),
    "legacy_sgd_plain": lambda k: k.legacy.SGD(0.1),
    "legacy_adam": lambda k: k.legacy.Adam(0.1),
    "legacy_adagrad": lambda k: k.legacy.Adagrad(0.1),
    "legacy_rmsprop": lambda k: k.legacy.RMSprop(0.1),
    "legacy_rmsprop_momentum": lambda k: k.legacy.RMSprop(0.1, momentum=0.5, centered=True),
    "legacy_adadelta": lambda k: k.legacy.Adadelta(1.0),
    "legacy_ftrl": lambda k: k.legacy.Ftrl(0.1, l1_regularization_strength=0.01),
}


@pytest.mark.parametrize("name", sorted(KERAS_OPTIMIZERS))
def test_keras_optimizer_sparse(oracle, name):
    def prog(tf):
        table = tf.Variable(E0)
        opt = KERAS_OPTIMIZERS[name](tf.keras.optimizers)
        for ids in STEP_IDS:
            with tf.GradientTape() as tape:
                loss = _loss(tf, table, ids)
            opt.apply_gradients(zip([tape.gradient(loss, table)], [table]))
        return table
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_keras_fit_embedding(oracle):
    """model.fit (a tf.function step) with an Embedding layer: the IndexedSlices gradient is applied sparsely."""
    def prog(tf):
        model = tf.keras.Sequential([
            tf.keras.layers.Embedding(6, 3, embeddings_initializer=tf.keras.initializers.Constant(E0)),
            tf.keras.layers.GlobalAveragePooling1D(), tf.keras.layers.Dense(1, kernel_initializer="ones")])
        model.compile(optimizer=tf.keras.optimizers.legacy.SGD(0.1, momentum=0.9), loss="mse")
        model.fit(np.array([[0, 2], [3, 3], [1, 4]]), np.array([1.0, 2.0, 3.0]), batch_size=1, epochs=2,
                  verbose=0, shuffle=False)
        return model.layers[0].embeddings
    oracle.check(prog, rtol=1e-5, atol=1e-6)


def test_clipping_keeps_indexed_slices(oracle):
    """clip_by_global_norm / global_norm / clip_by_norm / clip_by_value use an IndexedSlices' values (duplicate
    rows counted separately) and return IndexedSlices, as TF's clip_ops."""
    def prog(tf):
        table = tf.Variable(E0)
        w = tf.Variable([1.0, 2.0, 3.0])
        with tf.GradientTape() as tape:
            loss = tf.reduce_sum(tf.square(tf.nn.embedding_lookup(table, [[0, 2, 2]]) * w))
        g = tape.gradient(loss, [table, w])
        clipped, norm = tf.clip_by_global_norm(g, 1.0)
        return (norm, tf.linalg.global_norm(g), _parts(clipped[0]), clipped[1],
                _parts(tf.clip_by_norm(g[0], 1.0)), _parts(tf.clip_by_value(g[0], -1.0, 1.0)))
    oracle.check(prog, rtol=1e-5)


def test_clip_then_sparse_apply_graph(oracle):
    """A TF1 training step clipping an embedding gradient by global norm (PTB-style) before Momentum."""
    def prog(v1):
        table = v1.get_variable("E", initializer=E0)
        w = v1.get_variable("w", initializer=np.array([1.0, 2.0, 3.0], np.float32))
        ids = v1.placeholder(v1.int32, [None, None])
        loss = v1.reduce_sum(v1.square(v1.nn.embedding_lookup(table, ids) * w - 1.0))
        grads, _ = v1.clip_by_global_norm(v1.gradients(loss, [table, w]), 2.0)
        step = v1.train.MomentumOptimizer(0.1, 0.9).apply_gradients(zip(grads, [table, w]))
        with v1.Session() as sess:
            sess.run(v1.global_variables_initializer())
            for batch in STEP_IDS:
                sess.run(step, {ids: batch})
            return sess.run([table, w])
    oracle.check_v1(prog, rtol=1e-5, atol=1e-6)
