"""Workloads shaped like real legacy training scripts (issue 16, item 6): one full training step each.

- ``cnn``: an NHWC conv net (conv2d SAME + max_pool, twice, + dense), batch 64 of 28x28x1, Adam;
- ``lstm``: an LSTM over 28 steps of 28 features (TF1: ``dynamic_rnn``), ``clip_by_global_norm(5)``, Adam;
- ``gan``: a GAN step, discriminator and generator each with its own Adam, both in one ``Session.run``;
- ``rmsprop_ae``: a 784-256-128-256-784 sigmoid autoencoder with RMSProp;
- ``grow``: the MLP + Adam Session step while one new op is built per step (graph extension);
- ``keras_cnn``: a Keras CNN's ``train_on_batch`` and its tape step under ``tf.function`` (issue 13's target).

Each returns the loss computed before its update, so the first call agrees across implementations (the
optimizers' later numerics differ between TF1, Keras and ``torch.optim`` and are not what is timed here).
Session rows use ``tf.compat.v1`` optimizers' ``minimize``; eager and ``tf.function`` rows a ``GradientTape`` and
``tf.keras.optimizers``; torch rows the idiomatic torch equivalent (NCHW convolutions, ``torch.nn.LSTM``,
``torch.optim``) with the same initial weights.
"""
from __future__ import annotations

from typing import Any

import numpy as np

from benchmarks.workloads import (COMPILED_IMPL, Env, NotApplicable, Step, Workload, _rng, _session, _tf_module,
                                  _v1_module, compiled_step, mlp_adam_session)

__all__ = ["SCRIPT_WORKLOADS"]


def _glorot(r, shape, fan_in, fan_out):
    return (r.standard_normal(shape) * np.sqrt(2.0 / (fan_in + fan_out))).astype(np.float32)


def _train_step(env: Env, impl: str, data: dict, params: dict, loss_fn, make_opts, torch_step):
    """The three TF-API variants of one training step on ``loss_fn(tf, data, vars) -> (loss, [groups])``.

    ``loss_fn`` returns the loss to report and one ``(loss, var_names)`` group per optimizer;
    ``make_opts(tf, v1_or_keras, n)`` builds ``n`` optimizers (TF1 when the second argument is ``tf.compat.v1``'s
    ``train`` module, Keras otherwise)."""
    if impl == "torch":
        return torch_step()
    tf = _tf_module(env, impl)
    if impl.endswith("session"):
        v1 = _v1_module(env, impl)
        g = v1.Graph()
        with g.as_default():
            ph = {k: v1.placeholder(tf.as_dtype(v.dtype), v.shape, name=k) for k, v in data.items()}
            vs = {k: v1.Variable(v, name=k) for k, v in params.items()}
            report, groups = loss_fn(tf, ph, vs)
            opts = make_opts(tf, v1.train, len(groups))
            trains = [opt.minimize(loss, var_list=[vs[n] for n in names])
                      for opt, (loss, names) in zip(opts, groups)]
            init = v1.global_variables_initializer()
        sess = _session(env, impl, g)
        sess.run(init)
        feed = {ph[k]: v for k, v in data.items()}
        return lambda: sess.run([trains, report], feed_dict=feed)[1]
    keras = getattr(tf, "keras", None)
    if keras is None:
        raise NotApplicable("tf.keras missing")
    d = {k: tf.constant(v) for k, v in data.items()}
    vs = {k: tf.Variable(v, name=k) for k, v in params.items()}
    opts = make_opts(tf, keras.optimizers, None)

    def step():
        with tf.GradientTape(persistent=True) as tape:
            report, groups = loss_fn(tf, d, vs)
        for opt, (loss, names) in zip(opts, groups):
            vlist = [vs[n] for n in names]
            opt.apply_gradients(zip(tape.gradient(loss, vlist), vlist))
        del tape
        return report
    if impl == COMPILED_IMPL:
        return compiled_step(env, step, f"training step ({loss_fn.__name__.strip('_')})")
    return tf.function(step) if impl.endswith("function") else step


def _adam(count: int | None = 1):
    def make(tf, ns, n):
        n = n or count
        if hasattr(ns, "AdamOptimizer"):
            return [ns.AdamOptimizer(1e-3) for _ in range(n)]
        return [ns.Adam(learning_rate=1e-3) for _ in range(n)]
    return make


# -- 10. NHWC CNN step -------------------------------------------------------------------------------------------

def _cnn_arrays():
    r = _rng(10)
    data = {"x": r.random((64, 28, 28, 1), dtype=np.float32), "y": r.integers(0, 10, 64).astype(np.int32)}
    params = {"W1": _glorot(r, (5, 5, 1, 32), 25, 800), "b1": np.zeros(32, np.float32),
              "W2": _glorot(r, (5, 5, 32, 64), 800, 1600), "b2": np.zeros(64, np.float32),
              "W3": _glorot(r, (7 * 7 * 64, 128), 3136, 128), "b3": np.zeros(128, np.float32),
              "W4": _glorot(r, (128, 10), 128, 10), "b4": np.zeros(10, np.float32)}
    return data, params


def _cnn_loss(tf, d, p):
    h = tf.nn.relu(tf.nn.conv2d(d["x"], p["W1"], strides=[1, 1, 1, 1], padding="SAME") + p["b1"])
    h = tf.nn.max_pool2d(h, 2, 2, "SAME")
    h = tf.nn.relu(tf.nn.conv2d(h, p["W2"], strides=[1, 1, 1, 1], padding="SAME") + p["b2"])
    h = tf.nn.max_pool2d(h, 2, 2, "SAME")
    h = tf.nn.relu(tf.matmul(tf.reshape(h, [-1, 7 * 7 * 64]), p["W3"]) + p["b3"])
    logits = tf.matmul(h, p["W4"]) + p["b4"]
    loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=d["y"], logits=logits))
    return loss, [(loss, list(p))]


def _cnn_torch(env: Env, data, params) -> Step:
    torch, dev = env.torch, env.torch_device
    F = torch.nn.functional
    x = torch.from_numpy(data["x"].transpose(0, 3, 1, 2).copy()).to(dev)  # NCHW, converted once as a torch user would
    y = torch.from_numpy(data["y"].astype(np.int64)).to(dev)
    # TF flattens NHWC (h, w, c); torch's NCHW flattens (c, h, w): reorder W3's rows once so the math is equal.
    w3 = params["W3"].reshape(7, 7, 64, 128).transpose(2, 0, 1, 3).reshape(3136, 128)
    p = {"W1": params["W1"].transpose(3, 2, 0, 1), "W2": params["W2"].transpose(3, 2, 0, 1), "W3": w3,
         **{k: params[k] for k in ("b1", "b2", "b3", "W4", "b4")}}
    p = {k: torch.from_numpy(np.ascontiguousarray(v)).to(dev).requires_grad_() for k, v in p.items()}
    opt = torch.optim.Adam(list(p.values()), lr=1e-3)

    def step():
        opt.zero_grad(set_to_none=True)
        h = F.max_pool2d(torch.relu(F.conv2d(x, p["W1"], p["b1"], padding=2)), 2)
        h = F.max_pool2d(torch.relu(F.conv2d(h, p["W2"], p["b2"], padding=2)), 2)
        h = torch.relu(h.flatten(1) @ p["W3"] + p["b3"])
        loss = F.cross_entropy(h @ p["W4"] + p["b4"], y)
        loss.backward()
        opt.step()
        return loss.detach()
    return step


def build_cnn(env: Env, impl: str) -> Step:
    data, params = _cnn_arrays()
    return _train_step(env, impl, data, params, _cnn_loss, _adam(), lambda: _cnn_torch(env, data, params))


# -- 11. LSTM step with gradient clipping --------------------------------------------------------------------------

LSTM_T, LSTM_IN, LSTM_H = 28, 28, 128


def _lstm_arrays():
    r = _rng(11)
    data = {"x": r.standard_normal((32, LSTM_T, LSTM_IN)).astype(np.float32),
            "y": r.integers(0, 10, 32).astype(np.int32)}
    # TF1 LSTMCell layout: kernel [in + h, 4h], gates (i, j, f, o), forget_bias 1.0 added inside the cell.
    params = {"kernel": _glorot(r, (LSTM_IN + LSTM_H, 4 * LSTM_H), LSTM_IN + LSTM_H, 4 * LSTM_H),
              "Wo": _glorot(r, (LSTM_H, 10), LSTM_H, 10), "bo": np.zeros(10, np.float32)}
    return data, params


def _ifjo_to_ifjo_keras(m):
    """TF1 (i, j, f, o) gate blocks along the last axis → Keras/torch (i, f, j, o)."""
    i, j, f, o = np.split(m, 4, axis=-1)
    return np.concatenate([i, f, j, o], axis=-1)


def _lstm_keras_weights(kernel):
    k = _ifjo_to_ifjo_keras(kernel)
    bias = np.zeros(4 * LSTM_H, np.float32)
    bias[LSTM_H:2 * LSTM_H] = 1.0  # TF1's forget_bias=1.0 as a bias
    return k[:LSTM_IN], k[LSTM_IN:], bias


def _lstm_head(tf, last, d, p):
    logits = tf.matmul(last, p["Wo"]) + p["bo"]
    return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=d["y"], logits=logits))


def _clipped_adam_session(env, impl, data, params):
    tf, v1 = _tf_module(env, impl), _v1_module(env, impl)
    g = v1.Graph()
    with g.as_default():
        x = v1.placeholder(tf.float32, data["x"].shape, name="x")
        y = v1.placeholder(tf.int32, data["y"].shape, name="y")
        cell = v1.nn.rnn_cell.LSTMCell(LSTM_H, initializer=v1.constant_initializer(params["kernel"]))
        outputs, _ = v1.nn.dynamic_rnn(cell, x, dtype=tf.float32)
        p = {k: v1.Variable(params[k], name=k) for k in ("Wo", "bo")}
        loss = _lstm_head(tf, outputs[:, -1], {"y": y}, p)
        opt = v1.train.AdamOptimizer(1e-3)
        grads, tvars = zip(*opt.compute_gradients(loss))
        clipped, _ = tf.clip_by_global_norm(grads, 5.0)
        train = opt.apply_gradients(zip(clipped, tvars))
        init = v1.global_variables_initializer()
    sess = _session(env, impl, g)
    sess.run(init)
    feed = {x: data["x"], y: data["y"]}
    return lambda: sess.run([train, loss], feed_dict=feed)[1]


def build_lstm(env: Env, impl: str) -> Step:
    data, params = _lstm_arrays()
    k_in, k_rec, bias = _lstm_keras_weights(params["kernel"])
    if impl == "torch":
        torch, dev = env.torch, env.torch_device
        lstm = torch.nn.LSTM(LSTM_IN, LSTM_H, batch_first=True).to(dev)
        with torch.no_grad():
            lstm.weight_ih_l0.copy_(torch.from_numpy(k_in.T.copy()))
            lstm.weight_hh_l0.copy_(torch.from_numpy(k_rec.T.copy()))
            lstm.bias_ih_l0.copy_(torch.from_numpy(bias))
            lstm.bias_hh_l0.zero_()
        wo = torch.from_numpy(params["Wo"]).to(dev).requires_grad_()
        bo = torch.from_numpy(params["bo"]).to(dev).requires_grad_()
        plist = list(lstm.parameters()) + [wo, bo]
        opt = torch.optim.Adam(plist, lr=1e-3)
        x = torch.from_numpy(data["x"]).to(dev)
        y = torch.from_numpy(data["y"].astype(np.int64)).to(dev)

        def torch_step():
            opt.zero_grad(set_to_none=True)
            out, _ = lstm(x)
            loss = torch.nn.functional.cross_entropy(out[:, -1] @ wo + bo, y)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(plist, 5.0)
            opt.step()
            return loss.detach()
        return torch_step
    if impl.endswith("session"):
        return _clipped_adam_session(env, impl, data, params)
    tf = _tf_module(env, impl)
    keras = getattr(tf, "keras", None)
    if keras is None:
        raise NotApplicable("tf.keras missing")
    layer = keras.layers.LSTM(LSTM_H)
    layer.build((None, LSTM_T, LSTM_IN))
    layer.set_weights([k_in, k_rec, bias])
    p = {k: tf.Variable(params[k], name=k) for k in ("Wo", "bo")}
    d = {k: tf.constant(v) for k, v in data.items()}
    vlist = layer.trainable_variables + [p["Wo"], p["bo"]]
    opt = keras.optimizers.Adam(learning_rate=1e-3)

    def step():
        with tf.GradientTape() as tape:
            loss = _lstm_head(tf, layer(d["x"]), d, p)
        grads, _ = tf.clip_by_global_norm(tape.gradient(loss, vlist), 5.0)
        opt.apply_gradients(zip(grads, vlist))
        return loss
    return tf.function(step) if impl.endswith("function") else step


# -- 12. GAN step: two optimizers in one run -------------------------------------------------------------------

def _gan_arrays():
    r = _rng(12)
    data = {"real": r.random((64, 784), dtype=np.float32), "z": r.standard_normal((64, 100)).astype(np.float32)}
    params = {"G1": _glorot(r, (100, 128), 100, 128), "g1": np.zeros(128, np.float32),
              "G2": _glorot(r, (128, 784), 128, 784), "g2": np.zeros(784, np.float32),
              "D1": _glorot(r, (784, 128), 784, 128), "d1": np.zeros(128, np.float32),
              "D2": _glorot(r, (128, 1), 128, 1), "d2": np.zeros(1, np.float32)}
    return data, params


def _gan_loss(tf, d, p):
    def disc(x):
        return tf.matmul(tf.nn.relu(tf.matmul(x, p["D1"]) + p["d1"]), p["D2"]) + p["d2"]
    fake = tf.sigmoid(tf.matmul(tf.nn.relu(tf.matmul(d["z"], p["G1"]) + p["g1"]), p["G2"]) + p["g2"])
    real_logits, fake_logits = disc(d["real"]), disc(fake)
    xent = tf.nn.sigmoid_cross_entropy_with_logits
    d_loss = tf.reduce_mean(xent(labels=tf.ones_like(real_logits), logits=real_logits)) + \
        tf.reduce_mean(xent(labels=tf.zeros_like(fake_logits), logits=fake_logits))
    g_loss = tf.reduce_mean(xent(labels=tf.ones_like(fake_logits), logits=fake_logits))
    # Only d_loss is reported: in a TF1 Session, the discriminator's update may run before the generator
    # branch reads the discriminator's variables, so g_loss of the first run is not fixed by the graph.
    return d_loss, [(d_loss, ["D1", "d1", "D2", "d2"]), (g_loss, ["G1", "g1", "G2", "g2"])]


def _gan_torch(env: Env, data, params) -> Step:
    torch, dev = env.torch, env.torch_device
    F = torch.nn.functional
    p = {k: torch.from_numpy(v.copy()).to(dev).requires_grad_() for k, v in params.items()}
    real, z = (torch.from_numpy(data[k]).to(dev) for k in ("real", "z"))
    d_params, g_params = [p[k] for k in ("D1", "d1", "D2", "d2")], [p[k] for k in ("G1", "g1", "G2", "g2")]
    d_opt, g_opt = torch.optim.Adam(d_params, lr=1e-3), torch.optim.Adam(g_params, lr=1e-3)

    def disc(x):
        return torch.relu(x @ p["D1"] + p["d1"]) @ p["D2"] + p["d2"]

    def step():
        fake = torch.sigmoid(torch.relu(z @ p["G1"] + p["g1"]) @ p["G2"] + p["g2"])
        rl, fl = disc(real), disc(fake)
        d_loss = F.binary_cross_entropy_with_logits(rl, torch.ones_like(rl)) + \
            F.binary_cross_entropy_with_logits(fl, torch.zeros_like(fl))
        g_loss = F.binary_cross_entropy_with_logits(fl, torch.ones_like(fl))
        d_grads = torch.autograd.grad(d_loss, d_params, retain_graph=True)
        g_grads = torch.autograd.grad(g_loss, g_params)
        for params_, grads in ((d_params, d_grads), (g_params, g_grads)):
            for v, gr in zip(params_, grads):
                v.grad = gr
        d_opt.step()
        g_opt.step()
        return d_loss.detach()
    return step


def build_gan(env: Env, impl: str) -> Step:
    data, params = _gan_arrays()
    return _train_step(env, impl, data, params, _gan_loss, _adam(2), lambda: _gan_torch(env, data, params))


# -- 13. RMSProp autoencoder step --------------------------------------------------------------------------------

AE_SIZES = (784, 256, 128, 256, 784)


def _ae_arrays():
    r = _rng(13)
    params: dict[str, Any] = {}
    for i, (a, b) in enumerate(zip(AE_SIZES[:-1], AE_SIZES[1:]), 1):
        params[f"W{i}"], params[f"b{i}"] = _glorot(r, (a, b), a, b), np.zeros(b, np.float32)
    return {"x": r.random((128, 784), dtype=np.float32)}, params


def _ae_loss(tf, d, p):
    h = d["x"]
    for i in range(1, len(AE_SIZES)):
        h = tf.sigmoid(tf.matmul(h, p[f"W{i}"]) + p[f"b{i}"])
    loss = tf.reduce_mean(tf.square(h - d["x"]))
    return loss, [(loss, list(p))]


def _rmsprop(tf, ns, n):
    if hasattr(ns, "RMSPropOptimizer"):
        return [ns.RMSPropOptimizer(0.01)]
    return [ns.RMSprop(learning_rate=0.01)]


def _ae_torch(env: Env, data, params) -> Step:
    torch, dev = env.torch, env.torch_device
    p = {k: torch.from_numpy(v.copy()).to(dev).requires_grad_() for k, v in params.items()}
    x = torch.from_numpy(data["x"]).to(dev)
    opt = torch.optim.RMSprop(list(p.values()), lr=0.01, alpha=0.9)

    def step():
        opt.zero_grad(set_to_none=True)
        h = x
        for i in range(1, len(AE_SIZES)):
            h = torch.sigmoid(h @ p[f"W{i}"] + p[f"b{i}"])
        loss = ((h - x) ** 2).mean()
        loss.backward()
        opt.step()
        return loss.detach()
    return step


def build_rmsprop_ae(env: Env, impl: str) -> Step:
    data, params = _ae_arrays()
    return _train_step(env, impl, data, params, _ae_loss, _rmsprop, lambda: _ae_torch(env, data, params))



# -- 14. a graph that grows every step ---------------------------------------------------------------------------

def build_growing_graph(env: Env, impl: str) -> Step:
    """The MLP + Adam Session step of workload 7 while the script also builds one new op per step (a legacy habit:
    ``tf.assign``/``tf.constant``/summaries created inside the training loop). Session-only. tfcompat keeps the
    step's compiled plan (a new op cannot change what the fetches reach); real TF extends its session graph."""
    if not impl.endswith("session"):
        raise NotApplicable("Session-only workload (graph growth)")
    tf = _tf_module(env, impl)
    g, sess, fetches, feed = mlp_adam_session(env, impl)

    def step():
        with g.as_default():
            tf.constant(1.0)
        return sess.run(fetches, feed_dict=feed)[1]
    return step


# -- 15. Keras CNN: train_on_batch and a tape loop ----------------------------------------------------------------

def _keras_cnn_weights():
    r = _rng(15)
    return [_glorot(r, (3, 3, 1, 32), 9, 288), np.zeros(32, np.float32),
            _glorot(r, (3, 3, 32, 64), 288, 576), np.zeros(64, np.float32),
            _glorot(r, (5 * 5 * 64, 10), 1600, 10), np.zeros(10, np.float32)]


def build_keras_cnn(env: Env, impl: str) -> Step:
    """Keras ``Sequential`` Conv2D(32, 3, relu)-MaxPool-Conv2D(64, 3, relu)-MaxPool-Flatten-Dense(10), batch 64 of
    28x28x1, sparse categorical cross-entropy from logits, Adam(1e-3). The *eager* column is
    ``model.train_on_batch`` (Keras runs it as a ``tf.function`` itself); the *function* column is a
    ``GradientTape`` step under ``tf.function``. torch: the same network as an ``nn.Sequential`` (NCHW)."""
    r = _rng(16)
    x = r.random((64, 28, 28, 1), dtype=np.float32)
    y = r.integers(0, 10, 64).astype(np.int32)
    weights = _keras_cnn_weights()
    if impl == "torch":
        torch, dev = env.torch, env.torch_device
        nn = torch.nn
        model = nn.Sequential(nn.Conv2d(1, 32, 3), nn.ReLU(), nn.MaxPool2d(2), nn.Conv2d(32, 64, 3), nn.ReLU(),
                              nn.MaxPool2d(2), nn.Flatten(), nn.Linear(1600, 10)).to(dev)
        dense = weights[4].reshape(5, 5, 64, 10).transpose(2, 0, 1, 3).reshape(1600, 10)  # NHWC -> NCHW flatten
        with torch.no_grad():
            for layer, (k, b) in zip((model[0], model[3]), ((weights[0], weights[1]), (weights[2], weights[3]))):
                layer.weight.copy_(torch.from_numpy(k.transpose(3, 2, 0, 1).copy()))
                layer.bias.copy_(torch.from_numpy(b))
            model[7].weight.copy_(torch.from_numpy(dense.T.copy()))
            model[7].bias.copy_(torch.from_numpy(weights[5]))
        opt = torch.optim.Adam(model.parameters(), lr=1e-3)
        xt = torch.from_numpy(x.transpose(0, 3, 1, 2).copy()).to(dev)
        yt = torch.from_numpy(y.astype(np.int64)).to(dev)

        def torch_step():
            opt.zero_grad(set_to_none=True)
            loss = torch.nn.functional.cross_entropy(model(xt), yt)
            loss.backward()
            opt.step()
            return loss.detach()
        return torch_step
    if impl.endswith("session"):
        raise NotApplicable("Keras workload: train_on_batch (eager column) and a tape step (function column)")
    tf = _tf_module(env, impl)
    keras = getattr(tf, "keras", None)
    if keras is None or not hasattr(keras, "Sequential"):
        raise NotApplicable("tf.keras missing")
    L = keras.layers
    model = keras.Sequential([L.Conv2D(32, 3, activation="relu", input_shape=(28, 28, 1)), L.MaxPooling2D(),
                              L.Conv2D(64, 3, activation="relu"), L.MaxPooling2D(), L.Flatten(), L.Dense(10)])
    model.set_weights(weights)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)
    opt = keras.optimizers.Adam(learning_rate=1e-3)
    if impl.endswith("eager"):
        model.compile(optimizer=opt, loss=loss_fn)
        return lambda: model.train_on_batch(x, y)
    xt, yt = tf.constant(x), tf.constant(y)

    @tf.function
    def step():
        with tf.GradientTape() as tape:
            loss = loss_fn(yt, model(xt, training=True))
        opt.apply_gradients(zip(tape.gradient(loss, model.trainable_variables), model.trainable_variables))
        return loss
    return step


SCRIPT_WORKLOADS: tuple[Workload, ...] = (
    Workload("cnn", "10. NHWC CNN step + Adam, batch 64 28x28x1", "conv-net training step", build_cnn, compiled=True),
    Workload("lstm", "11. LSTM step (dynamic_rnn) + clip + Adam", "recurrent training step", build_lstm),
    Workload("gan", "12. GAN step, two Adams in one run", "two optimizers per step", build_gan, compiled=True),
    Workload("rmsprop_ae", "13. RMSProp autoencoder step", "sigmoid autoencoder training step", build_rmsprop_ae,
             compiled=True),
    Workload("grow", "14. MLP + Adam Session step, one new op built per step", "graph extension per step",
             build_growing_graph),
    Workload("keras_cnn", "15. Keras CNN: train_on_batch (eager col.) / tape step (function col.)",
             "a Keras model's training step", build_keras_cnn),
)
