"""Tests of ``tfcompat.export.to_torch`` (tools/export/): the exported module trains like tfcompat.

TF cannot be the oracle here (TF has no export to PyTorch): each model is built and trained in tfcompat, exported,
and the generated file is run in a fresh ``python -I`` subprocess in which importing tfcompat or tensorflow
raises. Its forward value and gradients at the exported weights and its losses over N optimizer steps on the
same batches must equal tfcompat's (expected values: computed by tfcompat, whose TF fidelity is tested elsewhere).
"""
from __future__ import annotations

import subprocess
import sys
import textwrap

import numpy as np
import pytest

import tfcompat as tf2
import tfcompat.compat.v1 as tf
from tfcompat.export import UnsupportedOpError, to_torch

_RUNNER = textwrap.dedent('''
    import sys

    # tfcompat and tensorflow are unimportable here (a None entry makes `import` raise ImportError and
    # importlib.util.find_spec report "not installed"): the exported module must be plain torch.
    for blocked in ("tfcompat", "tensorflow"):
        sys.modules[blocked] = None
    import importlib.util

    import numpy as np
    import torch

    module_path, data_path, out_path = sys.argv[1:4]
    spec = importlib.util.spec_from_file_location("exported", module_path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    data = np.load(data_path)
    steps, n_feeds = int(data["steps"]), int(data["n_feeds"])
    model = mod.load_model()
    optimizer = mod.make_optimizer(model) if steps else None
    params = [p for g in optimizer.param_groups for p in g["params"]] if optimizer else list(model.parameters())
    results = {}
    feeds = [torch.from_numpy(data[f"b0_{i}"]) for i in range(n_feeds)]
    out = model(*feeds)
    results["forward"] = out.detach().numpy()
    for i, g in enumerate(torch.autograd.grad(out.sum(), params)):
        results[f"grad{i}"] = g.numpy()
    losses = []
    for step in range(steps):
        feeds = [torch.from_numpy(data[f"b{step}_{i}"]) for i in range(n_feeds)]
        loss = model(*feeds)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        losses.append(loss.item())
    results["losses"] = np.array(losses)
    assert not any(name.split(".")[0] in ("tfcompat", "tensorflow") and m is not None
                   for name, m in sys.modules.items())
    np.savez(out_path, **results)
''')


def _run_exported(tmp_path, module_path, batches, steps):
    """Runs the exported module (see the module docstring); returns its forward, gradients and losses."""
    data = {"steps": steps, "n_feeds": len(batches[0])}
    for s, batch in enumerate(batches):
        for i, v in enumerate(batch):
            data[f"b{s}_{i}"] = v
    np.savez(tmp_path / "data.npz", **data)
    (tmp_path / "runner.py").write_text(_RUNNER)
    proc = subprocess.run([sys.executable, "-I", str(tmp_path / "runner.py"), str(module_path),
                           str(tmp_path / "data.npz"), str(tmp_path / "out.npz")],
                          capture_output=True, text=True, cwd=tmp_path, timeout=300)
    assert proc.returncode == 0, proc.stderr
    return dict(np.load(tmp_path / "out.npz"))


def _train_and_export(tmp_path, build, batches, steps, name):
    """Builds ``build()`` -> (loss, feeds, train_op) in a fresh graph, exports it right after initialization,
    then trains it in tfcompat; returns (export result, tfcompat's forward, gradients, losses)."""
    graph = tf.Graph()
    with graph.as_default():
        tf.set_random_seed(1)
        loss, feeds, train_op = build()
        grads = tf.gradients(loss, tf.trainable_variables())
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            result = to_torch(loss, feeds, session=sess, train_op=train_op, output=tmp_path / f"{name}.py")
            first = dict(zip(feeds, batches[0]))
            forward, grad_values = sess.run([loss, grads], feed_dict=first)
            losses = [sess.run([loss, train_op], feed_dict=dict(zip(feeds, batches[s])))[0] for s in range(steps)]
    return result, forward, grad_values, np.array(losses)


def _check_same_training(tmp_path, build, batches, steps, name, rtol=1e-5, atol=1e-6):
    result, forward, grads, losses = _train_and_export(tmp_path, build, batches, steps, name)
    exported = _run_exported(tmp_path, result.module_path, batches, steps)
    np.testing.assert_allclose(exported["forward"], forward, rtol=rtol, atol=atol)
    assert len(grads) == len([k for k in exported if k.startswith("grad")])
    for i, g in enumerate(grads):
        np.testing.assert_allclose(exported[f"grad{i}"], g, rtol=rtol, atol=atol)
    np.testing.assert_allclose(exported["losses"], losses, rtol=rtol, atol=atol)
    assert losses[-2] < losses[0]  # it trained (steps 0 and -2 use the same batch)
    return result


# -- the three models of issue 17 ------------------------------------------------------------------------------
def _mnist_mlp(optimizer=None):
    """examples/mnist_mlp_tf1.py at a smaller size; Adam unless another optimizer is given."""
    rng = np.random.RandomState(0)
    x = tf.placeholder(tf.float32, [None, 20], name="x")
    y_ = tf.placeholder(tf.float32, [None, 5], name="y_")
    W1 = tf.Variable((rng.randn(20, 16) * 0.3).astype(np.float32), name="W1")
    b1 = tf.Variable(tf.zeros([16]), name="b1")
    W2 = tf.Variable((rng.randn(16, 5) * 0.3).astype(np.float32), name="W2")
    b2 = tf.Variable(tf.zeros([5]), name="b2")
    hidden = tf.nn.relu(tf.matmul(x, W1) + b1)
    logits = tf.matmul(hidden, W2) + b2
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y_, logits=logits))
    opt = optimizer if optimizer is not None else tf.train.AdamOptimizer(0.02)
    return loss, [x, y_], opt.minimize(loss)


def _cycle(batches, steps):
    """``steps`` batches cycling through ``batches`` (a few fixed batches: the loss goes down in a few steps)."""
    return [batches[s % len(batches)] for s in range(steps)]


def _mlp_batches(steps, n=16):
    rng = np.random.RandomState(1)
    teacher = rng.randn(20, 5).astype(np.float32)
    out = []
    for _ in range(2):
        x = rng.rand(n, 20).astype(np.float32)
        out.append((x, np.eye(5, dtype=np.float32)[np.argmax((x - 0.5) @ teacher, axis=1)]))
    return _cycle(out, steps)


def _cnn():
    """conv2d SAME (odd padding: 8x8 input, 3x3 kernel, stride 2) + bias_add + relu, max_pool SAME, conv2d VALID,
    avg_pool VALID, reshape, matmul, softmax cross entropy; Nesterov momentum."""
    rng = np.random.RandomState(2)
    x = tf.placeholder(tf.float32, [None, 8, 8, 1], name="images")
    y = tf.placeholder(tf.float32, [None, 4], name="labels")
    wc1 = tf.Variable((rng.randn(3, 3, 1, 4) * 0.4).astype(np.float32), name="conv1/kernel")
    bc1 = tf.Variable(np.full([4], 0.1, np.float32), name="conv1/bias")
    wc2 = tf.Variable((rng.randn(2, 2, 4, 6) * 0.4).astype(np.float32), name="conv2/kernel")
    wd = tf.Variable((rng.randn(6, 4) * 0.4).astype(np.float32), name="dense/kernel")
    h = tf.nn.relu(tf.nn.bias_add(tf.nn.conv2d(x, wc1, strides=[1, 2, 2, 1], padding="SAME"), bc1))
    h = tf.nn.max_pool(h, ksize=[1, 2, 2, 1], strides=[1, 2, 2, 1], padding="SAME")  # 4x4 -> 2x2
    h = tf.nn.relu(tf.nn.conv2d(h, wc2, strides=[1, 1, 1, 1], padding="VALID"))       # -> 1x1
    h = tf.nn.avg_pool(h, ksize=[1, 1, 1, 1], strides=[1, 1, 1, 1], padding="VALID")
    logits = tf.matmul(tf.reshape(h, [-1, 6]), wd)
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
    return loss, [x, y], tf.train.MomentumOptimizer(0.1, 0.9, use_nesterov=True).minimize(loss)


def _cnn_batches(steps, n=6):
    rng = np.random.RandomState(3)
    return _cycle([(rng.rand(n, 8, 8, 1).astype(np.float32), np.eye(4, dtype=np.float32)[rng.randint(0, 4, n)])
                   for _ in range(2)], steps)


def _lstm():
    """tests/real_scripts/corpus/ad1_recurrent_network.py at a smaller size: unstack, static_rnn with a
    BasicLSTMCell (zero state from the batch size: Shape/StridedSlice/Pack/Fill), the last output's logits."""
    rng = np.random.RandomState(4)
    x = tf.placeholder(tf.float32, [None, 4, 3], name="sequences")
    y = tf.placeholder(tf.float32, [None, 2], name="labels")
    w = tf.Variable((rng.randn(6, 2) * 0.5).astype(np.float32), name="out/weights")
    b = tf.Variable(np.zeros([2], np.float32), name="out/biases")
    cell = tf.nn.rnn_cell.BasicLSTMCell(6, forget_bias=1.0)
    outputs, _ = tf.nn.static_rnn(cell, tf.unstack(x, 4, 1), dtype=tf.float32)
    logits = tf.matmul(outputs[-1], w) + b
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
    return loss, [x, y], tf.train.GradientDescentOptimizer(0.5).minimize(loss)


def _lstm_batches(steps, n=5):
    rng = np.random.RandomState(5)
    out = []
    for _ in range(2):
        x = rng.randn(n, 4, 3).astype(np.float32)
        out.append((x, np.eye(2, dtype=np.float32)[(x[:, :, 0].sum(1) > 0).astype(int)]))
    return _cycle(out, steps)


def test_mnist_mlp_adam_trains_the_same(tmp_path):
    result = _check_same_training(tmp_path, _mnist_mlp, _mlp_batches(8), 8, "mlp")
    assert "class TFAdam" in result.source and "\nimport tfcompat" not in result.source


def test_cnn_momentum_trains_the_same(tmp_path):
    result = _check_same_training(tmp_path, _cnn, _cnn_batches(6), 6, "cnn")
    # SAME padding computed at export time and written out; torch.optim.SGD for Nesterov momentum.
    assert "F.pad(images.permute(0, 3, 1, 2), (0, 1, 0, 1))" in result.source
    assert "nesterov=True" in result.source


def _dynamic_lstm():
    """tests/real_scripts/corpus/ad1_dynamic_rnn.py's path: dynamic_rnn's While loop (a Python loop over the body
    sub-graph in the export) with TensorLists for the inputs and outputs; Adam."""
    rng = np.random.RandomState(8)
    x = tf.placeholder(tf.float32, [None, 4, 3], name="sequences")
    y = tf.placeholder(tf.float32, [None, 2], name="labels")
    w = tf.Variable((rng.randn(6, 2) * 0.5).astype(np.float32), name="out/weights")
    cell = tf.nn.rnn_cell.BasicLSTMCell(6, forget_bias=1.0)
    outputs, _ = tf.nn.dynamic_rnn(cell, x, dtype=tf.float32)
    logits = tf.matmul(outputs[:, -1], w)
    loss = tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits_v2(labels=y, logits=logits))
    return loss, [x, y], tf.train.AdamOptimizer(0.05).minimize(loss)


def test_dynamic_rnn_while_loop_trains_the_same(tmp_path):
    result = _check_same_training(tmp_path, _dynamic_lstm, _lstm_batches(6), 6, "dynamic_lstm")
    assert "while rnn_while_iteration < rnn_while_maximum_iterations:" in result.source


def test_lstm_gradient_descent_trains_the_same(tmp_path):
    result = _check_same_training(tmp_path, _lstm, _lstm_batches(6), 6, "lstm")
    assert "torch.optim.SGD" in result.source


@pytest.mark.parametrize("make_optimizer", [
    lambda: tf.train.RMSPropOptimizer(0.01, decay=0.9, momentum=0.5),
    lambda: tf.train.MomentumOptimizer(0.05, 0.9),
], ids=["rmsprop", "momentum"])
def test_other_optimizers_train_the_same(tmp_path, make_optimizer):
    _check_same_training(tmp_path, lambda: _mnist_mlp(make_optimizer()), _mlp_batches(6), 6, "mlp_opt")


def test_optimizer_state_is_exported_mid_training(tmp_path):
    """Exported after 3 Adam steps: the moments and beta powers come along, so the next steps match."""
    batches = _mlp_batches(7)
    graph = tf.Graph()
    with graph.as_default():
        loss, feeds, train_op = _mnist_mlp()
        with tf.Session() as sess:
            sess.run(tf.global_variables_initializer())
            for s in range(3):
                sess.run(train_op, feed_dict=dict(zip(feeds, batches[s])))
            result = to_torch(loss, feeds, session=sess, train_op=train_op, output=tmp_path / "mid.py")
            losses = [sess.run([loss, train_op], feed_dict=dict(zip(feeds, b)))[0] for b in batches[3:]]
    assert result.optimizer_state_path is not None
    exported = _run_exported(tmp_path, result.module_path, batches[3:], 4)
    np.testing.assert_allclose(exported["losses"], losses, rtol=1e-5, atol=1e-6)


# -- tf.function -----------------------------------------------------------------------------------------------
def test_tf_function_forward_and_gradients(tmp_path):
    """A tf.function with an input signature: its concrete function's graph, variables read as ReadVariableOp."""
    rng = np.random.RandomState(6)
    w = tf2.Variable((rng.randn(3, 4)).astype(np.float32), name="w")
    b = tf2.Variable(np.linspace(-1, 1, 4).astype(np.float32), name="b")

    @tf2.function(input_signature=[tf2.TensorSpec([None, 3], tf2.float32)])
    def model(x):
        h = tf2.maximum(tf2.matmul(x, w) + b, 0.25 * tf2.ones([4]))
        return tf2.reduce_sum(tf2.nn.softmax(h) * tf2.math.log(h + 1.0) / 3.0, axis=1)

    x = rng.randn(5, 3).astype(np.float32)
    with tf2.GradientTape() as tape:
        y = model(tf2.constant(x))
    grads = tape.gradient(y, [w, b])
    result = to_torch(model, output=tmp_path / "fn.py")
    exported = _run_exported(tmp_path, result.module_path, [(x,)], 0)
    np.testing.assert_allclose(exported["forward"], y.numpy(), rtol=1e-5, atol=1e-6)
    for i, g in enumerate(grads):
        np.testing.assert_allclose(exported[f"grad{i}"], g.numpy(), rtol=1e-5, atol=1e-6)


def test_keras_model_in_tf_function(tmp_path):
    """A Keras CNN called in a tf.function traced with an example argument (no input signature)."""
    rng = np.random.RandomState(7)
    tf2.random.set_seed(3)
    model = tf2.keras.Sequential([
        tf2.keras.layers.Conv2D(3, 3, strides=2, padding="same", activation="relu", input_shape=(7, 7, 2)),
        tf2.keras.layers.MaxPooling2D(padding="same"),
        tf2.keras.layers.Flatten(),
        tf2.keras.layers.Dense(4, activation="softmax"),
    ])

    @tf2.function
    def predict(images):
        return model(images)

    x = rng.rand(3, 7, 7, 2).astype(np.float32)
    with tf2.GradientTape() as tape:
        y = predict(tf2.constant(x))
    grads = tape.gradient(y, model.trainable_variables)
    result = to_torch(predict, args=(tf2.TensorSpec([None, 7, 7, 2], tf2.float32),), output=tmp_path / "k.py")
    exported = _run_exported(tmp_path, result.module_path, [(x,)], 0)
    np.testing.assert_allclose(exported["forward"], y.numpy(), rtol=1e-5, atol=1e-6)
    for i, g in enumerate(grads):
        np.testing.assert_allclose(exported[f"grad{i}"], g.numpy(), rtol=1e-5, atol=1e-6)


def test_keras_lstm_in_tf_function(tmp_path):
    """Keras's LSTM layer (tfcompat traces it unrolled over the static number of time steps)."""
    tf2.random.set_seed(5)
    model = tf2.keras.Sequential([tf2.keras.layers.LSTM(4, input_shape=(5, 3)), tf2.keras.layers.Dense(2)])

    @tf2.function(input_signature=[tf2.TensorSpec([None, 5, 3], tf2.float32)])
    def predict(x):
        return model(x)

    x = np.random.RandomState(9).randn(2, 5, 3).astype(np.float32)
    with tf2.GradientTape() as tape:
        y = predict(tf2.constant(x))
    grads = tape.gradient(y, model.trainable_variables)
    result = to_torch(predict, output=tmp_path / "klstm.py")
    exported = _run_exported(tmp_path, result.module_path, [(x,)], 0)
    np.testing.assert_allclose(exported["forward"], y.numpy(), rtol=1e-5, atol=1e-6)
    for i, g in enumerate(grads):
        np.testing.assert_allclose(exported[f"grad{i}"], g.numpy(), rtol=1e-5, atol=1e-6)


def test_tf_function_with_cond(tmp_path):
    """tf.cond in a tf.function (AutoGraph's `if` on a tensor): both branches inlined under a Python `if`."""
    w = tf2.Variable(np.array([[1.0, -2.0], [0.5, 3.0]], np.float32), name="w")

    @tf2.function(input_signature=[tf2.TensorSpec([None, 2], tf2.float32)])
    def branchy(x):
        h = tf2.matmul(x, w)
        if tf2.reduce_sum(h) > 0:
            h = tf2.square(h)
        else:
            h = -h * 2.0
        return tf2.reduce_mean(h, axis=0)

    result = to_torch(branchy, output=tmp_path / "cond.py")
    assert "if bool(" in result.source
    for k, x in enumerate([np.ones([3, 2], np.float32), -np.ones([3, 2], np.float32)]):
        with tf2.GradientTape() as tape:
            y = branchy(tf2.constant(x))
        grads = tape.gradient(y, [w])
        run_dir = tmp_path / f"run{k}"
        run_dir.mkdir()
        exported = _run_exported(run_dir, result.module_path, [(x,)], 0)
        np.testing.assert_allclose(exported["forward"], y.numpy(), rtol=1e-6)
        np.testing.assert_allclose(exported["grad0"], grads[0].numpy(), rtol=1e-6)


# -- op coverage -----------------------------------------------------------------------------------------------
_X = np.array([[0.5, -1.5, 2.0, 0.0], [1.0, 3.0, -0.25, 4.0], [-2.0, 0.75, 1.5, -1.0]], np.float32)
_OP_CASES = {
    "unary": lambda x: tf.exp(x) + tf.abs(x) * tf.sigmoid(x) - tf.nn.softplus(x) + tf.nn.elu(x) + tf.nn.relu6(x),
    "sqrt_log": lambda x: tf.sqrt(tf.square(x) + 1.0) + tf.log1p(tf.abs(x)) + tf.math.rsqrt(tf.abs(x) + 1.0),
    "binary": lambda x: tf.maximum(x, 0.5) * tf.minimum(x, 1.0) / (tf.pow(x, 2.0) + 1.0),
    "squared_difference": lambda x: tf.squared_difference(x, x * 0.5),
    "int_division": lambda x: tf.cast(tf.cast(x * 4.0, tf.int32) // 3, tf.float32)
    + tf.cast(tf.truncatediv(tf.cast(x * 4.0, tf.int32), 3), tf.float32),
    "floordiv_float": lambda x: tf.floordiv(x, 0.75),
    "reductions": lambda x: tf.reduce_sum(x, 1) + tf.reduce_max(x, 1) - tf.reduce_min(x, 1, keepdims=False)
    + tf.reduce_mean(x, [0, 1]) + tf.reduce_prod(x, 1),
    "keepdims": lambda x: x - tf.reduce_mean(x, axis=1, keepdims=True),
    "argmax_equal": lambda x: tf.cast(tf.equal(tf.argmax(x, 1), tf.argmin(-x, 1)), tf.float32),
    "comparisons": lambda x: tf.where(tf.logical_and(x > 0.0, x <= 2.0), x, -x),
    "softmaxes": lambda x: tf.nn.softmax(x) + tf.nn.log_softmax(x, axis=0),
    "sparse_xent": lambda x: tf.nn.sparse_softmax_cross_entropy_with_logits(labels=tf.constant([0, 3, 1]),
                                                                            logits=x),
    "sigmoid_xent": lambda x: tf.nn.sigmoid_cross_entropy_with_logits(labels=tf.ones_like(x) * 0.25, logits=x),
    "l2_loss": lambda x: tf.nn.l2_loss(x) + tf.add_n([x, x, x]),
    "shape_ops": lambda x: tf.transpose(tf.reshape(tf.tile(tf.expand_dims(x, 0), [2, 1, 1]), [2, 4, 3])),
    "squeeze": lambda x: tf.squeeze(tf.expand_dims(x, 2), [2]) + tf.squeeze(x[:, :1])[:, tf.newaxis],
    "concat_stack": lambda x: tf.concat([x, tf.stack([x[:, 0], x[:, 1]], axis=1)], axis=1),
    "split": lambda x: tf.add(*tf.split(x, 2, axis=1)) * tf.split(x, [1, 3], axis=1)[1][:, :2],
    "slicing": lambda x: x[1:, ::2] + x[:-1, 1::2] + x[..., 0:1][1:],
    "gather": lambda x: tf.gather(x, [2, 0]) + tf.gather(x, [1, 1, 0, 3], axis=1)[:2],
    "big_constant": lambda x: tf.matmul(x, tf.constant(np.arange(80, dtype=np.float32).reshape(4, 20) / 80.0)),
    "zeros_ones_fill": lambda x: tf.zeros_like(x) + tf.ones_like(x) * tf.fill([3, 4], 2.0),
    "stop_gradient": lambda x: tf.stop_gradient(x) * x,
    "batch_matmul": lambda x: tf.matmul(tf.reshape(x, [3, 2, 2]), tf.reshape(x, [3, 2, 2]), adjoint_b=True),
    "matmul_transposed": lambda x: tf.matmul(x, x, transpose_b=True) + tf.matmul(x, x, transpose_a=True)[:3, :3],
}


def test_op_coverage_forward_and_gradients(tmp_path):
    """Every case as one fetch of one exported module (run in this process): values and gradients w.r.t. x."""
    import importlib.util
    import torch
    graph = tf.Graph()
    with graph.as_default():
        x = tf.placeholder(tf.float32, [3, 4], name="x")
        outs = [tf.identity(build(x), name=name) for name, build in _OP_CASES.items()]
        grads = [tf.gradients(tf.reduce_sum(o), x)[0] for o in outs]
        with tf.Session() as sess:
            result = to_torch(outs, [x], session=sess, output=tmp_path / "ops.py")
            expected = sess.run(outs, {x: _X})
            expected_grads = sess.run([g if g is not None else tf.zeros_like(x) for g in grads], {x: _X})
    spec = importlib.util.spec_from_file_location("exported_ops", result.module_path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    model = mod.load_model()
    for i, name in enumerate(_OP_CASES):
        xt = torch.tensor(_X, requires_grad=True)
        got = model(xt)[i]
        np.testing.assert_allclose(got.detach().numpy(), expected[i], rtol=1e-6, atol=1e-6, err_msg=name)
        if got.requires_grad:
            (g,) = torch.autograd.grad(got.sum(), xt, allow_unused=True)
            g = np.zeros_like(_X) if g is None else g.numpy()
        else:
            g = np.zeros_like(_X)
        np.testing.assert_allclose(g, expected_grads[i], rtol=1e-5, atol=1e-6, err_msg=name)
    assert "self.Const" in result.source or "register_buffer('" in result.source  # the big constant


# -- errors ----------------------------------------------------------------------------------------------------
def test_unsupported_ops_are_all_listed(tmp_path):
    graph = tf.Graph()
    with graph.as_default():
        x = tf.placeholder(tf.float32, [None, 3], name="x")
        y = tf.cumsum(tf.math.lgamma(x), axis=1, name="total")
        with tf.Session() as sess:
            with pytest.raises(UnsupportedOpError) as info:
                to_torch(y, [x], session=sess, output=tmp_path / "bad.py")
    message = str(info.value)
    assert "Lgamma (op 'Lgamma')" in message and "Cumsum (op 'total')" in message
    assert not (tmp_path / "bad.py").exists()


def test_unfed_placeholder_is_an_error(tmp_path):
    graph = tf.Graph()
    with graph.as_default():
        x = tf.placeholder(tf.float32, [None, 3], name="x")
        z = tf.placeholder(tf.float32, [None, 3], name="z")
        with tf.Session() as sess:
            with pytest.raises(UnsupportedOpError, match="op 'z'"):
                to_torch(x + z, [x], session=sess, output=tmp_path / "bad.py")


def test_tf1_export_needs_a_session(tmp_path):
    graph = tf.Graph()
    with graph.as_default():
        x = tf.placeholder(tf.float32, [None, 3], name="x")
        with pytest.raises(ValueError, match="session"):
            to_torch(x * 2.0, [x], output=tmp_path / "bad.py")
